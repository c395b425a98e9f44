"""Seeded matches between agents, and duels (one pairing played in both seats)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
from tqdm.auto import tqdm

from mix.board import Board, Geometry
from mix.play.agentchecks import check_agent, check_match
from mix.play.agents import make_agent
from studykit.stats import Estimate


@dataclass(frozen=True)
class MatchResult:
    """Outcome counts of ``games`` games and the mean game length in moves."""

    x_wins: int
    o_wins: int
    draws: int
    mean_length: float
    horizontal_share: float = float("nan")

    @property
    def games(self) -> int:
        return self.x_wins + self.o_wins + self.draws

    def share(self, which: str = "x") -> Estimate:
        """Share of X wins ('x'), O wins ('o') or draws ('d'): its mean and binomial SE."""
        counts = {"x": self.x_wins, "o": self.o_wins, "d": self.draws}
        if not isinstance(which, str) or which not in counts:
            raise ValueError(f"which must be 'x', 'o' or 'd', got {which!r}")
        if self.games == 0:
            raise ValueError("a match of no games has no share")
        return Estimate.share(counts[which], self.games)

    def rate(self, which: str = "x") -> tuple[float, float]:
        """``share(which)``'s mean and its 95% normal half-width (1.96 SE)."""
        e = self.share(which)
        return e.mean, e.half_width()


def play_game(x_agent, o_agent, rng: random.Random, g: Geometry) -> Board:
    """Play one game to the end and return the final board."""
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}")
    if not isinstance(g, Geometry):
        raise TypeError(f"g must be a mix.Geometry, got {type(g).__name__}")
    for name, agent in (("x_agent", x_agent), ("o_agent", o_agent)):
        if not hasattr(agent, "choose"):
            raise TypeError(f"{name} must be an agent (an object with choose), got "
                            f"{type(agent).__name__}; names go to match")
    b, agents = Board(geometry=g), (x_agent, o_agent)
    while not b.is_over():
        b.play(agents[b.turn].choose(b, rng))
    return b


def _horizontal(b: Board) -> bool:
    s, h = b.stones[b.winner], b.g.height
    return bool(s & (s >> h) & (s >> 2 * h) & (s >> 3 * h)) if b.g.k == 4 else False


def match(x_agent, o_agent, games: int, seed: int = 0, rows: int = 10, cols: int = 20,
          diagonals: bool = False, progress: bool = False) -> MatchResult:
    """Play ``games`` seeded games, ``x_agent`` moving first; agents by name or object."""
    games, seed, g = check_match(x_agent, o_agent, games, seed, rows, cols, diagonals, progress)
    x, o = make_agent(x_agent), make_agent(o_agent)
    seeds = np.random.SeedSequence(seed).generate_state(games)
    counts, length, horiz = [0, 0, 0], 0, 0
    for s in tqdm(seeds, disable=not progress, desc="games"):
        b = play_game(x, o, random.Random(int(s)), g)
        counts[2 if b.winner is None else b.winner] += 1
        length += b.moves
        horiz += b.winner is not None and _horizontal(b)
    wins = counts[0] + counts[1]
    return MatchResult(counts[0], counts[1], counts[2], length / games,
                       horiz / wins if wins else float("nan"))


@dataclass(frozen=True)
class DuelResult:
    """One pairing played in both seats: the two matches, and derived from them the agent's win
    share as X and as O (each an ``Estimate``: mean and SE), the draws and the game length."""

    as_x: MatchResult
    as_o: MatchResult

    @property
    def win_as_x(self) -> Estimate:
        return self.as_x.share("x")

    @property
    def win_as_o(self) -> Estimate:
        return self.as_o.share("o")

    @property
    def draws(self) -> float:
        """The share of draws over both seats."""
        return (self.as_x.draws + self.as_o.draws) / (self.as_x.games + self.as_o.games)

    @property
    def length(self) -> float:
        """The mean game length in moves over both seats."""
        return (self.as_x.mean_length + self.as_o.mean_length) / 2


def duel(agent, opponent, games: int, seed: int = 0, **kw) -> DuelResult:
    """``agent`` against ``opponent`` in both seats (``seed`` as X, ``seed + 1`` as O)."""
    rows, cols = kw.get("rows", 10), kw.get("cols", 20)
    if isinstance(rows, int) and isinstance(cols, int):   # else match names rows/cols itself
        agent, opponent = check_agent(agent, "agent", rows, cols), check_agent(opponent, "opponent",
                                                                               rows, cols)
    return DuelResult(match(agent, opponent, games, seed, **kw),
                      match(opponent, agent, games, seed + 1, **kw))


def duel_trial(agent, opponent, games: int, seed: int, rows: int = 10, cols: int = 20) -> dict:
    """A picklable ``duel`` for ``studykit.run_sweep`` (agents given by name or object): a flat
    record of its numbers (win shares and their SEs, draws, mean length), a row of a table."""
    d = duel(agent, opponent, games, seed, rows=rows, cols=cols)
    x, o = d.win_as_x, d.win_as_o
    return {"win_as_x": x.mean, "se_x": x.se, "win_as_o": o.mean, "se_o": o.se,
            "draws": d.draws, "length": d.length}
