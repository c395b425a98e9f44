"""Bounds and types of tracking's public entry points: what cannot be placed or played is refused
(never clipped), numpy integers count as integers, bools never do, and the notebooks' constants
are checked against the range the notebooks can actually run."""

import numpy as np
import pytest
from fuzzing import refused

import tracking
from tracking import CaptureGame, load_layout, make_team, random_maze
from tracking.settings import game_settings, tracker_settings
from tracking.tournament import game_trial, stuck_share

TINY = load_layout("tinyCapture")
I64 = np.int64


def test_random_maze_refuses_food_it_cannot_place():
    err = refused(lambda: random_maze(food=10**6), "food")
    assert "from 0 to 208" in str(err)
    refused(lambda: random_maze(16, 6, food=40), "food")          # more than any 16x6 maze holds
    maze = random_maze(food=20)
    assert len(maze.food) == 40


def test_random_maze_refuses_food_beyond_the_drawn_mazes_room():
    maze = random_maze(8, 5, wall_density=0.4, food=0, seed=3)
    room = sum(1 for c in maze.cells if c[0] < 4 and c not in ((1, 1), (1, 2)))
    assert len(random_maze(8, 5, wall_density=0.4, food=room, seed=3).food) == 2 * room
    if room < 7:                                                     # 3 x 3 - 2 is the most
        refused(lambda: random_maze(8, 5, wall_density=0.4, food=room + 1, seed=3), "food")


def test_capture_game_refuses_end_food_beyond_the_mazes_food():
    least = min(len(TINY.food_of(t)) for t in ("red", "blue"))
    err = refused(lambda: CaptureGame(TINY, make_team("random"), make_team("random"),
                                      end_food=1000), "end_food")
    assert f"from 0 to {least - 1}" in str(err)
    refused(lambda: CaptureGame(TINY, make_team("random"), make_team("random"), end_food=least),
            "end_food")
    game = CaptureGame(TINY, make_team("random"), make_team("random"), end_food=least - 1)
    assert not game.over


def test_numpy_integers_count_and_bools_do_not():
    res = game_trial("random", "random", "tinyCapture", "red", I64(1), max_moves=I64(40),
                     end_food=I64(0))
    assert res["moves"] <= 40
    assert CaptureGame(TINY, make_team("random"), make_team("random"), end_food=I64(1)).end_food == 1
    assert len(random_maze(I64(16), I64(8), food=I64(3), seed=I64(2)).food) == 6
    assert stuck_share([(1, 1)] * 20, window=I64(4), distinct=I64(2)) == 1.0
    refused(lambda: stuck_share([(1, 1)] * 20, window=True), "window")
    refused(lambda: CaptureGame(TINY, make_team("random"), make_team("random"), end_food=True),
            "end_food")
    refused(lambda: random_maze(food=True), "food")


def test_animations_check_their_sizes():
    run = tracking.track("tinyCapture", steps=6)
    anim = tracking.animate_run(run, last=I64(4), stride=I64(2))     # numpy integers are integers
    anim.to_jshtml()
    refused(lambda: tracking.animate_run(run, dpi=10**6), "dpi")
    refused(lambda: tracking.animate_run(run, stride=True), "stride")
    refused(lambda: tracking.animate_run(run, last=-1), "last")
    game = CaptureGame(TINY, make_team("random"), make_team("random"), max_moves=8, record=True)
    frames = game.play().frames
    refused(lambda: tracking.animate_game(TINY, frames, dpi=10**5), "dpi")
    refused(lambda: tracking.animate_game(TINY, frames, show=[0, 10**9]), "show")
    refused(lambda: tracking.animate_game(TINY, []), "frames")
    import matplotlib.pyplot as plt
    plt.close("all")


def test_evaluate_refuses_particles_before_simulating():
    refused(lambda: tracking.evaluate("defaultCapture", method="particles", particles=10**9,
                                      episodes=64, steps=300), "particles")


NB50 = dict(layout="defaultCapture", steps=300, episodes=64, sweep_episodes=16, fit_episodes=64,
            particles=1000, animation_steps=120, frame_stride=10, n_jobs=2, seed=0,
            betas={"OPPONENT_BETA": 10.0, "MODEL_BETA": 10.0},
            sweeps={"SWEEP_BETAS": [0.0, 10.0], "SWEEP_OPPONENTS": [0.0]})
NB51 = dict(mazes=["defaultCapture", "mediumCapture"], pairings=[("tracker", "greedy")], rule="eat",
            max_moves=3000, end_food=2, counts={"GAMES_PER_SIDE": 25, "LOOP_GAMES": 12},
            animation_moves=600, guard_moves=400, inline_frames=24, n_jobs=2, seed=0)


@pytest.mark.parametrize("name, value, constant", [
    ("episodes", 1e8, "EPISODES"), ("episodes", 10**8, "EPISODES"), ("steps", 100_000, "EPISODES"),
    ("particles", 10**9, "PARTICLES"), ("animation_steps", 301, "ANIMATION_STEPS"),
    ("frame_stride", 121, "FRAME_STRIDE"), ("n_jobs", 10**6, "N_JOBS"), ("episodes", True, "EPISODES"),
    ("betas", {"MODEL_BETA": float("nan")}, "MODEL_BETA"), ("layout", "nowhere", "LAYOUT"),
    ("sweeps", {"SWEEP_BETAS": []}, "SWEEP_BETAS")])
def test_notebook_50_constants_are_refused_beyond_what_it_can_run(name, value, constant):
    refused(lambda: tracker_settings(**{**NB50, name: value}), constant)


def test_notebook_constants_within_range_pass_and_numpy_integers_too():
    out = tracker_settings(**{**NB50, "episodes": I64(64)})
    assert out["EPISODES"] == 64 and type(out["EPISODES"]) is int
    assert game_settings(**NB51)["PAIRINGS"] == [("tracker", "greedy")]


@pytest.mark.parametrize("name, value, constant", [
    ("end_food", 1000, "END_FOOD"), ("max_moves", 10**9, "MAX_MOVES"),
    ("counts", {"GAMES_PER_SIDE": 10**8}, "GAMES_PER_SIDE"), ("animation_moves", 3001, "ANIMATION_MOVES"),
    ("inline_frames", 402, "INLINE_FRAMES"), ("mazes", [], "MAZES"), ("rule", "x", "RULE"),
    ("pairings", [("tracker",)], "PAIRINGS"), ("guard_moves", 5000, "GUARD_MOVES"),
    ("counts", {"LOOP_GAMES": 1.5}, "LOOP_GAMES")])
def test_notebook_51_constants_are_refused_beyond_what_it_can_run(name, value, constant):
    refused(lambda: game_settings(**{**NB51, name: value}), constant)


@pytest.mark.parametrize("value", [-1, None, 1.5, "0", True, 2**63, 10**400])
def test_both_notebooks_check_seed(value):
    refused(lambda: tracker_settings(**{**NB50, "seed": value}), "SEED")
    refused(lambda: game_settings(**{**NB51, "seed": value}), "SEED")


def test_list_constants_come_as_lists_tuples_arrays_or_papermills_text():
    for betas in ([0.0, 10.0], (0.0, 10.0), np.array([0.0, 10.0]), "[0.0, 10.0]", "(0, 10)"):
        out = tracker_settings(**{**NB50, "sweeps": {"SWEEP_BETAS": betas}})
        assert out["SWEEP_BETAS"] == [0.0, 10.0]
    out = tracker_settings(**{**NB50, "seed": np.uint8(7)})
    assert out["SEED"] == 7 and type(out["SEED"]) is int
    text = game_settings(**{**NB51, "mazes": "['tinyCapture']", "pairings": "[('tracker', 'random')]"})
    assert text["MAZES"] == ["tinyCapture"] and text["PAIRINGS"] == [("tracker", "random")]
    refused(lambda: tracker_settings(**{**NB50, "sweeps": {"SWEEP_BETAS": "[0.0, -1.0]"}}), "SWEEP_BETAS")
    refused(lambda: tracker_settings(**{**NB50, "sweeps": {"SWEEP_BETAS": "[0.0,"}}), "SWEEP_BETAS")
    refused(lambda: game_settings(**{**NB51, "mazes": ["tinyCapture", "tinyCapture"]}), "MAZES")
