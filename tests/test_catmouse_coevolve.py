"""Best responses, the improved co-evolution trainer, and its incremental scoring against oracles."""

import itertools
import random

import numpy as np
import pytest

from catmouse import (
    exploitability,
    greedy_table,
    initial_cat_policy,
    initial_mouse_policy,
    optimal_capture,
    play_tables,
)
from catmouse.exact.policy import best_response
from catmouse.tables import random_mouse_codes, to_codes, validate_policy
from catmouse.v1.article import accepts
from catmouse.v1.config import ARTICLE, IMPROVED, CoevolutionConfig
from catmouse.v1.games import flat_board, play_flat
from catmouse.v1.improved import train_tabular_improved
from catmouse.v1.pool import Arena
from catmouse.v1.tally import key_of


@pytest.mark.parametrize("rows,cols", [(8, 7), (5, 5), (4, 6)])
def test_best_responses_attain_the_exploitability_value(rows, cols):
    cat = greedy_table(rows, cols)
    mouse = initial_mouse_policy(rows, cols)
    for first in ("cat", "mouse"):
        br_mouse = best_response(cat_policy=cat, first_move=first)
        validate_policy(br_mouse, rows, cols, "mouse")
        value = exploitability(cat_policy=cat, first_move=first).value
        game = play_tables(cat, br_mouse, first)
        if np.isfinite(value):
            cat_moves = sum(1 for a, b in zip(game.positions, game.positions[1:]) if a[:2] != b[:2])
            assert game.winner == "cat" and cat_moves == value
        br_cat = best_response(mouse_policy=mouse, first_move=first)
        validate_policy(br_cat, rows, cols, "cat")
        v2 = exploitability(mouse_policy=mouse, first_move=first).value
        g2 = play_tables(br_cat, mouse, first)
        if np.isfinite(v2):
            cat_moves = sum(1 for a, b in zip(g2.positions, g2.positions[1:]) if a[:2] != b[:2])
            assert g2.winner == "cat" and cat_moves == v2


def test_weak_cat_is_beaten_by_its_best_response():
    cat = initial_cat_policy(8, 7, "WEAK")
    assert play_tables(cat, best_response(cat_policy=cat), "cat").winner == "mouse"


def test_single_game_keys_are_the_articles_acceptance_rules():
    rng = random.Random(0)
    for _ in range(3000):
        old = (rng.random() < 0.5, rng.randrange(12), rng.randrange(5))
        new = (rng.random() < 0.5, rng.randrange(12), rng.randrange(5))
        old, new = [(w, r, 0 if w else d) for w, r, d in (old, new)]
        assert (key_of("cat", [new]) > key_of("cat", [old])) == accepts(True, old, new)
        assert (key_of("mouse", [new]) > key_of("mouse", [old])) == accepts(False, old, new)


@pytest.mark.parametrize("side", ["cat", "mouse"])
def test_arena_replays_exactly_the_games_a_change_can_affect(side):
    """Incremental scores (inverted index, pruning) against replaying every game from scratch."""
    rows, cols, first = 5, 6, "cat"
    n = rows * cols
    board = flat_board(rows, cols, first)
    moves = board.moves
    rng = random.Random(3)
    cat = to_codes(greedy_table(rows, cols)).ravel().tolist()
    table = cat if side == "cat" else random_mouse_codes(rows, cols, rng)
    arena = Arena(side, table, board)
    for _ in range(25):          # opponents: random mice / perturbed greedy cats
        if side == "cat":
            arena.add(random_mouse_codes(rows, cols, rng))
        else:
            opp = list(cat)
            for s in rng.sample(range(n * n), 200):
                opp[s] = rng.choice([k for k in range(4) if moves[s // n][k] >= 0])
            arena.add(opp)

    def from_scratch(tbl):                       # every game of the pool played again
        out = []
        for opp, _, _ in arena.slots.values():
            c, m = (tbl, opp) if side == "cat" else (opp, tbl)
            out.append(play_flat(c, m, board, start_seen=False)[0])
        return key_of(side, out)

    for _ in range(300):
        cells = arena.cells()
        changes = {}
        for s in rng.sample(cells, min(3, len(cells))):
            cell = s // n if side == "cat" else s % n
            changes[s] = rng.choice([k for k in range(4) if moves[cell][k] >= 0])
        key, replayed = arena.trial(changes)
        trial_table = list(arena.table)
        for s, code in changes.items():
            trial_table[s] = code
        assert key == from_scratch(trial_table)
        beat = arena.score()
        pruned, _ = arena.trial(changes, beat)
        assert (pruned == key) if key > beat else (pruned is None or pruned <= beat)
        if key >= beat:
            arena.commit(changes, replayed)
        assert arena.score() == from_scratch(arena.table)


def test_improved_trainer_reaches_an_unexploitable_cat_on_small_boards():
    for rows, cols, first in [(4, 5, "cat"), (5, 5, "mouse")]:
        run = train_tabular_improved(rows, cols, first, iterations=20_000, seed=1, config=IMPROVED,
                                     checkpoint_every=500, stop_when_solved=True)
        assert run.solved_at is not None and run.iterations == run.solved_at
        final = exploitability(cat_policy=run.cat_policy, first_move=first)
        assert final.wins and final.value == optimal_capture(rows, cols, first)
        validate_policy(run.cat_policy, rows, cols, "cat")
        validate_policy(run.mouse_policy, rows, cols, "mouse")
        assert [c.iteration for c in run.checkpoints] == list(range(500, run.solved_at + 1, 500))


def test_trainer_is_seeded_and_validates_arguments():
    a = train_tabular_improved(5, 4, "cat", iterations=400, seed=2, config=ARTICLE, checkpoint_every=200)
    b = train_tabular_improved(5, 4, "cat", iterations=400, seed=2, config=ARTICLE, checkpoint_every=200)
    assert (a.cat_policy == b.cat_policy).all() and (a.mouse_policy == b.mouse_policy).all()
    assert a.pool_sizes == (1, 1)                          # no hall of fame in the article's scheme
    with pytest.raises(ValueError, match="iterations"):
        train_tabular_improved(iterations=-1)
    with pytest.raises(ValueError, match="max_changes"):
        CoevolutionConfig(max_changes=0)
    with pytest.raises(ValueError, match="hall_of_fame"):
        CoevolutionConfig(hall_of_fame=-1)
    with pytest.raises(TypeError, match="config"):
        train_tabular_improved(iterations=1, config={"max_changes": 2})


@pytest.mark.parametrize("drift", [False, True])
def test_drift_makes_neutral_mouse_moves_and_never_lowers_its_score(drift):
    """Against a fixed optimal (greedy) cat only the mouse learns (the losing side, article's
    scheme). Its training score never drops; without drift its table only changes when the
    score rises, with drift it also moves along plateaus (seen as a changed exact survival)."""
    rows, cols, first = 4, 5, "cat"
    config = CoevolutionConfig(max_changes=3, sequential=True, drift=drift)
    run = train_tabular_improved(rows, cols, first, "STRONG", iterations=400, seed=5, config=config,
                                 checkpoint_every=1)
    assert (run.cat_policy == initial_cat_policy(rows, cols, "STRONG")).all()
    keys = [c.mouse_score for c in run.checkpoints]
    assert all(b >= a for a, b in itertools.pairwise(keys))
    survival = [c.mouse.value for c in run.checkpoints]
    neutral = sum(1 for i in range(1, len(keys))
                  if keys[i] == keys[i - 1] and survival[i] != survival[i - 1])
    assert (neutral > 0) == drift
