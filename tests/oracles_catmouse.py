"""Plain implementations the cat-and-mouse tests (only they) check the fast ones against.

Written for reading, not speed: minimax search over the game tree, scalar loops, fresh copies.
The plain twins the benchmark also times live in the package (``catmouse.v1.plain``,
``catmouse.v2.plain``, ``fixpoint.over_moves_plain``, ``keep.commit_whole``,
``catmouse.v1.plainpool``); what is here only the tests use.
"""

import functools
import itertools
import math

import numpy as np

from catmouse.mice import MOUSE_DIRECTIONS, mouse_move
from catmouse.rules import DIRECTIONS, corner_start, legal_directions, step

__all__ = [
    "BelowStream",
    "brute_force",
    "brute_force_speeds",
    "move_probabilities",
    "plain_diverge",
    "random_table",
    "simulate_random_cat",
]


class BelowStream:
    """A ``below(k)`` stream behind ``RandomState``'s ``randint``/``choice`` calls, so the plain
    trainer can replay the fast trainer's modern stream."""

    def __init__(self, below):
        self.below = below

    def randint(self, low, high=None):
        return self.below(low) if high is None else low + self.below(high - low)

    def choice(self, seq):
        return seq[self.below(len(seq))]


def brute_force(rows, cols, first, obstacles=(), cats=1, start=None, bound=None):
    """Fewest cat moves to a forced capture by depth-bounded minimax (inf beyond ``bound``)."""
    blocked = set(obstacles)
    bound = bound if bound is not None else 3 * (rows + cols) + 4

    def moves(p):
        x, y = p
        out = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
        return [q for q in out if 0 <= q[0] < cols and 0 <= q[1] < rows and q not in blocked]

    @functools.cache
    def cat_wins_within(cs, m, to_move, t):
        # can the cats force a capture using at most t cat moves?
        if m in cs:
            return True
        if to_move == "cat":
            if t == 0:
                return False
            return any(cat_wins_within(tuple(nc), m, "mouse", t - 1)
                       for nc in itertools.product(*[moves(c) for c in cs]))
        return all(cat_wins_within(cs, nm, "cat", t) for nm in moves(m))

    cs, m = start or corner_start(rows, cols, cats)
    cs = tuple(tuple(c) for c in cs)
    for t in range(bound + 1):
        if cat_wins_within(cs, tuple(m), first, t):
            return t
    return math.inf


def brute_force_speeds(rows, cols, cat_speed, mouse_speed, first, horizon):
    """Fewest cat turns to a forced capture within ``horizon`` (None beyond) at other speeds."""
    def paths(p, k):
        if k == 0:
            return [[]]
        return [[q] + rest for d in DIRECTIONS if (q := step(*p, d, rows, cols))
                for rest in paths(q, k - 1)]

    @functools.cache
    def win(c, m, cat_turn, t):     # can the cat force a capture within t more cat turns?
        if cat_turn:
            if t == 0:
                return False
            return any(m in path or win(path[-1], m, False, t - 1) for path in paths(c, cat_speed))
        safe = [path for path in paths(m, mouse_speed) if c not in path]
        return all(win(c, path[-1], True, t) for path in safe)

    start = ((0, 0), (cols - 1, rows - 1))
    return next((t for t in range(1, horizon + 1) if win(*start, first == "cat", t)), None)


def plain_diverge(trace, changed, learner_first):
    """The first position of a game's ``trace`` (start first, end last) where the learner is to
    move on a ``changed`` state, by scanning those positions (None: there is none)."""
    q = 0 if learner_first else 1
    return next((i for i in range(q, len(trace) - 1, 2) if trace[i] in changed), None)


def move_probabilities(kind, cx, cy, mx, my, rows, cols):
    """Exact probability of each of MOUSE_DIRECTIONS for one move of this mouse, by hand."""
    legal, safe = np.zeros(4), np.zeros(4)
    for k, d in enumerate(MOUSE_DIRECTIONS):
        q = step(mx, my, d, rows, cols)
        if q is not None and q != (cx, cy):
            legal[k] = 1
            safe[k] = abs(q[0] - cx) + abs(q[1] - cy) != 1
    if kind == "random" or (kind == "strict" and not safe.any()):
        return legal / legal.sum()
    if kind == "strict":
        return safe / safe.sum()
    q = 1 - safe.sum() / 4                       # smart: four picky draws, then any legal cell
    return safe * sum(q ** i for i in range(4)) / 4 + q ** 4 * legal / legal.sum()


def random_table(rows, cols, who, rng):
    """A uniformly random legal letter table (each cell: a direction that stays on the board)."""
    shape = (cols, rows, cols, rows)
    x, y = np.indices(shape)[(0, 1) if who == "cat" else (2, 3), ...]
    table = np.empty(shape, dtype="<U1")
    draws = rng.random(shape)
    for px in range(cols):
        for py in range(rows):
            legal = np.array(legal_directions(px, py, rows, cols))
            mask = (x == px) & (y == py)
            table[mask] = legal[(draws[mask] * len(legal)).astype(int)]
    return table


def simulate_random_cat(rows, cols, first, games, rng):
    """Share of games a uniformly random cat wins against the random mouse (version 2's limit)."""
    limit, wins = (rows + cols) * 2, 0
    for _ in range(games):
        cx, cy, mx, my = 0, 0, cols - 1, rows - 1
        if first == "cat":
            cx, cy = step(cx, cy, rng.choice(legal_directions(cx, cy, rows, cols)), rows, cols)
        r = 1
        while True:
            mx, my = mouse_move("random", cx, cy, mx, my, rows, cols, lambda: int(rng.integers(4)))
            if r >= limit:
                break
            cx, cy = step(cx, cy, rng.choice(legal_directions(cx, cy, rows, cols)), rows, cols)
            if (cx, cy) == (mx, my):
                wins += 1
                break
            r += 1
    return wins / games
