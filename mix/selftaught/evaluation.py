"""The tactics read before any evaluation of a MIX position (``forced``): a mover who can
complete four has won, a mover facing two playable threats has lost, and a single playable
threat must be blocked. The learned evaluation itself is ``mix.plain.selftaught.PlainEvaluation``
(its fast twin: ``mix.fast.evaluation.LinearEvaluation``).
"""

from __future__ import annotations

from mix.board import Board
from mix.features import threat_slots


def forced(b: Board) -> tuple[float | None, list[int] | None]:
    """Tactics at a glance: (1.0, None) when the mover can complete four now, (-1.0, None) when
    the opponent has two playable threats, (None, [col]) when one must be blocked, else
    (None, None)."""
    g, me = b.g, b.turn
    occ = b.stones[0] | b.stones[1]
    empty = g.full & ~occ
    feas = (occ + g.bottom) & g.full
    if threat_slots(b.stones[me], empty, g) & feas:
        return 1.0, None
    theirs = threat_slots(b.stones[1 - me], empty, g) & feas
    if not theirs:
        return None, None
    if theirs.bit_count() > 1:
        return -1.0, None
    return None, [(theirs.bit_length() - 1) // g.height]
