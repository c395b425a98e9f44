"""MIX search: the pruned alpha-beta (killer moves, leaf and threat caches) against plain
minimax over the same value table, on random positions and tables with many ties."""

import importlib
import itertools
import json
import random
from pathlib import Path

import pytest

from mix.board import Board, X
from mix.features import get_features
from mix.plain.alphabeta import search_values


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
    from mix.play.ladder import wilson
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and abs(hi - 0.2775) < 1e-3
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    with pytest.raises(ValueError, match="<= n"):
        wilson(11, 10)


def test_ladder_sums_its_seeded_chunks_whatever_the_workers():
    from mix.play.ladder import ladder
    from mix.play.match import match
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
    lad = importlib.import_module("mix.play.ladder")  # the module: `mix.ladder` is the function
    from mix import SearchAgent, heuristic_values
    cache = tmp_path / "ladder"
    pairs = {"a": ("random", "onestep"), "b": (SearchAgent(heuristic_values(), depth=1), "random")}
    first = lad.ladder(pairs, games=4, seed=1, chunks=2, rows=5, cols=6, cache=cache)
    def no_play(*args, **kw):
        raise RuntimeError("played")

    monkeypatch.setattr(lad, "run_sweep", no_play)
    again = lad.ladder(pairs, games=4, seed=1, chunks=2, rows=5, cols=6, cache=cache)
    assert again.equals(first)                                  # all read from the cache
    with pytest.raises(RuntimeError, match="played"):          # a new seed must be played
        lad.ladder(pairs, games=4, seed=2, chunks=2, rows=5, cols=6, cache=cache)
    with pytest.raises(RuntimeError, match="played"):          # and so must new code
        monkeypatch.setattr(lad, "fingerprint", lambda: "another-version")
        lad.ladder(pairs, games=4, seed=1, chunks=2, rows=5, cols=6, cache=cache)
    other = SearchAgent([v / 2 for v in heuristic_values()], depth=1)
    assert lad.agent_key(other) != lad.agent_key(pairs["b"][0])
    assert len(list(cache.glob("pairing-*.json"))) == 2


def test_the_ladder_fingerprint_covers_the_code_that_plays_and_the_values_files():
    import mix
    lad = importlib.import_module("mix.play.ladder")  # the module: `mix.ladder` is the function
    from studykit.cache import code_fingerprint
    from studykit.codehash import import_closure
    modules, _ = import_closure(lad.seat_trial)
    assert {"mix.fast.evalsearch", "mix.selftaught.threatfeatures", "mix.selftaught.agent",
            "mix.fast.alphabeta", "mix.play.match", "studykit.sweep"} <= set(modules)
    files = sorted(Path(mix.__file__).parent.glob("*.init"))
    assert {"selftaught.init", "mix.init", "counts.init"} <= {f.name for f in files}
    assert lad.fingerprint() == code_fingerprint(lad.seat_trial, files=files)
    assert lad.fingerprint() != code_fingerprint(lad.seat_trial, files=[
        f for f in files if f.name != "selftaught.init"])


def test_ladder_cache_keeps_batches_played_before_an_interruption(tmp_path, monkeypatch):
    lad = importlib.import_module("mix.play.ladder")  # the module: `mix.ladder` is the function
    cache = tmp_path / "ladder"
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
    kept = lad.open_cache(cache, 4, 5, 6)
    assert kept.get("pairing", lad.pairing_key("random", "onestep", 4, 2, 1, 5, 6)) is not None
    assert len(list(cache.glob("pairing-*.json"))) == 1
    monkeypatch.setattr(lad, "run_sweep", real)
    resumed = lad.ladder(pairs, games=4, seed=1, chunks=2, rows=5, cols=6, cache=cache)
    assert resumed.equals(lad.ladder(pairs, games=4, seed=1, chunks=2, rows=5, cols=6))


@pytest.mark.parametrize("content", [b"\xff\xfe", b'{"a": ', b"[1, 2]",
                                     b'{"X": {"wins": 1}, "O": {"wins": 1}}'])
def test_a_corrupt_ladder_cache_entry_is_reported_and_played_again(tmp_path, content):
    lad = importlib.import_module("mix.play.ladder")  # the module: `mix.ladder` is the function
    from studykit.cache import CorruptEntryWarning
    cache = tmp_path / "ladder"
    pairs = {"a": ("random", "onestep")}
    good = lad.ladder(pairs, games=2, seed=1, chunks=1, rows=5, cols=6)
    entry = lad.open_cache(cache, 2, 5, 6).path(
        "pairing", lad.pairing_key("random", "onestep", 2, 1, 1, 5, 6))
    entry.write_bytes(content)
    with pytest.warns(CorruptEntryWarning, match=entry.name):
        got = lad.ladder(pairs, games=2, seed=1, chunks=1, rows=5, cols=6, cache=cache)
    assert got.equals(good)
    assert lad.open_cache(cache, 2, 5, 6).why_invalid(json.loads(entry.read_text())) is None
    assert not list(tmp_path.rglob("*.tmp"))


# --- the fast search and solver against their plain twins (mix.plain) ---

def random_position(rng: random.Random, rows: int = 10, cols: int = 20, diagonals: bool = False,
                    most: int | None = None) -> Board:
    """A position after a random number of random moves, not over."""
    while True:
        b = Board(rows, cols, diagonals=diagonals)
        for _ in range(rng.randint(0, most if most is not None else rows * cols - 2)):
            b.play(rng.choice(b.legal_moves()))
            if b.is_over():
                break
        if not b.is_over():
            return b


def played_positions(x_agent, o_agent, games: int, seed: int, rows: int = 10, cols: int = 20):
    """Every position of a few seeded games between two agents (quiet positions, long games)."""
    from mix.board import Geometry
    from mix.play.agents import make_agent
    out, agents, g = [], (make_agent(x_agent), make_agent(o_agent)), Geometry(rows, cols)
    for i in range(games):
        b, rng = Board(geometry=g), random.Random(seed + i)
        while not b.is_over():
            out.append(b.copy())
            b.play(agents[b.turn].choose(b, rng))
    return out


def shipped_tables():
    """The value tables the notebooks search: hand-made, learned bits and learned counts."""
    from mix.play.agents import count_values, heuristic_values
    from mix.valuesfile import default_path, load_values
    return {"heuristic": ("bits-strict", heuristic_values()), "counts-hand": ("counts", count_values()),
            "learned": load_values(default_path()),
            "learned-counts": load_values(default_path().with_name("counts.init"))}


@pytest.mark.parametrize("table", ["heuristic", "counts-hand", "learned", "learned-counts"])
def test_fast_search_equals_the_oracle_in_played_positions(table):
    """Positions of games between search players (long, quiet, full of ties), depths 1-4, with
    the tables the ladder plays: the same tied moves and the same values."""
    from mix.plain import alphabeta as plain_alphabeta
    features, values = shipped_tables()[table]
    feats = get_features(features)
    positions = played_positions("learned", "alphabeta:4", 1, seed=len(table))
    positions += played_positions("builder-search", "learned:3", 1, seed=7)
    for i, b in enumerate(positions[::3]):
        depth = 1 + i % 4
        want = plain_alphabeta.search_values(b, depth, values, feats, fast=False)
        assert search_values(b, depth, values, feats) == want


@pytest.mark.parametrize("features,rows,cols,diagonals", [
    ("bits-strict", 10, 20, False), ("bits-loose", 10, 20, False), ("counts", 10, 20, False),
    ("bits-strict", 6, 7, True), ("counts", 5, 6, False), ("bits-loose", 4, 5, True),
    ("bits-loose", 6, 7, True), ("bits-strict", 4, 5, False)])
def test_fast_search_equals_the_oracle_on_random_positions(features, rows, cols, diagonals):
    """Random positions (every stage of the game, boards that fill up) and random tables,
    coarse (many ties) or not, with a random draw value: dictionaries equal, floats included."""
    from mix.plain import alphabeta as plain_alphabeta
    feats = get_features(features)
    rng = random.Random(f"{features}{rows}{cols}{diagonals}")
    for i in range(120):
        coarse = i % 2 == 0
        values = [rng.choice((-0.5, -0.25, 0.0, 0.25, 0.5)) if coarse else rng.uniform(-1, 1)
                  for _ in range(feats.n_states)]
        draw = rng.choice((0.0, 0.3))
        b = random_position(rng, rows, cols, diagonals)
        depth = 1 + i % 4
        want = plain_alphabeta.search_values(b, depth, values, feats, draw, fast=False)
        assert search_values(b, depth, values, feats, draw) == want


@pytest.mark.parametrize("features", ["bits-strict", "counts"])
def test_the_horizon_stops_only_at_or_above_tau(features):
    """``horizon`` and ``after`` with ``tau``: the exact value when it is below ``tau``, else a
    value at least ``tau`` and at most the exact one (a reply found good enough)."""
    from mix.board import X as X_
    from mix.fast.horizon import horizon_evaluators
    feats = get_features(features)
    rng = random.Random(f"tau{features}")
    checked = 0
    for i in range(300):
        values = [rng.choice((-0.5, 0.0, 0.5)) if i % 2 else rng.uniform(-1, 1)
                  for _ in range(feats.n_states)]
        b = random_position(rng, 10, 20, most=60)
        g = b.g
        ev = horizon_evaluators(g, values, feats, 0.0)
        me, opp = b.stones[b.turn], b.stones[1 - b.turn]
        sign = 1.0 if b.turn == X_ else -1.0
        occ = me | opp
        e, f = g.full ^ occ, (occ + g.bottom) & g.full
        rme, ropp = ev.threat(me), ev.threat(opp)
        if rme & f or ropp & f:
            continue
        made = ev.makers(opp, e)
        reply = ev.replies(me, opp, sign, e, f, rme, ropp, made)
        todo = f
        while todo:
            m = todo & -todo
            todo ^= m
            exact = ev.horizon(opp, me | m, -sign, ropp, made)
            tau = rng.choice((exact, exact - 0.25, exact + 0.25, -0.5, 0.5, -2.0, 2.0))
            got = ev.horizon(opp, me | m, -sign, ropp, made, tau)
            assert got == exact if exact < tau else tau <= got <= exact
            if reply and m & reply[0]:
                exact = ev.after(me, opp, sign, e, f, m, reply)
                got = ev.after(me, opp, sign, e, f, m, reply, tau)
                assert got == exact if exact < tau else tau <= got <= exact
                checked += 1
    assert checked > 100


def test_fast_search_falls_back_for_other_features_and_win_lengths():
    """A feature object the fast path does not know is asked for its own index; k != 4 has no
    quiet-move shortcut: both still give the oracle's answer."""
    from mix.features import CountFeatures
    from mix.plain import alphabeta as plain_alphabeta

    class Wrapped:  # the counting features, under another type
        n_states, name = 648, "wrapped"

        def index(self, stones, turn, g):
            return CountFeatures().index(stones, turn, g)

    rng = random.Random(4)
    values = [rng.uniform(-1, 1) for _ in range(648)]
    for i in range(30):
        b = random_position(rng, 6, 7, most=25)
        assert (search_values(b, 1 + i % 4, values, Wrapped())
                == plain_alphabeta.search_values(b, 1 + i % 4, values, Wrapped(), fast=False))
        k3 = Board(5, 6, k=3)
        for _ in range(rng.randint(0, 8)):
            k3.play(rng.choice(k3.legal_moves()))
            if k3.is_over():
                break
        if not k3.is_over():
            feats = get_features("bits-strict")
            v = values[:128]
            assert (search_values(k3, 1 + i % 4, v, feats)
                    == plain_alphabeta.search_values(k3, 1 + i % 4, v, feats, fast=False))


def test_fast_and_plain_players_play_the_same_games():
    """Whole seeded games, alpha-beta depth 4 against the report's program in both seats and
    counting features against builder-search: every move the same, so the same game."""
    from mix.board import Geometry
    from mix.plain import alphabeta as plain_alphabeta
    from mix.play.agents import make_agent
    from mix.play.match import play_game

    class Plain:
        def __init__(self, agent):
            self.a = agent

        def choose(self, b, rng):
            a = self.a
            return plain_alphabeta.search_move(b, a.depth, a.values, a.feats, rng, a.draw, fast=False)

    g = Geometry(10, 20)
    for x, o, seed in (("learned", "alphabeta:4", 0), ("alphabeta:4", "learned", 1),
                       ("learned-counts", "builder-search", 2)):
        fast = play_game(make_agent(x), make_agent(o), random.Random(seed), g)
        plain = play_game(Plain(make_agent(x)), Plain(make_agent(o)), random.Random(seed), g)
        assert fast.stones == plain.stones and fast.winner == plain.winner


def test_shipped_tables_put_no_value_on_the_tie_edge():
    """Both searches tie the moves within 1e-12 of the best; a move below that gets a bound
    from alpha-beta, which may differ between them but always lies under ``best - 1e-12``
    unless it equals it. Values of the shipped tables differ by float noise (a tie) or by far
    more, so no bound can land on that edge."""
    noise = 0
    for _features, values in shipped_tables().values():
        signed = sorted({*values, *(-v for v in values), 1.0, -1.0, 0.0})
        gaps = [b - a for a, b in itertools.pairwise(signed)]
        assert all(gap < 1e-13 or gap > 1e-11 for gap in gaps)
        noise += sum(gap < 1e-13 for gap in gaps)
    assert noise  # the hand-made table has float-noise ties (0.3 - 0.2 and 0.1): they count


@pytest.mark.parametrize("rows,cols,diagonals,least,cases", [
    (4, 5, False, 4, 25), (4, 5, True, 4, 25), (5, 5, False, 9, 8), (5, 4, True, 5, 15),
    (3, 4, False, 0, 10)])
def test_fast_solver_equals_the_oracle(rows, cols, diagonals, least, cases):
    """Game values of random positions, and the moves a perfect player chooses among (the
    fast player's table kept from position to position, as in a match)."""
    from mix.plain.solver import best_moves, solve_position
    from mix.play.agents import PerfectAgent
    rng = random.Random(rows * 10 + cols + diagonals)
    tt, shared, plain = {}, {}, {}
    for _ in range(cases):
        while True:
            b = random_position(rng, rows, cols, diagonals, most=rows * cols - 4)
            if b.moves >= least:
                break
        assert solve_position(b) == solve_position(b, tt) == solve_position(b, plain, fast=False)
        want = best_moves(b, plain, fast=False)
        assert best_moves(b, shared) == want
        assert PerfectAgent(shared).choose(b, random.Random(1)) == random.Random(1).choice(want)


def test_solver_mirror_and_shared_table():
    from mix.board import Geometry
    from mix.fast.solver import TABLE_LIMIT, mirror, shared_table
    g = Geometry(4, 5)
    b = Board(geometry=g)
    for c in (0, 0, 1, 3):
        b.play(c)
    m = Board(geometry=g)
    for c in (4, 4, 3, 1):
        m.play(c)
    assert [mirror(s, g) for s in b.stones] == m.stones
    assert mirror(mirror(b.stones[0], g), g) == b.stones[0]
    assert shared_table(g) is shared_table(Geometry(4, 5)) is not shared_table(Geometry(5, 4))
    assert TABLE_LIMIT >= 1_000_000


def test_ladder_rows_of_player_opponent_pairs_have_their_columns():
    """(player, opponent) labels give the same numbers as text labels, plus the two columns."""
    from mix.play.ladder import ladder
    kw = {"games": 4, "seed": 2, "chunks": 2, "rows": 5, "cols": 6}
    named = ladder({("safe", "random"): ("onestep-safe", "random"),
                    ("safe", "onestep"): ("onestep-safe", "onestep"),
                    ("random", "onestep"): ("random", "onestep")}, **kw)
    plain = ladder({"safe | random": ("onestep-safe", "random"),
                    "safe | onestep": ("onestep-safe", "onestep"),
                    "random | onestep": ("random", "onestep")}, **kw)
    assert list(named.index) == ["safe | random", "safe | onestep", "random | onestep"]
    assert list(named.player) == ["safe", "safe", "random"]
    assert list(named.opponent) == ["random", "onestep", "onestep"]
    assert named.drop(columns=["player", "opponent"]).equals(plain)
    assert "player" not in plain.columns
    for bad in ({"a": ("random", "random"), ("b", "c"): ("random", "random")},
                {("a", "b", "c"): ("random", "random")}, {1: ("random", "random")}):
        with pytest.raises(ValueError, match="labels"):
            ladder(bad, **kw)
