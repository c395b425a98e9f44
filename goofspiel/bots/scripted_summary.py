"""Summaries of many scripted games (the rows of ``run_sweep(scripted_trial, ...)``): survival
and beat rates per configuration and how the fix changes them, the bots faced round by round,
the stage of the game they belong to, and the fate of the members of each hidden GA's
starting pool; and estimates with their errors for verdicts (a measure's change between two
stages paired by game, one kind of pool member's survival share clustered by game)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field

import numpy as np
import pandas as pd
from scipy.stats import mannwhitneyu

from goofspiel.bots.arena import SCORING
from goofspiel.bots.scripted import HUMANS, ScriptedGame, Survival, bot_measures, survival_summary
from studykit.checks import choice, generator, items, whole
from studykit.stats import Estimate

BEHAVIOURS = {True: "published", False: "fixed"}     # the bots as published, or with the fix
STAGES = ("round 1", "rounds 2-3", "rounds 4+")


@dataclass(frozen=True)
class SurvivalTable:
    """Survival of the scripted games per configuration (``survival_table``).

    ``table``: one row per (human, scoring, behaviour), to show; ``summaries``: the ``Survival``
    of each configuration, keyed ``(human, scoring, as_published)``; ``p_values``: per (human,
    scoring), the Mann-Whitney p-value of rounds survived, fixed against published.
    """

    table: pd.DataFrame = field(repr=False)
    summaries: Mapping[tuple[str, str, bool], Survival] = field(repr=False)
    p_values: Mapping[tuple[str, str], float] = field(repr=False)

    def rate_text(self, human: str, scoring: str, as_published: bool) -> str:
        """One configuration's beat rate and its 95% interval: ``"0.222 [0.200, 0.244]"``."""
        return self.summaries[human, scoring, as_published].rate_text()

    def fixed_minus_published(self, human: str, scoring: str) -> tuple[float, float]:
        """95% interval of the beat rate's change from the published bots to the fixed ones, from
        the two bootstrap distributions (resample k of one against resample k of the other)."""
        diff = (self.summaries[human, scoring, False].boot_rates
                - self.summaries[human, scoring, True].boot_rates)
        low, high = np.quantile(diff, [0.025, 0.975])
        return float(low), float(high)


def check_rows(rows) -> list[dict]:
    """Rows of ``run_sweep(scripted_trial, ...)``: dicts with the human, scoring, behaviour
    and the trial's result (a ``ScriptedGame``)."""
    if isinstance(rows, (str, bytes, dict)) or not hasattr(rows, "__iter__"):
        raise TypeError(f"rows must be a list of sweep rows, got {type(rows).__name__}")
    rows = list(rows)
    for r in rows:
        if not (isinstance(r, dict) and {"human", "scoring", "as_published", "result"} <= set(r)
                and isinstance(r["result"], ScriptedGame)):
            raise ValueError("rows must be rows of run_sweep(scripted_trial, ...): dicts with "
                             f"human, scoring, as_published and result, got {r!r:.80}")
    return rows


def survival_table(rows: Sequence[dict], humans: Sequence[str], scorings: Sequence[str],
                   rounds: int, rng: np.random.Generator) -> SurvivalTable:
    """Per (human, scoring, behaviour): ``survival_summary`` of its games, and per (human,
    scoring) the Mann-Whitney p-value of rounds survived, fixed against published.

    ``rng`` draws the bootstrap resamples, configuration after configuration in the order of
    ``humans``, ``scorings``, published first."""
    rows, rounds, rng = check_rows(rows), whole(rounds, "rounds", 1), generator(rng, "rng")
    humans = [choice(h, "humans", HUMANS) for h in items(humans, "humans", min_len=1)]
    scorings = [choice(sc, "scorings", SCORING) for sc in items(scorings, "scorings", min_len=1)]
    table, summaries, p_values = [], {}, {}
    for h in humans:
        for sc in scorings:
            survived = {}
            for pub in (True, False):
                sel = [r for r in rows
                       if (r["human"], r["scoring"], r["as_published"]) == (h, sc, pub)]
                survived[pub] = [r["result"].survived for r in sel]
                s = summaries[h, sc, pub] = survival_summary(
                    survived[pub], [r["result"].out for r in sel], rounds, rng)
                table.append({"human": h, "scoring": sc, "behaviour": BEHAVIOURS[pub],
                              **s.table_cells(),
                              f"survived all {rounds}": round(float(s.curve[-1]), 3)})
            p = mannwhitneyu(survived[False], survived[True], alternative="two-sided").pvalue
            table[-1]["p (fixed vs published)"] = table[-2]["p (fixed vs published)"] = f"{p:.1e}"
            p_values[h, sc] = p
    return SurvivalTable(pd.DataFrame(table).set_index(["human", "scoring", "behaviour"]),
                         summaries, p_values)


def per_round_measures(rows: Sequence[dict], deck: Sequence[int],
                       equilibrium: Mapping[tuple, float] | None = None) -> pd.DataFrame:
    """One row per round played in every game: the human, scoring, behaviour, the game (its
    position in ``rows``), round number, the human's point margin over the best bot, and
    ``bot_measures`` of the first bot faced (each distinct bot measured once)."""
    measured: dict = {}
    out = []
    for game, r in enumerate(check_rows(rows)):
        res = r["result"]
        for k, (bots, margin) in enumerate(zip(res.bots, res.margins)):
            if bots[0] not in measured:
                m = bot_measures(bots[0], deck, equilibrium)
                measured[bots[0]] = {name: v for name, v in asdict(m).items() if v is not None}
            out.append({"human": r["human"], "scoring": r["scoring"],
                        "behaviour": BEHAVIOURS[r["as_published"]], "game": game, "round": k + 1,
                        "human margin": margin, **measured[bots[0]]})
    return pd.DataFrame(out)


def round_stage(rounds) -> np.ndarray:
    """The stage of each round number: 'round 1' (a random bot), 'rounds 2-3', 'rounds 4+'."""
    r = np.asarray(rounds)
    if r.size and (r < 1).any():
        raise ValueError(f"round numbers start at 1, got {int(r.min())}")
    return np.where(r == 1, STAGES[0], np.where(r <= 3, STAGES[1], STAGES[2]))


def stage_trend(per_round: pd.DataFrame, human: str,
                columns: Sequence[str] = ("exploitability", "vs_equilibrium", "human margin")
                ) -> pd.DataFrame:
    """Mean and count of ``columns`` per (scoring, behaviour, stage) for one human's games."""
    if not isinstance(per_round, pd.DataFrame) or not {"human", "round", *columns} <= set(
            per_round.columns):
        raise ValueError("per_round must be a per_round_measures table with the columns "
                         f"human, round and {', '.join(columns)}")
    mine = per_round[per_round["human"] == human]
    return (mine.assign(stage=round_stage(mine["round"]))
            .groupby(["scoring", "behaviour", "stage"])[list(columns)].agg(["mean", "count"]))


@dataclass(frozen=True)
class StageChanges:
    """How a measure's mean changes between the stages of the games, over scorings and
    behaviours: the smallest change from round 1 to rounds 2-3 (``first_jump``) and the largest
    from rounds 2-3 to rounds 4+ (``later``)."""

    first_jump: float
    later: float


def stage_changes(trend: pd.DataFrame, column: str = "vs_equilibrium") -> StageChanges:
    """From a ``stage_trend``: ``StageChanges`` of ``column``'s mean (NaN-safe: +inf and -inf
    when no configuration has both stages)."""
    mean = trend[(column, "mean")]
    pairs = mean.index.droplevel("stage").unique()
    first = [mean.get((*p, STAGES[1]), np.nan) - mean.get((*p, STAGES[0]), np.nan) for p in pairs]
    later = [mean.get((*p, STAGES[2]), np.nan) - mean.get((*p, STAGES[1]), np.nan) for p in pairs]
    return StageChanges(float(np.nanmin(first + [np.inf])), float(np.nanmax(later + [-np.inf])))


def fate_shares(rows: Sequence[dict], generations: int) -> pd.DataFrame:
    """Per kind of starting-pool member of the hidden GAs (its label): the share still among
    the survivors after 1..``generations`` generations, the share chosen as the next bot, and
    how many members of that kind there were."""
    generations = whole(generations, "generations", 1)
    rows = check_rows(rows)
    fates = pd.DataFrame([{**asdict(f), "behaviour": BEHAVIOURS[r["as_published"]]}
                          for r in rows for pool in r["result"].fates for f in pool])
    after = [f"after {g}" for g in range(1, generations + 1)]
    table = (fates.assign(**{f"after {g}": fates["generations"] >= g
                             for g in range(1, generations + 1)})
             .groupby("label")[after + ["chosen"]].mean())
    table["members"] = fates.groupby("label").size()
    return table


def stage_differences(per_round: pd.DataFrame, human: str, scoring: str, behaviour: str,
                      column: str = "vs_equilibrium", start: str = STAGES[1],
                      end: str = STAGES[2]) -> np.ndarray:
    """The change of ``column`` from stage ``start`` to stage ``end`` (``STAGES``) in one
    configuration's games: per game that reached both stages, its mean over ``end``'s rounds
    minus its mean over ``start``'s (empty when no game did, or the configuration was not run)."""
    need = {"game", "human", "scoring", "behaviour", "round", column}
    if not isinstance(per_round, pd.DataFrame) or not need <= set(per_round.columns):
        raise ValueError("per_round must be a per_round_measures table with the columns "
                         f"{', '.join(sorted(need))}")
    start, end = choice(start, "start", STAGES), choice(end, "end", STAGES)
    if STAGES.index(start) >= STAGES.index(end):
        raise ValueError(f"start must be an earlier stage than end, got {start!r} and {end!r}")
    mine = per_round[(per_round["human"] == human) & (per_round["scoring"] == scoring)
                     & (per_round["behaviour"] == behaviour)]
    means = (mine.assign(stage=round_stage(mine["round"]))
             .groupby(["game", "stage"])[column].mean().unstack("stage"))
    if start not in means or end not in means:
        return np.empty(0)
    both = means[[start, end]].dropna()
    return (both[end] - both[start]).to_numpy(dtype=float)


def stage_gain(per_round: pd.DataFrame, human: str, scoring: str, behaviour: str,
               column: str = "vs_equilibrium", start: str = STAGES[1],
               end: str = STAGES[2]) -> Estimate:
    """The Estimate of ``stage_differences`` (n = games); refused when no game reached both
    stages."""
    diffs = stage_differences(per_round, human, scoring, behaviour, column, start, end)
    if len(diffs) == 0:
        raise ValueError(f"no game of ({human}, {scoring}, {behaviour}) reached both {start} "
                         f"and {end}")
    return Estimate.of(diffs, min_n=1)


def fate_share(rows: Sequence[dict], label: str, generations: int, *,
               chosen: bool = False) -> Estimate:
    """The share of the hidden GAs' starting-pool members labelled ``label`` still among the
    survivors after ``generations`` generations (or, ``chosen``, made the next bot), over every
    game of ``rows``; its standard error treats each game as one cluster (the members of one
    game are not independent): ``sqrt(G/(G-1) sum_g (k_g - p m_g)^2) / sum_g m_g``, n = games."""
    generations = whole(generations, "generations", 1)
    per_game = []
    for r in check_rows(rows):
        mine = [f for pool in r["result"].fates for f in pool if f.label == label]
        if mine:
            kept = sum(f.chosen if chosen else f.generations >= generations for f in mine)
            per_game.append((kept, len(mine)))
    if not per_game:
        raise ValueError(f"no hidden-GA pool member is labelled {label!r}")
    k, m = np.array(per_game, dtype=float).T
    p = float(k.sum() / m.sum())
    g = len(per_game)
    se = math.sqrt(g / (g - 1) * float(((k - p * m) ** 2).sum())) / float(m.sum()) if g > 1 \
        else math.nan
    return Estimate(p, se, g)
