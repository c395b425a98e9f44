"""Notebook 51's article rows (tracking.gameclaims): the edge as a win share against one half with
the food margin as the other reading, and the loop lesson as paired differences read with
Student's t, inconclusive when the games show neither the claim nor its opposite."""

import pytest
from fuzzing import refused

from studykit import CONSISTENT, DIFFERS, INCONCLUSIVE, VARIANT, Estimate, compare_setting
from tracking.gameclaims import edge_claim, effect_of, loop_claim, paired_gains
from tracking.tournament import summarize_games


def games(pairs):
    """Game results (a's score, b's score) as game_trial gives them."""
    return [{"score_a": a, "score_b": b, "win": a > b, "loss": a < b, "moves": 100, "caught_a": 0,
             "caught_b": 0} for a, b in pairs]


def loop_rows(stuck):
    """run_sweep(loop_trial) rows: {attacker: [(seed, stuck, stuck_long), ...]}."""
    return [{"attacker": name, "seed": seed, "result": {"stuck": s, "stuck_long": long, "visited": 9,
                                                        "score": 0, "win": False}}
            for name, runs in stuck.items() for seed, s, long in runs]


def test_a_clear_edge_is_consistent_under_both_metrics():
    row = edge_claim("edge", summarize_games(games([(18, 5)] * 45 + [(5, 18)] * 5)))
    assert row.status == CONSISTENT and "Wilson" in row.test and "0.90 [" in row.ours
    assert row.alternative.status == CONSISTENT and "Student's t" in row.alternative.test


def test_an_edge_the_games_cannot_show_is_inconclusive():
    row = edge_claim("edge", summarize_games(games([(18, 5)] * 21 + [(5, 18)] * 29)))   # 0.42
    assert row.status == INCONCLUSIVE
    assert row.alternative.status == INCONCLUSIVE                  # margin -1.0 ± 1.9: holds 0
    worse = edge_claim("edge", summarize_games(games([(5, 18)] * 45 + [(18, 5)] * 5)))
    assert worse.status == DIFFERS and worse.alternative.status == DIFFERS


def test_the_win_share_and_the_margin_can_disagree():
    # 30 narrow wins and 20 heavy losses: more games won, less food
    row = edge_claim("edge", summarize_games(games([(10, 9)] * 38 + [(0, 15)] * 12)))
    assert row.status == CONSISTENT and row.alternative.status == DIFFERS


def test_another_setting_is_not_compared_and_has_no_alternative():
    setting = compare_setting({"HOME": "tinyCapture"}, {"HOME": "defaultCapture"})
    row = edge_claim("edge", summarize_games(games([(18, 5)] * 10)), setting=setting)
    assert row.status == VARIANT and row.alternative is None


def test_a_mean_with_no_error_shows_nothing():
    for e in (Estimate.of([0.3]), Estimate.of([0.0, 0.0, 0.0])):
        row = effect_of("c", "r", e, what="x")
        assert row.status == INCONCLUSIVE and "no error" in row.test
    refused(lambda: effect_of("c", "r", 0.5, what="x"), "estimate")


def test_loops_are_paired_by_seed_and_read_with_t():
    rows = loop_rows({"hard rules": [(1, 0.8, 0.7), (2, 0.9, 0.8), (3, 0.7, 0.6), (9, 0.5, 0.5)],
                      "weighted": [(3, 0.0, 0.0), (1, 0.1, 0.0), (2, 0.0, 0.1)]})
    gains = paired_gains(rows, "weighted", "hard rules")
    assert gains.n == 3 and gains.mean == pytest.approx((0.7 + 0.9 + 0.7) / 3)   # seed 9 unpaired
    row = loop_claim("loops", "hard rules loop", rows, "weighted", "hard rules")
    assert row.status == CONSISTENT and "Student's t" in row.test and "n = 3" in row.test
    assert row.alternative.status == CONSISTENT and "32 moves" in row.alternative.reading


def test_a_floor_makes_the_loop_lesson_inconclusive():
    rows = loop_rows({"weighted": [(s, 0.01 * (s % 2), 0.0) for s in range(12)],
                      "weighted, no noise": [(s, 0.01 * (s % 3 == 0), 0.0) for s in range(12)]})
    row = loop_claim("jitter", "some randomness", rows, "weighted", "weighted, no noise")
    assert row.status == INCONCLUSIVE and row.alternative.status == INCONCLUSIVE
    refused(lambda: paired_gains(rows, "weighted", "hard rules"), "rows")
    refused(lambda: paired_gains(rows, "weighted", "nobody"), "worse")


def sweep_rows(points):
    """run_sweep(sweep_trial) rows from {(model beta, opponent beta): (mean, se)}."""
    return [{"model_beta": m, "opponent_beta": o, "result": Estimate(mean, se, 16)}
            for (m, o), (mean, se) in points.items()]


def test_best_betas_name_the_best_and_those_tied_with_it_within_error():
    from tracking.compare import best_betas
    rows = sweep_rows({(0, 0): (0.30, 0.01), (3, 0): (0.27, 0.01), (10, 0): (0.10, 0.01),
                       (0, 10): (0.10, 0.01), (3, 10): (0.20, 0.02), (10, 10): (0.24, 0.01)})
    # 0.30 - 0.27 = 0.03 > 2 * 0.014: not tied; 0.24 - 0.20 = 0.04 <= 2 * 0.022: tied
    assert best_betas(rows) == {0.0: (0.0, [0.0]), 10.0: (10.0, [3.0, 10.0])}
    assert best_betas(rows, z=3)[0.0] == (0.0, [0.0, 3.0])
    refused(lambda: best_betas([{"model_beta": 0, "opponent_beta": 0, "result": 0.3}]), "rows")
    refused(lambda: best_betas(rows, z=0), "z")


def test_the_reason_fits_the_verdict():
    worse = summarize_games(games([(5, 18)] * 45 + [(18, 5)] * 5))
    row = edge_claim("edge", worse, reason="worse", unclear="too few")
    assert row.reason == "worse" and row.alternative.reason == "worse"
    even = summarize_games(games([(18, 5)] * 25 + [(5, 18)] * 25))
    row = edge_claim("edge", even, reason="worse", unclear="too few")
    assert row.reason == "too few" and row.alternative.reason == "too few"
    assert edge_claim("edge", summarize_games(games([(18, 5)] * 50)), reason="worse").reason == ""
