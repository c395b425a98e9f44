"""Notebook 51's tuning and evaluation seeds: the game seeds of the runs the full tracker was tuned
on and of the evaluation it reports are disjoint, for any constants (or the constants are refused,
naming EVALUATION_SEED), and they are the seeds run_sweep actually plays."""

import pytest
from fuzzing import refused
from hypothesis import given, settings
from hypothesis import strategies as st

from studykit import run_sweep
from tracking.settings import MAX_SEED, disjoint_seeds, game_settings

NB51 = dict(mazes=["tinyCapture"], pairings=[("tracker", "greedy")], rule="eat", max_moves=300,
            end_food=2, counts={"GAMES_PER_SIDE": 1}, animation_moves=40, guard_moves=40,
            inline_frames=4, n_jobs=1, seed=0)
CONTEST = {"mazes": ["tinyCapture"], "games": 10, "moves": 1200, "seeds": 40, "tuning_seed": 3,
           "tuning_games": 10, "evaluation_seed": 2026}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, MAX_SEED - 1), st.integers(0, MAX_SEED - 1), st.integers(1, 300),
       st.integers(1, 300))
def test_tuning_and_evaluation_game_seeds_are_disjoint_for_any_constants(tune, evaluate, n, m):
    try:
        tuning, evaluation = disjoint_seeds(tune, evaluate, n, m)
    except ValueError as err:
        assert "EVALUATION_SEED" in str(err)
        assert tune == evaluate                       # distinct bases never met a 32-bit clash here
        return
    assert len(tuning) == n and len(evaluation) == m
    assert not set(tuning) & set(evaluation)


@pytest.mark.parametrize("tune", [0, 3, 2**40])
def test_one_seed_for_both_is_refused(tune):
    refused(lambda: disjoint_seeds(tune, tune, 10, 10), "EVALUATION_SEED")
    refused(lambda: game_settings(**NB51, contest={**CONTEST, "tuning_seed": tune,
                                                     "evaluation_seed": tune}), "EVALUATION_SEED")


@pytest.mark.parametrize("name, value, constant", [
    ("tuning_seed", -1, "TUNING_SEED"), ("evaluation_seed", 1.5, "EVALUATION_SEED"),
    ("tuning_games", 0, "TUNING_GAMES_PER_SIDE"), ("evaluation_seed", None, "EVALUATION_SEED")])
def test_seed_constants_are_checked(name, value, constant):
    refused(lambda: game_settings(**NB51, contest={**CONTEST, name: value}), constant)


def test_the_settings_give_the_seeds_run_sweep_plays():
    out = game_settings(**NB51, contest=CONTEST)
    assert out["TUNING_SEED"] == 3 and out["EVALUATION_SEED"] == 2026
    played = {r["seed"] for r in run_sweep(lambda seed: seed, [{}], trials=10, seed=2026, n_jobs=1,
                                           progress=False)}
    tuned = {r["seed"] for r in run_sweep(lambda seed: seed, [{}], trials=10, seed=3, n_jobs=1,
                                          progress=False)}
    assert played == set(out["EVALUATION_GAME_SEEDS"]) and tuned == set(out["TUNING_GAME_SEEDS"])
    assert not played & tuned
