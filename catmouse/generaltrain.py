"""Training the fuller version-2 policies on small boards, scored exactly, and measuring them on big ones.

The cat is scored by its expected capture time against the stochastic mice, computed exactly
(finite-horizon policy evaluation of the Markov chain, so a policy that never catches the mouse
still gets a finite, comparable score) from every catchable position of each training board, not
only the corner start (so every entry the boards consult matters), relative to the optimum. The mouse
is scored by how many moves a best-responding cat needs to catch it, relative to the optimum
``R + C - 3``. Hill climbing changes one entry (sometimes two or three, to cross plateaus) among
the entries the training boards consult and keeps the change only if the score improves.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from tqdm.auto import tqdm

from catmouse.chain import policy_capture_from_corner
from catmouse.exact import neighbours, solve
from catmouse.exploit import mouse_values_from_targets
from catmouse.mdp import (
    _mouse_targets,
    expected_capture,
    expected_capture_from_corner,
    transition,
)


def winnable_first_move(rows: int, cols: int) -> str:
    """The first mover for which the cat can catch a mouse that never steps onto it (parity)."""
    return "mouse" if (rows + cols) % 2 == 0 else "cat"


CAT_BOARDS = ((5, 5), (6, 7), (7, 7))
CAT_CONFIGS = tuple((r, c, mouse) for r, c in CAT_BOARDS for mouse in ("random", "smart"))
MOUSE_BOARDS = ((5, 5), (6, 7), (7, 7), (7, 4))
# A move into the edge is turned back, so on a small board an entry whose move runs into the edge
# scores the same as the opposite move, yet on a big board the same entry may be read in the open.
# A small penalty per bump breaks these ties towards moves that need no correction.
BUMP_PENALTY = 1e-3


@lru_cache(maxsize=64)
def _chain(rows: int, cols: int, mouse: str):
    n = rows * cols
    P = transition(rows, cols, mouse).reshape(n * n, 4)
    gather = (np.arange(n)[:, None, None] * n + _mouse_targets(rows, cols)[None]).reshape(n * n, 4)
    return P, gather


def truncated_capture(cat_next: np.ndarray, rows: int, cols: int, mouse: str, horizon: int):
    """Expected min(capture time, horizon) in cat moves for a fixed cat, from every position.

    Returns (cat to move, mouse to move), flat arrays over (cat cell, mouse cell).
    """
    n = rows * cols
    P, gather = _chain(rows, cols, mouse)
    m = np.tile(np.arange(n), n)
    nxt = cat_next.ravel()
    caught = nxt == m
    after = nxt * n + m
    e_cat = np.zeros(n * n)
    e_mouse = e_cat
    for _ in range(horizon):
        e_mouse = (P * e_cat[gather]).sum(axis=1)
        e_cat = 1.0 + np.where(caught, 0.0, e_mouse[after])
    return e_cat, e_mouse


@lru_cache(maxsize=64)
def optimal_expected(rows: int, cols: int, mouse: str, first_move: str) -> float:
    """The optimal cat's expected capture time from the corner start (value iteration)."""
    return expected_capture_from_corner(rows, cols, mouse, first_move)


@lru_cache(maxsize=64)
def _optimal_everywhere(rows: int, cols: int, mouse: str):
    E_cat, _ = expected_capture(rows, cols, mouse)
    E = E_cat.ravel()
    win = np.isfinite(E)
    return win, float(E[win].sum())


def cat_score(policy, configs=CAT_CONFIGS, params=None) -> float:
    """Mean over configs (rows, cols, mouse) of the policy's total expected capture time (within the
    article's limit of 2 (rows + cols) cat moves)
    over every catchable cat-to-move position, relative to the optimal cat's total (1 = optimal)."""
    total = 0.0
    for rows, cols, mouse in configs:
        win, best = _optimal_everywhere(rows, cols, mouse)
        e_cat, _ = truncated_capture(policy.next_cells(rows, cols, params), rows, cols, mouse,
                                     2 * (rows + cols))
        total += e_cat[win].sum() / best + BUMP_PENALTY * policy.bumps(rows, cols, params)
    return total / len(configs)


def mouse_values(policy, rows: int, cols: int, params=None):
    """(C, M): cat moves a best-responding cat needs against this mouse policy, from every
    (cat cell, mouse cell) with the cat or the mouse to move (inf: never caught)."""
    target = policy.next_cells(rows, cols, params)
    return mouse_values_from_targets(target, neighbours(rows, cols))


def mouse_survival(policy, rows: int, cols: int, first_move: str | None = None, params=None) -> float:
    """Cat moves a best-responding cat needs to catch this mouse policy from the corner start."""
    first_move = first_move or winnable_first_move(rows, cols)
    C, M = mouse_values(policy, rows, cols, params)
    n = rows * cols
    return float((C if first_move == "cat" else M)[0, n - 1])


@lru_cache(maxsize=64)
def _optimal_mouse_turn(rows: int, cols: int):
    M = solve(rows, cols).mouse_to_move
    keep = np.isfinite(M) & (M > 0)
    return keep, M[keep]


def mouse_score(policy, boards=MOUSE_BOARDS, params=None) -> float:
    """Mean over boards of the survival against a best-responding cat relative to the optimum,
    half from the corner start (optimum R + C - 3), half averaged over every position with the
    mouse to move that the optimal cat wins (1 = optimal)."""
    total = 0.0
    for r, c in boards:
        C, M = mouse_values(policy, r, c, params)
        start = (C if winnable_first_move(r, c) == "cat" else M)[0, r * c - 1]
        keep, best = _optimal_mouse_turn(r, c)
        everywhere = float(np.mean(np.minimum(M[keep], best) / best))
        total += 0.5 * min(start, 2 * (r + c)) / (r + c - 3) + 0.5 * everywhere - BUMP_PENALTY * policy.bumps(r, c, params)
    return total / len(boards)


def _used_entries(policy, boards) -> np.ndarray:
    return np.unique(np.concatenate([policy.plan(r, c)[0] for r, c in boards]))


def climb(policy, score, boards, iterations: int, seed: int, maximise: bool = False,
          progress: bool = False):
    """Hill-climb ``policy.params`` one entry at a time; returns (policy, score history)."""
    if iterations < 0:
        raise ValueError(f"iterations must be >= 0, got {iterations}")
    rng = np.random.default_rng(seed)
    policy = policy.copy()
    sign = -1.0 if maximise else 1.0
    used = _used_entries(policy, boards)
    best = score(policy, params=policy.params)
    history = [best]
    for _ in tqdm(range(iterations), disable=not progress, desc="climb"):
        picks = used[rng.integers(len(used), size=1 + int(rng.random() < 0.3) + int(rng.random() < 0.1))]
        old = policy.params[picks].copy()
        policy.params[picks] = (old + rng.integers(1, 4, size=len(picks))) % 4
        new = score(policy, params=policy.params)
        if sign * new < sign * best:
            best = new
        else:
            policy.params[picks] = old
        history.append(best)
    return policy, history


def train_cat_policy(policy, configs=CAT_CONFIGS, iterations: int = 3000, seed: int = 0,
                     progress: bool = False):
    """Climb a cat policy on the exact expected capture time over small training boards."""
    boards = sorted({(r, c) for r, c, _ in configs})
    return climb(policy, lambda p, params: cat_score(p, configs, params), boards, iterations, seed,
                 progress=progress)


def train_mouse_policy(policy, boards=MOUSE_BOARDS, iterations: int = 2000, seed: int = 0,
                       progress: bool = False):
    """Climb a mouse policy on its survival against a best-responding cat over small boards."""
    return climb(policy, lambda p, params: mouse_score(p, boards, params), boards, iterations, seed,
                 maximise=True, progress=progress)


def measure_cells(cat_next: np.ndarray, rows: int, cols: int, mouse: str, first_move: str | None = None,
                  max_sweeps: int = 5_000) -> dict:
    """Exact expected capture time from the corner start of a cat given as next cells ``[c, m]``.

    Returns the optimum, the policy's value, ``excess`` (value / optimum - 1) and ``converged``.
    A policy that has not converged within ``max_sweeps`` sweeps (a cat that dawdles) gets the
    lower bound reached so far, so its excess is then an underestimate.
    """
    first_move = first_move or winnable_first_move(rows, cols)
    opt = optimal_expected(rows, cols, mouse, first_move)
    value, converged = policy_capture_from_corner(rows, cols, mouse, first_move, cat_next, max_sweeps)
    return {"optimal": opt, "value": value, "excess": value / opt - 1, "converged": converged}


def measure_cat(policy, rows: int, cols: int, mouse: str, first_move: str | None = None,
                max_sweeps: int = 5_000) -> dict:
    """Exact expected capture time of a cat policy on a board, against the optimum (``measure_cells``)."""
    return measure_cells(policy.next_cells(rows, cols), rows, cols, mouse, first_move, max_sweeps)
