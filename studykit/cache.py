"""Results of long seeded runs kept on disk, one JSON file per entry: caches that cannot lie.

An entry is found by everything its result depends on, and checked before it is returned:

- the code: ``code_fingerprint(*roots, files=())`` (``studykit.codehash``) hashes the source of
  the import closure of the cached functions (computed from the imports, never listed by hand),
  the bytes of extra files such as weights, the Python version and the third-party versions;
- every argument: ``cache_key(value)`` is the JSON identity of an argument: None, bools, ints,
  finite floats and texts as they are (numpy scalars as Python ones; NaN and infinities refused),
  lists, tuples and dicts (text keys) recursively, numpy arrays by a hash of dtype, shape and
  bytes, frozen dataclasses by qualified class name and fields, and any object with a
  ``cache_key()`` method as ``{"type": qualified class name, "content": obj.cache_key()}``;
  anything else is a TypeError (an object is never keyed by its class name alone);
- its content: a ``schema`` (``dict[str, Field]``) says what an entry is: a JSON object with
  exactly those keys, each value of its field's kind (``int`` never accepts a bool, ``float``
  accepts an int, NaN and infinities never pass) within ``[low, high]``, lists item by item.
  ``check=`` adds a test across fields (wins <= games). Without a schema an entry is any JSON
  value (kept for older callers; infinities then pass): give every cache a schema, and store
  "never" as None in a ``nullable`` field rather than as an infinity.

Each file stores its full key beside its value, ``{"key": {"name", "key", "code"}, "value"}``,
and a file whose stored key is not the one asked for (an entry copied to another key's path) is
not returned. Files are read size-capped (``max_bytes``: the size is looked at first and at most
``max_bytes + 1`` bytes read, so a link to ``/dev/zero`` never hangs). An entry that cannot be
read (not JSON, nested too deep, numbers too long) or fails its key, schema or check is reported
(``CorruptEntryWarning`` naming the path and why), removed and recomputed, never returned. Writes are atomic (a temporary
file renamed into place) and leave no temporary file whatever fails; an entry that cannot be
stored (its path is a directory, the disk is full) is reported and the computed value returned.

    cache = ResultCache(folder, code_fingerprint(trial), schema={
        "wins": Field("int", 0), "games": Field("int", 1), "share": Field("float", 0, 1)},
        check=lambda entry: entry["wins"] <= entry["games"])
    result = cache.call(trial, agent=agent, games=100, seed=7)
    cache.has_call(trial, agent=agent, games=100, seed=7)    # True: a valid entry is stored
    cache.call_path(trial, agent=agent, games=100, seed=7)   # its file
"""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import json
import math
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from studykit.checks import whole
from studykit.paths import file_name
from studykit.codehash import code_fingerprint
from studykit.paths import read_capped, write_atomic
from studykit.schema import Field, problem

__all__ = ["CorruptEntryWarning", "Field", "ResultCache", "cache_key", "code_fingerprint",
           "fingerprint"]

MAX_ENTRY_BYTES = 64 * 2**20      # an entry file larger than this is not read (a miss)
UNREADABLE = (OSError, UnicodeDecodeError, ValueError, RecursionError, OverflowError,
              TypeError, MemoryError)   # what reading or checking a damaged entry can raise


def fingerprint(sources: Iterable[ModuleType | str | Path]) -> str:
    """A short hash of the source of modules and the bytes of files, in the given order (prefer
    ``code_fingerprint``, which finds the modules itself)."""
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


def qualified(cls: type) -> str:
    """``module.QualifiedName`` of a class."""
    return f"{cls.__module__}.{cls.__qualname__}"


def cache_key(value):
    """The JSON identity of an argument (see the module's docstring)."""
    if value is None or isinstance(value, (bool, str)):
        return str(value) if isinstance(value, str) else value
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        if not math.isfinite(value):
            raise ValueError(f"cannot key a result by {value!r}: NaN and infinities have no "
                             "reliable identity")
        return float(value)
    if isinstance(value, (list, tuple)):
        return [cache_key(item) for item in value]
    if isinstance(value, dict):
        bad = [k for k in value if not isinstance(k, str)]
        if bad:
            raise TypeError(f"a dict argument's keys must be texts to key a result, got {bad[0]!r}")
        return {k: cache_key(v) for k, v in value.items()}
    if isinstance(value, np.ndarray):
        if value.dtype.hasobject:
            raise TypeError("cannot key a result by an array of Python objects")
        data = np.ascontiguousarray(value)
        digest = hashlib.sha256(f"{data.dtype.str}{data.shape}".encode() + data.tobytes())
        return {"ndarray": digest.hexdigest()}
    cls = type(value)
    if dataclasses.is_dataclass(value) and cls.__dataclass_params__.frozen:
        return {"type": qualified(cls), "fields": {f.name: cache_key(getattr(value, f.name))
                                                   for f in dataclasses.fields(value)}}
    method = getattr(value, "cache_key", None)
    if callable(method) and not isinstance(value, type):
        return {"type": qualified(cls), "content": cache_key(method())}
    raise TypeError(f"cannot key a result by a {qualified(cls)}: give it a cache_key() method "
                    "returning the JSON identity of its content (its weights by hash, not its "
                    "class name)")


def refuse_constant(name: str):
    """``json.loads`` hook: NaN and infinities are not valid JSON and never valid entries."""
    raise ValueError(f"{name} is not a valid value")


class CorruptEntryWarning(UserWarning):
    """A cache entry could not be used (or stored) and is being recomputed."""


class ResultCache:
    """A folder of JSON results, one file per key, valid for one fingerprint of the code.

    Args:
        folder: where the entries live (created if missing).
        code: the fingerprint of the code that decides the results (``code_fingerprint``).
        schema: what an entry is: ``{key: Field}``; None accepts any JSON value.
        check: an extra test of an entry (rules across fields); failing it counts as corrupt.
        max_bytes: the largest entry file read; a larger one is a miss.
    """

    def __init__(self, folder: str | Path, code: str, schema: dict[str, Field] | None = None,
                 check: Callable[[Any], bool] | None = None, *,
                 max_bytes: int = MAX_ENTRY_BYTES):
        if not isinstance(code, str) or not code:
            raise ValueError(f"code must be a non-empty fingerprint string, got {code!r}")
        if not isinstance(folder, (str, Path)):
            raise TypeError(f"folder must be a path, got {type(folder).__name__}")
        if schema is not None and not (isinstance(schema, dict) and all(
                isinstance(k, str) and isinstance(f, Field) for k, f in schema.items())):
            raise TypeError("schema must be a dict of text keys to Field, or None")
        if check is not None and not callable(check):
            raise TypeError(f"check must be a function or None, got {type(check).__name__}")
        self.folder, self.code, self.schema, self.check = Path(folder), code, schema, check
        self.max_bytes = whole(max_bytes, "max_bytes", 1)
        self.folder.mkdir(parents=True, exist_ok=True)

    def path(self, name: str, key) -> Path:
        """The file of the entry ``key`` of the function or table ``name``."""
        file_name(name, "name")
        text = json.dumps({"key": cache_key(key), "code": self.code}, sort_keys=True)
        return self.folder / f"{name}-{hashlib.sha256(text.encode()).hexdigest()[:20]}.json"

    def full_key(self, name: str, key) -> dict:
        """What an entry file stores as its key: the name, the key and the code, as JSON reads
        them back (lists for tuples)."""
        return json.loads(json.dumps({"name": name, "key": cache_key(key), "code": self.code},
                                     sort_keys=True))

    def read(self, name: str, key):
        """The value stored for ``key`` (a ValueError or OSError saying why there is none: no
        file, too large, not JSON, another key's entry, refused by the schema or check)."""
        path = self.path(name, key)
        hook = None if self.schema is None else refuse_constant
        stored = json.loads(read_capped(path, self.max_bytes).decode("utf-8"),
                            parse_constant=hook)
        if not (isinstance(stored, dict) and sorted(stored) == ["key", "value"]):
            raise ValueError("it is not an entry holding its key and value")
        if stored["key"] != self.full_key(name, key):
            raise ValueError("it stores another key's result")
        why = self.why_invalid(stored["value"])
        if why is not None:
            raise ValueError(why)
        return stored["value"]

    def __contains__(self, item: tuple[str, Any]) -> bool:
        name, key = item
        return self.get(name, key) is not None

    def why_invalid(self, value) -> str | None:
        """Why ``value`` is not a valid entry, or None when it is. ``value`` is an entry's value,
        or a file's whole content ``{"key", "value"}`` (then its value is checked; its key is
        checked by ``read``)."""
        if (self.schema is not None and isinstance(value, dict)
                and sorted(value) == ["key", "value"] != sorted(self.schema)):
            value = value["value"]
        if self.schema is not None:
            why = problem(value, Field("dict", items=self.schema), "the entry")
            if why:
                return why
        if self.check is not None:
            try:
                ok = self.check(value)
            except Exception as error:  # noqa: BLE001 - a check that cannot read it refuses it
                return f"check raised {type(error).__name__}: {error}"
            if not isinstance(ok, (bool, np.bool_)):
                return f"check returned {ok!r}, not a bool"
            if not ok:
                return "the check refuses it"
        return None

    def get(self, name: str, key):
        """The stored value, or None when missing (an unusable entry is reported and removed)."""
        path = self.path(name, key)
        if not (path.exists() or path.is_symlink()):
            return None
        try:
            return self.read(name, key)
        except UNREADABLE as error:
            why = f"{type(error).__name__}: {error}"
        warnings.warn(f"cache entry {path} is unusable ({why}); recomputing it",
                      CorruptEntryWarning, stacklevel=2)
        if path.is_file() or path.is_symlink():
            path.unlink(missing_ok=True)
        return None

    def put(self, name: str, key, value) -> Path:
        """Store ``value`` atomically and return its path (a value its own schema would refuse
        is a ValueError; a failed write an OSError, with no temporary file left)."""
        text = json.dumps(value, default=plain, allow_nan=self.schema is None)
        why = self.why_invalid(json.loads(text))
        if why is not None:
            raise ValueError(f"refusing to store an invalid {name} entry: {why}")
        entry = f'{{"key": {json.dumps(self.full_key(name, key), sort_keys=True)}, "value": {text}}}'
        return write_atomic(self.path(name, key), entry)

    @staticmethod
    def call_key(fn: Callable[..., Any], **kwargs) -> tuple[str, dict]:
        """The (name, key) under which ``call(fn, **kwargs)`` stores its result: the function's
        qualified name and ``cache_key`` of every argument."""
        if not callable(fn):
            raise TypeError(f"fn must be a function, got {type(fn).__name__}")
        name = getattr(fn, "__name__", type(fn).__name__)
        return name, {"function": f"{getattr(fn, '__module__', '')}."
                                  f"{getattr(fn, '__qualname__', name)}",
                      "arguments": cache_key(kwargs)}

    def has_call(self, fn: Callable[..., Any], **kwargs) -> bool:
        """Whether ``call(fn, **kwargs)`` would be read from disk (a valid entry exists)."""
        return self.call_key(fn, **kwargs) in self

    def call_path(self, fn: Callable[..., Any], **kwargs) -> Path:
        """The file of ``call(fn, **kwargs)``'s entry."""
        return self.path(*self.call_key(fn, **kwargs))

    def call(self, fn: Callable[..., Any], **kwargs):
        """``fn(**kwargs)`` read from the cache or computed and stored; the same types either
        way. The key is the function's qualified name and ``cache_key`` of every argument."""
        name, key = self.call_key(fn, **kwargs)
        value = self.get(name, key)
        if value is None:
            value = fn(**kwargs)
            try:
                self.put(name, key, value)
            except OSError as error:
                warnings.warn(f"cache entry {self.path(name, key)} could not be stored "
                              f"({type(error).__name__}: {error}); the result is not cached",
                              CorruptEntryWarning, stacklevel=2)
            value = json.loads(json.dumps(value, default=plain, allow_nan=self.schema is None))
        return value
