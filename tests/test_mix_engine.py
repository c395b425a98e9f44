"""MIX engine and features against a plain array oracle, over thousands of seeded random games."""

import random

import pytest

from mix.board import Board, Geometry, O, X
from mix.features import BitFeatures, CountFeatures, raw_features
from mix.plain.board import ArrayBoard
from mix.plain.board import bit_index as bit_index_oracle
from mix.plain.board import count_index as count_index_oracle
from tests.oracles_mix import random_positions


@pytest.mark.parametrize("rows,cols,k,diag,games", [
    (6, 7, 4, False, 150), (5, 6, 4, True, 120), (4, 5, 3, False, 200), (10, 20, 4, False, 8)])
def test_random_games_agree_with_oracle(rows, cols, k, diag, games):
    rng = random.Random(rows * 100 + cols)
    strict, loose, counts = BitFeatures(False), BitFeatures(True), CountFeatures()
    g = Geometry(rows, cols, k, diag)
    for _ in range(games):
        b, a = Board(geometry=g), ArrayBoard(rows, cols, k, diag)
        while True:
            assert b.legal_moves() == a.legal()
            assert b.winner == a.winner and b.turn == a.turn and b.moves == a.moves
            f = a.features()
            raw = raw_features(b.stones, g)
            for p in (X, O):
                assert raw[p]["mate"] == f[p][0]
                assert raw[p]["chess"].bit_count() == f[p][1]
                assert raw[p]["potential"].bit_count() == f[p][2]
            assert strict.board_index(b) == bit_index_oracle(f, b.turn, False)
            assert loose.board_index(b) == bit_index_oracle(f, b.turn, True)
            assert counts.board_index(b) == count_index_oracle(f, b.turn)
            if b.is_over():
                break
            c = rng.choice(b.legal_moves())
            b.play(c)
            a.play(c)
        assert all(b.cell(r, c) == a.grid[r][c] for r in range(rows) for c in range(cols))


def test_thousands_of_games_winner_and_moves_agree():
    rng = random.Random(11)
    for i in range(2000):
        diag = i % 2 == 1
        b, a = Board(5, 6, diagonals=diag), ArrayBoard(5, 6, 4, diag)
        while not b.is_over():
            assert b.legal_moves() == a.legal()
            c = rng.choice(b.legal_moves())
            b.play(c)
            a.play(c)
            assert b.winner == a.winner
        assert a.legal() == [] or a.moves < 30 or a.winner is not None


def test_undo_restores_position():
    rng = random.Random(5)
    for _ in range(300):
        b = Board(6, 7)
        while not b.is_over():
            before = (b.stones[:], b.heights[:], b.turn, b.moves)
            c = rng.choice(b.legal_moves())
            b.play(c)
            if b.is_over():
                break
            b.undo(c)
            assert (b.stones, b.heights, b.turn, b.moves) == before
            b.play(c)


def test_known_wins_horizontal_vertical_not_diagonal():
    b = Board()
    for c in (0, 0, 1, 1, 2, 2):
        assert not b.play(c)
    assert b.play(3) and b.winner == X          # X: row 0, columns 0-3
    b = Board()
    for c in (5, 6, 5, 6, 5, 6):
        b.play(c)
    assert b.play(5) and b.winner == X          # vertical
    moves = (0, 1, 1, 2, 2, 3, 2, 3, 3, 9, 3)   # a diagonal for X: (0,0),(1,1),(2,2),(3,3)
    b, d = Board(), Board(diagonals=True)
    for c in moves:
        b.play(c)
        d.play(c)
    assert b.winner is None and d.winner == X


def test_mate_and_chess_by_hand():
    b = Board()
    for c in (1, 1, 2, 2, 3):    # X on row 0 at columns 1-3; O above
        b.play(c)
    f = raw_features(b.stones, b.g)
    assert f[X]["mate"] and f[X]["chess"].bit_count() == 2   # _XXX_ with both ends feasible
    assert BitFeatures.describe(BitFeatures().board_index(b)) == "O to move: X mate, X chess"


def test_errors():
    b = Board(4, 4)
    for _ in range(4):
        b.play(0)
    with pytest.raises(ValueError, match="full"):
        b.play(0)
    with pytest.raises(ValueError, match="col"):
        b.play(7)
    with pytest.raises(ValueError, match="too small"):
        Board(3, 3)
    with pytest.raises(ValueError, match="k"):
        Geometry(5, 5, 1)


def test_raw_threat_memo_and_masks_shared_by_the_definitions():
    """``raw_threats``: the unmasked threat slots, memoised per geometry and emptied past its
    limit; one ``threat_masks`` scan gives every definition's index (as ``first_seen`` uses)."""
    from mix.features import get_features, raw_threats, threat_masks, threats
    from mix.statespace import first_seen
    rng = random.Random(8)
    for g in (Geometry(10, 20), Geometry(6, 7, diagonals=True), Geometry(5, 6, k=3)):
        rc, raw = raw_threats(g)
        for _ in range(200):
            b = Board(geometry=g)
            for _ in range(rng.randint(0, 30)):
                if b.is_over():
                    break
                b.play(rng.choice(b.legal_moves()))
            for s in b.stones:
                assert raw(s) == threats(s, g.full, g)
            masks = threat_masks(b.stones, g)
            for name in ("bits-strict", "bits-loose", "counts"):
                fe = get_features(name)
                assert fe.from_masks(masks, b.turn) == fe.index(b.stones, b.turn, g)
        assert raw_threats(g)[0] is rc
    rc, raw = raw_threats(Geometry(4, 5), limit=0)
    rc[1] = raw(1)
    assert raw_threats(Geometry(4, 5), limit=0)[0] is not rc  # past the limit: a fresh memo

    def plain_first_seen(defs, agents, games, seed, rows, cols):
        from mix.play.agents import make_agent
        feats, a = {f: get_features(f) for f in defs}, [make_agent(x) for x in agents]
        g, r, seen = Geometry(rows, cols), random.Random(seed), {f: {} for f in defs}
        for i in range(games):
            b = Board(geometry=g)
            while not b.is_over():
                for f, fe in feats.items():
                    seen[f].setdefault(fe.index(b.stones, b.turn, g), i)
                b.play(a[b.turn].choose(b, r))
        return seen

    defs = ("bits-strict", "bits-loose", "counts")
    assert (first_seen(defs, ("learned", "onestep-safe"), 6, seed=3, rows=8, cols=10)
            == plain_first_seen(defs, ("learned", "onestep-safe"), 6, 3, 8, 10))


def test_center_order_starts_in_the_middle():
    from mix.board import center_order
    assert center_order(7) == [3, 2, 4, 1, 5, 0, 6]
    assert center_order(4) == [1, 2, 0, 3]
    assert sorted(center_order(20)) == list(range(20))


@pytest.mark.parametrize("rows,cols", [(1, 4), (4, 5), (10, 20)])
def test_center_columns_are_each_columns_slots_from_the_centre_out(rows, cols):
    """The one place the searches and the solver take their column masks from."""
    from mix.board import center_columns, center_order
    g = Geometry(rows, cols, min(4, max(rows, cols)))
    pairs = center_columns(g)
    assert [c for c, _ in pairs] == center_order(cols)
    for c, m in pairs:
        assert m == sum(g.bit(r, c) for r in range(rows))
    assert sum(m for _, m in pairs) == g.full




def test_the_search_packers_give_the_feature_index():
    """``mix.packing`` builds each definition's state from the threat masks as ``index`` does."""
    from mix.features import get_features, threat_masks
    from mix.packing import PACKERS
    for g in (Geometry(10, 20), Geometry(6, 7, diagonals=True)):
        for b in random_positions(random.Random(12), g, 300):
            m0, m1, c0, c1, t0, t1 = threat_masks(b.stones, g)
            a, m = (O, (m1, m0, c1, c0, t1, t0)) if b.turn == X else (X, (m0, m1, c0, c1, t0, t1))
            for kind, name in (("strict", "bits-strict"), ("loose", "bits-loose"),
                               ("counts", "counts")):
                assert PACKERS[kind](a == X, *m) == get_features(name).index(b.stones, b.turn, g)


def test_mover_has_chess_reads_the_movers_chess_bit():
    """True exactly when the side to move has a playable winning slot, for ints and arrays."""
    import numpy as np

    from mix.features import threat_masks
    g, seen = Geometry(10, 20), set()
    for b in random_positions(random.Random(13), g, 400):
        chess = threat_masks(b.stones, g)[2 + b.turn]
        s = BitFeatures().index(b.stones, b.turn, g)
        assert BitFeatures.mover_has_chess(s) is (chess != 0)
        seen.add(chess != 0)
    assert seen == {True, False}
    states = np.arange(128)
    assert np.array_equal(BitFeatures.mover_has_chess(states),
                          [BitFeatures.mover_has_chess(int(s)) for s in states])
    assert BitFeatures.mover_has_chess(0b1000) and not BitFeatures.mover_has_chess(0b1001)
    assert BitFeatures.mover_has_chess(0b10001) and not BitFeatures.mover_has_chess(0b10000)
