"""Hill climbing a full cat table against the exact best-responding mouse (obstacles allowed).

Unlike the article's co-evolution, each candidate is scored by the exact solver: the number of
cat moves a best-responding mouse concedes from the corner start (inf if it evades), then the
sum over all positions of the capped capture times. This shows what hill climbing can reach on
boards where the greedy rule is no longer optimal, measured against the true optimum.
"""

from __future__ import annotations

import numpy as np
from tqdm.auto import tqdm

from catmouse.exact import neighbours, solve
from catmouse.exploit import cat_policy_values
from catmouse.game import DIRECTIONS, check_board, check_first_move, greedy_direction

_CAP = 1000.0


def greedy_fallback_table(rows: int, cols: int, obstacles=()) -> np.ndarray:
    """Greedy steps; where greedy hits a wall or an obstacle, the first free direction instead."""
    check_board(rows, cols)
    nbr = neighbours(rows, cols, obstacles)
    table = np.empty((cols, rows, cols, rows), dtype="<U1")
    for cx, cy, mx, my in np.ndindex(table.shape):
        free = [d for k, d in enumerate(DIRECTIONS) if nbr[cx * rows + cy, k] >= 0] or ["U"]
        d = greedy_direction(cx, cy, mx, my)
        table[cx, cy, mx, my] = d if d in free else free[0]
    return table


def _score(table, obstacles, pick, start, winnable):
    values = cat_policy_values(table, obstacles)
    score = (float(values[pick][start]), float(np.minimum(values[0][winnable], _CAP).sum()))
    return score, values[0]


def hill_climb_cat(rows: int, cols: int, obstacles=(), first_move: str = "cat", iterations: int = 2000,
                   seed: int = 0, progress: bool = False):
    """Climb from the greedy-with-fallback table; returns (table, history of (start value, total)).

    Mutations go to positions whose capture time is still above the optimum.
    """
    check_first_move(first_move)
    if iterations < 0:
        raise ValueError(f"iterations must be >= 0, got {iterations}")
    rng = np.random.default_rng(seed)
    nbr = neighbours(rows, cols, obstacles)
    pick = 0 if first_move == "cat" else 1
    sol = solve(rows, cols, obstacles)
    winnable = np.isfinite(sol.cat_to_move)
    start = (0, (cols - 1) * rows + rows - 1)
    table = greedy_fallback_table(rows, cols, obstacles)
    score, values = _score(table, obstacles, pick, start, winnable)
    history = [score]
    for _ in tqdm(range(iterations), disable=not progress, desc="climb"):
        # mutate a position where the table is not yet optimal (the climb's only use of the solver
        # beyond scoring), to a random free direction
        wrong = np.flatnonzero((values != sol.cat_to_move) & winnable)
        if not len(wrong):
            history.append(score)
            continue
        c, m = divmod(int(rng.choice(wrong)), rows * cols)
        k = rng.choice(np.flatnonzero(nbr[c] >= 0))
        idx = (c // rows, c % rows, m // rows, m % rows)
        old = table[idx]
        table[idx] = DIRECTIONS[k]
        new, new_values = _score(table, obstacles, pick, start, winnable)
        if new <= score:
            score, values = new, new_values
        else:
            table[idx] = old
        history.append(score)
    return table, history
