"""MIX search: the pruned alpha-beta (killer moves, leaf and threat caches) against plain
minimax over the same value table, on random positions and tables with many ties."""

import json
import random

import pytest

from mix.board import Board, X
from mix.features import get_features
from mix.search import search_values


def minimax(b: Board, depth: int, values, feats, draw: float) -> float:
    """Plain minimax, no pruning: the mover's value (a win is +1, leaves are table values)."""
    sign = 1.0 if b.turn == X else -1.0
    if b.is_over():
        return sign * draw
    if depth == 0:
        return sign * values[feats.board_index(b)]
    best = -2.0
    for c in b.legal_moves():
        v = 1.0 if b.play(c) else -minimax(b, depth - 1, values, feats, draw)
        b.undo(c)
        best = max(best, v)
    return best


def root_values(b: Board, depth: int, values, feats, draw: float) -> dict[int, float]:
    out = {}
    for c in b.legal_moves():
        out[c] = 1.0 if b.play(c) else -minimax(b, depth - 1, values, feats, draw)
        b.undo(c)
    return out


@pytest.mark.parametrize("features,rows,cols,depth,cases", [
    ("bits-strict", 5, 6, 1, 30), ("bits-strict", 5, 6, 2, 30), ("bits-strict", 6, 5, 3, 20),
    ("bits-loose", 4, 5, 4, 12), ("counts", 5, 5, 3, 15), ("bits-strict", 4, 4, 4, 12)])
def test_search_values_agree_with_plain_minimax(features, rows, cols, depth, cases):
    feats = get_features(features)
    rng = random.Random(depth * 100 + rows * 10 + cols)
    checked = 0
    while checked < cases:
        # coarse values (many ties, as in a learned table) and a random draw value
        values = [rng.choice((-0.5, -0.25, 0.0, 0.25, 0.5)) for _ in range(feats.n_states)]
        draw = rng.choice((0.0, 0.3))
        b = Board(rows, cols)
        for _ in range(rng.randint(0, rows * cols - 3)):
            b.play(rng.choice(b.legal_moves()))
            if b.is_over():
                break
        if b.is_over():
            continue
        want = root_values(b, depth, values, feats, draw)
        top = max(want.values())
        got = search_values(b, depth, values, feats, draw)
        wins = [c for c in b.legal_moves() if b.copy().play(c)]
        if wins:  # an immediate win is taken at once
            assert list(got) in [[c] for c in wins] and list(got.values()) == [1.0]
        else:
            assert set(got) == {c for c, v in want.items() if v == top}
            assert all(abs(v - top) < 1e-12 for v in got.values())
        checked += 1


def test_wilson_interval_known_values():
    from mix.ladder import wilson
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and abs(hi - 0.2775) < 1e-3
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    with pytest.raises(ValueError, match="k <= n"):
        wilson(11, 10)


def test_ladder_sums_its_seeded_chunks_whatever_the_workers():
    from mix.ladder import ladder
    from mix.match import match
    from studykit.sweep import trial_seeds
    pairs = {"random/onestep": ("random", "onestep"), "r/r": ("random", "random")}
    one = ladder(pairs, games=12, seed=5, chunks=3, n_jobs=1, rows=5, cols=6)
    two = ladder(pairs, games=12, seed=5, chunks=3, n_jobs=2, rows=5, cols=6)
    assert one.equals(two)
    assert one.equals(ladder(pairs, games=12, seed=5, chunks=3, rows=5, cols=6, save_every=1))
    parts = [match("random", "onestep", 4, s, rows=5, cols=6) for s in trial_seeds(5, 3)]
    assert one.loc["random/onestep", "win_as_X"] == sum(p.x_wins for p in parts) / 12
    parts = [match("onestep", "random", 4, s, rows=5, cols=6) for s in trial_seeds(5, 3)]
    assert one.loc["random/onestep", "win_as_O"] == sum(p.o_wins for p in parts) / 12
    assert (one.games_X == 12).all() and (one.lo_X <= one.win_as_X).all()
    with pytest.raises(ValueError, match="multiple"):
        ladder(pairs, games=10, chunks=3)
    with pytest.raises(ValueError, match="save_every"):
        ladder(pairs, games=12, chunks=3, save_every=0)


def test_ladder_cache_reuses_and_keys_on_settings(tmp_path, monkeypatch):
    import mix.ladder as lad
    from mix import SearchAgent, heuristic_values
    cache = tmp_path / "ladder.json"
    pairs = {"a": ("random", "onestep"), "b": (SearchAgent(heuristic_values(), depth=1), "random")}
    first = lad.ladder(pairs, games=4, seed=1, chunks=2, rows=5, cols=6, cache=cache)
    def no_play(*args, **kw):
        raise RuntimeError("played")

    monkeypatch.setattr(lad, "run_sweep", no_play)
    again = lad.ladder(pairs, games=4, seed=1, chunks=2, rows=5, cols=6, cache=cache)
    assert again.equals(first)                                  # all read from the cache
    with pytest.raises(RuntimeError, match="played"):          # a new seed must be played
        lad.ladder(pairs, games=4, seed=2, chunks=2, rows=5, cols=6, cache=cache)
    other = SearchAgent([v / 2 for v in heuristic_values()], depth=1)
    assert lad.agent_key(other) != lad.agent_key(pairs["b"][0])
    assert lad.pairing_key("random", "onestep", 4, 2, 1, 5, 6) in json.loads(cache.read_text())


def test_ladder_cache_keeps_batches_played_before_an_interruption(tmp_path, monkeypatch):
    import mix.ladder as lad
    cache = tmp_path / "ladder.json"
    pairs = {"a": ("random", "onestep"), "b": ("onestep", "random"), "c": ("random", "random")}
    real, calls = lad.run_sweep, []

    def dies_on_second_batch(*args, **kw):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(lad, "run_sweep", dies_on_second_batch)
    with pytest.raises(KeyboardInterrupt):
        lad.ladder(pairs, games=4, seed=1, chunks=2, rows=5, cols=6, cache=cache, save_every=1)
    kept = json.loads(cache.read_text())
    assert lad.pairing_key("random", "onestep", 4, 2, 1, 5, 6) in kept and len(kept) == 1
    monkeypatch.setattr(lad, "run_sweep", real)
    resumed = lad.ladder(pairs, games=4, seed=1, chunks=2, rows=5, cols=6, cache=cache)
    assert resumed.equals(lad.ladder(pairs, games=4, seed=1, chunks=2, rows=5, cols=6))


@pytest.mark.parametrize("content", [b"\xff\xfe", b'{"a": ', b"[1, 2]"])
def test_a_corrupt_ladder_cache_is_reported_and_played_again(tmp_path, content):
    import mix.ladder as lad
    cache = tmp_path / "ladder.json"
    cache.write_bytes(content)
    pairs = {"a": ("random", "onestep")}
    with pytest.warns(UserWarning, match="ladder.json"):
        got = lad.ladder(pairs, games=2, seed=1, chunks=1, rows=5, cols=6, cache=cache)
    assert got.equals(lad.ladder(pairs, games=2, seed=1, chunks=1, rows=5, cols=6))
    assert lad.pairing_key("random", "onestep", 2, 1, 1, 5, 6) in json.loads(cache.read_text())
    assert not list(tmp_path.glob(".*.tmp"))
