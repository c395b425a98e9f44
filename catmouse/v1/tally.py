"""Scores of a learner's games against a pool: aggregates of the results, updatable one game at a
time, and each side's lexicographic key over them (for a single game: the article's acceptance
rules)."""

from __future__ import annotations

import numpy as np


class Tally:
    """Aggregates of game results (won, rounds, dist), updatable one game at a time."""

    def __init__(self):
        self.games = self.won = self.won_rounds = self.lost_dist = self.lost_rounds = 0
        self.rounds: dict[int, int] = {}         # capture rounds of won games: their counts

    def add(self, res, sign: int = 1) -> None:
        won, r, d = res
        self.games += sign
        if won:
            self.won += sign
            self.won_rounds += sign * r
            k = self.rounds.get(r, 0) + sign
            if k:
                self.rounds[r] = k
            else:
                del self.rounds[r]
        else:
            self.lost_dist += sign * d
            self.lost_rounds += sign * r

    def add_arrays(self, won, rounds, dist, sign: int = 1) -> None:
        """``add`` for many results at once (numpy arrays: won as bool, rounds, distances)."""
        self.games += sign * len(won)
        self.won += sign * int(won.sum())
        self.won_rounds += sign * int(rounds[won].sum())
        self.lost_dist += sign * int(dist[~won].sum())
        self.lost_rounds += sign * int(rounds[~won].sum())
        values, counts = np.unique(rounds[won], return_counts=True)
        for r, games in zip(values.tolist(), counts.tolist()):
            k = self.rounds.get(r, 0) + sign * games
            if k:
                self.rounds[r] = k
            else:
                del self.rounds[r]

    def copy(self) -> Tally:
        out = Tally()
        out.__dict__.update(self.__dict__)
        out.rounds = dict(self.rounds)
        return out


def cat_key(t: Tally) -> tuple:
    """Cat's score: captures, worst and total capture time, then for evaded games smaller end
    distance and longer games (for a single game: the article's acceptance rules)."""
    return (t.won, -max(t.rounds, default=0), -t.won_rounds, -t.lost_dist, t.lost_rounds)


def mouse_key(t: Tally) -> tuple:
    """Mouse's score: evasions, then the shortest and the total survival."""
    return (t.games - t.won, min(t.rounds, default=10 ** 9), t.won_rounds + t.lost_rounds)


def worst_first(side: str, res: tuple) -> tuple:
    """A game's result ordered from the learner's worst game up (the smallest: the worst)."""
    won, r, d = res
    if side == "cat":            # evaded with the largest distance, else the slowest capture
        return (1, -r, 0, 0) if won else (0, 0, -d, r)
    return (0, r) if won else (1, r)          # caught soonest


def key_of(side: str, results) -> tuple:
    """The score of a list of game results for ``side``."""
    t = Tally()
    for res in results:
        t.add(res)
    return (cat_key if side == "cat" else mouse_key)(t)
