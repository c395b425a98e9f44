"""One team's trackers of both enemies in the capture game, fed only with what the team may know.

The team learns from two sources, as in the contest:
- public events, in the order they happened: an enemy moved (a time update of that enemy's
  belief only), an enemy was caught (it is back at its start), an enemy ate food on our half
  (it stands on that cell), an enemy ghost caught one of ours (it stands where ours fell);
- the sensing of the agent whose turn it is: an enemy within Manhattan distance 5 of either
  teammate is seen exactly; otherwise a noisy distance from the acting agent, the knowledge
  that the enemy is farther than 5 from both teammates, and which half it is on (the contest
  tells every agent whether each enemy is a Pacman).
"""

from __future__ import annotations

import numpy as np

from studykit.checks import choice, flag
from tracking.checks import cell_list, free_cell
from tracking.filters import ExactFilter
from tracking.maze import Maze
from tracking.sensing import NOISE, SIGHT, checked_reading


def team_of(index: int) -> str:
    """Agents 0 and 2 are red (left half), 1 and 3 blue (right half)."""
    return "red" if index % 2 == 0 else "blue"


def home_mask(maze: Maze, team: str) -> np.ndarray:
    """Bool over the free cells: True on the half ``team`` defends (where its agents are ghosts;
    red's is x < width / 2, the contest engine's rule, as ``CaptureGame.is_pacman``)."""
    x = maze.coords()[:, 0]
    return x < maze.width / 2 if team == "red" else x >= maze.width / 2


class TeamTracker:
    """Exact filters of both enemies for one team; ``beliefs`` maps enemy index -> (n,) belief."""

    def __init__(self, maze: Maze, team: str, *, motion: str = "uniform", beta: float = 10.0,
                 mix: float = 0.05):
        if not isinstance(maze, Maze):
            raise TypeError(f"maze must be a Maze, got {type(maze).__name__}")
        team = choice(team, "team", ("red", "blue"))
        self.maze, self.team = maze, team
        self.enemies = [i for i in sorted(maze.starts) if team_of(i) != team]
        self.filters = {j: ExactFilter(maze, maze.starts[j], motion=motion, beta=beta, mix=mix)
                        for j in self.enemies}
        self.home = home_mask(maze, team)          # an enemy here is a Pacman
        self.away = ~self.home
        self._far = {}                             # cell -> Manhattan distance to every free cell
        self._out_of_sight = {}                    # cell -> bool, cells farther than SIGHT from it
        self.cursor = 0                            # events of the public log already applied

    def _manhattan(self, cell: tuple) -> np.ndarray:
        if cell not in self._far:
            self._far[cell] = self.maze.manhattan(cell)
        return self._far[cell]

    def _hidden(self, cell: tuple) -> np.ndarray:
        if cell not in self._out_of_sight:
            self._out_of_sight[cell] = self._manhattan(cell) > SIGHT
        return self._out_of_sight[cell]

    def _point(self, cell: tuple) -> np.ndarray:
        like = np.zeros(self.maze.n)
        like[self.maze.index[tuple(cell)]] = 1.0
        return like

    def apply_events(self, log: list) -> None:
        """Apply the public events logged since the last call (see ``tracking.game`` for their form)."""
        if not isinstance(log, list) or not all(isinstance(e, tuple) and len(e) >= 2 for e in log[self.cursor:]):
            raise TypeError("log must be the game's list of public events (tuples such as ('move', 1))")
        for event in log[self.cursor:]:
            kind, who = event[0], event[1]
            if kind == "move" and who in self.filters:
                self.filters[who].predict()
            elif kind in ("food", "capsule") and who in self.filters:
                self.filters[who].observe(self._point(event[2])[None])
            elif kind == "capture":
                victim, captor, cell = who, event[2], event[3]
                if victim in self.filters:
                    self.filters[victim].reset(self.maze.starts[victim])
                elif captor in self.filters:
                    self.filters[captor].observe(self._point(cell)[None])
        self.cursor = len(log)

    def observe(self, acting: tuple, teammates, seen: dict, readings: dict, pacman: dict) -> None:
        """The acting agent's sensing: exact cells of seen enemies, else its readings and the halves."""
        acting, teammates, seen, readings, pacman = self.checked_sensing(acting, teammates, seen,
                                                                         readings, pacman)
        for j, filt in self.filters.items():
            if seen.get(j) is not None:
                like = self._point(seen[j])
            else:                                  # one boolean mask, then 1/13 where it holds
                d = self._manhattan(tuple(acting))
                ok = np.abs(readings[j] - d) <= NOISE
                for mate in teammates:
                    ok &= self._hidden(tuple(mate))
                ok &= self.home if pacman[j] else self.away
                like = ok / (2 * NOISE + 1)
            filt.observe(like[None])

    def checked_sensing(self, acting, teammates, seen, readings, pacman) -> tuple:
        """``observe``'s arguments checked (plain free cells, a dict entry per enemy, whole-number
        readings that can occur in the maze, True/False halves); cheap when they are plain."""
        def free(value, name):
            return value if type(value) is tuple and value in self.maze.index else free_cell(self.maze, value, name)

        acting = free(acting, "acting")
        teammates = [free(m, "teammates") for m in cell_list(teammates, "teammates")]
        for name, table in (("seen", seen), ("readings", readings), ("pacman", pacman)):
            if not isinstance(table, dict) or any(j not in table for j in self.filters):
                raise TypeError(f"{name} must be a dict with an entry for each enemy {list(self.filters)}")
        seen = {j: None if seen[j] is None else free(seen[j], "seen") for j in self.filters}
        readings = {j: readings[j] if seen[j] is not None or (type(readings[j]) is int and -NOISE <= readings[j]
                    <= self.maze.width + self.maze.height - 2 + NOISE) else checked_reading(self.maze, readings[j], "readings")
                    for j in self.filters}
        pacman = {j: flag(pacman[j], "pacman") for j in self.filters}
        return acting, teammates, seen, readings, pacman

    @property
    def beliefs(self) -> dict:
        """Enemy index -> current belief over the free cells (a copy)."""
        return {j: f.belief[0].copy() for j, f in self.filters.items()}

    @property
    def recoveries(self) -> int:
        """How often a belief lost all its mass and was re-seeded from the evidence."""
        return sum(f.recoveries for f in self.filters.values())
