# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Cat and mouse, version 1 improved: a cat no mouse can exploit
#
# Notebook 20 reproduced the article's co-evolution (W. Brett Kennedy, *Using Optimization to
# Solve Adversarial Problems*, 2025) and found its weakness: the final cat wins the final game,
# but a mouse that knows the cat's table evades it forever. The article lists what it would
# change: **more than one change per candidate; detecting stagnation (restarts, larger jumps);
# letting the stronger player keep learning; scoring candidates against a pool of strong past
# opponents** instead of only the current one.
#
# The yardstick here is exact. For a cat table, the solver computes the best-responding mouse
# and the number of cat moves the table then needs from the corner start; a table is
# **unexploitable** when that number equals the optimum `R + C - 3` (notebook 22). The trainers
# never see this number; it only measures them.
#
# The question: starting from the article's WEAK cat, does an improved trainer reach an
# unexploitable cat on **every cat-winnable board from 4x4 to 8x8** (cat first when `R + C` is
# odd, mouse first when it is even) within 100,000 iterations, for at least 4 of 5 seeds? And
# the article's trainer, on the same boards and seeds?

# %% tags=["parameters"]
MIN_SIDE, MAX_SIDE = 4, 8       # every cat-winnable board in this range
SEEDS = 5                       # independent runs per board
ITERATIONS = 100_000            # budget per run
CHECKPOINT = 1_000              # measure against the exact best response this often
ABLATION_BOARDS = ((6, 6), (7, 6))
ABLATION_SEEDS = 3
ABLATION_ITERATIONS = 30_000
N_JOBS = 2                      # parallel runs (joblib)
ONLY_FINISHED = False           # True: leave out boards whose runs are not all on disk yet

# %%
import os

if os.environ.get("GAMEAI_QUICK"):
    MIN_SIDE, MAX_SIDE, SEEDS, ITERATIONS, CHECKPOINT = 4, 5, 2, 6_000, 500
    ABLATION_BOARDS, ABLATION_SEEDS, ABLATION_ITERATIONS = ((4, 5),), 1, 3_000
    ONLY_FINISHED = False

# %%
import time

import matplotlib.pyplot as plt
import numpy as np

import catmouse
from catmouse.coevolve import VARIANTS, compare_trainers
from catmouse.draw import plot_capture_heatmap
from catmouse.runcache import compare_trainers_cached, is_cached, variant_run_cached
from studykit import Claim, record_claims, run_sweep, save_figure
from studykit.sweep import trial_seeds

FULL = (MIN_SIDE, MAX_SIDE, SEEDS, ITERATIONS) == (4, 8, 5, 100_000)


def first_mover(rows, cols):
    """The side to start so that the cat can win from the corners (notebook 22's parity rule)."""
    return "cat" if (rows + cols) % 2 else "mouse"


def share_reached(solved_at, budget, step):
    """Iterations grid and the share of runs that reached an unexploitable cat by each point."""
    grid = np.arange(0, budget + 1, step)
    done = np.array([np.inf if s is None else s for s in solved_at])
    return grid, (done[None, :] <= grid[:, None]).mean(axis=1)


# %% [markdown]
# ## The improvements, one at a time
#
# `train_tabular_improved` takes a `CoevolutionConfig` whose switches are the article's list.
# With all switches off it is the article's scheme (the losing side learns; 1 to 10 one-cell
# candidates per iteration, each scored on one game against the opponent's current table, by
# the article's acceptance rules). The ladder below turns them on cumulatively:
#
# * **several changes**: up to three cells per candidate, following one game's path (replaying
#   it after each change), so a candidate can be a detour several moves long;
# * **stagnation**: after 50 iterations without progress the number of changes doubles; after
#   300 the mouse restarts from a fresh random table (a new explorer); meanwhile the mouse also
#   accepts a candidate that survives exactly as long (**drift**: a neutral move to another line
#   of play, so it can wander along a plateau until some change makes it survive longer);
# * **both sides learn** every iteration, also the one that is winning;
# * **hall of fame**: every mouse that evades the cat or outlasts every mouse in the pool joins
#   the pool, and the cat's candidates are scored on all of them (lexicographically: captures,
#   worst capture time, total time). The mouse keeps sparring with the current cat; its job is
#   to find the cat's weaknesses.
#
# Each line is the share of runs that have reached an unexploitable cat by a given iteration.

# %%
start = time.perf_counter()
grid = [{"rows": r, "cols": c, "first_move": first_mover(r, c), "variant": v,
         "iterations": ABLATION_ITERATIONS, "checkpoint_every": CHECKPOINT}
        for r, c in ABLATION_BOARDS for v in VARIANTS]
ablation = run_sweep(variant_run_cached, grid, trials=ABLATION_SEEDS, seed=1, n_jobs=N_JOBS, desc="ablation")
print(f"{len(ablation)} runs in {time.perf_counter() - start:.0f} s")

fig, ax = plt.subplots(figsize=(8, 4))
for variant in VARIANTS:
    solved = [row["result"]["solved_at"] for row in ablation if row["variant"] == variant]
    x, y = share_reached(solved, ABLATION_ITERATIONS, CHECKPOINT)
    ax.step(x, y, where="post", label=f"{variant} ({sum(s is not None for s in solved)}/{len(solved)})")
ax.set_xlabel("iteration")
ax.set_ylabel("share of runs with an unexploitable cat")
ax.set_title(f"Boards {', '.join(f'{r}x{c}' for r, c in ABLATION_BOARDS)}, {ABLATION_SEEDS} seeds each")
ax.legend(fontsize=8)
plt.show()

# %% [markdown]
# Without the hall of fame no combination gets there: each cat only learns to beat the mouse
# in front of it, and forgets the previous one as soon as it has moved on (exactly the cycling
# of the article's learning curves). The hall of fame alone is not enough either: with one-cell
# changes and a mouse that never starts over, the mouse stops finding new weaknesses. Together
# the four changes reach the target.
#
# ## Every cat-winnable board from 4x4 to 8x8, five seeds, both trainers
#
# `compare_trainers` runs, for one board and seed, the article's trainer (`train_tabular`,
# modern generator) for the full budget, measuring its cat every 1,000 iterations, and the
# improved trainer until its cat is unexploitable (or the budget runs out).
# The sweep takes the best part of two CPU-hours, so each run's result is kept on disk as
# soon as it is done (`catmouse.runcache`, keyed by the arguments and the trainers' source
# code): an interrupted or repeated execution reuses them.

# %%
boards = [(r, c) for r in range(MIN_SIDE, MAX_SIDE + 1) for c in range(MIN_SIDE, MAX_SIDE + 1)]
missing = []
if ONLY_FINISHED:          # a sweep cut short: report the boards whose five runs are all done
    missing = [(r, c) for r, c in boards if not all(
        is_cached(compare_trainers, rows=r, cols=c, first_move=first_mover(r, c), iterations=ITERATIONS,
                  checkpoint_every=CHECKPOINT, seed=s) for s in trial_seeds(2025, SEEDS))]
    boards = [b for b in boards if b not in missing]
    print(f"left out, runs not finished: {', '.join(f'{r}x{c}' for r, c in missing) or 'none'}")
grid = [{"rows": r, "cols": c, "first_move": first_mover(r, c), "iterations": ITERATIONS,
         "checkpoint_every": CHECKPOINT} for r, c in boards]
start = time.perf_counter()
runs = run_sweep(compare_trainers_cached, grid, trials=SEEDS, seed=2025, n_jobs=N_JOBS, desc="boards x seeds")
elapsed = time.perf_counter() - start
print(f"{len(runs)} runs (each: both trainers) in {elapsed / 60:.1f} min on {N_JOBS} workers")

# %%
print(f"{'board':>6} {'first':>6} {'optimum':>8} {'improved: seeds solved':>23} {'median it.':>11} "
      f"{'article: seeds ever solved':>27}")
per_board = {}
for r, c in boards:
    rows_ = [row["result"] for row in runs if (row["rows"], row["cols"]) == (r, c)]
    solved = [x["solved_at"] for x in rows_ if x["solved_at"] is not None]
    article = [x["article_solved_at"] for x in rows_ if x["article_solved_at"] is not None]
    per_board[(r, c)] = (len(solved), len(rows_), np.median(solved) if solved else np.inf, len(article))
    print(f"{r}x{c:<4} {first_mover(r, c):>6} {catmouse.optimal_capture(r, c, first_mover(r, c)):>8} "
          f"{len(solved):>17}/{len(rows_)} {np.median(solved) if solved else float('inf'):>11,.0f} "
          f"{len(article):>25}/{len(rows_)}")

# %%
fig, axes = plt.subplots(1, 2, figsize=(13, 4.8))
for key, label, color in (("solved_at", "improved trainer", "tab:green"),
                          ("article_solved_at", "article's trainer", "tab:gray")):
    x, y = share_reached([row["result"][key] for row in runs], ITERATIONS, CHECKPOINT)
    axes[0].step(x, y, where="post", color=color, label=label)
axes[0].set_xlabel("iteration")
axes[0].set_ylabel("share of runs with an unexploitable cat")
axes[0].set_title(f"All {len(runs)} runs ({len(boards)} boards x {SEEDS} seeds)")
axes[0].legend()
sides = list(range(MIN_SIDE, MAX_SIDE + 1))
median = np.array([[per_board.get((r, c), (0, 0, np.nan))[2] / 1000 for c in sides] for r in sides])
plot_capture_heatmap(median, sides, sides, "improved trainer: median iterations (thousands)\n"
                     "to an unexploitable cat ('-': not reached)", ax=axes[1], label="thousand iterations")
fig.tight_layout()
save_figure(fig, "catmouse_v1_improved")
plt.show()

# %% [markdown]
# Exploitability over training time, board by board (the cat's moves lost to the optimum against
# a best-responding mouse; at the top of each panel: never catches it). Grey: the article's
# trainer, green: the improved one (a run stops once its cat is unexploitable).

# %%
show = [b for b in [(4, 5), (5, 5), (6, 7), (7, 7), (8, 7), (8, 8)] if b in boards] or boards[:2]
fig, axes = plt.subplots(1, len(show), figsize=(3.2 * len(show), 3.2), sharey=True)
for ax, (r, c) in zip(np.atleast_1d(axes), show):
    for row in runs:
        if (row["rows"], row["cols"]) != (r, c):
            continue
        for key, color in (("article", "tab:gray"), ("improved", "tab:green")):
            its, lost = zip(*row["result"][key])
            ax.plot(np.array(its) / 1000, np.minimum(lost, 12), color=color, alpha=0.6, lw=1)
    ax.set_title(f"{r}x{c}, {first_mover(r, c)} first")
    ax.set_xlabel("iteration (thousands)")
np.atleast_1d(axes)[0].set_ylabel("moves lost to the optimum\n(12 = never catches)")
fig.tight_layout()
plt.show()

# %% [markdown]
# **What we see.** The article's trainer almost never produces a cat that a best-responding
# mouse cannot exploit: its cat learns to beat the current mouse's single line of play, and the
# rest of its table stays the WEAK rule. The improved trainer keeps every mouse that ever beat it
# in the pool, so each weakness found stays fixed; with path-following changes and restarts the
# mouse keeps finding new weaknesses until there are none left on the paths a mouse can force.
# The cost grows with the board: the hall of fame ends with hundreds to a few thousand mice.
#
# The largest boards are the hardest. There the cat can end up catching every mouse of its pool
# (a few thousand), the best-responding one included, but two moves later than the optimum: no
# mouse the hill climber finds plays that longest delaying line, so nothing pushes the cat to
# shorten it. Drift is what gets the mouse there: before it was added, 8x8 reached an
# unexploitable cat in only 1 of 5 runs (the other four stalled two moves above the optimum 13);
# with it, 4 of 5 (the run left unsolved is the seed that had solved before, at 62,000). 7x8
# and 8x8 are at the edge of the bar (4 of 5 each).
#
# The committed outputs come from one uninterrupted execution of the whole sweep (125 runs of both
# trainers, 52 minutes on two quiet cores). With `ONLY_FINISHED = True` the notebook reports only
# the boards whose runs are all on disk (for a sweep cut short); each finished run stays there,
# so executing again completes the sweep.

# %%
boards_ok = sum(1 for s, n, _, _ in per_board.values() if s >= min(4, n))
complete = FULL and not missing
total_solved = sum(s for s, _, _, _ in per_board.values())
article_solved = sum(a for _, _, _, a in per_board.values())
claims = [
    Claim("Article's limitations addressed (several changes, stagnation, both learn, hall of fame) "
          "give an unexploitable cat on every cat-winnable board 4x4..8x8 (>= 4 of 5 seeds, "
          "100,000 iterations)", "proposed as future work",
          f"{boards_ok}/{len(per_board)} boards; {total_solved}/{len(runs)} runs"
          + (f" ({len(missing)} boards not run in time)" if missing else ""),
          "reproduced exactly" if boards_ok == len(per_board) and complete else "differs",
          "" if boards_ok == len(per_board) and complete else
          ("quick mode: small boards, short budget" if not FULL else
           "sweep cut short: boards left out" if missing else "some boards below 4 of 5 seeds")),
    Claim("The article's co-evolution yields a cat that beats a best-responding mouse",
          "implied (final games won)", f"{article_solved}/{len(runs)} runs ever unexploitable at a checkpoint",
          "reproduced exactly" if article_solved == len(runs) else "differs",
          "" if article_solved == len(runs) else "its cat only beats the current mouse's line of play"),
]
record_claims(study="Cat and mouse", source="23_catmouse_v1_improved", claims=claims)
claims
