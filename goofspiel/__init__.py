"""Breeding fixed-bid goofspiel strategies with genetic algorithms, and the exact equilibrium.

    import goofspiel
    goofspiel.evolve(breeder="pairs", mutation=0.1, mutate="children", generations=150).best_score
    goofspiel.equilibrium(7, "winloss").strategy      # bid tuples -> probabilities
    goofspiel.equilibrium(20, "margin").marginal      # any deck up to 64 cards (Birkhoff LP)
    goofspiel.exploitability(goofspiel.identity(range(1, 21)), "margin")    # 170.0
    arena = goofspiel.Arena(goofspiel.ArenaConfig(), seed=0)   # the game against evolving bots
    arena.play_round(goofspiel.identity(range(1, 8)))          # python -m goofspiel play
"""

from goofspiel.arena import Arena, ArenaConfig, RoundResult, reveal
from goofspiel.bestreply import best_counter, best_reply, exploitability
from goofspiel.breed import breed_pairs, breed_preferences, breed_random, mutate
from goofspiel.equilibrium import Equilibrium, equilibrium
from goofspiel.ga import History, evolve, grid_trial, identity_score
from goofspiel.game import Strategy, identity, margin, play, random_strategy, reverse
from goofspiel.matrixgame import best_response, mixed_vector, payoff_matrix
from goofspiel.mixture import Mixture
from goofspiel.scripted import bot_measures, scripted_human, scripted_trial
from goofspiel.winloss import Reply

__all__ = ["Arena", "ArenaConfig", "Equilibrium", "History", "Mixture", "Reply", "RoundResult",
           "Strategy", "best_counter", "best_reply", "best_response", "bot_measures",
           "breed_pairs", "breed_preferences", "breed_random", "equilibrium", "evolve",
           "exploitability", "grid_trial", "identity", "identity_score", "margin", "mixed_vector",
           "mutate", "payoff_matrix", "play", "random_strategy", "reveal", "reverse",
           "scripted_human", "scripted_trial"]
