"""Fast twin of mix.plain.selftaught (its counts): a move's count updates in one look-up.

The searches' feature counts: a move's two updates in one look-up, the counts packed in one
integer.

``mix.selftaught.threatfeatures.counter`` carries the window counts and threat slots from move to
move with two look-ups a move; the searches (``mix.fast.evalsearch``) go further with
``stepper``, whose table entry gives both changes at once, on the counts packed in one integer
(``pack_features``), and ``scored_steps`` adds, for one evaluation, the change of the windows' score
a move makes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from mix.board import Geometry
from mix.selftaught.threatfeatures import counter, masks

FIELD = 16  # bits of one count in the searches' packed features (``stepper``)
# the fields of ``pack_features``: counter's window counts (X's six, then O's), then the threat
# counts (X's eight, then O's); WINDOW_COUNTS and THREAT_COUNTS are their features (``NAMES``)
WINDOW_COUNTS = (*range(2, 8), *range(16, 22))
THREAT_COUNTS = (*range(8, 16), *range(22, 30))


def pack_features(n) -> int:
    """The counts ``n`` (``NAMES``) packed as the searches carry them (the bias left out):
    ``n[1]`` (X to move) in bit 0, then ``FIELD`` bits a count, the window counts first
    (``WINDOW_COUNTS``, as ``Counter.windows`` packs them), then the threat counts
    (``THREAT_COUNTS``)."""
    out = n[1]
    for j, k in enumerate(WINDOW_COUNTS + THREAT_COUNTS):
        out |= n[k] << (1 + FIELD * j)
    return out


class Stepper(NamedTuple):
    """``counter``'s ``moved`` and ``grown`` in one look-up, and the counts packed in one
    integer, for the searches (see ``stepper``)."""

    slots: tuple[dict, dict]        # per mover: a playable slot's bit -> (base, mask, table)
    fill: Callable[..., tuple[int, int]]   # a missing entry of a slot's table
    windows: Callable[[int, int], int]  # the packed window counts of the stones s0, s1
    threat_counts: Callable[[int, int, int], int]  # the packed threat counts
    threats: dict                   # a memo of threat_counts for the searches (bounded there)


@lru_cache(maxsize=32)
def stepper(g: Geometry) -> Stepper:
    """``moved`` and ``grown`` (``counter``) of a move as one table entry, on counts packed as
    ``pack_features`` does.

    The searches carry a position's feature counts packed in one integer (``pack_features``):
    ``windows(s0, s1)`` is ``Counter.windows`` moved up one bit, and ``threat_counts(t0, t1,
    feas)`` the threat counts of the threat slots ``t0``, ``t1`` (empty slots; ``feas`` the
    playable ones) in their fields; the searches memoise them in ``threats``, keyed by
    ``t0``, ``t1`` and the playable slots at or under a threat slot (the only ones they
    depend on), and bound that memo.

    The mover (``turn``) with stones ``me`` (the other side's ``opp``) plays the playable slot
    ``x`` (a one-bit mask); with ``both = (me | opp << g.cols * g.height) << 3`` (the two
    sides apart, computed once for all the moves of a node), ``slots[turn][x]`` is ``(base,
    mask, table)`` and the entry's key is ``both >> base & mask``: both sides' stones on the
    row through ``x`` within three slots, the mover's on the other lines through ``x`` (the
    column under it, the diagonals), within three; the slots above ``x`` are empty.
    ``table[key]`` is ``(dw, new)``: the packed window counts change by ``dw`` (``moved``),
    and ``grown(r, me, x) == r | new`` for every ``r``; ``fill(turn, x, me, opp, key)`` adds
    a missing entry and returns it (tables filled as needed, at most 3**6 * 8 keys per slot
    and mover without diagonals: a few tens of thousands in hundreds of games; past
    ``STEP_ENTRIES`` they start afresh all the same)."""
    c = counter(g)
    moved, grown, count_windows, h = c.moved, c.grown, c.windows, g.height
    rows, cols, full, bottom, guard = g.rows, g.cols, g.full, g.bottom, g.bottom << g.rows
    odd, span = masks(g)["odd"], g.cols * g.height

    slots: tuple[dict, dict] = ({}, {})
    for col in range(cols):
        for r in range(rows):
            row = [(r, col + k) for k in range(-3, 4) if 0 <= col + k < cols]
            mine = [(r - k, col) for k in range(1, 4) if r - k >= 0]   # the column under it
            if g.diagonals:
                mine += [(r + k * dr, col + k) for dr in (-1, 1) for k in range(-3, 4)
                         if k and 0 <= r + k * dr < rows and 0 <= col + k < cols]
            base = row[0][1] * h + r   # the row's first slot: every cell lies 3 or less under
            mask = 0
            for cr, cc in row + mine:
                mask |= 1 << (cc * h + cr + 3 - base)
            for cr, cc in row:
                mask |= 1 << (cc * h + cr + 3 - base + span)
            for turn in (0, 1):
                slots[turn][1 << (col * h + r)] = (base, mask, {})

    def windows(s0: int, s1: int) -> int:
        return count_windows(s0, s1) << 1

    entries = 0

    def fill(turn: int, x: int, me: int, opp: int, key: int) -> tuple[int, int]:
        nonlocal entries
        if entries >= STEP_ENTRIES:   # never reached in practice: a bound all the same
            entries = 0
            for side in slots:
                for _, _, table in side.values():
                    table.clear()
        entries += 1
        entry = slots[turn][x][2][key] = (moved(0, turn, x, me, opp) << 1, grown(0, me, x))
        return entry

    def threat_counts(t0: int, t1: int, feas: int) -> int:
        tt = t0 | t1
        lowest = tt & ~((tt | guard) - bottom)
        above = (feas << 1) & full
        out = 0
        for t, other, field in ((t0, t1, 12), (t1, t0, 20)):
            if t:
                later, low = t & ~feas, lowest & t
                n, o, k, j = (later.bit_count(), (later & odd).bit_count(), low.bit_count(),
                              (low & odd).bit_count())
                for v in ((t & feas).bit_count(), (t & above).bit_count(), o, n - o,
                          (t & (t << 1)).bit_count(), (t & (other << 1)).bit_count(), j, k - j):
                    out |= v << (1 + FIELD * field)
                    field += 1
        return out

    return Stepper(slots, fill, windows, threat_counts, {})


def scored_steps(g: Geometry, units) -> tuple[tuple[dict, dict], Callable]:
    """``stepper``'s slots and ``fill`` for one evaluation: each entry ``(dw, new, dv)`` adds
    to the stepper's the change ``dv`` of the window counts' score for the mover, ``units``
    being the weight of one unit of each window count (``WINDOW_COUNTS``) from X's side. Its
    own tables (the stepper's shared by all evaluations fill them), which a search may use to
    bound a move's score: ``dv`` is the exact change rounded a few times."""
    shared = stepper(g)
    ours: tuple[dict, dict] = tuple({x: (base, mask, {}) for x, (base, mask, _) in side.items()}
                                    for side in shared.slots)
    half, entries, scores = 1 << (FIELD - 1), 0, {}   # scores: dw -> dv, from X's side

    def fill(turn: int, x: int, me: int, opp: int, key: int) -> tuple[int, int, float]:
        nonlocal entries
        if entries >= STEP_ENTRIES:   # never reached in practice: a bound all the same
            entries = 0
            scores.clear()
            for side in ours:
                for _, _, table in side.values():
                    table.clear()
        entries += 1
        entry = shared.slots[turn][x][2].get(key)
        if entry is None:
            entry = shared.fill(turn, x, me, opp, key)
        dw, new = entry
        dv = scores.get(dw)
        if dv is None:
            d, dv = dw >> 1, 0.0
            for u in units:   # the fields of dw, of either sign
                v = ((d + half) & ((1 << FIELD) - 1)) - half
                d = (d - v) >> FIELD
                dv += v * u
            scores[dw] = dv
        out = ours[turn][x][2][key] = (dw, new, -dv if turn else dv)
        return out

    return ours, fill


STEP_ENTRIES = 2_000_000  # stepper entries per geometry (or evaluation) before they start afresh
