"""The exact counts of the real game, shipped with the package and valid for one code fingerprint.

Counting the 81-card game (``setgame.exact.count_cap_sets(4)``) takes about a minute, so its
result is kept in ``capsets4.json`` beside this file, with the fingerprint of the code that
computed it (``setgame.exact.counting_fingerprint``: the source of everything the counting
function imports, the Python version and the third-party versions). ``shipped_counts`` returns
the stored counts only for the current code's fingerprint; a missing or unreadable file is
reported (``CorruptEntryWarning``) and None returned, so the caller counts. After an edit of the
counting code, write the file again (about a minute):

    python -c "from setgame.exact import write_shipped_counts; write_shipped_counts()"
"""

from __future__ import annotations

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
N_COUNTS = 28       # sizes 0..27: three hyperplanes holding at most 9 cards each

SCHEMA = Field("dict", items={
    "dimension": Field("int", SHIPPED_DIMENSION, SHIPPED_DIMENSION),
    "fingerprint": Field("str"),
    "counts": Field("list", items=Field("int", 0)),
})


def _why_invalid(entry) -> str | None:
    """None when ``entry`` is a well-formed file of the 81-card counts, else why not."""
    why = problem(entry, SCHEMA, "the file")
    if why is not None:
        return why
    counts = entry["counts"]
    if len(counts) != N_COUNTS:
        return f"it holds {len(counts)} counts, not {N_COUNTS}"
    if any(c > math.comb(3**SHIPPED_DIMENSION, k) for k, c in enumerate(counts)):
        return "a count exceeds the number of collections of its size"
    return None


def shipped_counts(fingerprint: str, path: str | Path | None = None) -> np.ndarray | None:
    """The stored counts of the 81-card game (``path``, default ``SHIPPED_COUNTS``) when they
    were computed by the code of this ``fingerprint``, else None (a missing or malformed file
    is also reported with a ``CorruptEntryWarning``)."""
    path = Path(SHIPPED_COUNTS if path is None else path)
    try:
        entry = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        warnings.warn(f"shipped counts {path} unreadable ({type(error).__name__}: {error}); "
                      f"counting again", CorruptEntryWarning, stacklevel=3)
        return None
    why = _why_invalid(entry)
    if why is not None:
        warnings.warn(f"shipped counts {path} malformed ({why}); counting again",
                      CorruptEntryWarning, stacklevel=3)
        return None
    if entry["fingerprint"] != fingerprint:
        return None                               # other code computed them: count again
    return np.array(entry["counts"], dtype=object)


def write_counts(counts, fingerprint: str, path: str | Path | None = None) -> Path:
    """Store the 81-card counts with the fingerprint of the code that computed them."""
    entry = {"dimension": SHIPPED_DIMENSION, "fingerprint": fingerprint,
             "counts": [int(c) for c in counts]}
    why = _why_invalid(entry)
    if why is not None:
        raise ValueError(f"counts are not the 81-card game's: {why}")
    return write_atomic(SHIPPED_COUNTS if path is None else path,
                        json.dumps(entry, indent=1) + "\n")
