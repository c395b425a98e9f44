"""Breeding fixed-bid goofspiel strategies with genetic algorithms, and the exact equilibrium."""
from goofspiel.breed import breed_pairs, breed_preferences, breed_random, mutate
from goofspiel.ga import History, evolve, grid_trial, identity_score
from goofspiel.game import Strategy, identity, margin, play, random_strategy, reverse

__all__ = ["History", "Strategy", "breed_pairs", "breed_preferences", "breed_random", "evolve",
           "grid_trial", "identity", "identity_score", "margin", "mutate", "play",
           "random_strategy", "reverse"]
from goofspiel.equilibrium import (  # noqa: E402
    Equilibrium, best_counter, best_response, equilibrium, exploitability, mixed_vector, payoff_matrix)

__all__ += ["Equilibrium", "best_counter", "best_response", "equilibrium", "exploitability",
            "mixed_vector", "payoff_matrix"]
