"""Strength along training on a fixed yardstick: the table each run of ``mix.train`` held after
chosen numbers of games, played by the 2-ply search against one fixed opponent (``ladder``), so
runs with and without the lookahead update are judged on one strength scale, not by their
distance to their own final values (``strength_over_training``); the per-run gain of one
variant over another (``paired_gain``). The claim rows that rest on few seeds or on a reading
of ours: the gain read with Student's t over the seeds (``gain_row``), the run-to-run spread of
the values by its chi-square interval over the seeds (``seed_spread``, ``stability_row``, its
threshold ours), and a share set against a baseline's (``share_gap``)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from mix.checks import reals
from mix.play.agentchecks import check_agent
from mix.play.agents import SearchAgent
from mix.play.ladder import ladder
from studykit import Estimate, effect_claim, with_alternative
from studykit.checks import array, real, whole
from studykit.claims import ARTICLE, INCONCLUSIVE, VARIANT, Claim, Setting


def strength_over_training(histories: dict, checkpoints, opponent, games: int, seed: int = 0,
                           chunks: int = 1, n_jobs: int | None = 1,
                           features: str = "bits-strict", cache=None) -> pd.DataFrame:
    """``histories``: ``{variant: array runs x (training games + 1) x states}`` (the stacked
    ``train_trial`` histories). The table of every run after each of ``checkpoints`` training
    games, searched 2 plies deep, plays ``opponent`` ``games`` games per seat (``ladder``).
    One row per (variant, run, checkpoint): ``wins`` and ``played`` over both seats, ``share``."""
    if not isinstance(histories, dict) or not histories:
        raise ValueError("histories must be a non-empty dict {variant: runs x games x states}")
    hs = {v: reals(h, f"histories[{v!r}]", ndim=3) for v, h in histories.items()}
    points = sorted({whole(n, "checkpoints", 0) for n in checkpoints})
    if not points:
        raise ValueError("checkpoints must name at least one number of training games")
    for v, h in hs.items():
        if points[-1] >= h.shape[1]:
            raise ValueError(f"checkpoint {points[-1]} beyond the {h.shape[1] - 1} training games "
                             f"of {v!r}")
    check_agent(opponent, "opponent")
    cells = [(v, i, n) for v, h in hs.items() for i in range(len(h)) for n in points]
    pairings = {f"{v} #{i} @{n}": (SearchAgent(hs[v][i, n], features, 2), opponent)
                for v, i, n in cells}
    lad = ladder(pairings, games, seed=seed, chunks=chunks, n_jobs=n_jobs, cache=cache,
                 backend="multiprocessing")
    played = (lad.games_X + lad.games_O).to_numpy()
    wins = (lad.win_as_X * lad.games_X + lad.win_as_O * lad.games_O).round().to_numpy()
    return pd.DataFrame({"variant": [c[0] for c in cells], "run": [c[1] for c in cells],
                         "games": [c[2] for c in cells], "wins": wins.astype(int),
                         "played": played.astype(int), "share": wins / played})


def paired_gain(table: pd.DataFrame, better: str, worse: str) -> tuple[np.ndarray, float, float]:
    """Each run's mean win share over the checkpoints under ``better`` minus that under
    ``worse`` (runs paired by index, as ``run_sweep`` seeds them): the differences, their
    mean and its standard error (0 with a single run)."""
    if not isinstance(table, pd.DataFrame) or not {"variant", "run", "share"} <= set(table):
        raise ValueError("table must come from strength_over_training")
    for name, v in (("better", better), ("worse", worse)):
        if not isinstance(v, str):
            raise TypeError(f"{name} must be a variant's name (text), got {type(v).__name__}")
    reals(table.share, "table's share", low=0, high=1)   # finite shares of games won
    mean = table.groupby(["variant", "run"]).share.mean()
    for v in (better, worse):
        if v not in mean.index.get_level_values(0):
            raise ValueError(f"no variant {v!r} in the table")
    a, b = mean[better], mean[worse]
    if not a.index.equals(b.index):
        raise ValueError(f"{better!r} and {worse!r} must have the same runs")
    diff = (a - b).to_numpy()
    se = diff.std(ddof=1) / np.sqrt(len(diff)) if len(diff) > 1 else 0.0
    return diff, float(diff.mean()), float(se)


def alternative_unless_variant(row: Claim, other: Claim, **reading) -> Claim:
    """``row`` with ``other`` as its alternative reading (``with_alternative``), unless the row is
    not compared (*setting differs*): then the row alone."""
    if VARIANT in (row.status, other.status):
        return row
    return with_alternative(row, other=other, **reading)


def seed_spread(final, states, level: float = 0.95) -> tuple[float, float, float]:
    """The median over ``states`` of the across-seed sample sd (ddof 1) of the final values
    (``final``: seeds x states), and its chi-square interval at ``level`` with ``seeds - 1``
    degrees of freedom (the normal sd's exact interval, the states' spreads taken to scale
    together, as one seed's run moves them all)."""
    from scipy.stats import chi2          # here: importing mix stays light (terminal games)

    final = array(final, "final", ndim=2, kind="real").astype(float)
    states = np.asarray(list(states), dtype=int)
    level = real(level, "level", above=0, below=1)
    if len(final) < 2 or not len(states):
        raise ValueError("need at least two seeds and one state")
    estimate = float(np.median(final[:, states].std(axis=0, ddof=1)))
    df = len(final) - 1
    tail = (1 - level) / 2
    low = estimate * math.sqrt(df / chi2.ppf(1 - tail, df))
    high = estimate * math.sqrt(df / chi2.ppf(tail, df))
    return estimate, float(low), float(high)


def no_error_row(claim: str, reference: str, ours: str, why: str,
                 setting: Setting | None) -> Claim:
    """A row with nothing to test with yet (no states, equal values of few seeds): *setting
    differs* off the article's setting, else *inconclusive*."""
    if setting is not None and not setting.is_article:
        return Claim(claim, ARTICLE, reference, ours, VARIANT,
                     reason=f"not compared: {setting.describe()}")
    return Claim(claim, ARTICLE, reference, ours, INCONCLUSIVE, test=why, reason=why)


def stability_row(final, frequent, decisive, *, threshold: float = 0.1,
                  setting: Setting | None = None) -> Claim:
    """"Quite similar from run to run": the median across-seed sd of the frequently updated
    states below ``threshold`` (ours: the report gives no number), by the chi-square interval
    of an sd over the seeds; the decisive states' verdict beside (which states count is a
    choice of ours)."""
    claim, quote = "final values similar from run to run", "\"quite similar from run to run\""
    n = len(final)

    def row(states, which):
        if not len(states):
            return no_error_row(claim, quote, f"no {which} states", f"no {which} states met",
                                setting)
        est, lo, hi = seed_spread(final, states)
        r = effect_claim(claim, quote, est, lo, hi, direction="below", null=threshold,
                         interval=f"95% chi-square interval of an sd of {n} seeds ({n - 1} df)",
                         setting=setting,
                         reason=f"the {which} states differ by more than {threshold:g} from run "
                                "to run" if hi < threshold or lo > threshold else
                                f"{n} seeds cannot place the median sd on either side of "
                                f"{threshold:g}")
        if r.status == VARIANT:
            return r
        ours = f"median sd {r.ours} over the {len(states)} {which} states"
        test = (f"median across-seed sd of the {which} states (values in [-1, 1]) < "
                f"{threshold:g}, a threshold of ours (the report gives no number): " + r.test)
        return Claim(r.claim, r.source, r.reference, ours, r.status, test, r.reason)

    chosen, other = row(frequent, "frequent"), row(decisive, "decisive")
    return alternative_unless_variant(
        chosen, other, choice="which states count",
        chosen="the states updated in at least 5% of games",
        reading="the decisive states (the mover has a chess), updated in at least 1% of games")


def gain_row(gains, *, measure: str, detail: str = "", setting: Setting | None = None) -> Claim:
    """"Converge much faster": the paired gain of the update over the seeds (``gains``, one per
    seed, on the yardstick ``measure`` names), by its Student's t interval, ``detail`` (our
    numbers in words) before it; equal gains of few seeds have no error to test with."""
    claim, quote = ("the lookahead update makes the values converge much faster",
                    "\"converge to optimal values much faster\"")
    g = array(gains, "gains", ndim=1, kind="real").astype(float)
    if len(g) < 2 or float(g.std()) == 0.0:
        return no_error_row(claim, quote, f"paired gain {g.mean():+.3f} over {len(g)} seeds",
                            "the seeds' paired gains are equal: no error to test with", setting)
    r = effect_claim(claim, quote, Estimate.of(g), direction="above", setting=setting,
                     reason="the runs without the update are stronger along training")
    if r.status == VARIANT:
        return r
    why = {INCONCLUSIVE: f"{len(g)} seeds show neither a faster nor a slower convergence"}
    ours = f"{detail}; paired gain {r.ours}" if detail else f"paired gain {r.ours}"
    return Claim(r.claim, r.source, r.reference, ours,
                 r.status, f"{measure}, paired by seed: {r.test}", why.get(r.status, r.reason))


def share_gap(made: int, chances: int, base_made: int, base_chances: int
              ) -> tuple[float, float, float]:
    """``made/chances - base_made/base_chances`` of two independent groups and its 95% normal
    interval."""
    for name, v in (("made", made), ("chances", chances), ("base_made", base_made),
                    ("base_chances", base_chances)):
        whole(v, name, 0)
    if chances < 1 or base_chances < 1 or made > chances or base_made > base_chances:
        raise ValueError("need 0 <= made <= chances and chances >= 1, for both groups")
    p, q = made / chances, base_made / base_chances
    se = math.sqrt(p * (1 - p) / chances + q * (1 - q) / base_chances)
    return p - q, p - q - 1.96 * se, p - q + 1.96 * se
