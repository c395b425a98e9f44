"""The shared result cache: keyed by arguments and code, atomic, corrupt entries recomputed."""

import json
import warnings

import numpy as np
import pytest

from studykit.cache import CorruptEntryWarning, ResultCache, fingerprint

CALLS = []


def square(n: int) -> dict:
    CALLS.append(n)
    return {"n": n, "square": np.int64(n * n), "row": np.arange(3)}


def test_a_result_is_computed_once_and_read_back_with_plain_types(tmp_path):
    CALLS.clear()
    cache = ResultCache(tmp_path, "code-1")
    first = cache.call(square, n=4)
    assert first == {"n": 4, "square": 16, "row": [0, 1, 2]} and CALLS == [4]
    assert cache.call(square, n=4) == first and CALLS == [4]
    assert ("square", {"n": 4}) in cache and ("square", {"n": 5}) not in cache
    # another fingerprint of the code never sees the old entry
    assert ResultCache(tmp_path, "code-2").get("square", {"n": 4}) is None
    assert not list(tmp_path.glob(".*.tmp")), "no temporary file is left behind"


@pytest.mark.parametrize("content", [b"\xff\xfe not text", b'{"n": 4, "squ', b'[1, 2]'])
def test_a_corrupt_or_misshapen_entry_is_reported_and_recomputed(tmp_path, content):
    CALLS.clear()
    cache = ResultCache(tmp_path, "code", check=lambda v: isinstance(v, dict) and "square" in v)
    path = cache.path("square", {"n": 3})
    path.write_bytes(content)
    with pytest.warns(CorruptEntryWarning, match=str(path.name)):
        assert cache.call(square, n=3)["square"] == 9
    assert CALLS == [3] and json.loads(path.read_text())["square"] == 9
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cache.call(square, n=3)  # now clean: no warning


def test_fingerprint_follows_module_source_and_file_bytes(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("one")
    b.write_text("two")
    assert fingerprint([a, b]) != fingerprint([b, a])
    before = fingerprint([a, json])
    a.write_text("one!")
    assert fingerprint([a, json]) != before
    with pytest.raises(ValueError, match="fingerprint"):
        ResultCache(tmp_path, "")
