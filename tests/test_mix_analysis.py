"""MIX analysis helpers: the state-space counts, the feature states met in play, the step-size
schedule, how a training run settles, the notebook's constant checks, the ladder's plain-joblib
path, the board solver sweep and the game animation."""

import numpy as np
import pytest

from mix.board import Board
from mix.checks import check_boards, check_chunks
from mix.draw import game_animation
from mix.learn import alpha, alpha_changes, distance_to_final, train
from mix.play.agentchecks import check_agents
from mix.play.ladder import ladder, seat_trial, sweep
from mix.plain.solver import SolvedBoard, solve_boards
from mix.statespace import (
    first_seen,
    gravity_bound,
    reachable_positions,
    reachable_states,
    report_formula,
    slot_assignments,
)


def brute_positions(rows: int, cols: int) -> int:
    """Oracle: every position reachable by playing out every game (no deduplication on the way)."""
    seen = set()

    def walk(b: Board):
        seen.add(tuple(b.stones))
        if b.is_over():
            return
        for c in b.legal_moves():
            b.play(c)
            walk(b)
            b.undo(c)

    walk(Board(rows, cols))
    return len(seen)


def test_reachable_positions_by_hand_on_one_row():
    # 1x4: 1 empty, 4 with one X, 4*3 with X and O, C(4,2)*2 with X X O, 4!/(2!2!) full = 35
    assert reachable_positions(1, 4) == 1 + 4 + 12 + 12 + 6


@pytest.mark.parametrize("rows, cols", [(1, 5), (2, 4), (3, 4), (4, 2)])
def test_reachable_positions_agrees_with_playing_every_game(rows, cols):
    assert reachable_positions(rows, cols) == brute_positions(rows, cols)


def test_counts_are_ordered_and_the_report_formula_undercounts():
    assert report_formula(10, 20) == 3 ** 30
    assert slot_assignments(10, 20) == 3 ** 200
    assert gravity_bound(10, 20) == (2 ** 11 - 1) ** 20
    assert report_formula(10, 20) < gravity_bound(10, 20) < slot_assignments(10, 20)
    exact = reachable_positions(3, 4)
    assert report_formula(3, 4) < exact <= gravity_bound(3, 4) <= slot_assignments(3, 4)


@pytest.mark.parametrize("args, error", [((0, 4), ValueError), ((4, -1), ValueError),
                                         ((2.0, 4), TypeError), ((True, 4), TypeError)])
def test_counts_refuse_bad_sizes(args, error):
    with pytest.raises(error, match="rows|cols"):
        gravity_bound(*args)


def test_exact_count_refuses_large_boards():
    with pytest.raises(ValueError, match="at most 20 slots"):
        reachable_positions(5, 5)


def test_reachable_states_of_the_strict_and_loose_bits():
    strict = reachable_states("bits-strict", ("random", "random"), 30, seed=0, rows=6, cols=7)
    loose = reachable_states("bits-loose", ("random", "random"), 30, seed=0, rows=6, cols=7)
    assert 0 in strict and all(0 <= s < 128 for s in strict | loose)
    assert {s & 1 for s in strict} == {0, 1} and len(strict) > 5     # both sides to move
    for s in loose:  # loose: a chess slot is also a potential chess
        assert not s >> 3 & 1 or s >> 5 & 1
        assert not s >> 4 & 1 or s >> 6 & 1
    with pytest.raises(ValueError, match="games"):
        reachable_states("bits-strict", games=0)


def test_first_seen_matches_reachable_states():
    seen = first_seen(["bits-strict", "counts"], ("onestep", "random"), 25, seed=4, rows=6, cols=7)
    assert set(seen["bits-strict"]) == reachable_states("bits-strict", ("onestep", "random"), 25,
                                                        seed=4, rows=6, cols=7)
    assert seen["bits-strict"][0] == 0 and max(seen["counts"].values()) < 25

    def coarse(s):  # the counting features refine the strict bits: coarsened, the same states
        op, xp, oc, xc = s % 3, s // 3 % 3, s // 9 % 3, s // 27 % 3
        om, xm, turn = s // 81 % 2, s // 162 % 2, s // 324
        return (turn | xm << 1 | om << 2 | (xc > 0) << 3 | (oc > 0) << 4 | (xp > 0) << 5
                | (op > 0) << 6)
    assert {coarse(s) for s in seen["counts"]} == set(seen["bits-strict"])


def test_alpha_follows_the_printed_formula():
    assert [alpha(r, 500) for r in (0, 49, 50, 99, 100, 499)] == [1, 1, 1 / 2, 1 / 2, 1 / 3, 1 / 10]
    assert alpha_changes(500) == list(range(0, 500, 50))
    assert alpha_changes(100) == list(range(0, 100, 10))  # "every 10 runs" only when N = 100


@pytest.mark.parametrize("run, games", [(0, 9), (-1, 100), (100, 100)])
def test_alpha_refuses_bad_runs(run, games):
    with pytest.raises(ValueError, match="games|run"):
        alpha(run, games)


def test_training_is_unchanged_by_the_alpha_refactor():
    """The shipped mix.init is still mix.train(500, seed=0) (checked on a short run's history
    against a hand-rolled schedule: a game's values change only by alpha-weighted steps)."""
    r = train(20, seed=3)
    assert r.history.shape == (21, 128)
    assert np.array_equal(r.values, r.history[-1])


def test_update_none_differs_from_current_and_both_are_seeded():
    a, b = train(20, seed=1, update="current"), train(20, seed=1, update="none")
    assert np.array_equal(a.values, train(20, seed=1, update="current").values)
    assert not np.array_equal(a.history, b.history)


def test_distance_to_final_on_a_known_history():
    h = np.array([[0.0, 0.0, 0.0], [1.0, 0.0, 0.5], [0.5, 0.0, 1.0]])
    # states with a non-zero final value: 0 and 2
    assert np.allclose(distance_to_final(h), [0.75, 0.5, 0.0])
    assert np.allclose(distance_to_final(h, states=[1]), [0, 0, 0])
    assert np.allclose(distance_to_final(np.zeros((3, 2))), 0)
    with pytest.raises(ValueError, match="history"):
        distance_to_final(np.zeros(3))


def test_checks_accept_lists_and_tuples_and_name_the_constant():
    assert check_agents(["random", "alphabeta:2"], "OPPONENTS") == ("random", "alphabeta:2")
    assert check_boards([[4, 5]], "SOLVE_BOARDS", 30) == ((4, 5),)
    assert check_boards("[(4, 5), (5, 4)]", "SOLVE_BOARDS", 30) == ((4, 5), (5, 4))   # papermill
    check_chunks({"LADDER_GAMES": 40, "DIAG_GAMES": 20}, 4)
    for call, error, match in [
        (lambda: check_agents([], "OPPONENTS"), ValueError, "OPPONENTS must not be empty"),
        (lambda: check_agents(["nobody"], "OPPONENTS"), ValueError, "OPPONENTS: unknown agent"),
        (lambda: check_agents("random", "OPPONENTS"), ValueError, "OPPONENTS must be a list"),
        (lambda: check_boards([], "SOLVE_BOARDS", 30), ValueError, "SOLVE_BOARDS must hold >= 1"),
        (lambda: check_boards([(2, 2)], "SOLVE_BOARDS", 30), ValueError,
         r"SOLVE_BOARDS\[0\]: a 2x2 board"),
        (lambda: check_boards([(6, 6)], "SOLVE_BOARDS", 30), ValueError,
         r"SOLVE_BOARDS\[0\]: 6x6 has 36 slots, at most 30"),
        (lambda: check_boards([(4,)], "SOLVE_BOARDS", 30), ValueError, r"SOLVE_BOARDS\[0\] must hold"),
        (lambda: check_boards([(4, 2.5)], "SOLVE_BOARDS", 30), TypeError,
         r"SOLVE_BOARDS\[0\]\[1\] must be a whole number"),
        (lambda: check_chunks({"LADDER_GAMES": 40, "DIAG_GAMES": 30}, 4), ValueError,
         "^DIAG_GAMES = 30: each must be a multiple of CHUNKS = 4$"),
        (lambda: check_chunks({"LADDER_GAMES": 40}, 0), ValueError, "CHUNKS must be a whole number >= 1"),
        (lambda: check_chunks({"LADDER_GAMES": 40}, 2.0), TypeError, "CHUNKS must be a whole number"),
        (lambda: check_chunks({"LADDER_GAMES": 4.0}, 2), TypeError, "LADDER_GAMES must be a whole"),
        (lambda: check_chunks([40], 2), TypeError, "counts must be a dict"),
    ]:
        with pytest.raises(error, match=match):
            call()
    assert check_agents([], "DEEP_OPPONENTS", allow_empty=True) == ()


def test_plain_joblib_sweep_gives_the_same_rows_as_run_sweep():
    grid = [{"agent": "onestep", "opponent": "random", "seat": s, "games": 2, "rows": 4,
             "cols": 5, "diagonals": False} for s in ("X", "O")]
    a = sweep(seat_trial, grid, 2, 5, n_jobs=1)
    b = sweep(seat_trial, grid, 2, 5, n_jobs=1, backend="multiprocessing")
    assert a == b


def test_ladder_with_diagonals_and_backend():
    kw = {"games": 4, "seed": 2, "chunks": 2, "rows": 4, "cols": 6, "n_jobs": 1}
    plain = ladder({"p": ("perfect", "random")}, **kw)
    multi = ladder({"p": ("perfect", "random")}, backend="multiprocessing", **kw)
    assert plain.equals(multi)
    diag = ladder({"p": ("onestep", "random")}, diagonals=True, **kw)
    assert diag.loc["p", "games_X"] == 4


def test_solve_boards_matches_known_results():
    out = solve_boards([(4, 4), [4, 6]], n_jobs=2)
    assert out == [SolvedBoard(rows=4, cols=4, mix=0, diagonals=0),
                   SolvedBoard(rows=4, cols=6, mix=0, diagonals=-1)]
    with pytest.raises(ValueError, match="too small"):
        solve_boards([(2, 3)])


def test_game_animation_frames_and_bad_input():
    moves = [0, 1, 0, 1, 0, 1, 0]  # X wins vertically in column 0 at move 7
    anim = game_animation(moves, rows=4, cols=5, step=3, dpi=30)
    assert anim.to_jshtml().count("data:image/png") == 4  # moves 0, 3, 6 and the final 7
    import matplotlib.pyplot as plt
    assert "X (X) wins" in plt.gcf().axes[0].get_title()  # the animation's figure shows the end
    with pytest.raises(ValueError, match="step"):
        game_animation(moves, rows=4, cols=5, step=0)
    with pytest.raises(ValueError):
        game_animation([0] * 5, rows=4, cols=5)  # a full column
