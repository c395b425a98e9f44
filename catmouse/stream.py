"""Random streams: numpy's legacy ``RandomState`` integers replayed in bulk, bit for bit, and a
cheap modern stream of bounded integers.

The article drew ``randint(n)`` and ``choice(list)`` from the legacy global generator. Each
such call takes 32-bit Mersenne Twister outputs, masks them to the next power of two minus one
and rejects values >= n. Drawing the raw outputs in blocks and decoding them here gives the
same numbers as the scalar calls without their per-call overhead.
"""

from __future__ import annotations

import numpy as np

from catmouse.arguments import legacy_seed
from studykit.checks import at_most, whole


class LegacyStream:
    """Bounded integers identical to successive ``RandomState(seed).randint(n)`` calls."""

    def __init__(self, seed: int, block: int = 1 << 16):
        legacy_seed(seed)
        whole(block, "block", 1, 1 << 24)
        self._bitgen = np.random.RandomState(seed)._bit_generator
        self._block = block
        self._buf: list[int] = []
        self._pos = 0

    def _refill(self) -> None:
        self._buf = self._bitgen.random_raw(self._block).tolist()
        self._pos = 0

    def below(self, n: int) -> int:
        """The next integer in [0, n), as ``randint(n)`` (or ``choice`` of n items) would give."""
        return self.draw(whole(n, "n", 1, 2 ** 32))

    def draw(self, n: int) -> int:
        """``below(n)`` without checking ``n`` (a whole number >= 1), for the trainers' loops."""
        if n == 1:
            return 0  # numpy draws nothing for a range of one value
        mask = (1 << (n - 1).bit_length()) - 1
        while True:
            if self._pos >= len(self._buf):
                self._refill()
            v = self._buf[self._pos] & mask
            self._pos += 1
            if v < n:
                return v

    def raw(self, count: int) -> np.ndarray:
        """The next ``count`` raw 32-bit outputs (no masking), continuing the stream."""
        count = at_most(whole(count, "count", 0), "count", 10 ** 7, "draw the stream in parts")
        out = []
        have = len(self._buf) - self._pos
        if have:
            take = min(have, count)
            out.extend(self._buf[self._pos:self._pos + take])
            self._pos += take
            count -= take
        arr = np.asarray(out, dtype=np.uint64)
        if count:
            arr = np.concatenate([arr, self._bitgen.random_raw(count)])
        return arr


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
