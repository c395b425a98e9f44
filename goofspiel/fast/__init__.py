"""goofspiel's compiled tier: one numba twin per plain module, drawing the same numbers from the
same ``random.Random`` in the same order (``breed``: ``goofspiel.evolution.breed``'s breeders and
mutations; ``ga``: ``goofspiel.evolution.ga``'s generations loop). Only ``goofspiel.evolve``
imports it, when called with ``fast=True``."""
