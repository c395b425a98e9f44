"""Set-free collections: the search, the check, and the exact counts."""

import json
import math
import shutil
import time
import warnings

import numpy as np
import pytest

from setgame import (
    LINES,
    count_cap_sets,
    count_sets,
    exact,
    find_cap_set,
    is_set_free,
    no_set_probability,
    random_tables,
    shipped,
)
from setgame.exact import counting_fingerprint, enumerate_cap_sets
from setgame.shipped import SHIPPED_COUNTS
from studykit import codehash
from studykit.cache import CorruptEntryWarning


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_20_card_set_free_collection_is_found_and_verified(seed):
    cap = find_cap_set(20, seed=seed)
    assert len(set(cap)) == 20
    on = np.zeros(81, dtype=bool)
    on[cap] = True
    assert not on[LINES].all(axis=1).any()
    assert is_set_free(cap)
    # and it is maximal: every other card completes a set with two of it
    assert all(not is_set_free(cap + [c]) for c in range(81) if c not in cap)


def test_is_set_free_detects_a_set():
    assert not is_set_free(LINES[0].tolist() + [40])
    assert is_set_free([])
    with pytest.raises(ValueError):
        find_cap_set(21)


def test_decomposition_count_matches_enumeration_in_three_dimensions():
    enumerated = np.bincount([int(m).bit_count() for m in enumerate_cap_sets(3)])
    counted = count_cap_sets(3)
    np.testing.assert_array_equal(counted[:len(enumerated)].astype(np.int64), enumerated)
    assert not counted[len(enumerated):].any()


def test_fresh_counts_of_the_real_deck_are_the_shipped_ones():
    """The one test that counts the 81-card game (about a minute): the fresh counts are right
    and are those shipped in setgame/capsets4.json."""
    counts = count_cap_sets(4, shipped=False)
    assert sum(int(c) for c in counts) > 0
    assert counts[0] == 1 and counts[1] == 81 and counts[2] == math.comb(81, 2)
    assert counts[3] == math.comb(81, 3) - 1080
    # four cards hold at most one set (two sets share at most one card)
    assert counts[4] == math.comb(81, 4) - 1080 * 78
    # Knuth (SETSET-ALL, 2001): 682,344 set-free collections of 20; none of 21 (Pellegrino)
    assert counts[20] == 682_344 and not any(counts[21:])
    # the exact P(no set among 12) agrees with a Monte Carlo estimate
    p_none = no_set_probability(12, counts)
    sample = count_sets(random_tables(200_000, 12, np.random.default_rng(4))) == 0
    se = np.sqrt(p_none * (1 - p_none) / sample.size)
    assert abs(sample.mean() - p_none) < 4 * se
    entry = json.loads(SHIPPED_COUNTS.read_text())
    assert entry["counts"] == [int(c) for c in counts], REGENERATE
    assert entry["fingerprint"] == counting_fingerprint(), REGENERATE
    assert shipped.counts_digest(counts) == shipped.COUNTS_DIGEST


REGENERATE = ("the shipped counts are stale: run python -c 'from setgame.exact import "
              "write_shipped_counts; write_shipped_counts()'")


class Counted(Exception):
    """Raised instead of counting: the call went past the shipped counts."""


@pytest.fixture
def no_counting(monkeypatch):
    """count_cap_sets raises Counted where it would start counting (instead of a minute)."""
    def refuse(dimension):
        raise Counted
    monkeypatch.setattr(exact, "enumerate_cap_sets", refuse)


def test_the_shipped_counts_are_used_quickly_without_counting(no_counting):
    entry = json.loads(SHIPPED_COUNTS.read_text())
    took = []
    for _ in range(3):      # cold each time: the fingerprint's caches emptied; the best of 3
        for cached in (codehash.distributions_of_modules, codehash.version_of, codehash.imports_of):
            cached.cache_clear()
        start = time.perf_counter()
        try:
            counts = count_cap_sets(4)
        except Counted:
            pytest.fail(REGENERATE)
        took.append(time.perf_counter() - start)
    # no counting is proved by no_counting; the bound only catches a slow path (0.4-0.7 s alone,
    # generous for a loaded CI machine)
    assert min(took) < 5, f"the shipped counts took {min(took):.2f} s at best"
    assert isinstance(counts, np.ndarray) and counts.dtype == object
    assert [int(c) for c in counts] == entry["counts"] and counts[20] == 682_344
    with pytest.raises(Counted):            # shipped=False always counts
        count_cap_sets(4, shipped=False)
    with pytest.raises(Counted):            # other dimensions always count
        count_cap_sets(3)
    with pytest.raises(TypeError, match="shipped"):
        count_cap_sets(4, shipped="yes")


def test_other_code_counts_again(monkeypatch, no_counting):
    monkeypatch.setattr(exact, "counting_fingerprint", lambda: "0" * 20)
    with warnings.catch_warnings():
        warnings.simplefilter("error")      # a stale file is no error: counted silently
        with pytest.raises(Counted):
            count_cap_sets(4)


def test_the_fingerprint_follows_the_counting_code(tmp_path):
    for package in ("setgame", "studykit"):
        shutil.copytree(codehash.package_dirs()[package], tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    base = codehash.code_fingerprint(count_cap_sets, search=[tmp_path])
    assert base == counting_fingerprint()
    for edited in ("setgame/exact.py", "studykit/checks.py"):   # the counting code, an import
        source = tmp_path / edited
        source.write_text(source.read_text() + "\n# an edit\n")
        changed = codehash.code_fingerprint(count_cap_sets, search=[tmp_path])
        assert changed != base
        base = changed


GOOD = json.loads(SHIPPED_COUNTS.read_text())
BROKEN = {
    "not JSON": "{\"dimension\": 4, ",
    "not an object": "[1, 81]",
    "a key missing": json.dumps({k: v for k, v in GOOD.items() if k != "fingerprint"}),
    "an extra key": json.dumps({**GOOD, "note": "x"}),
    "another dimension": json.dumps({**GOOD, "dimension": 3}),
    "a count as text": json.dumps({**GOOD, "counts": ["1"] + GOOD["counts"][1:]}),
    "a bool count": json.dumps({**GOOD, "counts": [True] + GOOD["counts"][1:]}),
    "a negative count": json.dumps({**GOOD, "counts": GOOD["counts"][:-1] + [-1]}),
    "a count too large": json.dumps({**GOOD, "counts": [2] + GOOD["counts"][1:]}),
    "too few counts": json.dumps({**GOOD, "counts": GOOD["counts"][:21]}),
}


def signed(**changes) -> str:
    """GOOD with ``changes`` and a digest recomputed to match them (a careful edit)."""
    entry = {**GOOD, **changes}
    return json.dumps({**entry, "digest": shipped.entry_digest(entry)})


BROKEN.update({
    "a count edited, digest kept": json.dumps(
        {**GOOD, "counts": GOOD["counts"][:12] + [0] + GOOD["counts"][13:]}),
    "a count edited, digest recomputed": signed(
        counts=GOOD["counts"][:12] + [GOOD["counts"][12] + 1] + GOOD["counts"][13:]),
    "the digest edited": json.dumps({**GOOD, "digest": "0" * 64}),
    "the digest not text": json.dumps({**GOOD, "digest": 5}),
    "copied from another computation": signed(what="setgame.exact.enumerate_cap_sets"),
    "copied from another dimension": signed(dimension=3),
    "a set-free 21": signed(counts=GOOD["counts"][:21] + [1] + GOOD["counts"][22:]),
    "a 400-digit count": json.dumps({**GOOD, "counts": [10**400] + GOOD["counts"][1:]}),
    "a 5000-digit count": "{\"counts\": [" + "9" * 5000 + "]}",
    "deeply nested": "[" * 10_000 + "]" * 10_000,
    "nested in a count": json.dumps({**GOOD, "counts": [[[[1]]]] + GOOD["counts"][1:]}),
    "oversized": json.dumps(GOOD) + " " * shipped.MAX_FILE_BYTES,
})


@pytest.mark.parametrize("case", [*BROKEN, "missing", "a directory", "not UTF-8",
                                  "a link to an endless file"])
def test_a_broken_or_missing_file_is_reported_and_counted_again(case, tmp_path, monkeypatch,
                                                                 no_counting):
    path = tmp_path / "capsets4.json"
    if case in BROKEN:
        path.write_text(BROKEN[case])
    elif case == "a directory":
        path.mkdir()
    elif case == "not UTF-8":
        path.write_bytes(b"\xff\xfe{")
    elif case == "a link to an endless file":
        path.symlink_to("/dev/zero")
    monkeypatch.setattr(shipped, "SHIPPED_COUNTS", path)
    with pytest.warns(CorruptEntryWarning, match="capsets4.json"), pytest.raises(Counted):
        count_cap_sets(4)


def test_the_shipped_file_is_keyed_and_signed():
    assert GOOD["what"] == shipped.WHAT and GOOD["dimension"] == 4
    assert GOOD["digest"] == shipped.entry_digest(GOOD)
    assert shipped.counts_digest(GOOD["counts"]) == shipped.COUNTS_DIGEST
    assert len(SHIPPED_COUNTS.read_bytes()) < shipped.MAX_FILE_BYTES


def test_wrong_counts_are_never_written(tmp_path):
    wrong = GOOD["counts"][:12] + [GOOD["counts"][12] + 1] + GOOD["counts"][13:]
    with pytest.raises(ValueError, match="81-card"):
        shipped.write_counts(wrong, "f" * 20, tmp_path / "x.json")
    assert not list(tmp_path.iterdir())


def test_the_written_file_is_read_back(tmp_path, monkeypatch):
    counts = np.array(GOOD["counts"], dtype=object)
    monkeypatch.setattr(exact, "count_cap_sets", lambda *args, **kwargs: counts)  # not a minute
    path = exact.write_shipped_counts(tmp_path / "capsets4.json")
    written = json.loads(path.read_text())
    assert written == {**GOOD, "fingerprint": counting_fingerprint(),
                       "digest": shipped.entry_digest(written)}
    assert [int(c) for c in shipped.shipped_counts(counting_fingerprint(), path)] == GOOD["counts"]
    assert [p.name for p in tmp_path.iterdir()] == ["capsets4.json"]
