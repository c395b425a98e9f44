"""Rules of the cat-and-mouse board: moves, table policies and the deterministic game of version 1."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

DIRECTIONS = ("R", "L", "U", "D")
DELTAS = {"R": (1, 0), "L": (-1, 0), "U": (0, 1), "D": (0, -1)}
FIRST_MOVERS = ("cat", "mouse")


def check_board(rows: int, cols: int) -> None:
    """Raise ValueError unless the board is at least 2x2."""
    if int(rows) != rows or rows < 2:
        raise ValueError(f"rows must be an integer >= 2, got {rows!r}")
    if int(cols) != cols or cols < 2:
        raise ValueError(f"cols must be an integer >= 2, got {cols!r}")


def check_first_move(first_move: str) -> None:
    """Raise ValueError unless first_move is 'cat' or 'mouse'."""
    if first_move not in FIRST_MOVERS:
        raise ValueError(f"first_move must be 'cat' or 'mouse', got {first_move!r}")


def step(x: int, y: int, direction: str, rows: int, cols: int) -> tuple[int, int] | None:
    """The cell one step from (x, y), or None when it leaves the board."""
    dx, dy = DELTAS[direction]
    nx, ny = x + dx, y + dy
    return (nx, ny) if 0 <= nx < cols and 0 <= ny < rows else None


def legal_directions(x: int, y: int, rows: int, cols: int) -> list[str]:
    """Directions that keep a player at (x, y) on the board."""
    return [d for d in DIRECTIONS if step(x, y, d, rows, cols) is not None]


def greedy_direction(cx: int, cy: int, mx: int, my: int) -> str:
    """Step along the axis with the larger gap toward the mouse; ties go vertical."""
    dx, dy = mx - cx, my - cy
    if abs(dy) >= abs(dx) and dy != 0:
        return "U" if dy > 0 else "D"
    if dx != 0:
        return "R" if dx > 0 else "L"
    return "U"  # same cell: never asked in play


def _table(rows: int, cols: int, rule) -> np.ndarray:
    pol = np.empty((cols, rows, cols, rows), dtype="<U1")
    for idx in np.ndindex(pol.shape):
        pol[idx] = rule(*idx)
    return pol


def initial_mouse_policy(rows: int, cols: int) -> np.ndarray:
    """The article's mouse: up unless on the top row, then down."""
    check_board(rows, cols)
    return _table(rows, cols, lambda cx, cy, mx, my: "D" if my == rows - 1 else "U")


def initial_cat_policy(rows: int, cols: int, kind: str = "WEAK") -> np.ndarray:
    """WEAK: the mouse's up/down rule on the cat's row; STRONG: the greedy rule."""
    check_board(rows, cols)
    if kind == "WEAK":
        return _table(rows, cols, lambda cx, cy, mx, my: "D" if cy == rows - 1 else "U")
    if kind == "STRONG":
        return _table(rows, cols, lambda cx, cy, mx, my: greedy_direction(cx, cy, mx, my)
                      if (cx, cy) != (mx, my) else ("D" if cy == rows - 1 else "U"))
    raise ValueError(f"initial_cat must be 'WEAK' or 'STRONG', got {kind!r}")


def validate_policy(policy: np.ndarray, rows: int, cols: int, who: str) -> None:
    """Raise ValueError if a table policy has the wrong shape, an unknown or an off-board move."""
    if policy.shape != (cols, rows, cols, rows):
        raise ValueError(f"{who} policy must have shape {(cols, rows, cols, rows)}, got {policy.shape}")
    for idx in np.ndindex(policy.shape):
        d = str(policy[idx])
        if d not in DELTAS:
            raise ValueError(f"{who} policy holds unknown direction {d!r} at {idx}")
        x, y = (idx[0], idx[1]) if who == "cat" else (idx[2], idx[3])
        if step(x, y, d, rows, cols) is None:
            raise ValueError(f"{who} policy moves off the board at {idx} ({d!r})")


@dataclass
class TableGame:
    """Outcome of a deterministic game: winner, round index at the end, Manhattan distance."""

    winner: str
    rounds: int
    distance: int
    positions: list = field(default_factory=list)  # (cat_x, cat_y, mouse_x, mouse_y) after each half move

    @property
    def result(self) -> tuple[str, int, int]:
        return (self.winner, self.rounds, self.distance)

    @property
    def cat_moves(self) -> int:
        """How many moves the cat made in this game (the capturing move included)."""
        return sum(p[:2] != q[:2] for p, q in zip(self.positions, self.positions[1:]))


def play_tables(cat_policy: np.ndarray, mouse_policy: np.ndarray, first_move: str = "cat",
                validate: bool = True) -> TableGame:
    """Play the version-1 game between two table policies (rules in the module docstring of tabular)."""
    cols, rows = cat_policy.shape[:2]
    check_board(rows, cols)
    check_first_move(first_move)
    if validate:
        validate_policy(cat_policy, rows, cols, "cat")
        validate_policy(mouse_policy, rows, cols, "mouse")
    cx, cy, mx, my = 0, 0, cols - 1, rows - 1
    positions = [(cx, cy, mx, my)]
    seen = set()
    if first_move == "cat":
        dx, dy = DELTAS[str(cat_policy[cx, cy, mx, my])]
        cx, cy = cx + dx, cy + dy
        positions.append((cx, cy, mx, my))
    r = 0
    while True:
        for mover in ("mouse", "cat"):
            if mover == "mouse":
                dx, dy = DELTAS[str(mouse_policy[cx, cy, mx, my])]
                mx, my = mx + dx, my + dy
            else:
                dx, dy = DELTAS[str(cat_policy[cx, cy, mx, my])]
                cx, cy = cx + dx, cy + dy
            pos = (cx, cy, mx, my)
            positions.append(pos)
            if pos in seen:
                return TableGame("mouse", r, abs(cx - mx) + abs(cy - my), positions)
            seen.add(pos)
            if (cx, cy) == (mx, my):
                return TableGame("cat", r, 0, positions)
        r += 1


def play_pursuit(rows: int, cols: int, cat_fn, mouse_fn, cats=((0, 0),), mouse=None, obstacles=(),
                 first_move: str = "cat", max_cat_moves: int = 1000) -> tuple[bool, int, list]:
    """General engine: any number of cats, obstacles, callables choosing the moves.

    ``cat_fn(cats, mouse)`` returns one direction per cat (all cats move each cat turn),
    ``mouse_fn(cats, mouse)`` one direction. Returns (caught, cat moves made, positions).
    """
    check_board(rows, cols)
    check_first_move(first_move)
    blocked = {tuple(o) for o in obstacles}
    cats = [tuple(c) for c in cats]
    mouse = tuple(mouse) if mouse is not None else (cols - 1, rows - 1)

    def moved(p, d, who):
        q = step(p[0], p[1], d, rows, cols)
        if q is None or q in blocked:
            raise ValueError(f"{who} move {d!r} from {p} leaves the board or enters an obstacle")
        return q

    path = [(tuple(cats), mouse)]
    cat_moves = 0
    turn = first_move
    while cat_moves < max_cat_moves:
        if turn == "cat":
            cats = [moved(c, d, "cat") for c, d in zip(cats, cat_fn(tuple(cats), mouse), strict=True)]
            cat_moves += 1
        else:
            mouse = moved(mouse, mouse_fn(tuple(cats), mouse), "mouse")
        path.append((tuple(cats), mouse))
        if mouse in cats:
            return True, cat_moves, path
        turn = "mouse" if turn == "cat" else "cat"
    return False, cat_moves, path
