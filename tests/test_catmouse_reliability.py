"""Every public function of catmouse refuses a bad call with its own clear error, quickly; the
cases of the reliability issue are regressions; the notebooks' own sizes stay allowed."""

import math

import numpy as np
import pytest
from fuzzing import refused

import catmouse
from catmouse import arguments
from catmouse.exact.stochastic import MAX_VALUE_WORK

WINDOW = catmouse.initial_window_table()
GREEDY = catmouse.greedy_table(4, 4)
SOL = catmouse.solve(4, 5)
BOARD = catmouse.parse_board("""
    . . M
    . # .
    C . .""")
GAME = catmouse.play_tables(GREEDY, catmouse.initial_mouse_policy(4, 4))
SWEEP = [{"rows": 6, "cols": 6, "seed": s, "variant": v, "result": {"solved_at": t}}
         for s, t in enumerate([1000, 4000, None]) for v in ("a", "b")]   # rows of two variants


def with_code(code, idx=(0, 0, 1, 1, 0, 0)):
    table = WINDOW.copy()
    table[idx] = code
    return table


def test_a_wall_on_a_start_cell_or_between_cells_is_refused():
    err = refused(lambda: catmouse.optimal_capture(5, 4, obstacles=[(0, 0)]), "obstacles")
    assert "(0, 0) is a start cell" in str(err)
    refused(lambda: catmouse.optimal_capture(5, 4, obstacles=[(3, 4)]), "obstacles")
    refused(lambda: catmouse.optimal_capture(5, 4, obstacles=[(1.5, 2)]), "obstacles[0]")
    refused(lambda: catmouse.solve(5, 4, obstacles=[(1, 2.0)]), "obstacles[0]")
    refused(lambda: catmouse.hill_climb_cat(5, 4, obstacles=[(0, 0)]), "obstacles")
    best = catmouse.solve(5, 4, [(1, 2)]).value([(0, 0)], (3, 4), "cat")
    assert catmouse.optimal_capture(5, 4, obstacles=[(1, 2)]) == (None if best == math.inf
                                                                 else best)


def test_unknown_modes_and_window_codes_are_refused():
    refused(lambda: catmouse.evaluate_local(WINDOW, 5, 5, games=10, mode="x"), "mode")
    refused(lambda: catmouse.train_local(mode="x"), "mode")
    for table in (with_code(-1), with_code(4)):
        refused(lambda t=table: catmouse.validate_window_table(t), "codes outside 0..3")
        refused(lambda t=table: catmouse.evaluate_local(t, 5, 5, games=10), "policy")
        refused(lambda t=table: catmouse.window_direction(t, 0, 0, 1, 1, 5, 5), "table")
        refused(lambda t=table: catmouse.policy_cells(5, 5, t), "table")
    refused(lambda: catmouse.validate_window_table(WINDOW.astype(float)), "whole-number")
    left_edge = with_code(catmouse.DIRECTIONS.index("L"), (0, 0, 1, 1, 1, 0))    # flagged left
    refused(lambda: catmouse.validate_window_table(left_edge), "off the board")


def test_solution_value_refuses_negative_cells_and_unknown_sides():
    refused(lambda: SOL.value([(-1, 0)], (4, 3), "cat"), "cats[0]", "off the")
    refused(lambda: SOL.value([(0, 0)], (4, -1), "cat"), "mouse")
    refused(lambda: SOL.value([(0, 0)], (4, 3), "dog"), "to_move")
    refused(lambda: SOL.value([(0, 0), (1, 1)], (4, 3), "cat"), "cats")
    assert SOL.value([(0, 0)], (4, 3), "cat") == catmouse.optimal_capture(4, 5, "cat")


@pytest.mark.parametrize("board", [(200, 200), (500, 2), (45, 45)])
def test_a_board_beyond_the_machine_is_refused_naming_the_limit(board):
    err = refused(lambda: catmouse.optimal_capture(*board), "positions")
    assert "limit" in str(err) and "3,000,000" in str(err)
    refused(lambda: catmouse.optimal_capture(13, 13, cats=2), "positions")
    refused(lambda: catmouse.expected_capture(300, 5), "value iteration", "entries")


def test_the_notebooks_sizes_stay_allowed():
    arguments.positions(30 * 30, 1, 60)                 # notebook 22: BIG_BOARD up to 30
    arguments.positions(10 * 10, 1, 20)
    arguments.positions(5 * 5, 2, 10)                   # two cats on 5x5
    arguments.table_size(30, 30)                        # notebook 21: TEST_SIZE up to 30
    arguments.table_size(40, 40, arguments.MAX_CHAIN)   # notebook 24: test boards up to 40
    assert (30 * 35) ** 2 * 65 <= MAX_VALUE_WORK and 1600 ** 2 * 80 <= MAX_VALUE_WORK
    arguments.positions(40 * 40, 1, 80)                 # mouse_survival on 40x40


CASES = {
    "Board": lambda: catmouse.Board(4, 4, (), ((0, 0),), (0, 0)),
    "CoevolutionConfig": lambda: catmouse.CoevolutionConfig(max_changes=1.5),
    "FeaturePolicy": lambda: catmouse.FeaturePolicy("mouse"),
    "RotationPolicy": lambda: catmouse.RotationPolicy(params=np.full(423, 1.5)),
    "LegacyStream": lambda: catmouse.LegacyStream(-1),
    "animate_game": lambda: catmouse.animate_game([], 4, 4),
    "animate_games": lambda: catmouse.animate_games({"a": [(0, 0, 9, 9)]}, 4, 4),
    "article_pictures": lambda: catmouse.article_pictures(1000, 1000),
    "article_rule_cat_wins": lambda: catmouse.article_rule_cat_wins(4, 4, "dog"),
    "best_response": lambda: catmouse.best_response(),
    "board_area": lambda: catmouse.board_area({"rows": 4}),
    "capture_census": lambda: catmouse.capture_census([1, 3]),
    "capture_with_speeds": lambda: catmouse.capture_with_speeds(5, 5, cat_speed=4),
    "cat_window_as_table": lambda: catmouse.cat_window_as_table(5, 5, with_code(-1)),
    "board_list": lambda: catmouse.board_list([(1, 5)], "BOARDS"),
    "side_range": lambda: catmouse.side_range(5, 4, ("MIN_SIDE", "MAX_SIDE")),
    "winnable_board": lambda: catmouse.winnable_board(8, 8, "cat"),
    "compare_trainers": lambda: catmouse.compare_trainers(6, 6, "cat", 0, config="IMPROVED"),
    "compare_trainers_cached": lambda: catmouse.compare_trainers_cached(rows=1, cols=6,
                                                                        first_move="cat", seed=0),
    "compare_trainers_trial": lambda: catmouse.compare_trainers_trial(6, 6, "cat", -1),
    "draw_board": lambda: catmouse.draw_board(4, 4, (0, 0), (4, 4)),
    "evaluate_local": lambda: catmouse.evaluate_local(WINDOW, 5, 5, games=0),
    "expected_capture": lambda: catmouse.expected_capture(5, 5, tol=math.nan),
    "expected_capture_from_corner": lambda: catmouse.expected_capture_from_corner(5, 5, "owl"),
    "exploitability": lambda: catmouse.exploitability(GREEDY, GREEDY),
    "greedy_direction": lambda: catmouse.greedy_direction(0, 0, 1.5, 2),
    "greedy_is_optimal": lambda: catmouse.greedy_is_optimal(1, 5),
    "greedy_table": lambda: catmouse.greedy_table(5, "5"),
    "hill_climb_cat": lambda: catmouse.hill_climb_cat(4, 4, iterations=-1),
    "hill_climb_team": lambda: catmouse.hill_climb_team("board"),
    "initial_cat_policy": lambda: catmouse.initial_cat_policy(4, 4, "MEDIUM"),
    "initial_mouse_policy": lambda: catmouse.initial_mouse_policy(4, 0),
    "is_cached": lambda: catmouse.is_cached("variant_trial"),
    "longer_games_ablation": lambda: catmouse.longer_games_ablation(4, 5, "cat", "WEAK", 0, 2),
    "measure_cat": lambda: catmouse.measure_cat(catmouse.FeaturePolicy(), 5, 5, "smart", "dog"),
    "measure_cells": lambda: catmouse.measure_cells(np.zeros((25, 25)), 5, 5, "smart"),
    "mouse_survival": lambda: catmouse.mouse_survival(catmouse.FeaturePolicy(), 5, 5),
    "optimal_capture": lambda: catmouse.optimal_capture(5, 4, obstacles=[(0, 0)]),
    "optimal_cat_moves": lambda: catmouse.optimal_cat_moves("solution", [(0, 0)], (1, 1)),
    "optimal_mouse_move": lambda: catmouse.optimal_mouse_move(SOL, [(1, 1)], (1, 1)),
    "optimum_and_greedy": lambda: catmouse.optimum_and_greedy(BOARD, "owl"),
    "paired_solve_difference": lambda: catmouse.paired_solve_difference(SWEEP, "a", "b", 30_000,
                                                                        reps=10**12),
    "parity_rule_cat_wins": lambda: catmouse.parity_rule_cat_wins(4, 4, "owl"),
    "parse_board": lambda: catmouse.parse_board(". C\nM X"),
    "play_local": lambda: catmouse.play_local(WINDOW, 5, 5, "smart", "draw"),
    "play_pursuit": lambda: catmouse.play_pursuit(4, 4, lambda c, m: ["U", "U"], lambda c, m: "D"),
    "play_tables": lambda: catmouse.play_tables(GREEDY, GREEDY),
    "plot_capture_heatmap": lambda: catmouse.plot_capture_heatmap(np.zeros((2, 2)), [1], [1, 2],
                                                                   "t"),
    "plot_learning_curves": lambda: catmouse.plot_learning_curves("run"),
    "plot_trajectories": lambda: catmouse.plot_trajectories({"g": GAME}, 4, 4, ncols=0),
    "policy_capture_from_corner": lambda: catmouse.policy_capture_from_corner(
        5, 5, "smart", "mouse", catmouse.policy_cells(5, 5), max_sweeps=0),
    "policy_cells": lambda: catmouse.policy_cells(5, 5, far="chebyshev"),
    "random_board": lambda: catmouse.random_board(4, 4, 13, seed=0),
    "random_cat_capture": lambda: catmouse.random_cat_capture(5, 5, limit=10**9),
    "solve": lambda: catmouse.solve(4, 4, cats=0),
    "speed_census": lambda: catmouse.speed_census([3], [(1,)]),
    "solve_speeds": lambda: catmouse.solve_speeds(5, 5, mouse_speed=0),
    "solved_counts": lambda: catmouse.solved_counts([{"result": {}}], ("rows",)),
    "solved_share": lambda: catmouse.solved_share([1, None], 10**12, 1),
    "total_unexpected": lambda: catmouse.total_unexpected([GAME]),
    "train_cat_policy": lambda: catmouse.train_cat_policy(catmouse.FeaturePolicy(), iterations=-5),
    "train_local": lambda: catmouse.train_local(games=0),
    "train_local_exact": lambda: catmouse.train_local_exact(table=with_code(7)),
    "train_local_mouse_exact": lambda: catmouse.train_local_mouse_exact(rows=3),
    "train_mouse_policy": lambda: catmouse.train_mouse_policy(catmouse.RotationPolicy("mouse"),
                                                              seed=None),
    "train_plain": lambda: catmouse.train_plain(iterations=-1),
    "train_tabular": lambda: catmouse.train_tabular(log_every=0),
    "train_tabular_improved": lambda: catmouse.train_tabular_improved(config="IMPROVED"),
    "tuning_run_cached": lambda: catmouse.tuning_run_cached(rows=6, cols=6, first_move="cat",
                                                            variant="hot", iterations=10, seed=0),
    "tuning_trial": lambda: catmouse.tuning_trial(6, 6, "cat", "hot", 10, 0),
    "tuning_sweep": lambda: catmouse.tuning_sweep([(6, 6, 1)], 10, 5, 1, 0, n_jobs=1),
    "unexpected_moves": lambda: catmouse.unexpected_moves([(0, 0, 1.5, 1), (0, 1, 1.5, 1)], 4, 4),
    "validate_policy": lambda: catmouse.validate_policy(GREEDY, 4, 4, "dog"),
    "validate_window_table": lambda: catmouse.validate_window_table(WINDOW[0]),
    "variant_run_cached": lambda: catmouse.variant_run_cached(rows=6, cols=6, first_move="cat",
                                                              variant="cold", iterations=10,
                                                              seed=0),
    "variant_trial": lambda: catmouse.variant_trial(6, 6, "cat", ["article's scheme"], 10, 0),
    "window_direction": lambda: catmouse.window_direction(WINDOW, 0, 0, 9, 9, 5, 5),
    "window_pictures": lambda: catmouse.window_pictures(2, 5),
    "winnable_first_move": lambda: catmouse.winnable_first_move(None, 5),
}
RESULTS = {"CaptureTimes", "Census", "SpeedCensus", "Checkpoint", "Climb", "ClimbScore", "CoevolutionRun",
           "Expectation", "Exploitability", "LocalGame", "LocalRun", "LocalScore", "Measure", "PlainRun",
           "Pursuit", "Solution", "StartValues", "TableGame", "TabularRun",
           "LongerGames", "SolveDifference", "Unexpected",
           "initial_window_table"}          # results, and a function without arguments


def test_every_public_function_has_a_bad_call_case():
    public = {n for n in catmouse.__all__ if callable(getattr(catmouse, n))}
    assert public - RESULTS == set(CASES), sorted(public - RESULTS ^ set(CASES))


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_public_function_refuses_a_bad_call(name, tmp_path, monkeypatch):
    monkeypatch.setattr("catmouse.v1.runcache.cache_dir", lambda: tmp_path)   # no stray cache files
    refused(CASES[name])


def test_found_by_probing_each_parameter():
    refused(lambda: catmouse.expected_capture(4, 4, tol=2.5), "tol")
    refused(lambda: catmouse.LegacyStream(0).raw(10**9), "count")
    refused(lambda: catmouse.draw_board(4, 4, [], (3, 3)), "cat")
    refused(lambda: catmouse.is_cached(catmouse.variant_trial, folder=0), "folder")
    walls = np.array([[1, 2], [2, 1]])
    assert catmouse.optimal_capture(5, 4, obstacles=walls) == catmouse.optimal_capture(
        5, 4, obstacles=[(1, 2), (2, 1)])
    refused(lambda: catmouse.optimal_capture(5, 4, obstacles=walls + 0.5), "obstacles[0]")


def test_the_ablation_paired_comparison_and_unexpected_moves_refuse_what_they_took():
    """Found by probing: iterations=0 divided by zero, 10**12 resamples asked numpy for 22 TB, a
    budget of 10**400 overflowed, floats and bools counted as cells, anything but counts summed
    into an AttributeError."""
    refused(lambda: catmouse.longer_games_ablation(4, 5, "cat", "WEAK", 0, 2), "iterations")
    err = refused(lambda: catmouse.longer_games_ablation(8, 7, "cat", "WEAK", 10**6, 1000),
                  "seeds x iterations")
    assert "limit 10,000,000" in str(err) and "first_seed" in str(err)
    refused(lambda: catmouse.longer_games_ablation(4, 5, "cat", "WEAK", 10, 2, first_seed=-1),
            "first_seed")
    refused(lambda: catmouse.longer_games_ablation(4, 5, "cat", "WEAK", 10, True), "seeds")
    refused(lambda: catmouse.longer_games_ablation(1, 5, "cat", "WEAK", 10, 2), "rows")
    for kw, name in ((dict(budget=10**400), "budget"), (dict(budget=0), "budget"),
                     (dict(budget=True), "budget"), (dict(budget=30_000, reps=10**12), "reps"),
                     (dict(budget=30_000, reps=99), "reps"), (dict(budget=30_000, seed=-1), "seed"),
                     (dict(budget=30_000, seed=1.0), "seed"),
                     (dict(budget=30_000, confidence=math.nan), "confidence"),
                     (dict(budget=30_000, confidence=1.0), "confidence")):
        refused(lambda kw=kw: catmouse.paired_solve_difference(SWEEP, "a", "b", **kw), name)
    for bad in ({**SWEEP[0], "seed": [0]}, {**SWEEP[0], "rows": 6.5},
                {**SWEEP[0], "result": {"solved_at": "soon"}}):
        refused(lambda bad=bad: catmouse.paired_solve_difference([bad], "a", "a", 10), "rows[0]")
    refused(lambda: catmouse.paired_solve_difference(SWEEP, "a", "c", 10), "no matched runs")
    assert catmouse.paired_solve_difference(SWEEP, "a", "b", np.int64(30_000), reps=np.int32(200),
                                            seed=np.uint16(0)) == catmouse.paired_solve_difference(
        SWEEP, "a", "b", 30_000, reps=200, seed=0)
    for bad in ([(0, 0, 1.5, 1)], [(0, 0, True, 1)], [(0, 0, math.nan, 1)], [5], ["0031"],
                [(0, 0, 3)], [(0, 0, 4, 1)], "positions"):
        refused(lambda bad=bad: catmouse.unexpected_moves(bad, 4, 4), "positions")
    refused(lambda: catmouse.unexpected_moves(GAME.positions, 4, 10**12), "cols")
    unsigned = [tuple(np.uint16(v) for v in p) for p in GAME.positions]   # no wrap-around
    assert catmouse.unexpected_moves(unsigned, 4, 4) == catmouse.unexpected_moves(GAME.positions,
                                                                                 4, 4)
    refused(lambda: catmouse.total_unexpected([GAME]), "counts[0]")
    refused(lambda: catmouse.total_unexpected(catmouse.Unexpected(0, 1, 0, 1)), "counts")


def test_the_trials_refuse_boards_the_cat_cannot_win_instead_of_returning_nan():
    """4x4 with the cat first: its lost moves were NaN (inf - inf) at every checkpoint."""
    for call in (lambda: catmouse.variant_trial(4, 4, "cat", "article's scheme", 200, 0, 50),
                 lambda: catmouse.tuning_trial(4, 4, "cat", "improved", 200, 0, 50),
                 lambda: catmouse.compare_trainers_trial(6, 6, "cat", 0, 300, 100)):
        err = refused(call, "first_move")
        assert "first_move='mouse'" in str(err)
    for call in (lambda: catmouse.variant_trial(4, 5, "cat", "article's scheme", 200, 0, 0),
                 lambda: catmouse.tuning_trial(4, 5, "cat", "improved", 200, 0, 0),
                 lambda: catmouse.compare_trainers_trial(4, 5, "cat", 0, 300, 0)):
        refused(call, "checkpoint_every")       # no checkpoint: nothing measured, final None


def test_exploitability_on_a_board_the_cat_cannot_win_is_never_nan():
    cat = catmouse.exploitability(cat_policy=catmouse.greedy_table(4, 4), first_move="cat")
    assert (cat.optimal, cat.value, cat.wins, cat.lost_moves) == (math.inf, math.inf, False, 0.0)
    mouse = catmouse.exploitability(mouse_policy=catmouse.initial_mouse_policy(4, 4))
    assert mouse.optimal == math.inf and not math.isnan(mouse.lost_moves)


def test_sizes_beyond_any_use_are_refused_before_the_work():
    big_text = "\n".join(["." * 1000] * 999 + ["C" + "." * 998 + "M"])
    refused(lambda: catmouse.parse_board(big_text), "1,732 cells")            # was about 5 s
    refused(lambda: catmouse.random_board(1000, 1000, 10, seed=0, max_tries=50), "1,732 cells")
    refused(lambda: catmouse.random_board(40, 40, 10, seed=0, max_tries=10_000), "max_tries")
    refused(lambda: catmouse.Board(50, 50, (), ((0, 0),), (49, 49)), "1,732 cells")
    assert catmouse.Board(41, 42, (), ((0, 0),), (41, 40)).rows == 41       # the largest allowed
    runs = [1] * 1_000_000
    refused(lambda: catmouse.solved_share(runs, 10**7, 1), "budget")          # was 4 s
    games = {str(k): GAME for k in range(101)}
    refused(lambda: catmouse.plot_trajectories(games, 4, 4), "games")
    refused(lambda: catmouse.plot_capture_heatmap(np.zeros((3000, 3)), list(range(3000)),
                                                  [1, 2, 3], "t"), "table")
    moves = [(0, 0, 3, 3)] * 60_000
    refused(lambda: catmouse.animate_games({"a": moves, "b": moves}, 4, 4), "games")


def test_an_animation_checks_only_the_frames_it_shows():
    import matplotlib.pyplot as plt

    frames = [(0, 0, 3, 3)] * 5 + [(9, 9, 9, 9)] * 10**4          # off the board after frame 5
    anim = catmouse.animate_game(frames, 4, 4, max_frames=5)
    anim.to_jshtml()
    plt.close("all")
    refused(lambda: catmouse.animate_game(frames, 4, 4, max_frames=6), "positions[5]")
