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
    bottom, i.e. 0-based even row indices), ``up1``: the slots that stay in their column when
    moved one up, and ``climb``: pairs (k, the same for k up), k = 1, 2, 4, ... as needed to
    reach the top row from the bottom one by doubling."""
    if g.k != 4:
        raise ValueError(f"threat features need win length 4, got k={g.k}")
    out = {}
    for name, d in (("across", g.height), ("up", 1)):
        out[name] = g.full & (g.full >> d) & (g.full >> 2 * d) & (g.full >> 3 * d)
    out["odd"] = sum(1 << (c * g.height + r) for c in range(g.cols) for r in range(0, g.rows, 2))
    def below(k):  # slots at least k under the top of their column
        return sum(1 << (c * g.height + r) for c in range(g.cols) for r in range(g.rows - k))

    out["up1"] = below(1)
    out["climb"] = tuple((1 << i, below(1 << i)) for i in range(max(g.rows - 2, 0).bit_length()))
    return out


def window_counts(own: int, opp: int, start: int, d: int) -> tuple[int, int, int]:
    """Windows of four (starting on ``start``, step ``d``) holding exactly 1, 2 and 3 of ``own``
    and none of ``opp``."""
    return tally(own, own >> d, own >> 2 * d, own >> 3 * d,
                 start & ~(opp | opp >> d | opp >> 2 * d | opp >> 3 * d))


def tally(b0: int, b1: int, b2: int, b3: int, clear: int) -> tuple[int, int, int]:
    """Among the window starts ``clear``, how many hold 1, 2 and 3 of the bits ``b0..b3``
    (the window's four cells shifted onto its start), by a bitwise adder."""
    s1, c1, s2, c2 = b0 ^ b1, b0 & b1, b2 ^ b3, b2 & b3
    low, carry = s1 ^ s2, s1 & s2
    mid, high = c1 ^ c2 ^ carry, (c1 & c2) | ((c1 ^ c2) & carry)
    clear &= ~high
    return ((clear & low & ~mid).bit_count(), (clear & mid & ~low).bit_count(),
            (clear & low & mid).bit_count())


def lowest_in_column(mask: int, g: Geometry) -> int:
    """The lowest set slot of ``mask`` in each column (each shift keeps to its column)."""
    m = masks(g)
    above = (mask & m["up1"]) << 1       # slots 1 above a set slot, then 1..2, 1..4, ...
    for k, up in m["climb"]:
        above |= (above & up) << k
    return mask & ~above


def counts(stones, turn: int, g: Geometry) -> list[int]:
    """The unscaled feature counts (``NAMES``) of a position with ``turn`` to move."""
    m = masks(g)
    s0, s1 = stones
    occ = s0 | s1
    empty = g.full & ~occ
    feas = (occ + g.bottom) & g.full
    above = (feas << 1) & g.full
    t = (threats(s0, empty, g), threats(s1, empty, g))
    lowest = lowest_in_column(t[0] | t[1], g)
    odd = m["odd"]
    wins = ([], [])
    for start, d in ((m["across"], g.height), (m["up"], 1)):
        x = (s0, s0 >> d, s0 >> 2 * d, s0 >> 3 * d)
        o = (s1, s1 >> d, s1 >> 2 * d, s1 >> 3 * d)
        wins[0].extend(tally(*x, start & ~(o[0] | o[1] | o[2] | o[3])))
        wins[1].extend(tally(*o, start & ~(x[0] | x[1] | x[2] | x[3])))
    out = [1, int(turn == X)]
    for p in (0, 1):
        tp = t[p]
        later, low = tp & ~feas, lowest & tp
        out += wins[p]
        out += [(tp & feas).bit_count(), (tp & above).bit_count(),
                (later & odd).bit_count(), (later & ~odd).bit_count(),
                (tp & (tp << 1)).bit_count(), (tp & (t[1 - p] << 1)).bit_count(),
                (low & odd).bit_count(), (low & ~odd).bit_count()]
    return out


def features(stones, turn: int, g: Geometry) -> np.ndarray:
    """The scaled feature vector (``NAMES``) of a position with ``turn`` to move."""
    return np.asarray(counts(stones, turn, g), dtype=float) / SCALE
