"""Results of long, seeded runs kept on disk, one JSON file per call.

A sweep of a hundred trainer runs takes the best part of an hour on two cores; with each run's
result written as soon as it is done, an interrupted sweep resumes where it stopped, and a
notebook can be re-executed without redoing the work. The key of a call is its arguments plus
a fingerprint of the source of the modules that decide the result, so any change to that code
starts afresh.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import json
from pathlib import Path

import catmouse.anneal
import catmouse.coevolve
import catmouse.exploit
import catmouse.game
import catmouse.tabular
import catmouse.tuning
from studykit.paths import results_dir

CODE = (catmouse.anneal, catmouse.coevolve, catmouse.exploit, catmouse.game, catmouse.tabular,
        catmouse.tuning)


def fingerprint(modules=CODE) -> str:
    """A short hash of the source code of ``modules``."""
    digest = hashlib.sha256()
    for module in modules:
        digest.update(inspect.getsource(module).encode())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    """``results/cache/catmouse`` (see ``studykit.results_dir``), created if missing."""
    return results_dir("cache", "catmouse")


def key_of(name: str, kwargs: dict, code: str) -> str:
    """The file name of one call: the function's name and a hash of its arguments and the code."""
    text = json.dumps({"kwargs": kwargs, "code": code}, sort_keys=True, default=str)
    return f"{name}-{hashlib.sha256(text.encode()).hexdigest()[:20]}.json"


def cached(fn, folder: Path | None = None, modules=CODE):
    """``fn`` (keyword arguments only, JSON-serialisable result) with its results kept on disk."""
    code = fingerprint(modules)

    @functools.wraps(fn)
    def wrapper(**kwargs):
        path = (folder or cache_dir()) / key_of(fn.__name__, kwargs, code)
        if path.is_file():
            return json.loads(path.read_text())
        result = fn(**kwargs)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(result, default=_plain))
        tmp.replace(path)
        return json.loads(path.read_text())              # the same types as a cache hit

    return wrapper


def is_cached(fn, folder: Path | None = None, modules=CODE, **kwargs) -> bool:
    """Whether ``cached(fn)(**kwargs)`` would be read from disk (the same code, arguments)."""
    return ((folder or cache_dir()) / key_of(fn.__name__, kwargs, fingerprint(modules))).is_file()


def _plain(value):
    """numpy scalars as Python numbers for JSON."""
    if hasattr(value, "item"):
        return value.item()
    raise TypeError(f"cannot store {type(value).__name__} in the run cache")


def compare_trainers_cached(**kwargs) -> dict:
    """``coevolve.compare_trainers`` through the disk cache (picklable, for parallel sweeps)."""
    return cached(catmouse.coevolve.compare_trainers)(**kwargs)


def variant_run_cached(**kwargs) -> dict:
    """``coevolve.variant_run`` through the disk cache (picklable, for parallel sweeps)."""
    return cached(catmouse.coevolve.variant_run)(**kwargs)


def tuning_run_cached(**kwargs) -> dict:
    """``tuning.tuning_run`` through the disk cache (picklable, for parallel sweeps)."""
    return cached(catmouse.tuning.tuning_run)(**kwargs)
