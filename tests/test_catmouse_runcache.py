"""The on-disk cache of the long trials: keyed by the computed code fingerprint and every
argument, and never returning an entry that is not a valid result of the call."""

import json
import math
import shutil
from pathlib import Path

import numpy as np
import pytest

import catmouse
from catmouse.v1 import experiments
from catmouse.v1.experiments import compare_trainers_trial, tuning_trial, variant_trial
from catmouse.v1.runcache import (
    SCHEMAS,
    cached,
    entry_path,
    fingerprint,
    is_cached,
    store,
    stored,
)
from studykit.cache import CorruptEntryWarning

ROOT = Path(__file__).resolve().parent.parent
CALLS = {        # small runs: a curve with inf and 0 lost moves, solved; the article's never
    variant_trial: {"rows": 3, "cols": 4, "first_move": "cat",
                    "variant": "+ stagnation: jumps, restarts, drift", "iterations": 400,
                    "seed": 0, "checkpoint_every": 50},
    compare_trainers_trial: {"rows": 3, "cols": 4, "first_move": "cat", "iterations": 300,
                             "checkpoint_every": 50, "seed": 1},
    tuning_trial: {"rows": 3, "cols": 4, "first_move": "cat", "variant": "improved + annealing",
                   "iterations": 300, "seed": 2, "checkpoint_every": 50},
}
TRIALS = list(CALLS)


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """A copy of the project's packages (catmouse and studykit), to edit."""
    copy = tmp_path_factory.mktemp("tree")
    for package in ("catmouse", "studykit"):
        shutil.copytree(ROOT / package, copy / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    return copy


@pytest.mark.parametrize("fn", TRIALS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("module", ["catmouse/v1/fastwalk.py", "studykit/twister.py",
                                    "catmouse/v1/improved.py", "catmouse/exact/solve.py"])
def test_editing_a_module_the_trials_use_changes_their_fingerprint(tree, fn, module, tmp_path):
    before = fingerprint(fn, search=[tree])
    cache = store(fn, tmp_path, CALLS[fn], search=[tree])
    path = cache.call_path(fn, **CALLS[fn])
    source = tree / module
    text = source.read_text()
    try:
        source.write_text(text.replace("\n\n\n", "\n\n\nEDITED = 1       # changes the results\n\n\n",
                                       1))
        assert fingerprint(fn, search=[tree]) != before
        assert store(fn, tmp_path, CALLS[fn], search=[tree]).call_path(fn, **CALLS[fn]) != path
    finally:
        source.write_text(text)
    assert fingerprint(fn, search=[tree]) == before == fingerprint(fn)


def test_the_fingerprint_is_computed_from_the_imports_not_listed():
    from studykit.codehash import import_closure

    for fn in TRIALS:
        modules, _ = import_closure(fn)
        assert {"catmouse.v1.fastwalk", "studykit.twister", "catmouse.fast.lockstep"} <= set(modules)
    assert len({fingerprint(fn) for fn in TRIALS}) == 1          # one closure: catmouse's
    with pytest.raises(TypeError, match="trials"):
        fingerprint(catmouse.solve)


@pytest.mark.parametrize("fn", TRIALS, ids=lambda f: f.__name__)
def test_a_cached_trial_is_the_plain_call_and_runs_once(fn, tmp_path, monkeypatch):
    args = CALLS[fn]
    assert not is_cached(fn, tmp_path, **args)
    first = cached(fn, tmp_path)(**args)
    assert is_cached(fn, tmp_path, **args)
    plain = fn(**args)
    assert first == json.loads(json.dumps(plain))                  # tuples as lists, inf kept
    for name in ("train_tabular_improved", "train_tabular"):      # a second call reads the disk
        monkeypatch.setattr(experiments, name, lambda *a, **k: pytest.fail("recomputed"))
    assert cached(fn, tmp_path)(**args) == first
    numpy_args = {k: np.int64(v) if isinstance(v, int) else v for k, v in args.items()}
    assert cached(fn, tmp_path)(**numpy_args) == first             # np.int64(4) keys as 4
    assert len(list(tmp_path.iterdir())) == 1


def test_never_catching_is_stored_as_none_and_read_back_as_inf(tmp_path):
    args = {**CALLS[variant_trial], "rows": 6, "cols": 7, "iterations": 200}
    plain = variant_trial(**args)
    assert any(lost == math.inf for _, lost in plain["lost"])
    assert cached(variant_trial, tmp_path)(**args)["lost"] == [list(p) for p in plain["lost"]]
    text = entry_path(variant_trial, tmp_path, **args).read_text()
    assert "null" in text and "Infinity" not in text


def corruptions(fn):
    """Entries a trial must never return: wrong types, NaN, out of range, wrong keys, and
    values inconsistent with the call."""
    good = json.loads(json.dumps(stored(fn)(**CALLS[fn])))
    keys = sorted(SCHEMAS[fn.__name__])
    out = [{"article": "junk", "improved": -1, "solved_at": "never", "article_solved_at": None,
            "hall_of_fame": 818}, [], "text", None, {**good, "extra": 1},
           {k: v for k, v in good.items() if k != keys[0]}]
    for key in keys:
        for bad in ("junk", -1, 2.5, True, math.nan, math.inf, 10**12, [[1, 2, 3]], [["a", 0]]):
            if good[key] != bad:
                out.append({**good, key: bad})
    if fn is not tuning_trial:
        curve = "lost" if fn is variant_trial else "improved"
        its = [it for it, _ in good[curve]]
        out += [{**good, curve: [[its[0], -1]] + good[curve][1:]},              # negative
                {**good, curve: [[its[0], 0.5]] + good[curve][1:]},             # not whole
                {**good, curve: [[10**6, 0]]},                                  # beyond budget
                {**good, curve: good[curve][::-1]} if len(its) > 1 else {},     # out of order
                {**good, "solved_at": its[-1] if good["solved_at"] is None else None}]
    else:
        out += [{**good, "iterations": 301}, {**good, "stopped_at": 7},
                {**good, "worse_moves": good["iterations"] + 1},
                {**good, "solved_at": good["iterations"] + 1}]
    return good, [entry for entry in out if entry != good]


@pytest.mark.parametrize("fn", TRIALS, ids=lambda f: f.__name__)
def test_corrupt_entries_are_recomputed_with_a_warning(fn, tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path))           # the real cache folder
    run = {variant_trial: catmouse.variant_run_cached, tuning_trial: catmouse.tuning_run_cached,
           compare_trainers_trial: catmouse.compare_trainers_cached}[fn]
    args = CALLS[fn]
    fresh = run(**args)
    path = entry_path(fn, **args)
    assert path.parent == tmp_path / "cache" / "catmouse"
    good, bad_entries = corruptions(fn)
    assert len(bad_entries) > 20
    for entry in bad_entries:
        stored_key = json.loads(path.read_text())["key"]           # the entry keeps its key
        path.write_text(json.dumps({"key": stored_key, "value": entry}))  # NaN, inf as JSON allows
        with pytest.warns(CorruptEntryWarning, match=path.name):
            assert run(**args) == fresh, entry
        assert json.loads(path.read_text())["value"] == good
    for text in ("", "{", "\x00\xff", '{"lost": NaN, "solved_at": null}'):
        path.write_text(text)
        with pytest.warns(CorruptEntryWarning, match=path.name):
            assert run(**args) == fresh, text
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


@pytest.mark.parametrize("fn", TRIALS, ids=lambda f: f.__name__)
def test_a_directory_at_the_entry_path_is_reported_and_leaves_no_file(fn, tmp_path):
    args = CALLS[fn]
    path = entry_path(fn, tmp_path, **args)
    path.mkdir()
    with pytest.warns(CorruptEntryWarning, match=path.name):
        result = cached(fn, tmp_path)(**args)
    assert result == json.loads(json.dumps(fn(**args)))
    assert sorted(tmp_path.iterdir()) == [path] and path.is_dir()
    with pytest.warns(CorruptEntryWarning, match=path.name):
        assert not is_cached(fn, tmp_path, **args)


def test_bad_calls_are_refused_naming_the_argument(tmp_path):
    from fuzzing import refused

    refused(lambda: cached(catmouse.solve, tmp_path), "trials")
    refused(lambda: is_cached("variant_trial", tmp_path), "trials")
    refused(lambda: is_cached(variant_trial, folder=0), "folder")
    refused(lambda: cached(variant_trial, tmp_path)(**{**CALLS[variant_trial], "seed": object()}),
            "seed")
    refused(lambda: cached(tuning_trial, tmp_path)(**{**CALLS[tuning_trial], "seed": math.nan}),
            "seed")
    refused(lambda: cached(variant_trial, tmp_path)(**{**CALLS[variant_trial], "seed": -1}),
            "seed")
    assert list(tmp_path.iterdir()) == []


def test_an_entry_copied_to_another_calls_path_is_recomputed(tmp_path, monkeypatch):
    """Issue 41: ``tuning_run_cached(iterations=300)`` served a 100-iteration run."""
    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path))
    short = {**CALLS[tuning_trial], "iterations": 100}
    catmouse.tuning_run_cached(**short)
    fresh = tuning_trial(**CALLS[tuning_trial])
    path = entry_path(tuning_trial, **CALLS[tuning_trial])
    shutil.copy(entry_path(tuning_trial, **short), path)
    with pytest.warns(CorruptEntryWarning, match="another key"):
        assert catmouse.tuning_run_cached(**CALLS[tuning_trial]) == json.loads(json.dumps(fresh))
    assert json.loads(path.read_text())["value"]["iterations"] == fresh["iterations"]
