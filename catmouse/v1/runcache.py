"""Results of long, seeded runs kept on disk, one JSON file per call (``studykit.cache``).

A sweep of a hundred trainer runs takes the best part of an hour on two cores; with each run's
result written as soon as it is done, an interrupted sweep resumes where it stopped, and a
notebook can be re-executed without redoing the work. An entry is found by the trial, every
argument and ``code_fingerprint`` of the trial (the source of its whole import closure, computed,
and the third-party versions), so any change to the code behind a result starts afresh. Before an
entry is returned it is checked against its trial's ``SCHEMAS`` (exact keys, types, ranges, no
NaN) and against the arguments (iterations within the budget, ``solved_at`` where the curve first
reaches 0); anything else is recomputed with a ``CorruptEntryWarning``.

JSON has no infinity, so an infinite number of lost moves (the cat never catches) is stored as
None and read back as ``inf``: a cached result equals the plain call's, lists for tuples.
"""

from __future__ import annotations

import functools
import json
import math
import warnings
from pathlib import Path

from catmouse.arguments import MAX_ITERATIONS, MAX_TABLE
from catmouse.v1.config import IMPROVED
from catmouse.v1.experiments import (
    TWIN,
    check_trial_call,
    compare_trainers_trial,
    tuning_trial,
    tuning_twin_trial,
    variant_trial,
)
from studykit.cache import (
    CorruptEntryWarning,
    Field,
    ResultCache,
    cache_key,
    code_fingerprint,
    plain,
)
from studykit.paths import results_dir

TRIALS = {fn.__name__: fn for fn in (variant_trial, compare_trainers_trial, tuning_trial)}
NEVER = None                 # stored in place of inf lost moves (the cat never catches)

ITERATION = Field("int", 0, MAX_ITERATIONS)
FIRST_SOLVED = Field("int", 0, MAX_ITERATIONS, nullable=True)     # None: never solved
LOST = Field("float", 0, MAX_TABLE, nullable=True)    # None: never catches (below: positions)
CURVE = Field("list", items=Field("list", items=LOST))            # [iteration, lost] pairs

SCHEMAS = {
    "variant_trial": {"lost": CURVE, "solved_at": FIRST_SOLVED},
    "compare_trainers_trial": {"article": CURVE, "improved": CURVE, "solved_at": FIRST_SOLVED,
                               "article_solved_at": FIRST_SOLVED,
                               "hall_of_fame": Field("int", 0, 100_000)},
    "tuning_trial": {"solved_at": FIRST_SOLVED, "stopped_at": FIRST_SOLVED,
                     "iterations": ITERATION, "final_lost": LOST, "worse_moves": ITERATION},
}
CURVES = {"variant_trial": ("lost",), "compare_trainers_trial": ("article", "improved"),
          "tuning_trial": ()}


def trial(fn):
    """``fn`` if it is one of the cached trials (TypeError otherwise)."""
    name = getattr(fn, "__name__", None)
    if not callable(fn) or TRIALS.get(name) is not fn:
        raise TypeError(f"fn must be one of the trials {', '.join(TRIALS)}, got "
                        f"{getattr(fn, '__name__', type(fn).__name__)}")
    return fn


def fingerprint(fn, search=None) -> str:
    """The code fingerprint of a trial: its import closure (``studykit.codehash``), this module
    (how entries are stored) and the versions of the libraries they use; ``search``: folders
    holding the packages (a copy of the tree), default where Python imports them from."""
    return code_fingerprint(trial(fn), __name__, search=search)


def cache_dir() -> Path:
    """``results/cache/catmouse`` (see ``studykit.results_dir``), created if missing."""
    return results_dir("cache", "catmouse")


def is_lost(value, positions: int) -> bool:
    """A stored number of lost moves: None (never catches) or a whole number from 0 to the
    board's number of positions (no finite capture lasts longer)."""
    return value is None or (isinstance(value, (int, float)) and float(value).is_integer()
                             and 0 <= value <= positions)


def curve_ok(curve, budget: int, positions: int) -> bool:
    """Checkpoints as [iteration, lost] pairs, iterations increasing within ``budget``."""
    its = [pair[0] if len(pair) == 2 else None for pair in curve]
    return (all(isinstance(it, int) and not isinstance(it, bool) and 0 <= it <= budget
                for it in its) and its == sorted(set(its))
            and all(is_lost(pair[1], positions) for pair in curve))


def first_solved(curve):
    """The first checkpoint at which no move is lost (None: none)."""
    return next((it for it, lost in curve if lost == 0), None)


def consistent(name: str, arguments: dict, entry: dict) -> bool:
    """Whether a schema-valid entry of trial ``name`` fits the call's ``arguments``."""
    budget = arguments.get("iterations", 100_000)
    positions = (arguments.get("rows", 0) * arguments.get("cols", 0)) ** 2
    if not all(curve_ok(entry[key], budget, positions) for key in CURVES[name]):
        return False
    if name == "variant_trial":
        return entry["solved_at"] == first_solved(entry["lost"])
    if name == "compare_trainers_trial":
        config = arguments.get("config", IMPROVED)
        return (entry["solved_at"] == first_solved(entry["improved"])
                and entry["article_solved_at"] == first_solved(entry["article"])
                and entry["hall_of_fame"] <= max(getattr(config, "hall_of_fame", 0), 1))
    done = entry["iterations"]
    return (done <= budget and is_lost(entry["final_lost"], positions)
            and entry["worse_moves"] <= done
            and (entry["solved_at"] is None or entry["solved_at"] <= done)
            and entry["stopped_at"] in (None, done))


def keyable(arguments: dict) -> None:
    """Refuse, naming it, an argument that cannot key an entry (``studykit.cache.cache_key``)."""
    for name, value in arguments.items():
        try:
            cache_key(value)
        except (TypeError, ValueError) as error:
            raise type(error)(f"{name}: {error}") from None


def store(fn, folder: Path | None = None, arguments: dict | None = None,
          search=None) -> ResultCache:
    """The cache of trial ``fn`` for the current code, checking entries against ``arguments``."""
    name = trial(fn).__name__
    if folder is not None and not isinstance(folder, (str, Path)):
        raise TypeError(f"folder must be a path or None, got {type(folder).__name__}")
    keyable(arguments or {})
    return ResultCache(folder or cache_dir(), fingerprint(fn, search), schema=SCHEMAS[name],
                       check=functools.partial(consistent, name, dict(arguments or {})))


def storable(name: str, result: dict) -> dict:
    """A result of trial ``name`` as it is stored: inf lost moves as None."""
    def never(lost):
        return NEVER if lost == math.inf else lost

    result = dict(result)
    for key in CURVES[name]:
        result[key] = [(it, never(lost)) for it, lost in result[key]]
    if "final_lost" in result:
        result["final_lost"] = never(result["final_lost"])
    return result


def stored(fn):
    """``fn`` returning what is stored: inf lost moves as None (the key stays ``fn``'s)."""
    @functools.wraps(fn)
    def run(**kwargs):
        return storable(fn.__name__, fn(**kwargs))

    return run


def read_back(name: str, entry: dict) -> dict:
    """A stored entry as the trial returns it: None lost moves as inf."""
    def lost(value):
        return math.inf if value is NEVER else value

    out = dict(entry)
    for key in CURVES[name]:
        out[key] = [[it, lost(value)] for it, value in out[key]]
    if "final_lost" in out:
        out["final_lost"] = lost(out["final_lost"])
    return out


def cached(fn, folder: Path | None = None):
    """Trial ``fn`` (keyword arguments only) with its results kept on disk."""
    trial(fn)

    @functools.wraps(fn)
    def wrapper(**kwargs):
        check_trial_call(fn, kwargs)                 # refused at once, before the fingerprint
        entry = store(fn, folder, kwargs).call(stored(fn), **kwargs)
        return read_back(fn.__name__, entry)

    return wrapper


def is_cached(fn, folder: Path | None = None, **kwargs) -> bool:
    """Whether ``cached(fn)(**kwargs)`` would be read from disk (a valid entry for the same code
    and arguments)."""
    return store(fn, folder, kwargs).has_call(fn, **kwargs)


def entry_path(fn, folder: Path | None = None, **kwargs) -> Path:
    """The file of ``cached(fn)(**kwargs)``'s entry."""
    return store(fn, folder, kwargs).call_path(fn, **kwargs)


def compare_trainers_cached(**kwargs) -> dict:
    """``compare_trainers_trial`` through the disk cache (picklable, for parallel sweeps)."""
    return cached(compare_trainers_trial)(**kwargs)


def variant_run_cached(**kwargs) -> dict:
    """``variant_trial`` through the disk cache (picklable, for parallel sweeps)."""
    return cached(variant_trial)(**kwargs)


def tuning_run_cached(**kwargs) -> dict:
    """``tuning_trial`` through the disk cache (picklable, for parallel sweeps)."""
    return cached(tuning_trial)(**kwargs)


def tuning_twin_cached(**kwargs) -> dict:
    """``tuning_run_cached`` of both ``TWIN`` variants (``kwargs``: all but ``variant``):
    {variant: result}, read from their own entries, the missing ones computed by one run
    (``tuning_twin_trial``) and stored as ``tuning_run_cached`` stores them (picklable)."""
    calls = {v: {**kwargs, "variant": v} for v in TWIN}
    for arguments in calls.values():
        check_trial_call(tuning_trial, arguments)
    caches = {v: store(tuning_trial, None, a) for v, a in calls.items()}
    keys = {v: ResultCache.call_key(tuning_trial, **a) for v, a in calls.items()}
    entries = {v: caches[v].get(*keys[v]) for v in TWIN}
    if any(entry is None for entry in entries.values()):
        both = tuning_twin_trial(**kwargs)
        for v in TWIN:
            if entries[v] is None:
                value = storable("tuning_trial", both[v])
                try:
                    caches[v].put(*keys[v], value)
                except OSError as error:                # as ResultCache.call: not cached
                    warnings.warn(f"a tuning_trial entry could not be stored ({error}); the "
                                  "result is not cached", CorruptEntryWarning, stacklevel=2)
                entries[v] = json.loads(json.dumps(value, default=plain, allow_nan=False))
    return {v: read_back("tuning_trial", entries[v]) for v in TWIN}
