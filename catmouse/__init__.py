"""Cat and mouse: hill-climbing policies for two adversaries, measured against the exact game.

Reproduces W. Brett Kennedy's "Using Optimization to Solve Adversarial Problems" (2025):
version 1 co-evolves full tables for both players (``train_tabular``), version 2 trains a small
window policy for the cat (``train_local``); ``optimal_capture``/``solve`` give the ground truth,
``exploitability`` measures any table against a best-responding opponent. The module map is in
``docs/architecture.md``.
"""

from catmouse.cat_climb import (
    ClimbScore,
    StartValues,
    hill_climb_cat,
    hill_climb_team,
    optimum_and_greedy,
)
from catmouse.climb import Climb
from catmouse.constants import board_list, side_range, winnable_board
from catmouse.draw import (
    animate_game,
    animate_games,
    draw_board,
    plot_capture_heatmap,
    plot_learning_curves,
    plot_trajectories,
)
from catmouse.exact.census import Census, SpeedCensus, capture_census, speed_census
from catmouse.exact.chain import policy_capture_from_corner
from catmouse.exact.fixpoint import CaptureTimes
from catmouse.exact.policy import (
    Exploitability,
    best_response,
    exploitability,
    greedy_is_optimal,
)
from catmouse.exact.randomcat import random_cat_capture
from catmouse.exact.solve import (
    Solution,
    optimal_capture,
    optimal_cat_moves,
    optimal_mouse_move,
    solve,
)
from catmouse.exact.speeds import capture_with_speeds, solve_speeds
from catmouse.exact.stochastic import Expectation, expected_capture, expected_capture_from_corner
from catmouse.figures import article_pictures, window_pictures
from catmouse.general.policies import FeaturePolicy, RotationPolicy
from catmouse.general.train import (
    Measure,
    measure_cat,
    measure_cells,
    mouse_survival,
    train_cat_policy,
    train_mouse_policy,
)
from catmouse.mice import MOUSE_KINDS
from catmouse.parity import article_rule_cat_wins, parity_rule_cat_wins, winnable_first_move
from catmouse.pursuit import Pursuit, play_pursuit
from catmouse.rules import DIRECTIONS, GREEDY_RULES, MANHATTAN_TIE_BREAKS, greedy_direction
from catmouse.tables import greedy_table, initial_cat_policy, initial_mouse_policy, validate_policy
from catmouse.v1.ablation import LongerGames, longer_games_ablation
from catmouse.v1.article import TabularRun, train_tabular
from catmouse.v1.config import ARTICLE, IMPROVED, CoevolutionConfig
from catmouse.v1.experiments import (
    STOP_AFTER,
    TUNING,
    VARIANTS,
    SolveDifference,
    board_area,
    compare_trainers,
    compare_trainers_trial,
    paired_solve_difference,
    solved_counts,
    solved_share,
    tuning_trial,
    variant_trial,
)
from catmouse.v1.games import TableGame, play_tables
from catmouse.v1.improved import Checkpoint, CoevolutionRun, train_tabular_improved
from catmouse.v1.plain import PlainRun, train_plain
from catmouse.v1.runcache import (
    compare_trainers_cached,
    is_cached,
    tuning_run_cached,
    variant_run_cached,
)
from catmouse.v1.tuningsweep import tuning_sweep
from catmouse.v1.unexpected import Unexpected, total_unexpected, unexpected_moves
from catmouse.v2.article import LocalRun, LocalScore, evaluate_local, train_local
from catmouse.v2.exact_climb import cat_window_as_table, train_local_exact, train_local_mouse_exact
from catmouse.v2.games import LocalGame, play_local
from catmouse.v2.window import (
    initial_window_table,
    policy_cells,
    validate_window_table,
    window_direction,
)
from catmouse.walls import Board, parse_board, random_board
from studykit.legacy_numpy import LegacyStream

__all__ = [
    "ARTICLE",
    "DIRECTIONS",
    "GREEDY_RULES",
    "IMPROVED",
    "MANHATTAN_TIE_BREAKS",
    "MOUSE_KINDS",
    "STOP_AFTER",
    "TUNING",
    "VARIANTS",
    "Board",
    "CaptureTimes",
    "Census",
    "Checkpoint",
    "Climb",
    "ClimbScore",
    "CoevolutionConfig",
    "CoevolutionRun",
    "Expectation",
    "Exploitability",
    "FeaturePolicy",
    "LegacyStream",
    "LocalGame",
    "LocalRun",
    "LocalScore",
    "LongerGames",
    "Measure",
    "PlainRun",
    "Pursuit",
    "RotationPolicy",
    "Solution",
    "SolveDifference",
    "SpeedCensus",
    "StartValues",
    "TableGame",
    "TabularRun",
    "Unexpected",
    "animate_game",
    "animate_games",
    "article_pictures",
    "article_rule_cat_wins",
    "best_response",
    "board_area",
    "board_list",
    "capture_census",
    "capture_with_speeds",
    "cat_window_as_table",
    "compare_trainers",
    "compare_trainers_cached",
    "compare_trainers_trial",
    "draw_board",
    "evaluate_local",
    "expected_capture",
    "expected_capture_from_corner",
    "exploitability",
    "greedy_direction",
    "greedy_is_optimal",
    "greedy_table",
    "hill_climb_cat",
    "hill_climb_team",
    "initial_cat_policy",
    "initial_mouse_policy",
    "initial_window_table",
    "is_cached",
    "longer_games_ablation",
    "measure_cat",
    "measure_cells",
    "mouse_survival",
    "optimal_capture",
    "optimal_cat_moves",
    "optimal_mouse_move",
    "optimum_and_greedy",
    "paired_solve_difference",
    "parity_rule_cat_wins",
    "parse_board",
    "play_local",
    "play_pursuit",
    "play_tables",
    "plot_capture_heatmap",
    "plot_learning_curves",
    "plot_trajectories",
    "policy_capture_from_corner",
    "policy_cells",
    "random_board",
    "random_cat_capture",
    "side_range",
    "solve",
    "solve_speeds",
    "solved_counts",
    "solved_share",
    "speed_census",
    "total_unexpected",
    "train_cat_policy",
    "train_local",
    "train_local_exact",
    "train_local_mouse_exact",
    "train_mouse_policy",
    "train_plain",
    "train_tabular",
    "train_tabular_improved",
    "tuning_run_cached",
    "tuning_sweep",
    "tuning_trial",
    "unexpected_moves",
    "validate_policy",
    "validate_window_table",
    "variant_run_cached",
    "variant_trial",
    "window_direction",
    "window_pictures",
    "winnable_board",
    "winnable_first_move",
]
