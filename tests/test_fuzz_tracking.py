"""Fuzz of tracking's public entry points: every bad argument of ``track``, ``simulate``, the
filters, the mazes and the capture game is refused quickly by our own checks, naming itself;
random layout texts either parse into a maze with one start per agent or are refused; and the
issue's cases (beta = NaN, opponent_beta = NaN, two agents '1', a million steps) are
regressions."""

import math

import numpy as np
import pytest
from fuzzing import FUZZ, bad_name, bad_real, bad_whole, not_a_flag, not_whole, refused
from hypothesis import given
from hypothesis import strategies as st

import tracking
import tracking.contestrun
from tracking import (
    CaptureGame,
    ExactFilter,
    ParticleFilter,
    Weights,
    evidence,
    load_layout,
    make_team,
    parse_layout,
    random_maze,
    reading_likelihood,
    run_filter,
    simulate,
    smooth,
    track,
    walk,
)
from tracking.compare import evaluate
from tracking.learn import fit_beta
from tracking.tournament import game_trial, maze_named

TINY = load_layout("tinyCapture")
START = TINY.starts[1]
RNG = np.random.default_rng(0)
bad_cell = st.one_of(st.just((0, 0)), st.tuples(st.integers(-5, -1), st.integers(0, 3)),
                     st.just((1.5, 2)), st.just((1, 2, 3)), st.just("ab"), st.integers(),
                     st.none().map(lambda _: (10**6, 10**6)))

TRACK_BAD = {
    "beta": bad_real(0, None), "opponent_beta": bad_real(0, None), "mix": bad_real(0, 1),
    "steps": bad_whole(0, 100_000), "seed": st.one_of(not_whole(), st.integers(max_value=-1)),
    "motion": bad_name(("uniform", "explorer")), "opponent": bad_name(("random", "explorer")),
    "observer": bad_cell, "start": bad_cell, "distance": not_a_flag, "sight": not_a_flag,
    "layout": st.one_of(st.integers(), st.none(), st.just("noSuchMaze"), st.just([1, 2])),
}


@FUZZ
@given(st.sampled_from(sorted(TRACK_BAD)), st.data())
def test_track_refuses_each_bad_argument(name, data):
    value = data.draw(TRACK_BAD[name])
    kwargs = {"layout": "tinyCapture", "steps": 20, "opponent": "explorer",
              "motion": "explorer", name: value}
    refused(lambda: track(**kwargs), "name_or_text" if name == "layout" else name,
            "layout" if name == "layout" else name)


SIMULATE_BAD = {"steps": bad_whole(0, 100_000), "episodes": bad_whole(1, 100_000),
                "opponent_beta": bad_real(0, None), "observers": st.one_of(
                    st.just([]), st.just("ab"), st.lists(bad_cell, min_size=1, max_size=2)),
                "seed": st.one_of(st.none(), st.floats(), st.integers(max_value=-1))}


@FUZZ
@given(st.sampled_from(sorted(SIMULATE_BAD)), st.data())
def test_simulate_and_walk_refuse_each_bad_argument(name, data):
    value = data.draw(SIMULATE_BAD[name])
    kwargs = {"start": START, "steps": 10, name: value}
    refused(lambda: simulate(TINY, **kwargs), "observer" if name == "observers" else name)
    if name in ("steps", "episodes"):
        refused(lambda: walk(TINY, START, **{"steps": 10, "rng": RNG, name: value}), name)


def test_runs_beyond_the_machine_are_refused_up_front():
    maze = load_layout("defaultCapture")
    refused(lambda: track(maze, steps=10**6), "steps")
    refused(lambda: simulate(maze, start=(30, 13), steps=100_000, episodes=100_000), "GB")
    refused(lambda: walk(maze, (30, 13), 10, beta=math.nan, rng=RNG), "beta")
    refused(lambda: ExactFilter(maze, (30, 13), episodes=10**9), "episodes")
    refused(lambda: ParticleFilter(maze, (30, 13), particles=10**9), "particles")
    refused(lambda: ParticleFilter(maze, (30, 13), episodes=1000, particles=1_000_000), "GB")
    refused(lambda: evaluate(maze, episodes=10**6, steps=100_000), "episodes")
    refused(lambda: evaluate(maze, episodes=50_000, steps=50_000), "GB")


FILTER_BAD = {"beta": bad_real(0, None), "mix": bad_real(0, 1),
              "motion": bad_name(("uniform", "explorer")), "episodes": bad_whole(1, 100_000),
              "start": bad_cell}


@FUZZ
@given(st.sampled_from(sorted(FILTER_BAD)), st.data())
def test_filters_refuse_each_bad_argument(name, data):
    value = data.draw(FILTER_BAD[name])
    kwargs = {"start": START, name: value}
    refused(lambda: ExactFilter(TINY, **kwargs), name)
    refused(lambda: ParticleFilter(TINY, particles=10, **kwargs), name)


@FUZZ
@given(st.one_of(st.just((5, 1, TINY.n)), st.just((5, 2, TINY.n)), st.just((5, 1, 3)),
                 st.just((0, 1, TINY.n)), st.just((5, TINY.n))),
       st.sampled_from([np.nan, -1.0, np.inf, 0.5]))
def test_run_filter_refuses_mis_shaped_or_non_finite_likelihoods(shape, fill):
    like = np.full(shape, fill)
    filt = ExactFilter(TINY, START)
    if len(shape) == 3 and shape[1:] == (1, TINY.n) and shape[0] and fill == 0.5:
        assert run_filter(filt, like).shape == shape
    else:
        refused(lambda: run_filter(filt, like), "likelihoods")


def test_smooth_and_score_refuse_mismatched_arrays():
    ep = simulate(TINY, start=START, steps=5, episodes=2)
    filt = ExactFilter(TINY, START, episodes=2)
    beliefs = run_filter(filt, ep.likelihoods)
    refused(lambda: smooth(filt, ep.likelihoods, beliefs[:-1]), "beliefs", "must match")
    refused(lambda: smooth(ParticleFilter(TINY, START, episodes=2), ep.likelihoods, beliefs),
            "filt")
    refused(lambda: tracking.score(TINY, beliefs, ep.path[:, :-1]), "path")
    refused(lambda: tracking.score(TINY, beliefs, ep.path + 0.5), "path")
    refused(lambda: tracking.summarize({"p": np.zeros((2, 3))}, ep.visible), "scores")
    refused(lambda: run_filter("filter", ep.likelihoods), "filt")


layout_rows = st.lists(st.text(alphabet="%. 1234o", min_size=6, max_size=6), min_size=1,
                       max_size=5)


@FUZZ
@given(layout_rows)
def test_layout_text_parses_with_one_start_per_agent_or_is_refused(rows):
    text = "\n".join(rows)
    digits = [c for c in text if c in "1234"]
    if not digits or len(set(digits)) != len(digits) or not any(r.strip() for r in rows):
        refused(lambda: parse_layout(text), "layout")
    else:
        maze = parse_layout(text)
        assert sorted(maze.starts) == sorted(int(d) - 1 for d in digits)


@FUZZ
@given(st.one_of(st.integers(), st.none(), st.binary(max_size=4), st.lists(st.text(), max_size=2)))
def test_layouts_must_be_text(value):
    refused(lambda: parse_layout(value), "text")
    refused(lambda: load_layout(value), "name_or_text")


RANDOM_MAZE_BAD = {"width": st.one_of(bad_whole(8, 200), st.just(9)), "height": bad_whole(5, 200),
                   "wall_density": bad_real(0, 0.4), "food": bad_whole(0, None),
                   "seed": st.one_of(st.none(), st.floats(), st.integers(max_value=-1))}


@FUZZ
@given(st.sampled_from(sorted(RANDOM_MAZE_BAD)), st.data())
def test_random_maze_refuses_each_bad_argument(name, data):
    value = data.draw(RANDOM_MAZE_BAD[name])
    refused(lambda: random_maze(**{name: value}), name)


@FUZZ
@given(st.sampled_from(["ghost", "pacman", "friend", "noise", "cutoff", "abroad", "falloff",
                        "floor", "carry_limit"]), st.data())
def test_weights_refuse_non_finite_and_out_of_range_knobs(name, data):
    if name == "carry_limit":
        value = data.draw(bad_whole(1, None))
    elif name in ("falloff", "floor"):
        value = data.draw(st.one_of(bad_real(0, None), st.just(0.0)))
    else:
        value = data.draw(bad_real(0, None))
    refused(lambda: Weights(**{name: value}), name)


GAME_BAD = {"rule": bad_name(tracking.RULES),   # max_moves=None: the rule's default
            "max_moves": bad_whole(1, 100_000).filter(lambda v: v is not None),
            "motion": bad_name(("uniform", "explorer")), "beta": bad_real(0, None),
            "seed": st.one_of(st.none(), st.floats(), st.integers(max_value=-1)),
            "record": not_a_flag, "end_food": st.one_of(st.floats(), st.integers(max_value=-1))}


@FUZZ
@given(st.sampled_from(sorted(GAME_BAD)), st.data())
def test_capture_game_refuses_each_bad_argument(name, data):
    value = data.draw(GAME_BAD[name])
    refused(lambda: CaptureGame(TINY, make_team("random"), make_team("random"), **{name: value}),
            name)


@FUZZ
@given(bad_name(tracking.TEAM_KINDS))
def test_team_kinds_and_agents_are_checked(kind):
    refused(lambda: make_team(kind), "kind")
    refused(lambda: CaptureGame(TINY, (object(), object()), make_team("random")), "red")
    refused(lambda: CaptureGame(TINY, make_team("random")[:1], make_team("random")), "red")
    refused(lambda: tracking.WeightedAgent(role=kind), "role")
    refused(lambda: make_team("tracker", weights={"ghost": 1}), "weights")


def test_sensing_refuses_bad_cells_and_readings():
    refused(lambda: reading_likelihood(TINY, (0, 0), 3), "observer")
    refused(lambda: reading_likelihood(TINY, START, 2.5), "reading")
    refused(lambda: reading_likelihood(TINY, START, math.nan), "reading")
    refused(lambda: evidence(TINY, [START], seen=(0, 0)), "seen")
    refused(lambda: evidence(TINY, [START], readings=[1, 2]), "readings")
    refused(lambda: tracking.noisy_distance((1, 1), (2, 2), rng=None), "rng")
    refused(lambda: tracking.visible("ab", (1, 1)), "observers")


def test_tournament_and_learning_refuse_bad_arguments():
    refused(lambda: maze_named("random-x"), "random-<seed>")
    refused(lambda: maze_named("nowhere"), "layout")
    refused(lambda: game_trial("tracker", "random", "tinyCapture", "green", 0), "side")
    refused(lambda: fit_beta(TINY, [[0.5, 1.5, 2.5]]), "paths")
    refused(lambda: fit_beta(TINY, [[0, 1]], upper=math.inf), "upper")
    refused(lambda: fit_beta(TINY, "paths"), "paths")


def test_issue_cases():
    refused(lambda: track("tinyCapture", beta=float("nan"), steps=5), "beta")
    refused(lambda: track("tinyCapture", motion="explorer", beta=float("nan"), steps=5), "beta")
    refused(lambda: track("tinyCapture", opponent="explorer", opponent_beta=float("nan"),
                          steps=5), "opponent_beta")
    text = "%%%%%%%%\n%1.  1 %\n%2   34%\n%%%%%%%%"
    refused(lambda: parse_layout(text), "two starts for agent 1")
    refused(lambda: track(steps=10**6), "steps")
    refused(lambda: random_maze(wall_density=0.55), "wall_density")


# ---- numpy scalars, bools for integers, string booleans, NaN and huge sizes, on every entry ----
def _game(**kw):
    return CaptureGame(TINY, make_team("random"), make_team("random"), **kw)


INTEGER_ARGS = {   # entry -> (call taking one keyword, the integer arguments, a valid value each)
    "track": (lambda **kw: track("tinyCapture", **{"steps": 5, **kw}), {"steps": 5, "seed": 1}),
    "simulate": (lambda **kw: simulate(TINY, **{"start": START, "steps": 5, **kw}),
                 {"steps": 5, "episodes": 2, "seed": 1}),
    "walk": (lambda **kw: walk(TINY, START, **{"steps": 5, "rng": RNG, **kw}),
             {"steps": 5, "episodes": 2}),
    "ExactFilter": (lambda **kw: ExactFilter(TINY, START, **kw), {"episodes": 2}),
    "ParticleFilter": (lambda **kw: ParticleFilter(TINY, START, **{"particles": 10, **kw}),
                       {"episodes": 2, "particles": 10}),
    "evaluate": (lambda **kw: evaluate("tinyCapture", method="particles",
                                       **{"episodes": 2, "steps": 5, "particles": 10, **kw}),
                 {"episodes": 2, "steps": 5, "seed": 1, "particles": 10}),
    "random_maze": (lambda **kw: random_maze(**kw),
                    {"width": 16, "height": 8, "food": 3, "seed": 1}),
    "CaptureGame": (_game, {"max_moves": 10, "seed": 1, "end_food": 1}),
    "game_trial": (lambda **kw: game_trial("random", "random", "tinyCapture", "red",
                                           **{"seed": 0, "max_moves": 8, **kw}),
                   {"seed": 0, "max_moves": 8, "end_food": 0}),
    "Weights": (lambda **kw: Weights(**kw), {"carry_limit": 2}),
    "stuck_share": (lambda **kw: tracking.tournament.stuck_share([(1, 1)] * 8, **kw),
                    {"window": 3, "distinct": 2}),
}
NOT_SIZES = {("Weights", "carry_limit"), ("stuck_share", "window"), ("stuck_share", "distinct")}
CASES = [(entry, arg) for entry, (_, args) in INTEGER_ARGS.items() for arg in args]


@pytest.mark.parametrize("entry, arg", CASES)
def test_integer_arguments_take_numpy_integers(entry, arg):
    call, args = INTEGER_ARGS[entry]
    call(**{arg: np.int64(args[arg])})
    call(**{arg: np.int32(args[arg])})


@pytest.mark.parametrize("entry, arg", CASES)
@pytest.mark.parametrize("bad", [True, np.bool_(False), "3", "True", math.nan, np.float64(math.nan),
                                 10**12, -(10**12)])
def test_integer_arguments_refuse_bools_text_nan_and_huge_sizes(entry, arg, bad):
    call, _ = INTEGER_ARGS[entry]
    if bad == 10**12 and (arg == "seed" or (entry, arg) in NOT_SIZES):
        return                                              # any seed >= 0 is a seed
    refused(lambda: call(**{arg: bad}), arg)


FLAG_ARGS = {"record": _game, "distance": lambda **kw: track("tinyCapture", steps=3, **kw),
             "sight": lambda **kw: track("tinyCapture", steps=3, **kw),
             "tracker": lambda **kw: tracking.WeightedAgent(**kw)}


@pytest.mark.parametrize("arg", sorted(FLAG_ARGS))
@pytest.mark.parametrize("bad", ["True", "False", "no", 1, 0, np.int64(1), None])
def test_flags_refuse_string_booleans_and_numbers(arg, bad):
    refused(lambda: FLAG_ARGS[arg](**{arg: bad}), arg)
    FLAG_ARGS[arg](**{arg: np.bool_(True)})


@pytest.mark.parametrize("name, call", [
    ("beta", lambda v: track("tinyCapture", steps=3, beta=v)),
    ("opponent_beta", lambda v: simulate(TINY, start=START, steps=3, opponent_beta=v)),
    ("mix", lambda v: ExactFilter(TINY, START, mix=v)),
    ("beta", lambda v: _game(beta=v)),
    ("wall_density", lambda v: random_maze(wall_density=v)),
    ("ghost", lambda v: Weights(ghost=v))])
@pytest.mark.parametrize("bad", [math.nan, np.float64(math.nan), math.inf, "0.5", True])
def test_real_arguments_refuse_nan_text_and_bools(name, call, bad):
    refused(lambda: call(bad), name)


def test_issue_30_sizes_and_food_are_refused_not_clipped():
    refused(lambda: random_maze(food=10**6), "food")
    refused(lambda: _game(end_food=1000), "end_food")
    refused(lambda: evaluate("defaultCapture", method="particles", particles=10**9), "particles")
    refused(lambda: tracking.animate_run(track("tinyCapture", steps=3), dpi=10**6), "dpi")


# ---- the contest rules' entries ------------------------------------------------------------------
@pytest.mark.parametrize("name, call", [
    ("max_moves", lambda v: tracking.contestrun.contest_trial("random", "random", "tinyCapture", "red",
                                                               0, max_moves=v)),
    ("end_food", lambda v: tracking.contestrun.contest_trial("random", "random", "tinyCapture", "red",
                                                              0, end_food=v)),
    ("seeds", lambda v: tracking.contestrun.capsule_turnaround("tinyCapture", v)),
    ("window", lambda v: tracking.contestrun.capsule_turnaround("tinyCapture", 1, window=v)),
    ("Plan.bank", lambda v: tracking.Plan(bank=v)),
    ("Plan.raid", lambda v: tracking.Plan(raid=v))])
@pytest.mark.parametrize("bad", [True, "3", math.nan, 10**12, -1])
def test_contest_entries_refuse_bools_text_nan_and_huge_sizes(name, call, bad):
    refused(lambda: call(bad), name)


def test_contest_rule_and_team_kind_are_checked():
    refused(lambda: _game(rule="Contest"), "rule")
    refused(lambda: tracking.contestrun.contest_trial("full", "greedy", "tinyCapture", "red", 0), "kind")
    refused(lambda: tracking.contestrun.contest_trial("full tracker", "greedy", "tinyCapture", "left", 0),
            "side")
    game = _game(rule="contest", max_moves=np.int64(30), end_food=np.int64(0))
    assert game.play().moves == 30
