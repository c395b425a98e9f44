"""The genetic algorithm on the identity-target score, written plainly, and the grid-search trial.

Each generation: fill the population by breeding random pairs of members (children bred
earlier in the generation included, plus optional random immigrants), mutate (children only,
everyone, or nobody), score everyone, keep the best ``survivors``. The score of a strategy is
``SUM_i [min(prize_i, bid_i) - bid_i]`` against the target ``1 < 2 < ... < n`` (0 only for the
identity). ``as_published=True`` reproduces the published code: mutation is a no-op, the
preference slice never covers the last position, and G generations are scored only G - 1 times.
Parents are two distinct members. With the published slice drawn as "a uniform start, then a
uniform end after it" (see ``breed_preferences``), the as-published grid lands within 0.6 points
of every breeding-pairs reference mean and 0.5 of every breeding-preferences one (200 trials per
cell); drawing the slice ends as an unordered uniform pair, or letting a strategy breed with
itself, missed some cells by 1.5-2 points.

``generations_loop`` is the algorithm, on rank lists and one ``random.Random`` with the plain
breeders of ``goofspiel.evolution.breed``. ``evolve(fast=True)``, the default, runs its compiled
twin instead (``goofspiel.fast.ga``): the same draws in the same order, so the same history; it
refuses a deck it cannot hold (more than 62 cards) rather than running something else.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
from tqdm.auto import tqdm

from goofspiel.evolution.breed import BREEDERS, breed_children, reverse_mutation, swap_mutation
from goofspiel.evolution.config import GAConfig
from goofspiel.game import MAX_CARDS, int64_array
from studykit.checks import flag, real, shown, whole
from studykit.checks import seed as check_seed


def identity_score(ranks: np.ndarray, deck: np.ndarray) -> np.ndarray:
    """Scores of a (P, n) array of rank rows against the identity target (0 is perfect)."""
    deck = int64_array(deck, "deck", ndim=1)      # int64 from here on: uint8 would wrap
    if not len(deck):
        raise ValueError("deck must hold at least one card, got an empty deck")
    if np.any(deck[1:] <= deck[:-1]):
        raise ValueError(f"deck must list distinct cards in increasing order, got {shown(deck)}")
    ranks = int64_array(ranks, "ranks", ndim=(1, 2), low=0, high=max(len(deck) - 1, 0))
    if ranks.shape[-1] != len(deck) or (ranks.size and not (
            np.sort(ranks, axis=-1) == np.arange(len(deck))).all()):
        raise ValueError(f"ranks must be permutations of 0..{len(deck) - 1} (one per card of "
                         f"deck), got shape {ranks.shape}")
    bids = deck[ranks]
    return (np.minimum(deck, bids) - bids).sum(axis=-1)


def identity_scores(members: Sequence[Sequence[int]], deck: Sequence[int]) -> list[int]:
    """``identity_score`` plainly, unchecked: each member's sum over prizes of
    ``min(prize, bid) - bid``, its bid on a prize being ``deck[rank]``."""
    deck = [int(card) for card in deck]
    return [sum(min(prize, deck[rank]) - deck[rank] for prize, rank in zip(deck, ranks))
            for ranks in members]


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
    The settings are checked as a ``GAConfig``. ``fast=False`` runs ``generations_loop`` (plain
    Python); ``fast=True`` its compiled twin (``goofspiel.fast.ga``, at most 62 cards), which
    returns the same history for the same seed.
    """
    config = GAConfig(breeder=breeder, mutation=mutation, mutate=mutate, operator=operator,
                      initial=initial, generations=generations, population=population,
                      survivors=survivors, immigrants=immigrants, deck=deck,
                      as_published=as_published)
    seed, progress, fast = check_seed(seed), flag(progress, "progress"), flag(fast, "fast")
    if fast:
        from goofspiel.fast.ga import compiled_loop

        best, mean, diversity, members, scores = compiled_loop(config, random.Random(seed),
                                                               progress)
    else:
        best, mean, diversity, members, scores = generations_loop(config, random.Random(seed),
                                                                  progress)
    return History(np.array(best, dtype=np.float64), np.array(mean, dtype=np.float64),
                   np.array(diversity, dtype=np.int64), members, np.array(scores, dtype=np.int64))


def mutation_of(config: GAConfig):
    """The mutation ``generations_loop`` applies: ``(ranks, amount, rnd) -> ranks``."""
    return swap_mutation if config.operator == "swap" else reverse_mutation


def generations_loop(config: GAConfig, rnd: random.Random, progress: bool = False
                     ) -> tuple[list[float], list[float], list[int], list[list[int]], list[int]]:
    """The GA's generations: (best and mean score and distinct survivors per scored generation,
    the final members, their scores).

    Each generation the members breed children up to ``population - immigrants``, random
    immigrants fill the rest, then the mutation changes the children (``mutate="children"``) or
    everyone (``"all"``); everyone is scored and the best ``survivors`` stay (ties in order).
    As published: no mutation, and the last generation's children are never scored.
    """
    deck, n, c = list(config.deck), len(config.deck), config
    if c.breeder == "preferences" and c.as_published:
        def breed(m, d, r):
            return BREEDERS["preferences"](m, d, r, as_published=True)
    else:
        breed = BREEDERS[c.breeder]
    mutated = mutation_of(c)
    members = [rnd.sample(range(n), n) for _ in range(c.initial)]
    scores = identity_scores(members, deck)
    best, mean, diversity = [], [], []
    for g in tqdm(range(c.generations), disable=not progress, desc=f"GA {c.breeder}"):
        parents = members
        children = breed_children(parents, c.population - c.immigrants, breed, rnd)
        while len(parents) + len(children) < c.population:
            children.append(rnd.sample(range(n), n))                # an immigrant
        if c.mutating:
            children = [mutated(child, c.mutation, rnd) for child in children]
            if c.mutate == "all":
                parents = [mutated(p, c.mutation, rnd) for p in parents]
        if g >= c.scored_rounds:        # the published code never scored the last children
            break
        everyone = parents + children
        everyone_scores = identity_scores(everyone, deck)
        ranking = sorted(range(len(everyone)), key=lambda k: -everyone_scores[k])   # stable
        members = [everyone[k] for k in ranking[:c.survivors]]
        scores = [everyone_scores[k] for k in ranking[:c.survivors]]
        best.append(float(scores[0]))
        mean.append(sum(scores) / len(scores))
        diversity.append(len({tuple(m) for m in members}))
    if not best:                        # as published with one generation: nothing scored
        best, mean, diversity = [float(max(scores))], [sum(scores) / len(scores)], [len(members)]
    return best, mean, diversity, members, scores


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
    cards = whole(cards, "cards", 2, MAX_CARDS, why="goofspiel.game.MAX_CARDS")
    seed = int(np.random.SeedSequence([seed, round(mutation * 10**6)]).generate_state(1)[0])
    return evolve(breeder=breeder, mutation=mutation, mutate=mutate, initial=initial,
                  generations=generations, population=population, survivors=survivors,
                  deck=range(1, cards + 1), seed=seed, as_published=as_published,
                  immigrants=immigrants, operator=operator, fast=fast)
