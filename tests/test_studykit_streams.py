"""The exact random-stream replays of studykit, each checked once against the generator it
replays: ``legacy_numpy.LegacyStream`` against numpy's ``RandomState``, ``twister.draw_below``
against CPython's ``random.Random.randrange`` (the compiled Twister: test_studykit_twister.py)."""

import random

import numpy as np
import pytest

from studykit.legacy_numpy import LegacyStream, legacy_bit_generator, legacy_seed
from studykit.twister import draw_below

SIZES = [10, 7, 8, 7, 8, 4, 3, 3, 100, 1, 2, 5, 2**31 + 1, 2**32, 1000, 17]


@pytest.mark.parametrize("seed", [0, 5, 9, 2**32 - 1, np.uint32(77)])
@pytest.mark.parametrize("block", [1, 3, 64, 1 << 16])
def test_legacy_stream_is_randint_call_after_call(seed, block):
    rs, st = np.random.RandomState(seed), LegacyStream(seed, block=block)
    for n in SIZES * 30:
        assert st.below(n) == rs.randint(n)
        assert st.draw(n) == rs.randint(n)


def test_legacy_stream_is_choice_and_raw_continues_it():
    rs, st = np.random.RandomState(9), LegacyStream(9, block=50)
    moves = ["U", "D", "L", "R"]
    for _ in range(120):
        assert moves[st.below(4)] == rs.choice(moves)
    # raw continues from where the scalar draws stopped, across the block boundary
    bits = np.random.RandomState(9)._bit_generator        # numpy's own generator, for the test
    expected = bits.random_raw(120 + 200)[120:]
    assert st.raw(200).tolist() == expected.tolist() and st.raw(0).dtype == np.uint64


def test_raw_masked_to_a_power_of_two_is_randint_in_bulk():
    rs = np.random.RandomState(3)
    assert (LegacyStream(3).raw(500) & 3).tolist() == [rs.randint(4) for _ in range(500)]


def test_legacy_bit_generator_starts_where_randomstate_starts():
    assert (legacy_bit_generator(11).random_raw(700).tolist()
            == np.random.RandomState(11)._bit_generator.random_raw(700).tolist())


@pytest.mark.parametrize("bad,error", [(-1, ValueError), (2**32, ValueError), (None, TypeError),
                                       (1.0, TypeError), (True, TypeError), ("0", TypeError)])
def test_legacy_seeds_are_checked(bad, error):
    with pytest.raises(error, match="seed"):
        LegacyStream(bad)
    with pytest.raises(error, match="seed"):
        legacy_seed(bad)


def test_legacy_stream_refuses_bad_sizes():
    st = LegacyStream(0)
    for bad in (0, 2**32 + 1, 2.0):
        with pytest.raises((TypeError, ValueError), match="n must"):
            st.below(bad)
    with pytest.raises(ValueError, match="count"):
        st.raw(10**9)
    with pytest.raises(ValueError, match="block"):
        LegacyStream(0, block=0)


@pytest.mark.parametrize("seed", [0, 12345, 2**40])
def test_draw_below_is_randrange(seed):
    a, b = random.Random(seed), random.Random(seed)
    for n in list(range(1, 70)) * 4 + [1000, 4097, 10**6, 2**32, 2**32 + 1, 10**30]:
        assert draw_below(b.getrandbits, n) == a.randrange(n)
    assert a.getstate() == b.getstate()
