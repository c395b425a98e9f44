"""Version 2 games: the cat's window policy against a stochastic mouse, one game or a batch.

Rules (the article's notebook): the round counter starts at 1 with the mouse's first move; after
the mouse's move the time limit ``(rows + cols) * 2`` is checked, then the cat moves, the Euclidean
distance rounded to 2 decimals is recorded and capture is checked. A won game scores its round
count and (sum of records) / rounds; a game lost on time scores the mean of its records. Game ``g``
draws its mouse directions from its own stream (seed ``g`` in article mode), identical for every
candidate policy, so a batch evaluates many policies on the same games (common random numbers).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from catmouse.game import DELTAS, check_board, check_first_move
from catmouse.mice import MOUSE_DELTAS, check_mouse, mouse_move
from catmouse.stream import LegacyStream
from catmouse.window import TABLE_DIRECTIONS, window_direction, window_index_arrays


def play_local(table: np.ndarray, rows: int, cols: int, mouse: str, draw, first_move: str = "mouse"):
    """One game, straightforwardly: returns (cat_won, rounds, distance figure, trajectory)."""
    check_board(rows, cols)
    check_mouse(mouse)
    check_first_move(first_move)
    cx, cy, mx, my = 0, 0, cols - 1, rows - 1
    path = [(cx, cy, mx, my)]
    if first_move == "cat":
        d = DELTAS[window_direction(table, cx, cy, mx, my, rows, cols)]
        cx, cy = cx + d[0], cy + d[1]
        path.append((cx, cy, mx, my))
    limit, r, records = (rows + cols) * 2, 1, []
    while True:
        mx, my = mouse_move(mouse, cx, cy, mx, my, rows, cols, draw)
        path.append((cx, cy, mx, my))
        if r >= limit:
            return False, r, float(np.mean(records)), path
        d = DELTAS[window_direction(table, cx, cy, mx, my, rows, cols)]
        cx, cy = cx + d[0], cy + d[1]
        path.append((cx, cy, mx, my))
        records.append(round(float(np.sqrt((cx - mx) ** 2 + (cy - my) ** 2)), 2))
        if (cx, cy) == (mx, my):
            return True, r, sum(records) / r, path
        r += 1


@lru_cache(maxsize=8)
def game_streams(games: int, length: int, mode: str = "article", seed: int = 0) -> np.ndarray:
    """Direction draws (0..3 into U, D, L, R) of every game: row g is game g's stream."""
    if mode == "article":
        return np.stack([(LegacyStream(g, block=length).raw(length) & 3).astype(np.int8)
                         for g in range(games)])
    return np.random.default_rng(seed).integers(0, 4, size=(games, length), dtype=np.int8)


def _rounded_distances(rows: int, cols: int) -> np.ndarray:
    return np.array([[round(float(np.sqrt(dx * dx + dy * dy)), 2) for dy in range(rows)]
                     for dx in range(cols)])


def _mouse_step(kind, S, g, ptr, cx, cy, mx, my, rows, cols):
    """Move every listed mouse (arrays are updated in place at the listed rows)."""
    pending = np.arange(len(g))
    any_safe = None
    if kind == "strict":
        any_safe = np.zeros(len(g), dtype=bool)
        for ddx, ddy in MOUSE_DELTAS:
            nx, ny = mx + ddx, my + ddy
            ok = (nx >= 0) & (nx < cols) & (ny >= 0) & (ny < rows) & (np.abs(nx - cx) + np.abs(ny - cy) > 1)
            any_safe |= ok
    tries = 0
    newx, newy = mx.copy(), my.copy()
    dx_of, dy_of = np.array([d[0] for d in MOUSE_DELTAS]), np.array([d[1] for d in MOUSE_DELTAS])
    while len(pending):
        tries += 1
        if ptr[pending].max() >= S.shape[1]:
            raise _Exhausted
        k = S[g[pending], ptr[pending]]
        ptr[pending] += 1
        nx, ny = mx[pending] + dx_of[k], my[pending] + dy_of[k]
        c_x, c_y = cx[pending], cy[pending]
        legal = (nx >= 0) & (nx < cols) & (ny >= 0) & (ny < rows) & ~((nx == c_x) & (ny == c_y))
        safe = legal & (np.abs(nx - c_x) + np.abs(ny - c_y) != 1)
        if kind == "smart":
            ok = safe if tries <= 4 else legal
        elif kind == "strict":
            ok = np.where(any_safe[pending], safe, legal)
        else:
            ok = legal
        newx[pending[ok]], newy[pending[ok]] = nx[ok], ny[ok]
        pending = pending[~ok]
    return newx, newy, ptr


_DIR_DX = np.array([DELTAS[d][0] for d in TABLE_DIRECTIONS])
_DIR_DY = np.array([DELTAS[d][1] for d in TABLE_DIRECTIONS])


def _cat_step(a, cx, cy, mx, my, cand, flat_tables, rows, cols):
    """Move the cats of the listed games: window table inside the window, greedy outside."""
    flat, inside = window_index_arrays(cx[a], cy[a], mx[a], my[a], rows, cols)
    ddx, ddy = mx[a] - cx[a], my[a] - cy[a]
    vertical = (np.abs(ddy) >= np.abs(ddx)) & (ddy != 0)
    code = flat_tables[cand[a], flat]
    cx[a] += np.where(inside, _DIR_DX[code], np.where(vertical, 0, np.sign(ddx)))
    cy[a] += np.where(inside, _DIR_DY[code], np.where(vertical, np.sign(ddy), 0))


class _Exhausted(Exception):
    """A game needs more pre-drawn mouse directions than were drawn."""


def evaluate_batch(tables: np.ndarray, rows: int, cols: int, games: int = 1000, mouse: str = "smart",
                   mode: str = "article", seed: int = 0, first_move: str = "mouse"):
    """Score K window tables (codes, shape (K, 3, 3, 3, 3, 3, 3)) on the same games.

    Returns per-game arrays of shape (K, games): won, rounds, distance figure.
    """
    check_board(rows, cols)
    check_mouse(mouse)
    check_first_move(first_move)
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    flat_tables = np.asarray(tables).reshape(len(tables), -1)
    K, limit = len(flat_tables), (rows + cols) * 2
    length = 16 * limit + 64
    while True:
        S = game_streams(games, length, mode, seed)
        g = np.tile(np.arange(games), K)
        cand = np.repeat(np.arange(K), games)
        n = K * games
        cx, cy = np.zeros(n, np.int64), np.zeros(n, np.int64)
        mx, my = np.full(n, cols - 1), np.full(n, rows - 1)
        ptr = np.zeros(n, np.int64)
        won, rounds, figure = np.zeros(n, bool), np.zeros(n, np.int64), np.zeros(n)
        records, acc = np.zeros((n, limit)), np.zeros(n)
        dist_table = _rounded_distances(rows, cols)
        alive = np.arange(n)

        state = (cx, cy, mx, my, cand, flat_tables, rows, cols)
        if first_move == "cat":
            _cat_step(alive, *state)
        r, exhausted = 1, False
        while len(alive):
            try:
                mx[alive], my[alive], ptr[alive] = _mouse_step(
                    mouse, S, g[alive], ptr[alive], cx[alive], cy[alive], mx[alive], my[alive], rows, cols)
            except _Exhausted:
                exhausted = True
                break
            if r >= limit:
                rounds[alive] = r
                figure[alive] = np.mean(records[alive, :r - 1], axis=1)
                break
            _cat_step(alive, *state)
            rec = dist_table[np.abs(cx[alive] - mx[alive]), np.abs(cy[alive] - my[alive])]
            records[alive, r - 1] = rec
            acc[alive] += rec
            caught = (cx[alive] == mx[alive]) & (cy[alive] == my[alive])
            done = alive[caught]
            won[done], rounds[done], figure[done] = True, r, acc[done] / r
            alive = alive[~caught]
            r += 1
        if not exhausted:
            return won.reshape(K, games), rounds.reshape(K, games), figure.reshape(K, games)
        length *= 4  # a game ran out of pre-drawn directions: draw longer streams and replay
