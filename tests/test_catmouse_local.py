"""Version 2: window features, mice, batched games against single games, the article's numbers."""

import itertools

import numpy as np
import pytest
from oracles_catmouse import move_probabilities

from catmouse.mice import mouse_move, transition_arrays
from catmouse.v2.article import LocalRun, LocalScore, evaluate_local, summarize, train_local
from catmouse.v2.games import evaluate_batch, play_local
from catmouse.v2.plain import plain_scores
from catmouse.v2.window import (
    initial_window_table,
    random_window_table,
    validate_window_table,
    window_direction,
    window_index,
)
from studykit.legacy_numpy import LegacyStream


def test_legacy_stream_matches_randomstate_calls():
    rs = np.random.RandomState(5)
    st = LegacyStream(5, block=64)
    for n in [10, 7, 8, 7, 8, 4, 3, 3, 100, 1, 2] * 40:
        assert st.below(n) == rs.randint(n)
    rs, st = np.random.RandomState(9), LegacyStream(9)
    for _ in range(200):
        assert ["U", "D", "L", "R"][st.below(4)] == rs.choice(["U", "D", "L", "R"])


def test_window_index_hand_cases():
    # 5x5: cat (0, 0), mouse (2, 1): window starts at 0, left and bottom flags
    assert window_index(0, 0, 2, 1, 5, 5) == (0, 0, 2, 1, 1, 1)
    # cat (4, 4), mouse (3, 2): x window starts at 2, y at 2; right and top flags
    assert window_index(4, 4, 3, 2, 5, 5) == (2, 2, 1, 0, 2, 2)
    # middle of 15x15, no flags
    assert window_index(7, 7, 8, 5, 15, 15) == (1, 2, 2, 0, 0, 0)
    assert window_index(0, 0, 3, 0, 5, 5) is None
    assert window_direction(initial_window_table(), 0, 0, 4, 1, 5, 5) == "R"   # greedy outside


def test_initial_table_never_leaves_the_board():
    table = initial_window_table()
    validate_window_table(table)
    assert window_direction(table, 2, 4, 3, 4, 5, 5) == "D"   # top edge: U would leave
    assert window_direction(table, 2, 2, 3, 3, 5, 5) == "U"
    bad = table.copy()
    bad[0, 0, 0, 0, 1, 1] = 3       # D out through the bottom
    with pytest.raises(ValueError, match="off the board"):
        validate_window_table(bad)


@pytest.mark.parametrize("kind", ["random", "smart", "strict"])
def test_mouse_probabilities_match_draw_frequencies(kind):
    rng = np.random.default_rng(11)
    for cx, cy, mx, my in [(1, 1, 2, 1), (0, 1, 0, 0), (2, 2, 4, 4), (1, 0, 2, 0)]:
        p = move_probabilities(kind, cx, cy, mx, my, 5, 5)
        counts = np.zeros(4)
        n = 20000
        for _ in range(n):
            nx, ny = mouse_move(kind, cx, cy, mx, my, 5, 5, lambda: int(rng.integers(4)))
            counts[[(0, 1), (0, -1), (-1, 0), (1, 0)].index((nx - mx, ny - my))] += 1
        se = np.sqrt(p * (1 - p) / n) + 1e-12
        assert np.all(np.abs(counts / n - p) <= 5 * se), (kind, p, counts / n)
        assert abs(p.sum() - 1) < 1e-12


@pytest.mark.parametrize("kind,rows,cols,first", [("random", 5, 5, "mouse"), ("smart", 5, 5, "mouse"),
                                                  ("strict", 6, 4, "mouse"), ("smart", 7, 9, "cat")])
def test_batch_agrees_with_single_games(kind, rows, cols, first):
    rng = np.random.default_rng(2)
    tables = np.stack([initial_window_table()] + [random_window_table(rng) for _ in range(3)])
    out = evaluate_batch(tables, rows, cols, games=250, mouse=kind, first_move=first)
    for k in range(len(tables)):
        for g in range(250):
            st = LegacyStream(g, block=256)
            game = play_local(tables[k], rows, cols, kind, lambda st=st: st.below(4), first)
            assert (game.won, game.rounds, game.figure) == (out.won[k, g], out.rounds[k, g],
                                                            out.figure[k, g])
            path = game.positions
            for a, b in itertools.pairwise(path):    # one player, one step, on the board
                assert sum(abs(u - v) for u, v in zip(a, b)) == 1
                assert 0 <= b[0] < cols and 0 <= b[2] < cols and 0 <= b[1] < rows and 0 <= b[3] < rows
            assert game.won == (path[-1][:2] == path[-1][2:])


@pytest.mark.parametrize("it,mouse", [(0, "random"), (3, "smart")])
def test_the_plain_scoring_gives_the_batch_scores(it, mouse):
    """``v2.plain.plain_scores`` (one game at a time, the article's ``choice`` per draw) and the
    batch (``evaluate_batch``) score an iteration's candidates alike."""
    cands, plain = plain_scores(initial_window_table(), it, games=60, mouse=mouse)
    out = evaluate_batch(cands, 5, 5, 60, mouse)
    assert [summarize(out.won[k], out.rounds[k], out.figure[k]) for k in range(10)] == plain
    assert len({s.key for s in plain}) > 1                    # the candidates really differ


def test_article_run_reproduces_the_log_and_the_15x15_result():
    run = train_local(mode="article")
    assert run.phase1_iterations == 30
    assert run.win_changes(2) == [821, 880, 902, 950, 957, 968, 979, 992, 993, 994, 997, 998, 999,
                                  1000]
    assert run.first_all_won(2, 1000) == 17
    phase2 = run.log[23:]
    assert phase2[13].startswith("Iteration:     17, Number of wins: 1000")
    assert run.log[0] == ("Iteration:      1, Number of wins: 702, avg. number of moves until a win: "
                          "9.336182336182336, avg_distance: 2.229864629897751")
    assert run.log[-1].endswith("avg. number of moves until a win: 6.885, avg_distance: 2.1294284920634925")
    score = evaluate_local(run.table, 15, 15, games=1000, mouse="smart")
    assert (score.wins, score.mean_rounds) == (1000, 26.546)
    assert score.distance == pytest.approx(8.04781033031741, abs=1e-12)


def test_fast_mode_keeps_the_best_incumbent_and_is_seeded():
    run = train_local(mode="fast", games=200, phase1_iterations=12, phase2_iterations=8, seed=1)
    validate_window_table(run.table)
    assert len(run.history) == run.phase1_iterations + 8
    assert [p for p, *_ in run.history] == [1] * run.phase1_iterations + [2] * 8
    for phase in (1, 2):                    # within a phase the incumbent never gets worse
        keys = [LocalScore(*h[2:]).key for h in run.history if h[0] == phase]
        assert all(b <= a for a, b in itertools.pairwise(keys))
    if run.phase1_iterations < 12:          # phase 1 stops once every game is won
        assert run.wins(1)[-1] == 200
    final = run.history[-1][2:]             # the final table scores what the history says
    assert evaluate_local(run.table, 5, 5, games=200, mouse="smart", mode="fast", seed=1) == \
        LocalScore(*final)
    again = train_local(mode="fast", games=200, phase1_iterations=12, phase2_iterations=8, seed=1)
    assert again.history == run.history and (again.table == run.table).all()
    other = train_local(mode="fast", games=200, phase1_iterations=12, phase2_iterations=8, seed=2)
    assert other.history != run.history


def test_summaries_and_the_run_s_reading_of_its_history():
    assert summarize(np.array([True, False]), np.array([3, 40]), np.array([1.0, 2.0])) == \
        LocalScore(1, 3.0, 1.5)
    assert summarize(np.array([False]), np.array([40]), np.array([2.5])).mean_rounds == np.inf
    history = [(1, 0, 5, 9.0, 2.0), (1, 1, 8, 8.0, 2.0), (2, 0, 6, 8.0, 2.0), (2, 1, 6, 8.0, 2.0),
               (2, 2, 10, 7.0, 1.0), (2, 3, 10, 7.0, 1.0)]
    run = LocalRun(initial_window_table(), [], history, 2)
    assert run.wins(2) == [6, 6, 10, 10] and run.win_changes(2) == [6, 10]
    assert run.first_all_won(2, 10) == 3 and run.first_all_won(1, 10) is None
    assert run.last_improvement() == 5


def test_bad_arguments():
    with pytest.raises(ValueError, match="mouse"):
        evaluate_local(initial_window_table(), 5, 5, mouse="cheese")
    with pytest.raises(ValueError, match="rows"):
        evaluate_local(initial_window_table(), 1, 5)
    with pytest.raises(ValueError, match="mode"):
        train_local(mode="slow")
    for rows, cols in ((3, 3), (3, 6), (6, 3)):    # the window would touch both edges
        with pytest.raises(ValueError, match="at least 4 x 4"):
            evaluate_local(initial_window_table(), rows, cols)
        with pytest.raises(ValueError, match="at least 4 x 4"):
            train_local(rows, cols, games=10, phase1_iterations=1, phase2_iterations=1)


@pytest.mark.parametrize("kind", ["random", "smart", "strict"])
def test_vectorised_transition_matches_move_probabilities(kind):
    rows, cols = 6, 7
    P = transition_arrays(kind, rows, cols)
    for c in range(rows * cols):
        for m in range(0, rows * cols, 5):
            if c != m:
                ref = move_probabilities(kind, c // rows, c % rows, m // rows, m % rows, rows, cols)
                np.testing.assert_allclose(P[c, m], ref, atol=1e-12)
