"""The notebooks' constants checked against the library's own limits, in one call per notebook.

Each ``*_settings(**constants)`` takes every UPPER_CASE constant of its notebook's parameters
cell (papermill may pass a list as a tuple or as its text) and returns them checked and
converted (Python ints, floats, lists), or raises a TypeError/ValueError naming the constant
and the limit that refused it, so a value too large stops in the check cell, not cells later.
"""

from __future__ import annotations

from goofspiel.bots.arena import MAX_BOTS, SCORING, ArenaConfig
from goofspiel.bots.scripted import HUMANS as KINDS
from goofspiel.equilibria.doubleoracle import MAX_ITERATIONS
from goofspiel.equilibria.equilibrium import deck_size, winloss_cards
from goofspiel.equilibria.winloss import MAX_NODES
from goofspiel.evolution.config import MAX_WORK
from goofspiel.fast.breed import MAX_CARDS as MAX_FAST_CARDS
from goofspiel.game import MAX_CARDS
from studykit.checks import choice, real, seed, sequence, whole
from studykit.limits import at_most
from studykit.sweep import MAX_CALLS, MAX_JOBS

MAX_SEED = 2**63 - 1 - 100     # SEED + a small offset still fits numpy's int64 seeds
MAX_TRIALS = 100_000           # trials per cell of a sweep (the article runs 100 to 400)
MAX_ROUNDS = 10_000            # rounds of one elimination game


def _seed(value, name: str = "SEED") -> int:
    return whole(seed(value, name), name, 0, MAX_SEED, why="seeds of the sweeps are int64")


def _jobs(value, name: str = "N_JOBS") -> int:
    return whole(value, name, 1, MAX_JOBS, why="studykit.run_sweep's worker limit")


def _trials(value, name: str, low: int = 1) -> int:
    return whole(value, name, low, MAX_TRIALS, why="trials per cell of one sweep")


def evolution_settings(*, TRIALS, CARDS, POPULATION, SURVIVORS, MUTATIONS, INITIALS,
                       GENERATIONS, FIX_TRIALS, FIX_GENERATIONS, N_JOBS, SEED) -> dict:
    """Notebook 30's constants (the GA grid and its fixes), checked and converted."""
    out = {"TRIALS": _trials(TRIALS, "TRIALS", 2), "FIX_TRIALS": _trials(FIX_TRIALS, "FIX_TRIALS", 2),
           "CARDS": whole(CARDS, "CARDS", 2, MAX_FAST_CARDS,
                           why="the compiled GA (evolve(fast=True)) holds at most 62 cards"),
           "POPULATION": whole(POPULATION, "POPULATION", 3, 10**6),
           "N_JOBS": _jobs(N_JOBS), "SEED": _seed(SEED)}
    population = out["POPULATION"]
    out["SURVIVORS"] = whole(SURVIVORS, "SURVIVORS", 2, population - 1)
    if population - out["SURVIVORS"] < 3:
        raise ValueError(f"SURVIVORS must leave room for the fixes' 3 immigrants: at most "
                         f"POPULATION - 3 = {population - 3}, got {out['SURVIVORS']}")
    out["MUTATIONS"] = list(sequence(MUTATIONS, "MUTATIONS", lambda v, n: real(v, n, 0, 0.5),
                                     max_len=100))
    out["INITIALS"] = list(sequence(INITIALS, "INITIALS", lambda v, n: whole(v, n, 2, population),
                                    max_len=100))
    out["GENERATIONS"] = list(sequence(GENERATIONS, "GENERATIONS",
                                       lambda v, n: whole(v, n, 2, MAX_WORK), max_len=100))
    out["FIX_GENERATIONS"] = whole(FIX_GENERATIONS, "FIX_GENERATIONS", 2, MAX_WORK)
    for name, generations in (("GENERATIONS", max(out["GENERATIONS"])),
                              ("FIX_GENERATIONS", out["FIX_GENERATIONS"])):
        at_most(generations * population * out["CARDS"] ** 2,
                f"{name} x POPULATION x CARDS^2", MAX_WORK, "goofspiel.evolve's limit per run")
    cells = 3 * len(out["MUTATIONS"]) * len(out["INITIALS"]) * len(out["GENERATIONS"])
    at_most(cells * out["TRIALS"], "TRIALS x grid cells", MAX_CALLS, "studykit.run_sweep's limit")
    return out


def equilibrium_settings(*, N, SMALL_NS, CYCLE_DECK, GA_TRIALS, CARDS, HEATMAP_NS,
                         WINLOSS_NS, WINLOSS_ITERATIONS, REPLY_NODES, ARENA_GAMES) -> dict:
    """Notebook 31's constants: each deck within its solver's limit, trials, work budgets."""
    def decks(value, name, method):
        return list(sequence(value, name, lambda v, n: deck_size(v, n, method), max_len=100))

    return {
        "N": deck_size(N, "N", "lp"),
        "SMALL_NS": decks(SMALL_NS, "SMALL_NS", "lp"),
        "HEATMAP_NS": decks(HEATMAP_NS, "HEATMAP_NS", "birkhoff"),
        "WINLOSS_NS": decks(WINLOSS_NS, "WINLOSS_NS", "double-oracle"),
        "CARDS": whole(deck_size(CARDS, "CARDS", "birkhoff", low=4), "CARDS", 4, MAX_FAST_CARDS,
                       why="the notebook breeds on them with evolve(fast=True): 62 cards at most"),
        "CYCLE_DECK": list(sequence(CYCLE_DECK, "CYCLE_DECK", lambda c, n: whole(c, n, 1, 10**6),
                                    min_len=2, max_len=6, distinct=True)),
        "GA_TRIALS": _trials(GA_TRIALS, "GA_TRIALS"),
        "ARENA_GAMES": _trials(ARENA_GAMES, "ARENA_GAMES"),
        "WINLOSS_ITERATIONS": whole(WINLOSS_ITERATIONS, "WINLOSS_ITERATIONS", 1, MAX_ITERATIONS,
                                    why="the double oracle's iteration budget (8 cards need 55)"),
        "REPLY_NODES": whole(REPLY_NODES, "REPLY_NODES", 1, MAX_NODES,
                             why="a best-reply search's node budget (~250,000 nodes a second)"),
    }


def play_settings(*, CARDS, BOTS, SEED, DEMO_ROUNDS, AUTHOR_ROUNDS) -> dict:
    """Notebook 32's constants; the deck and bots also pass the arena's own checks."""
    out = {"CARDS": whole(CARDS, "CARDS", 2, MAX_CARDS, why="goofspiel.game.MAX_CARDS"),
           "BOTS": whole(BOTS, "BOTS", 1, MAX_BOTS, why="goofspiel.bots.arena.MAX_BOTS"),
           "SEED": _seed(SEED),
           "DEMO_ROUNDS": whole(DEMO_ROUNDS, "DEMO_ROUNDS", 1, MAX_ROUNDS),
           "AUTHOR_ROUNDS": whole(AUTHOR_ROUNDS, "AUTHOR_ROUNDS", 1, MAX_ROUNDS)}
    ArenaConfig(deck=tuple(range(1, out["CARDS"] + 1)), bots=out["BOTS"])
    return out


def scripted_settings(*, CARDS, SEEDS, ROUNDS, HUMANS: list, SCORINGS, OTHER_TABLES,
                      N_JOBS, SEED) -> dict:
    """Notebook 33's constants: the scripted humans' trial, its tables and the sweep."""
    out = {"CARDS": winloss_cards(CARDS, "CARDS"), "SEEDS": _trials(SEEDS, "SEEDS", 2),
           "ROUNDS": whole(ROUNDS, "ROUNDS", 1, MAX_ROUNDS), "N_JOBS": _jobs(N_JOBS),
           "SEED": _seed(SEED)}
    out["HUMANS"] = list(sequence(HUMANS, "HUMANS", lambda h, n: choice(h, n, KINDS),
                                  distinct=True))
    out["SCORINGS"] = list(sequence(SCORINGS, "SCORINGS", lambda s, n: choice(s, n, SCORING),
                                    distinct=True))
    tables = sequence(OTHER_TABLES, "OTHER_TABLES", max_len=100)
    out["OTHER_TABLES"] = [list(sequence(table, f"OTHER_TABLES[{i}]",
                                         lambda v, n: whole(v, n, 1, MAX_CARDS),
                                         min_len=2, max_len=2))        # [cards, bots] pairs
                           for i, table in enumerate(tables)]
    for cards, bots in out["OTHER_TABLES"]:    # the arena's own limits, naming the one exceeded
        ArenaConfig(deck=tuple(range(1, cards + 1)), bots=bots)
    calls = 2 * len(out["HUMANS"]) * len(out["SCORINGS"]) * out["SEEDS"]
    at_most(calls, "SEEDS x HUMANS x SCORINGS x 2", MAX_CALLS, "studykit.run_sweep's limit")
    return out
