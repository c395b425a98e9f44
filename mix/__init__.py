"""MIX: gravity tic-tac-toe on a 10x20 board (four in a row, no diagonals) learned by SARSA on a
7-bit feature abstraction with a two-move lookahead, after the report "Let's MIX together";
beyond it, a player taught by self-play on threats and their parity. Everything the README and
the notebooks use is importable from here; the module map is in ``docs/architecture.md``.

>>> import mix
>>> mix.match("random", "random", games=100, seed=0)      # doctest: +SKIP
>>> mix.solve(4, 6, diagonals=True)                         # doctest: +SKIP
-1
"""

import importlib
import importlib.util
import sys
import types

from mix.startup import quiet_interrupts

quiet_interrupts()  # first: Ctrl-C while `python -m mix` imports is a goodbye, not a traceback

# Public name -> the module defining it. The modules load on first use (PEP 562), so the terminal
# game (``python -m mix play``) starts without pandas or the drawing modules.
SOURCES = {
    "agentchecks": ["check_agents"],
    "agents": ["Builder", "OneStep", "RandomAgent", "SearchAgent", "heuristic_values",
               "make_agent"],
    "board": ["Board", "Geometry", "O", "X"],
    "checks": ["check_boards", "check_int"],
    "draw": ["draw_board", "game_animation", "play_widget"],
    "features": ["BitFeatures", "CountFeatures", "get_features", "raw_features", "threats"],
    "ladder": ["better_in_both_seats", "ladder", "pairing_row", "seats_not_better", "seats_text"],
    "learn": ["TrainResult", "alpha", "alpha_changes", "distance_to_final", "lookahead",
              "paired_gain", "strength_over_training", "train", "train_trial"],
    "match": ["DuelResult", "MatchResult", "duel", "match", "play_game"],
    "search": ["search_move"],
    "selftaught": ["SHIPPED", "TDConfig", "TDRun", "load_weights", "read_weights", "save_weights",
                   "train_selftaught", "weights_text"],
    "selftaught_agent": ["SelfTaughtAgent"],
    "selftaught_study": ["ParityReading", "PerfectPlayStudy", "against_perfect",
                         "against_perfect_boards", "learning_curve", "parity_lines",
                         "parity_reading", "timed_moves", "weights_table"],
    "solver": ["SolvedBoard", "solve", "solve_boards", "solve_both", "solve_position"],
    "statespace": ["first_seen", "gravity_bound", "reachable_positions", "reachable_states",
                   "report_formula", "slot_assignments"],
    "valuesfile": ["default_path", "load_values", "save_values"],
    "weakness": ["FORCED", "KINDS", "Losses", "loss_kind", "loss_profile", "play_recorded",
                 "threat_habit", "why_lost"],
}
HOME = {name: module for module, names in SOURCES.items() for name in names}


def __getattr__(name: str):
    """A public name (loading its module once), or a submodule not imported yet."""
    if name in HOME:
        value = getattr(importlib.import_module(f"{__name__}.{HOME[name]}"), name)
        globals()[name] = value
        return value
    if not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class Package(types.ModuleType):
    """This package: importing a submodule named like one of its functions (``match``, ``ladder``)
    does not hide the function behind the module, as an eager ``from ... import`` did not."""

    def __setattr__(self, name: str, value) -> None:
        if (isinstance(value, types.ModuleType) and HOME.get(name) == name
                and value.__name__ == f"{__name__}.{name}"):
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = Package

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
