"""Compiled twin of ``goofspiel.evolution.ga``'s ``generations_loop``: the GA's generations
(breeding, immigrants, mutation, scoring, survival) in numba, drawing what the plain loop draws
from the same ``random.Random``, in order, so ``evolve(fast=True)`` returns the plain history.

Members are rows of an int64 array; the random stream is ``studykit.twister``'s copy of the
Random's state. ``compiled_loop`` serves decks of 2 to ``MAX_CARDS`` cards and refuses a larger
one, naming it; it never falls back to another implementation.
"""

from __future__ import annotations

import random
from contextlib import nullcontext

import numpy as np
from tqdm.auto import tqdm

from goofspiel.evolution.breed import check_parents
from goofspiel.evolution.config import GAConfig
from goofspiel.fast.breed import (
    KINDS,
    MAX_CARDS,
    MUTATIONS,
    all_pairs,
    mutate_row,
    pairs_into,
    preferences_child,
)
from studykit.slowstart import compile_notice
from studykit.twister import njit, sample_all, sample_two, shuffle, state_of

LABEL = "goofspiel's GA"
_compiled: set[str] = set()      # once compiled (or read from numba's cache), no notice timer


def compiled_loop(config: GAConfig, rnd: random.Random, progress: bool = False
                  ) -> tuple[list[float], list[float], list[int], list[list[int]], list[int]]:
    """``generations_loop(config, rnd, progress)``, compiled: the same draws, the same result."""
    if not isinstance(config, GAConfig):
        raise TypeError(f"config must be a GAConfig, got {type(config).__name__}")
    c, n = config, len(config.deck)
    if n > MAX_CARDS:
        raise ValueError(f"deck holds {n} cards: fast=True compiles breeding-pairs on 64-bit sets, "
                         f"at most {MAX_CARDS} cards; use fast=False (the plain loop) for more")
    st, cards, pairs = state_of(rnd), np.array(c.deck, np.int64), all_pairs(n)
    kind_m = MUTATIONS[c.operator if c.mutating else "none"]
    p_mom = (1.0 - c.mutation) / ((1.0 - c.mutation) + c.mutation)   # reverse_mutation's share
    published = c.breeder == "preferences" and c.as_published
    members = first_members(st, c.initial, n)
    scores = identity_scores(members, cards)
    rounds = c.scored_rounds
    best, mean, diversity = np.zeros(rounds), np.zeros(rounds), np.zeros(rounds, np.int64)
    done = 0
    for count in tqdm([1] * rounds if progress else [rounds] if rounds else [],
                      disable=not progress, desc=f"GA {c.breeder}"):      # one call per bar step
        with compile_notice(LABEL) if LABEL not in _compiled else nullcontext():
            members, found, did = generations(
                st, members, count, cards, c.survivors, c.population - c.immigrants,
                c.population, KINDS[c.breeder], published, pairs, kind_m, p_mom, c.mutation,
                c.mutate == "all", best, mean, diversity, done)
        _compiled.add(LABEL)
        if did < count:
            check_parents(len(members), c.population - c.immigrants)
        done, scores = done + did, found
    if not rounds:                       # as_published with one generation: nothing scored
        return ([float(scores.max())], [float(scores.mean())], [len(members)], members.tolist(),
                scores.tolist())
    return best.tolist(), mean.tolist(), diversity.tolist(), members.tolist(), scores.tolist()


@njit
def identity_scores(rows, deck):
    """``goofspiel.evolution.ga.identity_scores`` of int64 rank rows."""
    m, n = rows.shape
    found = np.empty(m, np.int64)
    for k in range(m):
        total = 0
        for i in range(n):
            bid = deck[rows[k, i]]
            total += min(deck[i], bid) - bid
        found[k] = total
    return found


@njit
def first_members(st, initial, n):
    """``[rnd.sample(range(n), n) for _ in range(initial)]`` as rows."""
    rows = np.empty((initial, n), np.int64)
    for k in range(initial):
        sample_all(st, rows[k])
    return rows


@njit
def generation(st, parents, size, population, kind, published, pairs, mutation, p_mom, rate,
               mutate_all):
    """One generation of ``evolve``: parents (mutated if ``mutate_all``) then children and
    immigrants (mutated if ``mutation``), as rows."""
    n_parents, n = parents.shape
    rows = np.empty((max(population, n_parents), n), np.int64)
    rows[:n_parents] = parents
    m = n_parents
    work = (np.empty(len(pairs), np.int64), np.empty(n, np.int64), np.empty(n, np.int64),
            np.empty(n, np.int64), np.empty(n, np.int64))
    while m < size:                                 # breed_children
        j0, j1 = sample_two(st, m, m <= 21)
        if kind == 0:
            pairs_into(st, rows[j0], rows[j1], 0.5, pairs, work[0], work[1], work[2], rows[m])
        elif kind == 1:
            preferences_child(st, rows[j0], rows[j1], published, rows[m])
        else:
            for c in range(n):
                rows[m, c] = c
            shuffle(st, rows[m])
        m += 1
    while m < population:                           # immigrants
        sample_all(st, rows[m])
        m += 1
    if mutation != 0:
        for k in range(n_parents, m):
            mutate_row(st, rows[k], mutation, p_mom, rate, pairs, work)
        if mutate_all:
            for k in range(n_parents):
                mutate_row(st, rows[k], mutation, p_mom, rate, pairs, work)
    return rows[:m]


@njit
def generations(st, members, count, deck, survivors, size, population, kind, published, pairs,
                mutation, p_mom, rate, mutate_all, best, mean, diversity, offset):
    """``count`` scored generations of ``evolve`` from ``members``, their best, mean and
    diversity written from ``offset`` on: (survivors, their scores, generations done; fewer
    than ``count`` when fewer than two members were left to breed)."""
    scores = np.zeros(0, np.int64)
    for g in range(count):
        if len(members) < 2 and len(members) < size:
            return members, scores, g
        rows = generation(st, members, size, population, kind, published, pairs, mutation,
                          p_mom, rate, mutate_all)
        m = len(rows)
        found = identity_scores(rows, deck)
        order = np.arange(m)                           # stable sort, best score first
        for k in range(1, m):
            item, j = order[k], k
            while j > 0 and found[order[j - 1]] < found[item]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = item
        keep = order[:survivors]
        members, scores = rows[keep], found[keep]
        distinct = 0
        for k in range(len(members)):
            seen = False
            for j in range(k):
                if (members[j] == members[k]).all():
                    seen = True
                    break
            distinct += not seen
        best[offset + g] = scores[0]
        mean[offset + g] = scores.sum() / len(scores)
        diversity[offset + g] = distinct
    return members, scores, count
