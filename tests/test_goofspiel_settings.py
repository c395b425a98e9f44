"""goofspiel.settings: the notebooks' check cells refuse every constant beyond the library's
limits, naming it (SEED included), and take the lists papermill passes (tuples, their text)."""

import numpy as np
import pytest
from fuzzing import refused

from goofspiel.settings import (
    MAX_SEED,
    equilibrium_settings,
    evolution_settings,
    play_settings,
    scripted_settings,
)

EVOLUTION = {"TRIALS": 100, "CARDS": 20, "POPULATION": 25, "SURVIVORS": 10,
             "MUTATIONS": [0.0, 0.1, 0.2, 0.3, 0.4], "INITIALS": [5, 10], "GENERATIONS": [15, 150],
             "FIX_TRIALS": 100, "FIX_GENERATIONS": 150, "N_JOBS": 2, "SEED": 0}
EQUILIBRIUM = {"N": 7, "SMALL_NS": [3, 4, 5, 6, 7], "CYCLE_DECK": (2, 3, 4), "GA_TRIALS": 20,
               "CARDS": 20, "HEATMAP_NS": [7, 13, 20], "WINLOSS_NS": [4, 5, 6, 7, 8],
               "WINLOSS_ITERATIONS": 60, "REPLY_NODES": 2_500_000, "ARENA_GAMES": 20}
PLAY = {"CARDS": 7, "BOTS": 1, "SEED": 0, "DEMO_ROUNDS": 4, "AUTHOR_ROUNDS": 10}
SCRIPTED = {"CARDS": 7, "SEEDS": 400, "ROUNDS": 30,
            "HUMANS": ["identity", "equilibrium", "adaptive", "anticipating", "mixed"],
            "SCORINGS": ["game", "duel"], "OTHER_TABLES": [[7, 2], [5, 1]], "N_JOBS": 2, "SEED": 0}
REALS = ("MUTATIONS",)
CASES = [(evolution_settings, EVOLUTION), (equilibrium_settings, EQUILIBRIUM),
         (play_settings, PLAY), (scripted_settings, SCRIPTED)]


@pytest.mark.parametrize(("check", "defaults"), CASES, ids=lambda c: getattr(c, "__name__", ""))
def test_the_notebooks_defaults_pass_unchanged(check, defaults):
    out = check(**defaults)
    assert set(out) == set(defaults)
    for name, value in defaults.items():
        want = list(value) if isinstance(value, tuple) else value
        assert out[name] == want, name


@pytest.mark.parametrize(("check", "defaults"), CASES, ids=lambda c: getattr(c, "__name__", ""))
def test_every_constant_is_checked_naming_it(check, defaults):
    for name, value in defaults.items():
        for bad in (None, "x", -1, True, [], 1.5, 10**400):   # 10**400 for reals too (issue 41)
            if isinstance(value, (list, tuple)) and bad == []:
                bad = [-10**9]
            if isinstance(value, (list, tuple)) and bad == 10**400:
                bad = [10**400]
            refused(lambda b=bad, n=name: check(**{**defaults, n: b}), name)


@pytest.mark.parametrize("name", REALS)
def test_a_real_beyond_float_range_is_our_value_error_naming_it(name):
    check, defaults = next((c, d) for c, d in CASES if name in d)
    for big in (10**400, -10**400):
        value = [big] if isinstance(defaults[name], list) else big
        assert isinstance(refused(lambda v=value: check(**{**defaults, name: v}), name), ValueError)


def test_seed_and_sizes_beyond_the_library_limits_stop_in_the_check_cell():
    refused(lambda: play_settings(**{**PLAY, "SEED": MAX_SEED + 1}), "SEED")
    refused(lambda: scripted_settings(**{**SCRIPTED, "SEED": 2**64}), "SEED")
    refused(lambda: evolution_settings(**{**EVOLUTION, "TRIALS": 10**8}), "TRIALS")
    refused(lambda: evolution_settings(**{**EVOLUTION, "FIX_GENERATIONS": 10**7}),
            "FIX_GENERATIONS")
    refused(lambda: evolution_settings(**{**EVOLUTION, "SURVIVORS": 24}), "SURVIVORS")
    refused(lambda: evolution_settings(**{**EVOLUTION, "N_JOBS": 10**6}), "N_JOBS")
    refused(lambda: play_settings(**{**PLAY, "BOTS": 10**5}), "BOTS")
    refused(lambda: scripted_settings(**{**SCRIPTED, "CARDS": 9}), "CARDS")
    refused(lambda: scripted_settings(**{**SCRIPTED, "SEEDS": 10**6}), "SEEDS")
    refused(lambda: equilibrium_settings(**{**EQUILIBRIUM, "N": 10**3}), "N")
    refused(lambda: equilibrium_settings(**{**EQUILIBRIUM, "REPLY_NODES": 0}), "REPLY_NODES")
    refused(lambda: equilibrium_settings(**{**EQUILIBRIUM, "REPLY_NODES": 10**10}), "REPLY_NODES")
    refused(lambda: equilibrium_settings(**{**EQUILIBRIUM, "WINLOSS_ITERATIONS": 10**5}),
            "WINLOSS_ITERATIONS")
    assert equilibrium_settings(**{**EQUILIBRIUM, "WINLOSS_ITERATIONS": np.int16(7)})[
        "WINLOSS_ITERATIONS"] == 7
    for check, defaults in ((evolution_settings, EVOLUTION), (equilibrium_settings, EQUILIBRIUM)):
        refused(lambda c=check, d=defaults: c(**{**d, "CARDS": 63}), "CARDS")   # fast=True's 62
        assert check(**{**defaults, "CARDS": 62})["CARDS"] == 62


def test_lists_from_papermill_and_numpy_values_are_taken():
    out = evolution_settings(**{**EVOLUTION, "MUTATIONS": "(0.0, 0.25)", "INITIALS": (np.uint8(5),),
                                "SEED": np.uint64(7), "TRIALS": np.int16(3)})
    assert out["MUTATIONS"] == [0.0, 0.25] and out["INITIALS"] == [5]
    assert type(out["SEED"]) is int and out["SEED"] == 7 and type(out["TRIALS"]) is int
    out = scripted_settings(**{**SCRIPTED, "OTHER_TABLES": ((5, 2),), "HUMANS": ("identity",)})
    assert out["OTHER_TABLES"] == [[5, 2]] and out["HUMANS"] == ["identity"]
