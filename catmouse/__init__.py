"""Cat and mouse: hill-climbing policies for two adversaries, measured against the exact game.

Reproduces W. Brett Kennedy's "Using Optimization to Solve Adversarial Problems" (2025):
version 1 co-evolves full tables for both players (``train_tabular``), version 2 trains a small
window policy for the cat (``train_local``); ``optimal_capture``/``solve`` give the ground truth,
``exploitability`` measures any table against a best-responding opponent.
"""

from catmouse.climb import hill_climb_cat
from catmouse.coevolve import VARIANTS, compare_trainers, train_tabular_improved
from catmouse.draw import plot_capture_heatmap
from catmouse.exact import (
    Solution,
    article_rule_cat_wins,
    optimal_capture,
    optimal_cat_moves,
    optimal_mouse_move,
    parity_rule_cat_wins,
    solve,
)
from catmouse.exploit import best_response, exploitability, greedy_is_optimal, greedy_table
from catmouse.game import (
    DIRECTIONS,
    TableGame,
    greedy_direction,
    initial_cat_policy,
    initial_mouse_policy,
    play_pursuit,
    play_tables,
    validate_policy,
)
from catmouse.generaltrain import winnable_first_move
from catmouse.improve import train_local_exact, train_local_mouse_exact
from catmouse.knobs import check_boards, check_count, check_flag, check_side_range
from catmouse.local import LocalRun, evaluate_local, train_local
from catmouse.mdp import expected_capture, expected_capture_from_corner, policy_cells
from catmouse.runcache import (
    compare_trainers_cached,
    is_cached,
    tuning_run_cached,
    variant_run_cached,
)
from catmouse.tabular import TabularRun, train_tabular
from catmouse.tuning import STOP_AFTER, TUNING, solved_counts, solved_share
from catmouse.window import initial_window_table, validate_window_table, window_direction

__all__ = [
    "DIRECTIONS",
    "STOP_AFTER",
    "TUNING",
    "VARIANTS",
    "LocalRun",
    "Solution",
    "TableGame",
    "TabularRun",
    "article_rule_cat_wins",
    "best_response",
    "check_boards",
    "check_count",
    "check_flag",
    "check_side_range",
    "compare_trainers",
    "compare_trainers_cached",
    "evaluate_local",
    "expected_capture",
    "expected_capture_from_corner",
    "exploitability",
    "greedy_direction",
    "greedy_is_optimal",
    "greedy_table",
    "hill_climb_cat",
    "initial_cat_policy",
    "initial_mouse_policy",
    "initial_window_table",
    "is_cached",
    "optimal_capture",
    "optimal_cat_moves",
    "optimal_mouse_move",
    "parity_rule_cat_wins",
    "play_pursuit",
    "play_tables",
    "plot_capture_heatmap",
    "policy_cells",
    "solve",
    "solved_counts",
    "solved_share",
    "train_local",
    "train_local_exact",
    "train_local_mouse_exact",
    "train_tabular",
    "train_tabular_improved",
    "tuning_run_cached",
    "validate_policy",
    "validate_window_table",
    "variant_run_cached",
    "window_direction",
    "winnable_first_move",
]
