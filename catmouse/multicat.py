"""Beyond the article: boards with walls (random or drawn as text) and teams of cats.

A team policy is a joint table: for every (cat 1 cell, ..., cat k cell, mouse cell) one joint move,
coded ``sum(code_i * 4**i)`` with ``code_i`` into DIRECTIONS. ``team_values`` measures it against
a best-responding mouse (the same Bellman fixed point as the solver with the cats' minimum
replaced by the table's move), ``hill_climb_team`` climbs it against that exact mouse.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from tqdm.auto import tqdm

from catmouse.exact import neighbours, solve
from catmouse.game import DIRECTIONS, check_board, check_first_move, greedy_direction

_CAP = 1000.0


@dataclass(frozen=True)
class Board:
    """A board with walls and start cells (x, y): cats and the mouse."""

    rows: int
    cols: int
    obstacles: tuple
    cats: tuple
    mouse: tuple


def parse_board(text: str) -> Board:
    """Read a board drawn as text, top row first: '.' free, '#' wall, 'C' a cat, 'M' the mouse."""
    lines = [ln.replace(" ", "") for ln in text.strip().splitlines() if ln.strip()]
    rows, cols = len(lines), len(lines[0]) if lines else 0
    if any(len(ln) != cols for ln in lines):
        raise ValueError("text board: every row must have the same length")
    check_board(rows, cols)
    walls, cats, mice = [], [], []
    for r, line in enumerate(lines):
        y = rows - 1 - r
        for x, ch in enumerate(line):
            if ch not in ".#CM":
                raise ValueError(f"text board: unknown character {ch!r} (use . # C M)")
            {"#": walls, "C": cats, "M": mice}.get(ch, []).append((x, y))
    if len(mice) != 1 or not cats:
        raise ValueError(f"text board: need exactly one M and at least one C, got {len(mice)} M, {len(cats)} C")
    return Board(rows, cols, tuple(walls), tuple(cats), mice[0])


def _connected(rows: int, cols: int, obstacles) -> bool:
    nbr = neighbours(rows, cols, obstacles)
    blocked = {x * rows + y for x, y in obstacles}
    free = [c for c in range(rows * cols) if c not in blocked]
    seen, stack = {free[0]}, [free[0]]
    while stack:
        for d in nbr[stack.pop()]:
            if d >= 0 and d not in seen:
                seen.add(int(d))
                stack.append(int(d))
    return len(seen) == len(free)


def random_board(rows: int, cols: int, walls: int, seed: int, cats: int = 1, max_tries: int = 1000) -> Board:
    """``walls`` random wall cells (seeded), keeping the corners free and the free cells connected."""
    check_board(rows, cols)
    corners = {(0, 0), (cols - 1, rows - 1)}
    if not 0 <= walls <= rows * cols - 2 * len(corners):
        raise ValueError(f"walls must be between 0 and {rows * cols - 4}, got {walls}")
    rng = np.random.default_rng(seed)
    cells = [(x, y) for x in range(cols) for y in range(rows) if (x, y) not in corners]
    for _ in range(max_tries):
        pick = rng.choice(len(cells), size=walls, replace=False)
        obstacles = tuple(sorted(cells[i] for i in pick))
        if _connected(rows, cols, obstacles):
            return Board(rows, cols, obstacles, ((0, 0),) * cats, (cols - 1, rows - 1))
    raise ValueError(f"no connected board with {walls} walls found in {max_tries} tries")


def _cell_moves(nbr: np.ndarray) -> np.ndarray:
    """next[cell, code]: the cell after the move, or the cell itself where the move is blocked."""
    return np.where(nbr >= 0, nbr, np.arange(len(nbr))[:, None])


def greedy_team(rows: int, cols: int, obstacles=(), cats: int = 1) -> np.ndarray:
    """Every cat takes the greedy step (or, blocked, the first free direction): a joint table."""
    nbr = neighbours(rows, cols, obstacles)
    n = rows * cols
    code = np.zeros((n, n), dtype=np.int64)                 # one cat: code[cat cell, mouse cell]
    for c in range(n):
        free = [k for k in range(4) if nbr[c, k] >= 0] or [0]
        for m in range(n):
            k = DIRECTIONS.index(greedy_direction(c // rows, c % rows, m // rows, m % rows))
            code[c, m] = k if k in free else free[0]
    grids = np.meshgrid(*[np.arange(n)] * (cats + 1), indexing="ij")
    return sum(code[grids[i], grids[-1]] * 4 ** i for i in range(cats))


def team_values(table: np.ndarray, nbr: np.ndarray):
    """(cat to move, mouse to move) capture times of a joint table against a best-responding mouse."""
    n = len(nbr)
    cats = table.ndim - 1
    grids = np.meshgrid(*[np.arange(n)] * (cats + 1), indexing="ij")
    caught = np.logical_or.reduce([grids[i] == grids[-1] for i in range(cats)])
    moves = _cell_moves(nbr)
    after = tuple(moves[grids[i], (table // 4 ** i) % 4] for i in range(cats)) + (grids[-1],)
    C = np.where(caught, 0.0, np.inf)
    M = C.copy()
    mouse_to = np.where(nbr < 0, n, nbr)
    while True:
        padded = np.concatenate([C, np.full(C.shape[:-1] + (1,), -np.inf)], axis=-1)
        M_new = np.where(caught, 0.0, padded[..., mouse_to].max(axis=-1))
        C_new = np.where(caught, 0.0, 1.0 + M_new[after])
        if np.array_equal(C_new, C) and np.array_equal(M_new, M):
            return C, M
        C, M = C_new, M_new


def start_cell(board: Board) -> tuple:
    """The start position as solver indices (cat cells..., mouse cell)."""
    return tuple(x * board.rows + y for x, y in board.cats) + (board.mouse[0] * board.rows + board.mouse[1],)


def optimum_and_greedy(board: Board, first_move: str) -> tuple[float, float]:
    """Cat moves from the start under optimal play, and for greedy cats against a best-responding mouse."""
    check_first_move(first_move)
    sol = solve(board.rows, board.cols, board.obstacles, len(board.cats))
    pick = 0 if first_move == "cat" else 1
    greedy = team_values(greedy_team(board.rows, board.cols, board.obstacles, len(board.cats)), sol.nbr)
    cell = start_cell(board)
    return float((sol.cat_to_move, sol.mouse_to_move)[pick][cell]), float(greedy[pick][cell])


def exploit_path(table: np.ndarray, values, start: tuple, first_move: str, nbr: np.ndarray,
                 length: int = 200) -> list:
    """Cat-to-move positions visited when a best-responding mouse plays against the table."""
    C, _ = values
    moves = _cell_moves(nbr)
    state, turn, out = tuple(start), first_move, []
    for _ in range(length):
        *cs, m = state
        if m in cs:
            break
        if turn == "cat":
            out.append(state)
            joint = int(table[state])
            state = tuple(int(moves[c, (joint // 4 ** i) % 4]) for i, c in enumerate(cs)) + (m,)
            turn = "mouse"
        else:
            options = [int(m2) for m2 in nbr[m] if m2 >= 0]
            state = tuple(cs) + (max(options, key=lambda m2: C[tuple(cs) + (m2,)]),)
            turn = "cat"
    return out


def _joint_moves(idx, nbr: np.ndarray, cats: int) -> list:
    """Every joint move in which each cat steps to a free cell."""
    joints = [0]
    for i in range(cats):
        free = np.flatnonzero(nbr[idx[i]] >= 0)
        joints = [j + int(k) * 4 ** i for j in joints for k in free]
    return joints


def hill_climb_team(board: Board, first_move: str = "cat", iterations: int = 2000, seed: int = 0,
                    progress: bool = False):
    """Climb a joint table from greedy against the exact best-responding mouse.

    Score: (cat moves from the board's start, sum of capped capture times over positions the team
    can win). Each iteration picks a position, half the time on the line a best-responding mouse
    plays against the current table (where it is exploited), otherwise any position whose time is
    above the optimum, tries every other joint move there and keeps the best one unless the score
    gets worse.
    Returns (table, history of scores, exact solution).
    """
    check_first_move(first_move)
    if iterations < 0:
        raise ValueError(f"iterations must be >= 0, got {iterations}")
    rows, cols, cats = board.rows, board.cols, len(board.cats)
    rng = np.random.default_rng(seed)
    sol = solve(rows, cols, board.obstacles, cats)
    nbr = sol.nbr
    pick = 0 if first_move == "cat" else 1
    start = start_cell(board)
    winnable = np.isfinite(sol.cat_to_move)
    table = greedy_team(rows, cols, board.obstacles, cats)

    def score(t):
        values = team_values(t, nbr)
        return (float(values[pick][start]), float(np.minimum(values[0][winnable], _CAP).sum())), values

    best, values = score(table)
    history = [best]
    for _ in tqdm(range(iterations), disable=not progress, desc="team climb"):
        wrong = np.flatnonzero((values[0] != sol.cat_to_move) & winnable)
        if not len(wrong):
            history.append(best)
            continue
        path = exploit_path(table, values, start, first_move, nbr) if rng.random() < 0.5 else []
        if path:
            idx = path[int(rng.integers(len(path)))]
        else:
            idx = np.unravel_index(int(rng.choice(wrong)), table.shape)
        old = table[idx]
        best_here, best_joint = None, old
        for joint in _joint_moves(idx, nbr, cats):      # the best joint move at this position
            if joint == old:
                continue
            table[idx] = joint
            new, new_values = score(table)
            if new <= best and (best_here is None or new < best_here[0]):
                best_here, best_joint = (new, new_values), joint
        table[idx] = best_joint
        if best_here is not None:
            best, values = best_here
        history.append(best)
    return table, history, sol
