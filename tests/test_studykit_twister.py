"""``studykit.twister.Twister``: a ``random.Random`` whose state is an array compiled code draws
from; every method must draw what ``random.Random`` seeded alike draws, in the same order, also
with compiled draws in between."""

import pickle
import random

import pytest

from studykit import twister
from studykit.twister import Twister

numba = pytest.importorskip("numba")


def draws(rnd):
    """A mix of every kind of draw the studies make (and a few more), in one list."""
    out = []
    for n in (1, 2, 3, 7, 10, 64, 1000, 2**31, 2**32 - 1, 2**32, 2**33 + 5, 10**30):
        out += [rnd.randrange(n), rnd.randint(-3, n), rnd.random(), rnd.getrandbits(n % 97)]
    row = list(range(25))
    rnd.shuffle(row)
    out += row + rnd.sample(range(100), 7) + rnd.sample(range(30), 30) + [rnd.choice("abcdefg")]
    out += [rnd.gauss(0, 1), rnd.uniform(2, 5), rnd.choices(range(9), k=4), rnd.randbytes(9)]
    return out


@pytest.mark.parametrize("seed", [0, 1, 2**32 - 1, 2**70, "some text", b"bytes"])
def test_a_twister_draws_what_random_draws(seed):
    plain, ours = random.Random(seed), Twister(seed)
    for _ in range(60):                          # 60 rounds: the state twists many times
        assert draws(ours) == draws(plain)
    assert ours.getstate() == plain.getstate()


def test_compiled_draws_in_between_continue_the_same_stream():
    plain, ours = random.Random(7), Twister(7)
    for n in (1, 5, 64, 1000, 2**31 + 1) * 200:
        assert int(twister.randbelow(ours.state, n)) == plain.randrange(n)
        assert ours.randint(1, 10) == plain.randint(1, 10)


def test_state_can_be_saved_set_and_pickled():
    ours = Twister(3)
    ours.random()
    saved = ours.getstate()
    first = draws(ours)
    ours.setstate(saved)
    assert draws(ours) == first
    plain = random.Random()
    plain.setstate(saved)                        # a Twister's state fits random.Random
    assert draws(plain) == first
    copy = pickle.loads(pickle.dumps(ours))
    assert type(copy) is Twister and draws(copy) == draws(ours)
    twin = Twister()
    twin.setstate(ours.getstate())
    assert draws(twin) == draws(ours)
    assert twister.state_of(ours).tolist() == ours.state.tolist()
    assert twister.state_of(ours) is not ours.state


def test_reseeding_restarts_the_array_stream():
    ours = Twister(11)
    draws(ours)
    ours.seed(11)
    assert draws(ours) == draws(random.Random(11))


def test_negative_bits_are_refused():
    with pytest.raises(ValueError):
        Twister(0).getrandbits(-1)
