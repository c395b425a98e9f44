"""Real-looking Set cards with matplotlib: colour, shape, shading and number, sets outlined."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import is_color_like
from matplotlib.patches import FancyBboxPatch, PathPatch, Polygon
from matplotlib.path import Path

from setgame.arguments import count, integers, number
from setgame.cards import N_VALUES, card_vectors, validate_table
from studykit.checks import items, shown

COLOURS = ("#d62728", "#2ca02c", "#7b2d8e")  # red, green, purple
SHAPES = ("diamond", "oval", "squiggle")
SHADINGS = ("solid", "striped", "open")
HIGHLIGHTS = ("#ff9f1c", "#1f77b4", "#e377c2", "#17becf", "#bcbd22", "#8c564b")
CARD_W, CARD_H = 1.0, 1.5

MIN_WIDTH = 5.6    # inches: a table drawn on its own figure is at least ~500 px wide


def _squiggle(cx: float, cy: float, w: float, h: float) -> Path:
    """A wavy lozenge: two S-shaped Bezier sides joined at rounded ends."""
    x0, x1, y0, y1 = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    verts = [(x0, y0 + 0.2 * h),
             (x0 + 0.3 * w, y0 - 0.35 * h), (x0 + 0.6 * w, y0 + 0.6 * h), (x1, y0),
             (x1 + 0.1 * w, y0 + 0.4 * h), (x1 + 0.05 * w, y1), (x1, y1 - 0.2 * h),
             (x1 - 0.3 * w, y1 + 0.35 * h), (x1 - 0.6 * w, y1 - 0.6 * h), (x0, y1),
             (x0 - 0.1 * w, y1 - 0.4 * h), (x0 - 0.05 * w, y0), (x0, y0 + 0.2 * h)]
    codes = [Path.MOVETO] + [Path.CURVE4] * 12
    return Path(verts, codes)


def _symbol(shape: int, cx: float, cy: float, w: float, h: float, **style):
    if SHAPES[shape] == "diamond":
        return Polygon([(cx - w / 2, cy), (cx, cy + h / 2), (cx + w / 2, cy), (cx, cy - h / 2)],
                       closed=True, **style)
    if SHAPES[shape] == "oval":
        return FancyBboxPatch((cx - w / 2 + h / 2, cy - h / 2), w - h, h,
                              boxstyle=f"round,pad=0,rounding_size={h / 2}", **style)
    return PathPatch(_squiggle(cx, cy, w * 0.9, h * 0.7), **style)


def _axes(ax):
    if not hasattr(ax, "add_patch"):
        raise TypeError(f"ax must be matplotlib Axes or None, got {type(ax).__name__}")
    return ax


def _colour(value, name: str):
    """A matplotlib colour: a name, "#rrggbb", or an RGB(A) tuple of numbers in [0, 1]."""
    try:
        ok = not isinstance(value, (bool, np.bool_)) and is_color_like(value)
    except Exception:  # noqa: BLE001 - whatever matplotlib cannot read is no colour
        ok = False
    if not ok:
        raise ValueError(f"{name} must be a matplotlib colour such as '#999999' or 'gray', got "
                         f"{shown(value)}")
    return value


def _title(value) -> str | None:
    if value is not None and not isinstance(value, str):
        raise TypeError(f"title must be text or None, got {shown(value)} ({type(value).__name__})")
    return value


def table_sets(sets, cards: np.ndarray, name: str = "sets") -> list[list[int]]:
    """Index triples into the table ``cards``, each three distinct cards forming a set."""
    triples = []
    n = len(cards)
    if isinstance(sets, np.ndarray) and sets.ndim == 2:     # an (k, 3) array of triples
        sets = list(sets)
    for k, triple in enumerate(items(sets, name)):
        triple = integers(triple, f"{name}[{k}]", ndim=1)
        if len(triple) != 3 or len(set(triple.tolist())) != 3 or not n or (
                triple.min() < 0 or triple.max() >= n):
            raise ValueError(f"{name} must hold triples of three distinct indices into the "
                             f"{n} cards, got {shown(triple.tolist())} at {name}[{k}]")
        if np.any(cards[triple].sum(axis=0) % N_VALUES):
            raise ValueError(f"{name}[{k}] = {triple.tolist()} is not a set of the table: "
                             f"cards {cards[triple].tolist()}")
        triples.append(triple.tolist())
    return triples


def _frame(ax, x: float, y: float, width: float, height: float) -> None:
    """Limits, equal aspect and no axis lines around a drawing of ``width`` x ``height`` whose
    lower-left corner is at x, y."""
    ax.set_xlim(x - 0.2, x + width + 0.1)
    ax.set_ylim(y - 0.2, y + height + 0.1)
    ax.set_aspect("equal")
    ax.axis("off")


def draw_card(card, x: float = 0.0, y: float = 0.0, *, ax=None, edge: str = "#999999",
              edge_width: float = 1.0):
    """Draw one card (a vector colour, shape, shading, number) with its lower-left corner at x, y.

    Returns the axes. Given ``ax``, the card is added to it and its limits are left alone (to
    place several cards on one axes); when ``ax`` is None a small figure is framed around it.
    """
    card = card_vectors(card, "card", ndim=1)
    x, y = number(x, "x", -1e6, 1e6), number(y, "y", -1e6, 1e6)
    edge_width = number(edge_width, "edge_width", 0, 100)
    edge = _colour(edge, "edge")
    if ax is None:
        _, ax = plt.subplots(figsize=(1.5, 2.0))
        _draw_card(ax, card, x, y, edge, edge_width)
        _frame(ax, x, y, CARD_W, CARD_H)
        return ax
    return _draw_card(_axes(ax), card, x, y, edge, edge_width)


def _draw_card(ax, card, x: float, y: float, edge: str = "#999999", edge_width: float = 1.0):
    colour, shape, shading, number = (int(v) for v in card)
    ax.add_patch(FancyBboxPatch((x + 0.05, y + 0.05), CARD_W - 0.1, CARD_H - 0.1,
                                boxstyle="round,pad=0.02,rounding_size=0.08",
                                facecolor="white", edgecolor=edge, linewidth=edge_width))
    ink = COLOURS[colour]
    face = {"solid": ink, "striped": "none", "open": "none"}[SHADINGS[shading]]
    hatch = "||||" if SHADINGS[shading] == "striped" else None
    count = number + 1
    for slot in range(count):
        cy = y + CARD_H / 2 + (slot - (count - 1) / 2) * 0.4
        patch = _symbol(shape, x + CARD_W / 2, cy, 0.62, 0.28, facecolor=face, edgecolor=ink,
                        linewidth=1.3, hatch=hatch)
        ax.add_patch(patch)
    return ax


def draw_table(cards, sets=None, ncols: int | None = None, *, ax=None, title: str | None = None):
    """Draw a table of cards in a grid (3 rows by default, like the game), outlining ``sets``.

    ``sets`` is a list of index triples (e.g. from ``find_sets``); each gets its own colour,
    drawn as nested outlines when a card belongs to several sets. Returns the axes; a new
    figure is made when ``ax`` is None.
    """
    cards = validate_table(cards)
    n = len(cards)
    triples = [] if sets is None else table_sets(sets, cards)
    title = _title(title)
    ncols = count(ncols, "ncols", 1, 100) if ncols is not None else max(1, int(np.ceil(n / 3)))
    nrows = max(1, int(np.ceil(n / ncols)))
    if ax is not None:
        _axes(ax)
    if ax is None:
        width, height = 1.1 * ncols + 0.4, 1.6 * nrows + 0.5
        scale = max(1.0, MIN_WIDTH / width)        # legible when shown: at least MIN_WIDTH wide
        _, ax = plt.subplots(figsize=(width * scale, height * scale))
    membership: dict[int, list[int]] = {}
    for s, triple in enumerate(triples):
        for index in triple:
            membership.setdefault(int(index), []).append(s)
    for index, card in enumerate(cards):
        x, y = (index % ncols) * 1.1, (nrows - 1 - index // ncols) * 1.6
        _draw_card(ax, card, x, y)
        for depth, s in enumerate(membership.get(index, [])):
            pad = 0.02 + 0.045 * depth
            ax.add_patch(FancyBboxPatch((x + 0.05 - pad, y + 0.05 - pad), CARD_W - 0.1 + 2 * pad,
                                        CARD_H - 0.1 + 2 * pad,
                                        boxstyle="round,pad=0.02,rounding_size=0.1",
                                        facecolor="none", linewidth=2.2,
                                        edgecolor=HIGHLIGHTS[s % len(HIGHLIGHTS)]))
    _frame(ax, 0.0, 0.0, ncols * 1.1, nrows * 1.6)
    if title:
        ax.set_title(title)
    return ax
