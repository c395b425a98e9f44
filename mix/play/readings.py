"""Other reasonable readings of two sentences of the MIX report, each with its own test, so a
claim row can show the verdict under both (``studykit.with_alternative``):

* "preparing potential chess in the upper rows": besides our reading (the winning slot of a
  forced loss lies in the board's upper half), "upper" as *higher than usual*: the winning
  slots of the program's forced losses lie higher than those of its other losses
  (``forced_wins_higher``, a one-sided Mann-Whitney test);
* the seven situation bits "should be proper" for the diagonal game: besides our reading (the
  diagonal-trained program beats the one-ply heuristic in each seat), *as proper as for MIX*:
  its win share there is not more than ``MARGIN`` below the MIX program's against the same
  heuristic in the MIX game (``strength_kept``, a non-inferiority test on the two shares).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scipy.stats import mannwhitneyu, norm

from mix.play.ladder import SEATS
from mix.play.weakness import FORCED
from studykit.checks import items, real, whole
from studykit.claims import CONSISTENT, DIFFERS, INCONCLUSIVE

MARGIN = 0.10        # the non-inferiority margin on a win share (both seats pooled)
LEVEL = 0.05         # one-sided significance level of both tests
Z_ONE_SIDED = float(norm.ppf(1 - LEVEL))   # 1.645, the shares' one-sided bound


@dataclass(frozen=True)
class Reading:
    """A claim's verdict under another reading: its ``status``, the measured ``ours`` (text) and
    the ``test`` that decided it, as ``with_alternative`` takes them."""

    status: str
    ours: str
    test: str


def forced_wins_higher(details) -> Reading:
    """Whether the winning slots of the forced losses (kinds in ``FORCED``) lie higher than
    those of the other losses: one-sided Mann-Whitney U at ``LEVEL`` in each direction
    (*consistent*: higher, *differs*: lower, else *inconclusive*). ``details``: the loss records
    of ``why_lost`` (each with ``kind`` and ``win_row``, 0 = bottom)."""
    details = items(details, "details")
    try:
        rows = [(d["kind"] in FORCED, whole(d["win_row"], "win_row", 0)) for d in details]
    except (KeyError, TypeError):
        raise ValueError("details must be why_lost's loss records, each with 'kind' and "
                         "'win_row'") from None
    forced = [r + 1 for f, r in rows if f]
    other = [r + 1 for f, r in rows if not f]
    test = (f"winning rows of the forced losses vs those of the other losses, one-sided "
            f"Mann-Whitney U at {LEVEL:g} in each direction")
    if not forced or not other:
        return Reading(INCONCLUSIVE, f"{len(forced)} forced and {len(other)} other losses: "
                                     "nothing to compare", test)
    higher = mannwhitneyu(forced, other, alternative="greater").pvalue
    lower = mannwhitneyu(forced, other, alternative="less").pvalue
    status = CONSISTENT if higher < LEVEL else DIFFERS if lower < LEVEL else INCONCLUSIVE
    ours = (f"mean winning row {sum(forced) / len(forced):.1f} in {len(forced)} forced losses vs "
            f"{sum(other) / len(other):.1f} in {len(other)} other losses (1 = bottom; "
            f"p = {min(higher, lower):.3g}, {'higher' if higher <= lower else 'lower'})")
    return Reading(status, ours, test)


def whole_float(value):
    """A float holding a whole number as an int (a pandas row of mixed columns turns its counts
    into floats); anything else as it is."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def pooled_share(row) -> tuple[float, int]:
    """A ladder row's win share over both seats and the number of games behind it."""
    try:
        games = [whole(whole_float(row[f"games_{s}"]), f"games_{s}", 1) for s in SEATS]
        shares = [real(row[f"win_as_{s}"], f"win_as_{s}", low=0, high=1) for s in SEATS]
    except (KeyError, IndexError, TypeError):
        raise ValueError("row must be a row of a ladder, with its win_as_* and games_* "
                         "columns") from None
    n = sum(games)
    return sum(p * g for p, g in zip(shares, games)) / n, n


def strength_kept(new_row, old_row, margin: float = MARGIN) -> Reading:
    """Whether the player of ladder row ``new_row`` is at most ``margin`` weaker (win share,
    seats pooled) than that of ``old_row``: one-sided non-inferiority at ``LEVEL`` on the
    difference of the two shares (*consistent*: its lower bound above ``-margin``, *differs*:
    its upper bound below ``-margin``, else *inconclusive*)."""
    margin = real(margin, "margin", low=0, high=1)
    (p, n), (q, m) = pooled_share(new_row), pooled_share(old_row)
    diff = p - q
    se = math.sqrt(p * (1 - p) / n + q * (1 - q) / m)
    lo, hi = diff - Z_ONE_SIDED * se, diff + Z_ONE_SIDED * se
    status = CONSISTENT if lo > -margin else DIFFERS if hi < -margin else INCONCLUSIVE
    ours = (f"{p:.3f} of {n} games vs {q:.3f} of {m}: difference {diff:+.3f} "
            f"[{lo:+.3f}, {hi:+.3f}]")
    test = (f"win share, both seats, minus the reference's: the one-sided {1 - LEVEL:.0%} bound "
            f"above -{margin:g} (non-inferiority, margin {margin:g})")
    return Reading(status, ours, test)
