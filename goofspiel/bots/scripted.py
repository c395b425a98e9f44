"""Scripted "humans" against the evolving bots, the trial for the sweep, and bot measurements.

A scripted human is a function of the game so far (an ``Arena``) returning its next strategy:

- ``identity``: always ``1<2<...<n`` (the best strategy against random play);
- ``equilibrium``: always one fixed strategy, e.g. the equilibrium's most likely one;
- ``adaptive``: the identity first, then the best margin counter to the strongest bot it
  has just seen;
- ``anticipating``: assumes the bots learned to counter its last strategy, and plays the
  counter to that counter;
- ``mixed``: draws a fresh strategy from a mixed strategy (the equilibrium) every round.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from goofspiel.bots.arena import Arena, ArenaConfig, PoolFate, pool_fates
from goofspiel.equilibria.bestreply import best_counter
from goofspiel.equilibria.mixture import PROB_TOL
from goofspiel.game import MAX_CARDS, Strategy, identity, whole_numbers
from studykit.checks import array, at_most, choice, flag, generator, real, shown, whole
from studykit.checks import seed as check_seed
from studykit.stats import Estimate, wilson

HUMANS = ("identity", "equilibrium", "adaptive", "anticipating", "mixed")
Human = Callable[[Arena], Strategy]


def scripted_human(kind: str, deck: Sequence[int], favourite: Sequence[int] | None = None,
                   mix: Mapping[tuple, float] | None = None, seed: int = 0) -> Human:
    """A scripted player of the given kind.

    ``favourite`` (bids per prize) is required for "equilibrium"; ``mix`` (bids -> probability)
    and ``seed`` (its own random stream) for "mixed".
    """
    kind, seed = choice(kind, "kind", HUMANS), check_seed(seed)
    start = identity(deck)
    if kind == "mixed":
        if not mix:
            raise ValueError("mix (bids -> probability) is required for kind='mixed'")
        if not isinstance(mix, Mapping):
            raise TypeError(f"mix must map bids to probabilities, got {type(mix).__name__}")
        options = [Strategy.from_bids(b, deck) for b in mix]
        weights = [real(w, "mix probabilities", 0) for w in mix.values()]
        if sum(weights) <= 0:
            raise ValueError("mix probabilities must have a positive sum")
        rnd = random.Random(seed)
        return lambda arena: rnd.choices(options, weights)[0]
    if kind == "identity":
        return lambda arena: start
    if kind == "equilibrium":
        if favourite is None:
            raise ValueError("favourite (the bids to repeat) is required for kind='equilibrium'")
        fixed = Strategy.from_bids(favourite, deck)
        return lambda arena: fixed

    def adaptive(arena: Arena) -> Strategy:
        if not arena.history:
            return start
        last = arena.history[-1]
        if kind == "anticipating":
            return best_counter(best_counter(last.strategies[0]).counter).counter
        bots = range(1, len(last.strategies))
        strongest = max(bots, key=lambda k: last.points[k])
        return best_counter(last.strategies[strongest]).counter

    return adaptive


@dataclass(frozen=True)
class ScriptedGame:
    """One scripted game: the rounds the human ``survived`` and whether it went ``out``; per
    round played, the ``bots`` faced (their rank tuples) and the human's point margin over the
    best bot (``margins``); per hidden GA, in round order (``fates[k]`` bred the bots of round
    k + 2), the fate of each member of its starting pool."""

    survived: int
    out: bool
    bots: tuple[tuple[tuple[int, ...], ...], ...] = field(repr=False)
    margins: tuple[float, ...] = field(repr=False)
    fates: tuple[tuple[PoolFate, ...], ...] = field(repr=False)


@dataclass(frozen=True)
class BotMeasures:
    """How good a pure bot is: its best counter's margin (``exploitability``) and, when an
    equilibrium was given, its expected win/loss payoff against it (``vs_equilibrium``, <= 0;
    None otherwise)."""

    exploitability: int
    vs_equilibrium: float | None = None


@dataclass(frozen=True)
class Survival:
    """Survival statistics of scripted games over seeds (``survival_summary``).

    ``curve[r]``: share of games where the human came through r rounds (r = 0..rounds), with its
    95% Wilson band ``curve_lo``, ``curve_hi``; ``beat_rate``: eliminations per round played,
    with its bootstrap 95% interval ``beat_lo``, ``beat_hi`` over seeds and the bootstrap
    distribution ``boot_rates``; ``survived``: the rounds survived, mean and standard error.
    """

    curve: np.ndarray = field(repr=False)
    curve_lo: np.ndarray = field(repr=False)
    curve_hi: np.ndarray = field(repr=False)
    beat_rate: float
    beat_lo: float
    beat_hi: float
    survived: Estimate
    boot_rates: np.ndarray = field(repr=False)

    def rate_text(self) -> str:
        """The beat rate and its interval: ``"0.222 [0.200, 0.244]"``."""
        return f"{self.beat_rate:.3f} [{self.beat_lo:.3f}, {self.beat_hi:.3f}]"

    def table_cells(self) -> dict[str, object]:
        """The beat rate, its 95% interval and the rounds survived, as cells of a summary table."""
        return {"beat rate": round(self.beat_rate, 3),
                "95% CI": f"{self.beat_lo:.3f}-{self.beat_hi:.3f}",
                "rounds survived": self.survived.text()}


def scripted_trial(human: str, as_published: bool, scoring: str, rounds: int, seed: int,
                   cards: int = 7, bots: int = 1, favourite: tuple[int, ...] | None = None,
                   mix: Mapping[tuple, float] | None = None, **config) -> ScriptedGame:
    """One scripted game of up to ``rounds`` rounds, for ``studykit.run_sweep``."""
    human = choice(human, "human", HUMANS)
    rounds = at_most(whole(rounds, "rounds", 1), "rounds", 10_000,
                     "each round runs a hidden GA; the notebooks play 10")
    cards, seed = whole(cards, "cards", 2, MAX_CARDS), check_seed(seed)
    as_published = flag(as_published, "as_published")
    deck = tuple(range(1, cards + 1))
    arena = Arena(ArenaConfig(deck=deck, bots=bots, scoring=scoring, as_published=as_published,
                              **config), seed=seed)
    player = scripted_human(human, deck, favourite, mix, seed=seed + 1)
    faced, margins, fates = [], [], []
    while not arena.over and len(arena.history) < rounds:
        faced.append(tuple(b.ranks for b in arena.bots))
        result = arena.play_round(player(arena))
        margins.append(float(result.points[0] - max(result.points[1:])))
        if not arena.over:
            fates.append(tuple(pool_fates(arena.last_pool, arena.last_trace)))
    return ScriptedGame(arena.rounds_survived, arena.over, tuple(faced), tuple(margins),
                        tuple(fates))


def bot_measures(ranks: Sequence[int], deck: Sequence[int],
                 equilibrium: Mapping[tuple, float] | None = None) -> BotMeasures:
    """How good a pure bot is: its best counter's margin (exploitability) and, given an
    equilibrium (bids -> probability), its expected win/loss payoff against it (<= 0)."""
    bot = Strategy(tuple(whole_numbers(deck, "deck")), tuple(whole_numbers(ranks, "ranks")))
    exploitable = best_counter(bot).gain
    if equilibrium is None:
        return BotMeasures(exploitable)
    if not isinstance(equilibrium, Mapping) or not equilibrium:
        raise TypeError(f"equilibrium must map bid tuples to probabilities, got {shown(equilibrium)}")
    cards = np.array(bot.deck)
    bids = [tuple(b) if isinstance(b, (tuple, list)) else () for b in equilibrium]
    if any(len(b) != len(cards) for b in bids):
        raise ValueError(f"equilibrium bids must be permutations of the deck {bot.deck}")
    bids = array(np.array(bids), "equilibrium bids", kind="integer", ndim=2)
    probs = array(np.array(list(equilibrium.values())), "equilibrium probabilities", ndim=1, low=0)
    if bids.shape[1] != len(cards) or not (np.sort(bids, axis=1) == cards).all():
        raise ValueError(f"equilibrium bids must be permutations of the deck {bot.deck}")
    if abs(probs.sum() - 1.0) > PROB_TOL:
        raise ValueError(f"equilibrium probabilities must sum to 1, got {probs.sum()!r}")
    diff = (cards * np.sign(np.array(bot.bids)[None, :] - bids)).sum(axis=1)
    return BotMeasures(exploitable, float(probs @ np.sign(diff)))


def survival_summary(survived: Sequence[int], out: Sequence[bool], rounds: int,
                     rng: np.random.Generator, boot: int = 2000) -> Survival:
    """Survival statistics of scripted games over seeds (see ``Survival``); the mean rounds
    survived is capped at ``rounds``."""
    s = array(survived, "survived", kind="integer", ndim=1, low=0)
    o = array(out, "out", kind="bool", ndim=1).astype(float)
    if len(s) != len(o) or len(s) < 2:
        raise ValueError("survived and out must have the same length, at least 2")
    rounds, rng = whole(rounds, "rounds", 1), generator(rng, "rng")
    boot = at_most(whole(boot, "boot", 1), "boot", 10**6, "a million resamples is plenty")
    played = s + o
    curve = np.array([(s >= r).mean() for r in range(rounds + 1)])
    lo, hi = wilson(curve * len(s), len(s))
    idx = rng.integers(0, len(s), size=(boot, len(s)))
    rates = o[idx].sum(1) / played[idx].sum(1)
    return Survival(curve, lo, hi, float(o.sum() / played.sum()),
                    float(np.quantile(rates, 0.025)), float(np.quantile(rates, 0.975)),
                    Estimate.of(s), rates)
