"""Exact values of fixed tables: a cat table (one cat or a team) against a best-responding mouse,
a mouse table against a best-responding cat; the best responses and the exploitability.

Each is the fixed point of ``exact.fixpoint`` with the table's move in place of one side's
choice, returned as ``CaptureTimes`` (arrays over (cat cells..., mouse cell), with the cat or the
mouse to move).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from catmouse.arguments import letter_table, positions, table_size
from catmouse.exact.fixpoint import CaptureTimes, caught_mask, fixed_point, over_moves
from catmouse.exact.solve import solve
from catmouse.rules import (
    DIRECTIONS,
    check_board,
    check_first_move,
    corner_cells,
    neighbours,
    stay_put,
)
from catmouse.tables import greedy_table, to_codes


def cat_values(targets: tuple, nbr: np.ndarray, plain: bool = False) -> CaptureTimes:
    """Capture times of fixed cats against a best-responding mouse.

    ``targets[i]``: cat i's cell after the cats' move, an array over positions (cat cells...,
    mouse cell); a mouse that steps onto a cat is caught. ``plain``: the mouse's replies by
    ``fixpoint.over_moves_plain``.
    """
    cats, n = len(targets), len(nbr)
    mouse = np.meshgrid(*[np.arange(n)] * (cats + 1), indexing="ij")[-1]
    after = tuple(targets) + (mouse,)
    return fixed_point(lambda M: M[after],
                       lambda C: over_moves(C, nbr, cats, np.max, -np.inf, plain),
                       caught_mask(n, cats))


def team_values(table: np.ndarray, nbr: np.ndarray, plain: bool = False) -> CaptureTimes:
    """Capture times of a joint table (move ``sum(code_i * 4**i)`` per position) of ``table.ndim - 1``
    cats against a best-responding mouse; a blocked move keeps the cat in place (``plain``: as in
    ``cat_values``)."""
    cats = table.ndim - 1
    grids = np.meshgrid(*[np.arange(len(nbr))] * (cats + 1), indexing="ij")
    moves = stay_put(nbr)
    return cat_values(tuple(moves[grids[i], (table // 4 ** i) % 4] for i in range(cats)), nbr,
                      plain)


def cat_policy_values(policy: np.ndarray, obstacles=()) -> CaptureTimes:
    """Capture times of a cat letter table against a best-responding mouse, over (cat cell,
    mouse cell)."""
    cols, rows = policy.shape[:2]
    n = rows * cols
    nbr = neighbours(rows, cols, obstacles)
    target = nbr[np.arange(n)[:, None], to_codes(policy)]          # cat's next cell per (c, m)
    free = (nbr >= 0).any(axis=1)
    if (target[free][:, free] < 0).any():
        raise ValueError("policy contains an off-board cat move")
    target = np.where(target < 0, np.arange(n)[:, None], target)   # wall cells: never used
    return cat_values((target,), nbr)


def mouse_values(target: np.ndarray, nbr: np.ndarray) -> CaptureTimes:
    """Capture times of a fixed mouse (its next cell per (cat cell, mouse cell)) against a
    best-responding cat."""
    cs = np.arange(len(nbr))[:, None]
    return fixed_point(lambda M: over_moves(M, nbr, 0, np.min, np.inf), lambda C: C[cs, target],
                       caught_mask(len(nbr), 1))


def mouse_policy_values(policy: np.ndarray) -> CaptureTimes:
    """Capture times of a mouse letter table against a best-responding cat."""
    cols, rows = policy.shape[:2]
    n = rows * cols
    nbr = neighbours(rows, cols)
    target = nbr[np.arange(n)[None, :], to_codes(policy)]          # mouse's next cell per (c, m)
    if (target < 0).any():
        raise ValueError("policy contains an off-board mouse move")
    return mouse_values(target, nbr)


def one_table(cat_policy, mouse_policy) -> np.ndarray:
    """The one letter table given (exactly one of the two), checked, within the solver's limit."""
    if (cat_policy is None) == (mouse_policy is None):
        raise ValueError("give exactly one of cat_policy or mouse_policy, got "
                         f"{'both' if cat_policy is not None else 'neither'}")
    who = "cat" if cat_policy is not None else "mouse"
    policy = letter_table(cat_policy if cat_policy is not None else mouse_policy, who)
    positions(policy.shape[0] * policy.shape[1], 1, policy.shape[0] + policy.shape[1])
    return policy


@dataclass(frozen=True)
class Exploitability:
    """A table against a best response from the corner start, versus optimal play.

    ``optimal``: cat moves under optimal play (inf: the mouse evades); ``value``: cat moves when the
    table meets a best response; ``wins``: the table's side wins against it (capture for a cat,
    evasion for a mouse); ``lost_moves``: moves conceded to the optimum (extra cat moves for a
    cat, moves of survival lost for a mouse; 0 where both never end: nothing is conceded to an
    optimum in which the mouse evades).
    """

    optimal: float
    value: float
    wins: bool
    lost_moves: float


def exploitability(cat_policy: np.ndarray | None = None, mouse_policy: np.ndarray | None = None,
                   first_move: str = "cat") -> Exploitability:
    """How one letter table (give exactly one) fares against a best response from the corners."""
    check_first_move(first_move)
    policy = one_table(cat_policy, mouse_policy)
    cols, rows = policy.shape[:2]
    start = corner_cells(rows, cols)
    sol = solve(rows, cols)
    optimal = float(sol.to_move(first_move)[start])
    if cat_policy is not None:
        value = float(cat_policy_values(cat_policy).to_move(first_move)[start])
        return Exploitability(optimal, value, bool(np.isfinite(value)), conceded(value, optimal))
    value = float(mouse_policy_values(mouse_policy).to_move(first_move)[start])
    return Exploitability(optimal, value, bool(np.isinf(value)), conceded(optimal, value))


def conceded(more: float, less: float) -> float:
    """``more - less`` moves, 0 when both are infinite (inf - inf would be NaN)."""
    return 0.0 if more == less else more - less


def best_response(cat_policy: np.ndarray | None = None, mouse_policy: np.ndarray | None = None,
                  first_move: str = "cat") -> np.ndarray:
    """The opponent's exact best-response letter table to one given table."""
    check_first_move(first_move)
    policy = one_table(cat_policy, mouse_policy)
    cols, rows = policy.shape[:2]
    nbr = neighbours(rows, cols)
    if cat_policy is not None:           # the mouse maximises the capture time (onto the cat: 0)
        C = cat_policy_values(cat_policy).cat_to_move
        cand = np.where(nbr[None, :, :] >= 0, C[:, np.clip(nbr, 0, None)], -np.inf)   # (c, m, k)
        codes = cand.argmax(axis=2)
    else:                                # the cat minimises it
        M = mouse_policy_values(mouse_policy).mouse_to_move
        cand = np.where(nbr[:, None, :] >= 0, M[np.clip(nbr, 0, None), :].transpose(0, 2, 1),
                        np.inf)
        codes = cand.argmin(axis=2)
    return np.array(DIRECTIONS)[codes].reshape(cols, rows, cols, rows)


def greedy_is_optimal(rows: int, cols: int) -> bool:
    """True if the greedy step attains the optimum in every cat-winnable cat-to-move state."""
    rows, cols = check_board(rows, cols)
    positions(rows * cols, 1, rows + cols)
    table_size(rows, cols, what="the greedy table")
    sol = solve(rows, cols)
    mine = cat_policy_values(greedy_table(rows, cols)).cat_to_move
    win = np.isfinite(sol.cat_to_move)
    return bool(np.array_equal(mine[win], sol.cat_to_move[win]))
