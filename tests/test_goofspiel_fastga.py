"""The compiled GA (``studykit.twister``, ``goofspiel.fast``): its draws are ``random.Random``'s,
each compiled breeder (``goofspiel.fast.breed``) returns what its plain twin in
``goofspiel.evolution.breed`` returns leaving the stream where it leaves it, and ``evolve``
(compiled by default, ``goofspiel.fast.ga``) returns exactly what the plain GA returns
(``evolve(fast=False)``: ``goofspiel.evolution.ga``'s loop) on many seeded configurations; a deck
the compiled GA cannot hold is refused, never run by another path."""
import random

import numpy as np
import pytest

from goofspiel import evolve
from goofspiel.evolution.breed import (
    breed_pairs,
    breed_preferences,
    mutate,
    pairs_child,
    swap_mutate,
)
from goofspiel.evolution.ga import identity_scores
from goofspiel.fast import breed as fastbreed
from goofspiel.fast import ga as fastga
from goofspiel.fast.breed import MAX_CARDS as MAX_FAST_CARDS
from goofspiel.fast.breed import all_pairs
from studykit import twister


def test_the_kernels_draw_what_random_draws():
    assert all(twister.agrees(seed) for seed in (0, 1, 2**32 - 1, 987654321))
    assert all(twister.sample_uses_pool(n, n) for n in range(2, MAX_FAST_CARDS + 1))


def test_state_round_trips_through_restore():
    rnd = random.Random(5)
    st = twister.state_of(rnd)
    expected = [random.Random(5).random() for _ in range(1)]
    assert twister.uniform(st) == expected[0]
    fresh = random.Random(0)
    twister.restore(fresh, st)
    copy = random.Random(5)
    copy.random()
    assert [fresh.random() for _ in range(700)] == [copy.random() for _ in range(700)]


@pytest.mark.parametrize("n", [2, 3, 7, 20, 21, 25, 40])
def test_each_compiled_breeder_agrees_with_breed(n):
    rng = np.random.default_rng(n)
    out = np.empty(n, np.int64)
    for seed in range(60):
        mom, dad = rng.permutation(n), rng.permutation(n)
        rnd, st = random.Random(seed), twister.state_of(random.Random(seed))
        fastbreed.pairs_child(st, mom, dad, 0.5, all_pairs(n), out)
        assert out.tolist() == breed_pairs(mom.tolist(), dad.tolist(), rnd) == \
            pairs_child(mom.tolist(), dad.tolist(), random.Random(seed))     # the plain twin
        for published in (False, True):
            fastbreed.preferences_child(st, mom, dad, published, out)
            assert out.tolist() == breed_preferences(mom.tolist(), dad.tolist(), rnd,
                                                     as_published=published)
        degree = float(rng.choice([0.1, 0.3, 0.5]))
        p_mom, before = (1.0 - degree) / ((1.0 - degree) + degree), mom.copy()
        assert fastga.generation(st, np.array([mom]), 0, 1, 0, False, all_pairs(n), 1, p_mom,
                                 degree, True)[0].tolist() == mutate(mom.tolist(), degree, rnd)
        assert fastga.generation(st, np.array([mom]), 0, 1, 0, False, all_pairs(n), 2, 1.0,
                                 0.7, True)[0].tolist() == swap_mutate(mom.tolist(), 0.7, rnd)
        assert twister.state_of(rnd).tolist() == st.tolist()
        assert mom.tolist() == before.tolist()              # the kernels copy their parents


CONFIGS = [{"as_published": True}, {"mutate": "children", "mutation": 0.2},
           {"mutate": "all", "mutation": 0.1}, {"immigrants": 3},
           {"mutate": "children", "mutation": 1.0, "operator": "swap"},
           {"mutate": "all", "mutation": 0.5, "operator": "swap", "initial": 5, "population": 30, "survivors": 8,
                "deck": range(1, 26)},
           {"as_published": True, "generations": 1}, {"as_published": True, "generations": 2},
           {"deck": [2, 3, 5, 8, 13, 21, 34], "initial": 2, "population": 5, "survivors": 2},
           {"deck": [1, 2], "initial": 2, "population": 3, "survivors": 2, "mutate": "all", "mutation": 0.3},
           {"deck": [1, 2, 3], "initial": 2, "population": 4, "survivors": 1, "immigrants": 3},
           {"survivors": 1, "generations": 1, "mutate": "children", "mutation": 0.4}]


def plain_evolve(breeder, **kwargs) -> tuple:
    """The plain GA's history as lists: (best, mean, diversity, population, scores)."""
    h = evolve(breeder, fast=False, **kwargs)
    return h.best.tolist(), h.mean.tolist(), h.diversity.tolist(), h.population, h.scores.tolist()


@pytest.mark.parametrize("breeder", ["pairs", "preferences", "random"])
@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_evolve_returns_what_the_plain_ga_returns(breeder, config):
    kwargs = {"generations": 12, **CONFIGS[config]}
    for seed in (0, 1, 2**31 + 7):
        h, old = evolve(breeder, seed=seed, **kwargs), plain_evolve(breeder, seed=seed, **kwargs)
        assert (h.best.tolist(), h.mean.tolist(), h.diversity.tolist(), h.population,
                h.scores.tolist()) == old
        assert h.best.dtype == h.mean.dtype == np.float64 and h.scores.dtype == np.int64
        assert h.diversity.dtype == np.int64
        assert all(type(r) is int for r in h.population[0])
        cards = np.array(list(kwargs.get("deck", range(1, 21))))
        assert identity_scores(h.population, cards) == h.scores.tolist()


def test_the_article_grid_cell_is_replayed_exactly():
    for seed in range(3):
        h = evolve("pairs", initial=5, generations=150, seed=seed, as_published=True)
        assert h.best.tolist() == plain_evolve("pairs", initial=5, generations=150, seed=seed,
                                               as_published=True)[0]


def test_more_cards_than_the_bit_sets_hold_are_refused_by_the_fast_path_only():
    """No silent fallback: fast=True refuses a deck beyond 62 cards naming deck and fast; the
    plain loop runs it; at 62 cards the two agree."""
    for breeder in ("pairs", "preferences"):
        for extra in ({}, {"mutate": "all", "mutation": 0.2}):
            kwargs = {"generations": 2, "population": 6, "survivors": 3, "initial": 3, **extra}
            with pytest.raises(ValueError, match=r"deck holds 63 cards: fast=True .* fast=False"):
                evolve(breeder, seed=4, deck=range(1, MAX_FAST_CARDS + 2), **kwargs)
            assert len(plain_evolve(breeder, seed=4, deck=range(1, MAX_FAST_CARDS + 2),
                                    **kwargs)[3]) == 3
            h = evolve(breeder, seed=4, deck=range(1, MAX_FAST_CARDS + 1), **kwargs)
            assert (h.best.tolist(), h.mean.tolist(), h.diversity.tolist(), h.population,
                    h.scores.tolist()) == plain_evolve(breeder, seed=4,
                                                       deck=range(1, MAX_FAST_CARDS + 1), **kwargs)


def test_one_survivor_cannot_breed_on_either_path():
    with pytest.raises(ValueError, match="at least two parents"):
        evolve("pairs", survivors=1, generations=3, seed=0)
    with pytest.raises(ValueError, match="at least two parents"):
        evolve("pairs", survivors=1, generations=3, seed=0, fast=False)


def test_the_progress_bar_runs_one_generation_per_call_with_the_same_history():
    for kwargs in ({"mutate": "all", "mutation": 0.2}, {"as_published": True, "generations": 1},
                   {"as_published": True, "generations": 2}):
        kwargs = {"generations": 6, **kwargs}
        h = evolve("pairs", seed=9, progress=True, **kwargs)
        assert (h.best.tolist(), h.mean.tolist(), h.diversity.tolist(), h.population,
                h.scores.tolist()) == plain_evolve("pairs", seed=9, **kwargs)
    with pytest.raises(ValueError, match="at least two parents"):
        evolve("pairs", survivors=1, generations=3, seed=0, progress=True)


SETTINGS = [dict(breeder=b, mutate=m, operator=o, mutation=0.0 if m == "none" else
                 (0.3 if o == "reverse" else 0.8), as_published=p)
            for b in ("pairs", "preferences", "random") for m in ("none", "children", "all")
            for o in ("reverse", "swap") for p in (False, True)]


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: "-".join(map(str, s.values())))
def test_fast_and_plain_give_identical_histories_for_every_breeder_and_mutation(settings):
    """Every breeder x mutate x operator x as_published, with immigrants and two decks."""
    for seed, deck in ((0, range(1, 21)), (5, (2, 3, 5, 7, 11, 13, 17))):
        kwargs = {"generations": 6, "population": 14, "survivors": 5, "initial": 4,
                  "immigrants": 2, "deck": deck, **settings}
        h, p = evolve(seed=seed, **kwargs), evolve(seed=seed, fast=False, **kwargs)
        assert h.best.tolist() == p.best.tolist() and h.mean.tolist() == p.mean.tolist()
        assert h.diversity.tolist() == p.diversity.tolist() and h.population == p.population
        assert h.scores.tolist() == p.scores.tolist()


def test_each_fast_module_names_its_plain_twin_first():
    from goofspiel.evolution import breed, ga

    for fast, plain in ((fastbreed, breed), (fastga, ga)):
        first = fast.__doc__.splitlines()[0]
        assert first.startswith("Compiled twin of ") and f"``{plain.__name__}" in first


def test_the_compiled_loop_takes_only_a_checked_config():
    with pytest.raises(TypeError, match="config"):
        fastga.compiled_loop({"breeder": "pairs"}, random.Random(0))
