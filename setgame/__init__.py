"""Solving the card game Set (after Pietro Berkes, "Solving the game Set", 2010).

Cards are vectors of four attributes in {0, 1, 2} (colour, shape, shading, number) or integer
codes 0..80. Three solvers from the blog plus a fast one, a batched counter for millions of
tables, complete-game simulation, set-free collections and their exact counts, and drawing.

What the top level holds, by topic (its modules in brackets): the cards, the card completing a
set and every set of the deck (``cards``); the solvers, the batched counter and their speed
(``solvers``, ``batch``, ``speed``); whole games and shares with standard errors (``games``,
``stats``); set-free collections and their exact counts (``capsets``, ``exact``, ``shipped``);
drawing and animation (``draw``, ``animate``).
"""

from setgame.animate import TurnFrame, animate_game, game_frames
from setgame.batch import count_sets, random_tables
from setgame.capsets import MAX_CAP_SIZE, find_cap_set, is_set_free
from setgame.cards import (
    COMPLETION,
    DECK_SIZE,
    LINES,
    decode,
    encode,
    full_deck,
    is_set,
    third_card,
)
from setgame.draw import draw_card, draw_table
from setgame.exact import count_cap_sets, no_set_probability
from setgame.games import TABLE_SIZES, GameTurns, check_table_size, simulate_games
from setgame.solvers import SOLVERS, find_sets
from setgame.speed import solver_rates
from setgame.stats import (
    GameShares,
    Proportion,
    clustered_proportion,
    counted_turns,
    game_shares,
    proportion,
    se_at,
)

__all__ = [
    "COMPLETION",
    "DECK_SIZE",
    "LINES",
    "MAX_CAP_SIZE",
    "SOLVERS",
    "TABLE_SIZES",
    "GameShares",
    "GameTurns",
    "Proportion",
    "TurnFrame",
    "animate_game",
    "check_table_size",
    "clustered_proportion",
    "count_cap_sets",
    "count_sets",
    "counted_turns",
    "decode",
    "draw_card",
    "draw_table",
    "encode",
    "find_cap_set",
    "find_sets",
    "full_deck",
    "game_shares",
    "game_frames",
    "is_set",
    "is_set_free",
    "no_set_probability",
    "proportion",
    "random_tables",
    "se_at",
    "simulate_games",
    "solver_rates",
    "third_card",
]
