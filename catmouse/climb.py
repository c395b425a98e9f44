"""The one hill-climbing loop of the exact-score trainers (windows, general policies, walls, teams).

A climb keeps an incumbent and its score. Each iteration ``propose`` returns candidates (changed
copies of the incumbent; none: nothing to try this time); each is scored, and the best of those
at least as good as the incumbent (strictly better unless ``ties``) replaces it. Scores compare
as Python values (tuples lexicographically); ``maximise`` reverses the order. ``score`` also
returns whatever the next proposals need to know (e.g. where the incumbent is still wrong).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tqdm.auto import tqdm


@dataclass(frozen=True, eq=False)
class Climb:
    """The final incumbent, its score, and the score at the start and after every iteration."""

    best: Any
    score: Any
    history: list


def hill_climb(start, score: Callable[[Any], tuple[Any, Any]],
               propose: Callable[[Any, Any], Iterable], iterations: int, *,
               maximise: bool = False, ties: bool = True, progress: bool = False,
               desc: str = "climb") -> Climb:
    """Climb from ``start``; ``score(candidate) -> (value, info)``, ``propose(incumbent, info)``."""
    if iterations < 0:
        raise ValueError(f"iterations must be >= 0, got {iterations}")

    def better(a, b) -> bool:                       # a strictly better than b
        return a > b if maximise else a < b

    incumbent = start
    best, info = score(start)
    history = [best]
    for _ in tqdm(range(iterations), disable=not progress, desc=desc):
        chosen = None
        for candidate in propose(incumbent, info):
            value, cand_info = score(candidate)
            good = better(value, best) or (ties and value == best)
            if good and (chosen is None or better(value, chosen[1])):
                chosen = (candidate, value, cand_info)
        if chosen is not None:
            incumbent, best, info = chosen
        history.append(best)
    return Climb(incumbent, best, history)
