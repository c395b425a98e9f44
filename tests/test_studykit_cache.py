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
    key = json.dumps(cache.full_key(*cache.call_key(square, n=3))).encode()
    path.write_bytes(b'{"key": ' + key + b', "value": ' + content + b"}")   # under its own key
    with pytest.warns(CorruptEntryWarning, match=path.name):
        assert cache.call(square, n=3)["square"] == 9
    assert CALLS == [3] and json.loads(path.read_text())["value"]["square"] == 9
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


# ---- issue 41: an entry holds its full key; size-capped reads; damaged entries are misses ----
def stored_under(cache, n, value_text: bytes):
    """Write an entry for ``square(n=n)`` holding its own key and the raw ``value_text``."""
    path = entry_path(cache, n)
    key = json.dumps(cache.full_key(*cache.call_key(square, n=n))).encode()
    path.write_bytes(b'{"key": ' + key + b', "value": ' + value_text + b"}")
    return path


def recomputed_with_a_warning(cache, path, n=3):
    CALLS.clear()
    with pytest.warns(CorruptEntryWarning, match=path.name):
        assert cache.call(square, n=n)["square"] == n * n
    assert CALLS == [n]
    assert json.loads(path.read_text())["value"]["square"] == n * n


def test_an_entry_copied_to_another_keys_path_is_recomputed(tmp_path):
    cache = ResultCache(tmp_path, "code", schema=SCHEMA)
    cache.call(square, n=2)
    other = entry_path(cache, 3)
    other.write_bytes(entry_path(cache, 2).read_bytes())       # 2's valid entry at 3's path
    recomputed_with_a_warning(cache, other)
    without_schema = ResultCache(tmp_path / "plain", "code")
    without_schema.call(square, n=2)
    copied = entry_path(without_schema, 3)
    copied.write_bytes(entry_path(without_schema, 2).read_bytes())
    recomputed_with_a_warning(without_schema, copied)


def test_an_entry_of_the_old_form_without_its_key_is_recomputed(tmp_path):
    cache = ResultCache(tmp_path, "code", schema=SCHEMA)
    path = entry_path(cache, 3)
    path.write_text(json.dumps({"n": 3, "square": 9, "row": [0, 1, 2], "share": 0.5}))
    recomputed_with_a_warning(cache, path)


@pytest.mark.parametrize("value_text", [
    b"[" * 100_000 + b"]" * 100_000,                                    # RecursionError
    b'{"n": ' + b"9" * 400 + b', "square": 9, "row": [0, 1, 2], "share": 0.5}',
    b'{"n": 3, "square": 9, "row": [0, 1, 2], "share": ' + b"1" * 400 + b"}",   # OverflowError
    b'{"n": 3, "square": 9, "row": [0, 1, 2], "share": ' + b"1" * 5000 + b"}",  # too many digits
], ids=["nested", "huge int", "huge int as float", "5000 digits"])
def test_deeply_nested_and_huge_number_entries_are_recomputed(tmp_path, value_text):
    cache = ResultCache(tmp_path, "code", schema=SCHEMA, check=lambda v: v["square"] == v["n"] ** 2)
    recomputed_with_a_warning(cache, stored_under(cache, 3, value_text))


def test_a_nested_entry_without_a_schema_is_recomputed(tmp_path):
    cache = ResultCache(tmp_path, "code")
    recomputed_with_a_warning(cache, stored_under(cache, 3, b"[" * 100_000 + b"]" * 100_000))


@pytest.mark.parametrize("target", ["/dev/zero", "/dev/urandom"])
def test_an_entry_linked_to_an_endless_file_is_recomputed_without_hanging(tmp_path, target):
    cache = ResultCache(tmp_path, "code", schema=SCHEMA)
    path = entry_path(cache, 3)
    path.symlink_to(target)
    recomputed_with_a_warning(cache, path)
    assert not path.is_symlink()


def test_an_entry_that_is_a_pipe_is_recomputed_without_hanging(tmp_path):
    cache = ResultCache(tmp_path, "code", schema=SCHEMA)
    path = entry_path(cache, 3)
    os.mkfifo(path)
    recomputed_with_a_warning(cache, path)


def test_an_entry_larger_than_the_cap_is_recomputed_and_the_cap_is_checked(tmp_path):
    cache = ResultCache(tmp_path, "code", schema=SCHEMA, max_bytes=300)
    path = stored_under(cache, 3, b'{"n": 3, "square": 9, "row": [0, 1, 2], "share": 0.5'
                        + b" " * 400 + b"}")
    recomputed_with_a_warning(cache, path)
    for bad in (0, -1, 2.5, "big", True):
        with pytest.raises((TypeError, ValueError), match="max_bytes"):
            ResultCache(tmp_path, "code", max_bytes=bad)


def test_read_capped_reads_at_most_the_cap(tmp_path):
    from studykit.paths import read_capped

    (tmp_path / "a").write_bytes(b"12345")
    assert read_capped(tmp_path / "a", 5) == b"12345"
    with pytest.raises(ValueError, match="more than the 4 allowed"):
        read_capped(tmp_path / "a", 4)
    with pytest.raises(ValueError, match="not a regular file"):
        read_capped("/dev/zero", 10)
    with pytest.raises(OSError):
        read_capped(tmp_path / "missing", 10)
