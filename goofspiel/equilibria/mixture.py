"""Mixed strategies of two-player fixed-bid goofspiel at any deck size, as rank arrays.

A mixture holds k pure strategies as rows of bid ranks (``ranks[j, i]``: rank of the bid on
the i-th smallest prize, as in ``Strategy.ranks``) with their probabilities. It never lists
the n! permutations, so it serves the 20-card game where the n! matrix game cannot.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Mapping, Sized
from dataclasses import dataclass, field
from itertools import islice, pairwise

import numpy as np

from goofspiel.game import MAX_CARD, MAX_CARDS, Strategy, int64_array, whole_numbers
from studykit.checks import array, is_whole, memory, shown

PROB_TOL = 1e-9        # probabilities must sum to 1 within this


def probability(value, name: str) -> float:
    """A probability as a float: a finite real number from 0 to 1 (bools refused; an integer too
    large for a float is refused, not an OverflowError)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number from 0 to 1, got {shown(value)}")
    try:
        p = float(value)
    except OverflowError:
        p = math.inf
    if not (math.isfinite(p) and 0.0 <= p <= 1.0 + PROB_TOL):
        raise ValueError(f"{name} must be a finite number >= 0 and <= 1, got {shown(value)}")
    return p


def deck_cards(deck: int | Iterable[int], name: str = "deck", most: int = MAX_CARDS,
               why: str = "") -> tuple[int, ...]:
    """The prize cards: 1..n for an int n >= 1, else the sorted distinct integer cards given.

    ``name`` is the argument named in the error message; more than ``most`` cards are refused
    before any is listed (``why`` says why in the message).
    """
    what = f"{name} must be an int n >= 1 or distinct integer cards"
    too_many = f"{name} must be <= {most:,} cards{' ' + why if why else ''}, got "
    if isinstance(deck, (bool, np.bool_)):
        raise ValueError(f"{what}, got {deck!r}")  # noqa: TRY004
    if isinstance(deck, (int, np.integer)):
        if deck < 1:
            raise ValueError(f"{what}, got n = {deck}")
        if deck > most:
            raise ValueError(f"{too_many}{int(deck):,}")
        return tuple(range(1, int(deck) + 1))
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Iterable) or (
            isinstance(deck, np.ndarray) and deck.ndim != 1):
        raise ValueError(f"{what}, got {shown(deck)}")
    if isinstance(deck, Sized) and len(deck) > most:            # counted before it is listed
        raise ValueError(f"{too_many}{len(deck):,}")
    cards = list(islice(deck, most + 1))
    if len(cards) > most:
        raise ValueError(f"{too_many}more than that")
    if not cards or not all(isinstance(c, (int, np.integer)) and not isinstance(c, (bool, np.bool_))
                            for c in cards):
        raise ValueError(f"{name} must hold at least one card, all integers, got {shown(cards)}")
    if len(set(cards)) != len(cards):
        raise ValueError(f"{name} must not repeat cards, got {shown(cards)}")
    return tuple(sorted(int(c) for c in cards))


@dataclass(frozen=True)
class Mixture:
    """A mixed strategy: pure strategies as rank rows ``ranks`` (k, n) with ``probs`` (k,)."""

    deck: tuple[int, ...]
    ranks: np.ndarray = field(repr=False)
    probs: np.ndarray = field(repr=False)

    def __post_init__(self):
        deck = self.deck
        if type(deck) is not tuple or not all(type(c) is int for c in deck):
            deck = tuple(whole_numbers(deck, "deck"))
            object.__setattr__(self, "deck", deck)
        if not deck or any(a >= b for a, b in pairwise(deck)):
            raise ValueError(f"deck must list distinct cards in increasing order, got {shown(deck)}")
        n = len(deck)
        ranks = self.ranks
        if not (isinstance(ranks, np.ndarray) and ranks.dtype == np.int64 and ranks.ndim == 2):
            ranks = int64_array(ranks, "ranks", ndim=2, low=0, high=max(n - 1, 0))
            object.__setattr__(self, "ranks", ranks)           # converted once, used from here on
        probs = array(self.probs, "probs", kind="real", ndim=1)
        if probs.dtype != np.float64:
            probs = probs.astype(np.float64)
        if probs is not self.probs:
            object.__setattr__(self, "probs", probs)
        if self.ranks.ndim != 2 or self.ranks.shape[1] != n or len(self.ranks) != len(self.probs):
            raise ValueError(f"ranks must have shape (k, {n}) with k = len(probs), got "
                             f"{self.ranks.shape} and {len(self.probs)} probabilities")
        if not np.array_equal(np.sort(self.ranks, axis=1), np.broadcast_to(np.arange(n), self.ranks.shape)):
            raise ValueError(f"ranks must hold permutations of 0..{n - 1} in every row")
        if not (np.all(np.isfinite(self.probs)) and np.all(self.probs >= 0)
                and abs(self.probs.sum() - 1) <= 1e-6):
            raise ValueError(f"probs must be finite, >= 0 and sum to 1 (within 1e-6), got "
                             f"{shown(self.probs.tolist())}")

    @property
    def strategy(self) -> dict[tuple[int, ...], float]:
        """Bid tuples (prizes in increasing order) -> probability, as in ``Equilibrium.strategy``."""
        return {tuple(self.deck[r] for r in row): float(p) for row, p in zip(self.ranks, self.probs)}

    def strategies(self) -> list[Strategy]:
        """The pure strategies of the support, in the order of ``probs``."""
        return [Strategy(self.deck, tuple(int(r) for r in row)) for row in self.ranks]

    def marginal(self) -> np.ndarray:
        """X[i, k]: probability of bidding rank k on the i-th prize (doubly stochastic)."""
        n = len(self.deck)
        out = np.zeros((n, n))
        for i in range(n):
            np.add.at(out[i], self.ranks[:, i], self.probs)
        return out


def as_mixture(strategy: Strategy | Mixture | Mapping[tuple, float],
               deck: int | Iterable[int] | None = None) -> Mixture:
    """A pure Strategy, a Mixture or a mapping bid tuple -> probability, as a validated Mixture.

    ``deck`` is needed for a mapping unless its bids are permutations of 1..n.
    """
    if isinstance(strategy, Mixture):
        return strategy
    if isinstance(strategy, Strategy):
        return Mixture(strategy.deck, np.array([strategy.ranks], dtype=np.int64), np.ones(1))
    if not isinstance(strategy, Mapping) or not strategy:
        raise ValueError("strategy must be a Strategy, a Mixture or a non-empty mapping "
                         f"bid tuple -> probability, got {type(strategy).__name__}")
    for bids in strategy:
        if not isinstance(bids, tuple) or not all(is_whole(b) for b in bids):
            raise ValueError(f"strategy must map bid tuples (whole-number cards) to probabilities, "
                             f"got the key {shown(bids)}")
    cards = deck_cards(deck if deck is not None else len(next(iter(strategy))))
    index = {c: k for k, c in enumerate(cards)}
    merged: dict[tuple[int, ...], float] = {}
    for bids, p in strategy.items():
        if sorted(bids) != list(cards):
            raise ValueError(f"strategy holds bids {tuple(bids)} that are not a permutation of {cards}")
        row = tuple(index[b] for b in bids)
        merged[row] = merged.get(row, 0.0) + probability(p, f"strategy probability of {bids}")
    probs = np.array(list(merged.values()))
    if abs(probs.sum() - 1.0) > PROB_TOL:
        raise ValueError(f"strategy probabilities must sum to 1, got {probs.sum()!r}")
    keep = probs > 0
    ranks = np.array(list(merged), dtype=np.int64)[keep]
    return Mixture(cards, ranks, probs[keep] / probs[keep].sum())


def margin_matrix(ours: np.ndarray, theirs: np.ndarray, prizes: Iterable[int]) -> np.ndarray:
    """M[a, b]: point margin of rank row ``ours[a]`` against ``theirs[b]`` (exact integers)."""
    prizes = whole_numbers(prizes, "prizes")
    if not prizes or any(abs(p) > MAX_CARD for p in prizes):
        raise ValueError(f"prizes must hold at least one card, each within +-{MAX_CARD:,}, got "
                         f"{shown(prizes)}")
    ours = np.atleast_2d(int64_array(ours, "ours", ndim=(1, 2)))
    theirs = np.atleast_2d(int64_array(theirs, "theirs", ndim=(1, 2)))
    for name, rows in (("ours", ours), ("theirs", theirs)):
        if rows.shape[1] != len(prizes):
            raise ValueError(f"{name} must hold rank rows of one bid per prize ({len(prizes)} "
                             f"prizes), got shape {rows.shape}")
        if rows.size and (rows.min() < 0 or rows.max() >= len(prizes)):
            raise ValueError(f"{name} must hold ranks from 0 to {len(prizes) - 1}, got values "
                             f"from {rows.min()} to {rows.max()}")
    memory(8.0 * len(ours) * len(theirs), f"margin_matrix({len(ours):,} x {len(theirs):,})")
    out = np.zeros((len(ours), len(theirs)), dtype=np.int64)
    for i, prize in enumerate(prizes):
        out += prize * np.sign(ours[:, i, None] - theirs[None, :, i])
    return out


def gain_tensor(theirs: np.ndarray, prizes: Iterable[int]) -> np.ndarray:
    """G[j, i, k]: margin gained on the i-th prize by bidding rank k against ``theirs[j]``."""
    theirs = np.atleast_2d(theirs)
    n = theirs.shape[1]
    p = np.asarray(tuple(prizes), dtype=np.int64)
    return p[None, :, None] * np.sign(np.arange(n)[None, None, :] - theirs[:, :, None])
