"""Version 2 games: the cat's window policy against a stochastic mouse, one game or a batch.

Rules (the article's notebook): the round counter starts at 1 with the mouse's first move; after
the mouse's move the time limit ``(rows + cols) * 2`` is checked, then the cat moves, the Euclidean
distance rounded to 2 decimals is recorded and capture is checked. A won game scores its round
count and (sum of records) / rounds; a game lost on time scores the mean of its records. Game ``g``
draws its mouse directions from its own stream (seed ``g`` in article mode), identical for every
candidate policy, so a batch evaluates many policies on the same games (common random numbers).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from catmouse.arguments import MAX_CHAIN, MAX_GAMES, count, mouse_kind, table_size
from catmouse.arguments import seed as seed_arg
from catmouse.mice import board_tables, mouse_move
from catmouse.rules import DELTAS, check_board, check_first_move, corner_cells, corner_start
from catmouse.v2.window import check_window_board, policy_cells, validate_window_table, window_step
from studykit.checks import choice, memory
from studykit.legacy_numpy import LegacyStream

MAX_DRAWS = 100_000         # draws of one game's mouse before ``play_local`` gives up on ``draw``


def check_games(rows, cols, games, mouse, mode, seed, first_move, policies: int = 1):
    """The arguments of a batch of version-2 games (rows, cols, games, mouse, mode, seed checked
    and returned), its arrays within this machine's memory."""
    rows, cols = check_board(rows, cols)
    check_window_board(rows, cols)
    table_size(rows, cols, MAX_CHAIN, "a next-cell table")
    games = count(games, "games", 1, MAX_GAMES)
    mouse = mouse_kind(mouse)
    mode = choice(mode, "mode", ("article", "fast"))
    seed = seed_arg(seed)
    check_first_move(first_move)
    limit = (rows + cols) * 2
    memory(policies * (8.0 * (rows * cols) ** 2 + 40.0 * games * limit) + 80.0 * games * limit,
           f"{policies:,} policies x {games:,} games on {rows}x{cols}")
    return rows, cols, games, mouse, mode, seed


@dataclass(frozen=True)
class LocalGame:
    """One version-2 game: did the cat win, the round count, the distance figure, and every
    position (cat_x, cat_y, mouse_x, mouse_y), the start and one after each half move."""

    won: bool
    rounds: int
    figure: float
    positions: tuple


@dataclass(frozen=True, eq=False)
class Games:
    """Per-game outcomes of K policies on the same games, arrays of shape (K, games)."""

    won: np.ndarray
    rounds: np.ndarray
    figure: np.ndarray


def play_local(table: np.ndarray, rows: int, cols: int, mouse: str, draw,
               first_move: str = "mouse") -> LocalGame:
    """One game, straightforwardly; ``draw()`` gives the mouse's next direction index (0..3)."""
    rows, cols = check_board(rows, cols)
    check_window_board(rows, cols)
    table = validate_window_table(table)
    mouse = mouse_kind(mouse)
    check_first_move(first_move)
    if not callable(draw):
        raise TypeError(f"draw must be a function returning 0..3, got {type(draw).__name__}")
    draws = 0

    def checked_draw() -> int:
        nonlocal draws
        draws += 1
        if draws > MAX_DRAWS:
            raise ValueError(f"draw gave {MAX_DRAWS:,} directions without the mouse finishing the "
                             "game (it keeps choosing moves the mouse may not make)")
        k = draw()
        if not (isinstance(k, (int, np.integer)) and not isinstance(k, bool) and 0 <= k <= 3):
            raise ValueError(f"draw must return a direction index 0..3, got {k!r}")
        return int(k)

    ((cx, cy),), (mx, my) = corner_start(rows, cols)
    path = [(cx, cy, mx, my)]
    if first_move == "cat":
        d = DELTAS[window_step(table, cx, cy, mx, my, rows, cols)]
        cx, cy = cx + d[0], cy + d[1]
        path.append((cx, cy, mx, my))
    limit, r, records = (rows + cols) * 2, 1, []
    while True:
        mx, my = mouse_move(mouse, cx, cy, mx, my, rows, cols, checked_draw)
        path.append((cx, cy, mx, my))
        if r >= limit:
            return LocalGame(False, r, float(np.mean(records)), tuple(path))
        d = DELTAS[window_step(table, cx, cy, mx, my, rows, cols)]
        cx, cy = cx + d[0], cy + d[1]
        path.append((cx, cy, mx, my))
        records.append(round(float(np.sqrt((cx - mx) ** 2 + (cy - my) ** 2)), 2))
        if (cx, cy) == (mx, my):
            return LocalGame(True, r, sum(records) / r, tuple(path))
        r += 1


@lru_cache(maxsize=8)
def game_streams(games: int, length: int, mode: str = "article", seed: int = 0) -> np.ndarray:
    """Direction draws (0..3 into U, D, L, R) of every game: row g is game g's stream."""
    if mode == "article":
        return np.stack([(LegacyStream(g, block=length).raw(length) & 3).astype(np.int8)
                         for g in range(games)])
    return np.random.default_rng(seed).integers(0, 4, size=(games, length), dtype=np.int8)


def _mouse_step(kind, S, g, ptr, c, m, tables):
    """New mouse cells of the listed games (and their advanced stream pointers)."""
    target, legal, safe, any_safe = tables.target, tables.legal, tables.safe, tables.any_safe
    pending = np.arange(len(g))
    new = m.copy()
    tries = 0
    while len(pending):
        tries += 1
        if ptr[pending].max() >= S.shape[1]:
            raise _Exhausted
        k = S[g[pending], ptr[pending]]
        ptr[pending] += 1
        cp, mp = c[pending], m[pending]
        if kind == "random" or (kind == "smart" and tries > 4):
            ok = legal[cp, mp, k]
        elif kind == "smart":
            ok = safe[cp, mp, k]
        else:                                   # strict: picky while a safe cell exists
            ok = np.where(any_safe[cp, mp], safe[cp, mp, k], legal[cp, mp, k])
        new[pending[ok]] = target[mp[ok], k[ok]]
        pending = pending[~ok]
    return new, ptr


class _Exhausted(Exception):
    """A game needs more pre-drawn mouse directions than were drawn."""


def evaluate_batch(tables: np.ndarray, rows: int, cols: int, games: int = 1000,
                   mouse: str = "smart", mode: str = "article", seed: int = 0,
                   first_move: str = "mouse") -> Games:
    """Play K window tables (codes, shape (K, 3, 3, 3, 3, 3, 3)) on the same games."""
    tables = np.asarray(tables)
    check_games(rows, cols, games, mouse, mode, seed, first_move, len(tables))
    next_cells = np.stack([policy_cells(rows, cols, t) for t in tables])
    return play_batch(next_cells, rows, cols, games, mouse, mode, seed, first_move)


def play_batch(next_cells: np.ndarray, rows: int, cols: int, games: int = 1000,
               mouse: str = "smart", mode: str = "article", seed: int = 0,
               first_move: str = "mouse") -> Games:
    """Play K cat policies given as next-cell tables (shape (K, n, n), cells ``x * rows + y``).

    Every policy meets the same ``games`` mice (common random numbers); the article's rules, see
    the module doc.
    """
    next_cells = np.asarray(next_cells)
    rows, cols, games, mouse, mode, seed = check_games(rows, cols, games, mouse, mode, seed,
                                                       first_move, len(next_cells))
    n = rows * cols
    if next_cells.ndim != 3 or next_cells.shape[1:] != (n, n):
        raise ValueError(f"next_cells must have shape (K, {n}, {n}), got {next_cells.shape}")
    boards = board_tables(rows, cols)
    dist = boards.dist
    K, limit = len(next_cells), (rows + cols) * 2
    start_c, start_m = corner_cells(rows, cols)
    length = 16 * limit + 64
    while True:
        S = game_streams(games, length, mode, seed)
        g = np.tile(np.arange(games), K)
        cand = np.repeat(np.arange(K), games)
        total = K * games
        c = np.full(total, start_c, np.int64)
        m = np.full(total, start_m, np.int64)
        ptr = np.zeros(total, np.int64)
        won, rounds, figure = np.zeros(total, bool), np.zeros(total, np.int64), np.zeros(total)
        records, acc = np.zeros((total, limit)), np.zeros(total)
        alive = np.arange(total)
        if first_move == "cat":
            c = next_cells[cand, c, m]
        r, exhausted = 1, False
        while len(alive):
            try:
                m[alive], ptr[alive] = _mouse_step(mouse, S, g[alive], ptr[alive], c[alive], m[alive], boards)
            except _Exhausted:
                exhausted = True
                break
            if r >= limit:
                rounds[alive] = r
                figure[alive] = np.mean(records[alive, :r - 1], axis=1)
                break
            ca = next_cells[cand[alive], c[alive], m[alive]]
            c[alive] = ca
            rec = dist[ca, m[alive]]
            records[alive, r - 1] = rec
            acc[alive] += rec
            caught = ca == m[alive]
            done = alive[caught]
            won[done], rounds[done], figure[done] = True, r, acc[done] / r
            alive = alive[~caught]
            r += 1
        if not exhausted:
            return Games(won.reshape(K, games), rounds.reshape(K, games), figure.reshape(K, games))
        length *= 4  # a game ran out of pre-drawn directions: draw longer streams and replay
