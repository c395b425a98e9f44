"""The elimination game against bots that evolve between rounds (the article's Experiment 2).

Each round the human and the bots commit all their bids, the round is played, and the lowest
scorer is eliminated (ties broken at random). If the human survives, the eliminated bot is
replaced by a bot evolved in a hidden GA: the pool is seeded with the bots still in the game,
the survivors of the previous hidden GA, **a copy of the human's last strategy** and fresh
random bots; a few generations are scored by the real game (one big game among the pool, or
1-vs-1 games against random pool members); the best new strategy becomes the next opponent.
``as_published=True`` puts a fresh random bot where the human's copy belongs, as the
published code did, so the bots never learn from the human.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from goofspiel.evolution.breed import BREEDERS, breed_children
from goofspiel.evolution.breed import reverse_mutation as mutate_ranks
from goofspiel.game import Strategy, checked_deck, checked_round, play
from studykit.checks import at_most, choice, flag, real, shown, whole
from studykit.checks import seed as check_seed

SCORING = ("game", "duel")
MAX_BOTS = 1_000
MAX_DUELS = 100          # 1-vs-1 games per pool member (the command line's --duels limit)
MAX_ROUND_WORK = 10**8   # one round's hidden GA: generations x population x cards x duels (~2 min)


@dataclass(frozen=True)
class ArenaConfig:
    """The elimination game's settings; defaults are the article's (2 players, 7 cards).

    ``bots``: opponents in each round. The hidden GA: ``breeder``, ``mutation`` degree
    (children only), ``generations``, ``population``, ``survivors``, ``random_bots`` fresh
    random strategies per evolution, ``scoring`` "game" (one big game among the pool) or
    "duel" (each member plays ``duels`` 1-vs-1 games against random other members, scored
    win = 1, tie = 1/2, loss = 0). ``as_published``: the human's copy is a random bot.
    """

    deck: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
    bots: int = 1
    breeder: str = "pairs"
    mutation: float = 0.2
    generations: int = 3
    population: int = 4
    survivors: int = 2
    random_bots: int = 2
    scoring: str = "game"
    duels: int = 3
    as_published: bool = False

    def __post_init__(self):
        def keep(name, value):        # each setting converted once; the converted value is kept
            object.__setattr__(self, name, value)
        keep("deck", checked_deck(self.deck))
        if len(self.deck) < 2:
            raise ValueError(f"deck must hold at least two cards, got {self.deck}")
        keep("bots", at_most(whole(self.bots, "bots", 1), "bots", MAX_BOTS,
                             "every bot plays every round and each round's output grows with them"))
        keep("breeder", choice(self.breeder, "breeder", BREEDERS))
        keep("mutation", real(self.mutation, "mutation", 0.0, 0.5))
        keep("generations", whole(self.generations, "generations", 1))
        keep("population", whole(self.population, "population", 3))  # two survivors and a child
        keep("survivors", whole(self.survivors, "survivors"))
        keep("random_bots", whole(self.random_bots, "random_bots", 0, MAX_BOTS,
                                  why="fresh random strategies in each hidden GA's pool"))
        keep("duels", whole(self.duels, "duels", 1, MAX_DUELS,
                            why="1-vs-1 games per pool member and generation"))
        keep("as_published", flag(self.as_published, "as_published"))
        keep("scoring", choice(self.scoring, "scoring", SCORING))
        if not 2 <= self.survivors < self.population:
            raise ValueError(f"survivors must be in [2, population - 1], got survivors "
                             f"{self.survivors} with population {self.population}")
        if self.random_bots < 0 or self.bots + self.random_bots < 2:
            raise ValueError(f"random_bots must be >= 0 with bots + random_bots >= 2 (the first "
                             f"hidden GA needs two strategies), got {self.random_bots}")
        pool = max(self.population, self.bots + self.random_bots + self.survivors + 1)
        work = self.generations * pool * len(self.deck) * (self.duels if self.scoring == "duel"
                                                           else 1)
        at_most(work, "generations x population x cards (x duels)", MAX_ROUND_WORK,
                "the hidden GA between two rounds would take minutes; lower generations, "
                "population or duels")


@dataclass(frozen=True)
class RoundResult:
    """One played round: strategies and points (the human is player 0), who went out, and
    the prize order of the card-by-card reveal (indices into the deck)."""

    number: int
    strategies: tuple[Strategy, ...]
    points: tuple[Fraction, ...]
    eliminated: int
    tie_break: bool
    order: tuple[int, ...]

    def __post_init__(self):
        for name, value in zip(("number", "strategies", "points", "eliminated", "tie_break",
                                "order"), checked_round(self.number, self.strategies, self.points,
                                                        self.eliminated, self.tie_break, self.order)):
            object.__setattr__(self, name, value)          # the converted values are kept

    @property
    def human_out(self) -> bool:
        """True when the human scored lowest and left the game."""
        return self.eliminated == 0


@dataclass(frozen=True)
class Reveal:
    """One step of the card-by-card reveal: the prize, every bid, the winners, running points."""

    prize: int
    bids: tuple[int, ...]
    winners: tuple[int, ...]
    points: tuple[Fraction, ...]


def reveal(result: RoundResult) -> Iterator[Reveal]:
    """The round prize by prize, in its reveal order, with running points (ties split)."""
    if not isinstance(result, RoundResult):          # checked now, not at the first step
        raise TypeError(f"result must be a RoundResult, got {shown(result)}")
    return _reveal(result)


def _reveal(result: RoundResult) -> Iterator[Reveal]:
    strategies = result.strategies
    deck = strategies[0].deck
    points = [Fraction(0)] * len(strategies)
    for i in result.order:
        bids = tuple(s.bids[i] for s in strategies)
        top = max(bids)
        winners = tuple(k for k, b in enumerate(bids) if b == top)
        for k in winners:
            points[k] += Fraction(deck[i], len(winners))
        yield Reveal(deck[i], bids, winners, tuple(points))


def format_points(points: Fraction) -> str:
    """Points as a whole number or a mixed fraction: ``7``, ``3 1/2``, ``1/3``."""
    whole, rest = divmod(points.numerator, points.denominator)
    if rest == 0:
        return str(whole)
    return f"{whole} {rest}/{points.denominator}" if whole else f"{rest}/{points.denominator}"


def score_pool(members: Sequence[Sequence[int]], deck: tuple[int, ...], scoring: str,
               duels: int, rnd: random.Random) -> list[float]:
    """Scores of rank lists by the real game: one big game, or 1-vs-1 duels (1, 1/2, 0)."""
    strategies = [Strategy(deck, tuple(m)) for m in members]
    if scoring == "game":
        return [float(p) for p in play(strategies)]
    scores = [0.0] * len(strategies)
    for k, s in enumerate(strategies):
        others = [j for j in range(len(strategies)) if j != k]
        for j in rnd.sample(others, min(duels, len(others))):
            mine, theirs = play([s, strategies[j]])
            scores[k] += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return scores


@dataclass(frozen=True)
class HiddenEvolution:
    """The result of the hidden GA between rounds: the new ``bot`` (a rank tuple), the
    ``survivors`` to carry on to the next hidden GA, and its ``trace``: per generation, the
    indices into the starting pool of the survivors that came from it (children are not
    listed), then the index of the returned bot (None for a child)."""

    bot: tuple[int, ...]
    survivors: tuple[tuple[int, ...], ...]
    trace: tuple = field(repr=False)


@dataclass(frozen=True)
class PoolFate:
    """What became of one member of a hidden GA's starting pool: its ``label``, the number of
    ``generations`` it stayed among the survivors (from the first; 0 = dropped at once) and
    whether it was ``chosen`` as the next opponent."""

    label: str
    generations: int
    chosen: bool


def evolve_bot(seed_pool: Sequence[Sequence[int]], exclude: Sequence[int] | None,
               config: ArenaConfig, rnd: random.Random) -> HiddenEvolution:
    """The hidden GA between rounds: the best new bot, the survivors to carry on, its trace.

    ``seed_pool`` holds rank lists; ``exclude`` (the human's copy) may breed and score but is
    never returned as the new bot, since a mirror of the human is not a new strategy (unless
    every member is such a copy).
    """
    breed = BREEDERS[config.breeder]
    members = [list(m) for m in seed_pool]
    origin: list[int | None] = list(range(len(members)))
    trace: list = []
    if len(members) < 2:
        raise ValueError(f"seed_pool must hold at least two strategies, got {len(members)}")
    for _ in range(config.generations):
        children = breed_children(members, config.population, breed, rnd)
        if config.mutation > 0:
            children = [mutate_ranks(c, config.mutation, rnd) for c in children]
        everyone = members + children
        origins = origin + [None] * len(children)
        scores = score_pool(everyone, config.deck, config.scoring, config.duels, rnd)
        order = list(range(len(everyone)))
        rnd.shuffle(order)                                   # ties broken at random
        order.sort(key=lambda k: -scores[k])
        members = [everyone[k] for k in order[:config.survivors]]
        origin = [origins[k] for k in order[:config.survivors]]
        trace.append(tuple(o for o in origin if o is not None))
    new = [k for k in order if exclude is None or everyone[k] != list(exclude)]
    pick = (new or order)[0]
    trace.append(origins[pick])
    return HiddenEvolution(tuple(everyone[pick]), tuple(tuple(m) for m in members), tuple(trace))


def pool_fates(pool: Sequence[tuple[str, Strategy]], trace: Sequence) -> list[PoolFate]:
    """What became of each member of a hidden GA's starting pool (``Arena.last_pool`` and
    ``last_trace``): one ``PoolFate`` per member, in pool order."""
    *generations, pick = trace if trace else (None,)
    fates = []
    for k, (label, _) in enumerate(pool):
        kept = 0
        for survivors in generations:
            if k not in survivors:
                break
            kept += 1
        fates.append(PoolFate(label, kept, pick == k))
    return fates


@dataclass
class Arena:
    """The elimination game: call ``play_round(human_strategy)`` until ``over``."""

    config: ArenaConfig = field(default_factory=ArenaConfig)
    seed: int = 0
    bots: list[Strategy] = field(init=False)
    history: list[RoundResult] = field(init=False, default_factory=list)
    carried: tuple[tuple[int, ...], ...] = field(init=False, default=())
    over: bool = field(init=False, default=False)
    last_pool: list[tuple[str, Strategy]] = field(init=False, default_factory=list)
    last_trace: tuple = field(init=False, default=())

    def __post_init__(self):
        if not isinstance(self.config, ArenaConfig):
            raise TypeError(f"config must be an ArenaConfig, got {type(self.config).__name__}")
        self.seed = check_seed(self.seed)
        self.rnd = random.Random(self.seed)
        self.bots = [self._random() for _ in range(self.config.bots)]

    def _random(self) -> Strategy:
        n = len(self.config.deck)
        return Strategy(self.config.deck, tuple(self.rnd.sample(range(n), n)))

    @property
    def rounds_survived(self) -> int:
        """Rounds the human came through without being eliminated."""
        return sum(not r.human_out for r in self.history)

    def play_round(self, human: Strategy) -> RoundResult:
        """Play one round (bids committed beforehand), eliminate, and evolve a replacement bot."""
        if self.over:
            raise ValueError("the game is over: the human was eliminated")
        if not isinstance(human, Strategy) or human.deck != self.config.deck:
            raise ValueError(f"human must be a Strategy on the deck {self.config.deck}")
        strategies = (human, *self.bots)
        points = tuple(play(strategies))
        low = min(points)
        lowest = [k for k, p in enumerate(points) if p == low]
        out = self.rnd.choice(lowest)
        order = tuple(self.rnd.sample(range(len(self.config.deck)), len(self.config.deck)))
        result = RoundResult(len(self.history) + 1, strategies, points, out, len(lowest) > 1,
                             order)
        self.history.append(result)
        if out == 0:
            self.over = True
        else:
            self.bots[out - 1] = self._evolve(human, keep=[b for k, b in enumerate(self.bots)
                                                           if k != out - 1])
        return result

    def _evolve(self, human: Strategy, keep: list[Strategy]) -> Strategy:
        deck = self.config.deck
        copy = self._random() if self.config.as_published else human
        self.last_pool = ([("bot still in the game", b) for b in keep]
                          + [("survivor of the last hidden GA", Strategy(deck, tuple(m)))
                             for m in self.carried]
                          + [("random bot in the human's place (as published)"
                              if self.config.as_published else "copy of the human", copy)]
                          + [("fresh random bot", self._random())
                             for _ in range(self.config.random_bots)])
        pool = [list(s.ranks) for _, s in self.last_pool]
        hidden = evolve_bot(pool, copy.ranks, self.config, self.rnd)
        self.carried, self.last_trace = hidden.survivors, hidden.trace
        return Strategy(deck, hidden.bot)
