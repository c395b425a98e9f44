"""The solver with its threat memo, alive-window and pair bounds against its plain twin
(``mix.plain.solver``): the same game values and the same best moves on many random positions,
exact small cases, and the before/after solving of ``against_perfect``."""

import random

import pytest

from mix.board import Board, Geometry, has_line
from mix.plain.solver import best_moves, clear_tables, shared_table, solve, solve_position
from tests.oracles_mix import mover_cells, random_positions


@pytest.mark.parametrize("rows,cols,k,diagonals,n", [
    (4, 4, 4, False, 300), (4, 5, 4, False, 300),        # their mirror images: test time
    (5, 4, 4, True, 150), (4, 4, 3, False, 150), (3, 5, 3, True, 150),
    (2, 6, 5, False, 60), (3, 3, 2, False, 60)])
def test_values_and_best_moves_equal_the_oracle(rows, cols, k, diagonals, n):
    """Fresh tables, then tables kept from position to position (as in a match)."""
    g = Geometry(rows, cols, k, diagonals)
    positions = random_positions(random.Random(rows * 100 + cols * 10 + k + diagonals), g, n)
    kept, plain = {}, {}
    for b in positions:
        want = solve_position(b, plain, fast=False)
        assert solve_position(b) == solve_position(b, kept) == want
        moves = best_moves(b, plain, fast=False)
        assert best_moves(b) == best_moves(b, kept) == moves
        assert set(moves) <= set(b.legal_moves())


def test_values_of_every_child_agree_with_best_moves():
    """best_moves are exactly the columns whose child has the best negated value."""
    g = Geometry(4, 5)
    tt = {}
    for b in random_positions(random.Random(5), g, 60):
        vals = {}
        for c in b.legal_moves():
            child = b.copy()
            vals[c] = 1 if child.play(c) else 0 if child.is_over() else -solve_position(child, tt)
        top = max(vals.values())
        assert best_moves(b, tt) == [c for c in sorted(vals) if vals[c] == top]


def test_known_values_of_empty_boards():
    assert [solve(4, 4), solve(4, 5), solve(5, 4), solve(4, 4, diagonals=True)] == [0, 0, 0, 0]
    assert solve(4, 6, diagonals=True) == -1      # the second player wins 4x6 with diagonals
    assert solve(3, 3, k=2) == 1                  # two in a row: the first player's second move


def test_exact_small_positions():
    g = Geometry(4, 4)
    b = Board(geometry=g)
    for c in (0, 1, 0, 1, 0):        # X has three in column 0, O must block
        b.play(c)
    assert best_moves(b) == [0] and solve_position(b) == 0
    b.play(2)                        # O did not block: X wins at once
    assert solve_position(b) == 1 and best_moves(b) == [0]
    full = Board(geometry=g)
    for c in (0, 1, 0, 1, 1, 0, 1, 0, 2, 3, 2, 3, 3, 2, 3, 2):   # a drawn full board
        full.play(c)
    assert full.winner is None and full.is_over()
    last = full.copy()
    last.undo(2)
    assert solve_position(last) == 0 and best_moves(last) == [2]


def test_over_positions_and_shared_tables():
    b = Board(geometry=Geometry(4, 4))
    for c in (0, 1, 0, 1, 0, 1, 0):
        b.play(c)
    assert solve_position(b) == -1                # the mover has lost
    with pytest.raises(ValueError):
        best_moves(b)
    g = Geometry(4, 5)
    tt = shared_table(g)
    solve_position(Board(geometry=g), tt)
    assert len(tt) > 0 and shared_table(g) is tt
    clear_tables()
    assert shared_table(g) is not tt and len(shared_table(g)) == 0


@pytest.mark.parametrize("rows,cols,diagonals", [(4, 4, False), (4, 5, False), (5, 4, True)])
def test_the_mover_without_a_line_of_its_cells_cannot_win(rows, cols, diagonals):
    """The pair bound, checked against the oracle's values where it applies."""
    g = Geometry(rows, cols, 4, diagonals)
    applied, plain = 0, {}
    for b in random_positions(random.Random(rows + cols), g, 400):
        if (g.rows * g.cols - b.moves) % 2:
            with pytest.raises(ValueError):
                mover_cells(b)
        elif not has_line(mover_cells(b), g):
            applied += 1
            assert solve_position(b, plain, fast=False) <= 0
    assert applied > 20


def test_mover_cells_by_hand():
    b = Board(geometry=Geometry(4, 4))
    for c in (0, 1, 1, 1):           # heights 1, 3, 0, 0: columns 0 and 1 odd; X to move
        b.play(c)
    g = b.g
    want = b.stones[0] | sum(g.bit(r, 0) for r in (1, 2, 3)) | g.bit(3, 1)
    want |= sum(g.bit(r, c) for c in (2, 3) for r in (0, 2))
    assert mover_cells(b) == want


def test_against_perfect_plays_the_games_of_the_oracle_solver():
    """Every row of ``against_perfect`` (perfect moves, values before and after the player's
    moves, solved in the shared table) as the oracle solver gives them from empty tables."""
    import numpy as np
    import pandas as pd

    from mix.selftaught.agent import SelfTaughtAgent
    from mix.selftaught.study import against_perfect
    from mix.selftaught.training import load_weights

    clear_tables()
    w = load_weights()
    for rows, cols in ((4, 4), (4, 5)):
        got = against_perfect(SelfTaughtAgent(w, 1), rows, cols, 2, seed=2)
        assert len(shared_table(Geometry(rows, cols))) > 0
        agent, g, first_mistakes, results = SelfTaughtAgent(w, 1), Geometry(rows, cols), [], []
        for seat in (0, 1):
            for s in np.random.SeedSequence([2, seat]).generate_state(2):
                rng, b, first = random.Random(int(s)), Board(geometry=g), None
                while not b.is_over():
                    if b.turn != seat:
                        b.play(rng.choice(best_moves(b, fast=False)))
                        continue
                    before = solve_position(b, fast=False)
                    won = b.play(agent.choose(b, rng))
                    after = 1 if won else 0 if b.is_over() else -solve_position(b, fast=False)
                    if after < before and first is None:
                        first = b.moves
                first_mistakes.append(first)
                won = b.winner == seat
                results.append("draw" if b.winner is None else "win" if won else "loss")
        assert got.start.eq(solve_position(Board(geometry=g), fast=False)).all()
        assert [None if pd.isna(m) else int(m) for m in got.mistake_move] == first_mistakes
        assert got.result.tolist() == results
        assert any(first_mistakes)                # the weak player errs: mistakes are compared


def test_every_solver_call_gives_the_plain_result_with_fast():
    """Each public call of ``mix.plain.solver`` on each input kind it takes: ``fast=True`` (its
    twin ``mix.fast.solver``) gives what ``fast=False`` (the plain solver) gives."""
    from mix.plain.solver import solve_boards, solve_both
    for rows, cols, diagonals, k in [(3, 4, False, 3), (4, 4, True, 4), (3, 3, False, 2),
                                     (2, 5, True, 3), (1, 4, False, 4)]:
        assert solve(rows, cols, diagonals, k) == solve(rows, cols, diagonals, k, fast=False)
    assert solve_both(3, 4, fast=True) == solve_both(3, 4, fast=False)
    both = solve_boards([(3, 4), (4, 3)], backend="sequential", fast=False)
    assert solve_boards([(3, 4), (4, 3)], backend="sequential") == both
    rng = random.Random(11)
    for g in (Geometry(4, 4, 3, True), Geometry(3, 5)):
        for b in random_positions(rng, g, 40):  # with no table, with one table kept each
            fast_tt, plain_tt = {}, {}
            assert solve_position(b) == solve_position(b, fast=False) \
                == solve_position(b, fast_tt) == solve_position(b, plain_tt, fast=False)
            assert best_moves(b) == best_moves(b, fast=False) \
                == best_moves(b, fast_tt) == best_moves(b, plain_tt, fast=False)


@pytest.mark.parametrize("fast", [True, False])
def test_both_solvers_refuse_the_same_inputs(fast):
    b = Board(4, 4)
    for c in (0, 1, 0, 1, 0, 1, 0):
        b.play(c)
    assert b.winner is not None
    assert solve_position(b, fast=fast) == -1     # the mover has lost
    with pytest.raises(ValueError, match="game is over"):
        best_moves(b, fast=fast)
    with pytest.raises(TypeError, match="tt"):
        solve_position(Board(3, 4), [], fast=fast)
    with pytest.raises(TypeError, match="fast"):
        solve_position(Board(3, 4), fast="yes")
