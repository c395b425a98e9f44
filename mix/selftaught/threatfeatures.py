"""Threat and parity features of a MIX position, for the self-taught evaluation.

Gravity makes MIX a game of threats (empty slots that would complete four for one side) and of their
rows: as in Connect Four, the first player (X) tends to be able to claim threats on odd rows (1st,
3rd, ... counted from the bottom) and O on even rows, because the board fills in an order the
players cannot escape. The features describe, for each colour, what a learner needs to see that:
open windows of 1, 2 and 3 stones in each direction, threats by whether they are playable now, one
stone away, on an odd or an even row, stacked on another threat, and the lowest threat of each
column (the one the filling of that column reaches first) by its row. Everything is computed with
bit operations on the board's integers (see ``mix.board``); the training counts with ``counter``'s
closures, which carry the window counts and threat slots from move to move
(``mix.plain.selftaught.counts`` is the plain count they replace), and the search with
``mix.fast.threatsteps``, which does a move's two updates in one look-up and packs all the
counts in one integer.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from mix.board import Geometry, X
from mix.features import raw_threats, threats4

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
    """The lowest set slot of ``mask`` (slots of ``g.full``) in each column: with the guard bit
    of every column set, subtracting one per column borrows up to that slot and never beyond
    the guard, so ``mask & ~(that)`` keeps it alone."""
    return mask & ~((mask | (g.bottom << g.rows)) - g.bottom)


def counts(stones, turn: int, g: Geometry) -> list[int]:
    """The unscaled feature counts (``NAMES``) of a position with ``turn`` to move."""
    c = counter(g)
    s0, s1 = stones
    return c.count(s0, s1, int(turn == X), c.threat(s0), c.threat(s1))


def features(stones, turn: int, g: Geometry) -> np.ndarray:
    """The scaled feature vector (``NAMES``) of a position with ``turn`` to move."""
    return np.asarray(counts(stones, turn, g), dtype=float) / SCALE


class Counter(NamedTuple):
    """``counts`` for one geometry, in pieces a search or a game updates move by move.

    The twelve window counts (X's across 1, 2, 3 and up 1, 2, 3, then O's) travel packed in
    one integer, 16 bits a count (``windows``); a move changes only the windows through its
    slot, so ``moved`` adds a difference looked up by the cells around that slot. Likewise a
    stone adds to its side's threat slots only along the lines through it (``grown``).
    ``finish`` adds the threat counts to the windows, ``count`` does it all from the stones."""

    threat: Callable[[int], int]        # the slots that would complete four (memoised)
    memo: dict                          # threat's memo (stones -> slots), for inlined look-ups
    windows: Callable[[int, int], int]  # the packed window counts of the stones s0, s1
    moved: Callable[..., int]           # packed windows after a move (see ``counter``)
    grown: Callable[[int, int, int], int]  # threat slots after a stone (see ``counter``)
    finish: Callable[..., list[int]]    # the counts from packed windows and threat slots
    count: Callable[..., list[int]]     # the counts from the stones and threat slots


@lru_cache(maxsize=32)
def counter(g: Geometry) -> Counter:
    """The closures of ``Counter`` over one geometry's masks.

    ``threat(s)``: every slot, empty or not, that would complete four for the stones ``s``,
    memoised (the memo starts afresh past ``THREAT_MEMO`` entries). ``windows(s0, s1)``: the
    packed window counts, by ``tally``'s adder inlined. ``moved(w, turn, x, me, opp)``: ``w``
    after the side ``turn``, with stones ``me`` (the other side's: ``opp``), plays the
    playable slot ``x`` (a one-bit mask). ``grown(r, s, x)``: ``threat(s | x)`` from
    ``r = threat(s)``, ``x`` a playable slot. Both look their change up by the cells within
    three slots of ``x`` on its lines (``movers``). ``finish(s0, s1, x_to_move, r0, r1, w)``
    and ``count(s0, s1, x_to_move, r0, r1)``: the counts of ``NAMES``, from ``r0``, ``r1`` the
    ``threat`` of ``s0``, ``s1``. ``mix.plain.selftaught.counts`` is the plain count."""
    memo: dict[int, int] = {}
    memo_get, raw = memo.get, raw_threats(g)[1]
    windows, finish = window_counter(g), finisher(g)
    moved, grown = movers(g)

    def threat(s: int) -> int:
        r = memo_get(s)
        if r is None:
            if len(memo) >= THREAT_MEMO:
                memo.clear()
            r = memo[s] = raw(s)
        return r

    def count(s0: int, s1: int, x_to_move: int, r0: int, r1: int) -> list[int]:
        return finish(s0, s1, x_to_move, r0, r1, windows(s0, s1))

    return Counter(threat, memo, windows, moved, grown, finish, count)


def window_counter(g: Geometry) -> Callable[[int, int], int]:
    """``windows(s0, s1)``: the packed window counts of X's stones ``s0`` and O's ``s1``."""
    m = masks(g)
    across, up, h = m["across"], m["up"], g.height

    def windows(s0: int, s1: int) -> int:
        out = 0
        for start, d, field in ((across, h, 0), (up, 1, 48)):
            x1, x2, x3, o1, o2, o3 = (s0 >> d, s0 >> 2 * d, s0 >> 3 * d, s1 >> d, s1 >> 2 * d,
                                      s1 >> 3 * d)
            xs, xo = s0 | x1 | x2 | x3, s1 | o1 | o2 | o3  # windows touching X's, O's stones
            for own, b1, b2, b3, clear, shift in ((s0, x1, x2, x3, start & ~xo, field),
                                                  (s1, o1, o2, o3, start & ~xs, 96 + field)):
                sa, ca, sb, cb = own ^ b1, own & b1, b2 ^ b3, b2 & b3
                low, carry = sa ^ sb, sa & sb     # the sum of the four cells: bits low, mid
                mid = ca ^ cb ^ carry             # (four stones: neither, so not counted)
                cl = clear & low
                n3 = (cl & mid).bit_count()
                out |= ((cl.bit_count() - n3) | ((clear & mid).bit_count() - n3) << 16
                        | n3 << 32) << shift
        return out

    return windows


def line_cells(r: int, c: int, dr: int, dc: int, g: Geometry) -> tuple[int, int, int]:
    """The cells within three of (r, c) along (dr, dc): the first one's bit index, their mask
    shifted down to it, and the step between them."""
    h = g.height
    ks = [k for k in range(-3, 4) if 0 <= r + k * dr < g.rows and 0 <= c + k * dc < g.cols]
    step = dr + dc * h
    return ((c + ks[0] * dc) * h + r + ks[0] * dr, sum(1 << ((k - ks[0]) * step) for k in ks),
            step)


def movers(g: Geometry) -> tuple[Callable[..., int], Callable[[int, int, int], int]]:
    """``(moved, grown)`` (see ``counter``): a move's change of the packed windows and of its
    side's threat slots, looked up by the cells within three slots of it on its lines (tables
    filled as needed: at most 3**6 + 8 and 2**6 rows per slot and line, so no bound)."""
    full, h, rows, cols = g.full, g.height, g.rows, g.cols
    steps = {1: (1, 0), h: (0, 1), h - 1: (-1, 1), h + 1: (1, 1)}
    slots: list = [None] * (cols * h)  # slot index -> its lines and tables
    for c in range(cols):
        for r in range(rows):
            row, below = line_cells(r, c, 0, 1, g), c * h + max(r - 3, 0)
            slots[c * h + r] = (r, c, row[0], row[1], below, (1 << (r - max(r - 3, 0))) - 1,
                                ({}, {}), ({}, {}),  # window changes per side: across, up
                                [(*line_cells(r, c, *steps[d], g), {}) for d in g.dirs])

    def difference(turn: int, i: int, key: int, field: int) -> int:
        """The packed change of the window counts (``field`` 0: across, 3: up) when ``turn``
        plays slot ``i``, the cells around it given by ``key`` (see ``moved``)."""
        r, c = slots[i][:2]
        if field == 0:
            lo = max(c - 3, 0)
            cells = {lo + j: (key >> (j * h) & 1, key >> (j * h + 1) & 1)
                     for j in range(min(c + 3, cols - 1) - lo + 1)}  # column: (mine, theirs)
            first, last, size = c - 3, c, cols
        else:
            lo = max(r - 3, 0)
            cells = {lo + j: (key >> j & 1, 1 - (key >> j & 1)) for j in range(r - lo)}
            cells |= {r + j: (0, 0) for j in range(4)}          # row: (mine, theirs)
            first, last, size = r - 3, r, rows
        delta = [0] * 12
        mine, theirs = (field, 6 + field) if turn == X else (6 + field, field)
        for start in range(max(first, 0), min(last, size - 4) + 1):
            a = sum(cells[start + j][0] for j in range(4))
            o = sum(cells[start + j][1] for j in range(4))
            if o == 0 and 1 <= a <= 3:       # our window of a stones holds a + 1 now
                delta[mine + a - 1] -= 1
            if o == 0 and a + 1 <= 3:
                delta[mine + a] += 1
            if a == 0 and 1 <= o <= 3:       # their window is blocked
                delta[theirs + o - 1] -= 1
        return sum(v << (16 * k) for k, v in enumerate(delta))

    def moved(w: int, turn: int, x: int, me: int, opp: int) -> int:
        i = x.bit_length() - 1
        _, _, base, spread, below, column, by_row, by_column, _ = slots[i]
        key = ((me >> base) & spread) | (((opp >> base) & spread) << 1)
        table = by_row[turn]
        d = table.get(key)
        if d is None:
            d = table[key] = difference(turn, i, key, 0)
        key = (me >> below) & column
        table = by_column[turn]
        e = table.get(key)
        if e is None:
            e = table[key] = difference(turn, i, key, 3)
        return w + d + e

    def grown(r: int, s: int, x: int) -> int:
        for base, spread, step, table in slots[x.bit_length() - 1][8]:
            key = (s >> base) & spread
            t = table.get(key)
            if t is None:  # the threats along this line of the cells near x, and x
                t = table[key] = threats4((key << base) | x, (step,)) & full
            r |= t
        return r

    return moved, grown


def finisher(g: Geometry) -> Callable[..., list[int]]:
    """``finish(s0, s1, x_to_move, r0, r1, w)``: the counts of ``NAMES`` from the stones, the
    packed window counts ``w`` and the threat slots ``r0``, ``r1`` of ``s0``, ``s1``."""
    m = masks(g)
    full, bottom, guard, odd = g.full, g.bottom, g.bottom << g.rows, m["odd"]
    unpack = struct.Struct("<12H").unpack

    def finish(s0: int, s1: int, x_to_move: int, r0: int, r1: int, w: int) -> list[int]:
        xa1, xa2, xa3, xu1, xu2, xu3, oa1, oa2, oa3, ou1, ou2, ou3 = unpack(w.to_bytes(24,
                                                                                     "little"))
        occ = s0 | s1
        empty = full ^ occ
        t0, t1 = r0 & empty, r1 & empty
        tt = t0 | t1
        if not tt:  # no threat on the board (the case of most positions searched)
            return [1, x_to_move, xa1, xa2, xa3, xu1, xu2, xu3, 0, 0, 0, 0, 0, 0, 0, 0,
                    oa1, oa2, oa3, ou1, ou2, ou3, 0, 0, 0, 0, 0, 0, 0, 0]
        # threats: playable, one stone away, later on odd / even rows, stacked, lowest
        feas = (occ + bottom) & full
        lowest = tt & ~((tt | guard) - bottom)
        above = (feas << 1) & full
        if t0:
            later, low = t0 & ~feas, lowest & t0
            n, o, k, j = later.bit_count(), (later & odd).bit_count(), low.bit_count(), \
                (low & odd).bit_count()
            xt = ((t0 & feas).bit_count(), (t0 & above).bit_count(), o, n - o,
                  (t0 & (t0 << 1)).bit_count(), (t0 & (t1 << 1)).bit_count(), j, k - j)
        else:
            xt = NONE
        if t1:
            later, low = t1 & ~feas, lowest & t1
            n, o, k, j = later.bit_count(), (later & odd).bit_count(), low.bit_count(), \
                (low & odd).bit_count()
            ot = ((t1 & feas).bit_count(), (t1 & above).bit_count(), o, n - o,
                  (t1 & (t1 << 1)).bit_count(), (t1 & (t0 << 1)).bit_count(), j, k - j)
        else:
            ot = NONE
        return [1, x_to_move, xa1, xa2, xa3, xu1, xu2, xu3, *xt, oa1, oa2, oa3, ou1, ou2, ou3, *ot]

    return finish


THREAT_MEMO = 100_000  # threat masks remembered per geometry before that memo starts afresh
NONE = (0,) * 8  # the threat counts of a side without threats
