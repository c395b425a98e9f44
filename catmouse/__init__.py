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
from catmouse.tabular import TabularRun, train_tabular

__all__ = [
    "DIRECTIONS", "Solution", "TableGame", "TabularRun", "article_rule_cat_wins", "exploitability",
    "greedy_direction", "greedy_is_optimal", "greedy_table", "initial_cat_policy",
    "initial_mouse_policy", "optimal_capture", "parity_rule_cat_wins", "play_tables", "solve",
    "train_tabular", "validate_policy",
]
