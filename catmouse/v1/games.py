"""Version 1's game: the deterministic game between two full tables, played fast on flat code lists.

Rules (the article's): the cat, if first, makes one move before the loop (not checked); then
each round the mouse moves and the position is checked, then the cat moves and it is checked. A
position seen before in this game, the start included, ends it as a mouse win (the tables are
deterministic, so a repeat is a cycle); the same cell ends it as a cat win. A game's result is
(cat won, the round index at the end, Manhattan distance at the end): "the cat wins in 10
moves" means it captures in round 10 (12 cat moves with the cat first).

The improved trainer (``v1.pool``, its fast twins) plays ``start_seen=False``: a game back at
its start ends one round later, with the same winner (about one random game in seven).

``play_flat`` plays on flat code lists and also returns the positions at which the learner's
table was consulted: a change anywhere else cannot change this game, which is what makes both
trainers fast. ``play_tables`` is the same game on letter tables, with every position kept.
A game's "unexpected moves" are counted in ``v1.unexpected``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from catmouse.rules import check_board, check_first_move, corner_cells, manhattan, neighbours
from catmouse.tables import letter_table, to_codes
from studykit.checks import flag


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


def other_moves(board: FlatBoard) -> tuple:
    """``other_moves(board)[cell][code]``: the legal direction codes on ``cell`` other than ``code``
    (in increasing order)."""
    return tuple(tuple(tuple(c for c in range(4) if row[c] >= 0 and c != code) for code in range(4))
                 for row in board.moves)


def play_flat(cat, mouse, board: FlatBoard, cat_learns: bool = True, trace: list | None = None,
              start_seen: bool = True):
    """One game between flat code tables (index ``cat cell * n + mouse cell``).

    Returns ``((cat_won, rounds, distance), used)``: ``used`` holds the states at which the
    learner's table (the cat's if ``cat_learns``, else the mouse's) was consulted. ``trace``, if
    given, receives the state after every half move. ``start_seen``: the start is in the game's
    history (the article's rule); False: the improved trainer's game.
    """
    moves, n, rows = board.moves, board.n, board.rows
    c, m = board.start_c, board.start_m
    seen = {c * n + m} if start_seen else set()
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
