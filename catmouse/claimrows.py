"""Claim rows of notebooks 20-24 that test an effect: the estimate of a change (paired over seeds,
or between two groups of games) and ``effect_row``, ``studykit.effect_claim`` with our own text
beside its interval, a reason per status, two shares ordered by their Wilson intervals
(``share_verdict``), and a row for an estimate with no error yet (a smoke
run of two seeds, say): *setting differs* off the article's setting, else *inconclusive*.
Rows of notebooks 20 and 24 built on these (``unexpected_row``, ``longer_games_row``,
``bound_verdict``, ``few_minutes_row``, ``applies_row``), each with its test and, where a choice
of ours decides it, the other reading's verdict.
"""

from __future__ import annotations

import math
from dataclasses import replace

from studykit import (
    Estimate,
    check_claim,
    count_with_interval,
    effect_claim,
    wilson,
    with_alternative,
)
from studykit.checks import array, shown, whole
from studykit.claims import (
    ARTICLE,
    CONSISTENT,
    DIFFERS,
    INCONCLUSIVE,
    VARIANT,
    Claim,
    Setting,
    not_at_setting,
)
from studykit.smallsample import is_small


def paired_change(with_values, without_values) -> Estimate:
    """The mean of ``with_values - without_values`` (matched, seed by seed) and its error."""
    a = array(with_values, "with_values", ndim=1, kind="real").astype(float)
    b = array(without_values, "without_values", ndim=1, kind="real").astype(float)
    if len(a) != len(b) or not len(a):
        raise ValueError(f"with_values and without_values must be matched (the same length, at "
                         f"least one), got {len(a)} and {len(b)}")
    return Estimate.of(a - b)


def group_change(earlier, later) -> Estimate:
    """``mean(later) - mean(earlier)`` of two independent groups, its error the two SEs combined;
    its ``n`` is the smaller group's, so its t interval uses ``min(n1, n2) - 1`` degrees of
    freedom (the conservative reading of Welch's)."""
    a = array(earlier, "earlier", ndim=1, kind="real").astype(float)
    b = array(later, "later", ndim=1, kind="real").astype(float)
    if not len(a) or not len(b):
        raise ValueError(f"earlier and later must each hold a value, got {len(a)} and {len(b)}")
    if min(len(a), len(b)) < 2:
        return Estimate(float(b.mean() - a.mean()), math.nan, min(len(a), len(b)))
    se = math.hypot(a.std(ddof=1) / math.sqrt(len(a)), b.std(ddof=1) / math.sqrt(len(b)))
    return Estimate(float(b.mean() - a.mean()), float(se), min(len(a), len(b)))


def has_error(estimate: Estimate) -> bool:
    """Whether ``estimate`` carries an error a verdict can use (``studykit.with_error``'s rule)."""
    if not isinstance(estimate, Estimate):
        raise TypeError(f"estimate must be an Estimate, got {shown(estimate)} "
                        f"({type(estimate).__name__})")
    return not (math.isnan(estimate.se) or estimate.n < 2
                or (estimate.se == 0 and is_small(estimate.n)))


def effect_row(claim: str, reference: str, estimate, low: float | None = None,
               high: float | None = None, *, detail: str = "", differs: str = "",
               inconclusive: str = "", setting: Setting | None = None, **options) -> Claim:
    """``effect_claim`` with ``detail`` (our counts, in words) before its interval, ``differs``
    or ``inconclusive`` as the reason of that status; ``options`` are effect_claim's
    (``direction``, ``null``, ``interval``, ``fmt``, ``source``, ...). An Estimate with no error
    gives *setting differs* when ``setting`` is not the article's, else *inconclusive*."""
    detail = detail if isinstance(detail, str) else shown(detail)
    if isinstance(estimate, Estimate) and not has_error(estimate):
        ours = f"{detail}; " if detail else ""
        ours += f"{estimate.mean:g} from {estimate.n} value(s), no error"
        if setting is not None and not setting.is_article and \
                options.get("source", ARTICLE) == ARTICLE:
            return Claim(claim, ARTICLE, reference, ours, VARIANT,
                         reason=f"not compared: {setting.describe()}")
        return Claim(claim, options.get("source", ARTICLE), reference, ours, INCONCLUSIVE,
                     test="an effect needs an error: too few values for one",
                     reason=inconclusive or "too few values to estimate an error")
    row = effect_claim(claim, reference, estimate, low, high, setting=setting, **options)
    reason = {DIFFERS: differs or row.reason, INCONCLUSIVE: inconclusive}.get(row.status,
                                                                              row.reason)
    ours = f"{detail}; {row.ours}" if detail else row.ours
    return replace(row, ours=ours, reason=reason)



def share_verdict(k: int, n: int, k_other: int, n_other: int) -> str:
    """Two shares ``k / n`` (claimed higher) and ``k_other / n_other`` by their Wilson 95%
    intervals: *consistent within error* when the first lies wholly above, *differs* when wholly
    below, *inconclusive* when they overlap (neither ordering shown)."""
    low, high = wilson(k, n)
    low_other, high_other = wilson(k_other, n_other)
    return CONSISTENT if low > high_other else DIFFERS if high < low_other else INCONCLUSIVE


SHARE_TEST = ("Wilson 95% intervals of the two shares: wholly above shows the claim, wholly "
              "below its opposite, overlapping: inconclusive")


def alternative(claim: Claim, **reading) -> Claim:
    """``studykit.with_alternative(claim, **reading)``, or ``claim`` itself when it is not
    compared (*setting differs*: a quick run), since such a row has no reading to set beside it."""
    if not isinstance(claim, Claim):
        raise TypeError(f"claim must be a Claim row, got {shown(claim)} ({type(claim).__name__})")
    if claim.status == VARIANT or reading.get("status") == VARIANT or (
            reading.get("other") is not None and reading["other"].status == VARIANT):
        return claim
    return with_alternative(claim, **reading)


def unexpected_row(early, late, games: int, every: int, *, setting: Setting | None = None) -> Claim:
    """"Unexpected moves decrease as training continues": the share of unexpected moves in the
    ``games`` earlier snapshot games (``early``, an ``Unexpected``) against the ``games`` later
    ones (``late``) by ``share_verdict``, the earlier share claimed higher."""
    games, every = whole(games, "games", 0), whole(every, "every", 1)
    k, n = early.cat + early.mouse, early.cat_moves + early.mouse_moves
    k_late, n_late = late.cat + late.mouse, late.cat_moves + late.mouse_moves
    claim = "Unexpected moves decrease as training continues"
    reference = '"As training continues, these decrease in number"'
    ours = (f"unexpected moves in the games every {every:,} iterations: earlier {games} "
            f"{count_with_interval(k, n)}, later {games} {count_with_interval(k_late, n_late)}")
    if (v := not_at_setting(claim, ARTICLE, reference, ours, setting)) is not None:
        return v
    if not n or not n_late:
        return Claim(claim, ARTICLE, reference, ours, INCONCLUSIVE, test=SHARE_TEST,
                     reason="no moves to count in one of the halves")
    status = share_verdict(k, n, k_late, n_late)
    return Claim(claim, ARTICLE, reference, ours, status,
                 test="unexpected moves (a cat step not closing in, a mouse step toward the cat "
                      "by choice) per move, earlier half of the run's snapshot games against the "
                      "later half; " + SHARE_TEST + " (moves counted as independent)",
                 reason={DIFFERS: "more unexpected moves later: each side only fixes the "
                                  "entries along the current game, and the next game reaches "
                                  "new ones",
                         INCONCLUSIVE: "the two shares' intervals overlap: a handful of games "
                                       "shows neither a decrease nor an increase"}.get(status, ""))


def longer_games_row(longer, *, setting: Setting | None = None) -> Claim:
    """"Rewarding longer games helps a losing cat": the paired change (with minus without the
    rule, seed by seed, a ``LongerGames``) in the share of iterations the cat leads, by
    ``effect_row`` (Student's t interval: the seeds are few)."""
    change = paired_change(longer.with_rule, longer.without_rule)
    return effect_row(
        "Rewarding longer games helps a losing cat",
        '"it is also useful here to reward longer games for the cat"', change,
        detail=longer.describe(), fmt="{:+.3f}", setting=setting,
        interval=f"95% Student's t interval (n = {change.n} seeds, modern generator) of the "
                 "paired change in the share of iterations the cat leads, with the rule minus "
                 "without",
        differs="leaving the rule out raises the cat's share",
        inconclusive="the interval holds 0: no effect of the rule shown on these seeds")


def few_minutes_row(plain_rate: float, plain_iterations: int, iterations: int, elapsed: float, *,
                    repeats: int = 1, setting: Setting | None = None) -> Claim:
    """"100,000 iterations ... execute in a few minutes": a wall-clock time on a machine we do
    not know, so *inconclusive*, with the verdict of our earlier reading (the straightforward
    implementation projected on this machine, a few minutes read as at most 10) beside it.
    ``plain_rate``: its iterations per second of CPU time, the fastest of ``repeats`` runs
    (``studykit.timing``), so that two runs on one machine agree."""
    repeats = whole(repeats, "repeats", 1)
    minutes = iterations / plain_rate / 60
    claim = "100,000 iterations of the article's algorithm run in a few minutes"
    ours = (f"straightforward implementation: {plain_rate:,.0f} iterations per CPU second over "
            f"its first {plain_iterations:,} (fastest of {repeats}), so about {minutes:.1f} min for "
            f"{iterations:,}; the fast trainer (same results) {elapsed:.1f} s")
    reference = '"executes in a few minutes"'
    if (v := not_at_setting(claim, ARTICLE, reference, ours, setting)) is not None:
        return v
    row = Claim(claim, ARTICLE, reference, ours, INCONCLUSIVE,
                test="none possible: the article's time is a wall-clock time on its author's "
                     "machine, which is not known; our times are a machine's, not the algorithm's",
                reason="a wall-clock time cannot be compared across unknown machines")
    return with_alternative(
        row, choice="the time compared", chosen="none (the machine is unknown)",
        reading="the straightforward implementation projected on this machine, 'a few minutes' "
                "read as at most 10", ours=f"about {minutes:.1f} min",
        status=CONSISTENT if minutes <= 10 else DIFFERS,
        test="projected time of the straightforward implementation <= 10 minutes (CPU time, "
             "the fastest of the timed runs)",
        reason="" if minutes <= 10 else "a deep copy of the learner's whole table per candidate "
                                        f"dominates: {plain_rate:,.0f} iterations/s here")


def bound_verdict(cases) -> str:
    """``(value, threshold, exact)`` triples, the claim being ``value <= threshold`` for each, where
    an inexact value is a lower bound: *differs* when some value (bound or not) exceeds its
    threshold, *consistent within error* when every value is exact and within, else
    *inconclusive* (a lower bound within its threshold shows neither)."""
    cases = list(cases)
    if any(v > t for v, t, _ in cases):
        return DIFFERS
    return CONSISTENT if all(e for *_, e in cases) else INCONCLUSIVE


def applies_row(cases, *, setting: Setting | None = None) -> Claim:
    """"The policies discovered can be applied to any board size", for the article's policy (its
    trained window, greedy far apart) on big boards: ``cases`` holds ``(rows, cols, mouse,
    optimum, excess, exact)`` per board and mouse (the optimal expected capture time, the
    policy's excess over it, whether the value sweeps converged: if not, a lower bound). The
    article shows it by the policy winning on a bigger board: read here as an expected capture
    time within the article's own limit of ``(rows + cols) * 2`` rounds; our 1% goal is the
    other reading. Both by ``bound_verdict``."""
    cases = [(whole(r, "rows", 1), whole(c, "cols", 1), str(m), float(o), float(x), bool(e))
             for r, c, m, o, x, e in cases]
    if not cases:
        raise ValueError("cases must hold at least one (rows, cols, mouse, optimum, excess, exact)")
    at_least = {True: "", False: " (at least)"}
    boards = ", ".join(dict.fromkeys(f"{r}x{c}" for r, c, *_ in cases))
    ours = "expected cat moves (limit): " + ", ".join(
        f"{r}x{c} {m} mouse {o * (1 + x):.2f}{at_least[e]} ({2 * (r + c)})"
        for r, c, m, o, x, e in cases)
    claim = ("The article's policy (its trained 3 x 3 window, greedy far apart) applies to any "
             "board size")
    reference = "'the policies discovered can be applied to any board size' (run on 15 x 15)"
    if (v := not_at_setting(claim, ARTICLE, reference, ours, setting)) is not None:
        return v
    status = bound_verdict((o * (1 + x), 2 * (r + c), e) for r, c, _, o, x, e in cases)
    unsure = [f"{r}x{c} {m} mouse" for r, c, m, *_, e in cases if not e]
    row = Claim(claim, ARTICLE, reference, ours, status,
                test=f"on every test board ({boards}) against each mouse, the exact expected "
                     "capture time (Markov chain; a lower bound where the value sweeps did not "
                     "converge) within the article's limit of (R + C) * 2 rounds; a lower bound "
                     "within it shows neither",
                reason={DIFFERS: "the policy does not catch some mouse within the limit in "
                                 "expectation",
                        INCONCLUSIVE: "within the limit wherever the value is exact; on "
                                      + ", ".join(unsure) + " the value sweeps did not converge, "
                                      "so only a lower bound is known"}.get(status, ""))
    other = bound_verdict((x, 0.01, e) for *_, x, e in cases)
    worst = max(cases, key=lambda case: case[4])
    return alternative(
        row, choice="what 'applies' asks", chosen="catches each mouse within the article's limit",
        reading="within 1% of the optimal expected capture time, the goal our own policies meet",
        ours=", ".join(f"{r}x{c} {m} mouse {100 * x:+.2f}%{at_least[e]}"
                       for r, c, m, _, x, e in cases),
        status=other,
        test="excess over the optimal expected capture time <= 1% on every test board and mouse "
             "(value iteration; a lower bound where the sweeps did not converge)",
        reason={DIFFERS: f"{100 * worst[4]:+.2f}% on {worst[0]}x{worst[1]} against the {worst[2]} "
                         "mouse: the window was scored on 1,000 sampled games of one 5 x 5 board",
                INCONCLUSIVE: "only lower bounds above 0 where the sweeps did not converge"}.get(
                    other, ""))
