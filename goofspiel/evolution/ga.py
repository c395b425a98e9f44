"""The genetic algorithm on the identity-target score, and the grid-search trial for the sweep.

Each generation: fill the population by breeding random pairs of members (children bred
earlier in the generation included, plus optional random immigrants), mutate (children only, everyone, or nobody), score
everyone, keep the best ``survivors``. The score of a strategy is
``SUM_i [min(prize_i, bid_i) - bid_i]`` against the target ``1 < 2 < ... < n`` (0 only
for the identity). ``as_published=True`` reproduces the published code: mutation is a
no-op, the preference slice never covers the last position, and G generations are
scored only G - 1 times. Parents are two distinct members. With the published slice drawn as
"a uniform start, then a uniform end after it" (see ``breed_preferences``), the as-published
grid lands within 0.6 points of every breeding-pairs reference mean and 0.5 of every
breeding-preferences one (200 trials per cell); drawing the slice ends as an unordered
uniform pair, or letting a strategy breed with itself, missed some cells by 1.5-2 points.

The plain algorithm is ``goofspiel.plain.ga``'s loop with ``goofspiel.plain.breed``'s breeders
(``evolve(fast=False)``). ``fast=True`` (the default) runs the generations compiled
(``goofspiel.evolution.fastga``) when numba can serve the deck, else the plain loop with
``goofspiel.evolution.breed``'s fast breeding-pairs; every path draws the same numbers from the same
``random.Random`` and returns the same history.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
from tqdm.auto import tqdm

from goofspiel.evolution import fastga
from goofspiel.evolution.breed import BREEDERS, OPERATORS, mutate_unchecked
from goofspiel.game import checked_deck, int64_array
from goofspiel.plain import breed as plain
from goofspiel.plain.ga import generations_loop
from studykit.checks import at_most, choice, flag, real, shown, whole
from studykit.checks import seed as check_seed
from studykit.twister import state_of

MUTATE = ("none", "children", "all")
MAX_WORK = 10**9   # generations x population x cards^2: about 10 minutes of breeding


def identity_score(ranks: np.ndarray, deck: np.ndarray) -> np.ndarray:
    """Scores of a (P, n) array of rank rows against the identity target (0 is perfect)."""
    deck = int64_array(deck, "deck", ndim=1)      # int64 from here on: uint8 would wrap
    if np.any(deck[1:] <= deck[:-1]):
        raise ValueError(f"deck must list distinct cards in increasing order, got {shown(deck)}")
    ranks = int64_array(ranks, "ranks", ndim=(1, 2), low=0, high=max(len(deck) - 1, 0))
    if ranks.shape[-1] != len(deck) or (ranks.size and not (
            np.sort(ranks, axis=-1) == np.arange(len(deck))).all()):
        raise ValueError(f"ranks must be permutations of 0..{len(deck) - 1} (one per card of "
                         f"deck), got shape {ranks.shape}")
    return _identity_score(ranks, deck)


def _identity_score(ranks: np.ndarray, deck: np.ndarray) -> np.ndarray:
    bids = deck[np.asarray(ranks)]
    return (np.minimum(deck, bids) - bids).sum(axis=-1)


@dataclass(frozen=True)
class History:
    """A GA run: per-generation best/mean score and survivor diversity, the final population."""

    best: np.ndarray
    mean: np.ndarray
    diversity: np.ndarray          # distinct strategies among the survivors
    population: list = field(repr=False)
    scores: np.ndarray = field(repr=False)

    @property
    def best_score(self) -> float:
        """The best score at the end of the run."""
        return float(self.best[-1])

    @property
    def best_ranks(self) -> tuple[int, ...]:
        """The rank tuple of the best strategy of the final population."""
        return tuple(self.population[int(np.argmax(self.scores))])


def evolve(breeder: str = "pairs", mutation: float = 0.0, mutate: str = "none", initial: int = 10,
           generations: int = 15, population: int = 25, survivors: int = 10,
           deck: Iterable[int] = range(1, 21), seed: int = 0, as_published: bool = False,
           immigrants: int = 0, operator: str = "reverse", progress: bool = False,
           fast: bool = True) -> History:
    """Run the GA on the identity-target score and return its full history.

    ``operator`` is the mutation: "reverse" (breed with the reverse, ``mutation`` is the degree,
    0..0.5) or "swap" (swap two random bids, ``mutation`` is the probability per strategy, 0..1).
    ``fast=False`` runs the plain loop and breeders (``goofspiel.plain``). ``fast=True`` runs the
    compiled generations (``goofspiel.evolution.fastga``) when numba is installed and the deck holds at
    most 62 cards; otherwise, silently, the plain loop with the fast pure-Python breeding-pairs
    (``goofspiel.evolution.breed``). All three return the same history for the same seed.
    """
    breeder = choice(breeder, "breeder", BREEDERS)
    mutate = choice(mutate, "mutate", MUTATE)
    operator = choice(operator, "operator", OPERATORS)
    top = 0.5 if operator == "reverse" else 1.0
    if not 0.0 <= real(mutation, "mutation") <= top:
        raise ValueError(f"mutation must be in [0, {top:g}] for operator {operator!r}, got {mutation}")
    initial, generations = whole(initial, "initial"), whole(generations, "generations")
    population, survivors = whole(population, "population"), whole(survivors, "survivors")
    immigrants, seed = whole(immigrants, "immigrants"), check_seed(seed)
    as_published, progress = flag(as_published, "as_published"), flag(progress, "progress")
    fast = flag(fast, "fast")
    if population < 2:
        raise ValueError(f"population must be a whole number >= 2 (members after breeding), got "
                         f"{population:,}")
    if not 1 <= survivors < population:
        raise ValueError(f"survivors must be in [1, population - 1], got {survivors}")
    if not 2 <= initial <= population:
        raise ValueError(f"initial must be in [2, population], got {initial}")
    if generations < 1:
        raise ValueError(f"generations must be >= 1, got {generations}")
    if not 0 <= immigrants <= population - survivors:
        raise ValueError(f"immigrants must be in [0, population - survivors], got {immigrants}")
    cards = np.array(checked_deck(deck))
    if len(cards) < 2:
        raise ValueError(f"deck must hold at least two cards, got {len(cards)}")
    n = len(cards)
    at_most(generations * population * n * n, "generations x population x cards^2", MAX_WORK,
            "about 10 minutes of breeding; use fewer generations, a smaller population or deck")
    rnd = random.Random(seed)
    settings = (breeder, mutation, mutate, operator, initial, generations, population, survivors,
                immigrants, as_published, progress)
    if fast and fastga.usable(n):
        best, mean, diversity, members, scores = _compiled_run(rnd, cards, *settings)
    else:
        best, mean, diversity, members, scores = _loop_run(rnd, cards, fast, *settings)
    return History(np.array(best), np.array(mean), np.array(diversity), members,
                   np.array(scores, dtype=np.int64))


def _loop_run(rnd, cards, fast, breeder, mutation, mutate, operator, initial, generations,
              population, survivors, immigrants, as_published, progress):
    """``evolve``'s generations by the plain loop: with the plain breeders, or (``fast``) with
    ``goofspiel.evolution.breed``'s fast breeding-pairs (the same draws and children)."""
    breed = (BREEDERS if fast else plain.BREEDERS)[breeder]
    if breeder == "preferences" and as_published:
        def breed(m, d, r):
            return plain.preferences_child(m, d, r, as_published=True)
    if operator == "swap":
        mutation_of = plain.swap_mutation
    else:
        mutation_of = mutate_unchecked if fast else plain.reverse_mutation
    return generations_loop(rnd, cards, breed, mutation_of, mutation=mutation, mutate=mutate,
                            initial=initial, generations=generations, population=population,
                            survivors=survivors, immigrants=immigrants,
                            as_published=as_published, progress=progress, desc=f"GA {breeder}")


def _compiled_run(rnd, cards, breeder, mutation, mutate, operator, initial, generations,
                  population, survivors, immigrants, as_published, progress):
    """``_loop_run`` with ``goofspiel.evolution.fastga``'s compiled generations: the same draws, in order."""
    n, st = len(cards), state_of(rnd)
    kind, pairs = fastga.KINDS[breeder], fastga.all_pairs(n)
    published = breeder == "preferences" and as_published
    mutating = not as_published and mutation > 0 and mutate != "none"
    kind_m = fastga.MUTATIONS[operator if mutating else "none"]
    p_mom = (1.0 - mutation) / ((1.0 - mutation) + mutation)   # mutate_unchecked's mom share
    members = fastga.first_members(st, initial, n)
    scores = _identity_score(members, cards)
    rounds = min(generations, generations - 1 if as_published else generations)
    best, mean, diversity = np.zeros(rounds), np.zeros(rounds), np.zeros(rounds, np.int64)
    steps = [1] * rounds if progress else [rounds] if rounds else []   # one call per bar step
    done = 0
    for count in tqdm(steps, disable=not progress, desc=f"GA {breeder}"):
        members, found, did = fastga.generations(
            st, members, count, cards, survivors, population - immigrants, population, kind,
            published, pairs, kind_m, p_mom, mutation, mutate == "all", best, mean, diversity, done)
        if did < count:
            plain.check_parents(len(members), population - immigrants)
        done, scores = done + did, found
    if not rounds:                       # as_published with one generation: nothing scored
        return [float(scores.max())], [float(scores.mean())], [len(members)], members.tolist(), scores
    return best.tolist(), mean.tolist(), diversity.tolist(), members.tolist(), scores


def grid_trial(breeder: str, mutation: float, initial: int, generations: int, seed: int,
               mutate: str = "none", as_published: bool = True, immigrants: int = 0,
               population: int = 25, survivors: int = 10, cards: int = 20,
               operator: str = "reverse", fast: bool = True) -> History:
    """One GA run of the article's grid, for ``studykit.run_sweep``: its full ``History``.

    Each mutation degree draws from its own stream (the trial seed mixed with the degree), so
    degrees that change nothing, as published, are independent replicas rather than copies;
    the number of generations is not mixed in, so a short run is the prefix of a long one.
    """
    mutation, seed = real(mutation, "mutation", 0, 1), check_seed(seed)
    cards = whole(cards, "cards", 2)
    seed = int(np.random.SeedSequence([seed, round(mutation * 10**6)]).generate_state(1)[0])
    return evolve(breeder=breeder, mutation=mutation, mutate=mutate, initial=initial,
                  generations=generations, population=population, survivors=survivors,
                  deck=range(1, cards + 1), seed=seed, as_published=as_published,
                  immigrants=immigrants, operator=operator, fast=fast)
