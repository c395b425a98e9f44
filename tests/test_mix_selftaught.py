"""The self-taught MIX player: threat features against a cell-by-cell count, its alpha-beta
against plain minimax with the same tactics, seeded training, the weights file."""

import random

import numpy as np
import pytest

from mix.board import Board, X
from mix.evalsearch import TIE, LinearEvaluation, SelfTaughtAgent, best_moves
from mix.selftaught import TDConfig, load_weights, save_weights, train_selftaught
from mix.threatfeatures import N_FEATURES, features, masks, window_counts


def random_position(rng, rows, cols, most):
    b = Board(rows, cols)
    for _ in range(rng.randint(0, most)):
        if b.is_over():
            break
        b.play(rng.choice(b.legal_moves()))
    return b


def count_windows(b, p, across):
    """Windows of four cells (across or up) with 1, 2, 3 stones of p and none of the other."""
    out = [0, 0, 0]
    for r in range(b.g.rows):
        for c in range(b.g.cols):
            cells = [(r, c + i) if across else (r + i, c) for i in range(4)]
            if any(rr >= b.g.rows or cc >= b.g.cols for rr, cc in cells):
                continue
            owners = [b.cell(rr, cc) for rr, cc in cells]
            if 1 - p not in owners and 1 <= owners.count(p) <= 3:
                out[owners.count(p) - 1] += 1
    return out


def test_window_counts_agree_with_a_cell_by_cell_count():
    rng = random.Random(5)
    for _ in range(150):
        b = random_position(rng, rng.randint(4, 10), rng.randint(4, 20), 80)
        m = masks(b.g)
        for p in (0, 1):
            assert list(window_counts(b.stones[p], b.stones[1 - p], m["across"], b.g.height)) \
                == count_windows(b, p, True)
            assert list(window_counts(b.stones[p], b.stones[1 - p], m["up"], 1)) \
                == count_windows(b, p, False)


def test_features_of_the_empty_board_and_a_threat_by_hand():
    b = Board()
    f = features(b.stones, b.turn, b.g)
    assert f.shape == (N_FEATURES,) and f[0] == 1 and f[1] == 1 and not f[2:].any()
    for c in (0, 1, 2):          # X: three across the bottom row, O stacks elsewhere
        b.play(c)
        b.play(10)
    f = features(b.stones, b.turn, b.g)
    assert f[1] == 1             # X to move
    assert f[2 + 6] == 1 and f[2 + 12] == 1   # X: one threat playable now, lowest, odd row


def minimax(b, depth, ev):
    """Plain minimax with the same rules at a glance, no pruning, one position at a time."""
    full = b.g.rows * b.g.cols
    if b.moves == full:
        return 0.0
    for c in b.legal_moves():
        if b.copy().play(c):
            return 1.0
    opp = b.copy()
    opp.turn = 1 - b.turn
    wins = [c for c in opp.legal_moves() if opp.copy().play(c)]
    if len(wins) > 1:
        return -1.0
    if depth == 0:
        v = ev.batch_value(b)
        return v if b.turn == X else -v
    moves = wins or b.legal_moves()
    best = -2.0
    for c in moves:
        b.play(c)
        best = max(best, -minimax(b, depth - 1, ev))
        b.undo(c)
    return best


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_best_moves_agree_with_plain_minimax(depth):
    rng = random.Random(depth)
    checked = 0
    while checked < 12:
        w = np.array([rng.uniform(-1, 1) for _ in range(N_FEATURES)])
        ev = LinearEvaluation(w)
        ev.batch_value = lambda b, w=w: float(np.tanh(features(b.stones, b.turn, b.g) @ w))
        b = random_position(rng, 5, 6, 20)
        if b.is_over():
            continue
        values = {}
        for c in b.legal_moves():
            won = b.play(c)
            values[c] = 1.0 if won else -minimax(b, depth - 1, ev)
            b.undo(c)
        top = max(values.values())
        got = best_moves(b, depth, ev)
        if top == 1.0 and any(b.copy().play(c) for c in values):
            assert len(got) == 1 and b.copy().play(got[0])
        else:
            assert set(got) == {c for c, v in values.items() if v >= top - TIE}
        checked += 1


def test_training_is_seeded_and_learns_that_threats_matter(tmp_path):
    config = TDConfig(games=200, rows=6, cols=8)
    run = train_selftaught(config, seed=3, snapshot_every=100)
    again = train_selftaught(config, seed=3, snapshot_every=100)
    assert np.array_equal(run.weights, again.weights)
    assert [n for n, _ in run.snapshots] == [0, 100, 200] and len(run.results) == 200
    assert not np.array_equal(run.weights, train_selftaught(config, seed=4).weights)
    names = list(__import__("mix.threatfeatures", fromlist=["NAMES"]).NAMES)
    assert run.weights[names.index("X threats playable now")] > 0
    assert run.weights[names.index("O threats playable now")] < 0


def test_weights_file_round_trip_and_refusals(tmp_path):
    w = np.linspace(-1, 1, N_FEATURES)
    path = save_weights(tmp_path / "w.npz", w, TDConfig(games=10), seed=0)
    assert np.array_equal(load_weights(path), w)
    (tmp_path / "bad.npz").write_bytes(b"not a zip file")
    with pytest.raises(ValueError, match="bad.npz"):
        load_weights(tmp_path / "bad.npz")
    np.savez(tmp_path / "short.npz", weights=w[:5], names=np.array(["a"] * 5))
    with pytest.raises(ValueError, match="short.npz"):
        load_weights(tmp_path / "short.npz")
    with pytest.raises(ValueError, match="finite"):
        save_weights(tmp_path / "nan.npz", w * np.nan, TDConfig(games=10), seed=0)
    with pytest.raises(ValueError, match="depth"):
        SelfTaughtAgent(w, depth=0)
    for bad in ({"games": 0}, {"games": 10**9}, {"alpha": 0.0}, {"epsilon": 1.0},
                {"rows": 2, "cols": 2}):
        with pytest.raises(ValueError):
            TDConfig(**bad)


def test_lowest_threat_of_each_column():
    from mix.threatfeatures import lowest_in_column

    rng = random.Random(9)
    for _ in range(100):
        b = random_position(rng, rng.randint(4, 10), rng.randint(4, 12), 40)
        mask = rng.getrandbits(b.g.height * b.g.cols) & b.g.full
        want = 0
        for c in range(b.g.cols):
            rows = [r for r in range(b.g.rows) if mask & b.g.bit(r, c)]
            if rows:
                want |= b.g.bit(min(rows), c)
        assert lowest_in_column(mask, b.g) == want
