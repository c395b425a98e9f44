"""Threat and parity features of a MIX position, for the self-taught evaluation.

Gravity makes MIX a game of threats (empty slots that would complete four for one side) and of
their rows: as in Connect Four, the first player (X) tends to be able to claim threats on odd
rows (1st, 3rd, ... counted from the bottom) and O on even rows, because the board fills in an
order the players cannot escape. The features describe, for each colour, what a learner needs
to see that: open windows of 1, 2 and 3 stones in each direction, threats by whether they are
playable now, one stone away, on an odd or an even row, stacked on another threat, and the
lowest threat of each column (the one the filling of that column reaches first) by its row.
Everything is computed with bit operations on the board's integers (see ``mix.board``).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from mix.board import Geometry, X
from mix.features import threats

PER_COLOUR = ("windows of 1, across", "windows of 2, across", "windows of 3, across",
              "windows of 1, up", "windows of 2, up", "windows of 3, up",
              "threats playable now", "threats one stone away", "threats on odd rows",
              "threats on even rows", "threats above own threat", "threats above opponent threat",
              "lowest threat of its column, odd row", "lowest threat of its column, even row")
NAMES = (("bias", "X to move") + tuple(f"X {n}" for n in PER_COLOUR)
         + tuple(f"O {n}" for n in PER_COLOUR))
N_FEATURES = len(NAMES)
# counts are divided by these so every feature is of order one on a 10x20 board
SCALE = np.array([1, 1] + [20, 10, 3, 20, 10, 3, 1, 1, 2, 2, 1, 1, 1, 1] * 2, dtype=float)


@lru_cache(maxsize=32)
def masks(g: Geometry) -> dict[str, int]:
    """Bit masks of a geometry: window starts per direction, odd rows (1st, 3rd, ... from the
    bottom, i.e. 0-based even row indices)."""
    if g.k != 4:
        raise ValueError(f"threat features need win length 4, got k={g.k}")
    out = {}
    for name, d in (("across", g.height), ("up", 1)):
        out[name] = g.full & (g.full >> d) & (g.full >> 2 * d) & (g.full >> 3 * d)
    out["odd"] = sum(1 << (c * g.height + r) for c in range(g.cols) for r in range(0, g.rows, 2))
    return out


def window_counts(own: int, opp: int, start: int, d: int) -> tuple[int, int, int]:
    """Windows of four (starting on ``start``, step ``d``) holding exactly 1, 2 and 3 of ``own``
    and none of ``opp``."""
    clear = start & ~(opp | opp >> d | opp >> 2 * d | opp >> 3 * d)
    b0, b1, b2, b3 = own, own >> d, own >> 2 * d, own >> 3 * d
    s1, c1, s2, c2 = b0 ^ b1, b0 & b1, b2 ^ b3, b2 & b3
    low, carry = s1 ^ s2, s1 & s2
    mid, high = c1 ^ c2 ^ carry, (c1 & c2) | ((c1 ^ c2) & carry)
    ones, twos = low & ~mid & ~high, ~low & mid & ~high
    return ((clear & ones).bit_count(), (clear & twos).bit_count(),
            (clear & low & mid).bit_count())


def lowest_in_column(mask: int, g: Geometry) -> int:
    """The lowest set slot of ``mask`` in each column (shifts by one never cross a guard bit)."""
    below = (mask << 1) & g.full
    for _ in range(g.rows - 2):
        below |= (below << 1) & g.full
    return mask & ~below


def features(stones, turn: int, g: Geometry) -> np.ndarray:
    """The scaled feature vector (``NAMES``) of a position with ``turn`` to move."""
    m = masks(g)
    occ = stones[0] | stones[1]
    empty = g.full & ~occ
    feas = (occ + g.bottom) & g.full
    above = (feas << 1) & g.full
    t = (threats(stones[0], empty, g), threats(stones[1], empty, g))
    lowest = lowest_in_column(t[0] | t[1], g)
    out = [1.0, float(turn == X)]
    for p in (0, 1):
        own, opp, tp = stones[p], stones[1 - p], t[p]
        out += window_counts(own, opp, m["across"], g.height)
        out += window_counts(own, opp, m["up"], 1)
        later = tp & ~feas
        out += [(tp & feas).bit_count(), (tp & above).bit_count(),
                (later & m["odd"]).bit_count(), (later & ~m["odd"]).bit_count(),
                (tp & (tp << 1)).bit_count(), (tp & (t[1 - p] << 1)).bit_count(),
                (lowest & tp & m["odd"]).bit_count(), (lowest & tp & ~m["odd"]).bit_count()]
    return np.asarray(out, dtype=float) / SCALE
