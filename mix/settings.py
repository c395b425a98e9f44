"""The constants of mix's notebooks, checked with the library's own limits: each notebook's check
cell passes every UPPER_CASE constant here and takes back the checked values (Python ints,
tuples), so a constant too large or of the wrong kind stops there, naming it. Papermill passes
sequences as lists: they are accepted wherever the notebook uses a sequence."""

from __future__ import annotations

from mix.checks import (
    MAX_DEPTH,
    MAX_GAMES,
    MAX_JOBS,
    MAX_NOMINAL_DEPTH,
    MAX_TRAIN_GAMES,
    PERFECT_MAX_SLOTS,
    SOLVE_MAX_SLOTS,
    check_boards,
    check_chunks,
)
from mix.play.agentchecks import check_agents
from studykit.checks import flag, seed, sequence, whole

MAX_SEEDS = 100  # training runs of the stability check (each one a full training)
MAX_CURVE_POINTS = 100
MAX_COUNT_SLOTS = 16  # reachable positions counted exactly: 4x4 is the largest board here


def _known(constants: dict, names: tuple[str, ...]) -> None:
    """Every constant given is one the notebook has, and none is missing."""
    missing = [n for n in names if n not in constants]
    extra = [n for n in constants if n not in names]
    if missing or extra:
        raise TypeError(f"constants: missing {missing}, unknown {extra}")


def _games(c: dict, names, low: int = 1, limit: int = MAX_GAMES) -> None:
    for name in names:
        c[name] = whole(c[name], name, low, limit)


def _depths(value, name: str) -> tuple[int, ...]:
    return sequence(value, name, lambda d, n: whole(d, n, 1, MAX_DEPTH), min_len=0)


STUDY_CONSTANTS = (
    "TRAIN_GAMES", "SEEDS", "YARDSTICK", "YARDSTICK_GAMES", "RANDOM_GAMES", "COUNT_BOARDS",
    "REACH_GAMES", "REACH_PLAY", "OPPONENTS", "AB_DEPTHS", "LADDER_GAMES", "CHUNKS", "DEEP",
    "DEEP_OPPONENTS", "SLOW_PAIRINGS", "COUNTS_GAMES", "WEAK_GAMES", "WEAK_OPPONENTS",
    "HABIT_GAMES", "DIAG_GAMES", "SOLVE_BOARDS", "PERFECT_BOARDS", "SHOW_GAME", "NJOBS")


def study_settings(**constants) -> dict:
    """Notebook 40's constants (``STUDY_CONSTANTS``), checked; returns them converted."""
    _known(constants, STUDY_CONSTANTS)
    c = dict(constants)
    _games(c, ("TRAIN_GAMES", "COUNTS_GAMES"), 10, MAX_TRAIN_GAMES)
    _games(c, ("RANDOM_GAMES", "REACH_GAMES", "REACH_PLAY", "LADDER_GAMES", "CHUNKS",
               "WEAK_GAMES", "DIAG_GAMES", "YARDSTICK_GAMES", "HABIT_GAMES"))
    c["SEEDS"] = whole(c["SEEDS"], "SEEDS", 2, MAX_SEEDS)
    c["DEEP"] = whole(c["DEEP"], "DEEP", 1, MAX_DEPTH)
    c["NJOBS"] = whole(c["NJOBS"], "NJOBS", 1, MAX_JOBS)
    check_chunks({n: c[n] for n in ("LADDER_GAMES", "DIAG_GAMES", "YARDSTICK_GAMES")},
                 c["CHUNKS"])
    c["OPPONENTS"] = check_agents(c["OPPONENTS"], "OPPONENTS")
    for name in ("WEAK_OPPONENTS", "DEEP_OPPONENTS"):
        c[name] = check_agents(c[name], name, allow_empty=True)
    c["YARDSTICK"] = check_agents((c["YARDSTICK"],), "YARDSTICK")[0]
    c["SHOW_GAME"] = sequence(check_agents(c["SHOW_GAME"], "SHOW_GAME"), "SHOW_GAME",
                              min_len=2, max_len=2)  # X, O
    c["AB_DEPTHS"] = _depths(c["AB_DEPTHS"], "AB_DEPTHS")
    c["COUNT_BOARDS"] = check_boards(c["COUNT_BOARDS"], "COUNT_BOARDS", MAX_COUNT_SLOTS)
    c["SOLVE_BOARDS"] = check_boards(c["SOLVE_BOARDS"], "SOLVE_BOARDS", SOLVE_MAX_SLOTS)
    c["PERFECT_BOARDS"] = check_boards(c["PERFECT_BOARDS"], "PERFECT_BOARDS", PERFECT_MAX_SLOTS)
    c["SLOW_PAIRINGS"] = flag(c["SLOW_PAIRINGS"], "SLOW_PAIRINGS")
    return c


SELFTAUGHT_CONSTANTS = (
    "TRAIN_GAMES", "SEED", "CURVE_POINTS", "CURVE_OPPONENTS", "CURVE_DEPTH", "CURVE_GAMES",
    "DEPTH", "OPPONENTS", "LADDER_GAMES", "CHUNKS", "TIMING_OPPONENT", "TIMING_GAMES",
    "PERFECT_BOARDS", "PERFECT_GAMES", "NJOBS")


def selftaught_settings(**constants) -> dict:
    """Notebook 41's constants (``SELFTAUGHT_CONSTANTS``), checked; returns them converted."""
    _known(constants, SELFTAUGHT_CONSTANTS)
    c = dict(constants)
    c["TRAIN_GAMES"] = whole(c["TRAIN_GAMES"], "TRAIN_GAMES", 1, MAX_TRAIN_GAMES)
    _games(c, ("CURVE_GAMES", "LADDER_GAMES", "CHUNKS", "TIMING_GAMES", "PERFECT_GAMES"))
    c["NJOBS"] = whole(c["NJOBS"], "NJOBS", 1, MAX_JOBS)
    c["SEED"] = seed(c["SEED"], "SEED")
    c["CURVE_POINTS"] = whole(c["CURVE_POINTS"], "CURVE_POINTS", 2, MAX_CURVE_POINTS)
    for name in ("CURVE_DEPTH", "DEPTH"):
        c[name] = whole(c[name], name, 1, MAX_NOMINAL_DEPTH)
    check_chunks({n: c[n] for n in ("LADDER_GAMES", "CURVE_GAMES")}, c["CHUNKS"])
    for name in ("OPPONENTS", "CURVE_OPPONENTS"):
        c[name] = check_agents(c[name], name)
    c["TIMING_OPPONENT"] = check_agents((c["TIMING_OPPONENT"],), "TIMING_OPPONENT")[0]
    c["PERFECT_BOARDS"] = check_boards(c["PERFECT_BOARDS"], "PERFECT_BOARDS", PERFECT_MAX_SLOTS)
    return c
