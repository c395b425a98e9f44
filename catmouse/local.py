"""Version 2 of the article: hill-climbing the cat's 729-entry window policy on 5x5.

Phase 1 trains against the random mouse until every evaluation game is won, phase 2 runs a fixed
number of iterations against the notebook's smarter mouse. Each iteration builds 10 candidates
from the incumbent with 1..m random cell edits (m shrinks by one per iteration without
improvement) and keeps the best by (more wins, fewer rounds, smaller distance). All candidates of
an iteration are scored in one vectorised batch on the same games.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from tqdm.auto import tqdm

from catmouse.localgame import evaluate_batch
from catmouse.mice import check_mouse
from catmouse.stream import LegacyStream
from catmouse.window import TABLE_DIRECTIONS, TABLE_SHAPE, initial_window_table, leaves_flagged_edge


def summarize(won: np.ndarray, rounds: np.ndarray, figure: np.ndarray) -> tuple[int, float, float]:
    """(wins, mean rounds over won games, mean distance figure) of one policy's games."""
    wins = int(won.sum())
    return wins, float(np.mean(rounds[won])) if wins else float("inf"), float(np.mean(figure))


def evaluate_local(policy: np.ndarray, rows: int, cols: int, games: int = 1000, mouse: str = "smart",
                   mode: str = "article", seed: int = 0) -> tuple[int, float, float]:
    """Play a window policy (codes into R, L, U, D) on ``games`` games: (wins, mean rounds, distance)."""
    check_mouse(mouse)
    won, rounds, figure = evaluate_batch(np.asarray(policy)[None], rows, cols, games, mouse, mode, seed)
    return summarize(won[0], rounds[0], figure[0])


def _key(score):
    return (-score[0], score[1], score[2])


def _candidates(table: np.ndarray, draw, m: int, count: int) -> np.ndarray:
    out = []
    for _ in range(count):
        cand = table.copy()
        for _ in range(draw(max(1, m)) + 1):
            idx = tuple(draw(3) for _ in range(6))
            d = TABLE_DIRECTIONS[draw(4)]
            if not leaves_flagged_edge(d, idx[0], idx[1], idx[4], idx[5]):
                cand[idx] = TABLE_DIRECTIONS.index(d)
        out.append(cand)
    return np.stack(out)


@dataclass
class LocalRun:
    """Outcome of version-2 training: final table, log lines, per-iteration incumbent scores."""

    table: np.ndarray
    log: list = field(default_factory=list)
    history: list = field(default_factory=list)   # (phase, iteration, wins, mean rounds, distance)
    phase1_iterations: int = 0


def _phase(run, table, phase, mouse, iterations, last, stop_full, args, draw_for, progress, verbose):
    rows, cols, games, mode, seed, candidates, max_edits = args
    score = evaluate_local(table, rows, cols, games, mouse, mode, seed)
    shown = score
    done = 0
    for it in tqdm(range(iterations), disable=not progress, desc=f"phase {phase}"):
        if stop_full and score[0] == games:
            break
        if it and (score != shown or it % 10 == 0):
            line = (f"Iteration: {it:>6}, Number of wins: {score[0]}, avg. number of moves until a win: "
                    f"{score[1]}, avg_distance: {score[2]}")
            run.log.append(line)
            if verbose:
                print(line)
            shown = score
        cands = _candidates(table, draw_for(phase, it), max_edits - (it - last), candidates)
        won, rounds, figure = evaluate_batch(cands, rows, cols, games, mouse, mode, seed)
        best, best_k = score, None
        for k in range(candidates):
            s = summarize(won[k], rounds[k], figure[k])
            if _key(s) < _key(best):
                best, best_k = s, k
            if best_k is not None:
                last = it
        if best_k is not None:
            table, score = cands[best_k], best
        run.history.append((phase, it, *score))
        done = it + 1
    return table, done


def train_local(rows: int = 5, cols: int = 5, games: int = 1000, mode: str = "article",
                phase1_iterations: int = 1000, phase2_iterations: int = 200, candidates: int = 10,
                max_edits: int = 100, seed: int = 0, progress: bool = False,
                verbose: bool = False) -> LocalRun:
    """Train the window policy in the article's two phases; ``mode="article"`` replays its streams.

    In article mode iteration i's candidates come from ``RandomState(i)`` and game g from
    ``RandomState(g)``; ``mode="fast"`` draws both from ``Generator``s seeded from ``seed``.
    """
    if mode not in ("article", "fast"):
        raise ValueError(f"mode must be 'article' or 'fast', got {mode!r}")
    if candidates < 1 or games < 1:
        raise ValueError("candidates and games must be >= 1")

    def draw_for(phase, it):
        if mode == "article":
            return LegacyStream(it, block=4096).below
        gen = np.random.default_rng([seed, phase, it])
        return lambda n: int(gen.integers(n))

    run = LocalRun(initial_window_table())
    args = (rows, cols, games, mode, seed, candidates, max_edits)
    table, run.phase1_iterations = _phase(run, run.table, 1, "random", phase1_iterations, -1, True,
                                          args, draw_for, progress, verbose)
    table, _ = _phase(run, table, 2, "smart", phase2_iterations, 0, False, args, draw_for,
                      progress, verbose)
    run.table = table
    assert table.shape == TABLE_SHAPE
    return run
