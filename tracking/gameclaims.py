"""Notebook 51's article rows: the edge the tracker's information gives (a win share against one
half, with the mean food margin as the other reading of "an edge") and the loop lesson (paired
differences of the share of moves stuck, Student's t over few games, with a longer loop as the
other reading of "stuck"). Each is ``studykit.effect_claim``'s: *inconclusive* where the games
show neither the claim nor its opposite."""

from __future__ import annotations

from dataclasses import replace

from studykit.checks import choice, shown
from studykit.claims import ARTICLE, DIFFERS, INCONCLUSIVE, VARIANT, Claim, not_at_setting
from studykit.formats import formatted
from studykit.stats import Estimate
from studykit.verdicts import effect_claim, with_alternative
from tracking.tournament import ATTACKERS, LOOP_KEYS, LONG_LOOP, GameSummary, rows_of

EDGE = "this information can give you an edge"
UNCLEAR = "the interval holds the null: too few games to show the effect or its opposite"
EDGE_METRIC = ("metric of an edge", "the mean food margin per game (our score minus theirs) above 0",
               "the share of games won above one half")


def reasoned(row: Claim, reason: str, unclear: str) -> Claim:
    """``row`` with ``reason`` when it *differs*, ``unclear`` when *inconclusive*, else none."""
    why = {DIFFERS: reason, INCONCLUSIVE: unclear or UNCLEAR}.get(row.status, "")
    return replace(row, reason=why) if why else row


def effect_of(claim: str, reference: str, estimate: Estimate, *, what: str, null: float = 0.0,
              fmt: str = "{:.2f}", reason: str = "", unclear: str = "", setting=None) -> Claim:
    """``effect_claim`` (direction above ``null``) on the Student's t interval of ``estimate``
    (``what`` names it); a mean with no error (one value, or every value equal) shows nothing:
    *inconclusive*, by a test saying so. ``reason`` is why it differs, ``unclear`` why it is
    inconclusive."""
    if not isinstance(estimate, Estimate):
        raise TypeError(f"estimate must be an Estimate, got {shown(estimate)} "
                        f"({type(estimate).__name__})")
    if estimate.n < 2 or not estimate.se > 0:
        ours = formatted(fmt, estimate.mean)
        if (v := not_at_setting(claim, ARTICLE, reference, ours, setting)) is not None:
            return v
        return Claim(claim, ARTICLE, reference, f"{ours} ({what})", INCONCLUSIVE,
                     f"{what}: {estimate.n} value(s) with no spread, no error to test with",
                     unclear or "no spread among the games: no error to show anything with")
    row = effect_claim(claim, reference, estimate, null=null, fmt=fmt, setting=setting,
                       interval=f"95% Student's t interval of {what} (n = {estimate.n})")
    return reasoned(row, reason, unclear)


def edge_claim(claim: str, summary: GameSummary, *, reference: str = EDGE, reason: str = "",
               unclear: str = "", setting=None) -> Claim:
    """The tracker team's edge over the tracker-blind team from its games (``summary``): its win
    share's 95% Wilson interval against one half (ties count as not won), and under the other
    reading the mean food margin per game against 0."""
    if not isinstance(summary, GameSummary):
        raise TypeError(f"summary must be a GameSummary, got {type(summary).__name__}")
    lo, hi = summary.win_ci
    row = effect_claim(claim, reference, summary.win_rate, lo, hi, null=0.5, fmt="{:.2f}",
                       interval=f"95% Wilson interval of the share of {summary.games} games won "
                                f"(ties count as not won)", setting=setting)
    if row.status == VARIANT:
        return row
    row = reasoned(row, reason, unclear)
    other = effect_of(claim, reference, summary.margin, what="the food margin per game",
                      fmt="{:+.1f}", reason=reason, unclear=unclear)
    choice_, reading, ours = EDGE_METRIC
    return with_alternative(row, choice=choice_, reading=reading, chosen=ours, other=other)


def paired_gains(rows: list[dict], better: str, worse: str, key: str = "stuck") -> Estimate:
    """The loop lesson's ``run_sweep(loop_trial, ...)`` rows paired by seed: ``worse``'s minus
    ``better``'s ``key`` (a share of moves stuck) per seed both played, as an Estimate."""
    rows = rows_of(rows, "rows", ("attacker", "seed", "result"))
    better, worse = choice(better, "better", ATTACKERS), choice(worse, "worse", ATTACKERS)
    key = choice(key, "key", ("stuck", "stuck_long"))
    by = {}
    for r in rows:
        rows_of([r["result"]], "rows' results", (*LOOP_KEYS, key))
        by.setdefault(r["attacker"], {})[r["seed"]] = r["result"][key]
    seeds = sorted(set(by.get(better, {})) & set(by.get(worse, {})))
    if not seeds:
        raise ValueError(f"rows must hold games of {better!r} and {worse!r} on the same seeds")
    return Estimate.of([by[worse][s] - by[better][s] for s in seeds])


def loop_claim(claim: str, reference: str, rows: list[dict], better: str, worse: str, *,
               reason: str = "", unclear: str = "", setting=None) -> Claim:
    """The lesson "``better`` gets stuck in loops less than ``worse``" from paired games: the
    paired difference of the share of moves stuck (ours: the last 16 moves on at most 4 cells),
    with a longer loop (``LONG_LOOP``) as the other reading of "stuck"."""
    what = f"the paired difference of the share of moves stuck, {worse} minus {better}"
    row = effect_of(claim, reference, paired_gains(rows, better, worse), what=what, reason=reason,
                    unclear=unclear, setting=setting)
    if row.status == VARIANT:
        return row
    other = effect_of(claim, reference, paired_gains(rows, better, worse, "stuck_long"),
                      what=what, reason=reason, unclear=unclear)
    return with_alternative(row, choice="definition of stuck",
                            reading=f"the last {LONG_LOOP[0]} moves on at most {LONG_LOOP[1]} cells",
                            chosen="the last 16 moves on at most 4 cells", other=other)
