"""The improved version-1 trainer's switches: the article's own list of limitations, one each.

The article improves only the losing side, by one-cell changes scored on one game against the
opponent's current table. ``CoevolutionConfig`` turns on, one by one:

* ``max_changes``: several cells changed per candidate;
* ``patience`` / ``restart_after``: stagnation detection, with larger jumps (the number of changes
  doubles after ``patience`` iterations without improvement) and, for the mouse, a restart from a
  fresh random table after ``restart_after`` (its old table stays in the cat's hall of fame);
* ``drift``: on a plateau the mouse also accepts a candidate that scores exactly as well (a
  neutral move: a different line of play that survives as long), so it wanders along the
  plateau until a change makes it survive longer; neutral moves do not count as progress;
* ``both_learn``: the winning side keeps learning too;
* ``hall_of_fame``: the cat's candidates are scored against the current mouse plus up to this many
  strong past mice (each mouse that evades the cat, or outlasts every mouse in the pool, joins),
  not only the current one; the mouse keeps sparring with the current cat (its job is to find
  the cat's weaknesses);
* ``sequential``: a candidate's several changes follow one game's path, so one candidate can
  make a detour several moves long (the mouse) or repair a whole line of play (the cat);
* ``temperature`` / ``half_life`` (off by default): simulated annealing for the mouse, and
  ``stop_after``: early stopping once the cat stops improving (``v1.anneal``);
* ``best_response_every`` (off by default): the exact best response joins the pool (the solver as
  sparring partner, for comparison only).
"""

from __future__ import annotations

from dataclasses import dataclass

from catmouse.arguments import MAX_ITERATIONS
from catmouse.v1.anneal import check_schedule
from studykit.checks import choice, flag, whole


@dataclass(frozen=True)
class CoevolutionConfig:
    """Which of the article's proposed improvements are on (all off: the article's scheme)."""

    max_changes: int = 1
    candidates: int = 0            # 0: uniform 1..10 per iteration, as the article
    both_learn: bool = False
    hall_of_fame: int = 0          # past opponents kept besides the current one
    patience: int = 0              # 0: no stagnation handling
    restart_after: int = 0         # 0: the mouse never restarts
    best_response_every: int = 0
    sequential: bool = False       # a candidate's changes follow one game's path
    admit: str = "strong"          # "strong": a mouse joins when it beats the cat's worst case;
                                   # "beaten": when the cat first improves against it
    drift: bool = False            # the mouse also accepts candidates that score as well
    temperature: float = 0.0       # > 0: the mouse may accept a worse candidate (annealing)
    half_life: int = 10_000        # iterations over which the annealing temperature halves
    stop_after: int = 0            # > 0: stop once the cat has not improved for this many iterations

    def __post_init__(self):
        temperature, half_life = check_schedule(self.temperature, self.half_life)
        fields = {"temperature": temperature, "half_life": half_life,
                  "max_changes": whole(self.max_changes, "max_changes", 1, 64),
                  "candidates": whole(self.candidates, "candidates", 0, 1_000),
                  "hall_of_fame": whole(self.hall_of_fame, "hall_of_fame", 0, 100_000),
                  "admit": choice(self.admit, "admit", ("strong", "beaten"))}
        for name in ("patience", "restart_after", "best_response_every", "stop_after"):
            fields[name] = whole(getattr(self, name), name, 0, MAX_ITERATIONS)
        for name in ("both_learn", "sequential", "drift"):
            fields[name] = flag(getattr(self, name), name)
        for name, value in fields.items():        # Python numbers, whatever numpy type came in
            object.__setattr__(self, name, value)


ARTICLE = CoevolutionConfig()
IMPROVED = CoevolutionConfig(max_changes=3, both_learn=True, hall_of_fame=10_000, patience=50,
                             restart_after=300, sequential=True, drift=True)
