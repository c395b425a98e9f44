"""Version 1 trainer: the article's exact numbers and agreement with the plain trainer."""

import itertools

import numpy as np
import pytest
from oracles_catmouse import BelowStream

from catmouse import play_tables, train_tabular
from catmouse.tables import validate_policy
from catmouse.v1.article import accepts, uniform_below
from catmouse.v1.plain import train_plain
from catmouse.v1.tally import Tally, cat_key, mouse_key


def test_article_full_run_reproduces_tally_and_final_game():
    run = train_tabular(rows=8, cols=7, first_move="cat", initial_cat="WEAK", iterations=100_000,
                        seed=0, mode="article")
    assert run.tally == {"mouse": 54_760, "cat": 45_240}
    assert run.final_game.result == ("cat", 10, 0)
    # the article's log: first change at iteration 1,315, the cat settles for good at 83,516
    assert run.log[1].startswith("Iteration:  1,315, Current winner: mouse")
    assert run.log[-1] == ("Iteration: 99,000, Current winner: cat  , number of moves until a win: "
                           "10, distance: 0")
    validate_policy(run.cat_policy, 8, 7, "cat")
    validate_policy(run.mouse_policy, 8, 7, "mouse")


@pytest.mark.parametrize("rows,cols,first,seed", [(5, 5, "mouse", 1), (4, 5, "mouse", 2),
                                                  (6, 5, "cat", 3)])
def test_fast_mode_matches_the_plain_trainer_on_the_same_stream(rows, cols, first, seed):
    """Fast mode draws from a modern generator; fed the same draws, the straightforward trainer
    (deep copies, every candidate played in full) makes the same choices."""
    run = train_tabular(rows, cols, first, iterations=1500, mode="fast", seed=seed,
                        snapshot_every=500)
    plain = train_plain(rows, cols, first, iterations=1500, rs=BelowStream(uniform_below(seed)))
    assert list(zip(run.winners, run.rounds, run.distances)) == plain.history
    assert run.tally == plain.tally
    assert (run.cat_policy == plain.cat_policy).all() and (run.mouse_policy == plain.mouse_policy).all()
    assert run.final_game.result == plain.history[-1]
    for it, (cat, mouse) in run.snapshot_policies.items():    # snapshots are the tables of then
        assert run.snapshots[it].result == (plain.history[it - 1] if it else
                                            play_tables(cat, mouse, first).result)
        validate_policy(cat, rows, cols, "cat")
        validate_policy(mouse, rows, cols, "mouse")
    other = train_tabular(rows, cols, first, iterations=1500, mode="fast", seed=seed + 100)
    assert list(other.rounds) != list(run.rounds)             # another seed, another run


def test_the_history_follows_the_acceptance_rules():
    """Each iteration the current result changes only to one the learner accepts."""
    run = train_tabular(6, 7, "cat", iterations=3000, seed=5, snapshot_every=0)
    results = list(zip(run.winners == "cat", run.rounds, run.distances))
    for old, new in itertools.pairwise(results):
        if new != old:
            assert accepts(not old[0], old, new)
    assert (run.winners == "cat").sum() == run.tally["cat"]


def test_bad_arguments():
    with pytest.raises(ValueError, match="mode"):
        train_tabular(iterations=1, mode="slow")
    with pytest.raises(ValueError, match="rows"):
        train_tabular(rows=1, iterations=1)
    with pytest.raises(ValueError, match="first_move"):
        train_tabular(first_move="dog", iterations=1)
    with pytest.raises(ValueError, match="initial_cat"):
        train_tabular(initial_cat="MEDIUM", iterations=1)
    with pytest.raises(ValueError, match="iterations"):
        train_tabular(iterations=-1)
    assert np.array_equal(train_tabular(iterations=0).rounds, [])


def test_the_one_acceptance_rule_is_the_tally_keys_on_a_single_game():
    """``accepts`` (the rule both trainers use) against ``cat_key`` / ``mouse_key`` of one game,
    on every pair of results with rounds below 6 and distances below 4."""
    results = [(w, r, 0 if w else d) for w in (False, True) for r in range(6) for d in range(4)]
    for old, new in itertools.product(set(results), repeat=2):
        keys = {}
        for side, key in (("cat", cat_key), ("mouse", mouse_key)):
            t_old, t_new = Tally(), Tally()
            t_old.add(old)
            t_new.add(new)
            keys[side] = key(t_new) > key(t_old)
        assert accepts(True, old, new) == keys["cat"]
        assert accepts(False, old, new) == keys["mouse"]
        # without the longer-games rule the cat refuses exactly the longer game at equal distance
        longer = not old[0] and not new[0] and new[2] == old[2] and new[1] > old[1]
        assert accepts(True, old, new, reward_longer=False) == (keys["cat"] and not longer)


@pytest.mark.parametrize("mode", ["article", "fast"])
@pytest.mark.parametrize("rows,cols,first,initial,reward_longer", [
    (5, 4, "cat", "WEAK", False), (4, 5, "mouse", "STRONG", False), (6, 5, "cat", "STRONG", True),
    (3, 5, "mouse", "WEAK", True)])
def test_fast_trainer_gives_the_plain_trainers_runs_on_every_kind_of_input(
        mode, rows, cols, first, initial, reward_longer):
    """Each input kind of ``train_tabular`` (both modes, both first movers, both initial cats,
    with and without the longer-games rule): the plain trainer fed the same draws makes the same
    run."""
    run = train_tabular(rows, cols, first, initial, iterations=800, seed=7, mode=mode,
                        snapshot_every=0, reward_longer=reward_longer)
    rs = BelowStream(uniform_below(7)) if mode == "fast" else None
    plain = train_plain(rows, cols, first, initial, iterations=800, seed=7, rs=rs,
                        reward_longer=reward_longer)
    assert list(zip(run.winners, run.rounds, run.distances)) == plain.history
    assert run.tally == plain.tally
    assert (run.cat_policy == plain.cat_policy).all() and (run.mouse_policy == plain.mouse_policy).all()
