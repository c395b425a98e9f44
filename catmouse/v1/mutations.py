"""Candidate changes for the improved trainer: cells of the learner's table set to other moves.

Only cells that some scoring game consults are drawn (a change elsewhere cannot change a score).
``sequential`` changes follow one game: after each change the game is replayed, so the next
change can land on the new path (a detour several moves long in one candidate); ``follow_game``
is the plain walk, ``FastArena`` walks with ``v1.walk`` (the same changes).
"""

from __future__ import annotations

import random

from catmouse.v1.pool import Arena


def other_code(code: int, cell: int, others: tuple, rng: random.Random) -> int:
    """A random legal direction code for a player on ``cell``, other than ``code`` (``others``:
    ``games.other_moves`` of the board)."""
    legal = others[cell][code]
    return legal[rng.randrange(len(legal))]


def propose_changes(arena: Arena, count: int, rng: random.Random, sequential: bool) -> dict:
    """A candidate's changes {state: new code}: ``count`` cells set to other legal directions.

    Non-sequential: cells drawn among all consulted ones. Sequential: the changes follow one
    game (the learner's worst one half of the time, else a random slot's).
    """
    if not sequential:
        table, others, n = arena.table, arena.others, arena.board.n
        own = (lambda s: s // n) if arena.side == "cat" else (lambda s: s % n)
        cells = arena.cells()
        picks = [cells[rng.randrange(len(cells))] for _ in range(count)]
        return {s: other_code(table[s], own(s), others, rng) for s in picks}
    if rng.random() < 0.5:
        j = arena.worst()
    else:
        ids = arena.slot_ids()
        j = ids[rng.randrange(len(ids))]
    fast = getattr(arena, "walk", None)          # FastArena's (``v1.walk``): the same changes
    return fast(j, count, rng) if fast is not None else follow_game(arena, j, count, rng)


def follow_game(arena: Arena, j: int, count: int, rng: random.Random) -> dict:
    """``count`` changes along slot j's game: each drawn among the learner's consulted states of
    the game as it stands after the changes before it (the table is left unchanged)."""
    table, others, n = arena.table, arena.others, arena.board.n
    own = (lambda s: s // n) if arena.side == "cat" else (lambda s: s % n)   # the learner's cell
    used = arena.slots[j][2]
    changes, old, game = {}, {}, None
    for k in range(count):
        cells = sorted(used)
        s = cells[rng.randrange(len(cells))]
        old.setdefault(s, table[s])
        changes[s] = code = other_code(table[s], own(s), others, rng)
        arena.apply({s: code})
        if k < count - 1:              # the game again, changed at s since the last one
            game = arena.consulted(j, {s: code}, game)
            used = game[1]
    arena.apply(old)
    return changes
