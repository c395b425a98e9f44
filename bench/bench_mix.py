"""MIX speed against the straightforward implementations, side by side, same results checked.

- the engine: random games and feature evaluations per second, bitboard against the plain
  array board (``mix.plain.board``);
- the search (``mix.plain.alphabeta`` with ``fast=True``, its twin ``mix.fast.alphabeta``,
  against ``fast=False``): whole seeded games of the report's program against alpha-beta
  depth 4 (every move identical),
  and the depth-4 and 2-ply searches alone on the positions of those games (identical values);
- the exact solver (``mix.plain.solver`` with ``fast=True``, its twin ``mix.fast.solver``,
  against ``fast=False``): empty boards solved, identical values, and a perfect player's games
  on 4x5 (identical games);
- the self-taught player (``mix.fast.evalsearch`` against its plain twin
  ``mix.plain.selftaught``): seeded games at depth 4 against alpha-beta depth 4, both seats (every
  move identical), its own moves timed apart; and self-play training (``mix.selftaught.training``,
  identical weights, bit for bit);
- (unless --no-train) a 500-game training run and a 200-game evaluation against alpha-beta
  depth 4, against the study's targets (under 120 s and 300 s on one core);
- (with --ladder N, alone) notebook 41's ladder: the self-taught player (shipped weights,
  depth 4) against each of notebook 40's nine opponents, N seeded games in each seat, the
  searches of ``mix.fast.evalsearch`` and ``mix.fast.alphabeta`` against their plain twins
  (``SelfTaughtAgent(fast=False)``, ``mix.plain.alphabeta`` for the opponents that
  search), game by game in turn: every game identical (moves and result), the CPU time of
  whole games (both players) and of the self-taught player's moves, per opponent and overall
  (--depth 2: the learning curve's player).

    .venv/bin/python bench/bench_mix.py [--no-train] [--games N] [--selftaught N]
    .venv/bin/python bench/bench_mix.py --ladder N [--depth D]
"""

import random
import sys
import time

import numpy as np

from mix import features
from mix.board import Board, Geometry
from mix.features import BitFeatures
from mix.learn import train
from mix.plain import alphabeta as plain_alphabeta
from mix.plain.board import ArrayBoard, bit_index
from mix.play.agents import PerfectAgent, SearchAgent, make_agent
from mix.play.match import match, play_game
from mix.plain.alphabeta import search_values
from mix.plain.solver import best_moves, solve
from mix.selftaught.agent import SelfTaughtAgent
from mix.selftaught.training import TDConfig, load_weights, train_selftaught


class PlainSearcher:
    """A value-table searcher playing through the plain search (the same rng draws)."""

    def __init__(self, agent):
        self.a = agent

    def choose(self, b, rng):
        a = self.a
        return plain_alphabeta.search_move(b, a.depth, a.values, a.feats, rng, a.draw, fast=False)


class PlainPerfect:
    """The perfect player through the plain solver, its table kept between moves and games."""

    def __init__(self):
        self.tt = {}

    def choose(self, b, rng):
        return rng.choice(best_moves(b, self.tt, fast=False))


def cpu(f, *args):
    """(result, CPU seconds) of ``f(*args)``: CPU time, as the machine may be shared."""
    t = time.process_time()
    out = f(*args)
    return out, time.process_time() - t


def games_per_second(make, n):
    rng = random.Random(0)
    t = time.perf_counter()
    for _ in range(n):
        b = make()
        while True:  # both boards list no moves once the game is won or full
            moves = b.legal() if isinstance(b, ArrayBoard) else b.legal_moves()
            if not moves:
                break
            b.play(rng.choice(moves))
    return n / (time.perf_counter() - t)


def positions(n):
    rng, out = random.Random(1), []
    while len(out) < n:
        b, a = Board(), ArrayBoard(10, 20)
        for _ in range(rng.randint(5, 40)):
            if b.is_over():
                break
            c = rng.choice(b.legal_moves())
            b.play(c)
            a.play(c)
        out.append((b, a))
    return out


def engine():
    fast = games_per_second(Board, 2000)
    slow = games_per_second(lambda: ArrayBoard(10, 20), 40)
    print(f"random games/s: bitboard {fast:,.0f}, array {slow:,.1f}, ratio {fast / slow:,.0f}x")
    pos, f = positions(200), BitFeatures()
    elapsed = 0.0
    for _ in range(20):  # with the memo of threat masks emptied: no position seen before
        features.clear_memo()
        t = time.perf_counter()
        for b, _a in pos:
            f.board_index(b)
        elapsed += time.perf_counter() - t
    fast = 20 * len(pos) / elapsed
    t = time.perf_counter()
    for b, a in pos:
        bit_index(a.features(), b.turn, False)
    slow = len(pos) / (time.perf_counter() - t)
    print(f"feature evaluations/s: bitboard {fast:,.0f} ({1e6 / fast:.1f} us), "
          f"array {slow:,.0f} ({1e6 / slow:.0f} us), ratio {fast / slow:,.0f}x")


def row(what, new, old, same):
    print(f"{what:<52} {old:8.2f} s {new:8.2f} s {old / new:7.1f}x   {'identical' if same else 'DIFFERENT'}")
    if not same:
        raise SystemExit(f"{what}: the fast code disagrees with its plain twin")


def search(games):
    """Whole depth-4 games, then the searches alone on their positions."""
    g = Geometry(10, 20)
    learned, ab4 = make_agent("learned"), make_agent("alphabeta:4")
    pairs = [((learned, ab4), s) for s in range(games)] + [((ab4, learned), s) for s in range(games)]
    new_t = old_t = 0.0
    same, roots = True, []

    class Recording:
        def __init__(self, agent):
            self.a = agent

        def choose(self, b, rng):
            roots.append(b.copy())
            return self.a.choose(b, rng)

    for (x, o), seed in pairs:
        fast, t = cpu(play_game, Recording(x), Recording(o), random.Random(seed), g)
        new_t += t
        plain, t = cpu(play_game, PlainSearcher(x), PlainSearcher(o), random.Random(seed), g)
        old_t += t
        same &= fast.stones == plain.stones and fast.winner == plain.winner
    print(f"{'':<52} {'plain':>10} {'fast':>10} {'ratio':>8}")
    row(f"{2 * games} games, the report's program vs alpha-beta depth 4", new_t, old_t, same)
    for agent, label in ((ab4, "depth-4 alpha-beta"), (learned, "2-ply lookahead (the report's)")):
        args = (agent.depth, agent.values, agent.feats)
        new, t_new = cpu(lambda a=args: [search_values(b, *a) for b in roots])
        old, t_old = cpu(lambda a=args: [plain_alphabeta.search_values(b, *a, fast=False) for b in roots])
        row(f"{label}: {len(roots)} searches", t_new, t_old, new == old)


def solver():
    for rows, cols, diag in ((5, 5, False), (4, 6, True), (5, 5, True)):
        new, t_new = cpu(solve, rows, cols, diag)
        old, t_old = cpu(solve, rows, cols, diag, 4, False)
        rule = "with diagonals" if diag else "MIX rules"
        row(f"solve {rows}x{cols} ({rule}): value {new}", t_new, t_old, new == old)
    g, learned = Geometry(4, 5), make_agent("learned")
    fast, t_new = cpu(lambda: [play_game(learned, PerfectAgent({}), random.Random(s), g).stones
                               for s in range(10)])
    plain, t_old = cpu(lambda: [play_game(learned, PlainPerfect(), random.Random(s), g).stones
                                for s in range(10)])
    row("10 games, the report's program vs perfect play (4x5)", t_new, t_old, fast == plain)
    b = Board(5, 5)
    for c in (2, 2, 1):
        b.play(c)
    new, t_new = cpu(best_moves, b)
    old, t_old = cpu(best_moves, b, None, False)
    row(f"a perfect move on 5x5 after 3 moves: {new}", t_new, t_old, new == old)


class Timed:
    """An agent whose moves are timed (CPU seconds, summed in ``seconds``)."""

    def __init__(self, agent):
        self.a, self.seconds = agent, 0.0

    def choose(self, b, rng):
        t = time.process_time()
        c = self.a.choose(b, rng)
        self.seconds += time.process_time() - t
        return c


def selftaught(games):
    """The self-taught player (shipped weights, depth 4) against alpha-beta depth 4: ``games``
    seeded games in each seat, fast and plain, whole games then its own moves; and training."""
    g, w, ab4 = Geometry(10, 20), load_weights(), make_agent("alphabeta:4")
    seeds = np.random.SeedSequence(41).generate_state(games)
    fast, plain = Timed(SelfTaughtAgent(w, 4)), Timed(SelfTaughtAgent(w, 4, fast=False))
    new_t = old_t = 0.0
    same, moves = True, 0
    for seat in (0, 1):
        for s in seeds:
            pair = (fast, ab4) if seat == 0 else (ab4, fast)
            a, t = cpu(play_game, *pair, random.Random(int(s)), g)
            new_t += t
            pair = (plain, ab4) if seat == 0 else (ab4, plain)
            b, t = cpu(play_game, *pair, random.Random(int(s)), g)
            old_t += t
            same &= a.stones == b.stones and a.winner == b.winner
            moves += a.moves
    row(f"{2 * games} games ({moves} moves), self-taught:4 vs alpha-beta:4", new_t, old_t, same)
    row("  of which the self-taught player's moves", fast.seconds, plain.seconds, same)
    config = TDConfig(games=200)
    run, t_new = cpu(train_selftaught, config, 1)
    old, t_old = cpu(lambda: train_selftaught(config, 1, fast=False))
    row("self-play training, 200 games (weights bit for bit)", t_new, t_old,
        run.weights.tobytes() == old.weights.tobytes() and run.results == old.results
        and run.lengths == old.lengths)


LADDER = ("random", "onestep", "onestep-safe", "builder", "builder-search", "alphabeta:2",
          "alphabeta:4", "learned", "learned-counts")  # notebook 41's opponents


def ladder_games(games, depth=4):
    """Notebook 41's ladder, ``games`` seeded games per opponent and seat: the self-taught player
    (``depth``: 4 on the ladder, 2 on the learning curve) on ``mix.fast.evalsearch`` and on
    its plain twin, each game played by both in turn (garbage collection frozen while
    timing); every game must be identical."""
    import gc

    g, w = Geometry(10, 20), load_weights()
    # warm-up, untimed: the tables both searches fill as they meet slots and patterns (per
    # process, kept from game to game, as in the ladder's workers after their first games)
    for name in ("learned", "alphabeta:2", "random"):
        other = make_agent(name)
        for player, opponent in ((SelfTaughtAgent(w, depth, fast=False),
                                  PlainSearcher(other) if name != "random" else other),
                                 (SelfTaughtAgent(w, depth), other)):
            for s in range(2):
                play_game(player, opponent, random.Random(1000 + s), g)
                play_game(opponent, player, random.Random(1000 + s), g)
    print(f"notebook 41's ladder: self-taught:{depth} against each opponent, {games} games a "
          "seat, CPU seconds (after 12 games of each to warm up)")
    print(f"{'opponent':<16} {'games: plain':>14} {'fast':>8} {'ratio':>6}   "
          f"{'its moves: plain':>18} {'fast':>8} {'ratio':>6}")
    total = [0.0, 0.0, 0.0, 0.0]
    for name in LADDER:
        opponent = make_agent(name)   # on the plain search too, when it searches
        before = PlainSearcher(opponent) if isinstance(opponent, SearchAgent) else opponent
        fast = Timed(SelfTaughtAgent(w, depth))
        plain = Timed(SelfTaughtAgent(w, depth, fast=False))
        old_t = new_t = 0.0
        for seat in (0, 1):
            for s in np.random.SeedSequence(41 + seat).generate_state(games):
                boards = []
                for player, other in ((plain, before), (fast, opponent)):
                    pair = (player, other) if seat == 0 else (other, player)
                    gc.collect()
                    gc.freeze()
                    b, t = cpu(play_game, *pair, random.Random(int(s)), g)
                    gc.unfreeze()
                    boards.append(b)
                    if player is fast:
                        new_t += t
                    else:
                        old_t += t
                a, b = boards
                if a.stones != b.stones or a.winner != b.winner or a.moves != b.moves:
                    raise SystemExit(f"{name}, seat {seat}, seed {s}: the games differ")
        print(f"{name:<16} {old_t:14.2f} {new_t:8.2f} {old_t / new_t:5.2f}x   "
              f"{plain.seconds:18.2f} {fast.seconds:8.2f} {plain.seconds / fast.seconds:5.2f}x")
        for i, v in enumerate((old_t, new_t, plain.seconds, fast.seconds)):
            total[i] += v
    print(f"{'all':<16} {total[0]:14.2f} {total[1]:8.2f} {total[0] / total[1]:5.2f}x   "
          f"{total[2]:18.2f} {total[3]:8.2f} {total[2] / total[3]:5.2f}x   "
          f"(every game identical: {2 * games * len(LADDER)} games)")


def targets():
    """CPU time (one core) and wall time (longer on a busy machine) against the targets."""
    t, c = time.perf_counter(), time.process_time()
    train(500, seed=0)
    print(f"500-game training: {time.process_time() - c:.1f} s CPU, "
          f"{time.perf_counter() - t:.1f} s wall (target: under 120 s)")
    t, c, n = time.perf_counter(), time.process_time(), 10
    match("learned", "alphabeta:4", n // 2, seed=0)
    match("alphabeta:4", "learned", n // 2, seed=1)
    cpu_s, wall = (time.process_time() - c) / n, (time.perf_counter() - t) / n
    print(f"learned vs alphabeta:4: {cpu_s:.2f} s CPU a game ({wall:.2f} s wall), 200 games "
          f"{200 * cpu_s:.0f} s CPU (target: under 300 s)")


def main():
    if "--ladder" in sys.argv:
        depth = int(sys.argv[sys.argv.index("--depth") + 1]) if "--depth" in sys.argv else 4
        ladder_games(int(sys.argv[sys.argv.index("--ladder") + 1]), depth)
        return
    games = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 3
    taught = int(sys.argv[sys.argv.index("--selftaught") + 1]) if "--selftaught" in sys.argv else 3
    engine()
    search(games)
    solver()
    selftaught(taught)
    if "--no-train" not in sys.argv:
        targets()


if __name__ == "__main__":
    main()
