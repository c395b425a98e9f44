"""The win/loss equilibrium at decks beyond the n! LP, by double oracle.

Keep a population of permutations; solve the restricted matrix game between them (LP); add a
reply that beats the restricted equilibrium; stop when the exact best reply gains nothing
(below ``tol``): that last search is the certificate. The game is symmetric and zero-sum, so
one population and one side's best reply suffice. Improving replies come first from a cheap
swap local search (several starts); only when it finds none is the exact oracle called (the
dedicated branch and bound, or the HiGHS MILP for comparison).

The restricted game (value 0, being symmetric) is a feasibility LP solved on a working set:
the strategies in support during the last few iterations plus the new ones, grown by pricing
against the whole population. At 8 cards nearly all the time goes into these LPs (about 200 of
203 s); the exact replies take a few seconds in all.

The run's budget is work, never time: ``iterations`` (and optionally ``nodes`` per exact
reply search), so the same budget gives the same result, bounds included, on any machine.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linprog
from tqdm.auto import tqdm

from goofspiel.equilibria.branch import branch_and_bound, improve
from goofspiel.equilibria.checks import check_number
from goofspiel.equilibria.mixture import Mixture, deck_cards, margin_matrix
from goofspiel.equilibria.winloss import (
    METHODS,
    PRUNE_TOL,
    margin_reply,
    node_budget,
    winloss_best_response,
)
from studykit.checks import choice, flag, whole
from studykit.checks import seed as check_seed

MAX_CARDS = 64          # as the Birkhoff LP; beyond 9 cards the result is not certified anyway
MAX_STEPS = 100_000     # starts, batch and regret-matching steps per iteration
SUPPORT_TOL = 1e-12     # restricted-game probabilities below this are dropped
RECENT = 3              # the LP's working set keeps strategies in support this many iterations
MAX_ITERATIONS = 10_000  # 8 cards are certified in 55 iterations
ITERATIONS = 100        # the default budget: 8 cards certified with room to spare


@dataclass(frozen=True)
class OracleStep:
    """One iteration of the double oracle: the population and the restricted equilibrium's
    support, the gain of the best reply found and where it came from ("local", "branch" or
    "milp"), whether the restricted game was solved exactly, and the seconds spent on the LP
    and on the replies."""

    iteration: int
    population: int
    support: int
    gain: float
    source: str
    exact_game: bool
    lp_seconds: float
    reply_seconds: float


@dataclass(frozen=True)
class WinlossEquilibrium:
    """Result of ``winloss_equilibrium``.

    ``certificate`` is an upper bound on any reply's gain against ``mixture`` (the exploitability),
    from the exact reply search of the last iteration (its proven gain, or the bound its
    ``nodes`` budget reached; np.inf when the last iteration needed no exact search), and ``gap``
    is the gain of the best reply found in the last iteration, a lower bound: ``gap <=
    exploitability <= certificate``. ``certified`` says the exact search was proven with a gain
    at most ``tol``. A run stopped by its ``iterations`` budget has exactly that many
    iterations; ``history`` has one ``OracleStep`` per iteration.
    """

    deck: tuple[int, ...]
    value: float
    mixture: Mixture = field(repr=False)
    certificate: float
    certified: bool
    gap: float
    iterations: int
    population: int
    seconds: float
    history: tuple[OracleStep, ...] = field(repr=False)

    @property
    def strategy(self) -> dict[tuple[int, ...], float]:
        """Bid tuples (prizes in increasing order) -> probability."""
        return self.mixture.strategy

    @property
    def support(self) -> int:
        """Number of pure strategies the equilibrium mixes."""
        return len(self.mixture.probs)


def local_replies(mix: Mixture, population: np.ndarray, rng: np.random.Generator,
                  starts: int, tol: float) -> tuple[list[np.ndarray], float]:
    """Distinct improving replies (gain > tol, not yet in the population) from local search."""
    seen = {row.tobytes() for row in population}
    origins = [margin_reply(mix)] + [rng.permutation(len(mix.deck)) for _ in range(starts)]
    found, best = [], -np.inf
    for origin in origins:
        ranks, gain = improve(mix, origin)
        best = max(best, gain)
        if gain > tol and ranks.tobytes() not in seen:
            seen.add(ranks.tobytes())
            found.append((gain, ranks))
    return [r for _, r in sorted(found, key=lambda t: -t[0])], best


def winloss_equilibrium(deck: int | Iterable[int], *, tol: float = 1e-9,
                        iterations: int = ITERATIONS, nodes: int | None = None,
                        oracle: str = "branch", starts: int = 32, batch: int = 32,
                        approximate: int = 0, seed: int = 0, progress: bool = True
                        ) -> WinlossEquilibrium:
    """The win/loss equilibrium of two-player fixed-bid goofspiel on deck 1..n, by double oracle.

    Args:
        deck: n (cards 1..n) or the distinct integer prize cards.
        tol: stop when the exact best reply gains at most this.
        iterations: the work budget: at most this many iterations (restricted game + replies);
            when spent the result is returned uncertified, with its bounds.
        nodes: budget of each exact reply search (branch-and-bound nodes, or the MILP's node
            limit; None: each search runs to the end).
        oracle: exact best reply, "branch" (dedicated branch and bound) or "milp" (HiGHS).
        starts: random starts of the local search per iteration (0 = exact oracle only).
        batch: at most this many improving replies added per iteration.
        approximate: if > 0, restricted games are first solved approximately by this many
            regret-matching+ steps, and by the exact LP only once local search stalls
            (measured slower at 8 cards: 393 s against 203 s, so off by default).
        seed: seed of the local search's random starts.
        progress: show a tqdm progress bar.
    """
    cards, oracle, tol, iterations, nodes, approximate, starts, batch, seed, progress = \
        checked_settings(deck, oracle, tol, iterations, nodes, approximate, starts, batch, seed,
                         progress)
    start, rng, n = time.perf_counter(), np.random.default_rng(seed), len(cards)
    population = np.arange(n, dtype=np.int64)[None, :]              # the identity first
    signs = np.zeros((1, 1), dtype=np.int8)
    history, certified, mix, value, upper = [], False, None, 0.0, np.inf
    bar = tqdm(desc=f"win/loss double oracle, {n} cards", disable=not progress, unit="it")
    work, seen = np.arange(1), np.zeros(1, dtype=np.int64)   # seen: last iteration in support
    weights, exact = np.ones(1), not approximate
    while True:
        t0, solved = time.perf_counter(), exact
        if exact:
            x, value, work = restricted_game(signs, work, tol, batch)
        else:
            x, value = regret_matching(signs[np.ix_(work, work)], weights[work], approximate), 0.0
        weights = np.zeros(len(population))
        weights[work] = x
        keep = x > SUPPORT_TOL
        mix = Mixture(cards, population[work[keep]], x[keep] / x[keep].sum())
        seen[work[keep]] = len(history) + 1
        t1 = time.perf_counter()
        new, source, gain, upper = [], "local", np.nan, np.inf
        if starts:
            new, gain = local_replies(mix, population, rng, starts, tol)
            new = new[:batch]
        if not new and not exact:                       # approximate game exhausted: solve it
            exact = True
            new = [None]
        elif not new:
            source = oracle
            incumbent = float((signs[:, work[keep]].astype(np.float64) @ mix.probs).max())
            new, found, upper, done = exact_replies(mix, oracle, incumbent, nodes, batch, tol)
            gain = max(found, incumbent) if np.isfinite(found) else incumbent
            upper = gain if done else upper             # proven: the gain itself (to 1e-12)
            certified = done and gain <= tol
        t2 = time.perf_counter()
        history.append(OracleStep(len(history) + 1, len(population), len(mix.probs), gain, source,
                                  solved, t1 - t0, t2 - t1))
        bar.update(1)
        bar.set_postfix(population=len(population), support=len(mix.probs), gain=f"{gain:.2e}")
        if certified or not new or len(history) >= iterations:
            break
        recent = np.flatnonzero(seen >= len(history) + 1 - RECENT)
        if new[0] is None:
            continue
        exact = not approximate
        work = np.concatenate([recent, np.arange(len(new)) + len(population)])
        seen = np.concatenate([seen, np.zeros(len(new), dtype=np.int64)])
        population, signs = grow(population, signs, np.array(new), cards)
        weights = np.concatenate([weights, np.zeros(len(new))])
    bar.close()
    return WinlossEquilibrium(cards, value, mix, upper, certified, gain, len(history),
                              len(population), time.perf_counter() - start, tuple(history))


def checked_settings(deck, oracle, tol, iterations, nodes, approximate, starts, batch, seed,
                     progress):
    """``winloss_equilibrium``'s arguments checked, in its order (the deck as its cards)."""
    return (deck_cards(deck, "deck", MAX_CARDS, "for the double oracle"),
            choice(oracle, "oracle", METHODS), check_number("tol", tol, 0.0, 1e-3),
            whole(iterations, "iterations", 1, MAX_ITERATIONS), node_budget(nodes),
            whole(approximate, "approximate", 0, MAX_STEPS), whole(starts, "starts", 0, MAX_STEPS),
            whole(batch, "batch", 1, MAX_STEPS), check_seed(seed), flag(progress, "progress"))


def exact_replies(mix: Mixture, oracle: str, incumbent: float, nodes: int | None, batch: int,
                  tol: float) -> tuple[list[np.ndarray], float, float, bool]:
    """The exact oracle's improving replies to ``mix`` (at most ``batch``; none when the best
    gains at most ``tol``), the best reply's gain found (np.nan when the MILP found none within
    ``nodes``), an upper bound on any reply's gain, and whether the search was proven.
    ``incumbent``: the best gain among the population, a lower bound for the branch and bound."""
    if oracle == "branch":
        found = branch_and_bound(mix, incumbent=incumbent, tol=PRUNE_TOL, nodes=nodes, keep=batch)
        new = found.improving if found.gain > tol else []
        if found.gain > tol and not new and found.ranks.size:
            new = [found.ranks]
        return new, found.gain, found.bound, found.proven
    try:
        reply = winloss_best_response(mix, nodes=nodes)
    except RuntimeError:                                 # node limit before any reply
        return [], np.nan, np.inf, False
    new = [np.array(reply.counter.ranks)] if reply.gain > tol else []
    return new, reply.gain, reply.bound, reply.optimal


def restricted_game(signs: np.ndarray, work: np.ndarray, tol: float, batch: int
                    ) -> tuple[np.ndarray, float, np.ndarray]:
    """Equilibrium of the population's game, solved on a working set grown by pricing.

    The LP only sees the working set; population members gaining more than ``tol`` against its
    solution join it (best first, ``4 * batch`` at a time) until none does, so the result is an
    equilibrium of the whole population. Returns (x over the final working set, value, set).
    """
    while True:
        x, value = symmetric_game(signs[np.ix_(work, work)])
        gains = signs[:, work].astype(np.float64) @ x
        gains[work] = -np.inf
        join = np.flatnonzero(gains > value + tol)
        if not len(join):
            return x, value, work
        join = join[np.argsort(-gains[join])][: 4 * batch]
        work = np.concatenate([work, join])


def regret_matching(signs: np.ndarray, start: np.ndarray, iterations: int) -> np.ndarray:
    """An approximate optimal mix of an antisymmetric game: regret matching+ in self-play,
    warm-started from ``start`` (weights may be all zero), linearly averaged."""
    a = signs.astype(np.float64)
    x = start / start.sum() if start.sum() > 0 else np.full(len(a), 1.0 / len(a))
    regret, total = np.zeros(len(a)), np.zeros(len(a))
    for t in range(1, iterations + 1):
        u = a @ x
        regret = np.maximum(regret + u - x @ u, 0.0)
        x = regret / regret.sum() if regret.sum() > 0 else x
        total += t * x
    return total / total.sum()


def symmetric_game(signs: np.ndarray) -> tuple[np.ndarray, float]:
    """An optimal mix of an antisymmetric (symmetric zero-sum) game, value 0, by a feasibility LP.

    Finds x >= 0 with sum 1 and ``signs @ x <= 0`` (no strategy gains against x) by dual simplex
    (HiGHS), a little faster than the general maximin LP of ``solve_matrix_game``.
    """
    m = len(signs)
    res = linprog(np.zeros(m), A_ub=signs.astype(np.float64), b_ub=np.zeros(m),
                  A_eq=np.ones((1, m)), b_eq=[1.0], bounds=(0, None), method="highs-ds")
    if res.status != 0:
        raise RuntimeError(f"linprog failed on the restricted game: {res.message}")
    x = np.clip(res.x, 0, None)
    return x / x.sum(), 0.0


def grow(population: np.ndarray, signs: np.ndarray, new: np.ndarray,
         cards: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The population with ``new`` rank rows appended, and the grown win/loss sign matrix."""
    cross = np.sign(margin_matrix(new, population, cards)).astype(np.int8)     # [new, old]
    inner = np.sign(margin_matrix(new, new, cards)).astype(np.int8)
    top = np.hstack([signs, -cross.T])
    bottom = np.hstack([cross, inner])
    return np.vstack([population, new]), np.vstack([top, bottom])
