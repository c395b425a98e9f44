"""Rules of the version-1 game: hand-made cases, bad input, and invariants over random tables."""

import itertools

import numpy as np
import pytest
from oracles_catmouse import random_table

from catmouse import initial_cat_policy, initial_mouse_policy, play_tables, validate_policy
from catmouse.rules import DELTAS, DIRECTIONS, GREEDY_RULES, greedy_delta, greedy_direction
from catmouse.tables import greedy_table


def test_initial_policies_follow_the_article():
    cat = initial_cat_policy(8, 7, "WEAK")
    mouse = initial_mouse_policy(8, 7)
    assert cat.shape == (7, 8, 7, 8) and cat.size == 3136
    assert cat[3, 7, 0, 0] == "D" and cat[3, 6, 0, 7] == "U"
    assert mouse[0, 0, 2, 7] == "D" and mouse[0, 0, 2, 3] == "U"
    strong = initial_cat_policy(8, 7, "STRONG")
    assert strong[0, 0, 6, 7] == "U" and strong[0, 0, 6, 1] == "R" and strong[2, 2, 3, 3] == "U"
    for pol, who in ((cat, "cat"), (mouse, "mouse"), (strong, "cat")):
        validate_policy(pol, 8, 7, who)


def test_weak_cat_loses_by_repetition_and_strong_cat_wins_optimally():
    g = play_tables(initial_cat_policy(8, 7, "WEAK"), initial_mouse_policy(8, 7), "cat")
    assert g.winner == "mouse"
    strong = play_tables(initial_cat_policy(8, 7, "STRONG"), initial_mouse_policy(8, 7), "cat")
    assert strong.winner == "cat"
    cat_moves = sum(1 for a, b in zip(strong.positions, strong.positions[1:]) if a[:2] != b[:2])
    assert cat_moves == 12 and strong.rounds == 10   # "wins in 10 moves" = 12 cat moves


def test_two_by_two_hand_case():
    # cat first on 2x2: cat (0,0) -> up (0,1); mouse (1,1) must move; a down-moving mouse reaches (1,0)
    cat = initial_cat_policy(2, 2, "WEAK")
    mouse = initial_mouse_policy(2, 2)
    g = play_tables(cat, mouse, "cat")
    assert g.positions[:3] == ((0, 0, 1, 1), (0, 1, 1, 1), (0, 1, 1, 0))
    assert g.winner == "mouse"      # the two up/down players cycle forever


def test_bad_input_is_rejected():
    with pytest.raises(ValueError, match="rows"):
        initial_mouse_policy(1, 5)
    with pytest.raises(ValueError, match="cols"):
        initial_cat_policy(5, 1)
    cat, mouse = initial_cat_policy(3, 3), initial_mouse_policy(3, 3)
    with pytest.raises(ValueError, match="first_move"):
        play_tables(cat, mouse, "dog")
    bad = cat.copy()
    bad[0, 0, 2, 2] = "L"
    with pytest.raises(ValueError, match="off the board"):
        play_tables(bad, mouse, "cat")
    bad = mouse.copy()
    bad[0, 0, 2, 2] = "X"
    with pytest.raises(ValueError, match="unknown direction"):
        play_tables(cat, bad, "mouse")


def test_greedy_direction_ties_go_vertical():
    assert greedy_direction(0, 0, 2, 2) == "U"
    assert greedy_direction(3, 3, 1, 1) == "D"
    assert greedy_direction(0, 0, 3, 1) == "R"
    assert greedy_direction(4, 0, 1, 2) == "L"


def test_invariants_over_random_tables():
    rng = np.random.default_rng(7)
    for game in range(1500):
        rows, cols = int(rng.integers(2, 6)), int(rng.integers(2, 6))
        first = "cat" if game % 2 else "mouse"
        g = play_tables(random_table(rows, cols, "cat", rng), random_table(rows, cols, "mouse", rng),
                        first)
        pos = g.positions
        assert pos[0] == (0, 0, cols - 1, rows - 1)
        for a, b in itertools.pairwise(pos):
            # exactly one player moves one step and stays on the board
            assert abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2]) + abs(a[3] - b[3]) == 1
            assert all(0 <= v < lim for v, lim in zip(b, (cols, rows, cols, rows)))
        # movers alternate, starting with first_move
        movers = ["cat" if a[:2] != b[:2] else "mouse" for a, b in itertools.pairwise(pos)]
        assert movers[0] == first and all(m != n for m, n in itertools.pairwise(movers))
        last = pos[-1]
        dist = abs(last[0] - last[2]) + abs(last[1] - last[3])
        if g.winner == "cat":
            assert dist == 0 and len(set(pos[1:])) == len(pos) - 1
        else:
            # a repeated position ended it: the start, or one after a checked half move
            history = pos[:1] + pos[1 + (first == "cat"):-1]
            assert dist == g.distance and pos[-1] in history
        half_moves = len(pos) - 1 - (first == "cat")
        assert g.rounds == (half_moves - 1) // 2
        assert set(DIRECTIONS) == set(DELTAS)


def test_cat_moves_counts_the_cats_steps():
    game = play_tables(greedy_table(8, 7), initial_mouse_policy(8, 7), "cat")
    assert game.winner == "cat"
    assert game.cat_moves == sum(p[:2] != q[:2] for p, q in zip(game.positions, game.positions[1:]))
    # cat first: the opening move, then one per round up to the capturing round
    assert game.cat_moves == game.rounds + 2


def test_greedy_step_on_arrays_is_the_scalar_rule():
    dx, dy = np.meshgrid(np.arange(-4, 5), np.arange(-4, 5), indexing="ij")
    gx, gy = greedy_delta(dx, dy)
    for i, j in np.ndindex(dx.shape):
        assert DELTAS[greedy_direction(4, 4, 4 + int(dx[i, j]), 4 + int(dy[i, j]))] == \
            (gx[i, j], gy[i, j])
    off = (dx != 0) | (dy != 0)
    for rule in GREEDY_RULES:
        gx, gy = greedy_delta(dx, dy, rule)
        gap = np.abs(dx - gx) + np.abs(dy - gy)              # every step shortens the gap by one
        assert (gap[off] == (np.abs(dx) + np.abs(dy))[off] - 1).all()
        assert ((gx != 0) != (gy != 0)).all()                # one step, along one axis
    _, my = greedy_delta(dx, dy, "manhattan")
    assert ((my != 0) == ((dy != 0) | ~off)).all()           # vertical while a vertical gap is left
    hx, _ = greedy_delta(dx, dy, "manhattan_horizontal")
    assert ((hx != 0) == (dx != 0)).all()                    # horizontal while a horizontal gap is left
    sx, _ = greedy_delta(dx, dy, "manhattan_smaller_gap")
    both = (dx != 0) & (dy != 0)
    along = np.where(sx != 0, np.abs(dx), np.abs(dy))        # the gap it steps along
    assert (along[both] == np.minimum(np.abs(dx), np.abs(dy))[both]).all()
    ex, _ = greedy_delta(dx, dy, "euclidean")                # the larger gap: the other tie-break
    along = np.where(ex != 0, np.abs(dx), np.abs(dy))
    assert (along[both] == np.maximum(np.abs(dx), np.abs(dy))[both]).all()
    with pytest.raises(ValueError, match="rule"):
        greedy_delta(1, 1, "chebyshev")
