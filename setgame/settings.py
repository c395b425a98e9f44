"""The constants of notebook 10 checked at once, against the limits of the calls that use them.

    globals().update(notebook_settings(SEED=SEED, TABLE_SIZE=TABLE_SIZE, ...))

Each constant is checked with the limit of the library call it feeds (so ``N_GAMES=10**8`` is
refused here, naming ``N_GAMES``, not when the simulation starts), and returned converted (a
Python int). A missing or unknown constant is refused too.
"""

from __future__ import annotations

from setgame.arguments import count, scalar
from setgame.batch import check_table_count
from setgame.games import TABLE_SIZES, check_game_count, check_table_size
from setgame.speed import check_speed_tables
from studykit.checks import seed

MAX_ANIMATION_GAME = 9_999     # the replay simulates ANIMATION_GAME + 1 games, every table kept
CONSTANTS = ("SEED", "TABLE_SIZE", "N_RANDOM_TABLES", "N_GAMES", "N_TABLES_PER_SIZE",
             "SPEED_TABLES", "ANIMATION_GAME")


def notebook_settings(**constants) -> dict:
    """Notebook 10's constants (all of ``CONSTANTS``, by name) checked and converted."""
    unknown = sorted(set(constants) - set(CONSTANTS))
    missing = [name for name in CONSTANTS if name not in constants]
    if unknown or missing:
        raise TypeError(f"notebook_settings takes exactly the constants {', '.join(CONSTANTS)}; "
                        f"unknown: {unknown or 'none'}, missing: {missing or 'none'}")
    c = constants

    def draws(name: str, check) -> int:        # a share with its standard error: 2 or more
        return check(count(c[name], name, 2), name)

    checked = {
        "SEED": seed(scalar(c["SEED"]), "SEED"),
        "TABLE_SIZE": check_table_size(c["TABLE_SIZE"], "TABLE_SIZE"),
        "N_RANDOM_TABLES": draws("N_RANDOM_TABLES", check_table_count),
        "N_GAMES": draws("N_GAMES", check_game_count),
        "N_TABLES_PER_SIZE": draws("N_TABLES_PER_SIZE", check_table_count),
        # the speed sweep times every solver, brute force included, up to 21 cards
        "SPEED_TABLES": check_speed_tables(c["SPEED_TABLES"], "SPEED_TABLES", max(TABLE_SIZES)),
        "ANIMATION_GAME": count(c["ANIMATION_GAME"], "ANIMATION_GAME", 0, MAX_ANIMATION_GAME,
                                why="the replay simulates ANIMATION_GAME + 1 games"),
    }
    check_game_count(checked["ANIMATION_GAME"] + 1, "ANIMATION_GAME + 1", keep_tables=True)
    return checked
