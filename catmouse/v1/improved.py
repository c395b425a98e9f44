"""The improved version-1 trainer: the article's co-evolution with the switches of
``CoevolutionConfig`` (several changes, stagnation handling, both sides learning, a hall of fame).

Each iteration every learning side tries its candidates (``v1.mutations``) on its pool of games
(``v1.pool``) and keeps the best one by its lexicographic score. Progress is measured at
checkpoints with ``exploitability`` (exact best responses), which never steers training unless
``stop_when_solved`` asks to stop at the first unexploitable cat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from catmouse.arguments import MAX_ITERATIONS, at_most_iterations, count, table_size
from catmouse.arguments import seed as seed_arg
from catmouse.exact.policy import Exploitability, best_response, exploitability
from catmouse.progress import close_at_count, progress_bar
from catmouse.rules import check_board, check_first_move
from catmouse.tables import (
    initial_cat_policy,
    initial_mouse_policy,
    random_mouse_codes,
    to_codes,
    to_letters,
)
from catmouse.v1 import fastwalk
from catmouse.v1.anneal import accept_worse, mouse_energy, temperature_at
from catmouse.v1.config import IMPROVED, CoevolutionConfig
from catmouse.v1.fastpool import FastArena
from catmouse.v1.games import flat_board
from catmouse.v1.mutations import propose_changes
from catmouse.v1.plainpool import PlainArena
from catmouse.v1.pool import Arena
from catmouse.v1.speed import FAST, Speed
from catmouse.v1.tally import key_of
from studykit.checks import choice, flag, memory
from studykit.twister import Twister

OTHER = {"cat": "mouse", "mouse": "cat"}


@dataclass(frozen=True)
class Checkpoint:
    """Both tables measured exactly at one iteration, with the trainer's own scores then."""

    iteration: int
    cat: Exploitability          # the cat table against a best-responding mouse
    mouse: Exploitability        # the mouse table against a best-responding cat
    cat_score: tuple             # the cat's training score on its pool (``tally.cat_key``)
    mouse_score: tuple


@dataclass(frozen=True, eq=False)
class CoevolutionRun:
    """Final tables and the exact checkpoints of an improved co-evolution run."""

    cat_policy: np.ndarray
    mouse_policy: np.ndarray
    checkpoints: tuple            # Checkpoint per measurement
    solved_at: int | None         # first checkpoint at which the cat was unexploitable
    iterations: int               # iterations actually run
    pool_sizes: tuple             # (mice in the cat's pool, cats in the mouse's pool)
    stopped_at: int | None        # the iteration at which early stopping ended the run
    worse_moves: int              # worse mouse candidates accepted by annealing


def arena_for(side: str, table: list, board, sequential: bool, speed: Speed):
    """The pool arena of one side, as ``speed.arena`` says (``FastArena`` may reorder its index
    when proposals are sequential, i.e. never read its order)."""
    if speed.arena == "fast":
        return FastArena(side, table, board, keep_order=not sequential, speed=speed)
    if speed.arena == "indexed":
        return Arena(side, table, board, speed)
    return PlainArena(side, table, board)


def check_improved(rows, cols, first_move, initial_cat, iterations, seed, config,
                   checkpoint_every) -> tuple[int, int, int, int, int]:
    """The arguments of ``train_tabular_improved`` checked (rows, cols, iterations, seed and
    checkpoint_every returned as Python ints), the hall of fame within this machine's memory."""
    rows, cols = check_board(rows, cols)
    table_size(rows, cols, what="a version-1 table")
    check_first_move(first_move)
    choice(initial_cat, "initial_cat", ("WEAK", "STRONG"))
    iterations = at_most_iterations(iterations)
    seed = seed_arg(seed)
    if not isinstance(config, CoevolutionConfig):
        raise TypeError(f"config must be a CoevolutionConfig (e.g. catmouse.IMPROVED), got "
                        f"{type(config).__name__}")
    checkpoint_every = count(checkpoint_every, "checkpoint_every", 0, MAX_ITERATIONS)
    pool = 2 + min(max(config.hall_of_fame, 1), iterations)
    memory(24.0 * pool * (rows * cols) ** 2, f"a pool of up to {pool:,} past tables")
    return rows, cols, iterations, seed, checkpoint_every


class Coevolution:
    """One improved co-evolution in progress: both tables, each side's pool arena (the other
    side's current table in slot 0, then its hall of fame), the stagnation counters and the
    checkpoints. ``train_tabular_improved`` runs it one iteration at a time (``iterate``)."""

    def __init__(self, rows: int, cols: int, first_move: str, initial_cat: str,
                 config: CoevolutionConfig, speed: Speed, rng, arenas: dict):
        self.rows, self.cols, self.first_move = rows, cols, first_move
        self.config, self.rng, self.arenas = config, rng, arenas
        board = flat_board(rows, cols, first_move)
        self.n = board.n
        self.tables = {"cat": to_codes(initial_cat_policy(rows, cols, initial_cat)).ravel().tolist(),
                       "mouse": to_codes(initial_mouse_policy(rows, cols)).ravel().tolist()}
        arenas.update((side, arena_for(side, self.tables[side], board, config.sequential, speed))
                      for side in self.tables)
        arenas["cat"].set_slot(0, list(self.tables["mouse"]))
        arenas["mouse"].set_slot(0, list(self.tables["cat"]))
        self.stale = {"cat": 0, "mouse": 0}
        self.jump = {"cat": config.max_changes, "mouse": config.max_changes}
        self.checkpoints: list[Checkpoint] = []
        self.solved_at: int | None = None
        self.worse_moves = 0
        self.admitted = False            # is the current mouse already in the hall of fame?

    def letters(self, side: str) -> np.ndarray:
        """``side``'s table as letters."""
        return to_letters(self.tables[side], self.rows, self.cols)

    def admit(self, side: str, table: list) -> None:
        """Add a snapshot of ``side``'s table to the opponent's hall of fame (FIFO)."""
        if not self.config.hall_of_fame:
            return
        arena = self.arenas[OTHER[side]]
        arena.add(list(table))
        if arena.pool() > 1 + self.config.hall_of_fame:
            arena.drop_oldest()

    def changed(self, side: str) -> None:
        """``side``'s table changed: refresh the opponent's current slot, maybe admit it."""
        opp = self.arenas[OTHER[side]]
        worst = max(opp.tally.rounds, default=-1)          # before the new game counts
        opp.set_slot(0, list(self.tables[side]))
        won, rounds, _ = opp.result(0)
        if side == "mouse" and self.config.admit == "strong" and (not won or rounds > worst):
            self.admit(side, self.tables[side])

    def measure(self, it: int) -> bool:
        """Record a checkpoint; True if the cat is unexploitable."""
        cat_x = exploitability(cat_policy=self.letters("cat"), first_move=self.first_move)
        mouse_x = exploitability(mouse_policy=self.letters("mouse"), first_move=self.first_move)
        self.checkpoints.append(Checkpoint(it, cat_x, mouse_x, self.arenas["cat"].score(),
                                           self.arenas["mouse"].score()))
        solved = cat_x.wins and cat_x.lost_moves == 0
        if solved and self.solved_at is None:
            self.solved_at = it
        return solved

    def add_best_responses(self) -> None:
        """Each side's pool gains the exact best response to the other's table, oldest dropped."""
        cat_t, mouse_t = self.letters("cat"), self.letters("mouse")
        self.arenas["cat"].add(to_codes(best_response(cat_policy=cat_t)).ravel().tolist())
        self.arenas["mouse"].add(to_codes(best_response(mouse_policy=mouse_t)).ravel().tolist())
        for arena in self.arenas.values():
            while arena.pool() > 1 + max(self.config.hall_of_fame, 1):
                arena.drop_oldest()

    def iterate(self, it: int) -> None:
        """One iteration: the exact best responses when due, then each learning side climbs."""
        if self.config.best_response_every and it % self.config.best_response_every == 0:
            self.add_best_responses()
        cat_winning = self.arenas["cat"].result(0)[0]
        for side in ("cat", "mouse"):
            if self.config.both_learn or (side == "cat") != cat_winning:
                self.climb(side, it)

    def best_candidate(self, side: str, it: int):
        """``side``'s candidates tried on its pool: the best improving one as (its score,
        (changes, replayed games)), a neutral one under drift, or under annealing maybe the
        least bad worse one; (score, None) when none is taken."""
        config, arena, rng = self.config, self.arenas[side], self.rng
        best = arena.score()
        best_trial = worse = None
        k = config.candidates or rng.randint(1, 10)
        drift = config.drift and side == "mouse"
        anneal = config.temperature > 0 and side == "mouse"
        for _ in range(k):
            changes = propose_changes(arena, rng.randint(1, self.jump[side]), rng, config.sequential)
            key, replayed = arena.trial(changes, None if anneal else best)
            if key is not None and (key > best or (drift and best_trial is None and key == best)):
                best, best_trial = key, (changes, replayed)
            elif anneal and key < best and (worse is None or key > worse[0]):
                worse = (key, changes, replayed)
        if best_trial is None and worse is not None:
            drop = mouse_energy(arena.score(), self.n) - mouse_energy(worse[0], self.n)
            if accept_worse(drop, temperature_at(it, config.temperature, config.half_life), rng):
                best_trial = worse[1:]
                self.worse_moves += 1
        return best, best_trial

    def climb(self, side: str, it: int) -> None:
        """One hill-climbing step of ``side``; on stagnation, longer jumps or a fresh mouse."""
        config, arena = self.config, self.arenas[side]
        best, best_trial = self.best_candidate(side, it)
        if best_trial is not None:
            improved = best > arena.score()          # False: a neutral move (drift)
            before = arena.result(0)
            arena.commit(*best_trial)
            if (side == "cat" and config.admit == "beaten" and not self.admitted
                    and key_of("cat", [arena.result(0)]) > key_of("cat", [before])):
                self.admit("mouse", self.tables["mouse"])    # the current mouse, just beaten
                self.admitted = True
            if side == "mouse":
                self.admitted = False
            self.changed(side)
            if improved:
                self.stale[side], self.jump[side] = 0, config.max_changes
                return
        self.stale[side] += 1
        if config.patience and self.stale[side] % config.patience == 0:
            self.jump[side] = min(2 * self.jump[side], 16 * config.max_changes)
        if side == "mouse" and config.restart_after and self.stale[side] >= config.restart_after:
            self.tables["mouse"][:] = random_mouse_codes(self.rows, self.cols, self.rng)
            self.admitted = False
            arena.replay_all()
            self.changed("mouse")
            self.stale["mouse"], self.jump["mouse"] = 0, config.max_changes


def begin(rows: int, cols: int, first_move: str, initial_cat: str, seed: int,
          config: CoevolutionConfig, speed: Speed = FAST, arenas: dict | None = None):
    """The start of a run whose arguments are checked (``check_improved``): its seeded stream
    and both tables, as ``train_tabular_improved`` starts it (``v1.twin`` starts it so too)."""
    fastwalk.load()    # every run, whatever the config: see there
    # sequential proposals walk in compiled code drawing from a Twister (random.Random's stream)
    rng = Twister(seed) if config.sequential and speed.compiled_walk else random.Random(seed)
    return Coevolution(rows, cols, first_move, initial_cat, config, speed, rng,
                       {} if arenas is None else arenas)


def train_tabular_improved(rows: int = 8, cols: int = 7, first_move: str = "cat",
                           initial_cat: str = "WEAK", iterations: int = 100_000, seed: int = 0,
                           config: CoevolutionConfig = IMPROVED, checkpoint_every: int = 1_000,
                           stop_when_solved: bool = False, progress: bool = False,
                           speed: Speed = FAST, arenas: dict | None = None) -> CoevolutionRun:
    """Co-evolve cat and mouse tables with the improvements switched on in ``config``.

    Args:
        rows, cols, first_move, initial_cat: the game and the cat's starting table.
        iterations: hill-climbing iterations (one iteration: each learning side tries its
            candidates).
        seed: seeds a ``random.Random`` (scalar-heavy loop; a ``studykit.twister.Twister``, the
            same stream, when the walks are compiled: ``v1.fastwalk``).
        config: ``ARTICLE`` (the article's scheme), ``IMPROVED`` (all of its fixes) or any mix.
        checkpoint_every: measure both tables against exact best responses this often (0: never).
        stop_when_solved: stop at the first checkpoint where the cat is unexploitable (it captures
            a best-responding mouse in the optimal number of moves); only the stopping uses the
            solver.
        speed: the speed-ups used (``v1.speed``; ``PLAIN``: none), with the same results (but for
            non-sequential proposals with ``PLAIN``: see ``v1.plainpool``).
        arenas: a dict that receives the two pool arenas by side at the end (for benchmarks).
    """
    rows, cols, iterations, seed, checkpoint_every = check_improved(
        rows, cols, first_move, initial_cat, iterations, seed, config, checkpoint_every)
    flag(stop_when_solved, "stop_when_solved")
    flag(progress, "progress")
    if arenas is not None and not isinstance(arenas, dict):
        raise TypeError(f"arenas must be a dict (filled with the run's arenas) or None, got "
                        f"{type(arenas).__name__}")
    if not isinstance(speed, Speed):
        raise TypeError(f"speed must be a catmouse.v1.speed.Speed, got {type(speed).__name__}")
    run = begin(rows, cols, first_move, initial_cat, seed, config, speed, arenas)
    it, stopped_at = 0, None
    bar = progress_bar(iterations, progress, "co-evolution")
    for it in range(1, iterations + 1):
        bar.update()
        run.iterate(it)
        if checkpoint_every and it % checkpoint_every == 0 and run.measure(it) and stop_when_solved:
            break
        if config.stop_after and run.stale["cat"] >= config.stop_after:
            stopped_at = it
            break
    close_at_count(bar)                   # full at the iterations run, even after an early stop
    if checkpoint_every and (not run.checkpoints or run.checkpoints[-1].iteration != it):
        run.measure(it)
    return CoevolutionRun(run.letters("cat"), run.letters("mouse"), tuple(run.checkpoints),
                          run.solved_at, it, (run.arenas["cat"].pool(), run.arenas["mouse"].pool()),
                          stopped_at, run.worse_moves)
