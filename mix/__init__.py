"""MIX: gravity tic-tac-toe on a 10x20 board (four in a row, no diagonals) learned by SARSA on a
7-bit feature abstraction with a two-move lookahead, after the report "Let's MIX together";
beyond it, a player taught by self-play on threats and their parity. Everything the README and
the notebooks use is importable from here; the module map is in ``docs/architecture.md``.

>>> import mix
>>> mix.match("random", "random", games=100, seed=0)      # doctest: +SKIP
>>> mix.solve(4, 6, diagonals=True)                         # doctest: +SKIP
-1
"""

from mix.startup import quiet_interrupts

quiet_interrupts()  # first: Ctrl-C while `python -m mix` imports is a goodbye, not a traceback

from mix.agentchecks import check_agents
from mix.agents import Builder, OneStep, RandomAgent, SearchAgent, heuristic_values, make_agent
from mix.board import Board, Geometry, O, X
from mix.checks import check_boards, check_int
from mix.draw import draw_board, game_animation, play_widget
from mix.features import BitFeatures, CountFeatures, get_features, raw_features, threats
from mix.ladder import (
    better_in_both_seats,
    ladder,
    pairing_row,
    seats_not_better,
    seats_text,
)
from mix.learn import (
    TrainResult,
    alpha,
    alpha_changes,
    distance_to_final,
    lookahead,
    paired_gain,
    strength_over_training,
    train,
    train_trial,
)
from mix.match import DuelResult, MatchResult, duel, match, play_game
from mix.search import search_move
from mix.selftaught import (
    SHIPPED,
    TDConfig,
    TDRun,
    load_weights,
    read_weights,
    save_weights,
    train_selftaught,
    weights_text,
)
from mix.selftaught_agent import SelfTaughtAgent
from mix.selftaught_study import (
    ParityReading,
    PerfectPlayStudy,
    against_perfect,
    against_perfect_boards,
    learning_curve,
    parity_lines,
    parity_reading,
    timed_moves,
    weights_table,
)
from mix.solver import SolvedBoard, solve, solve_boards, solve_both, solve_position
from mix.statespace import (
    first_seen,
    gravity_bound,
    reachable_positions,
    reachable_states,
    report_formula,
    slot_assignments,
)
from mix.valuesfile import default_path, load_values, save_values
from mix.weakness import (
    FORCED,
    KINDS,
    Losses,
    loss_kind,
    loss_profile,
    play_recorded,
    threat_habit,
    why_lost,
)

__all__ = [
    "FORCED",
    "KINDS",
    "SHIPPED",
    "BitFeatures",
    "Board",
    "Builder",
    "CountFeatures",
    "DuelResult",
    "Geometry",
    "Losses",
    "MatchResult",
    "O",
    "OneStep",
    "ParityReading",
    "PerfectPlayStudy",
    "RandomAgent",
    "SearchAgent",
    "SelfTaughtAgent",
    "SolvedBoard",
    "TDConfig",
    "TDRun",
    "TrainResult",
    "X",
    "against_perfect",
    "against_perfect_boards",
    "alpha",
    "alpha_changes",
    "better_in_both_seats",
    "check_agents",
    "check_boards",
    "check_int",
    "default_path",
    "distance_to_final",
    "draw_board",
    "duel",
    "first_seen",
    "game_animation",
    "get_features",
    "gravity_bound",
    "heuristic_values",
    "ladder",
    "learning_curve",
    "load_values",
    "load_weights",
    "lookahead",
    "loss_kind",
    "loss_profile",
    "make_agent",
    "match",
    "paired_gain",
    "pairing_row",
    "parity_lines",
    "parity_reading",
    "play_game",
    "play_recorded",
    "play_widget",
    "raw_features",
    "reachable_positions",
    "reachable_states",
    "read_weights",
    "report_formula",
    "save_values",
    "save_weights",
    "search_move",
    "seats_not_better",
    "seats_text",
    "slot_assignments",
    "solve",
    "solve_boards",
    "solve_both",
    "solve_position",
    "strength_over_training",
    "threat_habit",
    "threats",
    "timed_moves",
    "train",
    "train_selftaught",
    "train_trial",
    "weights_table",
    "weights_text",
    "why_lost",
]
