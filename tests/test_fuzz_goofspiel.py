"""Fuzz of goofspiel's non-equilibrium entry points (strategies, the GA, breeders, the arena,
orders, observations, scripted players): random bids and decks either make the strategy they
describe or are refused (never a truncated card, never a repeated one), and every bad argument
is refused quickly by our own checks, naming itself. The issue's cases are regressions."""

import itertools
import math
import random
from itertools import pairwise

import numpy as np
import pytest
from fuzzing import FUZZ, bad_name, bad_real, bad_whole, not_a_flag, not_whole, refused
from hypothesis import given
from hypothesis import strategies as st

from goofspiel import (
    Arena,
    ArenaConfig,
    Mixture,
    Strategy,
    all_ranks,
    animate_game,
    best_reply,
    best_response,
    breed_pairs,
    breed_preferences,
    breed_random,
    deck_size,
    draw_marginal,
    equilibrium,
    evolve,
    exploitability,
    grid_trial,
    identity,
    identity_score,
    margin,
    mixed_vector,
    mutate,
    payoff_matrix,
    play,
    random_strategy,
    reverse,
    scripted_human,
    scripted_trial,
    solve_matrix_game,
    strategy_table,
    summarise_by_label,
)
from goofspiel.bots.scripted import bot_measures, survival_summary
from goofspiel.bots.scripted_summary import survival_table
from goofspiel.equilibria.birkhoff import birkhoff, margin_equilibrium, margin_lp
from goofspiel.equilibria.doubleoracle import winloss_equilibrium
from goofspiel.equilibria.measures import strategy_row
from goofspiel.equilibria.mixture import margin_matrix
from goofspiel.evolution.breed import order_crossover, swap_mutate
from goofspiel.evolution.observe import difference, improvement, mean_se, never_beaten_after
from goofspiel.evolution.orders import PartialOrder, hasse_edges, pairs_steps
from goofspiel.game import award

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


# ---- issue 30: sizes checked first, numpy integers, inputs that do not fit together -----------

HUGE = [10**9, 10**18, range(10**9), np.int64(10**9)]


@pytest.mark.parametrize("size", HUGE, ids=["1e9", "1e18", "range", "np.int64"])
def test_every_deck_entry_refuses_a_huge_deck_at_once(size):
    """Each refuses in under a second, before listing the cards (equilibrium(10**9) filled
    24 GB): the equilibrium, the matrix game, the replies, the GA, the arena, the strategies."""
    cards = size if isinstance(size, range) else range(1, int(size) + 1)
    refused(lambda: equilibrium(size), "n must be <= 64")
    refused(lambda: equilibrium(size, "winloss"), "n must be <= 9")
    refused(lambda: equilibrium(size, method="lp"), "n must be <= 7")
    refused(lambda: payoff_matrix(size), "deck")
    refused(lambda: mixed_vector({}, size), "deck")
    refused(lambda: margin_lp(size), "deck")
    refused(lambda: margin_equilibrium(size), "deck")
    refused(lambda: winloss_equilibrium(size, progress=False), "deck")
    refused(lambda: best_reply({(1, 2): 1.0}, deck=size), "deck")
    refused(lambda: identity(cards), "deck")
    refused(lambda: random_strategy(cards, np.random.default_rng(0)), "deck")
    refused(lambda: evolve(deck=cards), "deck")
    refused(lambda: grid_trial("pairs", 0.0, 5, 2, 0, cards=len(cards)), "cards")
    refused(lambda: ArenaConfig(deck=cards), "deck")
    refused(lambda: Strategy(cards, cards), "deck")
    refused(lambda: Strategy.from_bids(cards), "bids")
    refused(lambda: PartialOrder(cards), "cards")
    refused(lambda: all_ranks(size), "n")


def test_endless_decks_are_refused_without_being_listed():
    refused(lambda: identity(itertools.count(1)), "deck")
    refused(lambda: equilibrium(itertools.count(1)), "n must be <= 64")


def test_matrix_games_refuse_what_they_cannot_solve_in_time():
    refused(lambda: solve_matrix_game(np.zeros((6000, 6000), np.int8)), "a")
    refused(lambda: solve_matrix_game(np.full((3, 3), np.nan)), "a")
    assert solve_matrix_game([[0, 1], [-1, 0]]).value == pytest.approx(0)   # lists: accepted
    refused(lambda: birkhoff(np.eye(65)), "marginal")
    refused(lambda: margin_matrix(np.zeros((10**5, 3), int), np.zeros((10**5, 3), int), [1, 2, 3]),
            "GB")


@pytest.mark.parametrize("value", [np.int64(3), np.int32(3), np.uint8(3)])
def test_numpy_integers_are_whole_numbers(value):
    assert deck_size(value, "N") == 3 and type(deck_size(value, "N")) is int
    assert equilibrium(value).deck == (1, 2, 3)
    assert payoff_matrix(value).shape == (6, 6)
    assert identity(np.arange(1, value + 1)).deck == (1, 2, 3)
    assert evolve(generations=2, population=value + 2, survivors=value, initial=value,
                  deck=range(1, 6)).best.shape == (2,)
    assert ArenaConfig(bots=value, population=value + 1, survivors=value).bots == 3
    assert winloss_equilibrium(value, starts=value, batch=value, seed=value,
                               progress=False).certified


@pytest.mark.parametrize("value", [True, False, np.True_, "3", 3.0, None])
def test_bool_text_and_floats_are_not_whole_numbers(value):
    refused(lambda: deck_size(value, "N"), "N")
    refused(lambda: equilibrium(value), "n")
    refused(lambda: winloss_equilibrium(4, starts=value, progress=False), "starts")
    refused(lambda: winloss_equilibrium(4, seed=value, progress=False), "seed")
    refused(lambda: all_ranks(value), "n")


@pytest.mark.parametrize("name, value", [("tol", "small"), ("tol", np.nan), ("tol", True),
                                         ("iterations", np.nan), ("iterations", "10"),
                                         ("iterations", 0), ("nodes", 0), ("nodes", 1.5),
                                         ("oracle", "lp"), ("approximate", -1),
                                         ("batch", 0), ("progress", "no")])
def test_winloss_equilibrium_refuses_each_bad_argument(name, value):
    refused(lambda: winloss_equilibrium(4, **{"progress": False, name: value}), name)


def test_strategies_for_another_deck_are_refused_not_answered():
    """exploitability(identity(1..3), deck=[4, 5, 6]) was 0.0: the deck was ignored."""
    s = identity(range(1, 4))
    for payoff in ("margin", "winloss"):
        refused(lambda p=payoff: exploitability(s, p, deck=[4, 5, 6]), "deck")
        refused(lambda p=payoff: best_reply(equilibrium(3), p, deck=[4, 5, 6]), "deck")
    assert exploitability(s, "margin", deck=[1, 2, 3]) == exploitability(s, "margin")
    refused(lambda: mixed_vector(s, [4, 5, 6]), "deck")
    refused(lambda: mixed_vector(identity(range(1, 4)), 4), "deck")
    e20 = equilibrium(20)
    refused(lambda: strategy_row("identity", range(7), range(1, 8), e20.mixture), "deck")
    refused(lambda: strategy_table([("identity", range(20))], range(2, 22), e20.mixture), "deck")
    a = payoff_matrix(3, "margin")
    refused(lambda: equilibrium(3, "winloss", matrix=a), "matrix")
    refused(lambda: equilibrium([2, 4, 6], matrix=a), "matrix")
    refused(lambda: margin_matrix([[0, 1, 2]], [[2, 1, 0]], [1, 2]), "prizes")


def test_mixed_strategies_with_bad_content_are_refused():
    a = payoff_matrix(3)
    for x in (np.full(6, 0.5), np.array([1.5, -0.5, 0, 0, 0, 0]), np.full(6, np.nan),
              np.ones(6, bool), np.ones(6) / 6 + 0j):
        refused(lambda v=x: exploitability(v, a), "strategy")
        refused(lambda v=x: best_response(v, a), "x")
    refused(lambda: exploitability(np.ones(6) / 6, a, deck=3), "deck")
    assert best_response(np.ones(6) / 6, a.tolist()) == best_response(np.ones(6) / 6, a)
    for mapping in ({(1, 2, 3): "1"}, {(1, 2, 3): True}, {(1, 2, 3): np.nan}, {123: 1.0},
                    {"123": 1.0}, {(1, 2.5, 3): 1.0}):
        refused(lambda m=mapping: exploitability(m), "strategy")
        refused(lambda m=mapping: mixed_vector(m, 3), "strategy", "probability")
    refused(lambda: mixed_vector({(1, 2, 3): 0.5}, 3), "sum to 1")
    refused(lambda: mixed_vector("123", 3), "strategy")
    ranks, probs = np.array([[0, 1, 2]]), np.ones(1)
    refused(lambda: Mixture((3, 2, 1), ranks, probs), "deck")
    refused(lambda: Mixture((1, 1, 2), ranks, probs), "deck")
    refused(lambda: Mixture((1, 2.5, 3), ranks, probs), "deck")
    refused(lambda: Mixture((1, 2, 3), [[0.0, 1.0, 2.0]], probs), "ranks")
    refused(lambda: Mixture((1, 2, 3), ranks, ["1"]), "probs")
    assert Mixture((1, 2, 3), [[0, 1, 2]], [1.0]).strategy == {(1, 2, 3): 1.0}


def test_drawings_refuse_what_does_not_fit():
    e = equilibrium(4)
    refused(lambda: draw_marginal(e.marginal, deck=[1.5, 2, 3, 4]), "deck")
    refused(lambda: draw_marginal(e.marginal, vmax=np.nan), "vmax")
    refused(lambda: draw_marginal(e.marginal, vmax=True), "vmax")
    refused(lambda: draw_marginal([["a"]]), "marginal")
    arena = Arena(ArenaConfig(), seed=0)
    arena.play_round(identity(range(1, 8)))
    refused(lambda: animate_game(arena.history, ["you"]), "names")
    refused(lambda: animate_game(arena.history, ["you", 1]), "names")
    refused(lambda: animate_game(["round"], ["you", "bot"]), "history")
    refused(lambda: animate_game(arena.history, ["you", "bot"], interval=0), "interval")
    refused(lambda: summarise_by_label({"strategy": []}), "table")


def test_an_absurd_population_is_named_with_its_range():
    """evolve(population=-5) complained about survivors."""
    for value in (-5, 0, 1):
        error = refused(lambda v=value: evolve(population=v), "population")
        assert str(error).startswith("population must be a whole number >= 2")
    error = refused(lambda: ArenaConfig(population=-5), "population")
    assert str(error).startswith("population must be a whole number >= 3")


def test_breeding_pairs_replays_refuse_decks_too_big_to_follow():
    prefs = list(range(1, 66))
    refused(lambda: pairs_steps([("mom", 1, 2)], prefs, prefs[::-1]), "cards")


def test_scripted_players_refuse_sizes_and_equilibria_that_do_not_fit():
    refused(lambda: scripted_trial("identity", False, "game", 2, 0, cards=10**9), "cards")
    refused(lambda: bot_measures((0, 1, 2), (1, 2, 3), {(4, 5, 6): 1.0}), "permutations")
    refused(lambda: bot_measures((0, 1, 2), (1, 2, 3), {(1, 2): 1.0}), "permutations")
    refused(lambda: bot_measures((0, 1, 2), (1, 2, 3), {(1, 2, 3): 0.5}), "sum to 1")
    refused(lambda: bot_measures((0, 1, 2), (1, 2, 3), {(1, 2, 3): "1"}), "probabilities")
    refused(lambda: bot_measures((0, 1, 2), (1, 2, 3), {(1, 2, 3): np.nan}), "probabilities")
    refused(lambda: bot_measures((0, 1, 2), (1, 2, 3), [(1, 2, 3)]), "equilibrium")
    assert bot_measures((0, 1, 2), (1, 2, 3), {(1, 2, 3): 1.0}).vs_equilibrium == 0.0
    rows = [{"human": "identity", "scoring": "game", "as_published": pub,
             "result": scripted_trial("identity", pub, "game", 2, seed)}
            for pub in (False, True) for seed in range(2)]
    rng = np.random.default_rng(0)
    refused(lambda: survival_table(rows, "identity", ["game"], 2, rng), "humans")
    refused(lambda: survival_table(rows, ["alien"], ["game"], 2, rng), "humans")
    refused(lambda: survival_table(rows, ["identity"], [], 2, rng), "scorings")
    assert len(survival_table(rows, ["identity"], ["game"], 2, rng).table) == 2


def test_pairs_beyond_a_total_order_are_refused_without_being_listed():
    refused(lambda: Strategy.from_pairs(itertools.repeat((1, 2)), (1, 2, 3)), "pairs")
