"""Cat and mouse: hill-climbing policies for two adversaries, measured against the exact game.

Reproduces W. Brett Kennedy's "Using Optimization to Solve Adversarial Problems" (2025):
version 1 co-evolves full tables for both players (``train_tabular``), version 2 trains a small
window policy for the cat (``train_local``); ``optimal_capture``/``solve`` give the ground truth.
"""

from catmouse.exact import (Solution, article_rule_cat_wins, optimal_capture, parity_rule_cat_wins,
                            solve)
from catmouse.exploit import exploitability, greedy_is_optimal, greedy_table
from catmouse.game import (DIRECTIONS, TableGame, greedy_direction, initial_cat_policy,
                           initial_mouse_policy, play_tables, validate_policy)
from catmouse.local import LocalRun, evaluate_local, train_local
from catmouse.mdp import expected_capture, expected_capture_from_corner, policy_cells
from catmouse.tabular import TabularRun, train_tabular
from catmouse.window import initial_window_table, validate_window_table, window_direction

__all__ = [
    "DIRECTIONS", "LocalRun", "Solution", "TableGame", "TabularRun", "article_rule_cat_wins",
    "evaluate_local", "expected_capture", "expected_capture_from_corner", "exploitability",
    "greedy_direction", "initial_window_table", "policy_cells", "train_local",
    "validate_window_table", "window_direction", "greedy_is_optimal", "greedy_table", "initial_cat_policy",
    "initial_mouse_policy", "optimal_capture", "parity_rule_cat_wins", "play_tables", "solve",
    "train_tabular", "validate_policy",
]
