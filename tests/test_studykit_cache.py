"""The shared result cache: keyed by arguments (content, not class names) and code, entries
validated against a schema, atomic writes that leave nothing behind, corrupt entries recomputed."""

import dataclasses
import json
import os
import warnings

import numpy as np
import pytest

import studykit.paths
from studykit.cache import (
    CorruptEntryWarning,
    Field,
    ResultCache,
    cache_key,
    code_fingerprint,
    fingerprint,
)

CALLS = []
SCHEMA = {"n": Field("int", 0, 100), "square": Field("int", 0),
          "row": Field("list", items=Field("int", 0)), "share": Field("float", 0, 1)}


def square(n: int) -> dict:
    CALLS.append(n)
    return {"n": n, "square": np.int64(n * n), "row": np.arange(3), "share": 0.5}


def test_a_result_is_computed_once_and_read_back_with_plain_types(tmp_path):
    CALLS.clear()
    cache = ResultCache(tmp_path, "code-1", schema=SCHEMA)
    first = cache.call(square, n=4)
    assert first == {"n": 4, "square": 16, "row": [0, 1, 2], "share": 0.5} and CALLS == [4]
    assert cache.call(square, n=np.int64(4)) == first and CALLS == [4]
    assert cache.has_call(square, n=4) and not cache.has_call(square, n=5)
    cache.call(square, n=5)
    assert CALLS == [4, 5]
    # another fingerprint of the code never sees the old entry
    other = ResultCache(tmp_path, "code-2", schema=SCHEMA)
    other.call(square, n=4)
    assert CALLS == [4, 5, 4]
    assert not list(tmp_path.glob(".*.tmp")), "no temporary file is left behind"


def entry_path(cache, n):
    return cache.call_path(square, n=n)


CORRUPT = {
    "not text": b"\xff\xfe not text",
    "cut short": b'{"n": 4, "squ',
    "a list": b"[1, 2]",
    "wrong type": b'{"n": 3, "square": "nine", "row": [0, 1, 2], "share": 0.5}',
    "bool as int": b'{"n": 3, "square": true, "row": [0, 1, 2], "share": 0.5}',
    "float as int": b'{"n": 3, "square": 9.0, "row": [0, 1, 2], "share": 0.5}',
    "NaN": b'{"n": 3, "square": 9, "row": [0, 1, 2], "share": NaN}',
    "infinity": b'{"n": 3, "square": 9, "row": [0, 1, 2], "share": Infinity}',
    "out of range": b'{"n": 3, "square": 9, "row": [0, 1, 2], "share": 1e9}',
    "negative": b'{"n": 3, "square": -1, "row": [0, 1, 2], "share": 0.5}',
    "bad item": b'{"n": 3, "square": 9, "row": [0, "x", 2], "share": 0.5}',
    "extra key": b'{"n": 3, "square": 9, "row": [0, 1, 2], "share": 0.5, "junk": 1}',
    "missing key": b'{"n": 3, "square": 9, "row": [0, 1, 2]}',
    "null": b'{"n": 3, "square": null, "row": [0, 1, 2], "share": 0.5}',
    "cross-field": b'{"n": 3, "square": 10, "row": [0, 1, 2], "share": 0.5}',
}


@pytest.mark.parametrize("content", CORRUPT.values(), ids=CORRUPT.keys())
def test_a_corrupt_entry_is_reported_with_its_path_and_recomputed(tmp_path, content):
    CALLS.clear()
    cache = ResultCache(tmp_path, "code", schema=SCHEMA,
                        check=lambda v: v["square"] == v["n"] ** 2)
    path = entry_path(cache, 3)
    path.write_bytes(content)
    with pytest.warns(CorruptEntryWarning, match=path.name):
        assert cache.call(square, n=3)["square"] == 9
    assert CALLS == [3] and json.loads(path.read_text())["square"] == 9
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cache.call(square, n=3)  # now clean: no warning, not recomputed
    assert CALLS == [3]


def test_a_directory_at_the_entry_path_is_reported_not_raised_and_leaves_no_temp(tmp_path):
    CALLS.clear()
    cache = ResultCache(tmp_path, "code", schema=SCHEMA)
    path = entry_path(cache, 2)
    path.mkdir()
    with pytest.warns(CorruptEntryWarning, match=path.name):
        assert cache.call(square, n=2)["square"] == 4
    assert path.is_dir() and CALLS == [2]
    assert [p.name for p in tmp_path.iterdir()] == [path.name], "no temporary file left"


def test_failures_while_writing_leave_no_temporary_file(tmp_path, monkeypatch):
    cache = ResultCache(tmp_path, "code")
    with pytest.raises(TypeError):  # not serialisable: fails before any file exists
        cache.put("f", 1, {"x": object()})
    with pytest.raises(ValueError):  # NaN is never stored under a schema
        ResultCache(tmp_path, "code", schema={"x": Field("float")}).put("f", 1,
                                                                       {"x": float("nan")})

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(studykit.paths.os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        cache.put("f", 1, {"x": 1})
    with pytest.warns(CorruptEntryWarning, match="could not be stored"):
        assert cache.call(square, n=1)["square"] == 1
    assert list(tmp_path.iterdir()) == []


def test_an_interrupted_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(studykit.paths.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        studykit.paths.write_atomic(tmp_path / "a.json", "{}")
    assert list(tmp_path.iterdir()) == []


def test_an_entry_its_schema_refuses_is_never_stored(tmp_path):
    cache = ResultCache(tmp_path, "code", schema={"wins": Field("int", 0)})
    with pytest.raises(ValueError, match="wins"):
        cache.put("f", 1, {"wins": -1})
    assert list(tmp_path.iterdir()) == []


@dataclasses.dataclass(frozen=True)
class Config:
    rows: int
    weights: tuple


class Agent:
    def __init__(self, weights):
        self.weights = np.asarray(weights, dtype=float)

    def cache_key(self):
        return {"weights": self.weights}


def test_cache_key_names_content_not_class():
    assert cache_key({"a": (1, 2.5, None, True, "x")}) == {"a": [1, 2.5, None, True, "x"]}
    assert cache_key(np.int64(3)) == 3 and type(cache_key(np.int64(3))) is int
    assert cache_key(np.float32(0.5)) == 0.5 and cache_key(np.bool_(True)) is True
    assert cache_key(np.arange(3)) != cache_key(np.arange(4))
    assert cache_key(np.arange(3)) != cache_key(np.arange(3.0))
    assert cache_key(np.zeros((2, 3))) != cache_key(np.zeros((3, 2)))
    assert cache_key(Config(3, (1, 2))) != cache_key(Config(3, (1, 3)))
    assert cache_key(Config(3, (1, 2)))["type"].endswith("test_studykit_cache.Config")
    assert cache_key(Agent([1, 0])) != cache_key(Agent([0, 0]))
    assert cache_key(Agent([1, 0])) == cache_key(Agent([1.0, 0.0]))


@pytest.mark.parametrize("value, error, words", [
    (float("nan"), ValueError, "NaN"), (np.float64("inf"), ValueError, "NaN"),
    ({1: 2}, TypeError, "keys must be texts"), (object(), TypeError, "cache_key()"),
    (np.array([object()]), TypeError, "objects"), ({1, 2}, TypeError, "cache_key()"),
    (dataclasses.make_dataclass("Loose", ["x"])(1), TypeError, "Loose"),
])
def test_cache_key_refuses_what_it_cannot_identify(value, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        cache_key(value)


def test_agents_with_other_weights_never_share_an_entry(tmp_path):
    seen = []

    def play(agent):
        seen.append(float(agent.weights.sum()))
        return {"share": float(agent.weights.sum() > 0)}

    cache = ResultCache(tmp_path, "code", schema={"share": Field("float", 0, 1)})
    assert cache.call(play, agent=Agent([1, 0]))["share"] == 1.0
    assert cache.call(play, agent=Agent([0, 0]))["share"] == 0.0
    assert seen == [1.0, 0.0]


def test_field_refuses_nonsense():
    assert Field(int, 0).kind == "int"
    for bad in (lambda: Field("number"), lambda: Field("str", low=0), lambda: Field("list"),
                lambda: Field("int", 3, 1), lambda: Field("float", float("nan")),
                lambda: Field("dict", items={"a": 1})):
        with pytest.raises((ValueError, TypeError)):
            bad()


def test_the_old_fingerprint_follows_source_and_bytes(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("one")
    b.write_text("two")
    assert fingerprint([a, b]) != fingerprint([b, a])
    before = fingerprint([a, json])
    a.write_text("one!")
    assert fingerprint([a, json]) != before
    with pytest.raises(ValueError, match="fingerprint"):
        ResultCache(tmp_path, "")


def test_code_fingerprint_covers_extra_files_and_is_stable(tmp_path):
    weights = tmp_path / "w.init"
    weights.write_text("1 2 3")
    first = code_fingerprint("studykit.stats", files=[weights])
    assert first == code_fingerprint("studykit.stats", files=[weights])
    weights.write_text("1 2 4")
    assert code_fingerprint("studykit.stats", files=[weights]) != first
    assert code_fingerprint(square) != code_fingerprint("studykit.stats")
    for bad in ((), ("no such module",)):
        with pytest.raises(ValueError):
            code_fingerprint(*bad)
    assert os.environ.get("PYTHONHASHSEED") or True  # the hash does not depend on hash seeds
