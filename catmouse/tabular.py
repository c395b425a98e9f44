"""Version 1 of the article: co-evolving full-table policies of both players by hill climbing.

Each iteration the losing side draws 1..10 one-cell mutations of its table and keeps the best
one (by the article's acceptance rules) against the other side's current table. Fast path: a
mutation of a cell that the incumbent game never consults cannot change that game, so only
mutations of visited cells are replayed, in place on a flat table (no copies).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from tqdm.auto import tqdm

from catmouse.game import (
    DELTAS,
    DIRECTIONS,
    TableGame,
    check_board,
    check_first_move,
    initial_cat_policy,
    initial_mouse_policy,
    play_tables,
)
from catmouse.stream import LegacyStream

_CODE = {d: i for i, d in enumerate(DIRECTIONS)}  # R L U D


@dataclass
class TabularRun:
    """History and outcome of a version-1 training run."""

    winners: np.ndarray        # "cat"/"mouse": current winner after each iteration
    rounds: np.ndarray         # round index at the end of the current game
    distances: np.ndarray      # Manhattan distance at the end of the current game
    cat_policy: np.ndarray
    mouse_policy: np.ndarray
    final_game: TableGame
    tally: dict
    log: list = field(default_factory=list)
    snapshots: dict = field(default_factory=dict)  # iteration -> TableGame of that moment
    snapshot_policies: dict = field(default_factory=dict)  # iteration -> (cat table, mouse table)


def _moves(rows: int, cols: int) -> list[list[int]]:
    """moves[cell][code] -> new cell index (x * rows + y) or -1 off the board."""
    out = []
    for x in range(cols):
        for y in range(rows):
            row = []
            for d in DIRECTIONS:
                nx, ny = x + DELTAS[d][0], y + DELTAS[d][1]
                row.append(nx * rows + ny if 0 <= nx < cols and 0 <= ny < rows else -1)
            out.append(row)
    return out


def _play(cat, mouse, moves, n, rows, start_c, start_m, cat_first):
    """Flat-table game: (cat_won, rounds, distance, cat states used, mouse states used)."""
    c, m = start_c, start_m
    seen = set()
    used_c, used_m = set(), set()
    if cat_first:
        s = c * n + m
        used_c.add(s)
        c = moves[c][cat[s]]
    r = 0
    while True:
        s = c * n + m
        used_m.add(s)
        m = moves[m][mouse[s]]
        s = c * n + m
        if s in seen:
            return False, r, _dist(c, m, rows), used_c, used_m
        seen.add(s)
        if c == m:
            return True, r, 0, used_c, used_m
        used_c.add(s)
        c = moves[c][cat[s]]
        s = c * n + m
        if s in seen:
            return False, r, _dist(c, m, rows), used_c, used_m
        seen.add(s)
        if c == m:
            return True, r, 0, used_c, used_m
        r += 1


def _dist(c: int, m: int, rows: int) -> int:
    return abs(c // rows - m // rows) + abs(c % rows - m % rows)


def _better(cat_learns: bool, old, new) -> bool:
    """The article's acceptance rules; results are (cat_won, rounds, distance)."""
    ow, orr, od = old
    nw, nr, nd = new
    if cat_learns:
        if not ow:
            return nw or nd < od or (nd == od and nr > orr)
        return nw and nr < orr
    if ow:
        return (not nw) or nr > orr
    return (not nw) and nr > orr


def _to_table(flat: list[int], rows: int, cols: int) -> np.ndarray:
    return np.array(DIRECTIONS)[np.array(flat)].reshape(cols, rows, cols, rows)


def train_tabular(rows: int = 8, cols: int = 7, first_move: str = "cat", initial_cat: str = "WEAK",
                  iterations: int = 100_000, seed: int = 0, mode: str = "article",
                  progress: bool = False, verbose: bool = False, snapshot_every: int = 10_000,
                  log_every: int = 1_000) -> TabularRun:
    """Co-evolve cat and mouse tables; ``mode="article"`` replays the article's random stream.

    Args:
        rows, cols, first_move, initial_cat: the article's config (8, 7, "cat", "WEAK").
        iterations: hill-climbing iterations (the article: 100,000).
        seed: 0 in the article; mode "article" uses the legacy stream, "fast" a ``Generator``.
        progress / verbose: tqdm bar / print the log lines as they happen.
        snapshot_every: keep the current game every this many iterations (for animations).
    Returns:
        a TabularRun with per-iteration history, final tables, final game, tally and log.
    """
    check_board(rows, cols)
    check_first_move(first_move)
    if mode not in ("article", "fast"):
        raise ValueError(f"mode must be 'article' or 'fast', got {mode!r}")
    if iterations < 0:
        raise ValueError(f"iterations must be >= 0, got {iterations}")
    n = rows * cols
    moves = _moves(rows, cols)
    cat = [_CODE[d] for d in initial_cat_policy(rows, cols, initial_cat).ravel()]
    mouse = [_CODE[d] for d in initial_mouse_policy(rows, cols).ravel()]
    start_c, start_m = 0, (cols - 1) * rows + rows - 1
    cat_first = first_move == "cat"
    args = (moves, n, rows, start_c, start_m, cat_first)

    if mode == "article":
        stream = LegacyStream(seed)
        below = stream.below
    else:
        gen = np.random.default_rng(seed)
        pool: list[int] = []

        def below(k: int) -> int:
            # uniform in [0, k) from a block of uniforms; cheap per call
            if not pool:
                pool.extend(gen.random(1 << 15).tolist())
            return int(pool.pop() * k)

    won, r, d, used_c, used_m = _play(cat, mouse, *args)
    winners = np.empty(iterations, dtype=bool)
    rounds_h = np.empty(iterations, dtype=np.int32)
    dist_h = np.empty(iterations, dtype=np.int32)
    log: list[str] = []
    snapshots: dict[int, TableGame] = {}
    snapshot_policies: dict[int, tuple] = {}
    shown = (won, r, d)
    for it in tqdm(range(iterations), disable=not progress, desc="version 1"):
        if it and ((won, r, d) != shown or it % log_every == 0):
            line = (f"Iteration: {it:>6,}, Current winner: {'cat' if won else 'mouse':<5}, "
                    f"number of moves until a win: {r:>2}, distance: {d}")
            log.append(line)
            if verbose:
                print(line)
            shown = (won, r, d)
        if snapshot_every and it % snapshot_every == 0:
            tables = (_to_table(cat, rows, cols), _to_table(mouse, rows, cols))
            snapshots[it] = play_tables(*tables, first_move, validate=False)
            snapshot_policies[it] = tables
        cat_learns = not won
        table, used = (cat, used_c) if cat_learns else (mouse, used_m)
        k = below(10) + 1
        best = (won, r, d)
        best_change = None
        best_used = None
        for _ in range(k):
            a = below(cols)
            b = below(rows)
            e = below(cols)
            f = below(rows)
            code = below(4)
            cell = a * rows + b if cat_learns else e * rows + f
            if moves[cell][code] < 0:
                continue
            s = (a * rows + b) * n + e * rows + f
            if s not in used or table[s] == code:
                continue  # the incumbent game never reads this cell, or nothing changes
            old = table[s]
            table[s] = code
            res = _play(cat, mouse, *args)
            table[s] = old
            if _better(cat_learns, best, res[:3]):
                best, best_change, best_used = res[:3], (s, code), res[3:]
        if best_change is not None:
            table[best_change[0]] = best_change[1]
            won, r, d = best
            used_c, used_m = best_used
        winners[it], rounds_h[it], dist_h[it] = won, r, d
    cat_t, mouse_t = _to_table(cat, rows, cols), _to_table(mouse, rows, cols)
    final = play_tables(cat_t, mouse_t, first_move, validate=False)
    n_cat = int(winners.sum())
    return TabularRun(np.where(winners, "cat", "mouse"), rounds_h, dist_h, cat_t, mouse_t, final,
                      {"mouse": iterations - n_cat, "cat": n_cat}, log, snapshots, snapshot_policies)
