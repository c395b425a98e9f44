"""Simulated annealing and early stopping for the co-evolution trainer (the article's proposals).

The article suggests detecting when the players stop improving, "to permit either early
stopping, or ... something like simulated annealing" (accepting a policy that looks weaker, to
leave a local optimum). In ``catmouse.v1.improved`` both are switches of ``CoevolutionConfig``:

* ``temperature`` / ``half_life``: when none of an iteration's candidates improves the mouse,
  its best worse candidate is accepted with probability ``exp(-drop / T)``, where ``drop`` is
  the loss in ``mouse_energy`` (rounds survived, an evasion counting as ``bound`` rounds) and
  ``T`` halves every ``half_life`` iterations (``temperature_at``);
* ``stop_after``: the run stops once the cat's training score has not improved for this many
  iterations in a row (no mouse the trainer found in that time made the cat change).

This module holds the pure rules (schedule, energy, acceptance); the trainer calls them.
"""

from __future__ import annotations

import math
import random

from catmouse.arguments import MAX_ITERATIONS, number
from studykit.checks import whole


def check_schedule(temperature: float, half_life: int) -> tuple[float, int]:
    """Refuse a temperature that is not a finite number >= 0, or a half-life below 1 iteration;
    returns them as a Python float and int."""
    return number(temperature, "temperature", low=0), whole(half_life, "half_life", 1)


def temperature_at(iteration: int, temperature: float, half_life: int) -> float:
    """The annealing temperature at ``iteration``: ``temperature`` halved every ``half_life``."""
    temperature, half_life = check_schedule(temperature, half_life)
    iteration = whole(iteration, "iteration", 0, MAX_ITERATIONS)
    return temperature * 0.5 ** (iteration / half_life)


def mouse_energy(key: tuple, bound: int) -> int:
    """A mouse training score (``v1.tally.mouse_key``: evasions, shortest, total survival) as one
    number: each evasion counts ``bound`` rounds, plus the total rounds survived."""
    if bound < 1:
        raise ValueError(f"bound must be >= 1, got {bound}")
    evasions, _, total = key
    return evasions * bound + total


def accept_worse(drop: float, temperature: float, rng: random.Random) -> bool:
    """Metropolis rule: accept a candidate ``drop`` worse with probability ``exp(-drop / T)``.

    A drop <= 0 (not worse) is always accepted; at temperature 0 nothing worse is, and no random
    number is drawn (so a run with annealing off keeps its random stream).
    """
    if drop <= 0:
        return True
    if temperature <= 0:
        return False
    return rng.random() < math.exp(-drop / temperature)
