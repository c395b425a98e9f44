"""Issue 41 for tracking: garbage refused where it enters (likelihoods, counts, readings, cells,
mazes without food on a half, malformed rows), and integers of every numpy dtype giving the answer
a Python int gives at each public entry point."""

import math

import matplotlib
import numpy as np
import pytest
from fuzzing import array_in_dtypes, in_dtypes, refused

matplotlib.use("Agg")

import tracking
from tracking import (
    CaptureGame,
    ExactFilter,
    GameResult,
    ParticleFilter,
    RandomAgent,
    Weights,
    attacker_cells,
    evaluate,
    evidence,
    fit_beta,
    guard_summary,
    load_layout,
    log_likelihood,
    loop_table,
    move_statistics,
    noisy_distance,
    observe,
    pairing_table,
    parse_layout,
    play,
    random_maze,
    reading_likelihood,
    score,
    simulate,
    track,
    visible,
    walk,
)
from tracking.maze import Maze

TINY = load_layout("tinyCapture")
N = TINY.n
START, OBSERVER = TINY.starts[1], TINY.starts[0]


def filters():
    return [ExactFilter(TINY, START, motion="explorer", episodes=2),
            ParticleFilter(TINY, START, motion="explorer", episodes=2, particles=20,
                           rng=np.random.default_rng(0))]


# ---- likelihoods and counts ------------------------------------------------------------------
BAD_LIKELIHOODS = [np.full((2, N), math.nan), np.full((2, N), math.inf), -np.ones((2, N)),
                   np.ones((2, N + 1)), np.ones((3, N)), np.ones((1, 1, N)), np.float64(1.0),
                   "likely", None, np.ones((2, N), dtype=bool), [[True] * N] * 2,
                   [[10**400] * N] * 2, [[1.0] * N, [1.0] * (N - 1)], []]


@pytest.mark.parametrize("k", range(len(BAD_LIKELIHOODS)))
def test_both_filters_refuse_a_likelihood_that_is_no_likelihood(k):
    for filt in filters():
        before = filt.belief.copy()
        refused(lambda f=filt: f.observe(BAD_LIKELIHOODS[k]), "likelihood")
        assert np.array_equal(filt.belief, before)                  # nothing was computed


@pytest.mark.parametrize("bad", [np.full((2, N), math.nan), -np.ones((2, N)), np.ones((2, 3)), "x"])
def test_both_filters_refuse_bad_counts_in_predict(bad):
    for filt in filters():
        refused(lambda f=filt: f.predict(bad), "counts")
    uniform = ExactFilter(TINY, START, episodes=2)                 # even where they go unused
    refused(lambda: uniform.predict(bad), "counts")
    refused(lambda: uniform.backward(np.ones((2, N)), bad), "counts")


def test_a_zero_likelihood_everywhere_gives_the_documented_uniform_belief():
    for filt in filters():
        b = filt.observe(np.zeros(N))
        assert filt.recoveries == 2 and np.allclose(b.sum(axis=1), 1.0)
        if isinstance(filt, ExactFilter):
            np.testing.assert_allclose(b, 1.0 / N)


def test_one_row_of_likelihood_is_shared_by_every_episode():
    like = np.random.default_rng(1).random(N)
    for make in (lambda: ExactFilter(TINY, START, episodes=2),):
        a, b = make(), make()
        a.predict(), b.predict()
        np.testing.assert_array_equal(a.observe(like), b.observe(np.stack([like, like])))


def test_reset_refuses_a_cell_that_is_not_free():
    filt = ExactFilter(TINY, START)
    refused(lambda: filt.reset((0, 0)), "cell")
    refused(lambda: filt.reset("ab"), "cell")


# ---- sensing ---------------------------------------------------------------------------------
def test_sensing_refuses_impossible_readings_cells_and_empty_teams():
    rng = np.random.default_rng(0)
    refused(lambda: reading_likelihood(TINY, OBSERVER, 10**400), "reading")
    refused(lambda: reading_likelihood(TINY, OBSERVER, -7), "reading")
    refused(lambda: reading_likelihood(TINY, OBSERVER, TINY.width + TINY.height + 5), "reading")
    refused(lambda: reading_likelihood("tinyCapture", OBSERVER, 3), "maze")
    refused(lambda: evidence(TINY, [OBSERVER], [10**400]), "readings")
    refused(lambda: evidence(TINY, [], []), "observers")
    refused(lambda: noisy_distance((10**400, 0), (1, 1), rng), "observer")
    refused(lambda: noisy_distance((-1, 0), (1, 1), rng), "observer")
    refused(lambda: visible([], (1, 1)), "observers")
    refused(lambda: visible([(1, 1)], (1, -3)), "enemy")
    refused(lambda: observe("tinyCapture", [OBSERVER], START, rng), "maze")
    refused(lambda: observe(TINY, [OBSERVER], (0, 0), rng), "enemy")
    refused(lambda: observe(TINY, [OBSERVER], START, 3), "rng")
    edge = reading_likelihood(TINY, OBSERVER, -6)                      # the lowest possible reading
    assert edge[TINY.index[OBSERVER]] == 1 / 13 and edge.sum() == 1 / 13


# ---- mazes and games ---------------------------------------------------------------------------
ONE_SIDED = """
%%%%%%%%
%1  . 2%
%3    4%
%%%%%%%%
"""


def test_a_capture_game_refuses_a_maze_without_food_on_a_half():
    red = lambda: [RandomAgent(), RandomAgent()]
    for maze in (parse_layout(ONE_SIDED), parse_layout(ONE_SIDED.replace(".", " ")),
                 random_maze(food=0)):
        for rule in ("eat", "carry", "contest"):
            refused(lambda m=maze, r=rule: play(m, red(), red(), rule=r), "maze")
    both = parse_layout(ONE_SIDED.replace("%1  ", "%1. "))
    assert play(both, red(), red(), end_food=0, max_moves=40).moves > 0


def test_a_maze_refuses_food_capsules_and_starts_off_its_free_cells():
    walls = np.zeros((4, 3), dtype=bool)
    walls[0] = True
    refused(lambda: Maze(walls, ((0, 1),), (), {}), "food")
    refused(lambda: Maze(walls, ((9, 9),), (), {}), "food")
    refused(lambda: Maze(walls, (), ((1.0, 1),), {}), "capsules")
    refused(lambda: Maze(walls, (), (), {0: (0, 0)}), "starts")
    refused(lambda: Maze(walls, (), (), {"a": (1, 1)}), "starts")
    refused(lambda: Maze(walls, "ab", (), {}), "food")
    maze = Maze(walls, ((np.uint8(1), np.int64(2)),), (), {np.int8(0): (1, 1)})
    assert maze.food == ((1, 2),) and maze.starts == {0: (1, 1)}
    assert all(type(v) is int for v in maze.food[0] + tuple(maze.starts))


# ---- learning and tables ---------------------------------------------------------------------
def test_log_likelihood_checks_beta_counts_and_chosen():
    paths = walk(TINY, START, 30, beta=1.0, episodes=2, rng=np.random.default_rng(0))
    s = move_statistics(TINY, paths)
    good = log_likelihood(1.0, s.counts, s.chosen)
    assert math.isfinite(good)
    refused(lambda: log_likelihood(math.nan, s.counts, s.chosen), "beta")
    refused(lambda: log_likelihood("1", s.counts, s.chosen), "beta")
    refused(lambda: log_likelihood(1.0, s.counts, s.chosen + 7), "chosen")
    refused(lambda: log_likelihood(1.0, s.counts, s.chosen + 0.5), "chosen")
    refused(lambda: log_likelihood(1.0, s.counts[:, :3], s.chosen), "counts")
    refused(lambda: log_likelihood(1.0, -s.counts, s.chosen), "counts")
    refused(lambda: log_likelihood(1.0, "ab", s.chosen), "counts")
    refused(lambda: log_likelihood(1.0, s.counts, np.full(len(s.chosen), 4)), "chosen")
    for chosen in array_in_dtypes(s.chosen):
        assert log_likelihood(1.0, s.counts, chosen) == good


def test_tables_refuse_rows_they_cannot_read():
    refused(lambda: pairing_table([{"x": 1}]), "rows")
    refused(lambda: pairing_table("abc"), "rows")
    refused(lambda: pairing_table([]), "rows")
    refused(lambda: pairing_table([{"layout": "t", "a": "x", "b": "y", "result": {"win": 1}}]), "results")
    refused(lambda: loop_table([{"attacker": "hard rules"}]), "rows")
    refused(lambda: loop_table([{"attacker": "hard rules", "result": {}}]), "results")
    refused(lambda: attacker_cells("ab"), "trail")
    refused(lambda: attacker_cells([]), "trail")
    res = GameResult({"red": 0, "blue": 0}, 0, {"red": 0, "blue": 0}, [0] * 4, [tuple([(1, 1)] * 4)])
    refused(lambda: guard_summary(TINY, "x"), "result")
    refused(lambda: guard_summary("x", res), "maze")
    refused(lambda: guard_summary(TINY, res), "result")
    refused(lambda: tracking.default_cells("tinyCapture"), "maze")
    refused(lambda: tracking.plot_belief(TINY, np.full(N, math.nan)), "belief")
    refused(lambda: tracking.plot_belief(TINY, np.ones(N + 1) / N), "belief")
    refused(lambda: tracking.animate_run("x"), "run")
    refused(lambda: score(TINY, np.full((2, 1, N), 3.0), np.zeros((1, 2), dtype=int)), "beliefs")


def test_weights_store_what_they_checked():
    w = Weights(ghost=np.int8(3), carry_limit=np.uint8(4))
    assert type(w.ghost) is float and type(w.carry_limit) is int and w.carry_limit == 4
    refused(lambda: Weights(carry_limit=10**400), "carry_limit")


# ---- every integer dtype gives the Python int's answer ---------------------------------------
def cell_in(dtype, xy):
    return (dtype(xy[0]), dtype(xy[1]))


@pytest.mark.parametrize("dtype", [type(v) for v in in_dtypes(255)])
def test_integer_dtypes_give_python_answers_in_tracking_and_sensing(dtype):
    ref = track("tinyCapture", motion="explorer", steps=12, seed=3, observer=OBSERVER, start=START)
    got = track("tinyCapture", motion="explorer", steps=dtype(12), seed=dtype(3),
                observer=cell_in(dtype, OBSERVER), start=cell_in(dtype, START), beta=dtype(10))
    np.testing.assert_array_equal(got["beliefs"], ref["beliefs"])
    ep = simulate(TINY, observers=[cell_in(dtype, OBSERVER)], start=cell_in(dtype, START),
                  steps=dtype(6), episodes=dtype(2), seed=dtype(5), opponent_beta=dtype(1))
    ref_ep = simulate(TINY, observers=[OBSERVER], start=START, steps=6, episodes=2, seed=5,
                      opponent_beta=1)
    np.testing.assert_array_equal(ep.likelihoods, ref_ep.likelihoods)
    assert ep.start == ref_ep.start and all(type(v) is int for v in ep.start)
    np.testing.assert_array_equal(reading_likelihood(TINY, cell_in(dtype, OBSERVER), dtype(3)),
                                  reading_likelihood(TINY, OBSERVER, 3))
    np.testing.assert_array_equal(evidence(TINY, [cell_in(dtype, OBSERVER)], [dtype(9)]),
                                  evidence(TINY, [OBSERVER], [9]))
    far = (TINY.width - 2, 1)
    assert visible([cell_in(dtype, (1, 1))], cell_in(dtype, far)) == visible([(1, 1)], far)
    assert (noisy_distance(cell_in(dtype, (1, 1)), cell_in(dtype, far), np.random.default_rng(2))
            == noisy_distance((1, 1), far, np.random.default_rng(2)))
    np.testing.assert_array_equal(
        walk(TINY, cell_in(dtype, START), dtype(8), beta=dtype(2), episodes=dtype(3), rng=np.random.default_rng(1)),
        walk(TINY, START, 8, beta=2, episodes=3, rng=np.random.default_rng(1)))


@pytest.mark.parametrize("dtype", [type(v) for v in in_dtypes(255)])
def test_integer_dtypes_give_python_answers_in_filters_mazes_and_games(dtype):
    like = np.random.default_rng(0).integers(0, 3, size=(2, N))
    for make in (ExactFilter, ParticleFilter):
        a = make(TINY, cell_in(dtype, START), motion="explorer", beta=dtype(4), episodes=dtype(2))
        b = make(TINY, START, motion="explorer", beta=4, episodes=2)
        for _ in range(3):
            a.predict(), b.predict()
            np.testing.assert_array_equal(a.observe(like.astype(dtype)), b.observe(like))
    ref = random_maze(16, 8, food=3, seed=7)
    maze = random_maze(dtype(16), dtype(8), food=dtype(3), seed=dtype(7))
    assert maze.food == ref.food and np.array_equal(maze.walls, ref.walls)
    teams = lambda: (tracking.make_team("random"), tracking.make_team("random"))
    r1 = play(TINY, *teams(), max_moves=dtype(40), seed=dtype(9), end_food=dtype(1))
    r2 = play(TINY, *teams(), max_moves=40, seed=9, end_food=1)
    assert r1.trail == r2.trail and r1.scores == r2.scores
    game = CaptureGame(TINY, *teams(), max_moves=dtype(4))
    assert type(game.max_moves) is int


@pytest.mark.parametrize("dtype", [type(v) for v in in_dtypes(255)])
def test_integer_dtypes_give_python_answers_in_evaluate_and_learning(dtype):
    kw = dict(method="particles", episodes=2, steps=5, particles=30)
    ref = evaluate("tinyCapture", seed=255, **kw)
    got = evaluate("tinyCapture", seed=dtype(255), **{k: dtype(v) if isinstance(v, int) else v
                                                      for k, v in kw.items()})
    assert got[("p_true", "all")].mean == ref[("p_true", "all")].mean   # seed + 1 does not wrap
    paths = walk(TINY, START, 40, beta=2.0, episodes=2, rng=np.random.default_rng(0))
    base = fit_beta(TINY, paths)
    for p in array_in_dtypes(paths):
        assert fit_beta(TINY, p) == base


def test_unsigned_seed_at_its_top_is_not_wrapped():
    top = np.uint64(2**64 - 1)
    kw = dict(method="particles", episodes=2, steps=4, particles=10)
    assert (evaluate("tinyCapture", seed=top, **kw)[("p_true", "all")].mean
            == evaluate("tinyCapture", seed=2**64 - 1, **kw)[("p_true", "all")].mean)


def test_a_game_refuses_moves_agents_and_teams_it_does_not_have():
    game = CaptureGame(TINY, (RandomAgent(), RandomAgent()), (RandomAgent(), RandomAgent()))
    start = list(game.positions)
    wall = next(m for m, (dx, dy) in tracking.maze.MOVES.items()
                if (start[0][0] + dx, start[0][1] + dy) not in TINY.index)
    refused(lambda: game.apply(0, wall), "move")                   # into a wall: was taken
    refused(lambda: game.apply(0, "Jump"), "move")
    refused(lambda: game.apply(0, ["North"]), "move")
    refused(lambda: game.apply(4, "Stop"), "i")
    refused(lambda: game.is_pacman(7), "i")
    refused(lambda: game.observation(-1), "i")
    refused(lambda: game.enemy_food("green"), "team")
    refused(lambda: game.trackers["red"].apply_events("x"), "log")
    assert game.positions == start
    game.apply(np.uint8(0), "Stop")
    assert game.is_pacman(np.int64(0)) is False


def test_contest_tables_and_game_drawings_refuse_what_they_cannot_read():
    from tracking.contestrun import contest_claims, contest_lines, contest_summary, deaths
    refused(lambda: contest_summary([{"a": 1}]), "rows")
    refused(lambda: contest_summary([{"a": "x", "b": "y", "result": {"win": True}}]), "results")
    refused(lambda: contest_lines({1: {}}), "summary")
    refused(lambda: contest_lines("x"), "summary")
    refused(lambda: contest_claims("x"), "pooled")
    refused(lambda: contest_claims({("full tracker", "greedy"): {}}), "pooled")
    refused(lambda: deaths("x", "red"), "game")
    refused(lambda: tracking.plot_visits(TINY, [(-1, 1)]), "cells")
    refused(lambda: tracking.plot_visits(TINY, [START], vmax=math.nan), "vmax")
    refused(lambda: tracking.animate_game("x", [{}]), "maze")
    refused(lambda: tracking.animate_game(TINY, [1, 2]), "frames")


def test_numbers_beyond_float_range_are_our_value_error():
    big = 10**400
    refused(lambda: ExactFilter(TINY, START, beta=big), "beta")
    refused(lambda: ParticleFilter(TINY, START, mix=-big), "mix")
    refused(lambda: simulate(TINY, observers=[OBSERVER], start=START, opponent_beta=big), "opponent_beta")
    refused(lambda: walk(TINY, START, 3, beta=big, rng=np.random.default_rng(0)), "beta")
    refused(lambda: random_maze(wall_density=big), "wall_density")
    refused(lambda: fit_beta(TINY, [[0, 1, 2]], upper=big), "upper")
    refused(lambda: log_likelihood(big, np.zeros((1, 5)), [0]), "beta")
    refused(lambda: Weights(ghost=big), "ghost")
    refused(lambda: tracking.Plan(stick=big), "stick")
    refused(lambda: tracking.sweep_trial(big, 1.0, 0, episodes=2, steps=3, layout="tinyCapture"), "beta")


def test_observers_come_as_a_list_tuple_or_array_of_cells():
    rng = np.random.default_rng(0)
    as_list = evidence(TINY, [OBSERVER, START], [5, 9])
    for observers in ((OBSERVER, START), np.array([OBSERVER, START]),
                      np.array([OBSERVER, START], dtype=np.uint8)):
        np.testing.assert_array_equal(evidence(TINY, observers, [5, 9]), as_list)
        assert visible(observers, (1, 1)) == visible([OBSERVER, START], (1, 1))
        assert observe(TINY, observers, START, np.random.default_rng(1)) == observe(
            TINY, [OBSERVER, START], START, np.random.default_rng(1))
    ep = simulate(TINY, observers=np.array([OBSERVER]), start=START, steps=3)
    assert ep.observers == (OBSERVER,)
    refused(lambda: evidence(TINY, np.zeros((2, 3), dtype=int), [5, 9]), "observers")
    refused(lambda: visible(np.zeros((0, 2), dtype=int), (1, 1)), "observers")
    refused(lambda: parse_layout("%" * 10**4), "width")
    refused(lambda: observe(TINY, [OBSERVER], START, rng=None), "rng")


@pytest.mark.parametrize("dtype", [type(v) for v in in_dtypes(255)])
def test_maze_queries_take_cells_in_any_integer_dtype(dtype):
    for c in (OBSERVER, START, (1, 1)):
        assert TINY.legal_moves(cell_in(dtype, c)) == TINY.legal_moves(c)   # uint8: 1 - 1 wrapped
        np.testing.assert_array_equal(TINY.manhattan(cell_in(dtype, c)), TINY.manhattan(c))
    refused(lambda: TINY.legal_moves("ab"), "cell")
    refused(lambda: TINY.manhattan((1, -1)), "cell")
    maze = Maze(np.zeros((4, 3), dtype=bool), np.array([[1, 1], [2, 2]], dtype=dtype), (),
                {0: np.array([1, 2], dtype=dtype)})
    assert maze.food == ((1, 1), (2, 2)) and maze.starts == {0: (1, 2)}


@pytest.mark.parametrize("dtype", [type(v) for v in in_dtypes(200)])
def test_integer_dtypes_give_python_answers_in_scores_smoothing_and_tournaments(dtype):
    ep = simulate(TINY, observers=[OBSERVER], start=START, steps=6, episodes=2, seed=1)
    beliefs = tracking.run_filter(ExactFilter(TINY, START, episodes=2), ep.likelihoods)
    ints = (ep.likelihoods * 13).round().astype(dtype)                  # the same evidence, scaled
    np.testing.assert_allclose(tracking.run_filter(ExactFilter(TINY, START, episodes=2), ints), beliefs)
    ref = score(TINY, beliefs, ep.path)
    for path in array_in_dtypes(ep.path):
        got = score(TINY, beliefs, path)
        assert all(np.array_equal(got[k], ref[k]) for k in ref)
        assert move_statistics(TINY, path).chosen.tolist() == move_statistics(TINY, ep.path).chosen.tolist()
    smoothed = tracking.smooth(ExactFilter(TINY, START, episodes=2), ints, beliefs)
    np.testing.assert_allclose(smoothed, tracking.smooth(ExactFilter(TINY, START, episodes=2),
                                                         ep.likelihoods, beliefs))
    assert tracking.default_cells(TINY, cell_in(dtype, OBSERVER), cell_in(dtype, START)) == (OBSERVER, START)
    a = tracking.game_trial("tracker", "random", "tinyCapture", "red", dtype(4), max_moves=dtype(40),
                            end_food=dtype(1))
    assert a == tracking.game_trial("tracker", "random", "tinyCapture", "red", 4, max_moves=40, end_food=1)
    b = tracking.loop_trial("hard rules", "tinyCapture", dtype(2), max_moves=dtype(40))
    assert b == tracking.loop_trial("hard rules", "tinyCapture", 2, max_moves=40)
    res = tracking.loop_game("hard rules", TINY, dtype(2), max_moves=dtype(40))
    assert guard_summary(TINY, res, columns=dtype(3)) == guard_summary(TINY, res, columns=3)
    assert (tracking.sweep_trial(dtype(3), dtype(1), dtype(5), episodes=dtype(2), steps=dtype(4),
                                 layout="tinyCapture")
            == tracking.sweep_trial(3, 1, 5, episodes=2, steps=4, layout="tinyCapture"))


def test_a_team_tracker_refuses_sensing_it_cannot_have():
    tracker = tracking.TeamTracker(TINY, "red")
    unseen, far = {1: None, 3: None}, {1: False, 3: False}
    refused(lambda: tracker.observe((0, 0), [OBSERVER], unseen, {1: 3, 3: 3}, far), "acting")
    refused(lambda: tracker.observe(OBSERVER, [OBSERVER], unseen, {1: math.nan, 3: 3}, far), "readings")
    refused(lambda: tracker.observe(OBSERVER, [OBSERVER], unseen, {}, far), "readings")
    refused(lambda: tracker.observe(OBSERVER, [OBSERVER], {1: (0, 0), 3: None}, {1: 3, 3: 3}, far), "seen")
    refused(lambda: tracker.observe(OBSERVER, [OBSERVER], unseen, {1: 3, 3: 3}, {1: "no", 3: False}), "pacman")
    refused(lambda: ExactFilter(TINY, START).edge_probs(np.full((1, N), math.nan)), "counts")
    before = {j: f.belief.copy() for j, f in tracker.filters.items()}
    assert all(np.array_equal(tracker.filters[j].belief, b) for j, b in before.items())
    tracker.observe(cell_in(np.uint8, OBSERVER), [OBSERVER], unseen, {1: np.uint8(12), 3: 12}, far)


@pytest.mark.parametrize("bad", [None, "3", 2.5, 0, -1, 10**400, float("nan"), [1], True], ids=lambda v: repr(v)[:12])
def test_evaluate_checks_particles_even_when_its_method_does_not_use_them(bad):
    from tracking import evaluate
    with pytest.raises((TypeError, ValueError), match="particles"):
        evaluate(method="filter", particles=bad, episodes=1, steps=5)


def test_refusals_name_the_argument_the_caller_gave():
    """Found by replaying the tests' valid calls with one argument spoiled: the message named an
    inner name (beta, observer, layout) instead of the caller's argument."""
    from tracking import fit_beta, load_layout, move_statistics, parse_layout, simulate, sweep_trial
    maze = load_layout("defaultCapture")
    refused(lambda: sweep_trial("3", 0.0, 0, episodes=1, steps=5), "model_beta")
    refused(lambda: sweep_trial(1.0, float("nan"), 0, episodes=1, steps=5), "opponent_beta")
    refused(lambda: fit_beta(maze, [[[35], [38]]]), "paths")
    refused(lambda: move_statistics(maze, [[0, maze.n]]), "paths")
    refused(lambda: parse_layout("%%%\n%?%\n%%%"), "text")
    refused(lambda: simulate(maze, observers=[None], steps=3, episodes=1), "observers[0]")
