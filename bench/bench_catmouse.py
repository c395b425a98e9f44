"""Speed of the cat-and-mouse trainers against straightforward implementations (same results).

Version 1: the straightforward trainer deep-copies the nested-list table for every candidate and
plays every candidate's game; ours replays only candidates that touch a visited cell, in place.
Version 2: the straightforward evaluation plays the 1,000 games of each candidate one at a time
reseeding a legacy generator per game and calling ``choice`` per draw (as the article); ours plays all candidates' games as one numpy batch.
Run: .venv/bin/python bench/bench_catmouse.py [v1_iterations] [v2_iterations]
"""

import copy
import sys
import time

import numpy as np

from catmouse import train_local, train_tabular
from catmouse.game import DELTAS
from catmouse.local import _candidates, summarize
from catmouse.localgame import evaluate_batch, game_streams, play_local
from catmouse.stream import LegacyStream
from catmouse.window import initial_window_table


def plain_v1(iterations, rows=8, cols=7):
    rs = np.random.RandomState(0)
    cat = [[[["D" if cy == rows - 1 else "U" for _ in range(rows)] for _ in range(cols)]
            for cy in range(rows)] for _ in range(cols)]
    mouse = [[[["D" if my == rows - 1 else "U" for my in range(rows)] for _ in range(cols)]
              for _ in range(rows)] for _ in range(cols)]

    def game(cat, mouse):
        cx, cy, mx, my = 0, 0, cols - 1, rows - 1
        seen = []
        dx, dy = DELTAS[cat[cx][cy][mx][my]]
        cx, cy = cx + dx, cy + dy
        r = 0
        while True:
            for who in ("mouse", "cat"):
                if who == "mouse":
                    dx, dy = DELTAS[mouse[cx][cy][mx][my]]
                    mx, my = mx + dx, my + dy
                else:
                    dx, dy = DELTAS[cat[cx][cy][mx][my]]
                    cx, cy = cx + dx, cy + dy
                if (cx, cy, mx, my) in seen:
                    return "mouse", r, abs(cx - mx) + abs(cy - my)
                seen.append((cx, cy, mx, my))
                if (cx, cy) == (mx, my):
                    return "cat", r, 0
            r += 1

    def accept(learner, cur, new):
        if learner == "cat":
            return ((cur[0] == "mouse" and (new[0] == "cat" or new[2] < cur[2] or
                                            (new[2] == cur[2] and new[1] > cur[1])))
                    or (cur[0] == new[0] == "cat" and new[1] < cur[1]))
        return (cur[0] == "cat" and new[0] == "mouse") or (cur[0] == new[0] and new[1] > cur[1])

    result = game(cat, mouse)
    tally = {"cat": 0, "mouse": 0}
    for _ in range(iterations):
        learner = "mouse" if result[0] == "cat" else "cat"
        best, best_pol = result, None
        for _ in range(rs.randint(1, 11)):
            a, b, c, d = rs.randint(cols), rs.randint(rows), rs.randint(cols), rs.randint(rows)
            direction = str(rs.choice(["R", "L", "U", "D"]))
            x, y = (a, b) if learner == "cat" else (c, d)
            if not (0 <= x + DELTAS[direction][0] < cols and 0 <= y + DELTAS[direction][1] < rows):
                continue
            pol = copy.deepcopy(cat if learner == "cat" else mouse)
            pol[a][b][c][d] = direction
            new = game(pol, mouse) if learner == "cat" else game(cat, pol)
            if accept(learner, best, new):
                best, best_pol = new, pol
        if best_pol is not None:
            cat, mouse = (best_pol, mouse) if learner == "cat" else (cat, best_pol)
            result = best
        tally[result[0]] += 1
    return tally


def plain_v2_iteration(table, it, games=1000):
    draw = LegacyStream(it).below
    cands = _candidates(table, draw, 100 - (it + 1), 10)
    scores = []
    for cand in cands:
        res = []
        for g in range(games):
            rs = np.random.RandomState(g)   # as the article: reseed per game, one choice per draw
            res.append(play_local(cand, 5, 5, "random",
                                  lambda rs=rs: "UDLR".index(rs.choice(["U", "D", "L", "R"])))[:3])
        won = np.array([r[0] for r in res])
        scores.append(summarize(won, np.array([r[1] for r in res]), np.array([r[2] for r in res])))
    return cands, scores


def main():
    n1 = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    n2 = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    t = time.perf_counter()
    plain_tally = plain_v1(n1)
    t_plain = (time.perf_counter() - t) / n1
    t = time.perf_counter()
    fast = train_tabular(iterations=n1, snapshot_every=0)
    assert fast.tally == plain_tally
    t = time.perf_counter()
    full = train_tabular(iterations=100_000, snapshot_every=0)
    t_full = time.perf_counter() - t
    assert full.tally == {"mouse": 54_760, "cat": 45_240}
    t_fast = t_full / 100_000
    print(f"version 1: straightforward {1 / t_plain:,.0f} it/s ({n1} iterations), ours {1 / t_fast:,.0f} it/s; "
          f"ratio {t_plain / t_fast:,.0f}x; full 100,000-iteration run {t_full:.2f} s "
          f"(straightforward, extrapolated: {100_000 * t_plain / 60:.0f} min)")

    table = initial_window_table()
    t = time.perf_counter()
    for it in range(n2):
        cands, plain_scores = plain_v2_iteration(table, it)
    t_plain2 = (time.perf_counter() - t) / n2
    t = time.perf_counter()
    game_streams(1000, 16 * 20 + 64, "article", 0)     # drawn once per training run
    t_streams = time.perf_counter() - t
    repeats = 5                                        # ours is fast: repeat the same iterations
    t = time.perf_counter()
    for _ in range(repeats):
        for it in range(n2):
            cands = _candidates(table, LegacyStream(it).below, 100 - (it + 1), 10)
            won, rounds, fig = evaluate_batch(cands, 5, 5, 1000, "random")
    t_fast2 = (time.perf_counter() - t) / (n2 * repeats)
    assert [summarize(won[k], rounds[k], fig[k]) for k in range(10)] == plain_scores
    t = time.perf_counter()
    run = train_local(mode="article")
    t_full2 = time.perf_counter() - t
    assert run.phase1_iterations == 30
    print(f"version 2: straightforward {t_plain2:.2f} s per iteration (10 x 1000 games, first {n2} iterations), "
          f"ours {t_fast2:.3f} s (plus {t_streams:.2f} s once per run to draw the game streams); "
          f"ratio {t_plain2 / t_fast2:,.0f}x; full training (30 + 200 iterations) {t_full2:.2f} s, "
          f"{t_full2 / 230:.3f} s per iteration")


if __name__ == "__main__":
    main()
