"""Python's ``random.Random`` draws replayed exactly: compiled with numba on a copy of its
Mersenne Twister state, and ``draw_below`` (``randrange``'s algorithm) in plain Python.

``state_of(rnd)`` copies a Random's state into an int64 array (624 words, the index, then the
624 words tempered, the outputs they give, refreshed at each twist);
the kernels below draw from it exactly what CPython 3.11's ``getrandbits``, ``random``,
``_randbelow``, ``shuffle`` and ``sample`` draw, in the same order, and ``restore`` writes it
back. ``agrees()`` replays a seeded mix of draws both ways (the tests call it). numba is a
required dependency: the kernels are always compiled, on first call.

``Twister`` is a ``random.Random`` whose state is such an array all along: its methods draw
what ``random.Random`` seeded alike draws, and compiled code called in between draws from the
same stream without a copy (goofspiel copies once per run; catmouse's walks are too many for
that).
"""

from __future__ import annotations

import random
from math import ceil, log

import numba
import numpy as np

N_WORDS = 624


def njit(function):
    """``numba.njit(cache=True)``: compiled on first call, the machine code cached on disk."""
    return numba.njit(cache=True)(function)


def state_of(rnd: random.Random) -> np.ndarray:
    """The Mersenne Twister state of ``rnd``: 624 words, the index, the 624 tempered words (for
    a ``Twister``, a copy of its own)."""
    return rnd.state.copy() if isinstance(rnd, Twister) else c_state(rnd)


def c_state(rnd: random.Random) -> np.ndarray:
    """``state_of`` the state ``random.Random`` keeps in C (a ``Twister`` is seeded through it)."""
    words = np.array(random.Random.getstate(rnd)[1], dtype=np.int64)
    y = words[:N_WORDS].copy()
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return np.concatenate([words, y])


def restore(rnd: random.Random, state: np.ndarray) -> None:
    """Set ``rnd`` to the state held in ``state`` (as ``state_of`` returned and the kernels drew)."""
    if isinstance(rnd, Twister):
        rnd.state[:] = state
        return
    rnd.setstate((3, tuple(int(w) for w in state[:N_WORDS + 1]), rnd.getstate()[2]))


def sample_uses_pool(n: int, k: int) -> bool:
    """Whether ``Random.sample`` of k of n items draws by its pool method (else by its set)."""
    setsize = 21
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    return n <= setsize


def draw_below(getrandbits, n: int) -> int:
    """``Random.randrange(n)`` (``_randbelow``) for any n >= 1, written out on ``getrandbits``
    (e.g. ``rnd.getrandbits``): ``getrandbits(n.bit_length())`` until below n. Plain Python, for
    loops that draw exactly what ``randrange`` draws without its per-call checks."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


@njit
def _twist(mt):
    for kk in range(N_WORDS - 397):               # CPython's genrand_uint32, branch-free
        y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7FFFFFFF)
        mt[kk] = mt[kk + 397] ^ (y >> 1) ^ (-(y & 1) & 0x9908B0DF)
    for kk in range(N_WORDS - 397, N_WORDS - 1):
        y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7FFFFFFF)
        mt[kk] = mt[kk + 397 - N_WORDS] ^ (y >> 1) ^ (-(y & 1) & 0x9908B0DF)
    y = (mt[N_WORDS - 1] & 0x80000000) | (mt[0] & 0x7FFFFFFF)
    mt[N_WORDS - 1] = mt[396] ^ (y >> 1) ^ (-(y & 1) & 0x9908B0DF)
    for kk in range(N_WORDS):                     # temper the new words once, for genrand
        y = mt[kk]
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        mt[N_WORDS + 1 + kk] = y ^ (y >> 18)


@njit
def genrand(st):
    """The next 32-bit word (CPython's ``genrand_uint32``)."""
    i = st[N_WORDS]
    if i >= N_WORDS:
        _twist(st)
        i = 0
    st[N_WORDS] = i + 1
    return st[N_WORDS + 1 + i]


@njit
def uniform(st):
    """``Random.random()``."""
    a = genrand(st) >> 5
    b = genrand(st) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit
def bit_length(n):
    """``int.bit_length`` of a non-negative n."""
    k = 0
    while n:
        k += 1
        n >>= 1
    return k


@njit
def randbelow(st, n):
    """``Random._randbelow(n)`` for 0 < n < 2**32: ``getrandbits(n.bit_length())`` until below n."""
    shift = 32 - bit_length(n)
    r = genrand(st) >> shift
    while r >= n:
        r = genrand(st) >> shift
    return r


@njit
def shuffle(st, items):
    """``Random.shuffle(items)`` of a 1-d array, in place."""
    shift = 32 - bit_length(len(items))
    for i in range(len(items) - 1, 0, -1):
        if (i + 1) >> (31 - shift) == 0:            # i + 1 lost a bit: draw one bit fewer
            shift += 1
        j = genrand(st) >> shift
        while j > i:
            j = genrand(st) >> shift
        items[i], items[j] = items[j], items[i]


@njit
def sample_two(st, n, pool):
    """The indices ``Random.sample(range(n), 2)`` returns (``pool``: its pool method)."""
    if pool:
        j0 = randbelow(st, n)
        j1 = randbelow(st, n - 1)
        return j0, (n - 1 if j1 == j0 else j1)
    j0 = randbelow(st, n)
    j1 = randbelow(st, n)
    while j1 == j0:
        j1 = randbelow(st, n)
    return j0, j1


@njit
def sample_all(st, out):
    """``Random.sample(range(n), n)`` into ``out`` (length n), by its pool method."""
    n = len(out)
    pool = np.arange(n)
    for i in range(n):
        j = randbelow(st, n - i)
        out[i] = pool[j]
        pool[j] = pool[n - i - 1]


@njit
def _mixed_draws(st, out):
    k = 0
    for n in (1, 2, 3, 5, 7, 20, 21, 22, 24, 33, 190, 1000, 2**31 + 1):
        out[k] = randbelow(st, n)
        out[k + 1] = np.int64(uniform(st) * 2**53)
        a, b = sample_two(st, n + 2, n + 2 <= 21)
        out[k + 2], out[k + 3] = a, b
        k += 4
    row = np.arange(30)
    shuffle(st, row)
    sample_all(st, out[k:k + 20])
    out[k + 20:k + 50] = row


def agrees(seed: int = 12345) -> bool:
    """Whether the kernels draw what ``random.Random`` draws (a seeded mix, twists included)."""
    rnd = random.Random(seed)
    rnd.random()
    st = state_of(rnd)
    expected, got = [], np.zeros(102, dtype=np.int64)
    for _ in range(40):                                 # 40 rounds: the state twists
        expected = []
        for n in (1, 2, 3, 5, 7, 20, 21, 22, 24, 33, 190, 1000, 2**31 + 1):
            expected += [rnd.randrange(n), int(rnd.random() * 2**53), *rnd.sample(range(n + 2), 2)]
        row = list(range(30))
        rnd.shuffle(row)
        expected += rnd.sample(range(20), 20) + row
        _mixed_draws(st, got)
        if got.tolist() != expected:
            return False
    return state_of(rnd).tolist() == st.tolist()


class Twister(random.Random):
    """``random.Random`` with its Mersenne Twister state in the array ``state`` (``state_of``'s
    layout), drawn by the kernels above: seeded alike, every method draws what ``random.Random``
    draws, and compiled code given ``state`` draws from the same stream in between. Slower per
    Python-level draw (a compiled call each); use it where most draws are made in compiled code,
    and only when ``agrees()``."""

    def seed(self, a=None, version=2) -> None:
        super().seed(a, version)
        self.state = c_state(self)

    def getrandbits(self, k: int) -> int:
        if k <= 32:
            if k < 0:
                raise ValueError("number of bits must be non-negative")
            return int(genrand(self.state)) >> (32 - k) if k else 0
        out = shift = 0
        while k > 0:                       # CPython: little-endian words, the last one shifted
            word = int(genrand(self.state))
            out |= (word >> (32 - k) if k < 32 else word) << shift
            shift, k = shift + 32, k - 32
        return out

    def random(self) -> float:
        return float(uniform(self.state))

    def _randbelow(self, n: int) -> int:     # randrange, randint, choice, shuffle, sample use it
        if 0 < n < 2 ** 32:
            return int(randbelow(self.state, n))
        return self._randbelow_with_getrandbits(n)

    def getstate(self) -> tuple:
        return (3, tuple(int(w) for w in self.state[:N_WORDS + 1]), self.gauss_next)

    def setstate(self, state) -> None:
        super().setstate(state)
        self.state = c_state(self)

