"""The exact counts of the real game, shipped with the package and valid for one code fingerprint.

Counting the 81-card game (``setgame.exact.count_cap_sets(4)``) takes about a minute, so its
result is kept in ``capsets4.json`` beside this file, with its full key (what was counted, the
dimension and the fingerprint of the code that counted it: ``setgame.exact.counting_fingerprint``,
the source of everything the counting function imports, the Python version and the third-party
versions) and a digest of key and counts together. ``shipped_counts`` returns the stored counts
only for the current code's fingerprint. A file that is missing, larger than
``MAX_FILE_BYTES``, unreadable, malformed, stored under another key, whose digest does not match
or whose counts are not the 81-card game's (``COUNTS_DIGEST``) is reported
(``CorruptEntryWarning``) and None returned, so the caller counts again. After an edit of the
counting code, write the file again (about a minute):

    python -c "from setgame.exact import write_shipped_counts; write_shipped_counts()"
"""

from __future__ import annotations

import hashlib
import json
import math
import warnings
from pathlib import Path

import numpy as np

from studykit.cache import CorruptEntryWarning
from studykit.paths import write_atomic
from studykit.schema import Field, problem

SHIPPED_COUNTS = Path(__file__).with_name("capsets4.json")
SHIPPED_DIMENSION = 4
WHAT = "setgame.exact.count_cap_sets"
N_COUNTS = 28       # sizes 0..27: three hyperplanes holding at most 9 cards each
MAX_CAP = 20        # no 21 cards are set-free (Pellegrino 1971)
MAX_FILE_BYTES = 16_384
# SHA-256 of the JSON list of the 28 counts of the 81-card game (682,344 set-free collections of
# 20, none of 21: Knuth's SETSET-ALL), as test_fresh_counts_of_the_real_deck_are_the_shipped_ones
# counts them afresh: the counts are a fact of the deck, whatever code computes them
COUNTS_DIGEST = "e4be2994981386e7eeb3aa2a05921d67266568ecbbaf9077651cc793feefe206"

SCHEMA = Field("dict", items={
    "what": Field("str"),
    "dimension": Field("int"),
    "fingerprint": Field("str"),
    "counts": Field("list", items=Field("int", 0)),
    "digest": Field("str"),
})


def counts_digest(counts) -> str:
    """SHA-256 of counts (Python ints) as a JSON list: compared with ``COUNTS_DIGEST``."""
    return hashlib.sha256(json.dumps([int(c) for c in counts]).encode()).hexdigest()


def entry_digest(entry: dict) -> str:
    """SHA-256 of an entry's key and counts (everything but its digest)."""
    body = [entry["what"], entry["dimension"], entry["fingerprint"], entry["counts"]]
    return hashlib.sha256(json.dumps(body).encode()).hexdigest()


def count_problem(counts) -> str | None:
    """None when ``counts`` (ints) can be the 81-card game's by size (one per size 0..27, none
    above the number of collections of its size, none beyond 20 cards), else why not."""
    if len(counts) != N_COUNTS:
        return f"it holds {len(counts)} counts, not {N_COUNTS}"
    for k, c in enumerate(counts):
        if c > math.comb(3**SHIPPED_DIMENSION, k) or (k > MAX_CAP and c):
            return f"the count of {k} cards, {c}, exceeds the set-free collections of {k} cards"
    if counts_digest(counts) != COUNTS_DIGEST:
        return "its counts are not those of the 81-card game (their digest differs)"
    return None


def _why_invalid(entry, fingerprint: str) -> str | None:
    """None when ``entry`` is a well-formed, untampered file of the 81-card counts stored under
    the key of ``fingerprint``; ``"stale"`` when only the fingerprint differs; else why not."""
    try:
        why = problem(entry, SCHEMA, "the file")
    except (ValueError, TypeError, OverflowError, RecursionError) as error:
        return f"{type(error).__name__}: {error}"
    if why is not None:
        return why
    if entry["what"] != WHAT or entry["dimension"] != SHIPPED_DIMENSION:
        return (f"it holds {entry['what']!r} of dimension {entry['dimension']}, not {WHAT!r} of "
                f"dimension {SHIPPED_DIMENSION}")
    if entry["digest"] != entry_digest(entry):
        return "its digest does not match its key and counts (edited or damaged)"
    why = count_problem(entry["counts"])
    if why is not None:
        return why
    return "stale" if entry["fingerprint"] != fingerprint else None


def _read_capped(path: Path) -> str:
    """The file's text, refusing one beyond MAX_FILE_BYTES (e.g. a link to an endless file)."""
    with path.open("rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"larger than {MAX_FILE_BYTES:,} bytes")
    return data.decode("utf-8")


def shipped_counts(fingerprint: str, path: str | Path | None = None) -> np.ndarray | None:
    """The stored counts of the 81-card game (``path``, default ``SHIPPED_COUNTS``) when they
    were computed by the code of this ``fingerprint``, else None (a missing, oversized, malformed
    or tampered file is also reported with a ``CorruptEntryWarning``)."""
    path = Path(SHIPPED_COUNTS if path is None else path)
    try:
        entry = json.loads(_read_capped(path))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        warnings.warn(f"shipped counts {path} unreadable ({type(error).__name__}: {error}); "
                      f"counting again", CorruptEntryWarning, stacklevel=3)
        return None
    why = _why_invalid(entry, fingerprint)
    if why == "stale":
        return None                               # other code computed them: count again
    if why is not None:
        warnings.warn(f"shipped counts {path} malformed ({why}); counting again",
                      CorruptEntryWarning, stacklevel=3)
        return None
    return np.array(entry["counts"], dtype=object)


def write_counts(counts, fingerprint: str, path: str | Path | None = None) -> Path:
    """Store the 81-card counts under their full key, with the digest of key and counts."""
    entry = {"what": WHAT, "dimension": SHIPPED_DIMENSION, "fingerprint": fingerprint,
             "counts": [int(c) for c in counts]}
    entry["digest"] = entry_digest(entry)
    why = _why_invalid(entry, fingerprint)
    if why is not None:
        raise ValueError(f"counts are not the 81-card game's: {why}")
    return write_atomic(SHIPPED_COUNTS if path is None else path,
                        json.dumps(entry, indent=1) + "\n")
