"""The elimination game: rules, the hidden GA's pool (a real copy of the human, or a random bot
as published), scoring, scripted humans, bot measurements against brute force, and the
headline effect: bots that see the human's copy beat the identity player more often."""
import random
from fractions import Fraction

import numpy as np
import pytest

import goofspiel.bots.arena as arena_mod
from goofspiel import (
    Strategy,
    best_counter,
    equilibrium,
    identity,
    margin,
    mixed_vector,
    payoff_matrix,
    play,
)
from goofspiel.bots.arena import Arena, ArenaConfig, evolve_bot, format_points, reveal, score_pool
from goofspiel.bots.scripted import bot_measures, scripted_human, scripted_trial
from goofspiel.equilibria.matrixgame import all_ranks

DECK = tuple(range(1, 8))


@pytest.mark.parametrize("kwargs, name", [
    ({"deck": (1,)}, "deck"), ({"bots": 0}, "bots"), ({"breeder": "x"}, "breeder"),
    ({"mutation": 0.6}, "mutation"), ({"generations": 0}, "generations"),
    ({"survivors": 4}, "survivors"), ({"survivors": 1}, "survivors"),
    ({"random_bots": 0}, "random_bots"), ({"scoring": "league"}, "scoring"),
    ({"duels": 0}, "duels")])
def test_bad_settings_name_themselves(kwargs, name):
    with pytest.raises(ValueError, match=name):
        ArenaConfig(**kwargs)


def test_round_rules_lowest_out_and_replacement():
    for seed in range(40):
        a = Arena(ArenaConfig(bots=3), seed=seed)
        before = list(a.bots)
        human = identity(DECK)
        r = a.play_round(human)
        assert r.points == tuple(play([human, *before]))
        assert r.points[r.eliminated] == min(r.points)
        assert r.tie_break == (r.points.count(min(r.points)) > 1)
        if r.human_out:
            assert a.over and a.bots == before
            with pytest.raises(ValueError, match="over"):
                a.play_round(human)
        else:
            k = r.eliminated - 1
            assert [b for j, b in enumerate(a.bots) if j != k] == [b for j, b in
                                                                  enumerate(before) if j != k]
            assert a.bots[k].deck == DECK


def test_ties_are_broken_at_random():
    outs = []
    for seed in range(600):
        a = Arena(ArenaConfig(bots=2), seed=seed)
        a.bots = [identity(DECK), identity(DECK)]          # everyone ties on every prize
        r = a.play_round(identity(DECK))
        assert r.tie_break and r.points == (Fraction(28, 3),) * 3
        outs.append(r.eliminated)
    counts = np.bincount(outs, minlength=3)
    assert (abs(counts / 600 - 1 / 3) < 0.06).all()


def test_the_human_must_play_on_the_deck():
    with pytest.raises(ValueError, match="human"):
        Arena(ArenaConfig()).play_round(identity(range(1, 6)))


def test_reveal_ends_at_the_round_points_in_a_random_order():
    a = Arena(ArenaConfig(bots=3), seed=5)
    r = a.play_round(Strategy.from_bids((2, 1, 3, 5, 4, 7, 6), DECK))
    steps = list(reveal(r))
    assert sorted(s.prize for s in steps) == list(DECK)
    assert steps[-1].points == r.points and sum(steps[-1].points) == sum(DECK)
    assert format_points(Fraction(7, 2)) == "3 1/2" and format_points(Fraction(1, 3)) == "1/3"


def _captured_pools(monkeypatch, as_published, seed=0):
    pools = []
    real = arena_mod.evolve_bot

    def spy(pool, exclude, config, rnd):
        pools.append(([tuple(m) for m in pool], tuple(exclude)))
        return real(pool, exclude, config, rnd)

    monkeypatch.setattr(arena_mod, "evolve_bot", spy)
    a = Arena(ArenaConfig(bots=2, as_published=as_published), seed=seed)
    humans = [Strategy.from_bids(b, DECK) for b in [(7, 6, 5, 4, 3, 2, 1), (2, 1, 4, 3, 6, 5, 7),
                                                    (1, 2, 3, 4, 5, 6, 7)]]
    played = []
    for h in humans:
        if a.over:
            break
        a.play_round(h)
        if not a.over:
            played.append(h)
    return pools, played


def test_the_real_human_copy_is_in_the_pool(monkeypatch):
    for seed in range(5):
        pools, played = _captured_pools(monkeypatch, as_published=False, seed=seed)
        monkeypatch.undo()
        for k, ((pool, exclude), human) in enumerate(zip(pools, played)):
            assert exclude == human.ranks and human.ranks in pool
            # the other bot, the carried survivors (none before the first evolution), the
            # human's copy, 2 random bots
            assert len(pool) == 1 + (2 if k else 0) + 1 + 2


def test_last_pool_labels_its_members():
    for published in (False, True):
        a = Arena(ArenaConfig(as_published=published), seed=1)
        human = Strategy.from_bids((2, 1, 3, 4, 5, 7, 6), DECK)
        while not a.history or a.history[-1].human_out:
            a = Arena(ArenaConfig(as_published=published), seed=a.seed + 1)
            a.play_round(human)
        labels = [label for label, _ in a.last_pool]
        copies = [s for label, s in a.last_pool if "human" in label]
        assert labels.count("fresh random bot") == 2 and len(copies) == 1
        assert (copies[0] == human) != published


def test_as_published_puts_a_random_bot_instead_of_the_copy(monkeypatch):
    seen = 0
    for seed in range(5):
        pools, played = _captured_pools(monkeypatch, as_published=True, seed=seed)
        monkeypatch.undo()
        for (pool, exclude), human in zip(pools, played):
            assert exclude != human.ranks and exclude in pool
            seen += 1
    assert seen >= 3


def test_score_pool_game_and_duels():
    rnd = random.Random(1)
    members = [list(np.random.default_rng(k).permutation(7)) for k in range(5)]
    strategies = [Strategy(DECK, tuple(int(x) for x in m)) for m in members]
    assert score_pool(members, DECK, "game", 3, rnd) == [float(p) for p in play(strategies)]
    full = score_pool(members, DECK, "duel", 4, rnd)             # 4 duels = everyone else
    for k, s in enumerate(strategies):
        expect = sum(1.0 if margin(s, t) > 0 else 0.5 if margin(s, t) == 0 else 0.0
                     for j, t in enumerate(strategies) if j != k)
        assert full[k] == expect
    assert all(0 <= x <= 2 for x in score_pool(members, DECK, "duel", 2, rnd))


def test_evolve_bot_returns_a_new_permutation_and_carries_survivors():
    config = ArenaConfig()
    rnd = random.Random(3)
    human = list(range(7))
    for _ in range(200):
        pool = [human] + [rnd.sample(range(7), 7) for _ in range(3)]
        hidden = evolve_bot(pool, human, config, rnd)
        assert sorted(hidden.bot) == list(range(7))
        assert len(hidden.survivors) == config.survivors
        assert list(hidden.bot) != human or all(list(m) == human for m in hidden.survivors)
        assert len(hidden.trace) == config.generations + 1       # survivors per generation, pick
    # a pool of copies with no mutation can only return the copy
    same = ArenaConfig(mutation=0.0)
    assert evolve_bot([human, human], human, same, rnd).bot == tuple(human)
    with pytest.raises(ValueError, match="seed_pool"):
        evolve_bot([human], None, config, rnd)


def test_scripted_humans():
    a = Arena(ArenaConfig(), seed=2)
    assert scripted_human("identity", DECK)(a) == identity(DECK)
    fav = (2, 4, 3, 5, 6, 1, 7)
    assert scripted_human("equilibrium", DECK, favourite=fav)(a).bids == fav
    adaptive, anticipating = scripted_human("adaptive", DECK), scripted_human("anticipating", DECK)
    assert adaptive(a) == identity(DECK)
    r = a.play_round(identity(DECK))
    bot = r.strategies[1]
    brute = max(margin(Strategy(DECK, tuple(int(x) for x in row)), bot) for row in all_ranks(7))
    assert margin(adaptive(a), bot) == brute > 0                 # the best counter to the bot
    counter_to_me = best_counter(identity(DECK)).counter         # what the bots should learn
    assert anticipating(a) == best_counter(counter_to_me).counter
    assert margin(anticipating(a), counter_to_me) > 0
    mix = {(1, 2, 3, 4, 5, 6, 7): 0.25, (7, 6, 5, 4, 3, 2, 1): 0.75}
    draws = [scripted_human("mixed", DECK, mix=mix, seed=s)(a).bids[0] for s in range(400)]
    assert abs(np.mean(np.array(draws) == 7) - 0.75) < 0.07
    for kind, kw in [("x", {}), ("equilibrium", {}), ("mixed", {})]:
        with pytest.raises(ValueError):
            scripted_human(kind, DECK, **kw)


def test_bot_measures_agree_with_the_payoff_matrix():
    deck = tuple(range(1, 6))
    eq = equilibrium(5, "winloss")
    a_m, a_w = payoff_matrix(5, "margin"), payoff_matrix(5, "winloss")
    rng = np.random.default_rng(0)
    for _ in range(30):
        ranks = rng.permutation(5)
        bot = Strategy(deck, tuple(int(r) for r in ranks))
        m = bot_measures(ranks, deck, eq.strategy)
        x = mixed_vector(bot, 5)
        assert m.exploitability == (a_m @ x).max()
        assert m.vs_equilibrium == pytest.approx(x @ a_w @ eq.probs, abs=1e-12)
        assert m.vs_equilibrium <= 1e-9
    assert bot_measures(ranks, deck).vs_equilibrium is None


def test_scripted_trial_records_each_round():
    out = scripted_trial("identity", False, "game", rounds=6, seed=4)
    played = len(out.margins)
    assert played == len(out.bots) and played <= 6
    assert out.survived == played - out.out
    assert out.out == (out.margins[-1] <= 0 if out.out else False)
    assert len(out.fates) == out.survived                # a hidden GA after every round survived
    assert all(len(pool) >= 2 for pool in out.fates)
    with pytest.raises(ValueError, match="rounds"):
        scripted_trial("identity", False, "game", rounds=0, seed=0)


def test_bots_that_see_the_human_beat_the_identity_player_more_often():
    def survived(as_published):
        return np.array([scripted_trial("identity", as_published, "duel", rounds=30, seed=s)
                         .survived for s in range(80)])
    fixed, published = survived(False), survived(True)
    # measured with 200 seeds: 1.96 rounds (fixed) against 5.8 (published)
    assert fixed.mean() + 1.5 < published.mean()


def test_wilson_and_survival_summary():
    from scipy.stats import binomtest

    from goofspiel.bots.scripted import survival_summary, wilson
    lo, hi = wilson(30, 100)
    exact = binomtest(30, 100).proportion_ci(method="wilson")
    assert lo == pytest.approx(exact.low) and hi == pytest.approx(exact.high)
    survived, out = [0, 1, 3, 5, 5], [True, True, True, False, False]
    s = survival_summary(survived, out, rounds=5, rng=np.random.default_rng(0), boot=500)
    assert list(s.curve) == [1.0, 0.8, 0.6, 0.6, 0.4, 0.4]
    assert s.beat_rate == pytest.approx(3 / (1 + 2 + 4 + 5 + 5))
    assert s.beat_lo <= s.beat_rate <= s.beat_hi
    assert (s.curve_lo <= s.curve).all() and (s.curve <= s.curve_hi).all()
    assert s.rate_text() == f"{s.beat_rate:.3f} [{s.beat_lo:.3f}, {s.beat_hi:.3f}]"
    assert s.table_cells()["95% CI"] == f"{s.beat_lo:.3f}-{s.beat_hi:.3f}"
