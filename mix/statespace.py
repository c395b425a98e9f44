"""How large is MIX, and how large its abstraction? The report puts an exact model at
3**(20+10) states; this module gives the counts that formula is meant to bound: every slot
empty, X or O (3**(rows*cols)), the positions gravity allows (each column a stack of X and O),
and, on small boards, the exact number of positions reachable in play (counted by depth-first
search, games stop at a win). For the report's feature MDP ("fewer than 60" of its 128 states
are reachable) it gives the feature states met in seeded play, and the game each was first
met in (``first_seen``, ``reachable_states``)."""

from __future__ import annotations

import random

from mix.board import MAX_SIDE, Board, Geometry
from mix.checks import check_board, check_games
from mix.features import get_features, threat_masks
from mix.play.agentchecks import check_agent
from mix.play.agents import make_agent
from studykit.checks import flag, whole
from studykit.checks import seed as check_seed

MAX_EXACT_SLOTS = 20  # exact counting enumerates every position: small boards only


def report_formula(rows: int, cols: int) -> int:
    """The report's count, 3**(cols + rows) (3**(20+10) on its 10x20 board)."""
    rows, cols = _check(rows, cols)
    return 3 ** (rows + cols)


def slot_assignments(rows: int, cols: int) -> int:
    """Every slot empty, X or O independently: 3**(rows*cols), an upper bound."""
    rows, cols = _check(rows, cols)
    return 3 ** (rows * cols)


def gravity_bound(rows: int, cols: int) -> int:
    """Positions with gravity: each column a stack of 0..rows stones, each X or O, so
    (2**(rows+1) - 1)**cols. Still an upper bound (stone counts and wins are not checked)."""
    rows, cols = _check(rows, cols)
    return (2 ** (rows + 1) - 1) ** cols


def reachable_positions(rows: int, cols: int, diagonals: bool = False) -> int:
    """The exact number of distinct positions (the empty board included) reachable in play,
    X first, a game ending at a win or a full board. Boards of at most 20 slots."""
    rows, cols = _check(rows, cols)
    if rows * cols > MAX_EXACT_SLOTS:
        raise ValueError(f"exact counting is for boards of at most {MAX_EXACT_SLOTS} slots, "
                         f"got {rows}x{cols}")
    b = Board(geometry=Geometry(rows, cols, 4, flag(diagonals, "diagonals")))
    seen = {(0, 0)}
    stack = [[]]  # move sequences still to expand (positions are deduplicated on entry)
    while stack:
        moves = stack.pop()
        for m in moves:
            b.play(m)
        if not b.is_over():
            for c in b.legal_moves():
                b.play(c)
                key = (b.stones[0], b.stones[1])
                b.undo(c)
                if key not in seen:
                    seen.add(key)
                    stack.append(moves + [c])
        for m in reversed(moves):
            b.undo(m)
    return len(seen)


def first_seen(features: list[str] | tuple[str, ...], agents=("random", "random"),
               games: int = 1000, seed: int = 0, rows: int = 10,
               cols: int = 20) -> dict[str, dict[int, int]]:
    """For each feature definition, the states met in ``games`` seeded games between
    ``agents`` and the game (0-based) in which each was first met."""
    games, seed, g = check_games(games), check_seed(seed), check_board(rows, cols)
    if isinstance(features, str) or not isinstance(features, (list, tuple)):
        raise TypeError(f"features must be a list or tuple of feature names, got {features!r}")
    feats = {f: get_features(f) for f in features}
    if isinstance(agents, str) or not isinstance(agents, (list, tuple)) or len(agents) != 2:
        raise ValueError(f"agents must be a pair (X's agent, O's agent), got {agents!r}")
    a = [make_agent(check_agent(x, f"agents[{i}]", g.rows, g.cols)) for i, x in enumerate(agents)]
    rng, seen = random.Random(seed), {f: {} for f in features}
    for i in range(games):
        b = Board(geometry=g)
        while not b.is_over():
            masks = threat_masks(b.stones, g)  # one threat scan serves every definition
            for f, fe in feats.items():
                seen[f].setdefault(fe.from_masks(masks, b.turn), i)
            b.play(a[b.turn].choose(b, rng))
    return seen


def reachable_states(features: str, agents=("random", "random"), games: int = 1000,
                     seed: int = 0, rows: int = 10, cols: int = 20) -> set[int]:
    """The distinct states of ``features`` met in ``games`` seeded games between ``agents``
    (a lower bound on the states reachable in play)."""
    return set(first_seen([features], agents, games, seed, rows, cols)[features])


def _check(rows: int, cols: int) -> tuple[int, int]:
    """Rows and cols in 1..MAX_SIDE (numpy integers as Python ints, bools refused)."""
    return whole(rows, "rows", 1, MAX_SIDE), whole(cols, "cols", 1, MAX_SIDE)
