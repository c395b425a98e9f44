"""MIX test inputs (the plain twins of the fast code, which the tests compare it with, are in
the library, ``mix.plain``): random positions, and the follow-up pair rule of
``mix.fast.solver`` written out plainly (``mover_cells``)."""

from __future__ import annotations

import random

from mix.board import Board


def random_positions(rng: random.Random, g, n: int, most: int | None = None) -> list[Board]:
    """``n`` positions of random games on ``g`` (the oracles' test inputs), each after 0 to
    ``most`` random moves (at most every slot but one), none of them over."""
    most = g.rows * g.cols - 1 if most is None else most
    out = []
    while len(out) < n:
        b = Board(geometry=g)
        for _ in range(rng.randint(0, most)):
            if b.is_over():
                break
            b.play(rng.choice(b.legal_moves()))
        if not b.is_over():
            out.append(b)
    return out


def mover_cells(b: Board) -> int:
    """The cells the side to move may still get when an even number of cells is empty and the other
    side answers on top of each move (starting another odd column when the mover fills one): its
    stones, the lower cell of each pair of the even columns, the odd columns' empty cells. Without k
    in a row among them it cannot win (``mix.fast.solver``'s bound, spelled out)."""
    g, me, opp = b.g, b.stones[b.turn], b.stones[1 - b.turn]
    occ = me | opp
    e = g.full ^ occ
    if e.bit_count() % 2:
        raise ValueError("an odd number of cells is empty: the other side cannot answer on top")
    out = me
    for c, h in enumerate(b.heights):
        odd = (g.rows - h) % 2
        out |= sum(g.bit(r, c) for r in range(h, g.rows) if odd or (g.rows - r) % 2 == 0)
    return out
