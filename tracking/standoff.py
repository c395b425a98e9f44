"""Stand-offs at the border, for the full-game tracker team (``tracking.fullteam``).

A team whose guards hover at the border, backing away from any ghost of ours they see, and whose
attackers cross only where no ghost of ours is in sight, can hold a game at 0-0. Against it:

- **waiting to cross**: an attacker with no food to go for waits on the home border cell whose
  crossing is farthest from the threats, trying another after ``Plan.patience`` moves;
- **out of sight in phases**: after ``Plan.standoff`` own moves with nothing eaten, scored or
  carried, both agents go out of sight (``hidden``: home cells beyond sight of the enemy half) for
  as long, then play again, alternately: guards seeing no ghost come for our food. The defender
  leaves only for a Pacman off the border; the attacker crosses once every enemy is on our half or
  one step from it (``all_at_border``), until it is back home;
- **crossings apart**: in the phases where it plays, an attacker in a stand-off waits at the
  crossing farthest from its teammate (guards backing away from the ghosts they see drift towards
  the other crossing) and crosses once no threat is within ``Plan.gap`` of the crossing's far
  side; after ``Plan.patience`` moves of waiting there, or ``Plan.standoff`` returns to it (a
  way on that leads back home), it tries the next one (``split_crossing``).

``StandoffPlay`` is a mixin of ``tracking.fullteam.FullAgent``: it reads the agent's planner,
home mask, crossings, plan and threats.
"""

from __future__ import annotations

import numpy as np

from tracking.game import Observation
from tracking.maze import Maze
from tracking.sensing import SIGHT


class StandoffPlay:
    """The stand-off moves of the full-game team's agents (see the module docstring)."""

    def start_standoffs(self, maze: Maze) -> None:
        """Reset the stand-off state for a new game (after the crossings are known)."""
        self.crossing = self.apart = None              # waiting crossing; the one apart from the mate
        self.given_up, self.waited = set(), 0          # crossings apart given up; moves spent there
        self.idle = 0
        self.stall, self.sig = 0, None                 # own moves with no food, score or carry change
        self.charge = self.crossed = False             # attacker: raiding out of a stand-off
        cells = np.array(maze.cells)
        away = cells[~self.home]
        seen_from = np.abs(cells[:, None, :] - away[None, :, :]).sum(axis=2).min(axis=1)
        self.hidden = self.home & (seen_from > SIGHT)  # out of sight of every ghost on its own half

    def all_at_border(self, obs: Observation) -> bool:
        """Is every enemy (seen, else by half its belief) on our half or one step from it?"""
        near = self.to_home <= 1
        return all((near[self.maze.index[c]] if c is not None else obs.beliefs[j] @ near >= 0.5)
                   for j, c in obs.enemies.items())

    def lurk_target(self, obs: Observation, here: int) -> int | None:
        """The nearest hidden cell while in a stand-off's lurking phase (see the module docstring);
        None when playing on."""
        sig = (len(obs.food_to_eat), len(obs.food_to_defend), obs.score, obs.carrying)
        self.stall, self.sig = (self.stall + 1 if sig == self.sig else 0), sig
        standoff = (self.stall // self.plan.standoff) % 2 == 1    # lurking phases alternate with play
        if not standoff or (self.crossed and self.home[here]):
            self.charge = self.crossed = False           # an attacker's raid out of a stand-off ends
        if self.role == "attacker" and not self.charge:
            self.charge = self.all_at_border(obs)
        self.crossed = self.charge and (self.crossed or not self.home[here])
        border = self.pacmen_at_border(obs)
        deep = [j for j, c in obs.enemies.items() if obs.enemy_pacman[j]
                and (c is None or self.maze.index[c] not in border)]
        lurking = not deep if self.role == "defender" else not self.charge
        if not (standoff and not obs.carrying and lurking and self.hidden.any()):
            return None
        lurk = np.flatnonzero(self.hidden)
        return int(lurk[np.argmin(self.planner.dist[here, lurk])])

    def split_crossing(self, obs: Observation, here: int, ghost) -> int | None:
        """In a stand-off, an attacker at home: the home cell of the crossing farthest from its
        teammate (kept until another is 2 steps better), or its far side once no threat is within
        ``Plan.gap`` of it. A crossing it waited at for ``Plan.patience`` moves, or came back to
        ``Plan.standoff`` times, is given up for the others until every one has been. None when
        not in a stand-off."""
        in_standoff = self.stall >= self.plan.standoff
        if not in_standoff:
            self.given_up, self.waited = set(), 0
        mates = [self.maze.index[c] for i, c in obs.teammates.items() if i != self.index]
        if not in_standoff or self.role != "attacker" or not self.home[here] or obs.carrying or not mates:
            self.apart = None
            return None
        dist = self.planner.dist
        def score(crossing):
            return dist[mates[0], crossing[0]] - dist[here, crossing[0]]
        pool = [c for c in self.crossings if c not in self.given_up]
        if not pool:
            self.given_up, pool = set(), self.crossings
        best = max(pool, key=score)
        if self.apart not in pool or score(best) > score(self.apart) + 2:
            self.apart = best
        cell, far_side = self.apart
        self.waited += here == cell
        clear = ghost[far_side] >= self.plan.gap
        if clear and self.waited <= self.plan.standoff:
            return far_side
        if self.waited > (self.plan.standoff if clear else self.plan.patience):
            self.given_up.add(self.apart)
            self.apart, self.waited = None, 0
        return cell

    def wait_to_cross(self, here: int, ghost) -> int:
        """A home border cell whose crossing is far from the threats; another after a long wait."""
        self.idle += 1
        if self.crossing is None or self.idle > self.plan.patience:
            scores = [ghost[e] - 0.1 * self.planner.dist[here, b] + self.rng.random()
                      for b, e in self.crossings]
            self.crossing = self.crossings[int(np.argmax(scores))][0]
            self.idle = 0
        return self.crossing
