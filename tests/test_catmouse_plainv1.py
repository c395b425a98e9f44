"""The straightforward version 1 (for timing) gives the same results as the fast trainer."""

import pytest

import catmouse
from catmouse.plainv1 import play_nested, train_plain


@pytest.mark.parametrize("rows,cols,first,initial,iterations", [
    (8, 7, "cat", "WEAK", 400), (5, 4, "mouse", "STRONG", 600), (4, 3, "cat", "WEAK", 1500),
    (3, 4, "mouse", "WEAK", 1500)])
def test_same_tally_as_the_fast_trainer(rows, cols, first, initial, iterations):
    fast = catmouse.train_tabular(rows, cols, first, initial, iterations, seed=0, mode="article",
                                  snapshot_every=0)
    assert train_plain(rows, cols, first, initial, iterations, seed=0) == fast.tally


def test_initial_game_matches_play_tables():
    cat, mouse = catmouse.initial_cat_policy(8, 7, "WEAK"), catmouse.initial_mouse_policy(8, 7)
    nested = [lambda t=t: t.tolist() for t in (cat, mouse)]
    assert play_nested(nested[0](), nested[1](), 8, 7, "cat") == catmouse.play_tables(cat, mouse).result


@pytest.mark.parametrize("kwargs", [{"rows": 1}, {"first_move": "dog"}, {"initial_cat": "MEDIUM"},
                                    {"iterations": -1}])
def test_bad_input_is_refused(kwargs):
    with pytest.raises(ValueError):
        train_plain(**{"iterations": 10, **kwargs})
