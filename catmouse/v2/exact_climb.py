"""Window tables climbed on exact scores: the cat on its expected capture time against a
stochastic mouse, the mouse on its survival against a best-responding cat.

The article scores each candidate cat table on 1,000 sampled games and compares rounded means,
so most comparisons are decided by sampling noise. Here a candidate is scored exactly (policy
evaluation of the Markov chain, or the retrograde solver), edits are single cells with a legal
direction, and equal scores are accepted so the climb can drift.
"""

from __future__ import annotations

import numpy as np

from catmouse.arguments import MAX_CHAIN, at_most_iterations, mouse_kind, table_size
from catmouse.arguments import seed as seed_arg
from catmouse.climb import Climb, hill_climb
from catmouse.exact.policy import exploitability
from catmouse.exact.stochastic import expected_capture_from_corner
from catmouse.rules import DELTAS, DIRECTIONS, check_board, check_first_move, legal_directions
from catmouse.v2.window import (
    check_window_board,
    greedy_window_table,
    leaves_flagged_edge,
    policy_cells,
    staying_table,
    validate_window_table,
    window_index,
)
from studykit.checks import flag


def exact_score(table: np.ndarray, rows: int, cols: int, mouse: str,
                first_move: str = "mouse") -> float:
    """Expected cat moves from the corner start with this window table (inf if not certain)."""
    try:
        return expected_capture_from_corner(rows, cols, mouse, first_move,
                                            cat_table=policy_cells(rows, cols, table))
    except RuntimeError:
        return float("inf")


def edit_proposals(rng: np.random.Generator, who: str):
    """``propose`` for ``hill_climb``: one random entry set to another direction that keeps the
    player (``who``) inside the flagged edges."""
    def propose(table, _):
        idx = tuple(int(v) for v in rng.integers(0, 3, size=6))
        lx, ly = (idx[0], idx[1]) if who == "cat" else (idx[2], idx[3])
        allowed = [k for k, d in enumerate(DIRECTIONS)
                   if not leaves_flagged_edge(d, lx, ly, idx[4], idx[5]) and k != table[idx]]
        candidate = table.copy()
        candidate[idx] = rng.choice(allowed)
        return [candidate]
    return propose


def train_local_exact(rows: int = 5, cols: int = 5, mouse: str = "smart", iterations: int = 400,
                      seed: int = 0, table: np.ndarray | None = None,
                      progress: bool = False) -> Climb:
    """Climb a cat window table on the exact expected capture time (mouse first).

    Starts from the greedy rule written into the table unless ``table`` is given (starting from
    the article's initial table works too, but takes thousands of slow evaluations).
    """
    rows, cols = check_board(rows, cols)
    check_window_board(rows, cols)
    table_size(rows, cols, MAX_CHAIN, "the (cat cell, mouse cell) positions")
    mouse = mouse_kind(mouse)
    iterations, seed = at_most_iterations(iterations), seed_arg(seed)
    flag(progress, "progress")
    start = greedy_window_table() if table is None else validate_window_table(table).copy()
    return hill_climb(start, lambda t: (exact_score(t, rows, cols, mouse), None),
                      edit_proposals(np.random.default_rng(seed), "cat"), iterations,
                      progress=progress, desc="exact climb")


def mouse_window_table(rows: int, cols: int, table: np.ndarray) -> np.ndarray:
    """A mouse window table (codes) as a full (cols, rows, cols, rows) letter table.

    Outside the window the mouse flees: the first legal direction that increases the distance
    (any legal one if none does).
    """
    out = np.empty((cols, rows, cols, rows), dtype="<U1")
    for cx, cy, mx, my in np.ndindex(out.shape):
        idx = window_index(cx, cy, mx, my, rows, cols)
        legal = legal_directions(mx, my, rows, cols)
        if idx is not None:
            d = DIRECTIONS[int(table[idx])]
        else:
            far = [d for d in legal if abs(mx + DELTAS[d][0] - cx) + abs(my + DELTAS[d][1] - cy)
                   > abs(mx - cx) + abs(my - cy)]
            d = (far or legal)[0]
        out[cx, cy, mx, my] = d if d in legal else legal[0]
    return out


def train_local_mouse_exact(rows: int = 5, cols: int = 5, first_move: str = "mouse",
                            iterations: int = 300, seed: int = 0, progress: bool = False) -> Climb:
    """Climb a mouse window table to survive a best-responding cat as long as possible.

    The score is the number of cat moves a best-responding cat needs from the corner start.
    """
    rows, cols = check_board(rows, cols)
    check_window_board(rows, cols)
    table_size(rows, cols, what="the mouse's table")
    check_first_move(first_move)
    iterations, seed = at_most_iterations(iterations), seed_arg(seed)
    flag(progress, "progress")

    def score(t):
        return exploitability(mouse_policy=mouse_window_table(rows, cols, t),
                              first_move=first_move).value, None

    return hill_climb(staying_table("mouse"), score, edit_proposals(np.random.default_rng(seed), "mouse"),
                      iterations, maximise=True, progress=progress, desc="mouse climb")


def cat_window_as_table(rows: int, cols: int, table: np.ndarray | None) -> np.ndarray:
    """A cat window table (None: greedy) as a full (cols, rows, cols, rows) letter table."""
    rows, cols = check_board(rows, cols)
    table_size(rows, cols, what="a full table")
    cells = policy_cells(rows, cols, table)
    n = rows * cols
    c = np.arange(n)[:, None]
    dx, dy = cells // rows - c // rows, cells % rows - c % rows
    letters = np.select([dx == 1, dx == -1, dy == 1, dy == -1], ["R", "L", "U", "D"], default="U")
    same = c == np.arange(n)[None, :]
    letters = np.where(same & (c % rows == rows - 1), "D", letters)   # never consulted
    return letters.reshape(cols, rows, cols, rows)
