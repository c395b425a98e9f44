"""Results of long seeded runs kept on disk, one JSON file per entry, keyed by the code too.

A key is any JSON-able description of a call (its arguments); the cache adds a fingerprint of
the source that decides the result (modules or files), so a change to that code starts afresh
instead of returning stale results. Writes are atomic (a temporary file renamed into place), so
an interrupted run never leaves a half-written entry; an entry that cannot be read, or that
fails the caller's shape check, is reported with its path in a warning, removed and recomputed,
never returned.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

from studykit.checks import file_name
from studykit.paths import write_atomic


def fingerprint(sources: Iterable[ModuleType | str | Path]) -> str:
    """A short hash of the source of modules and the bytes of files, in the given order."""
    digest = hashlib.sha256()
    for source in sources:
        if isinstance(source, ModuleType):
            digest.update(inspect.getsource(source).encode())
        else:
            digest.update(Path(source).read_bytes())
    return digest.hexdigest()[:16]


def plain(value):
    """JSON fallback: numpy scalars and arrays as Python numbers and lists."""
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"cannot store {type(value).__name__} in a result cache")


class CorruptEntryWarning(UserWarning):
    """A cache entry could not be used and is being recomputed."""


class ResultCache:
    """A folder of JSON results, one file per key, valid for one fingerprint of the code.

    Args:
        folder: where the entries live (created if missing).
        code: the fingerprint of the code that decides the results (see ``fingerprint``).
        check: optional test of an entry's shape; an entry failing it counts as corrupt.
    """

    def __init__(self, folder: str | Path, code: str,
                 check: Callable[[Any], bool] | None = None):
        if not isinstance(code, str) or not code:
            raise ValueError(f"code must be a non-empty fingerprint string, got {code!r}")
        if not isinstance(folder, (str, Path)):
            raise TypeError(f"folder must be a path, got {type(folder).__name__}")
        if check is not None and not callable(check):
            raise TypeError(f"check must be a function or None, got {type(check).__name__}")
        self.folder, self.code, self.check = Path(folder), code, check
        self.folder.mkdir(parents=True, exist_ok=True)

    def path(self, name: str, key) -> Path:
        """The file of the entry ``key`` of the function or table ``name``."""
        file_name(name, "name")
        text = json.dumps({"key": key, "code": self.code}, sort_keys=True, default=plain)
        return self.folder / f"{name}-{hashlib.sha256(text.encode()).hexdigest()[:20]}.json"

    def __contains__(self, item: tuple[str, Any]) -> bool:
        name, key = item
        return self.get(name, key) is not None

    def get(self, name: str, key):
        """The stored value, or None when missing (a corrupt entry is reported and removed)."""
        path = self.path(name, key)
        if not path.is_file():
            return None
        try:
            value = json.loads(path.read_text())
            ok = self.check is None or self.check(value)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            ok, why = False, f"{type(error).__name__}: {error}"
        else:
            why = "wrong shape"
        if not ok:
            warnings.warn(f"cache entry {path} is unusable ({why}); recomputing it",
                          CorruptEntryWarning, stacklevel=2)
            path.unlink(missing_ok=True)
            return None
        return value

    def put(self, name: str, key, value) -> Path:
        """Store ``value`` atomically and return its path."""
        return write_atomic(self.path(name, key), json.dumps(value, default=plain))

    def call(self, fn: Callable[..., Any], **kwargs):
        """``fn(**kwargs)`` read from the cache or computed and stored; the same types either way."""
        if not callable(fn):
            raise TypeError(f"fn must be a function, got {type(fn).__name__}")
        value = self.get(fn.__name__, kwargs)
        if value is None:
            self.put(fn.__name__, kwargs, fn(**kwargs))
            value = json.loads(self.path(fn.__name__, kwargs).read_text())
        return value
