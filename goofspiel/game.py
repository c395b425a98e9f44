"""Fixed-bid goofspiel: strategies (bids fixed before the game) and the game with split ties.

A strategy assigns one bid card to each prize card. Internally it is a *rank* tuple:
``ranks[i]`` is the position (0 = lowest) of the bid placed on the i-th smallest prize.
Three equivalent views convert to and from it: the bid per prize, the preference list
(prizes ordered by increasing bid) and the set of pairwise preferences.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Sequence, Sized
from dataclasses import dataclass
from fractions import Fraction
from itertools import islice, pairwise

import numpy as np

from studykit.checks import array, flag, generator, is_whole, shown, whole

MAX_CARDS = 1_000     # a strategy is a permutation of the deck; the article plays 7 to 20 cards
MAX_CARD = 10**12     # |card| at most this, so sums of prizes times margins stay exact in int64
_DECKS: dict[tuple, tuple[int, ...]] = {}   # decks already checked -> their plain-int form
_INTS = {int}


def whole_numbers(values, name: str) -> list[int]:
    """Whole numbers from a list, tuple, range or array (never truncated from floats)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"{name} must be a list or tuple of whole numbers, got {shown(values)}")
    if isinstance(values, np.ndarray) and values.ndim != 1:
        raise TypeError(f"{name} must be a list or tuple of whole numbers, got an array of shape "
                        f"{values.shape}")
    size = len(values) if isinstance(values, Sized) else None    # counted before it is copied
    cards = list(islice(values, MAX_CARDS + 1)) if size is None or size <= MAX_CARDS else None
    if cards is None or len(cards) > MAX_CARDS:
        raise ValueError(f"{name} holds {'more than ' if size is None else ''}"
                         f"{size or MAX_CARDS:,} cards, more than the limit {MAX_CARDS:,}")
    bad = [c for c in cards if not is_whole(c)]
    if bad:
        raise TypeError(f"{name} must hold whole numbers (cards), got {shown(bad[0])} in "
                        f"{shown(values)}")
    return [int(c) for c in cards]


def int64_array(value, name: str, *, ndim, low: int = -MAX_CARD, high: int = MAX_CARD) -> np.ndarray:
    """An integer array (any integer dtype, uint8 included) in ``low..high``, converted once to
    int64 so that no later difference wraps (uint8 ``0 - 2`` is 254)."""
    arr = array(value, name, kind="integer", ndim=ndim, low=low, high=high)
    if arr.size and arr.dtype == object:     # Python ints beyond int64 that array() kept
        raise ValueError(f"{name} must hold whole numbers from {low:,} to {high:,}")
    return arr.astype(np.int64)


def checked_deck(deck: Iterable[int], name: str = "deck") -> tuple[int, ...]:
    """The deck's distinct whole-number cards, sorted; fractional or repeated cards are refused."""
    cards = tuple(sorted(whole_numbers(deck, name)))
    if not cards:
        raise ValueError(f"{name} must hold at least one card, got an empty deck")
    if len(set(cards)) != len(cards):
        raise ValueError(f"{name} must not repeat cards, got {cards}")
    return cards


def _strategy(value, name: str) -> Strategy:
    if not isinstance(value, Strategy):
        raise TypeError(f"{name} must be a Strategy, got {shown(value)} ({type(value).__name__})")
    return value


@dataclass(frozen=True)
class Strategy:
    """A fixed-bid strategy on a prize deck: ``ranks[i]`` is the bid rank on the i-th prize."""

    deck: tuple[int, ...]
    ranks: tuple[int, ...]

    def __post_init__(self):
        deck, ranks = _DECKS.get(self.deck) if type(self.deck) is tuple else None, self.ranks
        if deck is None:                                  # a deck not seen before: check it
            deck = tuple(whole_numbers(self.deck, "deck"))
            if not deck or any(a >= b for a, b in pairwise(deck)):
                raise ValueError(f"deck must list distinct cards in increasing order, got "
                                 f"{shown(self.deck)}")
            if len(_DECKS) < 1_000:
                _DECKS[deck] = deck
        if deck is not self.deck:
            object.__setattr__(self, "deck", deck)
        if type(ranks) is not tuple or not _INTS.issuperset(map(type, ranks)):
            ranks = tuple(whole_numbers(ranks, "ranks"))
            object.__setattr__(self, "ranks", ranks)
        if sorted(ranks) != list(range(len(deck))):
            raise ValueError(f"ranks must be a permutation of 0..{len(deck) - 1}, got {ranks}")

    @classmethod
    def from_bids(cls, bids: Sequence[int], deck: Iterable[int] | None = None) -> Strategy:
        """The strategy bidding ``bids[i]`` on the i-th smallest prize (deck defaults to 1..n)."""
        bids = whole_numbers(bids, "bids")
        cards = checked_deck(deck if deck is not None else range(1, len(bids) + 1))
        if sorted(bids) != list(cards):
            raise ValueError(f"bids must be a permutation of the deck {cards}, got {tuple(bids)}")
        index = {c: k for k, c in enumerate(cards)}
        return cls(cards, tuple(index[b] for b in bids))

    @classmethod
    def from_preferences(cls, prefs: Sequence[int], deck: Iterable[int] | None = None) -> Strategy:
        """The strategy from a preference list: prizes ordered by increasing bid."""
        prefs = whole_numbers(prefs, "prefs")
        cards = checked_deck(deck if deck is not None else range(1, len(prefs) + 1))
        if sorted(prefs) != list(cards):
            raise ValueError(f"prefs must be a permutation of the deck {cards}, got {tuple(prefs)}")
        index = {c: k for k, c in enumerate(cards)}
        ranks = [0] * len(cards)
        for position, prize in enumerate(prefs):
            ranks[index[prize]] = position
        return cls(cards, tuple(ranks))

    @property
    def bids(self) -> tuple[int, ...]:
        """The bid card on each prize, prizes in increasing order."""
        return tuple(self.deck[r] for r in self.ranks)

    @property
    def preferences(self) -> tuple[int, ...]:
        """Prizes ordered by increasing bid (``(3, 2, 4)`` reads ``3 < 2 < 4``)."""
        order = sorted(range(len(self.deck)), key=self.ranks.__getitem__)
        return tuple(self.deck[i] for i in order)

    @property
    def pairs(self) -> frozenset[tuple[int, int]]:
        """Every pairwise preference ``(a, b)``: prize a gets a lower bid than prize b."""
        p = self.preferences
        return frozenset((p[i], p[j]) for i in range(len(p)) for j in range(i + 1, len(p)))

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[int, int]], deck: Iterable[int]) -> Strategy:
        """The strategy whose pairwise preferences are ``pairs`` (must form a total order)."""
        cards = checked_deck(deck)
        below = {c: 0 for c in cards}
        if isinstance(pairs, (str, bytes)) or not isinstance(pairs, Iterable):
            raise TypeError(f"pairs must be a collection of (a, b) card pairs, got {shown(pairs)}")
        most = len(cards) * (len(cards) - 1) // 2            # each unordered pair at most once
        pairs = [tuple(whole_numbers(p, "pairs")) for p in islice(pairs, most + 1)]
        if len(pairs) > most:
            raise ValueError(f"pairs must hold at most {most:,} pairs for {len(cards)} cards")
        for pair in pairs:
            if len(pair) != 2:
                raise ValueError(f"pairs must hold (a, b) pairs of cards, got {pair}")
        for a, b in set(pairs):
            if a not in below or b not in below or a == b:
                raise ValueError(f"pairs must relate two distinct deck cards, got {(a, b)}")
            below[b] += 1
        prefs = sorted(cards, key=below.__getitem__)
        if [below[c] for c in prefs] != list(range(len(cards))):
            raise ValueError("pairs must form a total order on the deck")
        return cls.from_preferences(prefs, cards)

    def __str__(self) -> str:
        return "<".join(str(p) for p in self.preferences)


def identity(deck: Iterable[int] = range(1, 21)) -> Strategy:
    """Bid each prize's own value: ``1 < 2 < ... < n``."""
    cards = checked_deck(deck)
    return Strategy(cards, tuple(range(len(cards))))


def reverse(strategy: Strategy) -> Strategy:
    """The reversed preference list: the highest bid goes where the lowest was."""
    n = len(_strategy(strategy, "strategy").deck)
    return Strategy(strategy.deck, tuple(n - 1 - r for r in strategy.ranks))


def random_strategy(deck: Iterable[int], rng: np.random.Generator) -> Strategy:
    """A uniformly random strategy."""
    cards, rng = checked_deck(deck), generator(rng, "rng")
    return Strategy(cards, tuple(int(r) for r in rng.permutation(len(cards))))


def play(strategies: Sequence[Strategy]) -> list[Fraction]:
    """Points of each player; a prize goes to the highest bid, ties split it equally."""
    strategies = players(strategies)
    deck = strategies[0].deck
    points = [Fraction(0)] * len(strategies)
    for i, prize in enumerate(deck):
        for k, won in enumerate(_award(prize, [s.ranks[i] for s in strategies])):
            points[k] += won
    return points


def award(prize: int, bids: Sequence[int]) -> list[Fraction]:
    """Points each bidder wins on one prize: the highest bid takes it, tied highest bids split it.

    ``award(4, [2, 3, 3])`` is ``[0, 2, 2]``: the article's three-player tie.
    """
    if not is_whole(prize):
        raise TypeError(f"prize must be a whole number (a card), got {shown(prize)}")
    prize = whole(prize, "prize", -MAX_CARD, MAX_CARD, why="cards are at most 10**12 in size")
    bids = whole_numbers(bids, "bids")
    if len(bids) < 1:
        raise ValueError("bids must hold at least one bid")
    return _award(prize, bids)


def _award(prize: int, bids: Sequence[int]) -> list[Fraction]:
    top = max(bids)
    winners = [k for k, b in enumerate(bids) if b == top]
    return [Fraction(prize, len(winners)) if b == top else Fraction(0) for b in bids]


def margin(a: Strategy, b: Strategy) -> int:
    """Points of ``a`` minus points of ``b`` in a two-player game."""
    pa, pb = play([_strategy(a, "a"), _strategy(b, "b")])
    return int(pa - pb)


def players(strategies, name: str = "strategies") -> tuple[Strategy, ...]:
    """Two or more Strategy objects on one deck, as a tuple."""
    if isinstance(strategies, (str, bytes, Strategy)) or not isinstance(strategies, Sequence):
        raise TypeError(f"{name} must be a list of Strategy, got {shown(strategies)}")
    if len(strategies) < 2:
        raise ValueError(f"{name} must hold at least two players, got {len(strategies)}")
    for s in strategies:
        _strategy(s, name)
    if any(s.deck != strategies[0].deck for s in strategies):
        raise ValueError(f"{name} must all play on the same deck")
    return tuple(strategies)


def checked_round(number, strategies, points, eliminated, tie_break, order) -> tuple:
    """A played round's fields (``bots.arena.RoundResult``) checked and converted: a round
    number >= 1, the players, one exact score each, the index of the one out, a flag, and the
    reveal order (a permutation of the prize indices)."""
    strategies = players(strategies)
    n = len(strategies[0].deck)
    if not (isinstance(points, (list, tuple)) and len(points) == len(strategies) and all(
            isinstance(p, numbers.Rational) and not isinstance(p, bool) for p in points)):
        raise ValueError(f"points must hold one exact number per player, got {shown(points)}")
    if not (isinstance(order, (list, tuple)) and all(is_whole(i) for i in order)
            and sorted(order) == list(range(n))):
        raise ValueError(f"order must be a permutation of 0..{n - 1}, got {shown(order)}")
    return (whole(number, "number", 1), strategies, tuple(Fraction(p) for p in points),
            whole(eliminated, "eliminated", 0, len(strategies) - 1), flag(tie_break, "tie_break"),
            tuple(int(i) for i in order))


READINGS = ("preferences", "bids")     # a written list: prizes by increasing bid, or bids in prize order


def rotation_cycle(deck: Iterable[int], reading: str = "preferences") -> list[Strategy]:
    """The rotations of the sorted ``deck`` as written lists (``deck``, then its last card
    first, ...), read as preference lists (``"preferences"``: prizes by increasing bid) or as
    the bids on the prizes in increasing order (``"bids"``)."""
    if not isinstance(reading, str) or reading not in READINGS:
        raise ValueError(f"reading must be one of {READINGS}, got {reading!r}")
    cards = sorted(checked_deck(deck))
    lists = [cards[len(cards) - k:] + cards[:len(cards) - k] for k in range(len(cards))]
    make = Strategy.from_preferences if reading == "preferences" else Strategy.from_bids
    return [make(written, cards) for written in lists]


def cycle_margins(cycle: list[Strategy]) -> list[int]:
    """Member k+1's point margin over member k, for every k (the first member follows the
    last): all positive means each member beats the one before it."""
    if not isinstance(cycle, list) or len(cycle) < 2 or not all(isinstance(s, Strategy)
                                                                  for s in cycle):
        raise ValueError("cycle must be a list of two or more Strategy")
    return [margin(cycle[(k + 1) % len(cycle)], cycle[k]) for k in range(len(cycle))]
