"""Training the fuller version-2 policies on small boards, scored exactly, and measuring them on
big ones.

The cat is scored by its expected capture time against the stochastic mice, computed exactly
(finite-horizon evaluation of the Markov chain, so a policy that never catches the mouse still
gets a finite, comparable score) from every catchable position of each training board, not only
the corner start (so every entry the boards consult matters), relative to the optimum. The mouse
is scored by how many moves a best-responding cat needs to catch it, relative to the optimum
``R + C - 3``. Hill climbing changes one entry (sometimes two or three, to cross plateaus) among
the entries the training boards consult and keeps the change only if the score improves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from catmouse.arguments import (
    MAX_CHAIN,
    MAX_SWEEPS,
    at_most_iterations,
    count,
    mouse_kind,
    next_cells,
    positions,
    table_size,
)
from catmouse.arguments import (
    first_move as first_move_arg,
)
from catmouse.arguments import seed as seed_arg
from catmouse.climb import Climb, hill_climb
from catmouse.exact.chain import policy_capture_from_corner, truncated_capture
from catmouse.exact.fixpoint import CaptureTimes
from catmouse.exact.policy import mouse_values
from catmouse.exact.solve import solve
from catmouse.exact.stochastic import expected_capture, optimal_expected
from catmouse.general.policies import TablePolicy
from catmouse.parity import winnable_first_move
from catmouse.rules import check_board, corner_cells, neighbours
from studykit.checks import flag, items

CAT_BOARDS = ((5, 5), (6, 7), (7, 7))
CAT_CONFIGS = tuple((r, c, mouse) for r, c in CAT_BOARDS for mouse in ("random", "smart"))
MOUSE_BOARDS = ((5, 5), (6, 7), (7, 7), (7, 4))
# A move into the edge is turned back, so on a small board an entry whose move runs into the edge
# scores the same as the opposite move, yet on a big board the same entry may be read in the open.
# A small penalty per bump breaks these ties towards moves that need no correction.
BUMP_PENALTY = 1e-3


def table_policy(policy, who: str, name: str = "policy") -> TablePolicy:
    """``policy`` if it is a ``FeaturePolicy`` or ``RotationPolicy`` moving ``who``."""
    if not isinstance(policy, TablePolicy):
        raise TypeError(f"{name} must be a FeaturePolicy or RotationPolicy, got "
                        f"{type(policy).__name__}")
    if policy.who != who:
        raise ValueError(f"{name} must move the {who}, got a policy for the {policy.who}")
    return policy


def training_boards(boards, name: str, with_mouse: bool) -> tuple:
    """A non-empty list of (rows, cols) boards, or (rows, cols, mouse) with ``with_mouse``,
    each scored exactly at every iteration (so within ``arguments.MAX_TABLE`` entries)."""
    out = []
    for k, entry in enumerate(items(boards, name, min_len=1, max_len=100)):
        size = 3 if with_mouse else 2
        if isinstance(entry, (str, bytes)) or not hasattr(entry, "__len__") or len(entry) != size:
            shape = "(rows, cols, mouse)" if with_mouse else "(rows, cols)"
            raise ValueError(f"{name}[{k}] must be a {shape} tuple, got {entry!r}")
        rows, cols = check_board(*entry[:2])
        table_size(rows, cols, what=f"{name}[{k}]")
        out.append((rows, cols, mouse_kind(entry[2], f"{name}[{k}] mouse")) if with_mouse
                   else (rows, cols))
    return tuple(out)


def first_mover(value, rows: int, cols: int) -> str:
    """``value`` ('cat' or 'mouse'), or the winnable first mover when it is None."""
    return winnable_first_move(rows, cols) if value is None else first_move_arg(value)


@lru_cache(maxsize=64)
def _optimal_everywhere(rows: int, cols: int, mouse: str):
    E = expected_capture(rows, cols, mouse).cat_to_move.ravel()
    win = np.isfinite(E)
    return win, float(E[win].sum())


def cat_score(policy: TablePolicy, configs=CAT_CONFIGS, params=None) -> float:
    """Mean over configs (rows, cols, mouse) of the policy's total expected capture time (within
    the article's limit of 2 (rows + cols) cat moves) over every catchable cat-to-move position,
    relative to the optimal cat's total (1 = optimal)."""
    total = 0.0
    for rows, cols, mouse in configs:
        win, best = _optimal_everywhere(rows, cols, mouse)
        e_cat, _ = truncated_capture(policy.next_cells(rows, cols, params), rows, cols, mouse,
                                     2 * (rows + cols))
        total += e_cat[win].sum() / best + BUMP_PENALTY * policy.bumps(rows, cols, params)
    return total / len(configs)


def policy_mouse_values(policy: TablePolicy, rows: int, cols: int, params=None) -> CaptureTimes:
    """Cat moves a best-responding cat needs against this mouse policy, from every (cat cell,
    mouse cell) with the cat or the mouse to move (inf: never caught)."""
    return mouse_values(policy.next_cells(rows, cols, params), neighbours(rows, cols))


def mouse_survival(policy: TablePolicy, rows: int, cols: int, first_move: str | None = None,
                   params=None) -> float:
    """Cat moves a best-responding cat needs to catch this mouse policy from the corner start."""
    table_policy(policy, "mouse")
    rows, cols = check_board(rows, cols)
    positions(rows * cols, 1, rows + cols, what="evaluating")
    first_move = first_mover(first_move, rows, cols)
    times = policy_mouse_values(policy, rows, cols, params)
    return float(times.to_move(first_move)[corner_cells(rows, cols)])


@lru_cache(maxsize=64)
def _optimal_mouse_turn(rows: int, cols: int):
    M = solve(rows, cols).mouse_to_move
    keep = np.isfinite(M) & (M > 0)
    return keep, M[keep]


def mouse_score(policy: TablePolicy, boards=MOUSE_BOARDS, params=None) -> float:
    """Mean over boards of the survival against a best-responding cat relative to the optimum,
    half from the corner start (optimum R + C - 3), half averaged over every position with the
    mouse to move that the optimal cat wins (1 = optimal)."""
    total = 0.0
    for r, c in boards:
        times = policy_mouse_values(policy, r, c, params)
        start = times.to_move(winnable_first_move(r, c))[corner_cells(r, c)]
        keep, best = _optimal_mouse_turn(r, c)
        everywhere = float(np.mean(np.minimum(times.mouse_to_move[keep], best) / best))
        total += (0.5 * min(start, 2 * (r + c)) / (r + c - 3) + 0.5 * everywhere
                  - BUMP_PENALTY * policy.bumps(r, c, params))
    return total / len(boards)


def climb_policy(policy: TablePolicy, score, boards, iterations: int, seed: int,
                 maximise: bool = False, progress: bool = False) -> Climb:
    """Hill-climb ``policy.params`` among the entries ``boards`` consult; ``score(policy,
    params)``. Each candidate changes one entry, or two or three (to cross plateaus). The
    climb's ``best`` is a new policy; the input is not modified."""
    rng = np.random.default_rng(seed)
    used = np.unique(np.concatenate([policy.plan(r, c)[0] for r, c in boards]))

    def propose(params, _):
        picks = used[rng.integers(len(used), size=1 + int(rng.random() < 0.3)
                                  + int(rng.random() < 0.1))]
        candidate = params.copy()
        candidate[picks] = (params[picks] + rng.integers(1, 4, size=len(picks))) % 4
        return [candidate]

    climb = hill_climb(policy.params.copy(), lambda params: (score(policy, params), None), propose,
                       iterations, maximise=maximise, ties=False, progress=progress)
    return Climb(type(policy)(policy.who, climb.best), climb.score, climb.history)


def train_cat_policy(policy: TablePolicy, configs=CAT_CONFIGS, iterations: int = 3000,
                     seed: int = 0, progress: bool = False) -> Climb:
    """Climb a cat policy on the exact expected capture time over small training boards."""
    table_policy(policy, "cat")
    configs = training_boards(configs, "configs", with_mouse=True)
    iterations, seed = at_most_iterations(iterations), seed_arg(seed)
    flag(progress, "progress")
    boards = sorted({(r, c) for r, c, _ in configs})
    return climb_policy(policy, lambda p, params: cat_score(p, configs, params), boards,
                        iterations, seed, progress=progress)


def train_mouse_policy(policy: TablePolicy, boards=MOUSE_BOARDS, iterations: int = 2000,
                       seed: int = 0, progress: bool = False) -> Climb:
    """Climb a mouse policy on its survival against a best-responding cat over small boards."""
    table_policy(policy, "mouse")
    boards = training_boards(boards, "boards", with_mouse=False)
    iterations, seed = at_most_iterations(iterations), seed_arg(seed)
    flag(progress, "progress")
    return climb_policy(policy, lambda p, params: mouse_score(p, boards, params), boards,
                        iterations, seed, maximise=True, progress=progress)


SAME = 1e-9  # relative difference below which a policy's value is the optimum (rounding only)


@dataclass(frozen=True)
class Measure:
    """A cat's exact expected capture time from the corner start against the optimum.

    ``excess`` = value / optimal - 1, exactly 0.0 when the two agree within ``SAME`` (relative:
    far above the sweeps' 1e-12 tolerance, far below any real excess); when ``converged`` is False
    (a cat that dawdles) the value is the lower bound reached so far, so the excess is an
    underestimate.
    """

    optimal: float
    value: float
    excess: float
    converged: bool


def measure_cells(cat_next: np.ndarray, rows: int, cols: int, mouse: str,
                  first_move: str | None = None, max_sweeps: int = 5_000) -> Measure:
    """Measure a cat given as next cells ``[c, m]`` (first mover: the winnable one by default)."""
    rows, cols = check_board(rows, cols)
    table_size(rows, cols, MAX_CHAIN, "the (cat cell, mouse cell) positions")
    cat_next = next_cells(cat_next, rows, cols, neighbours(rows, cols), "cat_next")
    mouse = mouse_kind(mouse)
    max_sweeps = count(max_sweeps, "max_sweeps", 1, MAX_SWEEPS)
    first_move = first_mover(first_move, rows, cols)
    opt = optimal_expected(rows, cols, mouse, first_move)
    out = policy_capture_from_corner(rows, cols, mouse, first_move, cat_next, max_sweeps)
    excess = out.value / opt - 1
    return Measure(opt, out.value, 0.0 if abs(excess) < SAME else excess, out.converged)


def measure_cat(policy: TablePolicy, rows: int, cols: int, mouse: str,
                first_move: str | None = None, max_sweeps: int = 5_000) -> Measure:
    """Measure a cat policy on a board against the optimum (``measure_cells``)."""
    table_policy(policy, "cat")
    return measure_cells(policy.next_cells(rows, cols), rows, cols, mouse, first_move, max_sweeps)
