"""Best responses and the improved co-evolution trainer."""

import numpy as np
import pytest

from catmouse import (
    exploitability,
    greedy_table,
    initial_cat_policy,
    initial_mouse_policy,
    play_tables,
)
from catmouse.coevolve import train_tabular_improved
from catmouse.exploit import best_response
from catmouse.game import validate_policy


@pytest.mark.parametrize("rows,cols", [(8, 7), (5, 5), (4, 6)])
def test_best_responses_attain_the_exploitability_value(rows, cols):
    cat = greedy_table(rows, cols)
    mouse = initial_mouse_policy(rows, cols)
    for first in ("cat", "mouse"):
        br_mouse = best_response(cat_policy=cat, first_move=first)
        validate_policy(br_mouse, rows, cols, "mouse")
        value = exploitability(cat_policy=cat, first_move=first)["value"]
        game = play_tables(cat, br_mouse, first)
        if np.isfinite(value):
            cat_moves = sum(1 for a, b in zip(game.positions, game.positions[1:]) if a[:2] != b[:2])
            assert game.winner == "cat" and cat_moves == value
        br_cat = best_response(mouse_policy=mouse, first_move=first)
        validate_policy(br_cat, rows, cols, "cat")
        v2 = exploitability(mouse_policy=mouse, first_move=first)["value"]
        g2 = play_tables(br_cat, mouse, first)
        if np.isfinite(v2):
            cat_moves = sum(1 for a, b in zip(g2.positions, g2.positions[1:]) if a[:2] != b[:2])
            assert g2.winner == "cat" and cat_moves == v2


def test_weak_cat_is_beaten_by_its_best_response():
    cat = initial_cat_policy(8, 7, "WEAK")
    assert play_tables(cat, best_response(cat_policy=cat), "cat").winner == "mouse"


def test_improved_trainer_runs_and_keeps_tables_legal():
    run = train_tabular_improved(6, 5, "cat", iterations=300, seed=2, best_response_every=10,
                                 checkpoint_every=100)
    validate_policy(run.cat_policy, 6, 5, "cat")
    validate_policy(run.mouse_policy, 6, 5, "mouse")
    assert [c[0] for c in run.checkpoints] == [100, 200, 300]
    again = train_tabular_improved(6, 5, "cat", iterations=300, seed=2, best_response_every=10,
                                   checkpoint_every=100)
    assert (again.cat_policy == run.cat_policy).all()
    with pytest.raises(ValueError):
        train_tabular_improved(iterations=-1)
