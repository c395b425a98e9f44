"""Results of long, seeded runs kept on disk, one JSON file per call (``studykit.cache``).

A sweep of a hundred trainer runs takes the best part of an hour on two cores; with each run's
result written as soon as it is done, an interrupted sweep resumes where it stopped, and a
notebook can be re-executed without redoing the work. The key of a call is its arguments plus
a fingerprint of the source of the modules that decide the result, so any change to that code
starts afresh.
"""

from __future__ import annotations

import functools
from pathlib import Path

import catmouse.arguments
import catmouse.board
import catmouse.exact.fixpoint
import catmouse.exact.policy
import catmouse.exact.solve
import catmouse.stream
import catmouse.tables
import catmouse.v1.anneal
import catmouse.v1.article
import catmouse.v1.batch
import catmouse.v1.config
import catmouse.v1.experiments
import catmouse.v1.fastpool
import catmouse.v1.improved
import catmouse.v1.jit
import catmouse.v1.keep
import catmouse.v1.kernel
import catmouse.v1.mutations
import catmouse.v1.pool
import catmouse.v1.tally
import catmouse.v1.transit
import catmouse.v1.walk
from studykit.cache import ResultCache
from studykit.cache import fingerprint as source_fingerprint
from studykit.paths import results_dir

# the modules that decide the results of the version-1 trials
CODE = (catmouse.arguments, catmouse.board, catmouse.stream, catmouse.tables,
        catmouse.exact.fixpoint,
        catmouse.exact.solve, catmouse.exact.policy, catmouse.v1.kernel, catmouse.v1.article,
        catmouse.v1.pool, catmouse.v1.batch, catmouse.v1.mutations, catmouse.v1.anneal,
        catmouse.v1.config, catmouse.v1.improved, catmouse.v1.experiments,
        catmouse.v1.fastpool, catmouse.v1.tally, catmouse.v1.transit, catmouse.v1.walk,
        catmouse.v1.jit, catmouse.v1.keep)


# the keys of each trial's result: a cached entry with other keys is recomputed, not returned
RESULT_KEYS = {
    "variant_trial": {"lost", "solved_at"},
    "compare_trainers_trial": {"article", "improved", "solved_at", "article_solved_at",
                               "hall_of_fame"},
    "tuning_trial": {"solved_at", "stopped_at", "iterations", "final_lost", "worse_moves"},
}


def fingerprint(modules=CODE) -> str:
    """A short hash of the source code of ``modules``."""
    return source_fingerprint(modules)


def cache_dir() -> Path:
    """``results/cache/catmouse`` (see ``studykit.results_dir``), created if missing."""
    return results_dir("cache", "catmouse")


def store(folder: Path | None = None, modules=CODE, keys: set | None = None) -> ResultCache:
    """The run cache for the current source of ``modules`` (a result is a JSON object, with
    exactly ``keys`` when given)."""
    if folder is not None and not isinstance(folder, (str, Path)):
        raise TypeError(f"folder must be a path or None, got {type(folder).__name__}")
    return ResultCache(folder or cache_dir(), fingerprint(modules),
                       check=lambda value: isinstance(value, dict) and (keys is None
                                                                        or set(value) == keys))


def cached(fn, folder: Path | None = None, modules=CODE):
    """``fn`` (keyword arguments only, JSON-serialisable result) with its results kept on disk."""
    cache = store(folder, modules, RESULT_KEYS.get(getattr(fn, "__name__", None)))

    @functools.wraps(fn)
    def wrapper(**kwargs):
        return cache.call(fn, **kwargs)

    return wrapper


def is_cached(fn, folder: Path | None = None, modules=CODE, **kwargs) -> bool:
    """Whether ``cached(fn)(**kwargs)`` would be read from disk (the same code, arguments)."""
    if not callable(fn) or not hasattr(fn, "__name__"):
        raise TypeError(f"fn must be a trial function such as variant_trial, got "
                        f"{type(fn).__name__}")
    return (fn.__name__, kwargs) in store(folder, modules)


def compare_trainers_cached(**kwargs) -> dict:
    """``compare_trainers_trial`` through the disk cache (picklable, for parallel sweeps)."""
    return cached(catmouse.v1.experiments.compare_trainers_trial)(**kwargs)


def variant_run_cached(**kwargs) -> dict:
    """``variant_trial`` through the disk cache (picklable, for parallel sweeps)."""
    return cached(catmouse.v1.experiments.variant_trial)(**kwargs)


def tuning_run_cached(**kwargs) -> dict:
    """``tuning_trial`` through the disk cache (picklable, for parallel sweeps)."""
    return cached(catmouse.v1.experiments.tuning_trial)(**kwargs)
