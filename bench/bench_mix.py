"""MIX speed: random games and feature evaluations, bitboard vs the plain array oracle of the
tests; the time of a 500-game training run and of games against alpha-beta depth 4,
extrapolated to the spec's 200-game evaluation (pass --no-train to skip those two)."""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mix import features
from mix.board import Board
from mix.features import BitFeatures
from mix.learn import train
from mix.match import match
from tests.test_mix_engine import ArrayBoard, bit_index_oracle


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


def main():
    fast = games_per_second(Board, 2000)
    slow = games_per_second(lambda: ArrayBoard(10, 20), 40)
    print(f"random games/s: bitboard {fast:,.0f}, array {slow:,.1f}, ratio {fast / slow:,.0f}x")
    pos, f = positions(200), BitFeatures()
    elapsed = 0.0
    for _ in range(20):  # with the memo of threat masks emptied: no position seen before
        features._RAW.clear()
        t = time.perf_counter()
        for b, _a in pos:
            f.board_index(b)
        elapsed += time.perf_counter() - t
    fast = 20 * len(pos) / elapsed
    t = time.perf_counter()
    for b, a in pos:
        bit_index_oracle(a.features(), b.turn, False)
    slow = len(pos) / (time.perf_counter() - t)
    print(f"feature evaluations/s: bitboard {fast:,.0f} ({1e6 / fast:.1f} us), "
          f"array {slow:,.0f} ({1e6 / slow:.0f} us), ratio {fast / slow:,.0f}x")
    if "--no-train" not in sys.argv:  # CPU time (one core) and wall time (longer on a busy machine)
        t, c = time.perf_counter(), time.process_time()
        train(500, seed=0)
        print(f"500-game training: {time.process_time() - c:.1f} s CPU, "
              f"{time.perf_counter() - t:.1f} s wall (spec: under 120 s)")
        t, c, n = time.perf_counter(), time.process_time(), 10
        match("learned", "alphabeta:4", n // 2, seed=0)
        match("alphabeta:4", "learned", n // 2, seed=1)
        cpu, wall = (time.process_time() - c) / n, (time.perf_counter() - t) / n
        print(f"learned vs alphabeta:4: {cpu:.2f} s CPU a game ({wall:.2f} s wall), 200 games "
              f"{200 * cpu:.0f} s CPU (spec: under 300 s)")


if __name__ == "__main__":
    main()
