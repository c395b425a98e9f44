"""Version 2 of the article: hill-climbing the cat's 729-entry window table on 5x5.

Phase 1 trains against the random mouse until every evaluation game is won, phase 2 runs a fixed
number of iterations against the notebook's smarter mouse. Each iteration builds 10 candidates
from the incumbent with 1..m random cell edits (m shrinks by one per iteration without
improvement) and keeps the best by (more wins, fewer rounds, smaller distance). All candidates of
an iteration are scored in one vectorised batch on the same games.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from catmouse.arguments import at_most_iterations, count
from catmouse.progress import close_at_count, progress_bar
from catmouse.rules import CODE, DIRECTIONS
from catmouse.v2.games import check_games, evaluate_batch
from catmouse.v2.window import initial_window_table, leaves_flagged_edge, validate_window_table
from studykit.checks import flag
from studykit.legacy_numpy import LegacyStream


@dataclass(frozen=True)
class LocalScore:
    """One policy's games: wins, mean rounds over won games (inf: none), mean distance figure."""

    wins: int
    mean_rounds: float
    distance: float

    @property
    def key(self) -> tuple:
        """Smaller is better: more wins, then fewer rounds, then a smaller distance."""
        return (-self.wins, self.mean_rounds, self.distance)


def summarize(won: np.ndarray, rounds: np.ndarray, figure: np.ndarray) -> LocalScore:
    """The score of one policy's per-game outcomes."""
    wins = int(won.sum())
    return LocalScore(wins, float(np.mean(rounds[won])) if wins else float("inf"),
                      float(np.mean(figure)))


def evaluate_local(policy: np.ndarray, rows: int, cols: int, games: int = 1000,
                   mouse: str = "smart", mode: str = "article", seed: int = 0) -> LocalScore:
    """Play a window table (codes into R, L, U, D) on ``games`` games and score it."""
    check_games(rows, cols, games, mouse, mode, seed, "mouse")
    policy = validate_window_table(policy, "policy")
    out = evaluate_batch(policy[None], rows, cols, games, mouse, mode, seed)
    return summarize(out.won[0], out.rounds[0], out.figure[0])


def candidate_tables(table: np.ndarray, draw, m: int, count: int) -> np.ndarray:
    """``count`` copies of ``table``, each with 1..max(1, m) random edits (the article's draws:
    the number of edits, then per edit six local indices and a direction; an edit that would
    leave through a flagged edge is dropped)."""
    out = []
    for _ in range(count):
        cand = table.copy()
        for _ in range(draw(max(1, m)) + 1):
            idx = tuple(draw(3) for _ in range(6))
            d = DIRECTIONS[draw(4)]
            if not leaves_flagged_edge(d, idx[0], idx[1], idx[4], idx[5]):
                cand[idx] = CODE[d]
        out.append(cand)
    return np.stack(out)


@dataclass(frozen=True, eq=False)
class LocalRun:
    """Outcome of version-2 training: final table, log lines, per-iteration incumbent scores."""

    table: np.ndarray
    log: list                 # the article's progress lines
    history: list             # (phase, iteration, wins, mean rounds, distance) per iteration
    phase1_iterations: int

    def wins(self, phase: int) -> list[int]:
        """The incumbent's wins after each iteration of ``phase``."""
        return [w for p, _, w, _, _ in self.history if p == phase]

    def win_changes(self, phase: int) -> list[int]:
        """The incumbent's wins in ``phase`` each time they changed (the first value included)."""
        wins = self.wins(phase)
        return [w for k, w in enumerate(wins) if k == 0 or w != wins[k - 1]]

    def first_all_won(self, phase: int, games: int) -> int | None:
        """Iterations of ``phase`` until the incumbent won all ``games`` (None: never)."""
        return next((it + 1 for p, it, w, _, _ in self.history if p == phase and w == games), None)

    def last_improvement(self) -> int:
        """The iteration (counting both phases from 1) of the last change of the incumbent's
        scores (0: never)."""
        scores = [h[2:] for h in self.history]
        changed = [k for k in range(1, len(scores)) if scores[k] != scores[k - 1]]
        return changed[-1] + 1 if changed else 0


def _phase(log, history, table, phase, mouse, iterations, last, stop_full, args, draw_for,
           progress, verbose):
    rows, cols, games, mode, seed, count, max_edits = args
    score = evaluate_local(table, rows, cols, games, mouse, mode, seed)
    shown = score
    done = 0
    bar = progress_bar(iterations, progress, f"phase {phase}")
    for it in range(iterations):
        if stop_full and score.wins == games:
            break
        bar.update()
        if it and (score != shown or it % 10 == 0):
            line = (f"Iteration: {it:>6}, Number of wins: {score.wins}, avg. number of moves until "
                    f"a win: {score.mean_rounds}, avg_distance: {score.distance}")
            log.append(line)
            if verbose:
                print(line)
            shown = score
        cands = candidate_tables(table, draw_for(phase, it), max_edits - (it - last), count)
        out = evaluate_batch(cands, rows, cols, games, mouse, mode, seed)
        best, best_k = score, None
        for k in range(count):
            s = summarize(out.won[k], out.rounds[k], out.figure[k])
            if s.key < best.key:
                best, best_k = s, k
            if best_k is not None:
                last = it
        if best_k is not None:
            table, score = cands[best_k], best
        history.append((phase, it, score.wins, score.mean_rounds, score.distance))
        done = it + 1
    close_at_count(bar)                   # full at the iterations run, even after an early stop
    return table, done


def train_local(rows: int = 5, cols: int = 5, games: int = 1000, mode: str = "article",
                phase1_iterations: int = 1000, phase2_iterations: int = 200, candidates: int = 10,
                max_edits: int = 100, seed: int = 0, progress: bool = False,
                verbose: bool = False) -> LocalRun:
    """Train the window table in the article's two phases; ``mode="article"`` replays its streams.

    In article mode iteration i's candidates come from ``RandomState(i)`` and game g from
    ``RandomState(g)``; ``mode="fast"`` draws both from ``Generator``s seeded from ``seed``.
    """
    candidates = count(candidates, "candidates", 1, 1_000)
    rows, cols, games, _, mode, seed = check_games(rows, cols, games, "smart", mode, seed, "mouse",
                                                   candidates)
    phase1_iterations = at_most_iterations(phase1_iterations, "phase1_iterations")
    phase2_iterations = at_most_iterations(phase2_iterations, "phase2_iterations")
    max_edits = count(max_edits, "max_edits", 1, 729)
    progress, verbose = flag(progress, "progress"), flag(verbose, "verbose")

    def draw_for(phase, it):
        if mode == "article":
            return LegacyStream(it, block=4096).draw
        gen = np.random.default_rng([seed, phase, it])
        return lambda n: int(gen.integers(n))

    log, history = [], []
    args = (rows, cols, games, mode, seed, candidates, max_edits)
    table, phase1 = _phase(log, history, initial_window_table(), 1, "random", phase1_iterations,
                           -1, True, args, draw_for, progress, verbose)
    table, _ = _phase(log, history, table, 2, "smart", phase2_iterations, 0, False, args,
                      draw_for, progress, verbose)
    return LocalRun(table, log, history, phase1)
