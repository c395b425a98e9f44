"""A cheap modern stream of bounded integers (``uniform_below``, version 1's "fast" mode).

The article's own stream, numpy's legacy ``RandomState`` integers replayed in bulk bit for bit,
is ``studykit.legacy_numpy.LegacyStream`` (the one place such replays live).
"""

from __future__ import annotations

import numpy as np


def uniform_below(seed: int, block: int = 1 << 15):
    """``below(k)``: an integer in [0, k) from a block of ``Generator`` uniforms (cheap per call).

    The modern stream of version 1's "fast" mode; a fresh block is drawn when one runs out and
    the uniforms are used from its end.
    """
    gen = np.random.default_rng(seed)
    pool: list[float] = []

    def below(k: int) -> int:
        if not pool:
            pool.extend(gen.random(block).tolist())
        return int(pool.pop() * k)

    return below
