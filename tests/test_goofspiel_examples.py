"""The article's worked examples, the partial orders of breeding-pairs, swap mutation, pool fates."""

import itertools
import random
from fractions import Fraction

import matplotlib
import pytest

matplotlib.use("Agg")

from goofspiel import Arena, ArenaConfig, Strategy, evolve, identity, play
from goofspiel.bots.arena import pool_fates
from goofspiel.draw import animate_game, draw_order
from goofspiel.evolution.breed import breed_pairs, order_crossover, swap_mutate
from goofspiel.evolution.orders import PartialOrder, hasse_edges, levels, pairs_steps
from goofspiel.game import award

MOM, DAD = (1, 2, 3, 4, 5), (5, 1, 2, 3, 4)
DRAWS = [("mom", 2, 4), ("dad", 2, 3), ("mom", 3, 5), ("dad", 1, 2), ("mom", 3, 4),
         ("dad", 5, 4)]


def test_two_player_rule_example():
    alice = Strategy.from_bids((3, 2, 4), (2, 3, 4))
    chen = Strategy.from_bids((2, 4, 3), (2, 3, 4))
    assert play([alice, chen]) == [6, 3]


def test_three_player_tie_split():
    assert award(4, [2, 3, 3]) == [0, 2, 2]
    assert award(5, [1, 1, 1]) == [Fraction(5, 3)] * 3
    with pytest.raises(ValueError):
        award(4, [])


def test_order_crossover_article_example():
    assert order_crossover(list(MOM), list(DAD), 2, 4) == [5, 1, 3, 4, 2]
    assert order_crossover(list(MOM), list(DAD), 0, 5) == list(MOM)
    assert order_crossover(list(MOM), list(DAD), 0, 0) == list(DAD)
    with pytest.raises(ValueError):
        order_crossover([1, 2], [1, 3], 0, 1)
    with pytest.raises(ValueError):
        order_crossover([1, 2], [2, 1], 2, 1)


def test_breeding_pairs_article_example():
    steps = pairs_steps(DRAWS, MOM, DAD)
    third = steps[2]
    assert third.pairs == {(2, 4), (2, 3), (3, 5), (2, 5)}
    assert hasse_edges(third) == [(2, 3), (2, 4), (3, 5)]
    assert levels(third) == {1: 0, 2: 0, 3: 1, 4: 1, 5: 2}
    assert steps[-1].total and steps[-1].preferences() == (1, 2, 3, 5, 4)
    with pytest.raises(ValueError, match="already ordered"):
        pairs_steps(DRAWS + [("mom", 1, 5)], MOM, DAD)
    with pytest.raises(ValueError):
        pairs_steps([("aunt", 1, 2)], MOM, DAD)


def test_partial_order_closure_matches_brute_force():
    rnd = random.Random(3)
    for _ in range(200):
        target = rnd.sample(range(6), 6)
        order = PartialOrder(tuple(range(6)))
        added = set()
        for a, b in rnd.sample(list(itertools.combinations(range(6), 2)), 6):
            if order.ordered(a, b):
                continue
            low, high = sorted((a, b), key=target.index)
            order.add(low, high)
            added.add((low, high))
        closure = set(added)
        while True:
            more = {(a, d) for a, b in closure for c, d in closure if b == c} - closure
            if not more:
                break
            closure |= more
        assert order.pairs == closure
    with pytest.raises(ValueError, match="cycle"):
        o = PartialOrder((1, 2))
        o.add(1, 2)
        o.add(2, 1)


def test_breed_pairs_child_is_total_and_agrees_with_parents_when_they_agree():
    rnd = random.Random(0)
    for _ in range(100):
        child = breed_pairs([0, 1, 2, 3], [0, 1, 2, 3], rnd)
        assert child == [0, 1, 2, 3]


def test_swap_mutation():
    rnd = random.Random(1)
    assert swap_mutate([0, 1, 2, 3], 0.0, rnd) == [0, 1, 2, 3]
    for _ in range(50):
        child = swap_mutate([0, 1, 2, 3, 4], 1.0, rnd)
        assert sorted(child) == [0, 1, 2, 3, 4]
        assert sum(a != b for a, b in zip(child, [0, 1, 2, 3, 4])) == 2
    with pytest.raises(ValueError):
        swap_mutate([0, 1], 1.5, rnd)
    assert evolve("pairs", 1.0, "children", generations=5, operator="swap", deck=range(1, 8)).best.shape
    with pytest.raises(ValueError):
        evolve("pairs", 0.8, "children", operator="reverse")
    with pytest.raises(ValueError):
        evolve("pairs", 0.1, "children", operator="invert")


def test_pool_fates_follow_the_trace():
    arena = Arena(ArenaConfig(), seed=4)
    while not arena.history or arena.history[-1].human_out:
        arena = Arena(ArenaConfig(), seed=arena.seed + 1)
        arena.play_round(identity(range(1, 8)))
    fates = pool_fates(arena.last_pool, arena.last_trace)
    assert [f.label for f in fates] == [label for label, _ in arena.last_pool]
    assert all(0 <= f.generations <= 3 for f in fates)
    assert sum(f.chosen for f in fates) <= 1
    assert not any(f.chosen for f in fates if f.label == "copy of the human")
    trace = [[0, 2], [2], [2], 2]
    assert [f.generations for f in pool_fates([("a", None)] * 3, trace)] == [1, 0, 3]
    assert [f.chosen for f in pool_fates([("a", None)] * 3, trace)] == [False, False, True]


def test_drawings_run():
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots()
    assert draw_order(pairs_steps(DRAWS, MOM, DAD)[2], "three draws", ax=ax) is ax
    assert ax.get_title() == "three draws"
    plt.close(fig)
    own = draw_order(pairs_steps(DRAWS, MOM, DAD)[-1])          # a figure of its own
    assert own.figure is not fig and len(own.texts) == 5
    plt.close(own.figure)
    with pytest.raises(TypeError, match="ax"):
        draw_order(pairs_steps(DRAWS, MOM, DAD)[0], ax="axes")
    arena = Arena(ArenaConfig(deck=(1, 2, 3)), seed=0)
    arena.play_round(identity((1, 2, 3)))
    anim = animate_game(arena.history, ["you", "bot"])
    assert anim.to_jshtml()
    plt.close(plt.gcf())                                # the animation's figure, the newest one
    with pytest.raises(ValueError):
        animate_game([], ["you"])


def test_observations():
    import numpy as np

    from goofspiel.evolution.observe import difference, improvement, mean_se, never_beaten_after
    from studykit.stats import Estimate
    assert mean_se([1, 3]) == Estimate(2.0, 1.0, 2)
    d = difference([1, 3], [0, 0, 0])
    assert d.diff == 2 and d.se == 1 and d.z == 2
    curves = np.array([[-5, -3, -3], [-6, -6, -2]])
    assert improvement(curves, 1).diff == 3.0
    assert never_beaten_after(curves, 2) == 0.5
    with pytest.raises(ValueError):
        mean_se([1])
    with pytest.raises(ValueError):
        improvement(curves, 0)
    with pytest.raises(ValueError):
        never_beaten_after(curves, 4)
    assert d.verdict == "no measurable difference"                # z = 2 is not beyond 2
    assert difference([2, 2.2], [0, 0]).verdict == "measurably better"
    assert difference([0, 0], [2, 2.2]).verdict == "measurably worse"


def test_run_curves_and_final_scores_select_the_runs_of_one_setting():
    import numpy as np

    from goofspiel.evolution.ga import History
    from goofspiel.evolution.observe import final_scores, run_curves

    def run(k, i):
        return History(np.array([i, i + k]), np.zeros(2), np.array([k, k]), [], np.zeros(0))

    rows = [{"breeder": b, "initial": i, "result": run(k, i)}
            for k, (b, i) in enumerate([("pairs", 5), ("random", 5), ("pairs", 10), ("pairs", 5)])]
    curves = run_curves(rows, breeder="pairs", initial=5)
    assert curves.best.tolist() == [[5, 5], [5, 8]] and curves.diversity.tolist() == [[0, 0], [3, 3]]
    assert run_curves(rows, breeder="random").best.tolist() == [[5, 6]]
    assert final_scores(rows, breeder="pairs").tolist() == [5, 12, 8]     # initials pooled
    assert final_scores(rows, breeder="pairs", initial=5).tolist() == list(curves.best[:, -1])
    for select in (run_curves, final_scores):
        with pytest.raises(ValueError, match="rows hold no run matching"):
            select(rows, breeder="preferences")
        with pytest.raises(ValueError, match="History"):
            select([{"breeder": "pairs", "result": {"best": [1]}}], breeder="pairs")
        with pytest.raises(TypeError, match="rows"):
            select("rows")
