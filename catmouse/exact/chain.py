"""A fixed cat policy against a stochastic mouse as an absorbing Markov chain.

The states are the cat-to-move positions ``s = cat cell * n + mouse cell``. From ``s`` the cat
steps to its table's next cell (a capture ends the chain), then the mouse moves with its
probabilities, which gives at most four successors: one sparse matrix ``A`` with four entries
per row. Graph searches on ``A`` find the positions from which the capture is certain (the
others have an infinite expected time), and the expected capture time solves ``E = 1 + A E``
on those positions, by value sweeps (each one sparse product) that start from 0 and so are
lower bounds when they stop early. This is ``stochastic.value_sweeps`` with a ``cat_table``,
made fast enough for boards of a thousand cells (a million positions).
``truncated_capture`` gives every policy a finite score: the expectation of min(capture, horizon).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from scipy import sparse
from scipy.sparse.csgraph import breadth_first_order

from catmouse.arguments import (
    MAX_CHAIN,
    MAX_SWEEPS,
    count,
    mouse_kind,
    next_cells,
    number,
    table_size,
)
from catmouse.exact.stochastic import CornerExpectation, Expectation, transition
from catmouse.mice import mouse_targets
from catmouse.rules import check_board, check_first_move, corner_cells, neighbours


@lru_cache(maxsize=64)
def mouse_successors(rows: int, cols: int, mouse: str) -> tuple[np.ndarray, np.ndarray]:
    """(P, succ), both (n * n, 4): the mouse's move probabilities at each position ``c * n + m``
    and the position after each move."""
    n = rows * cols
    P = transition(rows, cols, mouse).reshape(n * n, 4)
    succ = (np.arange(n)[:, None, None] * n + mouse_targets(rows, cols)[None]).reshape(n * n, 4)
    return P, succ


def policy_chain(rows: int, cols: int, mouse: str, cat_table: np.ndarray):
    """(A, caught): A[s, s'] = probability that cat-to-move position s leads to s' one round later
    (rows of capturing positions are empty); caught[s]: the cat's move from s captures."""
    rows, cols = check_board(rows, cols)
    n = rows * cols
    nxt = np.asarray(cat_table).ravel()
    if nxt.shape != (n * n,):
        raise ValueError(f"cat_table must have shape ({n}, {n}), got {np.shape(cat_table)}")
    m = np.tile(np.arange(n), n)
    caught = nxt == m
    probs = transition(rows, cols, mouse)[nxt, m]                 # (n * n, 4)
    probs[caught] = 0.0
    succ = nxt[:, None] * n + mouse_targets(rows, cols)[m]
    keep = probs.ravel() > 0
    A = sparse.csr_matrix((probs.ravel()[keep],
                           (np.repeat(np.arange(n * n), 4)[keep], succ.ravel()[keep])),
                          shape=(n * n, n * n))
    return A, caught


def _reaching(A: sparse.csr_matrix, targets: np.ndarray) -> np.ndarray:
    """Mask of the states with a path (positive probability) to any state in ``targets``."""
    N = A.shape[0]
    # the reversed graph plus one extra node N pointing at every target
    extra = sparse.csr_matrix((np.ones(targets.sum()), (np.full(targets.sum(), N),
                                                        np.flatnonzero(targets))),
                              shape=(N + 1, N + 1))
    graph = sparse.bmat([[A.T, None], [None, sparse.csr_matrix((1, 1))]], format="csr") + extra
    order = breadth_first_order(graph, N, directed=True, return_predecessors=False)
    reach = np.zeros(N + 1, dtype=bool)
    reach[order] = True
    return reach[:N]


def certain_capture(A: sparse.csr_matrix, caught: np.ndarray) -> np.ndarray:
    """Positions from which the capture happens with probability one."""
    can = _reaching(A, caught)                     # capture reachable
    return ~_reaching(A, ~can)                     # and no path to a position where it is not


def policy_capture(rows: int, cols: int, mouse: str, cat_table: np.ndarray, tol: float = 1e-12,
                   max_sweeps: int = 100_000) -> Expectation:
    """Expected cat moves to capture for a fixed cat (``cat_table[c, m]``: its next cell), inf
    where the capture is not certain; lower bounds when ``max_sweeps`` ends the sweeps."""
    rows, cols = check_board(rows, cols)
    mouse = mouse_kind(mouse)
    table_size(rows, cols, MAX_CHAIN, "the chain of (cat cell, mouse cell) positions")
    cat_table = next_cells(cat_table, rows, cols, neighbours(rows, cols))
    tol = number(tol, "tol", above=0, below=1)
    max_sweeps = count(max_sweeps, "max_sweeps", 1, MAX_SWEEPS)
    n = rows * cols
    A, caught = policy_chain(rows, cols, mouse, cat_table)
    sure = certain_capture(A, caught)
    sure[np.arange(n) * (n + 1)] = False               # the cat on the mouse: not a position
    idx = np.flatnonzero(sure)
    sub = A[idx][:, idx]
    e = np.zeros(len(idx))
    converged = False
    for _ in range(max_sweeps):
        new = 1.0 + sub @ e
        done = len(e) == 0 or np.abs(new - e).max() < tol
        e = new
        if done:
            converged = True
            break
    E_cat = np.full(n * n, np.inf)
    E_cat[idx] = e
    # mouse to move at (c, m): the cat is at c; weight the cat-to-move values of its successors
    P, succ = mouse_successors(rows, cols, mouse)
    vals = np.where(P > 0, E_cat[succ], 0.0)
    E_mouse = np.where((P > 0).any(axis=1), (P * vals).sum(axis=1), np.inf)
    E_mouse[np.arange(n) * (n + 1)] = 0.0            # the mouse on the cat: already caught
    return Expectation(E_cat.reshape(n, n), E_mouse.reshape(n, n), converged)


def policy_capture_from_corner(rows: int, cols: int, mouse: str, first_move: str,
                               cat_table: np.ndarray,
                               max_sweeps: int = 100_000) -> CornerExpectation:
    """Expected cat moves to capture from the corner start for a fixed cat."""
    check_first_move(first_move)
    out = policy_capture(rows, cols, mouse, cat_table, max_sweeps=max_sweeps)
    return CornerExpectation(float(out.to_move(first_move)[corner_cells(rows, cols)]), out.converged)


def truncated_capture(cat_next: np.ndarray, rows: int, cols: int, mouse: str, horizon: int):
    """Expected min(capture time, horizon) in cat moves for a fixed cat, from every position.

    Finite for every policy, so policies that never catch the mouse still compare. Returns
    (cat to move, mouse to move), flat arrays over (cat cell, mouse cell).
    """
    n = rows * cols
    P, gather = mouse_successors(rows, cols, mouse)
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
