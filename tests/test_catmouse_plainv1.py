"""The straightforward version 1 (for timing, and the fast trainer's oracle) gives the same runs.

Both keep the start position in the game's history, as the article's code does, so a game that
comes back to its start ends there (on 2x3 and 2x4 boards the article's trainer meets such games
early; on random tables about one game in seven does).
"""

import numpy as np
import pytest
from oracles_catmouse import random_table

import catmouse
from catmouse.v1.plain import play_nested, train_plain


@pytest.mark.parametrize("rows,cols,first,initial,iterations", [
    (8, 7, "cat", "WEAK", 300), (5, 4, "mouse", "STRONG", 600), (4, 3, "cat", "WEAK", 1500),
    (3, 4, "mouse", "WEAK", 1500), (5, 6, "mouse", "STRONG", 400), (4, 4, "cat", "WEAK", 600),
    (2, 3, "cat", "WEAK", 1500), (2, 4, "cat", "WEAK", 1500), (3, 2, "mouse", "STRONG", 1500)])
def test_same_run_as_the_fast_trainer(rows, cols, first, initial, iterations):
    fast = catmouse.train_tabular(rows, cols, first, initial, iterations, seed=0, mode="article",
                                  snapshot_every=0)
    plain = train_plain(rows, cols, first, initial, iterations, seed=0)
    assert plain.tally == fast.tally
    assert plain.history == list(zip(fast.winners, fast.rounds, fast.distances))
    assert (plain.cat_policy == fast.cat_policy).all()
    assert (plain.mouse_policy == fast.mouse_policy).all()


@pytest.mark.parametrize("rows,cols", [(2, 3), (3, 2), (2, 4), (4, 4), (5, 3), (6, 5)])
@pytest.mark.parametrize("first", ["cat", "mouse"])
def test_every_game_is_the_articles_on_random_tables(rows, cols, first):
    rng = np.random.default_rng(rows * 10 + cols)
    returned = 0
    for _ in range(150):
        cat, mouse = random_table(rows, cols, "cat", rng), random_table(rows, cols, "mouse", rng)
        game = catmouse.play_tables(cat, mouse, first)
        assert play_nested(cat.tolist(), mouse.tolist(), rows, cols, first) == game.result
        start = game.positions[0]
        returned += start in game.positions[1:]
    assert returned > 0        # the rule this checks was exercised


def test_the_improved_trainers_game_ends_a_return_to_the_start_one_round_later():
    from catmouse.tables import to_codes
    from catmouse.v1.games import flat_board, play_flat
    rng = np.random.default_rng(7)
    board, seen = flat_board(4, 4, "cat"), 0
    for _ in range(300):
        cat, mouse = random_table(4, 4, "cat", rng), random_table(4, 4, "mouse", rng)
        c, m = to_codes(cat).ravel().tolist(), to_codes(mouse).ravel().tolist()
        article, _ = play_flat(c, m, board)
        improved, _ = play_flat(c, m, board, start_seen=False)
        assert article[0] == improved[0]                   # the same winner always
        if article != improved:
            seen += 1
            assert not article[0] and improved[1] == article[1] + 1
    assert seen > 0


def test_initial_game_matches_play_tables():
    cat, mouse = catmouse.initial_cat_policy(8, 7, "WEAK"), catmouse.initial_mouse_policy(8, 7)
    assert play_nested(cat.tolist(), mouse.tolist(), 8, 7, "cat") == catmouse.play_tables(cat, mouse).result


@pytest.mark.parametrize("kwargs", [{"rows": 1}, {"first_move": "dog"}, {"initial_cat": "MEDIUM"},
                                    {"iterations": -1}])
def test_bad_input_is_refused(kwargs):
    with pytest.raises(ValueError):
        train_plain(**{"iterations": 10, **kwargs})
