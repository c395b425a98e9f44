"""Breeders: children are permutations, self-breeding is the identity map, the public checked
breeders give what the unchecked plain ones give consuming the same random stream, and the order
crossover keeps mom's slice and dad's order. (The compiled twins: tests/test_goofspiel_fastga.py.)"""
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goofspiel.evolution.breed import (
    breed_children,
    breed_pairs,
    breed_preferences,
    breed_random,
    mutate,
    pairs_child,
    preference_list,
    reverse_mutation,
)

BREEDERS = [breed_pairs, breed_preferences, breed_random,
            lambda m, d, r: breed_preferences(m, d, r, as_published=True)]


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 12).flatmap(lambda n: st.tuples(st.permutations(range(n)),
                                                       st.permutations(range(n)))),
       st.integers(0, 2**32 - 1))
def test_every_child_is_a_permutation_and_self_breeding_returns_the_parent(parents, seed):
    mom, dad = parents
    for breed in BREEDERS:
        child = breed(mom, dad, random.Random(seed))
        assert sorted(child) == list(range(len(mom)))
    for breed in BREEDERS[:2] + BREEDERS[3:]:
        assert breed(mom, mom, random.Random(seed)) == list(mom)
    assert mutate(mom, 0.0, random.Random(seed)) == list(mom)


def test_order_crossover_matches_the_spec_example():
    to_ranks = lambda prefs: [prefs.index(c) for c in range(len(prefs))]
    mom, dad = to_ranks([0, 1, 2, 3, 4]), to_ranks([4, 0, 1, 2, 3])
    for seed in range(200):
        rnd = random.Random(seed)
        i, j = sorted(random.Random(seed).sample(range(6), 2))
        child = preference_list(breed_preferences(mom, dad, rnd))
        if (i, j) == (2, 4):
            assert child == [4, 0, 2, 3, 1]                     # 5<1<3<4<2 in the spec's cards
        assert child[i:j] == [0, 1, 2, 3, 4][i:j]


def test_published_slice_never_covers_the_last_position():
    mom, dad = list(range(8)), list(range(7, -1, -1))        # identity and its reverse
    last_kept = {False: 0, True: 0}
    for seed in range(3000):
        for published in (False, True):
            child = preference_list(breed_preferences(mom, dad, random.Random(seed),
                                                      as_published=published))
            # mom's last card stays last only when the slice covers the last position
            # (or when it is the only card left to fill, which makes the child a copy of mom)
            last_kept[published] += child[-1] == 7 and child != mom
    assert last_kept[True] == 0 and last_kept[False] > 100


def test_pairs_breeder_agrees_with_the_plain_breeder():
    """The checked breeder gives the unchecked one's child, leaving the stream where it leaves it,
    up to 20 cards and beyond, and the same for the mutation (breeding with the reverse)."""
    rng = np.random.default_rng(5)
    for seed in range(400):
        n = int(rng.integers(2, 11)) if seed < 300 else int(rng.integers(11, 34))
        mom, dad = list(rng.permutation(n)), list(rng.permutation(n))
        if seed % 7 == 0:
            dad = list(mom)                                  # identical parents, common in the GA
        share = float(rng.uniform(0.05, 0.95))
        fast_rnd, plain_rnd = random.Random(seed), random.Random(seed)
        fast = breed_pairs(mom, dad, fast_rnd, mom_share=share, dad_share=1 - share)
        assert fast == pairs_child(mom, dad, plain_rnd, mom_share=share, dad_share=1 - share)
        assert fast_rnd.random() == plain_rnd.random()
        degree = float(rng.choice([0.0, 0.1, 0.3, 0.5]))
        assert mutate(mom, degree, fast_rnd) == reverse_mutation(mom, degree, plain_rnd)
        assert fast_rnd.random() == plain_rnd.random()


def test_preferences_child_keeps_moms_slice_and_dads_order():
    """The child's preference list: mom's on the drawn slice, the other prizes in dad's order."""
    rng = np.random.default_rng(6)
    for seed in range(300):
        n = int(rng.integers(2, 21))
        mom, dad = [int(v) for v in rng.permutation(n)], [int(v) for v in rng.permutation(n)]
        for published in (False, True):
            draw = random.Random(seed)
            if published:
                i = draw.randrange(n - 1)
                j = draw.randrange(i + 1, n)
            else:
                i, j = sorted(draw.sample(range(n + 1), 2))
            rnd = random.Random(seed)
            child = preference_list(breed_preferences(mom, dad, rnd, as_published=published))
            kept = preference_list(mom)[i:j]
            assert child[i:j] == kept
            assert [c for c in child if c not in kept] == [c for c in preference_list(dad)
                                                           if c not in kept]
            assert rnd.random() == draw.random()                # the slice is all it draws


def test_mutation_degree_half_forgets_every_relation():
    rnd = random.Random(0)
    base = list(range(6))
    kept = np.mean([c[0] < c[5] for c in (mutate(base, 0.5, rnd) for _ in range(4000))])
    small = np.mean([c[0] < c[5] for c in (mutate(base, 0.1, rnd) for _ in range(4000))])
    assert abs(kept - 0.5) < 0.03 and small > 0.85


def test_bad_shares_and_degrees_raise():
    with pytest.raises(ValueError, match="degree"):
        mutate([0, 1], 0.6, random.Random(0))
    with pytest.raises(ValueError, match="mom_share"):
        breed_pairs([0, 1], [1, 0], random.Random(0), mom_share=0, dad_share=0)


def test_breed_children_fills_the_generation_from_parents_and_children_so_far():
    seen = []

    def breed(mom, dad, rnd):                 # records who bred, returns a new member
        seen.append((tuple(mom), tuple(dad)))
        return [len(seen), rnd.random()]

    parents = [[-1], [-2], [-3]]
    children = breed_children(parents, 10, breed, random.Random(4))
    assert len(children) == 7 and parents == [[-1], [-2], [-3]]
    assert [c[0] for c in children] == list(range(1, 8))
    assert all(m != d for m, d in seen)
    members = {tuple(m) for m in parents} | {tuple(c) for c in children}
    assert all(m in members and d in members for m, d in seen)
    assert any(m[0] > 0 or d[0] > 0 for m, d in seen)      # children do breed again
    assert breed_children(parents, 3, breed, random.Random(4)) == []
    rnd, manual = random.Random(4), []              # the draws of the loop it replaced
    while len(parents) + len(manual) < 10:
        rnd.sample(parents + manual, 2)                 # mom and dad
        manual.append([len(manual) + 1, rnd.random()])
    assert manual == children


def test_breed_children_refuses_fewer_than_two_parents():
    for parents in ([], [[0, 1, 2]]):
        with pytest.raises(ValueError, match="at least two parents"):
            breed_children(parents, 5, breed_pairs, random.Random(0))
    assert breed_children([[0, 1, 2]], 1, breed_pairs, random.Random(0)) == []   # nothing to breed
    rnd = random.Random(0)
    assert len(breed_children([[0, 1, 2], [2, 1, 0]], 4, breed_pairs, rnd)) == 2
