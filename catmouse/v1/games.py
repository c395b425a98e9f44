"""Version 1's game: the deterministic game between two full tables, played fast on flat code lists.

Rules (the article's): the cat, if first, makes one move before the loop (not checked); then
each round the mouse moves and the position is checked, then the cat moves and it is checked. A
position (the four coordinates) seen before in this game ends it as a mouse win (the tables are
deterministic, so a repeat is a cycle); the same cell ends it as a cat win. A game's result is
(cat won, the round index at the end, Manhattan distance at the end): "the cat wins in 10
moves" means it captures in round 10 (12 cat moves with the cat first).

``play_flat`` plays on flat code lists and also returns the positions at which the learner's
table was consulted: a change anywhere else cannot change this game, which is what makes both
trainers fast. ``play_tables`` is the same game on letter tables, with every position kept.
``unexpected_moves`` counts a game's "unexpected moves" (the article's term): a cat step that does
not close in on the mouse, a mouse step toward the cat when it had one that was not.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from catmouse.arguments import letter_table
from catmouse.rules import check_board, check_first_move, corner_cells, manhattan, neighbours
from catmouse.tables import to_codes
from studykit.checks import flag, is_whole, items, shown, whole


@dataclass(frozen=True)
class FlatBoard:
    """What ``play_flat`` needs of a board: ``moves[cell][code]`` (-1 off the board), the start."""

    rows: int
    n: int
    moves: tuple
    start_c: int
    start_m: int
    cat_first: bool


def flat_board(rows: int, cols: int, first_move: str) -> FlatBoard:
    """``play_flat``'s view of a board with the corner start."""
    rows, cols = check_board(rows, cols)
    check_first_move(first_move)
    moves = tuple(tuple(row) for row in neighbours(rows, cols).tolist())
    return FlatBoard(rows, rows * cols, moves, *corner_cells(rows, cols), first_move == "cat")


def code_array(codes) -> np.ndarray:
    """A table's direction codes (0..3) as a numpy array; a list goes through ``bytearray``, ten
    times faster than ``np.asarray`` (the trainers convert a 4,096-cell table per new opponent)."""
    if isinstance(codes, list):
        return np.frombuffer(bytearray(codes), dtype=np.uint8)
    if isinstance(codes, (bytes, bytearray)):      # (``FastArena`` keeps its opponents so)
        return np.frombuffer(codes, dtype=np.uint8)
    return np.asarray(codes, dtype=np.int64)


def other_moves(board: FlatBoard) -> tuple:
    """``other_moves(board)[cell][code]``: the legal direction codes on ``cell`` other than ``code``
    (in increasing order)."""
    return tuple(tuple(tuple(c for c in range(4) if row[c] >= 0 and c != code) for code in range(4))
                 for row in board.moves)


def play_flat(cat, mouse, board: FlatBoard, cat_learns: bool = True, trace: list | None = None):
    """One game between flat code tables (index ``cat cell * n + mouse cell``).

    Returns ``((cat_won, rounds, distance), used)``: ``used`` holds the states at which the
    learner's table (the cat's if ``cat_learns``, else the mouse's) was consulted. ``trace``, if
    given, receives the state after every half move.
    """
    moves, n, rows = board.moves, board.n, board.rows
    c, m = board.start_c, board.start_m
    seen = set()
    used = set()
    if board.cat_first:
        if cat_learns:
            used.add(c * n + m)
        c = moves[c][cat[c * n + m]]
        if trace is not None:
            trace.append(c * n + m)
    r = 0
    while True:     # the two half moves written out: a call per half move costs the trainers dearly
        s = c * n + m
        if not cat_learns:
            used.add(s)
        m = moves[m][mouse[s]]
        s = c * n + m
        if trace is not None:
            trace.append(s)
        if s in seen:
            return (False, r, manhattan(c, m, rows)), used
        seen.add(s)
        if c == m:
            return (True, r, 0), used
        if cat_learns:
            used.add(s)
        c = moves[c][cat[s]]
        s = c * n + m
        if trace is not None:
            trace.append(s)
        if s in seen:
            return (False, r, manhattan(c, m, rows)), used
        seen.add(s)
        if c == m:
            return (True, r, 0), used
        r += 1


@dataclass(frozen=True)
class TableGame:
    """Outcome of a game: winner, round index at the end, Manhattan distance, and every position
    (cat_x, cat_y, mouse_x, mouse_y), the start and one after each half move."""

    winner: str
    rounds: int
    distance: int
    positions: tuple

    @property
    def result(self) -> tuple[str, int, int]:
        return (self.winner, self.rounds, self.distance)

    @property
    def cat_moves(self) -> int:
        """How many moves the cat made in this game (the capturing move included)."""
        return sum(p[:2] != q[:2] for p, q in zip(self.positions, self.positions[1:]))


def play_tables(cat_policy: np.ndarray, mouse_policy: np.ndarray, first_move: str = "cat",
                validate: bool = True) -> TableGame:
    """Play the version-1 game between two letter tables, keeping every position (``validate``:
    check both tables first; False only for tables the trainers made)."""
    check_first_move(first_move)
    if flag(validate, "validate"):
        letter_table(cat_policy, "cat")
        cols, rows = cat_policy.shape[:2]
        letter_table(mouse_policy, "mouse", rows, cols)
    cols, rows = cat_policy.shape[:2]
    board = flat_board(rows, cols, first_move)
    trace = [board.start_c * board.n + board.start_m]
    (won, r, d), _ = play_flat(to_codes(cat_policy).ravel().tolist(),
                               to_codes(mouse_policy).ravel().tolist(), board, trace=trace)
    positions = tuple((c // rows, c % rows, m // rows, m % rows)
                      for c, m in (divmod(s, board.n) for s in trace))
    return TableGame("cat" if won else "mouse", r, d, positions)


@dataclass(frozen=True)
class Unexpected:
    """Counts over one or more games: unexpected and all moves, for each player."""

    cat: int
    cat_moves: int
    mouse: int
    mouse_moves: int

    def __post_init__(self):
        for who in ("cat", "mouse"):
            moves = whole(getattr(self, f"{who}_moves"), f"{who}_moves", 0)
            odd = whole(getattr(self, who), who, 0, moves)   # unexpected: some of the moves
            object.__setattr__(self, f"{who}_moves", moves)
            object.__setattr__(self, who, odd)

    @property
    def share(self) -> float:
        """Unexpected moves of both players over all their moves (0 for no moves)."""
        moves = self.cat_moves + self.mouse_moves
        return (self.cat + self.mouse) / moves if moves else 0.0


def unexpected_moves(positions, rows: int, cols: int) -> Unexpected:
    """Count the unexpected moves of a game given as its positions ``(cat x, cat y, mouse x,
    mouse y)``, one per half move (``TableGame.positions``), on a ``rows`` x ``cols`` board."""
    rows, cols = check_board(rows, cols)
    positions = [items(p, f"positions[{k}]") for k, p in enumerate(items(positions, "positions"))]
    for k, p in enumerate(positions):
        if len(p) != 4 or not all(map(is_whole, p)) or not (
                0 <= p[0] < cols and 0 <= p[2] < cols and 0 <= p[1] < rows and 0 <= p[3] < rows):
            raise ValueError(f"positions[{k}] must be (cat x, cat y, mouse x, mouse y), whole "
                             f"numbers on the {rows} x {cols} board, got {shown(p)}")
    positions = [tuple(map(int, p)) for p in positions]      # numpy unsigned: no wrap-around
    for k, (a, b) in enumerate(itertools.pairwise(positions)):
        if sum(abs(u - v) for u, v in zip(a, b)) != 1:     # one player, one step
            raise ValueError(f"positions[{k + 1}] = {b} is not one half move from "
                             f"positions[{k}] = {a} (one player steps to a neighbouring cell)")
    counts = [0, 0, 0, 0]
    for (cx, cy, mx, my), (nx, ny, nmx, nmy) in itertools.pairwise(positions):
        before = abs(cx - mx) + abs(cy - my)
        if (cx, cy) != (nx, ny):
            counts[1] += 1
            counts[0] += abs(nx - mx) + abs(ny - my) >= before
        elif (mx, my) != (nmx, nmy):
            counts[3] += 1
            toward = abs(cx - nmx) + abs(cy - nmy) < before
            away = [(mx + dx, my + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if 0 <= mx + dx < cols and 0 <= my + dy < rows
                    and abs(cx - mx - dx) + abs(cy - my - dy) >= before]
            counts[2] += toward and bool(away)
    return Unexpected(*counts)


def total_unexpected(counts) -> Unexpected:
    """The sum of several games' counts."""
    counts = items(counts, "counts")
    for k, c in enumerate(counts):
        if not isinstance(c, Unexpected):
            raise TypeError(f"counts[{k}] must be an Unexpected (unexpected_moves' result), got "
                            f"{shown(c)} ({type(c).__name__})")
    return Unexpected(*(sum(getattr(c, f) for c in counts)
                        for f in ("cat", "cat_moves", "mouse", "mouse_moves")))
