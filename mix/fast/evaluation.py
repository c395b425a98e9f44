"""Fast twin of ``mix.plain.selftaught.PlainEvaluation``: the learned evaluation of MIX positions.

``LinearEvaluation`` scores a position ``weights . features`` (X's view: positive favours X;
the learner's value is its tanh, so both order positions alike), the features counted by
``mix.selftaught.threatfeatures``, with the memories and stepper tables the compiled searches
(``mix.fast.evalsearch``) read. The tests check it scores every position as the plain twin does.
"""

from __future__ import annotations

from itertools import compress
from operator import getitem

import numpy as np

from mix.board import Board, X
from mix.checks import reals
from mix.fast.threatsteps import THREAT_COUNTS, WINDOW_COUNTS, scored_steps
from mix.selftaught.threatfeatures import N_FEATURES, SCALE, counter


class LinearEvaluation:
    """X's score ``weights . features`` of positions, with a memory of the positions searches
    scored (a search meets the same position by many move orders, and the next search many
    of the last one's): the leaves, which passed the tactics at a glance (``forced``), keyed
    by the mover's stones then the other side's, of one board size at a time (``use``). It
    starts afresh past ``memory`` positions and is not pickled (a copy sent to a worker starts
    empty)."""

    def __init__(self, weights, memory: int = 200_000):
        w = reals(weights, "weights")  # NaN, text, bools refused
        if w.shape != (N_FEATURES,):
            raise ValueError(f"weights must be {N_FEATURES} finite numbers, got shape {w.shape}")
        self.w, self.memory, self.memo, self.geometry, self.shift = w, memory, {}, None, 0
        self.counted: dict = {}   # the scores of leaves by their (packed) feature counts
        self.threat_scores: dict = {}   # the scores of (packed) threat counts alone
        self.per_count = (w / SCALE).tolist()    # the weight of one unit of each count
        self.terms: list[tuple[float, ...]] = []  # per feature: n * its per_count, n = 0, 1, ...
        self.start = (0.0, 0.0)
        self.counted_terms: list[tuple[float, ...]] = []
        self.threat_units = [self.per_count[k] for k in THREAT_COUNTS]
        self.window_terms: list[tuple[float, ...]] = []
        self.steps, self.step_fill, self.margin = None, None, 0.0

    def __getstate__(self) -> dict:
        return {**self.__dict__, "memo": {}, "counted": {}, "threat_scores": {},
                "geometry": None, "terms": [],
                "counted_terms": [], "window_terms": [], "steps": None,
                "step_fill": None}  # remade by use

    def use(self, b: Board) -> None:
        """Forget the remembered scores when ``b`` is of another board size than the last."""
        if b.g != self.geometry:
            self.memo.clear()
            self.counted.clear()
            self.threat_scores.clear()
            self.geometry, self.shift = b.g, b.g.cols * b.g.height
            self.terms = [tuple(n * u for n in range(b.g.rows * b.g.cols + 1))
                          for u in self.per_count]   # no count exceeds the number of slots
            # the sum of the bias and the mover's terms, as ``score`` sums them, O or X to move
            self.start = (sum([self.terms[0][1]]), sum([self.terms[0][1], self.terms[1][1]]))
            # the terms of the counts the searches pack
            # (``mix.fast.threatsteps.pack_features``): all but the first two, and the window
            # counts alone
            self.counted_terms = self.terms[2:]
            self.window_terms = [self.terms[k] for k in WINDOW_COUNTS]
            # the searches' stepper entries with the change of the window counts' score, and
            # a bound on the rounding of a score: a sum of at most N_FEATURES terms, none
            # larger than its count for every slot (far above the error of a few dozen
            # roundings of numbers that large, or as large as a win)
            self.steps, self.step_fill = scored_steps(b.g, [self.per_count[k]
                                                            for k in WINDOW_COUNTS])
            self.margin = 1e-9 * (1 + sum(abs(t[-1]) for t in self.terms)) + 1e-6

    def score(self, b: Board) -> float:
        """X's score of ``b`` (the learner's value is its tanh)."""
        self.use(b)
        s0, s1 = b.stones
        v = self.memo.get(b.stones[b.turn] << self.shift | b.stones[1 - b.turn])
        if v is None:  # not added to the memory, which holds the searches' leaves only
            c = counter(b.g)
            n = c.count(s0, s1, int(b.turn == X), c.threat(s0), c.threat(s1))
            v = sum(compress(map(getitem, self.terms, n), n))
        return v

    def __call__(self, b: Board) -> float:
        """X's expected outcome in [-1, 1], ``tanh`` of the score."""
        return float(np.tanh(self.score(b)))
