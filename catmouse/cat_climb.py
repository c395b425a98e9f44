"""Beyond the article: cat tables on boards with walls, for one cat or a team, climbed against the
exact best-responding mouse, where the greedy rule is no longer optimal.

A team policy is a joint table: for every (cat 1 cell, ..., cat k cell, mouse cell) one joint
move, coded ``sum(code_i * 4**i)``. It is measured with ``exact.policy.team_values``; the climb's
score is a ``ClimbScore`` (cat moves from the start, then the sum of capped capture times over the
positions the cats can win), both against that exact mouse.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from catmouse.arguments import at_most_iterations, positions, table_size
from catmouse.arguments import seed as seed_arg
from catmouse.climb import Climb, hill_climb
from catmouse.exact.fixpoint import CaptureTimes
from catmouse.exact.policy import cat_policy_values, team_values
from catmouse.exact.solve import check_walls, solve
from catmouse.rules import (
    DIRECTIONS,
    check_board,
    check_first_move,
    corner_cells,
    greedy_delta,
    neighbours,
    stay_put,
)
from catmouse.tables import to_letters
from catmouse.walls import Board
from studykit.checks import flag

CAP = 1000.0          # capture times above this count as this in the climbs' total


class ClimbScore(NamedTuple):
    """A table's score in the climbs (smaller is better): cat moves from the start (inf: the mouse
    evades), then the sum of capped capture times over the winnable cat-to-move positions. A named
    tuple, so the generic climb compares scores lexicographically."""

    start: float
    total: float


def climb_score(values: CaptureTimes, first_move: str, start: tuple,
                winnable: np.ndarray) -> ClimbScore:
    """The ``ClimbScore`` of a table's capture times from ``start`` with ``first_move`` to move."""
    return ClimbScore(float(values.to_move(first_move)[start]),
                      float(np.minimum(values.cat_to_move[winnable], CAP).sum()))


def wrong_positions(values: CaptureTimes, sol, winnable: np.ndarray) -> np.ndarray:
    """Flat indices of the winnable cat-to-move positions where the table is slower than optimal."""
    return np.flatnonzero((values.cat_to_move != sol.cat_to_move) & winnable)


def greedy_codes(rows: int, cols: int, obstacles=(), stuck: int = 0) -> np.ndarray:
    """codes[cat cell, mouse cell]: the greedy step, or where a wall or the edge blocks it the
    first free direction (``stuck`` on a cell with none, i.e. a wall)."""
    rows, cols = check_board(rows, cols)
    nbr = neighbours(rows, cols, obstacles)
    n = rows * cols
    c, m = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    gx, gy = greedy_delta(m // rows - c // rows, m % rows - c % rows)
    code = np.select([gx == 1, gx == -1, gy == 1], [0, 1, 2], 3)
    free = nbr >= 0
    fallback = np.where(free.any(axis=1), free.argmax(axis=1), stuck)
    return np.where(free[c, code], code, fallback[c])


def greedy_fallback_table(rows: int, cols: int, obstacles=()) -> np.ndarray:
    """One cat's greedy steps as a letter table; where blocked, the first free direction."""
    return to_letters(greedy_codes(rows, cols, obstacles, stuck=DIRECTIONS.index("U")), rows, cols)


def greedy_team(rows: int, cols: int, obstacles=(), cats: int = 1) -> np.ndarray:
    """Every cat takes the greedy step (or, blocked, the first free direction): a joint table."""
    code = greedy_codes(rows, cols, obstacles)             # one cat: code[cat cell, mouse cell]
    grids = np.meshgrid(*[np.arange(rows * cols)] * (cats + 1), indexing="ij")
    return sum(code[grids[i], grids[-1]] * 4 ** i for i in range(cats))


def board_arg(board, name: str = "board") -> Board:
    """``board`` if it is a ``Board`` (from ``parse_board``, ``random_board`` or ``Board(...)``)
    whose solution fits the solver's limit."""
    if not isinstance(board, Board):
        raise TypeError(f"{name} must be a catmouse.Board (see parse_board, random_board), got "
                        f"{type(board).__name__}")
    positions(board.rows * board.cols, len(board.cats),
              board.rows + board.cols + len(board.obstacles))
    check_walls(board.rows, board.cols, board.obstacles, len(board.cats))
    return board


@dataclass(frozen=True)
class StartValues:
    """Cat moves from a board's start: under optimal play, and for greedy cats against a
    best-responding mouse (inf: the mouse evades)."""

    optimum: float
    greedy: float


def optimum_and_greedy(board: Board, first_move: str) -> StartValues:
    """The optimum and the greedy cats' value from the board's start."""
    check_first_move(first_move)
    board_arg(board)
    sol = solve(board.rows, board.cols, board.obstacles, len(board.cats))
    greedy = team_values(greedy_team(board.rows, board.cols, board.obstacles, len(board.cats)),
                         sol.nbr)
    cell = board.start()
    return StartValues(float(sol.to_move(first_move)[cell]), float(greedy.to_move(first_move)[cell]))


def exploit_path(table: np.ndarray, values: CaptureTimes, start: tuple, first_move: str,
                 nbr: np.ndarray, length: int = 200) -> list:
    """Cat-to-move positions visited when a best-responding mouse plays against the table."""
    C = values.cat_to_move
    moves = stay_put(nbr)
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


def joint_moves(idx, nbr: np.ndarray, cats: int) -> list:
    """Every joint move in which each cat steps to a free cell."""
    joints = [0]
    for i in range(cats):
        free = np.flatnonzero(nbr[idx[i]] >= 0)
        joints = [j + int(k) * 4 ** i for j in joints for k in free]
    return joints


def hill_climb_team(board: Board, first_move: str = "cat", iterations: int = 2000, seed: int = 0,
                    progress: bool = False, plain: bool = False) -> Climb:
    """Climb a joint table from greedy against the exact best-responding mouse.

    Each iteration picks a position, half the time on the line a best-responding mouse plays
    against the current table (where it is exploited), otherwise any position whose time is
    above the optimum, tries every other joint move there and keeps the best one unless the score
    gets worse. ``plain``: the exact values by ``fixpoint.over_moves_plain`` (the same climb).
    """
    check_first_move(first_move)
    board_arg(board)
    rows, cols, cats = board.rows, board.cols, len(board.cats)
    iterations, seed = at_most_iterations(iterations), seed_arg(seed)
    flag(progress, "progress")
    plain = flag(plain, "plain")
    rng = np.random.default_rng(seed)
    sol = solve(rows, cols, board.obstacles, cats, plain)
    start = board.start()
    winnable = np.isfinite(sol.cat_to_move)

    def score(table):
        values = team_values(table, sol.nbr, plain)
        return climb_score(values, first_move, start, winnable), values

    def propose(table, values):
        wrong = wrong_positions(values, sol, winnable)
        if not len(wrong):
            return []
        path = exploit_path(table, values, start, first_move, sol.nbr) if rng.random() < 0.5 else []
        if path:
            idx = path[int(rng.integers(len(path)))]
        else:
            idx = np.unravel_index(int(rng.choice(wrong)), table.shape)
        out = []
        for joint in joint_moves(idx, sol.nbr, cats):
            if joint != table[idx]:
                candidate = table.copy()
                candidate[idx] = joint
                out.append(candidate)
        return out

    return hill_climb(greedy_team(rows, cols, board.obstacles, cats), score, propose, iterations,
                      progress=progress, desc="team climb")


def hill_climb_cat(rows: int, cols: int, obstacles=(), first_move: str = "cat",
                   iterations: int = 2000, seed: int = 0, progress: bool = False) -> Climb:
    """Climb one cat's letter table from greedy-with-fallback against the exact mouse.

    Each candidate sets one position whose capture time is still above the optimum to a random
    free direction; the score is (cat moves from the corner start, inf if the mouse evades, then
    the sum of capped capture times).
    """
    check_first_move(first_move)
    rows, cols = check_board(rows, cols)
    positions(rows * cols, 1, rows + cols)
    table_size(rows, cols, what="the cat's table")
    obstacles = check_walls(rows, cols, obstacles, 1, starts=((0, 0), (cols - 1, rows - 1)))
    positions(rows * cols, 1, rows + cols + len(obstacles))
    iterations, seed = at_most_iterations(iterations), seed_arg(seed)
    flag(progress, "progress")
    rng = np.random.default_rng(seed)
    nbr = neighbours(rows, cols, obstacles)
    sol = solve(rows, cols, obstacles)
    winnable = np.isfinite(sol.cat_to_move)
    start = corner_cells(rows, cols)

    def score(table):
        values = cat_policy_values(table, obstacles)
        return climb_score(values, first_move, start, winnable), values

    def propose(table, values):
        wrong = wrong_positions(values, sol, winnable)
        if not len(wrong):
            return []
        c, m = divmod(int(rng.choice(wrong)), rows * cols)
        k = rng.choice(np.flatnonzero(nbr[c] >= 0))
        candidate = table.copy()
        candidate[c // rows, c % rows, m // rows, m % rows] = DIRECTIONS[k]
        return [candidate]

    return hill_climb(greedy_fallback_table(rows, cols, obstacles), score, propose, iterations,
                      progress=progress)
