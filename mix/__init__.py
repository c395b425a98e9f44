"""MIX: gravity tic-tac-toe on a 10x20 board (four in a row, no diagonals) learned by SARSA on a
7-bit feature abstraction with a two-move lookahead, after the report "Let's MIX together".

>>> import mix
>>> mix.match("random", "random", games=100, seed=0)      # doctest: +SKIP
>>> mix.solve(4, 6, diagonals=True)                         # doctest: +SKIP
-1
"""

from mix.agents import Builder, OneStep, RandomAgent, SearchAgent, heuristic_values, make_agent
from mix.board import Board, Geometry, O, X
from mix.features import BitFeatures, CountFeatures, get_features, raw_features, threats
from mix.learn import TrainResult, lookahead, train
from mix.match import MatchResult, duel, match, play_game
from mix.search import search_move
from mix.solver import solve, solve_position
from mix.valuesfile import default_path, load_values, save_values

__all__ = [
    "BitFeatures",
    "Board",
    "Builder",
    "CountFeatures",
    "Geometry",
    "MatchResult",
    "O",
    "OneStep",
    "RandomAgent",
    "SearchAgent",
    "TrainResult",
    "X",
    "default_path",
    "duel",
    "get_features",
    "heuristic_values",
    "load_values",
    "lookahead",
    "make_agent",
    "match",
    "play_game",
    "raw_features",
    "save_values",
    "search_move",
    "solve",
    "solve_position",
    "threats",
    "train",
]
