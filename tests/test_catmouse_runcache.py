"""The on-disk cache of long runs."""

import math

import numpy as np
import pytest

import catmouse.board
from catmouse.runcache import cached, compare_trainers_cached, fingerprint, is_cached, store

CALLS = []


def _work(a, b, seed):
    CALLS.append((a, b, seed))
    return {"sum": np.int64(a + b), "pairs": [(1, 2.5), (2, math.inf)], "none": None, "seed": seed}


def test_cached_computes_once_per_arguments_and_keeps_types(tmp_path):
    CALLS.clear()
    fn = cached(_work, folder=tmp_path)
    assert not is_cached(_work, folder=tmp_path, a=1, b=2, seed=3)
    first = fn(a=1, b=2, seed=3)
    assert is_cached(_work, folder=tmp_path, a=1, b=2, seed=3)
    again = fn(a=1, b=2, seed=3)
    assert first == again == {"sum": 3, "pairs": [[1, 2.5], [2, math.inf]], "none": None, "seed": 3}
    assert CALLS == [(1, 2, 3)]
    fn(a=1, b=2, seed=4)
    assert len(CALLS) == 2 and len(list(tmp_path.glob("_work-*.json"))) == 2
    cache = store(tmp_path)
    assert cache.path("f", {"a": 1, "b": 2}) == cache.path("f", {"b": 2, "a": 1})
    assert cache.path("f", {"a": 1, "b": 2}) != store(tmp_path, (catmouse.board,)).path("f", {"a": 1, "b": 2})


def test_a_corrupt_or_misshapen_entry_is_recomputed_with_a_warning(tmp_path):
    from studykit.cache import CorruptEntryWarning

    CALLS.clear()
    fn = cached(_work, folder=tmp_path)
    fn(a=5, b=6, seed=7)
    path = store(tmp_path).path("_work", {"a": 5, "b": 6, "seed": 7})
    for content in (b"\x00\xff garbage", b'{"sum": 11, "pa', b"[11]"):
        path.write_bytes(content)
        with pytest.warns(CorruptEntryWarning, match=path.name):
            assert fn(a=5, b=6, seed=7)["sum"] == 11
    assert len(CALLS) == 4


def test_a_trial_entry_of_the_wrong_shape_is_recomputed(tmp_path):
    from catmouse.v1.experiments import variant_trial
    from studykit.cache import CorruptEntryWarning

    fn = cached(variant_trial, folder=tmp_path)
    args = {"rows": 4, "cols": 5, "first_move": "cat", "variant": "article's scheme",
            "iterations": 20, "seed": 0, "checkpoint_every": 10}
    good = fn(**args)
    path = store(tmp_path).path("variant_trial", args)
    path.write_text(path.read_text().replace('"lost"', '"lots"'))
    with pytest.warns(CorruptEntryWarning, match=path.name):
        assert fn(**args) == good


def test_fingerprint_depends_on_the_modules_and_bad_results(tmp_path):
    assert fingerprint((catmouse.board,)) != fingerprint() and len(fingerprint()) == 16
    with pytest.raises(TypeError, match="result cache"):
        cached(lambda **kw: {"x": object()}, folder=tmp_path)(a=1)


def test_cached_compare_trainers_matches_the_plain_call(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path))
    args = {"rows": 4, "cols": 5, "first_move": "cat", "iterations": 600, "checkpoint_every": 200, "seed": 1}
    plain = catmouse.compare_trainers_trial(**args)
    stored = compare_trainers_cached(**args)
    assert stored == compare_trainers_cached(**args)
    assert stored["solved_at"] == plain["solved_at"] and stored["article"] == [list(p) for p in plain["article"]]
    assert len(list((tmp_path / "cache" / "catmouse").glob("*.json"))) == 1


def test_the_fingerprint_covers_every_module_the_trials_use():
    """A change to any module a trial's result depends on must start the cache afresh."""
    import sys

    from catmouse.runcache import CODE

    seen, todo = set(), [catmouse.v1.experiments]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        for obj in vars(module).values():
            name = getattr(obj, "__module__", None)
            if name and name.startswith("catmouse") and name != "catmouse.v1.plain":
                todo.append(sys.modules[name])
    assert seen <= set(CODE), sorted(m.__name__ for m in seen - set(CODE))
