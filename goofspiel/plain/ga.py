"""The genetic algorithm of the article, written plainly: the identity-target score and the
generations loop on rank lists, drawing from one ``random.Random``.

``goofspiel.evolution.ga.evolve`` checks its arguments and runs this loop (``fast=False``, or when the
compiled generations cannot serve the deck) or ``goofspiel.evolution.fastga``'s compiled generations,
which draw the same numbers and return the same history.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tqdm.auto import tqdm

from goofspiel.plain.breed import Breeder, breed_children

Mutation = Callable[[Sequence[int], float, random.Random], list]


def identity_scores(members: Sequence[Sequence[int]], deck: Sequence[int]) -> list[int]:
    """Each strategy's score against the identity target: the sum over prizes of
    ``min(prize, bid) - bid``, its bid on a prize being ``deck[rank]`` (0 only for the identity)."""
    deck = [int(card) for card in deck]
    return [sum(min(prize, deck[rank]) - deck[rank] for prize, rank in zip(deck, ranks))
            for ranks in members]


def generations_loop(rnd: random.Random, deck: Sequence[int], breed: Breeder, mutation_of: Mutation,
                     *, mutation: float, mutate: str, initial: int, generations: int,
                     population: int, survivors: int, immigrants: int, as_published: bool,
                     progress: bool = False, desc: str = "GA"
                     ) -> tuple[list[float], list[float], list[int], list[list[int]], list[int]]:
    """The GA's generations: (best and mean score and distinct survivors per scored generation,
    the final members, their scores).

    Each generation the members breed children (``breed``) up to ``population - immigrants``,
    random immigrants fill the rest, then ``mutation_of(strategy, mutation, rnd)`` changes the
    children (``mutate="children"``) or everyone (``"all"``); everyone is scored and the best
    ``survivors`` stay (ties in order). ``as_published``: no mutation, and the last generation's
    children are never scored (as in the published code).
    """
    n = len(deck)
    members = [rnd.sample(range(n), n) for _ in range(initial)]
    scores = identity_scores(members, deck)
    best, mean, diversity = [], [], []
    scored_rounds = generations - 1 if as_published else generations
    for g in tqdm(range(generations), disable=not progress, desc=desc):
        parents = members
        children = breed_children(parents, population - immigrants, breed, rnd)
        while len(parents) + len(children) < population:
            children.append(rnd.sample(range(n), n))                # an immigrant
        if not as_published and mutation > 0 and mutate != "none":
            children = [mutation_of(c, mutation, rnd) for c in children]
            if mutate == "all":
                parents = [mutation_of(p, mutation, rnd) for p in parents]
        if g >= scored_rounds:          # the published code never scored the last children
            break
        everyone = parents + children
        everyone_scores = identity_scores(everyone, deck)
        ranking = sorted(range(len(everyone)), key=lambda k: -everyone_scores[k])   # stable
        members = [everyone[k] for k in ranking[:survivors]]
        scores = [everyone_scores[k] for k in ranking[:survivors]]
        best.append(float(scores[0]))
        mean.append(sum(scores) / len(scores))
        diversity.append(len({tuple(m) for m in members}))
    if not best:                        # as published with one generation: nothing scored
        best, mean, diversity = [float(max(scores))], [sum(scores) / len(scores)], [len(members)]
    return best, mean, diversity, members, scores
