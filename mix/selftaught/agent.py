"""The self-taught player: alpha-beta on the weights learned by ``mix.selftaught.training``,
searching deeper when few columns are open, for about the effort of its nominal depth with all 20
columns of the 10x20 board open (``mix.plain.selftaught.search_depth``). ``fast`` chooses the
search: ``mix.fast.evalsearch`` on the board's integers (the default) or its plain twin
``mix.plain.selftaught.PlainSearch``, which make the same moves.
"""

from __future__ import annotations

import random

from mix.board import Board
from mix.checks import MAX_NOMINAL_DEPTH
from mix.plain.selftaught import PlainEvaluation, PlainSearch, search_depth
from mix.fast.evalsearch import Search
from mix.fast.evaluation import LinearEvaluation
from studykit.checks import flag, shown, whole

class SelfTaughtAgent:
    """Alpha-beta on the self-taught evaluation, ``depth`` plies deep with all 20 columns open
    and deeper when fewer are (``search_depth``); ``fixed=True`` keeps ``depth`` everywhere.
    Ties are broken by ``rng``. ``fast=False`` searches by the plain search (the same moves)."""

    def __init__(self, weights, depth: int = 4, name: str | None = None, fixed: bool = False,
                 fast: bool = True):
        depth, fixed = whole(depth, "depth", 1, MAX_NOMINAL_DEPTH), flag(fixed, "fixed")
        self.fast = flag(fast, "fast")
        if name is not None and not isinstance(name, str):
            raise TypeError(f"name must be a text or None, got {shown(name)}")
        self.evaluate = LinearEvaluation(weights)
        self.weights, self.depth, self.fixed = self.evaluate.w, depth, fixed
        if not self.fast:
            self.evaluate = PlainEvaluation(self.weights)
        self.name = name or f"selftaught:{depth}" + ("-fixed" if fixed else "")

    def cache_key(self) -> dict:
        """Everything that decides its moves: depth, fixed or not, and the weights (by
        content), for ``studykit.cache.cache_key``; not its name."""
        return {"depth": self.depth, "fixed": self.fixed,
                "weights": [float(v) for v in self.weights]}

    def depth_at(self, b: Board) -> int:
        """The depth searched from ``b``."""
        return self.depth if self.fixed else search_depth(b, self.depth)

    def choose(self, b: Board, rng: random.Random) -> int:
        """One of the best moves, the moves searched in an order drawn from ``rng``."""
        if b.winner is not None or b.is_over():
            raise ValueError("the game is over: no move to choose")
        self.evaluate.use(b)
        search = Search(self.evaluate) if self.fast else PlainSearch(self.evaluate)
        return next(iter(search.root(b, self.depth_at(b), rng)))
