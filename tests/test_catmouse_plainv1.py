"""The straightforward version 1 (for timing, and the fast trainer's oracle) gives the same runs.

The plain trainer keeps the start position in the game's history, as the article's code does;
the fast game (``play_flat``) does not (only positions after a half move count as repeats). The
two agree on these boards; on some very small boards (2x3, 2x4) a game can come back to its start
and they part.
"""

import pytest

import catmouse
from catmouse.v1.plain import play_nested, train_plain


@pytest.mark.parametrize("rows,cols,first,initial,iterations", [
    (8, 7, "cat", "WEAK", 300), (5, 4, "mouse", "STRONG", 600), (4, 3, "cat", "WEAK", 1500),
    (3, 4, "mouse", "WEAK", 1500), (5, 6, "mouse", "STRONG", 400), (4, 4, "cat", "WEAK", 600)])
def test_same_run_as_the_fast_trainer(rows, cols, first, initial, iterations):
    fast = catmouse.train_tabular(rows, cols, first, initial, iterations, seed=0, mode="article",
                                  snapshot_every=0)
    plain = train_plain(rows, cols, first, initial, iterations, seed=0)
    assert plain.tally == fast.tally
    assert plain.history == list(zip(fast.winners, fast.rounds, fast.distances))
    assert (plain.cat_policy == fast.cat_policy).all()
    assert (plain.mouse_policy == fast.mouse_policy).all()


def test_initial_game_matches_play_tables():
    cat, mouse = catmouse.initial_cat_policy(8, 7, "WEAK"), catmouse.initial_mouse_policy(8, 7)
    assert play_nested(cat.tolist(), mouse.tolist(), 8, 7, "cat") == catmouse.play_tables(cat, mouse).result


@pytest.mark.parametrize("kwargs", [{"rows": 1}, {"first_move": "dog"}, {"initial_cat": "MEDIUM"},
                                    {"iterations": -1}])
def test_bad_input_is_refused(kwargs):
    with pytest.raises(ValueError):
        train_plain(**{"iterations": 10, **kwargs})
