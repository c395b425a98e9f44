"""Fuzz of catmouse's public entry points: every bad argument of the solvers, the trainers, the
tables, the window policies, the general policies, the boards and the drawings is refused
quickly by our own checks, naming itself; random walls and letter tables either give the
answer they describe or are refused. The issue's cases are regressions in
test_catmouse_reliability.py."""

import numpy as np
from fuzzing import FUZZ, bad_name, bad_real, bad_whole, not_a_flag, not_whole, refused
from hypothesis import given
from hypothesis import strategies as st

import catmouse
from catmouse import (
    CoevolutionConfig,
    FeaturePolicy,
    LegacyStream,
    RotationPolicy,
    capture_with_speeds,
    evaluate_local,
    expected_capture_from_corner,
    exploitability,
    greedy_table,
    initial_window_table,
    optimal_capture,
    play_local,
    play_pursuit,
    policy_capture_from_corner,
    policy_cells,
    random_board,
    random_cat_capture,
    solve,
    train_local,
    train_tabular,
    train_tabular_improved,
)

SOL = solve(4, 5)
GREEDY = greedy_table(4, 4)
WINDOW = initial_window_table()
SIZE = ("positions", "entries", "rows", "cols")    # a board too big is refused naming its size

bad_side = bad_whole(2, 1000)
bad_first = bad_name(("cat", "mouse"))
bad_mouse = bad_name(("random", "smart", "strict"))
bad_seed = st.one_of(not_whole(), st.integers(max_value=-1))
bad_cell = st.one_of(st.just((-1, 0)), st.just((9, 9)), st.just((1.5, 2)), st.just((1, 2, 3)),
                     st.just("ab"), st.integers(), st.none(), st.just((True, 0)))
bad_walls = st.one_of(st.just([(0, 0)]), st.just([(1.5, 2)]), st.just([(9, 9)]), st.just("ab"),
                      st.just(5), st.just([(1, 2, 3)]), st.just([(-1, 2)]), st.just(None))
too_big = st.sampled_from([(200, 200), (500, 2), (45, 45), (1000, 1000)])


def bad_tables(n):
    """Next-cell tables that are not a cat on an n-cell board: wrong shape, kind or moves."""
    return st.one_of(st.just(np.zeros((n, n + 1), dtype=int)), st.just(np.full((n, n), 0.5)),
                     st.just(np.full((n, n), -1)), st.just(np.full((n, n), n)),
                     st.just(np.zeros((n, n), dtype=int)), st.just("table"), st.just(3))


SOLVE_BAD = {"rows": bad_side, "cols": bad_side, "first_move": bad_first, "obstacles": bad_walls,
             "cats": bad_whole(1, 3)}


@FUZZ
@given(st.sampled_from(sorted(SOLVE_BAD)), st.data())
def test_optimal_capture_refuses_each_bad_argument(name, data):
    kwargs = {"rows": 5, "cols": 4, "first_move": "cat", name: data.draw(SOLVE_BAD[name])}
    refused(lambda: optimal_capture(**kwargs), name, "obstacles", *SIZE)
    if name != "first_move" and kwargs.get("obstacles") != [(0, 0)]:   # solve: walls anywhere
        kwargs.pop("first_move")
        refused(lambda: solve(**kwargs), name, "obstacles", *SIZE)


@FUZZ
@given(too_big, st.sampled_from([1, 2, 3]))
def test_boards_beyond_the_machine_are_refused_up_front(board, cats):
    refused(lambda: optimal_capture(*board, cats=cats), "positions")
    refused(lambda: catmouse.greedy_is_optimal(*board), "positions", "rows", "cols")
    refused(lambda: expected_capture_from_corner(*board), "entries", "rows", "cols")
    refused(lambda: random_cat_capture(*board), "entries", "rows", "cols")
    refused(lambda: capture_with_speeds(*board, cat_speed=3, mouse_speed=3), "limit", "rows")
    refused(lambda: catmouse.initial_cat_policy(*board), "entries", "rows", "cols")
    refused(lambda: train_tabular(*board, iterations=1), "entries", "rows", "cols")


VALUE_BAD = {"cats": st.one_of(bad_cell.map(lambda c: [c]), st.just([(0, 0), (1, 1)]),
                               st.just([]), st.just("ab")),
             "mouse": bad_cell, "to_move": bad_name(("cat", "mouse"))}


@FUZZ
@given(st.sampled_from(sorted(VALUE_BAD)), st.data())
def test_solution_value_refuses_bad_cells_and_sides(name, data):
    kwargs = {"cats": [(0, 0)], "mouse": (4, 3), "to_move": "cat", name: data.draw(VALUE_BAD[name])}
    refused(lambda: SOL.value(**kwargs), name)
    if name != "to_move":
        refused(lambda: catmouse.optimal_cat_moves(SOL, kwargs["cats"], kwargs["mouse"]), name)


EXPECTED_BAD = {"rows": bad_side, "cols": bad_side, "mouse": bad_mouse, "first_move": bad_first,
                "max_sweeps": bad_whole(1, 10_000_000), "cat_table": bad_tables(20)}


@FUZZ
@given(st.sampled_from(sorted(EXPECTED_BAD)), st.data())
def test_expected_capture_refuses_each_bad_argument(name, data):
    kwargs = {"rows": 4, "cols": 5, "mouse": "smart", "first_move": "mouse",
              name: data.draw(EXPECTED_BAD[name])}
    refused(lambda: expected_capture_from_corner(**kwargs), name, *SIZE)
    kwargs.setdefault("cat_table", policy_cells(4, 5))
    refused(lambda: policy_capture_from_corner(**kwargs), name, *SIZE)


@FUZZ
@given(st.sampled_from(["limit", "mouse", "first_move", "cat_speed", "mouse_speed"]), st.data())
def test_random_cat_and_speeds_refuse_each_bad_argument(name, data):
    value = data.draw({"limit": bad_whole(1, 10**6), "mouse": bad_mouse, "first_move": bad_first,
                       "cat_speed": bad_whole(1, 3), "mouse_speed": bad_whole(1, 3)}[name])
    if name in ("limit", "mouse", "first_move") and value is not None:     # limit None: default
        refused(lambda: random_cat_capture(5, 5, **{name: value}), name)
    if name != "limit" and name != "mouse":
        refused(lambda: capture_with_speeds(5, 5, **{name: value}), name)


def letter_tables():
    """Letter tables of 3x3 or 3x4 boards with a few entries replaced by anything."""
    return st.tuples(st.sampled_from([(3, 3), (3, 4)]), st.lists(
        st.tuples(st.integers(0, 143), st.sampled_from(["R", "L", "U", "D", "X", ""])),
        max_size=4))


@FUZZ
@given(letter_tables(), st.sampled_from(["cat", "mouse"]))
def test_random_letter_tables_are_measured_or_refused(spec, who):
    (rows, cols), edits = spec
    table = (catmouse.initial_cat_policy(rows, cols) if who == "cat"
             else catmouse.initial_mouse_policy(rows, cols)).astype("<U1")
    flat = table.reshape(-1)
    for k, letter in edits:
        flat[k % flat.size] = letter
    x, y = np.meshgrid(np.arange(cols), np.arange(rows), indexing="ij")
    x, y = (x[:, :, None, None], y[:, :, None, None]) if who == "cat" else (x, y)
    legal = (((table == "R") & (x < cols - 1)) | ((table == "L") & (x > 0))
             | ((table == "U") & (y < rows - 1)) | ((table == "D") & (y > 0))).all()
    call = lambda: exploitability(**{f"{who}_policy": table})
    if legal:
        assert call().optimal == (optimal_capture(rows, cols) or np.inf)
    else:
        refused(call, f"{who}_policy")


NOT_TABLES = st.one_of(st.none(), st.integers(), st.text(max_size=3), st.just(np.zeros((3, 3))),
                       st.just(GREEDY[:, :, :, :3]), st.just(GREEDY.astype(object)),
                       st.just(np.zeros((4, 4, 4, 4), dtype=int)))


@FUZZ
@given(NOT_TABLES, st.sampled_from(["cat_policy", "mouse_policy"]))
def test_exact_measures_refuse_what_is_not_a_table(table, name):
    refused(lambda: exploitability(**{name: table}), name)
    refused(lambda: catmouse.best_response(**{name: table}), name)
    refused(lambda: catmouse.validate_policy(table, 4, 4, name[:-7]), "policy")


TABULAR_BAD = {"rows": bad_side, "cols": bad_side, "first_move": bad_first,
               "initial_cat": bad_name(("WEAK", "STRONG")), "iterations": bad_whole(0, 10**7),
               "seed": st.one_of(bad_seed, st.integers(min_value=2**32)),
               "mode": bad_name(("article", "fast")), "progress": not_a_flag,
               "verbose": not_a_flag, "snapshot_every": bad_whole(0, 10**7),
               "log_every": bad_whole(1, 10**7)}


@FUZZ
@given(st.sampled_from(sorted(TABULAR_BAD)), st.data())
def test_version_1_trainers_refuse_each_bad_argument(name, data):
    value = data.draw(TABULAR_BAD[name])
    refused(lambda: train_tabular(**{"iterations": 5, name: value}), name)
    if name in ("rows", "cols", "first_move", "initial_cat", "iterations", "progress") or (
            name == "seed" and not (isinstance(value, int) and value >= 2**32)):  # any seed >= 0
        refused(lambda: train_tabular_improved(**{"iterations": 5, name: value}), name)
    if name in ("rows", "cols", "first_move", "initial_cat", "iterations"):
        refused(lambda: catmouse.train_plain(**{"iterations": 5, name: value}), name)


CONFIG_BAD = {"max_changes": bad_whole(1, 64), "candidates": bad_whole(0, 1000),
              "hall_of_fame": bad_whole(0, 100_000), "patience": bad_whole(0, 10**7),
              "temperature": bad_real(0, None), "half_life": bad_whole(1, None),
              "admit": bad_name(("strong", "beaten")), "drift": not_a_flag,
              "both_learn": not_a_flag, "stop_after": bad_whole(0, 10**7)}


@FUZZ
@given(st.sampled_from(sorted(CONFIG_BAD)), st.data())
def test_coevolution_configs_refuse_each_bad_field(name, data):
    refused(lambda: CoevolutionConfig(**{name: data.draw(CONFIG_BAD[name])}), name)


LOCAL_BAD = {"rows": st.one_of(bad_side, st.integers(2, 3)), "games": bad_whole(1, 100_000),
             "mouse": bad_mouse, "mode": bad_name(("article", "fast")), "seed": bad_seed,
             "policy": st.one_of(st.just(WINDOW.astype(float)), st.just(WINDOW - 1),
                                 st.just(WINDOW[..., :2]), st.just(np.full_like(WINDOW, 1)),
                                 st.none(), st.just("window"))}


@FUZZ
@given(st.sampled_from(sorted(LOCAL_BAD)), st.data())
def test_version_2_refuses_each_bad_argument(name, data):
    kwargs = {"policy": WINDOW, "rows": 5, "cols": 5, "games": 5, "mouse": "smart",
              "mode": "fast", name: data.draw(LOCAL_BAD[name])}
    refused(lambda: evaluate_local(**kwargs), name)
    if name not in ("policy", "mouse"):
        kwargs.pop("policy")
        kwargs.pop("mouse")
        refused(lambda: train_local(**kwargs, phase1_iterations=1, phase2_iterations=1), name)
    if name == "policy" and kwargs["policy"] is not None:             # None: the greedy rule
        refused(lambda: play_local(kwargs["policy"], 5, 5, "smart", lambda: 0), "table")
        refused(lambda: policy_cells(5, 5, kwargs["policy"]), "table")


@FUZZ
@given(st.one_of(st.none(), st.just(lambda: 7), st.just(lambda: 0.5), st.just(lambda: "U"),
                 st.just(lambda: 0)))
def test_play_local_refuses_draws_that_are_not_directions(draw):
    refused(lambda: play_local(WINDOW, 5, 5, "random", draw), "draw")


POLICY_BAD = {"who": bad_name(("cat", "mouse")),
              "params": st.one_of(st.just(np.full(423, 0.5)), st.just(np.full(423, 4)),
                                  st.just(np.zeros(10, dtype=int)), st.just("RLUD"), st.none().map(
                                      lambda _: np.full(423, -1)))}


@FUZZ
@given(st.sampled_from(sorted(POLICY_BAD)), st.data())
def test_general_policies_refuse_bad_movers_and_parameters(name, data):
    value = data.draw(POLICY_BAD[name])
    if name == "params" and value is None:
        return
    refused(lambda: RotationPolicy(**{name: value}), name)
    if name == "params":
        refused(lambda: RotationPolicy().codes(5, 5, value), "params")


@FUZZ
@given(bad_side, bad_side)
def test_boards_and_pictures_refuse_bad_sides(rows, cols):
    for call in (lambda: random_board(rows, 5, 1, seed=0),
                 lambda: catmouse.draw_board(5, cols, (0, 0), (1, 1)),
                 lambda: catmouse.parity_rule_cat_wins(rows, 5, "cat"),
                 lambda: catmouse.article_pictures(rows, cols)):
        refused(call, "rows", "cols")


@FUZZ
@given(st.sampled_from(["cats", "mouse", "obstacles", "max_cat_moves", "cat_fn"]), st.data())
def test_pursuit_refuses_each_bad_argument(name, data):
    value = data.draw({"cats": bad_cell.map(lambda c: [c]), "mouse": bad_cell.filter(
        lambda c: c is not None),                                          # None: the corner
                       "obstacles": bad_walls.filter(lambda w: w != [(0, 0)]),
                       "max_cat_moves": bad_whole(1, 10**6), "cat_fn": st.integers()}[name])
    kwargs = {"cat_fn": lambda c, m: ["U"], "mouse_fn": lambda c, m: "D", name: value}
    refused(lambda: play_pursuit(4, 4, **kwargs), name)


@FUZZ
@given(bad_seed, bad_whole(1, 1 << 24), bad_whole(1, 2**32))
def test_legacy_streams_refuse_bad_seeds_blocks_and_ranges(seed, block, n):
    refused(lambda: LegacyStream(seed), "seed")
    refused(lambda: LegacyStream(0, block), "block")
    refused(lambda: LegacyStream(0).below(n), "n")


@FUZZ
@given(st.lists(st.tuples(st.integers(-1, 5), st.integers(-1, 4)), max_size=4))
def test_random_walls_give_the_solvers_value_or_are_refused(walls):
    cells = {(0, 0), (4, 3)}
    on_board = all(0 <= x < 5 and 0 <= y < 4 for x, y in walls)
    if on_board and not cells & set(walls) and len(set(walls)) == len(walls):   # none twice
        try:
            value = optimal_capture(4, 5, "cat", walls)
        except ValueError as err:                       # a free cell shut in by walls
            assert "no free neighbour" in str(err)
            return
        best = solve(4, 5, walls).value([(0, 0)], (4, 3), "cat")
        assert value == (None if np.isinf(best) else best)
    else:
        refused(lambda: optimal_capture(4, 5, "cat", walls), "obstacles")


@FUZZ
@given(st.integers(2, 9), st.integers(2, 9), st.sampled_from(["cat", "mouse"]))
def test_valid_boards_keep_the_parity_rule(rows, cols, first):
    moves = optimal_capture(rows, cols, first)
    assert moves == (rows + cols - 3 if catmouse.parity_rule_cat_wins(rows, cols, first) else None)


def test_feature_policy_moves_the_cat_only_and_policies_need_a_table_policy():
    refused(lambda: FeaturePolicy("mouse"), "who")
    refused(lambda: catmouse.train_cat_policy(RotationPolicy("mouse"), iterations=1), "policy")
    refused(lambda: catmouse.train_mouse_policy(FeaturePolicy(), iterations=1), "policy")
    refused(lambda: catmouse.measure_cat("policy", 5, 5, "smart"), "policy")
    refused(lambda: catmouse.train_cat_policy(FeaturePolicy(), configs=[(5, 5)]), "configs")
    refused(lambda: catmouse.train_mouse_policy(RotationPolicy("mouse"), boards=[(1, 5)]), "rows")
    refused(lambda: catmouse.mouse_survival(RotationPolicy("mouse"), 5, 5, "dog"), "first_move")
    refused(lambda: catmouse.measure_cells(policy_cells(5, 5), 5, 5, "smart", max_sweeps=0),
            "max_sweeps")


# ---- every public entry point, argument by argument: numpy integers, bools, text booleans, NaN,
# huge sizes (issue 30 items 8 and 9) ------------------------------------------------------------
import dataclasses
import itertools
import math

import matplotlib.pyplot as plt
import pytest

MOUSE4 = catmouse.initial_mouse_policy(4, 4)
GAME = catmouse.play_tables(GREEDY, MOUSE4)
TEAM = catmouse.parse_board("..M\n...\nCC.")
SWEEP = [{"rows": r, "cols": 6, "seed": s, "variant": v, "result": {"solved_at": t}}
         for r in (6, 7) for v, times in (("a", [1000, 4000, None, 7000]),
                                          ("b", [2500, 3000, 9000, None]))
         for s, t in enumerate(times)]                   # sweep rows of two variants, paired


def entry(fn, base, sizes=(), numbers=(), flags=(), reals=()):
    """A public call: its valid keyword arguments; ``sizes``: integer arguments bounded above
    (huge values must be refused), ``numbers``: integers without an upper bound (seeds,
    coordinates), ``flags``: True/False arguments, ``reals``: float arguments."""
    return {"fn": fn, "base": base, "sizes": sizes, "numbers": numbers, "flags": flags,
            "reals": reals}


ENTRIES = {
    "winnable_board": entry(catmouse.winnable_board, dict(rows=8, cols=7, first_move="cat"),
                            ("rows", "cols")),
    "board_list": entry(catmouse.board_list, dict(value=[(6, 6), (7, 6)], name="B", max_side=9),
                        numbers=("max_side",)),
    "solve": entry(solve, dict(rows=4, cols=5, cats=1, plain=False), ("rows", "cols", "cats"),
                   flags=("plain",)),
    "optimal_capture": entry(optimal_capture, dict(rows=4, cols=5, first_move="cat", cats=1),
                             ("rows", "cols", "cats")),
    "capture_with_speeds": entry(capture_with_speeds, dict(rows=5, cols=5, cat_speed=2,
                                                           mouse_speed=1),
                                 ("rows", "cols", "cat_speed", "mouse_speed")),
    "solve_speeds": entry(catmouse.solve_speeds, dict(rows=5, cols=5, cat_speed=2, mouse_speed=1),
                          ("rows", "cols", "cat_speed", "mouse_speed")),
    "random_cat_capture": entry(random_cat_capture, dict(rows=5, cols=5, limit=10),
                                ("rows", "cols", "limit")),
    "expected_capture": entry(catmouse.expected_capture, dict(rows=4, cols=4, max_sweeps=1000,
                                                              tol=1e-9),
                              ("rows", "cols", "max_sweeps"), reals=("tol",)),
    "expected_capture_from_corner": entry(expected_capture_from_corner,
                                          dict(rows=4, cols=5, max_sweeps=1000),
                                          ("rows", "cols", "max_sweeps")),
    "policy_capture_from_corner": entry(policy_capture_from_corner,
                                        dict(rows=5, cols=5, mouse="smart", first_move="mouse",
                                             cat_table=policy_cells(5, 5), max_sweeps=1000),
                                        ("rows", "cols", "max_sweeps")),
    "policy_cells": entry(policy_cells, dict(rows=5, cols=5), ("rows", "cols")),
    "greedy_table": entry(greedy_table, dict(rows=4, cols=4), ("rows", "cols")),
    "greedy_is_optimal": entry(catmouse.greedy_is_optimal, dict(rows=4, cols=4), ("rows", "cols")),
    "greedy_direction": entry(catmouse.greedy_direction, dict(cx=0, cy=0, mx=1, my=2),
                              numbers=("cx", "cy", "mx", "my")),
    "initial_cat_policy": entry(catmouse.initial_cat_policy, dict(rows=4, cols=4),
                                ("rows", "cols")),
    "initial_mouse_policy": entry(catmouse.initial_mouse_policy, dict(rows=4, cols=4),
                                  ("rows", "cols")),
    "validate_policy": entry(catmouse.validate_policy, dict(policy=GREEDY, rows=4, cols=4,
                                                            who="cat"), ("rows", "cols")),
    "parity_rule_cat_wins": entry(catmouse.parity_rule_cat_wins, dict(rows=4, cols=5,
                                                                      first_move="cat"),
                                  ("rows", "cols")),
    "article_rule_cat_wins": entry(catmouse.article_rule_cat_wins, dict(rows=4, cols=5,
                                                                        first_move="cat"),
                                   ("rows", "cols")),
    "winnable_first_move": entry(catmouse.winnable_first_move, dict(rows=4, cols=5),
                                 ("rows", "cols")),
    "random_board": entry(random_board, dict(rows=5, cols=5, walls=3, seed=0, cats=1,
                                             max_tries=10),
                          ("rows", "cols", "walls", "cats", "max_tries"), ("seed",)),
    "Board": entry(catmouse.Board, dict(rows=4, cols=4, obstacles=(), cats=((0, 0),),
                                        mouse=(3, 3)), ("rows", "cols")),
    "hill_climb_cat": entry(catmouse.hill_climb_cat, dict(rows=4, cols=4, iterations=3, seed=0,
                                                          progress=False),
                            ("rows", "cols", "iterations"), ("seed",), ("progress",)),
    "hill_climb_team": entry(catmouse.hill_climb_team, dict(board=TEAM, iterations=2, seed=0,
                                                            progress=False, plain=False),
                             ("iterations",), ("seed",), ("progress", "plain")),
    "play_tables": entry(catmouse.play_tables, dict(cat_policy=GREEDY, mouse_policy=MOUSE4,
                                                    validate=True), flags=("validate",)),
    "train_tabular": entry(train_tabular, dict(rows=4, cols=5, iterations=20, seed=0, mode="fast",
                                               snapshot_every=10, log_every=5, progress=False,
                                               verbose=False),
                           ("rows", "cols", "iterations", "snapshot_every", "log_every"),
                           ("seed",), ("progress", "verbose")),
    "train_tabular_improved": entry(train_tabular_improved,
                                    dict(rows=4, cols=5, iterations=20, seed=0,
                                         checkpoint_every=10, stop_when_solved=False,
                                         progress=False),
                                    ("rows", "cols", "iterations", "checkpoint_every"), ("seed",),
                                    ("stop_when_solved", "progress")),
    "train_plain": entry(catmouse.train_plain, dict(rows=4, cols=5, iterations=20, seed=0),
                         ("rows", "cols", "iterations"), ("seed",)),
    "CoevolutionConfig": entry(CoevolutionConfig,
                               dict(max_changes=3, candidates=2, hall_of_fame=10, patience=5,
                                    restart_after=30, best_response_every=0, half_life=100,
                                    stop_after=0, temperature=1.0, both_learn=True,
                                    sequential=True, drift=True),
                               ("max_changes", "candidates", "hall_of_fame", "patience",
                                "restart_after", "best_response_every", "stop_after"),
                               ("half_life",), ("both_learn", "sequential", "drift"),
                               ("temperature",)),
    "evaluate_local": entry(evaluate_local, dict(policy=WINDOW, rows=5, cols=5, games=10, seed=0,
                                                 mode="fast"),
                            ("rows", "cols", "games"), ("seed",)),
    "train_local": entry(train_local, dict(rows=5, cols=5, games=10, mode="fast",
                                           phase1_iterations=2, phase2_iterations=2,
                                           candidates=2, max_edits=5, seed=0, progress=False,
                                           verbose=False),
                         ("rows", "cols", "games", "phase1_iterations", "phase2_iterations",
                          "candidates", "max_edits"), ("seed",), ("progress", "verbose")),
    "train_local_exact": entry(catmouse.train_local_exact, dict(rows=5, cols=5, iterations=2,
                                                                seed=0, progress=False),
                               ("rows", "cols", "iterations"), ("seed",), ("progress",)),
    "train_local_mouse_exact": entry(catmouse.train_local_mouse_exact,
                                     dict(rows=5, cols=5, iterations=2, seed=0, progress=False),
                                     ("rows", "cols", "iterations"), ("seed",), ("progress",)),
    "cat_window_as_table": entry(catmouse.cat_window_as_table, dict(rows=5, cols=5, table=WINDOW),
                                 ("rows", "cols")),
    "window_direction": entry(catmouse.window_direction, dict(table=WINDOW, cx=0, cy=0, mx=1,
                                                              my=1, rows=5, cols=5),
                              ("rows", "cols", "cx", "cy", "mx", "my")),
    "play_pursuit": entry(play_pursuit, dict(rows=4, cols=4, cat_fn=lambda c, m: ["R"],
                                             mouse_fn=lambda c, m: "D", max_cat_moves=2),
                          ("rows", "cols", "max_cat_moves")),
    "measure_cat": entry(catmouse.measure_cat, dict(policy=FeaturePolicy(), rows=5, cols=5,
                                                    mouse="smart", max_sweeps=100),
                         ("rows", "cols", "max_sweeps")),
    "measure_cells": entry(catmouse.measure_cells, dict(cat_next=policy_cells(5, 5), rows=5,
                                                        cols=5, mouse="smart", max_sweeps=100),
                           ("rows", "cols", "max_sweeps")),
    "mouse_survival": entry(catmouse.mouse_survival, dict(policy=RotationPolicy("mouse"), rows=5,
                                                          cols=5), ("rows", "cols")),
    "train_cat_policy": entry(catmouse.train_cat_policy,
                              dict(policy=FeaturePolicy(), configs=((5, 5, "smart"),),
                                   iterations=1, seed=0, progress=False),
                              ("iterations",), ("seed",), ("progress",)),
    "train_mouse_policy": entry(catmouse.train_mouse_policy,
                                dict(policy=RotationPolicy("mouse"), boards=((5, 5),),
                                     iterations=1, seed=0, progress=False),
                                ("iterations",), ("seed",), ("progress",)),
    "LegacyStream": entry(LegacyStream, dict(seed=3, block=4096), ("block",), ("seed",)),
    "solved_share": entry(catmouse.solved_share, dict(solved_at=[1, None], budget=10, step=1),
                          ("budget",), ("step",)),
    "variant_trial": entry(catmouse.variant_trial,
                           dict(rows=3, cols=4, first_move="cat", variant="article's scheme",
                                iterations=20, seed=0, checkpoint_every=10),
                           ("rows", "cols", "iterations", "checkpoint_every"), ("seed",)),
    "tuning_trial": entry(catmouse.tuning_trial,
                          dict(rows=3, cols=4, first_move="cat", variant="improved",
                               iterations=20, seed=0, checkpoint_every=10),
                          ("rows", "cols", "iterations", "checkpoint_every"), ("seed",)),
    "tuning_sweep": entry(catmouse.tuning_sweep,
                          dict(boards=[(3, 4)], iterations=20, checkpoint_every=10, trials=1,
                               seed=0, n_jobs=1, progress=False),
                          ("iterations", "checkpoint_every", "trials"), ("seed",)),
    "compare_trainers_trial": entry(catmouse.compare_trainers_trial,
                                    dict(rows=3, cols=4, first_move="cat", iterations=20, seed=0,
                                         checkpoint_every=10),
                                    ("rows", "cols", "iterations", "checkpoint_every"),
                                    ("seed",)),
    "draw_board": entry(catmouse.draw_board, dict(rows=4, cols=4, cat=(0, 0), mouse=(3, 3)),
                        ("rows", "cols")),
    "article_pictures": entry(catmouse.article_pictures, dict(rows=4, cols=5), ("rows", "cols")),
    "window_pictures": entry(catmouse.window_pictures, dict(rows=5, cols=5), ("rows", "cols")),
    "animate_game": entry(catmouse.animate_game, dict(positions=[(0, 0, 3, 3)], rows=4, cols=4,
                                                      interval=100, max_frames=5, dpi=30),
                          ("rows", "cols", "max_frames", "dpi"), reals=("interval",)),
    "animate_games": entry(catmouse.animate_games, dict(games={"a": [(0, 0, 3, 3)]}, rows=4,
                                                        cols=4, dpi=30, interval=100, width=3.0),
                           ("rows", "cols", "dpi"), reals=("interval", "width")),
    "plot_learning_curves": entry(catmouse.plot_learning_curves,
                                  dict(run=train_tabular(4, 5, iterations=10), window=5),
                                  numbers=("window",)),
    "plot_trajectories": entry(catmouse.plot_trajectories, dict(games={"g": GAME}, rows=4,
                                                                cols=4, ncols=2),
                               ("rows", "cols", "ncols")),
    "play_local": entry(lambda rows, cols: play_local(WINDOW, rows, cols, "random",
                                                      itertools.cycle([0, 1, 2, 3]).__next__),
                        dict(rows=5, cols=5), ("rows", "cols")),
    "longer_games_ablation": entry(catmouse.longer_games_ablation,
                                   dict(rows=4, cols=5, first_move="cat", initial_cat="WEAK",
                                        iterations=20, seeds=2, first_seed=0),
                                   ("rows", "cols", "iterations", "seeds"), ("first_seed",)),
    "paired_solve_difference": entry(catmouse.paired_solve_difference,
                                     dict(rows=SWEEP, variant="a", reference="b", budget=30_000,
                                          reps=200, seed=0, confidence=0.95),
                                     ("budget", "reps"), ("seed",), reals=("confidence",)),
    "unexpected_moves": entry(catmouse.unexpected_moves, dict(positions=GAME.positions, rows=4,
                                                              cols=4), ("rows", "cols")),
    "capture_census": entry(lambda side: catmouse.capture_census([2, side]), dict(side=3),
                            ("side",)),
    "speed_census": entry(lambda side, speed: catmouse.speed_census([2, side], [(speed, 1)]),
                          dict(side=3, speed=2), ("side", "speed")),
}
INTEGERS = [(name, arg) for name, e in ENTRIES.items() for arg in (*e["sizes"], *e["numbers"])]
SIZES = [(name, arg) for name, e in ENTRIES.items() for arg in e["sizes"]]
FLAGS = [(name, arg) for name, e in ENTRIES.items() for arg in e["flags"]]
REALS = [(name, arg) for name, e in ENTRIES.items() for arg in e["reals"]]


def call(name, **changes):
    e = ENTRIES[name]
    try:
        return e["fn"](**{**e["base"], **changes})
    finally:
        plt.close("all")


def same(a, b) -> bool:
    """Equal results: dataclasses field by field, arrays element by element (NaN equal to NaN),
    figures and animations taken as equal."""
    if type(a) is not type(b):
        return False
    if dataclasses.is_dataclass(a):
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    if isinstance(a, np.ndarray):
        return a.shape == b.shape and a.dtype == b.dtype and np.array_equal(
            a, b, equal_nan=a.dtype.kind == "f")
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, (int, str, bool, type(None))):
        return a == b
    if isinstance(a, LegacyStream):
        return same(a.below(1000), b.below(1000))
    return True                              # figures, animations, policies: drawn, not compared


def test_the_table_covers_every_public_function_with_integer_arguments():
    import inspect

    covered = {e["fn"] for e in ENTRIES.values()} | {play_local}
    missing = []
    for name in catmouse.__all__:
        obj = getattr(catmouse, name)
        if not callable(obj) or obj in covered or name.startswith("check_"):
            continue
        try:
            params = inspect.signature(obj).parameters
        except (TypeError, ValueError):
            continue
        ints = [p for p, v in params.items() if v.annotation in ("int", "int | None")
                or (isinstance(v.default, int) and not isinstance(v.default, bool))]
        if ints and name not in RESULT_TYPES:
            missing.append((name, ints))
    assert not missing, missing


RESULT_TYPES = {"CaptureTimes", "Census", "SpeedCensus", "Checkpoint", "Climb", "ClimbScore",
                "CoevolutionRun", "Expectation", "Exploitability", "LocalGame", "LocalRun",
                "LocalScore", "Measure", "PlainRun", "Pursuit", "Solution", "StartValues",
                "TableGame", "TabularRun", "compare_trainers",       # compare_trainers_trial
                "compare_trainers_cached", "variant_run_cached", "tuning_run_cached",
                "is_cached", "plot_capture_heatmap", "board_area", "LongerGames",
                "SolveDifference", "Unexpected"}


@pytest.mark.parametrize("name,arg", INTEGERS, ids=[f"{n}-{a}" for n, a in INTEGERS])
def test_numpy_integers_work_wherever_python_integers_do(name, arg):
    value = ENTRIES[name]["base"][arg]
    for kind in (np.int64, np.int32, np.uint16):
        assert same(call(name, **{arg: kind(value)}), call(name)), (name, arg, kind)


@pytest.mark.parametrize("name,arg", INTEGERS, ids=[f"{n}-{a}" for n, a in INTEGERS])
def test_bools_text_floats_and_nan_never_count_as_integers(name, arg):
    for bad in (True, False, np.bool_(True), "3", 3.0, math.nan, np.float64(3.0)):
        refused(lambda bad=bad: call(name, **{arg: bad}), arg)


@pytest.mark.parametrize("name,arg", SIZES, ids=[f"{n}-{a}" for n, a in SIZES])
def test_huge_sizes_are_refused_at_once(name, arg):
    for huge in (10**12, 2**63, np.int64(2**62), np.uint64(2**64 - 1), -1, -(2**63)):
        refused(lambda huge=huge: call(name, **{arg: huge}), arg, *SIZE, "limit", "cells",
                "memory", "GB", "steps", "work", "entries")


@pytest.mark.parametrize("name,arg", FLAGS, ids=[f"{n}-{a}" for n, a in FLAGS])
def test_text_and_number_booleans_are_refused(name, arg):
    for bad in ("False", "True", "no", "0", "", 0, 1, None, 1.0):
        refused(lambda bad=bad: call(name, **{arg: bad}), arg)
    assert same(call(name, **{arg: np.bool_(ENTRIES[name]["base"][arg])}), call(name))


@pytest.mark.parametrize("name,arg", REALS, ids=[f"{n}-{a}" for n, a in REALS])
def test_nan_infinities_text_and_bools_are_refused_as_numbers(name, arg):
    for bad in (math.nan, math.inf, -math.inf, np.float64("nan"), "1.0", True, None):
        refused(lambda bad=bad: call(name, **{arg: bad}), arg)
    value = ENTRIES[name]["base"][arg]
    assert same(call(name, **{arg: np.float64(value)}), call(name))
