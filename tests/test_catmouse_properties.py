"""Issue 41 for catmouse: integer dtypes give the answers Python ints give (arguments are
converted once, at the boundary), option objects are checked when built, and hypothesis
properties over the public API: a correct result or our clear error, never anything else."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import catmouse as cm
from catmouse.v1.speed import PLAIN, Chunks, Speed
from catmouse.v2.window import random_window_table
from tests.fuzzing import FUZZ, INT_DTYPES, in_dtypes, refused

WINDOW = random_window_table(np.random.default_rng(3))


# ---- kind 1: every integer dtype gives the Python int's answer ------------------------------
def positions_5x5():
    cells = [(x, y) for x in range(5) for y in range(5)]
    return [(c, m) for c in cells for m in cells if c != m]


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.uint32, np.uint64])
def test_window_direction_with_unsigned_coordinates_moves_as_with_ints(dtype):
    """All 600 positions of 5x5: max(c, m) - 2 wrapped for unsigned coordinates (293 differed)."""
    for (cx, cy), (mx, my) in positions_5x5():
        want = cm.window_direction(WINDOW, cx, cy, mx, my, 5, 5)
        got = cm.window_direction(WINDOW, *(dtype(v) for v in (cx, cy, mx, my)), dtype(5),
                                  dtype(5))
        assert got == want, ((cx, cy), (mx, my))


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_greedy_direction_in_every_dtype(dtype):
    for (cx, cy), (mx, my) in positions_5x5()[::7]:
        assert cm.greedy_direction(*(dtype(v) for v in (cx, cy, mx, my))) == \
            cm.greedy_direction(cx, cy, mx, my)


def test_greedy_direction_refuses_cells_off_any_board():
    refused(lambda: cm.greedy_direction(-1, 0, 2, 2), "cx")
    refused(lambda: cm.greedy_direction(0, 0, 10**400, 2), "mx")
    refused(lambda: cm.greedy_direction(0, np.int8(-3), 2, 2), "cy")


CAT4, MOUSE4 = cm.initial_cat_policy(4, 4), cm.initial_mouse_policy(4, 4)
# (call, valid keyword arguments, the whole-number arguments to give in every dtype)
ENTRY_POINTS = [
    (cm.window_direction, {"table": WINDOW, "cx": 3, "cy": 1, "mx": 4, "my": 3, "rows": 5, "cols": 5},
     ("cx", "cy", "mx", "my", "rows", "cols")),
    (cm.parity_rule_cat_wins, {"rows": 4, "cols": 5, "first_move": "cat"}, ("rows", "cols")),
    (cm.article_rule_cat_wins, {"rows": 4, "cols": 4, "first_move": "cat"}, ("rows", "cols")),
    (cm.winnable_first_move, {"rows": 4, "cols": 5}, ("rows", "cols")),
    (cm.winnable_board, {"rows": 4, "cols": 5, "first_move": "cat"}, ("rows", "cols")),
    (cm.optimal_capture, {"rows": 3, "cols": 4, "first_move": "cat", "cats": 1}, ("rows", "cols", "cats")),
    (cm.greedy_table, {"rows": 3, "cols": 4}, ("rows", "cols")),
    (cm.initial_cat_policy, {"rows": 3, "cols": 4}, ("rows", "cols")),
    (cm.initial_mouse_policy, {"rows": 3, "cols": 4}, ("rows", "cols")),
    (cm.greedy_is_optimal, {"rows": 3, "cols": 4}, ("rows", "cols")),
    (cm.capture_with_speeds, {"rows": 3, "cols": 4, "cat_speed": 2, "mouse_speed": 1},
     ("rows", "cols", "cat_speed", "mouse_speed")),
    (cm.random_cat_capture, {"rows": 3, "cols": 4, "limit": 50}, ("rows", "cols", "limit")),
    (cm.expected_capture_from_corner, {"rows": 4, "cols": 4, "max_sweeps": 300},
     ("rows", "cols", "max_sweeps")),
    (cm.policy_cells, {"rows": 4, "cols": 5, "table": WINDOW}, ("rows", "cols")),
    (cm.cat_window_as_table, {"rows": 4, "cols": 5, "table": WINDOW}, ("rows", "cols")),
    (cm.random_board, {"rows": 4, "cols": 5, "walls": 2, "seed": 1, "cats": 1, "max_tries": 50},
     ("rows", "cols", "walls", "seed", "cats", "max_tries")),
    (cm.evaluate_local, {"policy": WINDOW, "rows": 5, "cols": 5, "games": 3, "seed": 1},
     ("rows", "cols", "games", "seed")),
    (cm.train_local, {"rows": 5, "cols": 5, "games": 3, "phase1_iterations": 2, "phase2_iterations": 1,
                          "candidates": 2, "max_edits": 3, "seed": 1},
     ("rows", "cols", "games", "phase1_iterations", "phase2_iterations", "candidates",
      "max_edits", "seed")),
    (cm.train_local_exact, {"rows": 4, "cols": 4, "iterations": 2, "seed": 1},
     ("rows", "cols", "iterations", "seed")),
    (cm.train_tabular, {"rows": 3, "cols": 4, "iterations": 20, "seed": 1, "snapshot_every": 10,
                            "log_every": 5},
     ("rows", "cols", "iterations", "seed", "snapshot_every", "log_every")),
    (cm.train_plain, {"rows": 3, "cols": 4, "iterations": 20, "seed": 1}, ("rows", "cols", "iterations")),
    (cm.train_tabular_improved, {"rows": 3, "cols": 4, "iterations": 20, "seed": 1, "checkpoint_every": 10,
                                     "speed": PLAIN},
     ("rows", "cols", "iterations", "seed", "checkpoint_every")),
    (cm.hill_climb_cat, {"rows": 3, "cols": 4, "iterations": 5, "seed": 1},
     ("rows", "cols", "iterations", "seed")),
    (cm.side_range, {"low": 2, "high": 5}, ("low", "high")),
    (cm.solved_share, {"solved_at": [3, None, 10], "budget": 20, "step": 5}, ("budget", "step")),
    (cm.measure_cells, {"cat_next": cm.policy_cells(4, 4), "rows": 4, "cols": 4, "mouse": "smart",
                            "max_sweeps": 300}, ("rows", "cols", "max_sweeps")),
    (cm.solve, {"rows": 3, "cols": 4, "cats": 1}, ("rows", "cols", "cats")),
    (cm.solve_speeds, {"rows": 3, "cols": 4, "cat_speed": 2, "mouse_speed": 1},
     ("rows", "cols", "cat_speed", "mouse_speed")),
    (cm.expected_capture, {"rows": 4, "cols": 4, "max_sweeps": 300}, ("rows", "cols", "max_sweeps")),
    (cm.train_local_mouse_exact, {"rows": 4, "cols": 4, "iterations": 2, "seed": 1},
     ("rows", "cols", "iterations", "seed")),
    (cm.longer_games_ablation, {"rows": 3, "cols": 4, "first_move": "cat", "initial_cat": "WEAK",
                                "iterations": 10, "seeds": 2, "first_seed": 1},
     ("rows", "cols", "iterations", "seeds", "first_seed")),
    (Chunks, {"head": 1, "first": 2, "growth": 2, "lockstep_min": 2},
     ("head", "first", "growth", "lockstep_min")),
    (cm.CoevolutionConfig, {"max_changes": 2, "hall_of_fame": 3, "patience": 4},
     ("max_changes", "hall_of_fame", "patience")),
]


def same(a, b) -> bool:
    """Equal results: arrays element by element, dataclasses field by field."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return np.array_equal(a, b)
    if hasattr(a, "__dataclass_fields__"):
        return type(a) is type(b) and all(same(getattr(a, f), getattr(b, f))
                                          for f in a.__dataclass_fields__)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("call,kwargs,names", ENTRY_POINTS,
                         ids=[getattr(c, "__name__", "?") for c, _, _ in ENTRY_POINTS])
def test_every_entry_point_answers_every_integer_dtype_as_a_python_int(call, kwargs, names):
    want = call(**kwargs)
    for name in names:
        for value in in_dtypes(kwargs[name]):
            got = call(**{**kwargs, name: value})
            assert same(got, want), (name, type(value).__name__)


# ---- kind 3: option objects checked when built ----------------------------------------------
@pytest.mark.parametrize("fields,name", [
    ((0, 0, 0, 0), "first"), ((16, 0, 16, 48), "first"), ((16, 256, 0, 48), "growth"),
    ((-1, 256, 16, 48), "head"), ((16, 256, 16, -5), "lockstep_min"),
    ((16, 10**400, 16, 48), "first"), ((16.0, 256, 16, 48), "head"), ((True, 256, 16, 48), "head"),
    (("16", 256, 16, 48), "head"), ((16, 256, None, 48), "growth"),
])
def test_chunks_that_could_loop_forever_or_are_not_counts_are_refused(fields, name):
    refused(lambda: Chunks(*fields), name)


def test_chunks_keep_python_ints():
    chunks = Chunks(np.uint8(3), np.int64(8), np.uint16(2), np.int8(4))
    assert chunks == Chunks(3, 8, 2, 4) and all(type(v) is int for v in vars(chunks).values())


@pytest.mark.parametrize("kwargs,name", [
    ({"lockstep": "no"}, "lockstep"),
    ({"compiled_walk": None}, "compiled_walk"), ({"arena": "quick"}, "arena"),
    ({"arena": ["fast"]}, "arena"), ({"arena_chunks": (16, 256, 16, 48)}, "arena_chunks"),
    ({"scan_chunks": None}, "scan_chunks"),
])
def test_speed_refuses_text_for_a_switch_and_anything_but_chunks(kwargs, name):
    refused(lambda: Speed(**kwargs), name)


def test_speed_takes_numpy_bools():
    assert Speed(lockstep=np.bool_(False)).lockstep is False


@pytest.mark.parametrize("kwargs,name", [
    ({"both_learn": "no"}, "both_learn"), ({"max_changes": 0}, "max_changes"),
    ({"patience": 10**400}, "patience"), ({"temperature": math.nan}, "temperature"),
    ({"half_life": 0}, "half_life"), ({"admit": "always"}, "admit"),
])
def test_coevolution_config_is_checked_when_built(kwargs, name):
    refused(lambda: cm.CoevolutionConfig(**kwargs), name)


# ---- hypothesis: a correct result or our clear error ----------------------------------------
anything = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=4),
                     st.lists(st.integers(-3, 8), max_size=3), st.just(np.uint8(3)),
                     st.just(np.int8(-2)), st.just(np.uint64(2**63)), st.just(10**400))


@FUZZ
@given(args=st.tuples(*(st.one_of(st.integers(0, 4), anything) for _ in range(4))))
def test_window_direction_gives_a_move_or_names_the_bad_coordinate(args):
    try:
        cells = [int(v) for v in args]
        valid = all(type(v) in (int, np.uint8) and 0 <= v <= 4 for v in args)
    except (TypeError, ValueError, OverflowError):
        cells, valid = None, False
    if valid:
        got = cm.window_direction(WINDOW, *args, 5, 5)
        assert got == cm.window_direction(WINDOW, *cells, 5, 5) and got in cm.DIRECTIONS
    else:
        refused(lambda: cm.window_direction(WINDOW, *args, 5, 5), "cat", "mouse")


@FUZZ
@given(fields=st.tuples(*(st.one_of(st.integers(-2, 300), anything) for _ in range(4))))
def test_chunks_are_counts_or_refused(fields):
    lows = (0, 1, 1, 1)
    valid = all(type(v) is int and low <= v <= 1_000_000 for v, low in zip(fields, lows))
    if valid:
        assert tuple(vars(Chunks(*fields)).values()) == fields
    else:
        refused(lambda: Chunks(*fields), "Chunks.")


@FUZZ
@given(cx=st.integers(-3, 9), cy=st.integers(-3, 9), mx=st.integers(-3, 9),
       my=st.integers(-3, 9), rows=st.integers(2, 7), cols=st.integers(2, 7))
def test_policy_cells_steps_to_a_neighbour_or_stays_on_the_mouse(cx, cy, mx, my, rows, cols):
    """The far rule's next cell is the cat's cell plus one step (or the mouse's when caught)."""
    nxt = cm.policy_cells(rows, cols)
    inside = all(0 <= x < cols for x in (cx, mx)) and all(0 <= y < rows for y in (cy, my))
    if not inside:
        return
    c, m = cx * rows + cy, mx * rows + my
    to = int(nxt[c, m])
    tx, ty = divmod(to, rows)
    assert (to == c) if c == m else abs(tx - cx) + abs(ty - cy) == 1
    if c != m:
        d = cm.greedy_direction(cx, cy, mx, my)
        assert (tx - cx, ty - cy) == {"R": (1, 0), "L": (-1, 0), "U": (0, 1), "D": (0, -1)}[d]


@pytest.mark.parametrize("call", [lambda s: cm.random_board(4, 5, 2, s),
                                  lambda s: cm.train_local_exact(4, 4, iterations=1, seed=s),
                                  lambda s: cm.hill_climb_cat(3, 4, iterations=1, seed=s)])
def test_seeds_beyond_64_bits_are_refused(call):
    refused(lambda: call(10**400), "seed")
    refused(lambda: call(2**64), "seed")
    call(np.uint64(2**64 - 1))


# ---- kind 8: the notebooks' constants, checked by the library ------------------------------
def notebook_constants(number: int) -> dict:
    """The parameters cell of notebook ``number`` as a dict (the notebook's own defaults)."""
    import ast
    from pathlib import Path

    path = next((Path(__file__).parent.parent / "notebooks").glob(f"{number}_*.py"))
    text = path.read_text()
    cell = text.split('# %% tags=["parameters"]\n', 1)[1].split("# %%", 1)[0]
    out = {}
    for node in ast.parse(cell).body:
        names = [t.id for t in node.targets] if isinstance(node.targets[0], ast.Name) else \
            [e.id for e in node.targets[0].elts]
        values = ast.literal_eval(node.value)
        out.update(zip(names, values if len(names) > 1 else [values]))
    return out


@pytest.mark.parametrize("number", [20, 21, 22, 23, 24])
def test_notebook_defaults_pass_and_every_constant_is_checked(number):
    from catmouse.settings import NOTEBOOKS, notebook_settings

    constants = notebook_constants(number)
    assert set(constants) == set(NOTEBOOKS[number])           # every constant, SEED included
    checked = notebook_settings(number, constants)
    for name in constants:
        assert checked[name] == constants[name] or list(map(tuple, checked[name])) == \
            list(map(tuple, constants[name]))
        for bad in (10**400, None, "x", math.nan):
            if not isinstance(constants[name], str) or bad != "x":
                refused(lambda n=name, b=bad: notebook_settings(number, {**constants, n: b}), name)


@pytest.mark.parametrize("number,name,value", [
    (20, "ITERATIONS", 10**8), (20, "SEED", 2**32), (20, "GIF_FRAMES_PER_GAME", 10**6),
    (21, "GAMES", 10**6), (21, "SEED", 2**64), (22, "SPEEDS", [[4, 1]]), (23, "N_JOBS", 1000),
    (23, "MAX_SIDE", 31), (23, "MIN_SIDE", 7), (24, "MAX_SWEEPS", 10**8), (24, "MICE", ["cat"]),
    (20, "NUM_ROWS", 7), (21, "TRAIN_ROWS", 4),
])
def test_a_constant_beyond_the_library_is_refused_in_the_check_cell(number, name, value):
    from catmouse.settings import notebook_settings

    constants = {**notebook_constants(number), name: value}
    if name == "MIN_SIDE":
        constants["MAX_SIDE"] = 6
    refused(lambda: notebook_settings(number, constants), name)


def test_papermill_lists_and_numpy_values_are_taken():
    from catmouse.settings import notebook_settings

    got = notebook_settings(22, {**notebook_constants(22), "SPEEDS": [[2, 1]],
                                 "SEED": np.uint8(4), "MAX_SIDE": np.int16(6)})
    assert got["SPEEDS"] == [(2, 1)] and type(got["SEED"]) is int and got["MAX_SIDE"] == 6
    got = notebook_settings(24, {**notebook_constants(24), "TEST_BOARDS": [[9, 11]],
                                 "MICE": ["smart"]})
    assert got["TEST_BOARDS"] == [(9, 11)] and got["MICE"] == ["smart"]
    refused(lambda: notebook_settings(24, {}), "CAT_ITERATIONS")


# ---- kind 4: positions, counts and tables that cannot be ------------------------------------
def test_optimal_cat_moves_refuses_a_mouse_already_caught():
    refused(lambda: cm.optimal_cat_moves(cm.solve(3, 3), [(2, 2)], (2, 2)), "mouse")


def test_solved_share_refuses_budgets_beyond_a_trainer_and_converts_solved_at():
    refused(lambda: cm.solved_share([3], 10**400, 5), "budget")
    refused(lambda: cm.solved_share([3], 20, 10**19), "step")
    grid, share = cm.solved_share([np.uint8(3), None], np.uint16(10), np.int8(5))
    assert grid.tolist() == [0, 5, 10] and share.tolist() == [0.0, 0.5, 0.5]


def test_train_tabular_improved_refuses_arenas_that_are_not_a_dict():
    refused(lambda: cm.train_tabular_improved(3, 4, iterations=2, arenas=[]), "arenas")


def test_unexpected_moves_refuses_a_game_that_jumps():
    refused(lambda: cm.unexpected_moves([(0, 0, 3, 3), (2, 2, 3, 3)], 4, 4), "positions[1]")
    refused(lambda: cm.unexpected_moves([(0, 0, 3, 3), (0, 0, 3, 3)], 4, 4), "positions[1]")
    game = cm.play_tables(CAT4, MOUSE4, "cat")
    assert cm.unexpected_moves(game.positions, 4, 4) == \
        cm.unexpected_moves([tuple(np.uint8(v) for v in p) for p in game.positions], 4, 4)


@pytest.mark.parametrize("fields,name", [((-1, 2, 0, 0), "cat"), ((3, 2, 0, 0), "cat"),
                                         ((0, 0, 1, 0), "mouse"), ((0, 1.5, 0, 0), "cat_moves")])
def test_unexpected_counts_are_counts(fields, name):
    refused(lambda: cm.Unexpected(*fields), name)


def test_drawing_refuses_titles_axes_and_windows_that_cannot_be():
    import matplotlib.pyplot as plt

    refused(lambda: cm.draw_board(3, 3, (0, 0), (2, 2), ax="x"), "ax")
    refused(lambda: cm.draw_board(3, 3, (0, 0), (2, 2), title=None), "title")
    refused(lambda: cm.plot_capture_heatmap(np.ones((2, 2)), [1, 2], [1, 2], 3), "title")
    refused(lambda: cm.animate_games({3: [(0, 0, 2, 2)]}, 3, 3), "labels")
    run = cm.train_tabular(3, 4, iterations=30, snapshot_every=10, log_every=10)
    refused(lambda: cm.plot_learning_curves(run, window=10**400), "window")
    _, ax = plt.subplots()
    assert len(cm.draw_board(3, 3, (0, 0), (2, 2), ax=ax)) == 2
    plt.close("all")


def test_a_wall_listed_twice_is_refused():
    refused(lambda: cm.hill_climb_cat(3, 3, obstacles=[(1, 1), (1, 1)], iterations=1),
            "obstacles")
    refused(lambda: cm.solve(3, 3, obstacles=np.array([[1, 1], [1, 1]])), "obstacles")


def test_tables_in_every_integer_dtype_give_the_same_moves_and_values():
    from tests.fuzzing import array_in_dtypes

    want_cells = cm.policy_cells(5, 5, WINDOW)
    want_score = cm.evaluate_local(WINDOW, 5, 5, games=3, seed=1)
    for table in array_in_dtypes(WINDOW):
        assert cm.validate_window_table(table).dtype == np.int8
        assert np.array_equal(cm.policy_cells(5, 5, table), want_cells)
        assert cm.window_direction(table, 3, 1, 4, 3, 5, 5) == \
            cm.window_direction(WINDOW, 3, 1, 4, 3, 5, 5)
        assert cm.evaluate_local(table, 5, 5, games=3, seed=1) == want_score
    cells = cm.policy_cells(4, 4)
    want = cm.measure_cells(cells, 4, 4, "smart", max_sweeps=200)
    for table in array_in_dtypes(cells):
        assert cm.measure_cells(table, 4, 4, "smart", max_sweeps=200) == want


def test_play_pursuit_in_every_integer_dtype():
    def cats_up(cats, mouse):
        return ["U"] * len(cats)

    want = cm.play_pursuit(3, 3, cats_up, lambda c, m: "L", max_cat_moves=5)
    for d in (np.uint8, np.int8, np.uint64):
        got = cm.play_pursuit(d(3), d(3), cats_up, lambda c, m: "L", cats=[(d(0), d(0))],
                              mouse=(d(2), d(2)), max_cat_moves=d(5))
        assert got == want


@FUZZ
@given(rows=st.one_of(st.integers(2, 6), anything), cols=st.one_of(st.integers(2, 6), anything),
       first=st.one_of(st.sampled_from(["cat", "mouse"]), anything))
def test_parity_rule_is_the_solver_or_refused(rows, cols, first):
    sides_ok = all(type(v) in (int, np.uint8) and 2 <= v <= 1_000 for v in (rows, cols))
    if sides_ok and first in ("cat", "mouse") and isinstance(first, str):
        if rows <= 6 and cols <= 6:
            solvable = cm.optimal_capture(int(rows), int(cols), first) is not None
            assert cm.parity_rule_cat_wins(rows, cols, first) is solvable
    else:
        refused(lambda: cm.parity_rule_cat_wins(rows, cols, first), "rows", "cols", "first_move")


@FUZZ
@given(args=st.tuples(*(st.one_of(st.integers(-2, 1_001), anything) for _ in range(4))))
def test_greedy_direction_is_a_step_toward_the_mouse_or_refused(args):
    if all(type(v) in (int, np.uint8) and 0 <= v < 1_000 for v in args):
        cx, cy, mx, my = map(int, args)
        d = cm.greedy_direction(*args)
        step = {"R": (1, 0), "L": (-1, 0), "U": (0, 1), "D": (0, -1)}[d]
        if (cx, cy) != (mx, my):
            assert abs(cx + step[0] - mx) + abs(cy + step[1] - my) == abs(cx - mx) + abs(cy - my) - 1
    else:
        refused(lambda: cm.greedy_direction(*args), "cx", "cy", "mx", "my")


@FUZZ
@given(positions=st.lists(st.one_of(st.tuples(*(st.integers(-1, 4) for _ in range(4))), anything),
                          max_size=5))
def test_unexpected_moves_counts_a_real_game_or_refuses_it(positions):
    def on_board(p):
        return isinstance(p, tuple) and len(p) == 4 and all(0 <= v < 4 for v in p)

    steps_ok = all(on_board(p) for p in positions) and all(
        sum(abs(u - v) for u, v in zip(a, b)) == 1 for a, b in itertools.pairwise(positions))
    if steps_ok:
        got = cm.unexpected_moves(positions, 4, 4)
        assert got.cat_moves + got.mouse_moves == max(len(positions) - 1, 0)
    else:
        refused(lambda: cm.unexpected_moves(positions, 4, 4), "positions")


@FUZZ
@given(changes=st.one_of(st.integers(-1, 70), anything), drift=st.one_of(st.booleans(), anything),
       temperature=st.one_of(st.floats(-1, 5), anything))
def test_coevolution_config_is_valid_or_refused(changes, drift, temperature):
    valid = (type(changes) in (int, np.uint8) and 1 <= changes <= 64 and isinstance(drift, bool)
             and isinstance(temperature, float) and math.isfinite(temperature)
             and temperature >= 0)
    if valid:
        config = cm.CoevolutionConfig(max_changes=changes, drift=drift, temperature=temperature)
        assert (config.max_changes, config.drift) == (int(changes), drift)
    else:
        refused(lambda: cm.CoevolutionConfig(max_changes=changes, drift=drift,
                                             temperature=temperature),
                "max_changes", "drift", "temperature")


@pytest.mark.parametrize("call,name", [
    (lambda v: cm.CoevolutionConfig(temperature=v), "temperature"),
    (lambda v: cm.expected_capture(4, 4, tol=v), "tol"),
    (lambda v: cm.paired_solve_difference([], "a", "b", 10, confidence=v), "confidence"),
    (lambda v: cm.animate_game([(0, 0, 2, 2)], 3, 3, interval=v), "interval"),
    (lambda v: cm.animate_games({"a": [(0, 0, 2, 2)]}, 3, 3, width=v), "width"),
])
def test_numbers_beyond_float_range_are_our_value_error(call, name):
    refused(lambda: call(10**400), name)
    refused(lambda: call(-(10**400)), name)


def test_cells_and_side_lists_in_every_integer_dtype():
    from tests.fuzzing import array_in_dtypes

    sol = cm.solve(3, 4)
    want = (cm.optimal_mouse_move(sol, [(0, 0)], (3, 2)), cm.optimal_cat_moves(sol, [(0, 0)], (3, 2)))
    for d in INT_DTYPES:
        cats, mouse = [(d(0), d(0))], (d(3), d(2))
        assert (cm.optimal_mouse_move(sol, cats, mouse), cm.optimal_cat_moves(sol, cats, mouse)) == want
    census = cm.capture_census([2, 3])
    for sides in array_in_dtypes([2, 3]):
        assert cm.capture_census(sides) == census


def test_a_compiled_kernels_first_call_is_under_the_slow_start_notice(monkeypatch):
    from contextlib import contextmanager

    from catmouse.fast import lockstep as jit

    seen = []

    @contextmanager
    def notice(label):
        seen.append(label)
        yield

    monkeypatch.setattr(jit, "compile_notice", notice)
    monkeypatch.setattr(jit, "_called", set())
    assert [jit.first_call("a kernel", max, 2, 5) for _ in range(3)] == [5, 5, 5]
    assert seen == ["a kernel"]


@pytest.mark.parametrize("names", [np.uint8(4), {"rows": 3}, ("A",), ("A", 3), "AB"])
def test_constant_names_are_two_texts(names):
    refused(lambda: cm.side_range(2, 5, names), "names")
    refused(lambda: cm.winnable_board(4, 5, "cat", names), "names")
