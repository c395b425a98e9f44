"""Version 2's candidate scoring as the article runs it, straightforwardly: the plain twin of
``v2.games.evaluate_batch`` (the tests and ``bench_catmouse`` compare both)."""

from __future__ import annotations

import numpy as np

from catmouse.v2.article import LocalScore, candidate_tables, summarize
from catmouse.v2.games import play_local
from studykit.legacy_numpy import LegacyStream


def plain_scores(table: np.ndarray, it: int, games: int = 1000, rows: int = 5, cols: int = 5,
                 mouse: str = "random") -> tuple[np.ndarray, list[LocalScore]]:
    """Iteration ``it``'s 10 candidates and their scores, each candidate playing ``games`` games
    one at a time, game g reseeding a legacy generator and calling ``choice`` per draw."""
    cands = candidate_tables(table, LegacyStream(it).below, 100 - (it + 1), 10)
    scores = []
    for cand in cands:
        res = []
        for g in range(games):
            rs = np.random.RandomState(g)
            res.append(play_local(cand, rows, cols, mouse,
                                  lambda rs=rs: "UDLR".index(rs.choice(["U", "D", "L", "R"]))))
        scores.append(summarize(np.array([r.won for r in res]), np.array([r.rounds for r in res]),
                                np.array([r.figure for r in res])))
    return cands, scores
