"""numpy's legacy ``RandomState`` integers replayed exactly, in bulk: the one place this is done.

Some articles drew ``np.random.randint(n)`` and ``np.random.choice(items)`` from the legacy global
generator. Each such call takes 32-bit Mersenne Twister outputs, masks them to the next power of
two minus one and rejects values >= n (``randint(1)`` draws nothing). ``LegacyStream`` draws the
raw outputs in blocks and decodes them the same way, so it gives the numbers the scalar calls give
without their per-call cost. For n a power of two nothing is ever rejected: ``raw(count) & (n - 1)``
are ``count`` draws of ``randint(n)`` at once. The tests check every method against numpy itself.

    stream = LegacyStream(0)
    stream.below(4)        # == np.random.RandomState(0).randint(4), and so on, call after call
"""

from __future__ import annotations

import numpy as np

from studykit.checks import at_most, whole

MAX_SEED = 2 ** 32 - 1
MAX_RAW = 10 ** 7


def legacy_seed(value, name: str = "seed") -> int:
    """A seed of numpy's legacy ``RandomState``: a whole number from 0 to 2**32 - 1 (None refused:
    it would draw a fresh seed, so no two runs would agree)."""
    if value is None:
        raise TypeError(f"{name} must be a whole number from 0 to {MAX_SEED:,}, got None")
    return whole(value, name, 0, MAX_SEED)


def legacy_bit_generator(seed: int) -> np.random.MT19937:
    """A Mersenne Twister in the state ``np.random.RandomState(seed)`` starts from."""
    state = np.random.RandomState(legacy_seed(seed)).get_state(legacy=False)["state"]
    bits = np.random.MT19937()
    bits.state = {"bit_generator": "MT19937", "state": state}
    return bits


class LegacyStream:
    """Bounded integers identical to successive ``RandomState(seed).randint(n)`` calls (and to
    ``choice`` of n items); ``block`` raw outputs are drawn at a time."""

    def __init__(self, seed: int, block: int = 1 << 16):
        self._bits = legacy_bit_generator(seed)
        self._block = whole(block, "block", 1, 1 << 24)
        self._buf: list[int] = []
        self._pos = 0

    def _refill(self) -> None:
        self._buf = self._bits.random_raw(self._block).tolist()
        self._pos = 0

    def below(self, n: int) -> int:
        """The next integer in [0, n), as ``randint(n)`` (or ``choice`` of n items) would give."""
        return self.draw(whole(n, "n", 1, 2 ** 32))

    def draw(self, n: int) -> int:
        """``below(n)`` without checking ``n`` (a whole number from 1 to 2**32), for hot loops."""
        if n == 1:
            return 0                        # numpy draws nothing for a range of one value
        mask = (1 << (n - 1).bit_length()) - 1
        while True:
            if self._pos >= len(self._buf):
                self._refill()
            v = self._buf[self._pos] & mask
            self._pos += 1
            if v < n:
                return v

    def raw(self, count: int) -> np.ndarray:
        """The next ``count`` raw 32-bit outputs (no masking) as uint64, continuing the stream."""
        count = at_most(whole(count, "count", 0), "count", MAX_RAW, "draw the stream in parts")
        have = min(len(self._buf) - self._pos, count)
        out = np.asarray(self._buf[self._pos:self._pos + have], dtype=np.uint64)
        self._pos += have
        if count > have:
            out = np.concatenate([out, self._bits.random_raw(count - have)])
        return out
