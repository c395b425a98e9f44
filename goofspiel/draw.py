"""Matplotlib drawings: a partial order of prizes (breeding-pairs), a game revealed card by card,
and an equilibrium's bid probabilities per prize."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.animation import FuncAnimation
from matplotlib.image import AxesImage

from goofspiel.bots.arena import RoundResult, format_points, reveal
from goofspiel.evolution.orders import PartialOrder, hasse_edges, levels
from goofspiel.game import checked_deck
from studykit.checks import array, real, shown, whole

MAX_ROUNDS = 1_000


def _text(value, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be text, got {shown(value)}")
    return value


def draw_order(order: PartialOrder, title: str = "", *, ax: plt.Axes | None = None) -> plt.Axes:
    """Draw a partial order as a Hasse diagram: lower bids at the bottom, a line for each a < b.

    Returns the axes; a new figure is made when ``ax`` is None.
    """
    height = levels(order)                       # refuses anything but a PartialOrder, naming it
    _text(title, "title")
    if ax is None:
        _, ax = plt.subplots(figsize=(4.5, 3.8))
    elif not hasattr(ax, "scatter"):
        raise TypeError(f"ax must be matplotlib Axes or None, got {type(ax).__name__}")
    rows: dict[int, list[int]] = {}
    for c in order.cards:
        rows.setdefault(height[c], []).append(c)
    pos = {}
    for h, cards in rows.items():
        for k, c in enumerate(sorted(cards)):
            pos[c] = (k - (len(cards) - 1) / 2, h)
    for a, b in hasse_edges(order):
        ax.plot(*zip(pos[a], pos[b]), color="0.4", lw=1.5, zorder=1)
    for c, (x, y) in pos.items():
        ax.scatter([x], [y], s=700, color="white", edgecolor="C0", lw=2, zorder=2)
        ax.text(x, y, str(c), ha="center", va="center", fontsize=14, zorder=3)
    top = max(height.values())
    ax.set(xlim=(-2.2, 2.2), ylim=(-0.6, max(top, 1) + 0.6), title=title)
    ax.set_xticks([])
    ax.set_yticks(range(top + 1))
    ax.set_ylabel("higher bid ↑")
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    return ax


def animate_game(history: Sequence[RoundResult], names: Sequence[str], interval: int = 700
                 ) -> FuncAnimation:
    """Every round of a game revealed prize by prize: the bids on the prize and running points.

    One frame per prize (in each round's reveal order) plus one for the round's result.
    """
    if isinstance(history, (str, bytes)) or not isinstance(history, Sequence) \
            or not all(isinstance(r, RoundResult) for r in history):
        raise TypeError(f"history must be a list of RoundResult (an Arena's history), got "
                        f"{shown(history)}")
    if not history:
        raise ValueError("history must hold at least one round, got an empty list")
    if len(history) > MAX_ROUNDS:
        raise ValueError(f"history must hold at most {MAX_ROUNDS} rounds (one frame per prize), "
                         f"got {len(history):,}")
    players = len(history[0].strategies)
    if any(len(r.strategies) != players or r.strategies[0].deck != history[0].strategies[0].deck
           for r in history):
        raise ValueError("history must hold rounds of one game: the same players and deck")
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence) \
            or not all(isinstance(name, str) for name in names):
        raise TypeError(f"names must be a list of text, one name per player, got {shown(names)}")
    if len(names) != players:
        raise ValueError(f"names must hold one name per player, {players} in all, got "
                         f"{len(names)}: {shown(names)}")
    interval = whole(interval, "interval", 1, 60_000)
    frames = []
    for result in history:
        steps = list(reveal(result))
        for k in range(len(steps)):
            frames.append((result, steps[k], k + 1, False))
        frames.append((result, steps[-1], len(steps), True))
    fig, (ax_bid, ax_pts) = plt.subplots(1, 2, figsize=(6.4, 3.0), dpi=80)
    fig.subplots_adjust(left=0.1, right=0.95, bottom=0.17, top=0.88, wspace=0.55)
    colors = [f"C{k}" for k in range(players)]
    deck_top = max(history[0].strategies[0].deck)
    total = sum(history[0].strategies[0].deck)

    def draw(frame):
        result, step, shown, final = frame
        ax_bid.clear()
        ax_pts.clear()
        ax_bid.bar(range(players), step.bids, color=colors)
        for k, bid in enumerate(step.bids):
            won = "" if k not in step.winners else " wins" if len(step.winners) == 1 else " ties"
            ax_bid.text(k, bid + 0.2, f"{bid}{won}", ha="center", fontsize=11)
        ax_bid.set(ylim=(0, deck_top + 1.5), xticks=range(players), xticklabels=names,
                   ylabel="bid card", title=f"Round {result.number}: prize {step.prize}"
                                             f" ({shown} of {len(result.order)})")
        ax_pts.barh(range(players), [float(p) for p in step.points], color=colors)
        for k, p in enumerate(step.points):
            ax_pts.text(float(p) + 0.3, k, format_points(p), va="center", fontsize=11)
        out = ((f"{names[result.eliminated]} is out" + (" (coin toss)" if result.tie_break else ""))
               if final else "points so far")
        ax_pts.set(xlim=(0, total * 0.8), yticks=range(players), yticklabels=names,
                   xlabel="points", title=out)
        ax_pts.invert_yaxis()
        return []

    return FuncAnimation(fig, draw, frames=frames, interval=interval, blit=False)


def draw_marginal(marginal: np.ndarray, deck: Iterable[int] | None = None, *,
                  ax: plt.Axes | None = None, title: str = "", vmax: float | None = None
                  ) -> AxesImage:
    """A prize x bid heat map of P(bid | prize): prizes up the y axis, bid cards along x.

    ``marginal[i, k]`` is the probability of the k-th smallest card bid on the i-th smallest
    prize (``Equilibrium.marginal``); ``deck`` labels both axes (default 1..n). Returns the
    image, for a colour bar; a new figure is made when ``ax`` is None.
    """
    x = array(marginal, "marginal", ndim=2).astype(np.float64)
    if x.ndim != 2 or x.shape[0] != x.shape[1] or x.size == 0 or not np.all(np.isfinite(x)):
        raise ValueError(f"marginal must be a finite non-empty square matrix, got shape {x.shape}")
    if x.min() < -1e-9 or not (np.allclose(x.sum(axis=0), 1, atol=1e-6)
                               and np.allclose(x.sum(axis=1), 1, atol=1e-6)):
        raise ValueError("marginal must be doubly stochastic (probabilities >= 0, every row and "
                         f"column summing to 1), got row sums {shown(x.sum(axis=1).tolist())}")
    n = len(x)
    cards = list(range(1, n + 1)) if deck is None else list(checked_deck(deck))
    if len(cards) != n:
        raise ValueError(f"deck must hold {n} cards (one per row of marginal), got {len(cards)}")
    if vmax is not None:
        vmax = real(vmax, "vmax", above=0.0)
    _text(title, "title")
    if ax is None:
        _, ax = plt.subplots(figsize=(4.8, 4.2))
    elif not hasattr(ax, "imshow"):
        raise TypeError(f"ax must be matplotlib Axes or None, got {type(ax).__name__}")
    image = ax.imshow(x, cmap="viridis", origin="lower", vmin=0,
                      vmax=vmax if vmax is not None else max(float(x.max()), 1e-12))
    step = 1 if n <= 10 else 2 if n <= 20 else 5
    ticks = list(range(0, n, step))
    ax.set(xlabel="bid card", ylabel="prize card", title=title or f"{n} cards: P(bid | prize)",
           xticks=ticks, xticklabels=[cards[t] for t in ticks],
           yticks=ticks, yticklabels=[cards[t] for t in ticks])
    return image
