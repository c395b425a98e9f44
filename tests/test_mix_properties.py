"""Issue 41: hypothesis property tests over mix's public API. Each argument of each entry point is
drawn from values of the right kind (Python and numpy integers, floats, names, boards) and of
wrong kinds (floats for counts, bools, text, None, NaN, 10**400, unknown names); the call must
give a correct result (each entry's own invariant) or our TypeError/ValueError naming one of its
arguments, never anything else, and no call may take 10 s. When every value drawn is valid,
the call must succeed."""

from __future__ import annotations

import math
import random
import time

import numpy as np
import pytest
from fuzzing import FUZZ, OURS, refused
from hypothesis import given, settings
from hypothesis import strategies as st

import mix

SECONDS = 10.0
HUGE = 10**400
W = mix.load_weights()


class Arg:
    """The values of one argument: ``right`` ones (the call must accept them) and ``wrong``."""

    def __init__(self, right, wrong=None):
        self.right, self.wrong = right, wrong

    def either(self):
        marked = self.right.map(lambda v: (v, True))
        return marked if self.wrong is None else st.one_of(
            marked, self.wrong.map(lambda v: (v, False)))


WRONG = st.sampled_from([None, "3", [2], 2.0, 2.5, True, np.float64(2), math.nan, -math.inf, HUGE,
                         -HUGE, b"2", object()])


def count(low: int, high: int) -> Arg:
    """Whole numbers low..high (Python, numpy of several dtypes) or anything else."""
    inside = st.integers(low, high)
    dtypes = st.sampled_from([np.uint8, np.int8, np.uint16, np.int32, np.int64, np.uint64])
    fits = st.tuples(dtypes, inside).filter(lambda p: np.iinfo(p[0]).min <= p[1] <= np.iinfo(
        p[0]).max)
    return Arg(st.one_of(inside, fits.map(lambda p: p[0](p[1]))),
               st.one_of(WRONG, st.sampled_from([low - 1, high + 10**6, -(10**9)])))


def number(low: float, high: float) -> Arg:
    """Finite reals low..high or anything else (NaN, 10**400, text, bools)."""
    inside = st.floats(low, high, allow_nan=False)
    return Arg(st.one_of(inside, st.integers(math.ceil(low), math.floor(high)),
                         inside.map(np.float64)),
               st.sampled_from([None, "0", True, math.nan, math.inf, HUGE, -HUGE, [0.0],
                                low - 1.5, high + 1.5]))


def flag() -> Arg:
    return Arg(st.sampled_from([True, False, np.bool_(False)]),
               st.sampled_from(["no", "", 0, 1, None, math.nan]))


def name(valid, wrong=("nobody", "", "RANDOM", 5, None, ("random",))) -> Arg:
    return Arg(st.sampled_from(list(valid)), st.sampled_from(list(wrong)))


def just(value) -> Arg:
    return Arg(st.just(value))


AGENTS = name(["random", "onestep", "onestep-safe", "builder", "alphabeta:1"],
              ["nobody", "alphabeta:50", "alphabeta:x", "alphabeta:nan", "perfect:2", 5, None])
TABLE = Arg(st.one_of(st.lists(st.floats(-1, 1), min_size=128, max_size=128),
                      st.just(np.array(mix.heuristic_values()))),
            st.one_of(st.lists(st.floats(-1, 1), min_size=127, max_size=127),
                      st.sampled_from([[math.nan] * 128, [2.0] * 128]), WRONG))
WEIGHTS = Arg(st.sampled_from([W, (np.arange(len(W)) % 3).astype(np.uint8)]),
              st.one_of(st.sampled_from([W[:-1], W * np.nan, list("ab")]), WRONG))


def board_after(moves):
    b = mix.Board(5, 6)
    for m in moves:
        if b.is_over() or b.heights[m] >= 5:
            break
        b.play(m)
    return b


POSITIONS = Arg(st.lists(st.integers(0, 5), max_size=8).map(board_after).filter(
    lambda b: not b.is_over()), st.sampled_from(["board", None, 5]))


def played(r, a):
    return r.x_wins + r.o_wins + r.draws == a["games"] and 1 <= r.mean_length <= 36


def legal(move, a):
    return move in a["b"].legal_moves()


# name: (call, {argument: strategy}, the result's invariant given the converted arguments)
SPECS = {
    "match": (mix.match, {"x_agent": AGENTS, "o_agent": AGENTS, "games": count(1, 3),
                          "seed": count(0, 50), "rows": count(4, 6), "cols": count(4, 6),
                          "diagonals": flag(), "progress": flag()}, played),
    "duel": (mix.duel, {"agent": AGENTS, "opponent": AGENTS, "games": count(1, 2),
                        "seed": count(0, 9), "rows": count(4, 5), "cols": count(4, 5)},
             lambda r, a: played(r.as_x, a) and played(r.as_o, a)),
    "play_recorded": (mix.play_recorded, {"x_agent": AGENTS, "o_agent": AGENTS,
                                          "seed": count(0, 9), "rows": count(4, 6),
                                          "cols": count(4, 6)},
                      lambda r, a: all(type(m) is int and 0 <= m < int(a["cols"]) for m in r)),
    "why_lost": (mix.why_lost, {"agent": AGENTS, "opponent": AGENTS, "games": count(1, 2),
                                "seed": count(0, 9), "rows": count(4, 5), "cols": count(4, 5)},
                 lambda r, a: len(r.details) <= 2 * int(a["games"])),
    "solve": (mix.solve, {"rows": count(1, 4), "cols": count(3, 4), "diagonals": flag(),
                          "k": count(2, 3), "fast": flag()}, lambda r, a: r in (-1, 0, 1)),
    "gravity_bound": (mix.gravity_bound, {"rows": count(1, 12), "cols": count(1, 12)},
                      lambda r, a: type(r) is int and r >= 1),
    "report_formula": (mix.report_formula, {"rows": count(1, 12), "cols": count(1, 12)},
                       lambda r, a: type(r) is int and r >= 1),
    "slot_assignments": (mix.slot_assignments, {"rows": count(1, 12), "cols": count(1, 12)},
                         lambda r, a: type(r) is int and r == 3 ** (int(a["rows"]) *
                                                                     int(a["cols"]))),
    "reachable_positions": (mix.reachable_positions, {"rows": count(1, 3), "cols": count(4, 4),
                                                      "diagonals": flag()},
                            lambda r, a: 1 <= r <= mix.gravity_bound(a["rows"], a["cols"])),
    "train": (mix.train, {"games": count(10, 12), "seed": count(0, 9),
                          "features": name(["bits-strict", "bits-loose", "counts"]),
                          "lookahead_mode": name(["minimax", "optimistic"]),
                          "update": name(["current", "none"]), "draw": number(-1, 1),
                          "rows": count(4, 5), "cols": count(4, 6), "diagonals": flag()},
              lambda r, a: len(r.winners) == int(a["games"]) and len(r.history) == int(
                  a["games"]) + 1 and bool(np.all(np.abs(r.values) <= 1))),
    "alpha": (mix.alpha, {"run": count(0, 9), "games": count(10, 40)},
              lambda r, a: r == 1.0 / (int(a["run"]) // (int(a["games"]) // 10) + 1)),
    "alpha_changes": (mix.alpha_changes, {"games": count(10, 300)},
                      lambda r, a: r == list(range(0, int(a["games"]), int(a["games"]) // 10))),
    "lookahead": (mix.lookahead, {"b": POSITIONS, "values": TABLE,
                                  "feats": name([mix.get_features("bits-strict")], [None, "x"]),
                                  "draw": number(-1, 1), "mode": name(["minimax", "optimistic"])},
                  lambda r, a: all(m in a["b"].legal_moves() for m in r[0]) and -1 <= r[1] <= 1),
    "search_move": (mix.search_move, {"b": POSITIONS, "depth": count(1, 3), "values": TABLE,
                                      "feats": name([mix.get_features("bits-strict")], [None]),
                                      "rng": name([random.Random(0)], [0, None]),
                                      "draw": number(-1, 1), "fast": flag()}, legal),
    "SearchAgent": (mix.SearchAgent, {"values": TABLE, "features": name(["bits-strict"]),
                                      "depth": count(1, 3), "draw": number(-1, 1)},
                    lambda r, a: r.depth == int(a["depth"])),
    "SelfTaughtAgent": (mix.SelfTaughtAgent, {"weights": WEIGHTS, "depth": count(1, 3),
                                              "fixed": flag()},
                        lambda r, a: r.choose(mix.Board(4, 5), random.Random(0)) in range(5)),
    "TDConfig": (mix.TDConfig, {"games": count(1, 100), "alpha": number(0.01, 1),
                                "half": count(1, 100), "epsilon": number(0, 0.99),
                                "rows": count(4, 12), "cols": count(4, 12)},
                 lambda r, a: type(r.games) is int and type(r.alpha) is float),
    "ladder": (mix.ladder, {"pairings": Arg(
        st.tuples(AGENTS.right, AGENTS.right).map(lambda p: {"a": p}),
        st.sampled_from([{}, {"a": ("random",)}, {"a": "random"}, [("random", "random")],
                         {"a": ("random", "nobody")}])),
        "games": count(1, 2), "seed": count(0, 9), "chunks": Arg(st.just(1), WRONG),
        "rows": count(4, 5), "cols": count(4, 5), "save_every": count(1, 3),
        "cache": Arg(st.none(), st.sampled_from([5, "", b"x"]))},
        lambda r, a: len(r) == 1 and float(r.games_X.iloc[0]) == int(a["games"])),
    "weights_table": (mix.weights_table, {"weights": WEIGHTS},
                      lambda r, a: len(r) > 0),
    "weights_text": (mix.weights_text, {"weights": WEIGHTS, "config": name(
        [mix.TDConfig(games=10)], [None, "config"]), "seed": count(0, 9)},
                     lambda r, a: isinstance(r, str)),
    "threats": (mix.threats, {"s": count(0, 7), "empty": Arg(st.just(8), WRONG),
                              "g": name([mix.Geometry(4, 4)], [None, "4x4"])},
                lambda r, a: type(r) is int),
    "Board": (mix.Board, {"rows": count(1, 12), "cols": count(4, 12), "k": count(2, 4),
                          "diagonals": flag()}, lambda r, a: r.g.rows == int(a["rows"])),
    "check_boards": (mix.check_boards, {"boards": Arg(
        st.lists(st.tuples(st.integers(2, 5), st.integers(4, 6)), min_size=1, max_size=3),
        st.sampled_from([[(0, 4)], [(4,)], "4x4", [(4.0, 4)], [(True, 4)], [(HUGE, 4)]])),
        "name": just("B"), "max_slots": just(30)},
        lambda r, a: all(type(x) is int for b in r for x in b)),
    "first_seen": (mix.first_seen, {"features": name([["counts"], ("bits-strict",)],
                                                     ["counts", [5], None]),
                                    "games": count(1, 3), "seed": count(0, 9),
                                    "rows": count(4, 5), "cols": count(4, 5)},
                   lambda r, a: all(isinstance(v, dict) for v in r.values())),
}


def call_once(spec_name, drawn):
    """Call the entry point with the drawn values; assert a correct result or our clear error."""
    call, _, invariant = SPECS[spec_name]
    args = {k: v for k, (v, _) in drawn.items()}
    wrong = [k for k, (_, ok) in drawn.items() if not ok]
    start = time.perf_counter()
    try:
        result = call(**args)
    except (TypeError, ValueError) as error:
        took = time.perf_counter() - start
        frame = error.__traceback__
        while frame.tb_next is not None:
            frame = frame.tb_next
        where = frame.tb_frame.f_code.co_filename
        assert where.startswith(OURS), f"{spec_name}: raised from {where}: {error!r}"
        names = [*drawn, *(v for v, _ in drawn.values() if isinstance(v, str) and v.isupper())]
        assert any(k in str(error) for k in names), f"{spec_name}: names no argument: {error}"
        assert wrong or spec_name == "ladder" and "multiple of chunks" in str(error), \
            f"{spec_name} refused valid arguments {args}: {error}"
        assert took < SECONDS, f"{spec_name} refused after {took:.1f} s"
        return
    took = time.perf_counter() - start
    assert took < SECONDS, f"{spec_name} took {took:.1f} s"
    assert invariant(result, args), f"{spec_name}{args} gave {result!r}"


FEWER = {"ladder": 6, "reachable_positions": 8}   # calls of a second or more


def examples(spec_name: str):
    return settings(FUZZ, max_examples=FEWER.get(spec_name, 30))


def run(spec_name: str, valid_only: bool) -> None:
    """The property for one entry point, on its own examples."""
    _, args, _ = SPECS[spec_name]

    @examples(spec_name)
    @given(st.data())
    def check(data):
        call_once(spec_name, {k: (data.draw(a.right, label=k), True) if valid_only
                              else data.draw(a.either(), label=k) for k, a in args.items()})

    check()


@pytest.mark.parametrize("spec_name", sorted(SPECS))
def test_a_correct_result_or_our_clear_error(spec_name):
    run(spec_name, valid_only=False)


@pytest.mark.parametrize("spec_name", sorted(SPECS))
def test_valid_arguments_are_always_accepted(spec_name):
    run(spec_name, valid_only=True)


def test_the_cases_these_properties_found():
    """Before: alpha_changes(-10**9) and (9) returned [] and a list; 10**400 in weights, values
    or a history raised numpy's OverflowError."""
    for games in (-10**9, 0, 9):
        assert isinstance(refused(lambda g=games: mix.alpha_changes(g), "games"), ValueError)
    for call in (lambda: mix.weights_table([HUGE] * len(W)),
                 lambda: mix.weights_text([HUGE] * len(W), mix.TDConfig(), 1),
                 lambda: mix.SelfTaughtAgent([HUGE] * len(W)),
                 lambda: mix.SearchAgent([HUGE] + [0.0] * 127),
                 lambda: mix.distance_to_final([[HUGE, 1.0], [1.0, 1.0]]),
                 lambda: mix.strength_over_training({"v": [[[HUGE] * 128] * 2]}, [1], "random", 1)):
        assert isinstance(refused(call, "weights", "values", "histor"), ValueError)
