"""Tracking benchmark: exact-filter steps per second, sparse vs the plain dictionary-loop filter
(``tracking/plain.py``), batched episodes, a team's sensing step (one boolean mask) against the
plain product of float likelihoods (``tracking/plain.py``), with identical beliefs,
and the time of a 1200-move capture game between two tracker teams (target: under 5 s).

Run: .venv/bin/python bench/bench_tracking.py
"""

import time

import numpy as np

from tracking import (
    ExactFilter,
    ParticleFilter,
    TeamTracker,
    load_layout,
    make_team,
    run_filter,
    simulate,
)
from tracking.plain import plain_filter, plain_team_observe

STEPS = 300


def timed(fn):
    tic = time.perf_counter()
    fn()
    return time.perf_counter() - tic


def bench_motion(maze, start, motion: str) -> str:
    """One line of ratios for one motion model."""
    ep1 = simulate(maze, steps=STEPS, opponent_beta=10.0, episodes=1, seed=0)
    ep64 = simulate(maze, steps=STEPS, opponent_beta=10.0, episodes=64, seed=0)
    t_dict = min(timed(lambda: plain_filter(maze, start, ep1.likelihoods[:, 0], motion, 10.0, 0.01))
                 for _ in range(3))
    t_one = min(timed(lambda: run_filter(ExactFilter(maze, start, motion=motion), ep1.likelihoods))
                for _ in range(3))
    t_64 = min(timed(lambda: run_filter(ExactFilter(maze, start, motion=motion, episodes=64),
                                        ep64.likelihoods)) for _ in range(3))
    t_pf = timed(lambda: run_filter(ParticleFilter(maze, start, motion=motion, particles=1000,
                                                   rng=np.random.default_rng(0)), ep1.likelihoods))
    return (f"{motion:9s} dict loop {STEPS / t_dict:9,.0f} steps/s | sparse {STEPS / t_one:9,.0f} steps/s "
            f"({t_dict / t_one:5.1f}x the dict loop) | batched 64 episodes {64 * STEPS / t_64:10,.0f} "
            f"episode-steps/s ({64 * t_one / t_64:5.1f}x one at a time) | 1000 particles "
            f"{STEPS / t_pf:7,.0f} steps/s")


def bench_team_observe(maze, steps=2000) -> str:
    """A team's sensing step, mask vs plain products, on the same random sensing sequence."""
    rng = np.random.default_rng(0)
    script = []
    for _ in range(steps):
        acting, mate = (maze.cells[k] for k in rng.integers(maze.n, size=2))
        seen = {j: (maze.cells[rng.integers(maze.n)] if rng.random() < 0.1 else None) for j in (1, 3)}
        script.append((acting, [acting, mate], seen, {j: int(rng.integers(0, 40)) for j in (1, 3)},
                       {j: bool(rng.random() < 0.3) for j in (1, 3)}))
    out = {}
    for name in ("mask", "plain"):
        tracker = TeamTracker(maze, "red")
        observe = tracker.observe if name == "mask" else (
            lambda *args, t=tracker, far={}: plain_team_observe(t, *args, far=far))
        tic = time.perf_counter()
        for args in script:
            observe(*args)
        out[name] = (time.perf_counter() - tic, [f.belief.copy() for f in tracker.filters.values()])
    same = all(np.array_equal(a, b) for a, b in zip(out["mask"][1], out["plain"][1]))
    (t_mask, _), (t_plain, _) = out["mask"], out["plain"]
    return (f"team sensing step: mask {1e6 * t_mask / steps:.1f} us, plain products "
            f"{1e6 * t_plain / steps:.1f} us, ratio {t_plain / t_mask:.1f}x, identical beliefs: {same}")


def bench_tournament_games(games=12) -> str:
    """Seeded tournament games with the maze tables shared vs computed by every agent and filter."""
    from tracking.maze import Maze, clear_shared
    from tracking.tournament import game_trial

    out = {}
    shared = Maze.distances, Maze.neighbor_table
    for name in ("shared", "computed"):
        clear_shared()
        if name == "computed":                       # as before: each caller computes its own
            Maze.distances, Maze.neighbor_table = Maze.compute_distances, Maze.compute_neighbor_table
        try:
            tic = time.perf_counter()
            results = [game_trial("tracker", "greedy" if seed % 2 else "random", "defaultCapture",
                                  "red", seed) for seed in range(games)]
            out[name] = (time.perf_counter() - tic, results)
        finally:
            Maze.distances, Maze.neighbor_table = shared
    (t_shared, r_shared), (t_each, r_each) = out["shared"], out["computed"]
    return (f"{games} tournament games: tables shared {t_shared:.2f} s, computed by each agent and "
            f"filter {t_each:.2f} s, ratio {t_each / t_shared:.2f}x, identical results: {r_shared == r_each}")


def bench_game(maze, seeds=range(3)) -> str:
    """Seconds per 1200-move game between tracker teams (the move limit reached, not an early end)."""
    from tracking.game import CaptureGame

    lines = []
    for seed in seeds:
        game = CaptureGame(maze, make_team("tracker"), make_team("tracker"), max_moves=1200, seed=seed)
        tic = time.perf_counter()
        res = game.play()
        lines.append(f"{time.perf_counter() - tic:.2f} s ({res.moves} moves)")
    return "tracker vs tracker game, 1200-move limit: " + ", ".join(lines) + " (target < 5 s)"


def main():
    maze = load_layout("defaultCapture")
    print("targets: sparse >= 5x the dict loop; batched >= 100,000 episode-steps/s")
    for motion in ("uniform", "explorer"):
        print(bench_motion(maze, (30, 13), motion))
    print(bench_team_observe(maze))
    print(bench_tournament_games())
    print(bench_game(maze))


if __name__ == "__main__":
    main()
