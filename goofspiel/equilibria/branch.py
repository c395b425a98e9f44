"""Exact win/loss best replies by a dedicated branch and bound, and a fast swap local search.

The reply's bids are fixed prize by prize, largest prize first, so each opponent's margin is
decided early. A node holds the partial margin a_j against every opponent t_j; with the
remaining (smaller) prizes fixed by the depth, the best any completion can add against t_j is
at most what bidding the highest unused rank on every remaining prize adds, a table lookup
``ceiling[depth, top rank, j]``. The node's bound is ``sum_j q_j sign(a_j + ceiling)``; nodes
that cannot beat the incumbent by more than ``tol`` are cut. Nodes are expanded in vectorised
batches (numpy over nodes x opponents), depth first, so memory stays bounded.

A work budget (``nodes``: search nodes generated) may stop the search: it then reports the best
reply found (a lower bound) and the largest bound of the nodes left open (an upper bound), the
same on any machine for the same budget. No clock decides anything.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from goofspiel.equilibria.mixture import Mixture, gain_tensor, margin_matrix

BATCH_CELLS = 2_000_000      # nodes x opponents handled per vectorised step


@dataclass(frozen=True)
class Search:
    """Result of ``branch_and_bound``: best ``ranks`` found, its ``gain``, ``bound`` >= any
    reply's gain (``gain`` + tol when ``proven``; the open nodes' largest bound after the node
    budget stopped it), and the work done."""

    ranks: np.ndarray
    gain: float
    bound: float
    proven: bool
    nodes: int
    leaves: int
    improving: list


def branch_and_bound(mix: Mixture, incumbent: float = -np.inf, tol: float = 1e-9,
                     nodes: int | None = None, keep: int = 0) -> Search:
    """The reply to ``mix`` maximising the expected win/loss payoff, proven by branch and bound.

    Only replies beating ``incumbent`` by more than ``tol`` are searched for; when none exists
    ``ranks`` is empty and ``gain`` is ``incumbent`` (``proven`` still True). ``keep`` > 0 also
    collects up to that many distinct improving leaves met on the way (``improving``).
    ``nodes``: stop before generating more than this many search nodes (None: no budget).
    """
    n, k = len(mix.deck), len(mix.probs)
    order = np.argsort(mix.deck)[::-1]                     # largest prize first
    g = gain_tensor(mix.ranks, mix.deck).astype(np.int16)  # [j, prize, rank]
    g = np.ascontiguousarray(g.transpose(1, 2, 0))         # [prize, rank, j]
    ceiling = np.zeros((n + 1, n, k), dtype=np.int16)      # [depth, top unused rank, j]
    for depth in range(n - 1, -1, -1):
        ceiling[depth] = ceiling[depth + 1] + g[order[depth]]
    q = mix.probs
    state = {"best": incumbent, "ranks": np.empty(0, dtype=np.int64), "nodes": 0, "leaves": 0,
             "stopped": False, "improving": [], "open": -np.inf}

    def top_unused(used: np.ndarray) -> np.ndarray:
        return n - 1 - np.argmin(used[:, ::-1], axis=1)

    def expand(ranks: np.ndarray, used: np.ndarray, marg: np.ndarray) -> None:
        depth = ranks.shape[1]
        if nodes is not None and state["nodes"] + len(ranks) * (n - depth) > nodes:
            state["stopped"] = True                    # the caller records this batch's bound
            return
        parent, rank = np.nonzero(~used)
        child_marg = marg[parent] + g[order[depth], rank]
        child_used = used[parent].copy()
        child_used[np.arange(len(parent)), rank] = True
        child_ranks = np.hstack([ranks[parent], rank[:, None]])
        state["nodes"] += len(parent)
        if depth + 1 == n:
            values = np.sign(child_marg).astype(np.float64) @ q
            state["leaves"] += len(values)
            if keep:
                good = np.flatnonzero(values > max(incumbent, 0.0) + tol)
                state["improving"] += [(values[i], child_ranks[i]) for i in good[:keep]]
            b = int(np.argmax(values))
            if values[b] > state["best"]:
                state["best"], state["ranks"] = float(values[b]), child_ranks[b]
            return
        if depth + 1 < n:
            bound_marg = child_marg + ceiling[depth + 1][top_unused(child_used)[:, None],
                                                         np.arange(k)[None, :]]
            bound = np.sign(bound_marg).astype(np.float64) @ q
            alive = np.flatnonzero(bound > state["best"] + tol)
            alive = alive[np.argsort(-bound[alive], kind="stable")]
            step = max(1, BATCH_CELLS // (k * (n - depth - 1)))
            for s in range(0, len(alive), step):
                pick = alive[s: s + step]
                pick = pick[bound[pick] > state["best"] + tol]
                if len(pick):
                    expand(child_ranks[pick], child_used[pick], child_marg[pick])
                if state["stopped"]:                   # alive is sorted: alive[s] bounds the rest
                    state["open"] = max(state["open"], float(bound[alive[s]]))
                    return

    expand(np.zeros((1, 0), dtype=np.int64), np.zeros((1, n), dtype=bool),
           np.zeros((1, k), dtype=np.int16))
    out = np.empty(n, dtype=np.int64)
    if state["ranks"].size:
        out[order] = state["ranks"]
    ranks = out if state["ranks"].size else np.empty(0, dtype=np.int64)
    improving = []
    for _, r in sorted(state["improving"], key=lambda t: -t[0]):
        row = np.empty(n, dtype=np.int64)
        row[order] = r
        improving.append(row)
    if state["stopped"] and state["open"] == -np.inf:       # stopped before the root's children
        state["open"] = float(np.sign(ceiling[0][n - 1]).astype(np.float64) @ q)
    bound = max(state["best"] + tol, min(state["open"], 1.0))   # no reply gains more than 1
    return Search(ranks, state["best"], bound, not state["stopped"], state["nodes"],
                  state["leaves"], improving[:keep])


def improve(mix: Mixture, start: np.ndarray, max_steps: int = 1000) -> tuple[np.ndarray, float]:
    """Steepest-ascent swaps of two prizes' bids from ``start``: a local optimum and its payoff."""
    n = len(mix.deck)
    g = gain_tensor(mix.ranks, mix.deck).astype(np.int32)   # [j, prize, rank]
    r = np.array(start, dtype=np.int64)
    q = mix.probs
    idx = np.arange(n)
    for _ in range(max_steps):
        f = g[:, :, r]                                       # f[j, a, b] = g[j, a, r_b]
        cur = f[:, idx, idx]                                 # [j, a]
        m = cur.sum(axis=1)
        delta = f - cur[:, :, None] + f.transpose(0, 2, 1) - cur[:, None, :]
        values = np.tensordot(q, np.sign(m[:, None, None] + delta), axes=1)
        now = float(q @ np.sign(m))
        a, b = np.unravel_index(np.argmax(values), values.shape)
        if values[a, b] <= now + 1e-12:
            return r, now
        r[a], r[b] = r[b], r[a]
    return r, float(q @ np.sign(margin_matrix(r, mix.ranks, mix.deck)[0]))
