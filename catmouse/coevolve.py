"""An improved version-1 trainer: the article's own list of limitations, each one a switch.

The article improves only the losing side, by one-cell changes scored on one game against the
opponent's current table. ``CoevolutionConfig`` turns on, one by one:

* ``max_changes``: several cells changed per candidate;
* ``patience`` / ``restart_after``: stagnation detection, with larger jumps (the number of changes
  doubles after ``patience`` iterations without improvement) and, for the mouse, a restart from a
  fresh random table after ``restart_after`` (its old table stays in the cat's hall of fame);
* ``drift``: on a plateau the mouse also accepts a candidate that scores exactly as well (a
  neutral move: a different line of play that survives as long), so it wanders along the
  plateau until a change makes it survive longer; neutral moves do not count as progress;
* ``both_learn``: the winning side keeps learning too;
* ``hall_of_fame``: the cat's candidates are scored against the current mouse plus up to this many
  strong past mice (each mouse that evades the cat, or outlasts every mouse in the pool, joins),
  not only the current one; the mouse keeps sparring with the current cat (its job is to find
  the cat's weaknesses);
* ``sequential``: a candidate's several changes follow one game's path, so one candidate can
  make a detour several moves long (the mouse) or repair a whole line of play (the cat);
* ``temperature`` / ``half_life`` (off by default): simulated annealing for the mouse, and
  ``stop_after``: early stopping once the cat stops improving (``catmouse.anneal``);
* ``best_response_every`` (off by default): the exact best response joins the pool (the solver as
  sparring partner, for comparison only).

Scores are lexicographic and reduce to the article's acceptance rules for a single opponent. A
change to a cell that no scoring game consults cannot change any score, so mutations are drawn
among consulted cells and only the games that consult a changed cell are replayed.
Progress is measured with ``exploitability`` (exact best responses), never used for training.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
from tqdm.auto import tqdm

from catmouse.anneal import accept_worse, check_schedule, mouse_energy, temperature_at
from catmouse.exploit import best_response, exploitability
from catmouse.game import check_board, check_first_move, initial_cat_policy, initial_mouse_policy
from catmouse.tabular import _CODE, _moves, _to_table, train_tabular


@dataclass(frozen=True)
class CoevolutionConfig:
    """Which of the article's proposed improvements are on (all off: the article's scheme)."""

    max_changes: int = 1
    candidates: int = 0            # 0: uniform 1..10 per iteration, as the article
    both_learn: bool = False
    hall_of_fame: int = 0          # past opponents kept besides the current one
    patience: int = 0              # 0: no stagnation handling
    restart_after: int = 0         # 0: the mouse never restarts
    best_response_every: int = 0
    sequential: bool = False       # a candidate's changes follow one game's path
    admit: str = "strong"          # "strong": a mouse joins when it beats the cat's worst case;
                                   # "beaten": when the cat first improves against it
    drift: bool = False            # the mouse also accepts candidates that score as well
    temperature: float = 0.0       # > 0: the mouse may accept a worse candidate (annealing)
    half_life: int = 10_000        # iterations over which the annealing temperature halves
    stop_after: int = 0            # > 0: stop once the cat has not improved for this many iterations

    def __post_init__(self):
        check_schedule(self.temperature, self.half_life)
        for name in ("max_changes",):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be >= 1, got {getattr(self, name)}")
        if self.admit not in ("strong", "beaten"):
            raise ValueError(f"admit must be 'strong' or 'beaten', got {self.admit!r}")
        for name in ("candidates", "hall_of_fame", "patience", "restart_after", "best_response_every",
                     "stop_after"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be >= 0, got {getattr(self, name)}")


ARTICLE = CoevolutionConfig()
IMPROVED = CoevolutionConfig(max_changes=3, both_learn=True, hall_of_fame=10_000, patience=50,
                             restart_after=300, sequential=True, drift=True)


def _learner_game(cat, mouse, cat_learns, moves, n, rows, c, m, cat_first):
    """``tabular._play`` keeping only the learner's consulted states: ((won, rounds, dist), states)."""
    seen = set()
    used = set()
    if cat_first:
        if cat_learns:
            used.add(c * n + m)
        c = moves[c][cat[c * n + m]]
    r = 0
    while True:
        s = c * n + m
        if not cat_learns:
            used.add(s)
        m = moves[m][mouse[s]]
        s = c * n + m
        if s in seen:
            return (False, r, abs(c // rows - m // rows) + abs(c % rows - m % rows)), used
        seen.add(s)
        if c == m:
            return (True, r, 0), used
        if cat_learns:
            used.add(s)
        c = moves[c][cat[s]]
        s = c * n + m
        if s in seen:
            return (False, r, abs(c // rows - m // rows) + abs(c % rows - m % rows)), used
        seen.add(s)
        if c == m:
            return (True, r, 0), used
        r += 1


class _Tally:
    """Aggregates of game results (won, rounds, dist), updatable one game at a time."""

    def __init__(self):
        self.games = self.won = self.won_rounds = self.lost_dist = self.lost_rounds = 0
        self.rounds = Counter()                  # capture rounds of won games

    def add(self, res, sign: int = 1) -> None:
        won, r, d = res
        self.games += sign
        if won:
            self.won += sign
            self.won_rounds += sign * r
            self.rounds[r] += sign
            if not self.rounds[r]:
                del self.rounds[r]
        else:
            self.lost_dist += sign * d
            self.lost_rounds += sign * r

    def copy(self) -> _Tally:
        out = _Tally()
        out.__dict__.update(self.__dict__)
        out.rounds = Counter(self.rounds)
        return out


def cat_key(t: _Tally) -> tuple:
    """Cat's score: captures, worst and total capture time, then for evaded games smaller end
    distance and longer games (for a single game: the article's acceptance rules)."""
    return (t.won, -max(t.rounds, default=0), -t.won_rounds, -t.lost_dist, t.lost_rounds)


def mouse_key(t: _Tally) -> tuple:
    """Mouse's score: evasions, then the shortest and the total survival."""
    return (t.games - t.won, min(t.rounds, default=10 ** 9), t.won_rounds + t.lost_rounds)


def key_of(side: str, results) -> tuple:
    """The score of a list of game results for ``side``."""
    t = _Tally()
    for res in results:
        t.add(res)
    return (cat_key if side == "cat" else mouse_key)(t)


class _Arena:
    """One learner's games against fixed opponent tables (slot 0: the opponent's current table).

    An inverted index (learner state -> slots whose game consults it) finds the games a change
    can affect; only those are replayed.
    """

    def __init__(self, side: str, table: list, args: tuple):
        self.side, self.table, self.args = side, table, args
        self.key = cat_key if side == "cat" else mouse_key
        self.slots: dict[int, list] = {}         # id -> [opponent, result, used states]
        self.index: dict[int, set] = {}
        self.tally = _Tally()
        self.next_id = 1
        self._cells = None
        self._worst = None

    def _game(self, opponent):
        if self.side == "cat":
            return _learner_game(self.table, opponent, True, *self.args)
        return _learner_game(opponent, self.table, False, *self.args)

    def _unlink(self, j: int) -> None:
        _, res, used = self.slots[j]
        self.tally.add(res, -1)
        for s in used:
            ids = self.index[s]
            ids.discard(j)
            if not ids:
                del self.index[s]

    def _link(self, j: int, opponent, res, used) -> None:
        self.slots[j] = [opponent, res, used]
        self.tally.add(res)
        for s in used:
            self.index.setdefault(s, set()).add(j)
        self._cells = self._worst = None

    def set_slot(self, j: int, opponent: list) -> None:
        """Put ``opponent`` in slot j (0: current opponent) and play its game."""
        if j in self.slots:
            self._unlink(j)
        self._link(j, opponent, *self._game(opponent))

    def add(self, opponent: list) -> int:
        j, self.next_id = self.next_id, self.next_id + 1
        self.set_slot(j, opponent)
        return j

    def drop_oldest(self) -> None:
        j = min(k for k in self.slots if k)
        self._unlink(j)
        del self.slots[j]
        self._cells = self._worst = None

    def replay_all(self) -> None:
        for j, (opp, _, _) in list(self.slots.items()):
            self.set_slot(j, opp)

    def result(self, j: int) -> tuple:
        return self.slots[j][1]

    def pool(self) -> int:
        return len(self.slots)

    def cells(self) -> list:
        """States of the learner's table consulted by at least one scoring game."""
        if self._cells is None:
            self._cells = list(self.index)
        return self._cells

    def worst(self) -> int:
        """The slot whose game is the learner's worst."""
        if self._worst is None:
            if self.side == "cat":       # evaded with the largest distance, else the slowest capture
                def single(j):
                    won, r, d = self.slots[j][1]
                    return (1, -r, 0, 0) if won else (0, 0, -d, r)
            else:                        # caught soonest
                def single(j):
                    won, r, _ = self.slots[j][1]
                    return (0, r) if won else (1, r)
            self._worst = min(self.slots, key=single)
        return self._worst

    def score(self) -> tuple:
        return self.key(self.tally)

    def trial(self, changes: dict, beat: tuple | None = None):
        """Score the table with ``changes`` applied: (key, {slot: (result, used)} of replayed games).

        With ``beat``, stop early and return (None, {}) as soon as the key can no longer exceed it:
        too many games lost (cat) or caught (mouse), or a game already worse than beat's worst.
        """
        old = {s: self.table[s] for s in changes}
        for s, code in changes.items():
            self.table[s] = code
        hit = set().union(*(self.index.get(s, ()) for s in changes))
        cat = self.side == "cat"
        good = self.tally.won if cat else self.tally.games - self.tally.won   # captures / evasions
        upper = good + sum(1 for j in hit if self.slots[j][1][0] != cat)
        replayed = {}
        try:
            for j in hit:
                res = replayed[j] = self._game(self.slots[j][0])
                if res[0][0] != cat:             # not good now: the optimistic count drops
                    upper -= 1
                if beat is None:
                    continue
                if upper < beat[0]:
                    return None, {}
                if upper == beat[0] and res[0][0] and (res[0][1] > -beat[1] if cat else res[0][1] < beat[1]):
                    return None, {}
        finally:
            for s, code in old.items():
                self.table[s] = code
        tally = self.tally.copy()
        for j, (res, _) in replayed.items():
            tally.add(self.slots[j][1], -1)
            tally.add(res)
        return self.key(tally), replayed

    def commit(self, changes: dict, replayed: dict) -> None:
        for s, code in changes.items():
            self.table[s] = code
        for j, (res, used) in replayed.items():
            opp = self.slots[j][0]
            self._unlink(j)
            self._link(j, opp, res, used)


@dataclass
class CoevolutionRun:
    """Final tables, exact checkpoints (iteration, cat exploit dict, mouse exploit dict) and more."""

    cat_policy: np.ndarray
    mouse_policy: np.ndarray
    checkpoints: list = field(default_factory=list)
    solved_at: int | None = None          # first checkpoint at which the cat was unexploitable
    iterations: int = 0                   # iterations actually run
    pool_sizes: tuple = (0, 0)            # (mice in the cat's pool, cats in the mouse's pool)
    pool_scores: list = field(default_factory=list)   # (iteration, cat key, mouse key) at checkpoints
    stopped_at: int | None = None         # the iteration at which early stopping ended the run
    worse_moves: int = 0                  # worse mouse candidates accepted by annealing


def _path_changes(arena: _Arena, side: str, count: int, moves, n: int, rng: random.Random,
                  sequential: bool) -> dict:
    """A candidate's changes: ``count`` cells set to other legal directions.

    Non-sequential: cells drawn among all consulted ones. Sequential: the changes follow one
    game (the worst one for the learner half of the time), replaying it after each change so the
    next change can land on the new path (a detour several moves long in one candidate).
    """
    table = arena.table
    if not sequential:
        cells = arena.cells()
        picks = [cells[rng.randrange(len(cells))] for _ in range(count)]
        return {s: _other(table[s], s // n if side == "cat" else s % n, moves, rng) for s in picks}
    if rng.random() < 0.5:
        j = arena.worst()
    else:
        ids = list(arena.slots)
        j = ids[rng.randrange(len(ids))]
    opponent, _, used = arena.slots[j]
    changes, old = {}, {}
    for step in range(count):
        cells = sorted(used)
        s = cells[rng.randrange(len(cells))]
        old.setdefault(s, table[s])
        changes[s] = table[s] = _other(table[s], s // n if side == "cat" else s % n, moves, rng)
        if step < count - 1:
            used = arena._game(opponent)[1]
    for s, code in old.items():
        table[s] = code
    return changes


def _other(code: int, cell: int, moves, rng: random.Random) -> int:
    legal = [c for c in range(4) if moves[cell][c] >= 0 and c != code]
    return legal[rng.randrange(len(legal))]


def _random_mouse(moves, n: int, rng: random.Random) -> list:
    out = []
    for s in range(n * n):
        legal = [k for k in range(4) if moves[s % n][k] >= 0]
        out.append(legal[rng.randrange(len(legal))])
    return out


def train_tabular_improved(rows: int = 8, cols: int = 7, first_move: str = "cat",
                           initial_cat: str = "WEAK", iterations: int = 100_000, seed: int = 0,
                           config: CoevolutionConfig = IMPROVED, checkpoint_every: int = 1_000,
                           stop_when_solved: bool = False, progress: bool = False) -> CoevolutionRun:
    """Co-evolve cat and mouse tables with the improvements switched on in ``config``.

    Args:
        rows, cols, first_move, initial_cat: the game and the cat's starting table.
        iterations: hill-climbing iterations (one iteration: each learning side tries its candidates).
        seed: seeds a ``random.Random`` (scalar-heavy loop).
        config: ``ARTICLE`` (the article's scheme), ``IMPROVED`` (all of the article's fixes) or any mix.
        checkpoint_every: measure both tables against exact best responses this often (0: never).
        stop_when_solved: stop at the first checkpoint where the cat is unexploitable (it captures a
            best-responding mouse in the optimal number of moves); only the stopping uses the solver.
    Returns:
        a CoevolutionRun.
    """
    check_board(rows, cols)
    check_first_move(first_move)
    if iterations < 0 or checkpoint_every < 0:
        raise ValueError("iterations and checkpoint_every must be >= 0")
    if not isinstance(config, CoevolutionConfig):
        raise TypeError("config must be a CoevolutionConfig")
    rng = random.Random(seed)
    n = rows * cols
    moves = _moves(rows, cols)
    args = (moves, n, rows, 0, (cols - 1) * rows + rows - 1, first_move == "cat")
    tables = {"cat": [_CODE[d] for d in initial_cat_policy(rows, cols, initial_cat).ravel()],
              "mouse": [_CODE[d] for d in initial_mouse_policy(rows, cols).ravel()]}
    arenas = {side: _Arena(side, tables[side], args) for side in tables}
    arenas["cat"].set_slot(0, list(tables["mouse"]))
    arenas["mouse"].set_slot(0, list(tables["cat"]))
    stale = {"cat": 0, "mouse": 0}
    jump = {"cat": config.max_changes, "mouse": config.max_changes}
    other = {"cat": "mouse", "mouse": "cat"}
    run = CoevolutionRun(None, None)

    def admit(side: str, table: list) -> None:
        """Add a snapshot of ``side``'s table to the opponent's hall of fame (FIFO)."""
        if not config.hall_of_fame:
            return
        arena = arenas[other[side]]
        arena.add(list(table))
        if arena.pool() > 1 + config.hall_of_fame:
            arena.drop_oldest()

    def changed(side: str) -> None:
        """``side``'s table changed: refresh the opponent's current slot, maybe admit it."""
        opp = arenas[other[side]]
        worst = max(opp.tally.rounds, default=-1)          # before the new game counts
        opp.set_slot(0, list(tables[side]))
        won, rounds, _ = opp.result(0)
        if side == "mouse":
            strong = not won or rounds > worst
        else:
            strong = won
        if strong and side == "mouse" and config.admit == "strong":
            admit(side, tables[side])

    def measure(it: int) -> bool:
        cat_t, mouse_t = (_to_table(tables[s], rows, cols) for s in ("cat", "mouse"))
        cat_x = exploitability(cat_policy=cat_t, first_move=first_move)
        mouse_x = exploitability(mouse_policy=mouse_t, first_move=first_move)
        run.checkpoints.append((it, cat_x, mouse_x))
        run.pool_scores.append((it, arenas["cat"].score(), arenas["mouse"].score()))
        solved = cat_x["wins"] and cat_x["lost_moves"] == 0
        if solved and run.solved_at is None:
            run.solved_at = it
        return solved

    it = 0
    admitted = False                     # is the current mouse already in the hall of fame?
    for it in tqdm(range(1, iterations + 1), disable=not progress, desc="co-evolution"):
        if config.best_response_every and it % config.best_response_every == 0:
            cat_t, mouse_t = (_to_table(tables[s], rows, cols) for s in ("cat", "mouse"))
            arenas["cat"].add([_CODE[d] for d in best_response(cat_policy=cat_t).ravel()])
            arenas["mouse"].add([_CODE[d] for d in best_response(mouse_policy=mouse_t).ravel()])
            for arena in arenas.values():
                while arena.pool() > 1 + max(config.hall_of_fame, 1):
                    arena.drop_oldest()
        cat_winning = arenas["cat"].result(0)[0]
        for side in ("cat", "mouse"):
            if not config.both_learn and (side == "cat") == cat_winning:
                continue
            arena = arenas[side]
            best = arena.score()
            best_trial = worse = None
            k = config.candidates or rng.randint(1, 10)
            drift = config.drift and side == "mouse"
            anneal = config.temperature > 0 and side == "mouse"
            for _ in range(k):
                changes = _path_changes(arena, side, rng.randint(1, jump[side]), moves, n, rng,
                                        config.sequential)
                key, replayed = arena.trial(changes, None if anneal else best)
                if key is not None and (key > best or (drift and best_trial is None and key == best)):
                    best, best_trial = key, (changes, replayed)
                elif anneal and key < best and (worse is None or key > worse[0]):
                    worse = (key, changes, replayed)
            if best_trial is None and worse is not None:
                drop = mouse_energy(arena.score(), n) - mouse_energy(worse[0], n)
                if accept_worse(drop, temperature_at(it, config.temperature, config.half_life), rng):
                    best_trial = worse[1:]
                    run.worse_moves += 1
            if best_trial is not None:
                progress = best > arena.score()          # False: a neutral move (drift)
                before = arena.result(0)
                arena.commit(*best_trial)
                if (side == "cat" and config.admit == "beaten" and not admitted
                        and key_of("cat", [arena.result(0)]) > key_of("cat", [before])):
                    admit("mouse", tables["mouse"])          # the current mouse, just beaten
                    admitted = True
                if side == "mouse":
                    admitted = False
                changed(side)
                if progress:
                    stale[side], jump[side] = 0, config.max_changes
                    continue
            stale[side] += 1
            if config.patience and stale[side] % config.patience == 0:
                jump[side] = min(2 * jump[side], 16 * config.max_changes)
            if side == "mouse" and config.restart_after and stale[side] >= config.restart_after:
                tables["mouse"][:] = _random_mouse(moves, n, rng)
                admitted = False
                arena.replay_all()
                changed("mouse")
                stale["mouse"], jump["mouse"] = 0, config.max_changes
        if checkpoint_every and it % checkpoint_every == 0 and measure(it) and stop_when_solved:
            break
        if config.stop_after and stale["cat"] >= config.stop_after:
            run.stopped_at = it
            break
    run.iterations = it
    if checkpoint_every and (not run.checkpoints or run.checkpoints[-1][0] != it):
        measure(it)
    run.cat_policy = _to_table(tables["cat"], rows, cols)
    run.mouse_policy = _to_table(tables["mouse"], rows, cols)
    run.pool_sizes = (arenas["cat"].pool(), arenas["mouse"].pool())
    return run


VARIANTS = {
    "article's scheme": ARTICLE,
    "+ several changes": CoevolutionConfig(max_changes=3, sequential=True),
    "+ stagnation: jumps, restarts, drift": CoevolutionConfig(max_changes=3, sequential=True,
                                                             patience=50, restart_after=300,
                                                             drift=True),
    "+ both sides learn": CoevolutionConfig(max_changes=3, sequential=True, patience=50,
                                           restart_after=300, drift=True, both_learn=True),
    "+ hall of fame (all four)": IMPROVED,
    "hall of fame alone": CoevolutionConfig(hall_of_fame=10_000),
}


def variant_run(rows: int, cols: int, first_move: str, variant: str, iterations: int, seed: int,
                checkpoint_every: int = 1_000) -> dict:
    """One run of a named ``VARIANTS`` config: the cat's lost moves at every checkpoint."""
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {list(VARIANTS)}, got {variant!r}")
    run = train_tabular_improved(rows, cols, first_move, "WEAK", iterations, seed, VARIANTS[variant],
                                 checkpoint_every, stop_when_solved=True)
    return {"lost": [(it, c["lost_moves"]) for it, c, _ in run.checkpoints], "solved_at": run.solved_at}


def cat_lost_moves(cat_table: np.ndarray, first_move: str) -> float:
    """Moves a cat table loses to the optimum against a best-responding mouse (inf: never catches)."""
    return exploitability(cat_policy=cat_table, first_move=first_move)["lost_moves"]


def compare_trainers(rows: int, cols: int, first_move: str, seed: int, iterations: int = 100_000,
                     checkpoint_every: int = 1_000, config: CoevolutionConfig = IMPROVED) -> dict:
    """The article's trainer and ``config`` on the same board and seed, measured exactly.

    Both start from the WEAK cat. Returns the cat's lost moves at every checkpoint for each
    (``article``, ``improved``: lists of (iteration, lost moves)), the first checkpoint at which
    each cat was unexploitable (None: never) and the improved run's hall-of-fame size. The
    improved run stops once solved; the article's runs its full budget.
    """
    base = train_tabular(rows, cols, first_move, "WEAK", iterations, seed, mode="fast",
                         snapshot_every=checkpoint_every)
    snaps = dict(base.snapshot_policies)
    snaps[iterations] = (base.cat_policy, base.mouse_policy)
    article = [(it, cat_lost_moves(cat, first_move)) for it, (cat, _) in sorted(snaps.items()) if it]
    run = train_tabular_improved(rows, cols, first_move, "WEAK", iterations, seed, config,
                                 checkpoint_every, stop_when_solved=True)
    improved = [(it, c["lost_moves"]) for it, c, _ in run.checkpoints]
    return {"article": article, "improved": improved, "solved_at": run.solved_at,
            "article_solved_at": next((it for it, lost in article if lost == 0), None),
            "hall_of_fame": run.pool_sizes[0] - 1}
