"""Feature states from threat masks: the state number of ``BitFeatures`` (strict or loose) and
``CountFeatures`` computed from the mates, chess slots and threat slots the search already has,
without scanning the board again.

Each packer takes the position after side ``a`` moved (``a_x``: ``a`` is X), with ``b`` to
move: the mate flags ``ma``, ``mb``, the chess masks ``ca``, ``cb`` (playable threat slots) and
the threat masks ``ta``, ``tb`` (every empty slot that would complete four). The tests
check every packer against ``feats.index`` on random positions.
"""

from __future__ import annotations

from mix.features import bit_state


def pack_strict(a_x, ma, mb, ca: int, cb: int, ta: int, tb: int) -> int:
    """``BitFeatures(loose=False)``'s state after ``a`` moved (``a_x``: ``a`` is X) with ``b``
    to move, from the mates, the chess slots and the threat slots of each side."""
    if a_x:  # O to move
        return bit_state(1, ma, mb, ca != 0, cb != 0, ta != ca, tb != cb)
    return bit_state(0, mb, ma, cb != 0, ca != 0, tb != cb, ta != ca)


def pack_loose(a_x, ma, mb, ca: int, cb: int, ta: int, tb: int) -> int:
    """``pack_strict`` for ``BitFeatures(loose=True)`` (every threat slot is a potential)."""
    if a_x:
        return bit_state(1, ma, mb, ca != 0, cb != 0, ta != 0, tb != 0)
    return bit_state(0, mb, ma, cb != 0, ca != 0, tb != 0, ta != 0)


def pack_counts(a_x, ma, mb, ca: int, cb: int, ta: int, tb: int) -> int:
    """``pack_strict`` for ``CountFeatures`` (chesses and potentials counted 0, 1, 2+)."""
    na, nb = min(ca.bit_count(), 2), min(cb.bit_count(), 2)
    qa, qb = min((ta ^ ca).bit_count(), 2), min((tb ^ cb).bit_count(), 2)
    if a_x:
        return (((((2 + ma) * 2 + mb) * 3 + na) * 3 + nb) * 3 + qa) * 3 + qb
    return ((((mb * 2 + ma) * 3 + nb) * 3 + na) * 3 + qb) * 3 + qa


PACKERS = {"strict": pack_strict, "loose": pack_loose, "counts": pack_counts}
