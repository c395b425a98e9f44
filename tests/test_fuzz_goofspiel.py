"""Fuzz of goofspiel's non-equilibrium entry points (strategies, the GA, breeders, the arena,
orders, observations, scripted players): random bids and decks either make the strategy they
describe or are refused (never a truncated card, never a repeated one), and every bad argument
is refused quickly by our own checks, naming itself. The issue's cases are regressions."""

import math
import random
from itertools import pairwise

import numpy as np
from fuzzing import FUZZ, bad_name, bad_real, bad_whole, not_a_flag, not_whole, refused
from hypothesis import given
from hypothesis import strategies as st

from goofspiel import (
    Arena,
    ArenaConfig,
    Strategy,
    breed_pairs,
    breed_preferences,
    breed_random,
    evolve,
    grid_trial,
    identity,
    identity_score,
    margin,
    mutate,
    play,
    random_strategy,
    reverse,
    scripted_human,
    scripted_trial,
)
from goofspiel.breed import order_crossover, swap_mutate
from goofspiel.game import award
from goofspiel.observe import difference, improvement, mean_se, never_beaten_after
from goofspiel.orders import PartialOrder, hasse_edges, pairs_steps
from goofspiel.scripted import survival_summary

card = st.one_of(st.integers(-2, 9), st.sampled_from([1.9, 2.5, 3.2, 2.0, math.nan]),
                 st.booleans())


def whole_cards(values) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values)


@FUZZ
@given(st.lists(card, max_size=7))
def test_from_bids_is_the_strategy_it_says_or_refused(bids):
    deck = tuple(range(1, len(bids) + 1))
    if whole_cards(bids) and sorted(bids) == list(deck) and bids:
        s = Strategy.from_bids(bids)
        assert s.bids == tuple(bids) and s.deck == deck
        assert Strategy.from_preferences(s.preferences) == s
    else:
        refused(lambda: Strategy.from_bids(bids), "bids", "deck")
        refused(lambda: Strategy.from_preferences(bids), "prefs", "deck")


@FUZZ
@given(st.lists(card, max_size=6), st.lists(st.one_of(st.integers(-1, 6), st.floats()),
                                            max_size=6))
def test_strategy_takes_an_increasing_deck_and_a_rank_permutation(deck, ranks):
    ok_deck = whole_cards(deck) and deck and all(a < b for a, b in pairwise(deck))
    ok_ranks = whole_cards(ranks) and sorted(ranks) == list(range(len(deck)))
    if ok_deck and ok_ranks:
        s = Strategy(tuple(deck), tuple(ranks))
        assert sorted(s.bids) == sorted(deck)
    else:
        refused(lambda: Strategy(tuple(deck), tuple(ranks)), "deck", "ranks")


@FUZZ
@given(st.lists(card, max_size=6))
def test_decks_are_distinct_whole_numbers(deck):
    if whole_cards(deck) and deck and len(set(deck)) == len(deck):
        assert identity(deck).deck == tuple(sorted(deck))
        assert random_strategy(deck, np.random.default_rng(0)).deck == tuple(sorted(deck))
    else:
        refused(lambda: identity(deck), "deck")
        refused(lambda: evolve(deck=deck, generations=2), "deck")
        refused(lambda: ArenaConfig(deck=tuple(deck)), "deck")


EVOLVE_BAD = {"breeder": bad_name(("pairs", "preferences", "random")),
              "mutate": bad_name(("none", "children", "all")),
              "operator": bad_name(("reverse", "swap")), "mutation": bad_real(0, 0.5),
              "initial": bad_whole(2, 25), "generations": bad_whole(1, 1_000_000),
              "population": st.one_of(not_whole(), st.integers(max_value=10)),
              "survivors": bad_whole(1, 24), "immigrants": bad_whole(0, 15),
              "seed": st.one_of(not_whole(), st.integers(max_value=-1)),
              "as_published": not_a_flag, "progress": not_a_flag}


@FUZZ
@given(st.sampled_from(sorted(EVOLVE_BAD)), st.data())
def test_evolve_refuses_each_bad_argument(name, data):
    value = data.draw(EVOLVE_BAD[name])
    refused(lambda: evolve(**{"generations": 2, name: value}), name,
            "generations x population" if name in ("generations", "population") else name)


@FUZZ
@given(bad_real(0, 1), st.integers(0, 10))
def test_grid_trial_refuses_bad_mutation_degrees(mutation, seed):
    refused(lambda: grid_trial("pairs", mutation, 5, 2, seed), "mutation")


ARENA_BAD = {"bots": bad_whole(1, 1000), "breeder": bad_name(("pairs", "preferences", "random")),
             "mutation": bad_real(0, 0.5), "generations": bad_whole(1, None),
             "population": st.one_of(not_whole(), st.integers(max_value=2)),
             "survivors": st.one_of(not_whole(), st.integers(max_value=1), st.integers(4, 10)),
             "random_bots": st.one_of(not_whole(), st.integers(max_value=-1)),
             "scoring": bad_name(("game", "duel")), "duels": bad_whole(1, None),
             "as_published": not_a_flag}


@FUZZ
@given(st.sampled_from(sorted(ARENA_BAD)), st.data())
def test_arena_config_refuses_each_bad_argument(name, data):
    value = data.draw(ARENA_BAD[name])
    refused(lambda: ArenaConfig(**{name: value}), name, "generations x population")


def test_arena_refuses_absurd_work_and_bad_seeds_and_humans():
    refused(lambda: Arena(ArenaConfig(bots=10**8)), "bots")
    refused(lambda: ArenaConfig(generations=10**6, population=1000), "generations x population")
    refused(lambda: Arena(seed=None), "seed")
    refused(lambda: Arena(seed=-1), "seed")
    refused(lambda: Arena(config={"bots": 1}), "config")
    arena = Arena(ArenaConfig(), seed=0)
    refused(lambda: arena.play_round((1, 2, 3, 4, 5, 6, 7)), "human")
    refused(lambda: arena.play_round(identity(range(1, 6))), "human")


rank_lists = st.lists(st.one_of(st.integers(-1, 6), st.floats(allow_nan=True)), min_size=1,
                      max_size=6)


@FUZZ
@given(rank_lists, rank_lists)
def test_breeders_take_two_rank_permutations_of_one_size(mom, dad):
    ok = (whole_cards(mom) and whole_cards(dad) and sorted(mom) == list(range(len(mom)))
          and sorted(dad) == sorted(mom))
    breeders = [breed_pairs, breed_preferences, breed_random]
    if ok:
        for breed in breeders:
            assert sorted(breed(mom, dad, random.Random(0))) == sorted(mom)
    else:
        for breed in breeders:
            refused(lambda b=breed: b(mom, dad, random.Random(0)), "mom", "dad")


@FUZZ
@given(bad_real(0, 0.5), bad_real(0, 1))
def test_mutations_refuse_bad_degrees_and_rates(degree, rate):
    refused(lambda: mutate([0, 1, 2], degree, random.Random(0)), "degree")
    refused(lambda: swap_mutate([0, 1, 2], rate, random.Random(0)), "rate")


def test_breeding_refuses_bad_streams_shares_and_slices():
    refused(lambda: breed_pairs([0, 1], [1, 0], 0), "rnd")
    refused(lambda: breed_pairs([0, 1], [1, 0], random.Random(0), mom_share=math.nan), "mom_share")
    refused(lambda: breed_pairs([0, 1], [1, 0], random.Random(0), mom_share=0, dad_share=0),
            "mom_share")
    refused(lambda: breed_preferences([0, 1], [1, 0], random.Random(0), as_published="no"),
            "as_published")
    refused(lambda: order_crossover([1, 2, 3], [3, 2, 1], 0, "2"), "end")
    refused(lambda: order_crossover([1, 2.5, 3], [3, 2.5, 1], 0, 2), "whole")
    refused(lambda: order_crossover([1, 2, 3], [3, 2, 1], 2, 9), "end")


def test_games_refuse_what_is_not_a_strategy():
    s = identity(range(1, 4))
    refused(lambda: play([s, "1<2<3"]), "strategies")
    refused(lambda: play(s), "strategies")
    refused(lambda: play([s]), "strategies")
    refused(lambda: play([s, identity(range(1, 5))]), "deck")
    refused(lambda: margin(s, (0, 1, 2)), "b")
    refused(lambda: reverse("1<2<3"), "strategy")
    refused(lambda: award(2.5, [1, 2]), "prize")
    refused(lambda: award(3, [1.5, 2]), "bids")
    refused(lambda: random_strategy([1, 2, 3], 0), "rng")
    refused(lambda: identity_score([[0, 1, 1]], np.array([1, 2, 3])), "ranks")
    refused(lambda: identity_score([[0, 1.5, 2]], np.array([1, 2, 3])), "ranks")
    refused(lambda: Strategy.from_pairs([(1, 2.5)], (1, 2, 3)), "pairs")
    refused(lambda: Strategy.from_pairs("12", (1, 2)), "pairs")


def test_orders_observations_and_scripted_players_refuse_bad_arguments():
    refused(lambda: PartialOrder((1, 2.5)), "cards")
    refused(lambda: PartialOrder((1, 1)), "cards")
    order = PartialOrder((1, 2, 3))
    refused(lambda: order.ordered(1, 9), "card")
    refused(lambda: order.add(1, 2.0), "card")
    refused(lambda: hasse_edges("order"), "order")
    refused(lambda: pairs_steps([("aunt", 1, 2)], [1, 2], [2, 1]), "parent")
    refused(lambda: pairs_steps([("mom", 1)], [1, 2], [2, 1]), "draws")
    refused(lambda: pairs_steps([("mom", 1, 2)], [1, 2.5], [2.5, 1]), "mom")
    refused(lambda: mean_se([1.0, math.nan]), "values")
    refused(lambda: mean_se(["a", "b"]), "values")
    refused(lambda: difference([1, 2], [1, math.inf]), "values")
    refused(lambda: improvement(np.ones((3, 4)), 1.5), "start")
    refused(lambda: never_beaten_after(np.ones((3, 4)), "2"), "generation")
    refused(lambda: scripted_human("alien", (1, 2, 3)), "kind")
    refused(lambda: scripted_human("identity", (1, 2, 3), seed=None), "seed")
    refused(lambda: scripted_human("mixed", (1, 2, 3), mix={(1, 2, 3): math.nan}), "mix")
    refused(lambda: scripted_human("mixed", (1, 2, 3), mix={(1, 2, 3): 0.0}), "mix")
    refused(lambda: scripted_human("equilibrium", (1, 2, 3), favourite=(1.5, 2, 3)), "bids")
    refused(lambda: scripted_trial("identity", False, "game", 10**6, 0), "rounds")
    refused(lambda: scripted_trial("identity", False, "game", 2.5, 0), "rounds")
    refused(lambda: scripted_trial("identity", "no", "game", 2, 0), "as_published")
    rng = np.random.default_rng(0)
    refused(lambda: survival_summary([1, 2], [True], 3, rng), "same length")
    refused(lambda: survival_summary([1.5, 2], [True, False], 3, rng), "survived")
    refused(lambda: survival_summary([1, 2], [True, False], 3, rng, boot=10**9), "boot")


def test_issue_cases():
    refused(lambda: evolve(deck=[1, 1, 2, 3]), "repeat")
    refused(lambda: evolve(deck=[1, 2.5, 3]), "whole numbers")
    refused(lambda: Strategy.from_bids([1.9, 2.5, 3.2]), "whole numbers")
    refused(lambda: Strategy((1, 1, 2), (0, 1, 2)), "distinct")
    refused(lambda: Arena(ArenaConfig(bots=10**8)), "bots")
    refused(lambda: evolve(generations=10**7), "generations")
    refused(lambda: evolve(seed=None), "seed")
