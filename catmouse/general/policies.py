"""A fuller version 2: small policies that fit any board, from the article's "next steps".

Two policy families, each one vector of direction codes (R, L, U, D) split into a few tables:

* ``FeaturePolicy``: version 2's 729-entry window table close up, and far apart a table over the
  general features the article lists: mouse above/below/same row, left/right/same column, closer
  vertically or horizontally, mouse in a corner, on an edge, near an edge (one cell away), and
  the parity of the mouse's distances to the nearest side and top/bottom edges (864 entries).
* ``RotationPolicy``: one corner sub-policy, one edge sub-policy and one open-board sub-policy,
  each written for a canonical orientation (corner bottom-left, edge at the bottom, target up and
  to the right) and rotated or reflected to fit. Its index is the offset of the other player
  (on the open board: the smaller gap and the difference of the gaps) and the mouse's distance
  to the near wall(s). Gaps beyond 4 (open board: 2) read as 3 or 4 (1 or 2), keeping their
  parity, so a far position shares its entry with near ones that small boards teach. It can move
  the cat or the mouse.

``plan(rows, cols)`` resolves the geometry once per board: which entry each position reads and,
for each of the four codes that entry may hold, the move actually made on the board (rotated
back; a move off the board becomes the opposite direction). Evaluating new parameters on a
board is then a single gather, which makes hill climbing on exact scores cheap.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

import numpy as np

from catmouse.arguments import MAX_CHAIN, table_size
from catmouse.rules import CODE, DX, DY, check_board
from catmouse.tables import to_letters
from catmouse.v2.window import initial_window_table, window_index_arrays
from studykit.checks import choice, shown

R_, L_, U_, D_ = (CODE[d] for d in "RLUD")
_REVERSE = np.array([L_, R_, D_, U_])
_MIRROR_X = np.array([L_, R_, U_, D_])          # reflect left-right
_MIRROR_Y = np.array([R_, L_, D_, U_])          # reflect bottom-top
_TRANSPOSE = np.array([U_, D_, R_, L_])         # swap the axes (R <-> U, L <-> D)
CLIP = 4                                        # corner/edge offsets beyond: CLIP or CLIP - 1, same parity
OPEN_CLIP = 2                                   # the same for the open board's gaps
ALL_CODES = np.arange(4)[None, :]


def board_grid(rows: int, cols: int):
    """cx, cy, mx, my as flat arrays over every (cat cell, mouse cell); index c * n + m."""
    rows, cols = check_board(rows, cols)
    n = rows * cols
    c, m = np.divmod(np.arange(n * n), n)
    return c // rows, c % rows, m // rows, m % rows


def clip_gap(gap: np.ndarray, limit: int = CLIP) -> np.ndarray:
    """Gaps above ``limit`` become ``limit`` or ``limit - 1``, keeping their parity.

    The parity of the distance at the cat's turn decides whether a capture is possible at all
    (notebook 22), so a far position must share its table entry with near positions of the same
    parity: those are the ones the small training boards teach.
    """
    return np.where(gap <= limit, gap, limit - (gap - limit) % 2)


def legalise(codes: np.ndarray, x: np.ndarray, y: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """Replace every move that leaves the board by the opposite direction."""
    nx, ny = x + DX[codes], y + DY[codes]
    off = (nx < 0) | (nx >= cols) | (ny < 0) | (ny >= rows)
    return np.where(off, _REVERSE[codes], codes)


class TablePolicy:
    """Parameters (codes) in named consecutive tables; subclasses define ``_plan``."""

    SIZES: ClassVar[dict] = {}
    MOVERS: ClassVar[tuple] = ("cat", "mouse")

    def __init__(self, who: str = "cat", params: np.ndarray | None = None):
        self.who = choice(who, "who", self.MOVERS)
        self.params = self.initial() if params is None else self.check_params(params).copy()

    def check_params(self, params, name: str = "params") -> np.ndarray:
        """``params`` as an int64 array of one direction code 0..3 per entry (floats refused)."""
        size = sum(self.SIZES.values())
        if isinstance(params, (str, bytes, bool)) or not hasattr(params, "__len__"):
            raise TypeError(f"{name} must be an array of {size} direction codes 0..3, got "
                            f"{shown(params)} ({type(params).__name__})")
        arr = np.asarray(params)
        if arr.shape != (size,):
            raise ValueError(f"{name} must hold {size} codes (shape ({size},)), got shape "
                             f"{arr.shape}")
        if arr.dtype.kind not in "iu":
            raise TypeError(f"{name} must hold whole-number codes 0..3, got dtype {arr.dtype}")
        if arr.min() < 0 or arr.max() > 3:
            raise ValueError(f"{name} must hold codes 0..3, got values from {arr.min()} to "
                             f"{arr.max()}")
        return arr.astype(np.int64, copy=False)

    def board_params(self, rows, cols, params):
        """The board and the parameters to read (the policy's own when ``params`` is None),
        checked; the board's tables within ``arguments.MAX_CHAIN`` positions."""
        rows, cols = check_board(rows, cols)
        table_size(rows, cols, MAX_CHAIN, f"{type(self).__name__}'s plan")
        return rows, cols, self.params if params is None else self.check_params(params)

    def initial(self) -> np.ndarray:
        return np.full(sum(self.SIZES.values()), U_, dtype=np.int64)

    def offsets(self) -> dict:
        starts = np.cumsum([0] + list(self.SIZES.values()))
        return {name: int(s) for name, s in zip(self.SIZES, starts)}

    def plan(self, rows: int, cols: int):
        """Per position: the entry it reads; for each code that entry may hold, the legal board move
        (shape (positions, 4)) and whether the move had to be turned back at the edge."""
        rows, cols, _ = self.board_params(rows, cols, None)
        return _cached_plan(type(self), self.who, rows, cols)

    def codes(self, rows: int, cols: int, params: np.ndarray | None = None) -> np.ndarray:
        """The mover's direction code for every (cat cell, mouse cell), shape (n, n)."""
        rows, cols, p = self.board_params(rows, cols, params)
        entry, out, _ = _cached_plan(type(self), self.who, rows, cols)
        n = rows * cols
        return out[np.arange(n * n), p[entry]].reshape(n, n)

    def bumps(self, rows: int, cols: int, params: np.ndarray | None = None) -> float:
        """Share of positions whose table move runs into the edge (and is turned back)."""
        rows, cols, p = self.board_params(rows, cols, params)
        entry, _, bumped = _cached_plan(type(self), self.who, rows, cols)
        return float(bumped[np.arange(len(entry)), p[entry]].mean())

    def next_cells(self, rows: int, cols: int, params: np.ndarray | None = None) -> np.ndarray:
        """The mover's next cell for every (cat cell, mouse cell), shape (n, n)."""
        codes = self.codes(rows, cols, params).ravel()
        cx, cy, mx, my = board_grid(rows, cols)
        x, y = (cx, cy) if self.who == "cat" else (mx, my)
        n = rows * cols
        return ((x + DX[codes]) * rows + y + DY[codes]).reshape(n, n)

    def letter_table(self, rows: int, cols: int) -> np.ndarray:
        """As a version-1 letter table indexed [cat_x, cat_y, mouse_x, mouse_y]."""
        return to_letters(self.codes(rows, cols), rows, cols)

    def copy(self):
        return type(self)(self.who, self.params)


@lru_cache(maxsize=32)
def _cached_plan(kind, who: str, rows: int, cols: int):
    entry, out, raw = kind._plan(kind(who), rows, cols)
    return entry, out, out != raw


class FeaturePolicy(TablePolicy):
    """Window table close up (|dx|, |dy| <= 2), general-feature table far apart (cat only)."""

    SIZES: ClassVar[dict] = {"window": 729, "far": 864}
    MOVERS: ClassVar[tuple] = ("cat",)

    def initial(self) -> np.ndarray:
        return np.concatenate([initial_window_table().astype(np.int64).ravel(), np.full(864, U_)])

    def _plan(self, rows: int, cols: int):
        if self.who != "cat":
            raise ValueError("FeaturePolicy moves the cat only")
        cx, cy, mx, my = board_grid(rows, cols)
        win, inside = window_index_arrays(cx, cy, mx, my, rows, cols)
        dx, dy = mx - cx, my - cy
        wall_x, wall_y = np.minimum(mx, cols - 1 - mx), np.minimum(my, rows - 1 - my)
        on_edge = (wall_x == 0) | (wall_y == 0)
        corner = (wall_x == 0) & (wall_y == 0)
        near = ~on_edge & ((wall_x == 1) | (wall_y == 1))
        far = ((((((np.sign(dy) + 1) * 3 + np.sign(dx) + 1) * 3 + np.sign(np.abs(dx) - np.abs(dy)) + 1)
                  * 2 + corner) * 2 + on_edge) * 2 + near) * 4 + (wall_x % 2) * 2 + wall_y % 2
        entry = np.where(inside, win, 729 + far)
        raw = np.broadcast_to(ALL_CODES, (len(cx), 4))
        return entry, legalise(raw, cx[:, None], cy[:, None], rows, cols), raw


class RotationPolicy(TablePolicy):
    """Corner, edge and open-board sub-policies in canonical orientation, rotated to fit."""

    SIZES: ClassVar[dict] = {"corner": 2 * 2 * (2 * CLIP + 1) ** 2, "edge": 2 * (CLIP + 1) * (2 * CLIP + 1),
                             "open": (OPEN_CLIP + 1) ** 2}

    def _plan(self, rows: int, cols: int):
        cx, cy, mx, my = board_grid(rows, cols)
        sign = 1 if self.who == "cat" else -1          # offset of the other player from the mover
        dx, dy = sign * (mx - cx), sign * (my - cy)
        flip_x, flip_y = (cols - 1 - mx) < mx, (rows - 1 - my) < my   # near walls: left, bottom
        dx, dy = np.where(flip_x, -dx, dx), np.where(flip_y, -dy, dy)
        wx, wy = np.minimum(mx, cols - 1 - mx), np.minimum(my, rows - 1 - my)
        corner, edge = (wx <= 1) & (wy <= 1), (wx <= 1) ^ (wy <= 1)
        open_ = ~corner & ~edge
        # edge: a side wall is turned to the bottom (transpose), then mirrored: other player to the right
        t_edge = edge & (wx <= 1)
        ex, ey, ew = np.where(t_edge, dy, dx), np.where(t_edge, dx, dy), np.where(t_edge, wx, wy)
        m_edge = edge & (ex < 0)
        # open board: mirrored to dx, dy >= 0, transposed so that dx >= dy
        ax, ay = np.abs(dx), np.abs(dy)
        t_open = open_ & (ay > ax)
        ox, oy = np.where(t_open, ay, ax), np.where(t_open, ax, ay)
        span = 2 * CLIP + 1
        clip = lambda v: np.sign(v) * clip_gap(np.abs(v)) + CLIP
        off = self.offsets()
        entry = np.select(
            [corner, edge],
            [off["corner"] + ((wx * 2 + wy) * span + clip(dx)) * span + clip(dy),
             off["edge"] + (ew * (CLIP + 1) + clip_gap(np.abs(ex))) * span + clip(ey)],
            off["open"] + clip_gap(oy, OPEN_CLIP) * (OPEN_CLIP + 1) + clip_gap(ox - oy, OPEN_CLIP))
        code = np.broadcast_to(ALL_CODES, (len(cx), 4))
        # undo the canonical transforms, last applied first
        code = np.where(m_edge[:, None], _MIRROR_X[code], code)
        code = np.where(t_edge[:, None] | t_open[:, None], _TRANSPOSE[code], code)
        code = np.where((open_ & (dx < 0))[:, None], _MIRROR_X[code], code)
        code = np.where((open_ & (dy < 0))[:, None], _MIRROR_Y[code], code)
        code = np.where(flip_x[:, None], _MIRROR_X[code], code)
        code = np.where(flip_y[:, None], _MIRROR_Y[code], code)
        x, y = (cx, cy) if self.who == "cat" else (mx, my)
        return entry, legalise(code, x[:, None], y[:, None], rows, cols), code
