"""The two counting rules of game statistics: every table (the final, set-free one included), or
every table but the final one (the blog's printed loop), pinned on hand-made and seeded games."""

import numpy as np
import pytest

from setgame import GameTurns, counted_turns, game_shares, simulate_games


def hand_made():
    # game 0 looks at 4 tables (2, 0, 3 sets, then its final set-free one), game 1 at 3
    n_sets = np.array([2, 0, 3, 0, 0, 4, 0])
    final = np.array([False, False, False, True, False, False, True])
    return GameTurns(game=np.array([0, 0, 0, 0, 1, 1, 1]), turn=np.array([0, 1, 2, 3, 0, 1, 2]),
                     table_size=np.full(7, 12), n_sets=n_sets,
                     deck_left=np.array([9, 6, 3, 0, 3, 0, 0]), final=final)


def test_hand_made_games_under_each_rule():
    games = hand_made()
    every = game_shares(games, count_final_table=True)
    blog = game_shares(games, count_final_table=False)
    assert (every.turns, every.no_set.p, every.three_or_more.p) == (7, 4 / 7, 2 / 7)
    assert (blog.turns, blog.no_set.p, blog.three_or_more.p) == (5, 2 / 5, 2 / 5)
    np.testing.assert_array_equal(counted_turns(games, count_final_table=False),
                                  [True, True, True, False, True, True, False])


def blog_loop_records(games, g):
    """What the blog's loop appends for game g: each table's count, until the table where the
    deck is empty and no set is left (the loop breaks there before appending)."""
    recorded = []
    for sets, left in zip(games.n_sets[games.game == g], games.deck_left[games.game == g]):
        if sets == 0 and left == 0:
            break
        recorded.append(int(sets))
    return recorded


@pytest.mark.parametrize("seed", [3, 11])
def test_seeded_games_match_a_replay_of_each_rule(seed):
    games = simulate_games(60, seed=seed, batch_size=25)
    blog = [blog_loop_records(games, g) for g in range(60)]
    flat = np.concatenate(blog)
    shares = game_shares(games, count_final_table=False)
    assert shares.turns == len(flat)
    assert shares.no_set.p == pytest.approx(np.mean(flat == 0))
    assert shares.three_or_more.p == pytest.approx(np.mean(flat >= 3))
    # the final table adds one set-free table per game, and nothing else
    every = game_shares(games, count_final_table=True)
    assert every.turns == len(flat) + 60 == len(games)
    assert every.no_set.p == pytest.approx((np.sum(flat == 0) + 60) / (len(flat) + 60))
    assert every.three_or_more.p == pytest.approx(np.sum(flat >= 3) / (len(flat) + 60))
    assert every.no_set.p > shares.no_set.p and every.no_set.se > 0 and shares.no_set.se > 0


def test_the_rule_must_be_named_and_a_bool():
    games = hand_made()
    with pytest.raises(TypeError):
        game_shares(games)                                   # no default rule
    with pytest.raises(TypeError, match="count_final_table"):
        game_shares(games, count_final_table=1)
    with pytest.raises(TypeError, match="games"):
        counted_turns(games.n_sets, count_final_table=True)
    only_final = GameTurns(*(np.array([v]) for v in (0, 0, 12, 0, 0)), final=np.array([True]))
    with pytest.raises(ValueError, match="no turn"):
        game_shares(only_final, count_final_table=False)
