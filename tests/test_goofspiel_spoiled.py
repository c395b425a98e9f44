"""Issue 41: valid calls replayed with one argument spoiled are refused by our own checks, a
TypeError or ValueError whose message starts with the spoiled argument's name."""

import random

import numpy as np
import pytest
from fuzzing import refused

from goofspiel.bots.arena import ArenaConfig
from goofspiel.bots.scripted import scripted_trial
from goofspiel.evolution.breed import breed_pairs, breed_preferences, mutate
from goofspiel.evolution.ga import grid_trial, identity_score
from goofspiel.evolution.observe import final_scores
from goofspiel.game import award


def first(call, name):
    """``call`` is refused by our check, and the message opens with ``name``."""
    error = refused(call, name)
    assert str(error).startswith(name), str(error)
    return error


def test_award_checks_the_prizes_range():
    assert award(4, [2, 3, 3]) == [0, 2, 2] and award(10**12, [1]) == [10**12]
    for prize in (-10**6 - 10**12, 10**24):
        assert isinstance(first(lambda p=prize: award(p, [1, 2]), "prize"), ValueError)


@pytest.mark.parametrize("breed", [breed_pairs, breed_preferences])
@pytest.mark.parametrize("mom", [(), [], np.array([], dtype=np.int64), (0,), (1, 0)])
def test_an_empty_or_short_mom_is_named_not_dad(breed, mom):
    first(lambda: breed(mom, (0, 1, 2), random.Random(0)), "mom")


def test_mutate_refuses_a_strategy_of_no_cards():
    assert mutate((0,), 0.5, random.Random(0)) == [0]          # the smallest deck: one card
    for ranks in ((), [], np.array([], dtype=np.int64)):
        first(lambda r=ranks: mutate(r, 0.2, random.Random(0)), "ranks")


def test_grid_trial_bounds_cards():
    for cards in (10**24, 10**4):
        assert isinstance(first(lambda c=cards: grid_trial("pairs", 0.1, 5, 2, 0, cards=c),
                                "cards"), ValueError)


def test_identity_score_refuses_the_empty_deck_naming_deck():
    assert identity_score(np.array([[0]]), np.array([5])).tolist() == [0]
    first(lambda: identity_score(np.empty((1, 0), dtype=np.int64), np.array([], dtype=np.int64)),
          "deck")


@pytest.mark.parametrize("human", [None, 3, "xyz"])
def test_scripted_trial_names_human(human):
    first(lambda: scripted_trial(human, False, "game", 1, 0, cards=4), "human")


def test_final_scores_names_rows_when_none_matches():
    first(lambda: final_scores([], breeder="pairs"), "rows")


def test_arena_bounds_random_bots_and_duels_naming_them():
    assert ArenaConfig(random_bots=1000, duels=100, scoring="duel").duels == 100
    first(lambda: ArenaConfig(random_bots=10**24), "random_bots")
    first(lambda: ArenaConfig(random_bots=1001), "random_bots")
    first(lambda: ArenaConfig(duels=10**24), "duels")
    first(lambda: ArenaConfig(duels=0), "duels")
