"""MIX: gravity tic-tac-toe on a 10x20 board (four in a row, no diagonals) learned by SARSA on a
7-bit feature abstraction with a two-move lookahead, after the report "Let's MIX together";
beyond it, a player taught by self-play on threats and their parity. Everything the README and
the notebooks use is importable from here; the module map is in ``docs/architecture.md``.

>>> import mix
>>> mix.match("random", "random", games=100, seed=0)      # doctest: +SKIP
>>> mix.solve(4, 6, diagonals=True)                         # doctest: +SKIP
-1

What the top level holds, by part (its modules in brackets):

- the game and the report's learner: ``Board``, ``Geometry``, the report's features, the size
  of exact models, ``train`` and its lookahead, the values file, argument checks, drawing
  (``board``, ``features``, ``packing``, ``statespace``, ``learn``, ``valuesfile``, ``checks``,
  ``draw``);
- the searches and perfect play (``mix.plain``): ``search_move`` (alpha-beta on a value table,
  ``alphabeta``) and ``solve`` with its kin (``solver``), each choosing its fast twin in
  ``mix.fast`` (``alphabeta`` with ``horizon``; ``solver``) by ``fast=True``;
- play against opponents and its measurement (``mix.play``): the agents and ``make_agent``,
  ``match``, ``duel``, the strength ``ladder``, strength along the learner's training and why
  games were lost (``agents``, ``agentchecks``, ``match``, ``ladder``, ``strength``,
  ``weakness``);
- the self-taught player (``mix.selftaught``): its TD(0) training and weights file, its agent
  and its study (``training``, ``agent``, ``study``), on its features and evaluation
  (``threatfeatures``, ``evaluation``);
- the plain algorithms first (``mix.plain``), which the fast ones are tested against; the
  one fast implementation of each that has one (``mix.fast``: the solver, the value-table
  search, the self-taught player's search and self-play), chosen by ``fast=True``.
"""

from mix.startup import quiet_interrupts

quiet_interrupts()  # first: Ctrl-C while `python -m mix` imports is a goodbye, not a traceback

from studykit.lazy import lazy_package

# Public name -> the module defining it. The modules load on first use (PEP 562), so the terminal
# game (``python -m mix play``) starts without pandas or the drawing modules.
SOURCES = {
    "board": ["Board", "Geometry", "O", "X"],
    "checks": ["check_boards", "check_chunks"],
    "draw": ["draw_board", "game_animation", "play_widget"],
    "features": ["BitFeatures", "CountFeatures", "get_features", "raw_features", "threats"],
    "learn": ["TrainResult", "alpha", "alpha_changes", "distance_to_final", "lookahead", "train",
              "train_trial"],
    "statespace": ["first_seen", "gravity_bound", "mate_breaks", "reach_rows",
                   "reachable_positions", "reachable_states", "report_formula",
                   "slot_assignments"],
    "valuesfile": ["default_path", "load_values", "save_values"],
    "play.agentchecks": ["check_agents"],
    "play.agents": ["Builder", "OneStep", "RandomAgent", "SearchAgent", "heuristic_values",
                    "make_agent"],
    "play.ladder": ["better_in_both_seats", "ladder", "pairing_row", "seats_not_better",
                    "seats_text"],
    "play.match": ["DuelResult", "MatchResult", "duel", "match", "play_game"],
    "play.readings": ["forced_wins_higher", "pooled_share", "strength_kept"],
    "play.strength": ["gain_row", "paired_gain", "seed_spread", "share_gap", "stability_row",
                      "strength_over_training"],
    "play.weakness": ["FORCED", "KINDS", "Losses", "loss_kind", "loss_profile", "play_recorded",
                      "threat_habit", "why_lost"],
    "plain.alphabeta": ["search_move"],
    "settings": ["SELFTAUGHT_CONSTANTS", "STUDY_CONSTANTS", "selftaught_settings",
                 "study_settings"],
    "plain.solver": ["SolvedBoard", "solve", "solve_boards", "solve_both", "solve_position"],
    "selftaught.training": ["SHIPPED", "TDConfig", "TDRun", "load_weights", "read_weights",
                            "save_weights", "train_selftaught", "weights_text"],
    "selftaught.agent": ["SelfTaughtAgent"],
    "selftaught.study": ["ParityReading", "PerfectPlayStudy", "against_perfect",
                         "against_perfect_boards", "learning_curve", "parity_lines",
                         "parity_reading", "timed_moves", "weights_table"],
}
__all__ = [
    "FORCED",
    "KINDS",
    "SELFTAUGHT_CONSTANTS",
    "SHIPPED",
    "STUDY_CONSTANTS",
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
    "check_chunks",
    "default_path",
    "distance_to_final",
    "draw_board",
    "duel",
    "first_seen",
    "forced_wins_higher",
    "gain_row",
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
    "mate_breaks",
    "paired_gain",
    "pairing_row",
    "parity_lines",
    "parity_reading",
    "play_game",
    "play_recorded",
    "play_widget",
    "pooled_share",
    "raw_features",
    "reach_rows",
    "reachable_positions",
    "reachable_states",
    "read_weights",
    "report_formula",
    "save_values",
    "save_weights",
    "search_move",
    "seats_not_better",
    "seats_text",
    "seed_spread",
    "selftaught_settings",
    "share_gap",
    "slot_assignments",
    "solve",
    "solve_boards",
    "solve_both",
    "solve_position",
    "stability_row",
    "strength_kept",
    "strength_over_training",
    "study_settings",
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

HOME = lazy_package(__name__, SOURCES, __all__)
