"""The constants of catmouse's notebooks (20 to 24), checked in one call with the library's limits.

Each notebook's check cell calls ``notebook_settings(number, globals())`` and takes back its
constants checked and converted (Python ints, floats, tuples; a list given by papermill is read
as a sequence): a constant of the wrong kind, or beyond what the library would run, is refused
there, with a ValueError or TypeError naming it, not cells later by the call that uses it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from catmouse.arguments import MAX_GAMES, MAX_ITERATIONS, MAX_SWEEPS, MOUSE_KINDS, number
from catmouse.arguments import seed as seed_arg
from catmouse.constants import board_list, side_range, winnable_board
from catmouse.draw import MAX_FRAMES
from studykit.checks import choice, flag, sequence, whole
from studykit.legacy_numpy import legacy_seed
from studykit.timing import MAX_REPEATS

MAX_SEEDS = 10_000          # independent runs of one notebook sweep
MAX_JOBS = 64               # joblib workers
MAX_TABLE_SIDE = 30         # a full version-1 table on 30 x 30: arguments.MAX_TABLE entries


def count(low: int = 1, high: int = MAX_ITERATIONS) -> Callable:
    return lambda value, name: whole(value, name, low, high)


def frame_seconds(value, name: str) -> float:
    """Seconds per frame of an animation: a number in (0, 10]."""
    return number(value, name, above=0, high=10)


def boards(max_side: int) -> Callable:
    return lambda value, name: board_list(value, name, max_side=max_side)


def speed_pairs(value, name: str) -> list:
    """(cat speed, mouse speed) pairs, each speed 1 to 3, as a list of tuples."""
    return list(sequence(value, name, lambda pair, label: sequence(
        pair, label, lambda v, n: whole(v, n, 1, 3), min_len=2, max_len=2)))


def mice(value, name: str) -> list:
    return list(sequence(value, name, lambda v, n: choice(v, n, MOUSE_KINDS), distinct=True))


ITERATIONS = count()
NOTEBOOKS: dict[int, dict[str, Callable]] = {
    20: {"NUM_ROWS": count(2, 20), "NUM_COLS": count(2, 20),
         "FIRST_MOVE": lambda v, n: choice(v, n, ("cat", "mouse")),
         "INITIAL_CAT_POLICY": lambda v, n: choice(v, n, ("WEAK", "STRONG")),
         "ANIMATION_TIME_PER_MOVE": frame_seconds,
         "SEED": legacy_seed,                 # the article's mode replays numpy's RandomState
         "ITERATIONS": ITERATIONS, "SNAPSHOT_EVERY": ITERATIONS,
         "GIF_FRAMES_PER_GAME": count(1, MAX_FRAMES), "PLAIN_ITERATIONS": ITERATIONS,
         "PLAIN_REPEATS": count(1, MAX_REPEATS),
         "FAST_SEEDS": count(0, MAX_SEEDS), "LONGER_SEEDS": count(2, 1_000),
         "IMPROVED_ITERATIONS": ITERATIONS},
    21: {"TRAIN_ROWS": count(4, 9), "TRAIN_COLS": count(4, 9), "GAMES": count(1, MAX_GAMES),
         "PHASE1_ITERATIONS": ITERATIONS, "PHASE2_ITERATIONS": ITERATIONS,
         "TEST_SIZE": count(4, 30), "EXACT_CLIMB_ITERATIONS": ITERATIONS,
         "MOUSE_ITERATIONS": ITERATIONS, "SEED": seed_arg},
    22: {"MAX_SIDE": count(2, 14), "BIG_BOARD": count(2, 30), "CLIMB_ITERATIONS": ITERATIONS,
         "TEAM_ITERATIONS": ITERATIONS, "SPEEDS": speed_pairs, "SEED": seed_arg},
    23: {"MIN_SIDE": count(2, MAX_TABLE_SIDE), "MAX_SIDE": count(2, MAX_TABLE_SIDE),
         "SEEDS": count(1, MAX_SEEDS), "ITERATIONS": ITERATIONS, "CHECKPOINT": ITERATIONS,
         "ABLATION_BOARDS": boards(MAX_TABLE_SIDE), "ABLATION_SEEDS": count(1, MAX_SEEDS),
         "ABLATION_ITERATIONS": ITERATIONS, "TUNING_BOARDS": boards(MAX_TABLE_SIDE),
         "TUNING_SEEDS": count(1, MAX_SEEDS), "TUNING_ITERATIONS": ITERATIONS,
         "TUNING_CHECKPOINT": ITERATIONS, "N_JOBS": count(1, MAX_JOBS),
         "ONLY_FINISHED": flag},
    24: {"CAT_ITERATIONS": ITERATIONS, "MOUSE_ITERATIONS": ITERATIONS, "SEED": seed_arg,
         "CAT_TRAIN_BOARDS": boards(9), "MOUSE_TRAIN_BOARDS": boards(9), "MICE": mice,
         "TEST_BOARDS": boards(40), "MAX_SWEEPS": count(1, MAX_SWEEPS),
         "N_JOBS": count(1, MAX_JOBS)},
}


def notebook_settings(number: int, constants: Mapping) -> dict:
    """Notebook ``number``'s constants from ``constants`` (its ``globals()``), each checked and
    converted; a constant missing from ``constants`` is refused, naming it. Notebook 20's also
    holds ``OPTIMAL``, the cat's moves under optimal play on its board."""
    number = choice(number, "number", tuple(NOTEBOOKS))
    if not isinstance(constants, Mapping):
        raise TypeError(f"constants must be a mapping of the notebook's constants, got "
                        f"{type(constants).__name__}")
    out = {}
    for name, check in NOTEBOOKS[number].items():
        if name not in constants:
            raise ValueError(f"{name}: notebook {number} needs this constant, it is not set")
        out[name] = check(constants[name], name)
    if number == 20:
        out["OPTIMAL"] = winnable_board(out["NUM_ROWS"], out["NUM_COLS"], out["FIRST_MOVE"])
    if number == 21:                                    # the mouse moves first in version 2
        winnable_board(out["TRAIN_ROWS"], out["TRAIN_COLS"], "mouse", ("TRAIN_ROWS", "TRAIN_COLS"))
    if number == 23:
        side_range(out["MIN_SIDE"], out["MAX_SIDE"], ("MIN_SIDE", "MAX_SIDE"))
    return out
