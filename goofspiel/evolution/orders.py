"""Partial orders on prize cards: the state of breeding-pairs, step by step.

breeding-pairs builds a child by ordering one unordered pair at a time (as mom or as dad does)
and adding every ordering that follows by transitivity, until the order is total. ``PartialOrder``
is that state; ``pairs_steps`` replays a given list of draws (the article's worked example), and
``hasse_edges`` / ``levels`` give what a drawing of the order needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from goofspiel.game import whole_numbers
from studykit.checks import is_whole

MAX_CARDS = 64       # a breeding-pairs state a reader can follow, and a drawing that fits


@dataclass
class PartialOrder:
    """A strict partial order on ``cards``, kept transitively closed: ``below[c]`` < ``c``."""

    cards: tuple[int, ...]
    below: dict[int, set[int]] = field(init=False)

    def __post_init__(self):
        self.cards = tuple(whole_numbers(self.cards, "cards"))
        if len(set(self.cards)) != len(self.cards) or not self.cards:
            raise ValueError(f"cards must be distinct and non-empty, got {self.cards}")
        if len(self.cards) > MAX_CARDS:
            raise ValueError(f"cards must number at most {MAX_CARDS} (an order keeps every pair: "
                             f"n^2 entries, n^3 steps to draw), got {len(self.cards):,}")
        self.below = {c: set() for c in self.cards}

    def ordered(self, a: int, b: int) -> bool:
        """True when the pair {a, b} is already ordered one way or the other."""
        for c in (a, b):
            if not is_whole(c) or c not in self.below:
                raise ValueError(f"card {c!r} is not one of {self.cards}")
        return a in self.below[b] or b in self.below[a]

    def add(self, low: int, high: int) -> None:
        """Add ``low < high`` and every ordering that follows from it by transitivity."""
        for c in (low, high):
            if not is_whole(c) or c not in self.below:
                raise ValueError(f"card {c} is not one of {self.cards}")
        if low == high or high in self.below[low]:
            raise ValueError(f"low < high: {low} < {high} contradicts the order (a cycle)")
        lows = self.below[low] | {low}
        for c in self.cards:
            if c == high or high in self.below[c]:
                self.below[c] |= lows

    @property
    def pairs(self) -> frozenset[tuple[int, int]]:
        """Every ordering ``(a, b)`` meaning a < b."""
        return frozenset((a, b) for b in self.cards for a in self.below[b])

    @property
    def total(self) -> bool:
        """True when every pair of cards is ordered."""
        n = len(self.cards)
        return len(self.pairs) == n * (n - 1) // 2

    def preferences(self) -> tuple[int, ...]:
        """The cards from lowest to highest bid (the order must be total)."""
        if not self.total:
            raise ValueError("the order is not total yet")
        return tuple(sorted(self.cards, key=lambda c: len(self.below[c])))


def _order(value) -> PartialOrder:
    if not isinstance(value, PartialOrder):
        raise TypeError(f"order must be a PartialOrder, got {type(value).__name__}")
    return value


def hasse_edges(order: PartialOrder) -> list[tuple[int, int]]:
    """The covering pairs ``(a, b)``: a < b with nothing in between (the lines of a drawing)."""
    _order(order)
    return sorted((a, b) for a, b in order.pairs
                  if not any(a in order.below[c] and c in order.below[b] for c in order.cards))


def levels(order: PartialOrder) -> dict[int, int]:
    """Height of each card: the length of the longest chain below it (0 for a minimal card)."""
    _order(order)
    height: dict[int, int] = {}
    for c in sorted(order.cards, key=lambda c: len(order.below[c])):
        height[c] = max((height[b] + 1 for b in order.below[c]), default=0)
    return height


def pairs_steps(draws: Iterable[tuple[str, int, int]], mom: Sequence[int], dad: Sequence[int]
                ) -> list[PartialOrder]:
    """Replay breeding-pairs with given draws ``(parent, a, b)``: the order after each draw.

    ``parent`` is "mom" or "dad"; ``mom`` and ``dad`` are preference lists (lowest bid first).
    The pair {a, b} is ordered as that parent orders it; a draw of a pair already ordered is
    refused, as breeding-pairs only draws unordered pairs.
    """
    mom, dad = whole_numbers(mom, "mom"), whole_numbers(dad, "dad")
    if sorted(mom) != sorted(dad):
        raise ValueError(f"mom and dad must order the same cards, got {mom} and {dad}")
    position = {"mom": {c: k for k, c in enumerate(mom)}, "dad": {c: k for k, c in enumerate(dad)}}
    order = PartialOrder(tuple(sorted(mom)))
    steps = []
    for draw in draws:
        if isinstance(draw, (str, bytes)) or not isinstance(draw, Sequence) or len(draw) != 3:
            raise ValueError(f"draws must hold (parent, a, b) triples, got {draw!r}")
        parent, a, b = draw
        if not isinstance(parent, str) or parent not in position:
            raise ValueError(f"parent must be 'mom' or 'dad', got {parent!r}")
        if order.ordered(a, b):
            raise ValueError(f"the pair {{{a}, {b}}} is already ordered")
        if a == b:
            raise ValueError(f"draws must pair two different cards, got {draw!r}")
        low, high = sorted((a, b), key=position[parent].__getitem__)
        order.add(low, high)
        snapshot = PartialOrder(order.cards)
        snapshot.below = {c: set(s) for c, s in order.below.items()}
        steps.append(snapshot)
    return steps
