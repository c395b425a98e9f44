"""The ablation of one of the article's acceptance rules: a losing cat takes a longer game at the
same end distance ("to encourage the cat to move around more"), run with and without it, seed by
seed, by the version-1 trainer (``v1.article.train_tabular``, ``mode="fast"``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from catmouse.limits import MAX_ITERATIONS, MAX_SEED, count
from catmouse.v1.article import train_tabular
from studykit.checks import at_most, whole


@dataclass(frozen=True)
class LongerGames:
    """Per seed, the share of iterations the cat leads with the rule and without it."""

    seeds: tuple[int, ...]
    with_rule: tuple[float, ...]
    without_rule: tuple[float, ...]

    def difference(self) -> tuple[float, float]:
        """Mean of (with - without) over the seeds and its standard error (NaN for one seed)."""
        d = np.subtract(self.with_rule, self.without_rule)
        se = float(d.std(ddof=1) / np.sqrt(len(d))) if len(d) > 1 else float("nan")
        return float(d.mean()), se

    def describe(self) -> str:
        mean, se = self.difference()
        return (f"the cat leads {np.mean(self.with_rule):.1%} of iterations with the rule, "
                f"{np.mean(self.without_rule):.1%} without (mean over {len(self.seeds)} seeds; "
                f"difference {100 * mean:+.1f} ± {100 * se:.1f} points)")


def longer_games_ablation(rows: int, cols: int, first_move: str, initial_cat: str,
                          iterations: int, seeds: int, first_seed: int = 0) -> LongerGames:
    """The article's trainer (``mode="fast"``) on ``seeds`` consecutive seeds, each run with and
    without the longer-games rule."""
    seeds = count(seeds, "seeds", 1, 10_000)
    iterations = count(iterations, "iterations", 1)        # 0 would leave no share to take
    at_most(2 * seeds * iterations, "2 x seeds x iterations", MAX_ITERATIONS,
            "the two runs of every seed together are one long run here; split the seeds with "
            "first_seed")
    first_seed = whole(first_seed, "first_seed", 0, MAX_SEED - seeds + 1)   # every seed tried is one
    tried = tuple(range(first_seed, first_seed + seeds))

    def share(seed, rule):
        run = train_tabular(rows, cols, first_move, initial_cat, iterations, seed, mode="fast",
                            snapshot_every=0, reward_longer=rule)
        return run.tally["cat"] / iterations

    return LongerGames(tried, tuple(share(s, True) for s in tried),
                       tuple(share(s, False) for s in tried))
