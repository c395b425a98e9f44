"""Version 1 of the article: co-evolving full tables of both players by hill climbing.

Each iteration the losing side draws 1..10 one-cell mutations of its table and keeps the best
one (by the article's acceptance rules, ``accepts``) against the other side's current table.
Fast path: a mutation of a cell that the incumbent game never consults cannot change that game,
so only mutations of consulted cells are replayed, in place on a flat table (no copies). Its
plain twin, the article's loop with deep copies and every candidate played in full, is
``v1.plain.train_plain``: the same runs from the same draws (tested).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from tqdm.auto import tqdm

from catmouse.limits import MAX_ITERATIONS, at_most_iterations, count, table_size
from catmouse.limits import seed as seed_arg
from catmouse.rules import check_board
from catmouse.tables import initial_cat_policy, initial_mouse_policy, to_codes, to_letters
from catmouse.v1.games import TableGame, flat_board, play_flat, play_tables
from studykit.checks import choice, flag, memory
from studykit.legacy_numpy import LegacyStream, legacy_seed


@dataclass(frozen=True, eq=False)
class TabularRun:
    """History and outcome of a version-1 training run."""

    winners: np.ndarray        # "cat"/"mouse": current winner after each iteration
    rounds: np.ndarray         # round index at the end of the current game
    distances: np.ndarray      # Manhattan distance at the end of the current game
    cat_policy: np.ndarray
    mouse_policy: np.ndarray
    final_game: TableGame
    tally: dict                # iterations at whose end each side was the current winner
    log: list                  # the article's progress lines
    snapshots: dict            # iteration -> TableGame of that moment
    snapshot_policies: dict    # iteration -> (cat table, mouse table)


def accepts(cat_learns: bool, old: tuple, new: tuple, reward_longer: bool = True) -> bool:
    """The article's acceptance rules; results are (cat_won, rounds, distance).

    The cat takes a capture where the mouse escaped, a smaller end distance, an equal distance
    after a longer game (unless ``reward_longer`` is False: the ablation of that rule), or a
    faster capture; the mouse takes an escape where it was caught, or a longer game. On a single
    game it is the order of the tally keys ``v1.tally.cat_key`` and ``mouse_key`` (tested).
    """
    ow, orr, od = old
    nw, nr, nd = new
    if cat_learns:
        if not ow:
            return nw or nd < od or (reward_longer and nd == od and nr > orr)
        return nw and nr < orr
    if ow:
        return (not nw) or nr > orr
    return (not nw) and nr > orr


def uniform_below(seed: int, block: int = 1 << 15):
    """``below(k)``: an integer in [0, k) from a block of ``Generator`` uniforms (cheap per call).

    The modern stream of version 1's "fast" mode; a fresh block is drawn when one runs out and
    the uniforms are used from its end.
    """
    gen = np.random.default_rng(seed)
    pool: list[float] = []

    def below(k: int) -> int:
        if not pool:
            pool.extend(gen.random(block).tolist())
        return int(pool.pop() * k)

    return below


def learner_game(cat: list, mouse: list, board) -> tuple[tuple, set]:
    """The game's result and the states consulted by the side that learns next (the loser's)."""
    result, used = play_flat(cat, mouse, board, cat_learns=True)
    if result[0]:
        result, used = play_flat(cat, mouse, board, cat_learns=False)
    return result, used


def log_line(it: int, won: bool, rounds: int, distance: int) -> str:
    """The article's progress line at iteration ``it`` for the current game's result."""
    return (f"Iteration: {it:>6,}, Current winner: {'cat' if won else 'mouse':<5}, "
            f"number of moves until a win: {rounds:>2}, distance: {distance}")


def train_tabular(rows: int = 8, cols: int = 7, first_move: str = "cat", initial_cat: str = "WEAK",
                  iterations: int = 100_000, seed: int = 0, mode: str = "article",
                  progress: bool = False, verbose: bool = False, snapshot_every: int = 10_000,
                  log_every: int = 1_000, reward_longer: bool = True) -> TabularRun:
    """Co-evolve cat and mouse tables; ``mode="article"`` replays the article's random stream.

    Args:
        rows, cols, first_move, initial_cat: the article's config (8, 7, "cat", "WEAK").
        iterations: hill-climbing iterations (the article: 100,000).
        seed: 0 in the article; mode "article" uses the legacy stream, "fast" a ``Generator``.
        progress / verbose: tqdm bar / print the log lines as they happen.
        snapshot_every: keep the current game every this many iterations (for animations).
        reward_longer: the article's rule that a losing cat takes a longer game at the same end
            distance; False leaves it out (an ablation).
    Returns a TabularRun: per-iteration history, final tables, final game, tally and log.
    """
    rows, cols = check_board(rows, cols)
    table_size(rows, cols, what="a version-1 table")
    mode = choice(mode, "mode", ("article", "fast"))
    initial_cat = choice(initial_cat, "initial_cat", ("WEAK", "STRONG"))
    iterations = at_most_iterations(iterations)
    seed = legacy_seed(seed) if mode == "article" else seed_arg(seed)
    progress, verbose = flag(progress, "progress"), flag(verbose, "verbose")
    reward_longer = flag(reward_longer, "reward_longer")
    snapshot_every = count(snapshot_every, "snapshot_every", 0, MAX_ITERATIONS)
    log_every = count(log_every, "log_every", 1, MAX_ITERATIONS)
    board = flat_board(rows, cols, first_move)
    if snapshot_every:
        memory(16.0 * (iterations // snapshot_every + 1) * board.n ** 2, "the snapshots' tables")
    n, moves = board.n, board.moves
    cat = to_codes(initial_cat_policy(rows, cols, initial_cat)).ravel().tolist()
    mouse = to_codes(initial_mouse_policy(rows, cols)).ravel().tolist()
    below = LegacyStream(seed).draw if mode == "article" else uniform_below(seed)

    (won, r, d), used = learner_game(cat, mouse, board)
    winners, rounds_h, dist_h = (np.empty(iterations, dtype=t) for t in (bool, np.int32, np.int32))
    log, snapshots, snapshot_policies = [], {}, {}     # lines; iteration -> game, tables
    shown = (won, r, d)
    for it in tqdm(range(iterations), disable=not progress, desc="version 1"):
        if it and ((won, r, d) != shown or it % log_every == 0):
            log.append(log_line(it, won, r, d))
            if verbose:
                print(log[-1])
            shown = (won, r, d)
        if snapshot_every and it % snapshot_every == 0:
            tables = (to_letters(cat, rows, cols), to_letters(mouse, rows, cols))
            snapshots[it] = play_tables(*tables, first_move, validate=False)
            snapshot_policies[it] = tables
        cat_learns = not won
        table = cat if cat_learns else mouse
        k = below(10) + 1
        best = (won, r, d)
        best_change = best_used = None
        for _ in range(k):
            a, b, e, f = below(cols), below(rows), below(cols), below(rows)
            code = below(4)
            cell = a * rows + b if cat_learns else e * rows + f
            if moves[cell][code] < 0:
                continue
            s = (a * rows + b) * n + e * rows + f
            if s not in used or table[s] == code:
                continue  # the incumbent game never reads this cell, or nothing changes
            old = table[s]
            table[s] = code
            res, res_used = play_flat(cat, mouse, board, cat_learns)
            table[s] = old
            if accepts(cat_learns, best, res, reward_longer):
                best, best_change, best_used = res, (s, code), res_used
        if best_change is not None:
            table[best_change[0]] = best_change[1]
            won, r, d = best
            used = best_used if won != cat_learns else learner_game(cat, mouse, board)[1]
        winners[it], rounds_h[it], dist_h[it] = won, r, d
    cat_t, mouse_t = to_letters(cat, rows, cols), to_letters(mouse, rows, cols)
    final = play_tables(cat_t, mouse_t, first_move, validate=False)
    n_cat = int(winners.sum())
    return TabularRun(np.where(winners, "cat", "mouse"), rounds_h, dist_h, cat_t, mouse_t, final,
                      {"mouse": iterations - n_cat, "cat": n_cat}, log, snapshots,
                      snapshot_policies)
