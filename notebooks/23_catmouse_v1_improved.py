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
# never see this number; it only measures them. One detail of the game differs from the
# article's: the improved trainer's fast games count only positions after a half move as a
# repeat, so a game that comes back to its start ends one round later (same winner; the exact
# solver's verdicts do not depend on it). `catmouse.v1.games` says so, and the tests check both.
#
# The question, a goal of ours beyond the article: starting from the article's WEAK cat, does an
# improved trainer reach an unexploitable cat on **every cat-winnable board from 4x4 to 8x8**
# (cat first when `R + C` is odd, mouse first when it is even) within the article's budget of
# 100,000 iterations, for at least 4 of 5 seeds? And the article's trainer, on the same boards
# and seeds? The article's two other proposals for a stalled search, **simulated annealing** and
# **early stopping**, are tried on top of the improved trainer at the end.
#
# <!-- runtime -->*Run time:* 25.7 min at full settings, 15 s in quick mode (measured in one `make reproduce`, 2 cores).<!-- /runtime -->

# %% tags=["parameters"]
MIN_SIDE, MAX_SIDE = 4, 8       # every cat-winnable board in this range
SEEDS = 5                       # independent runs per board
ITERATIONS = 100_000            # budget per run
CHECKPOINT = 1_000              # measure against the exact best response this often
ABLATION_BOARDS = ((6, 6), (7, 6))   # boards of the one-at-a-time comparison
ABLATION_SEEDS = 10             # runs per board and variant (enough for a confidence interval)
ABLATION_ITERATIONS = 30_000
TUNING_BOARDS = ((6, 6), (7, 6))     # boards for annealing and early stopping
TUNING_SEEDS = 20               # runs per board and variant (enough for a paired interval)
TUNING_ITERATIONS = 30_000
TUNING_CHECKPOINT = 250         # their measuring step: finer than CHECKPOINT, to time them
N_JOBS = 2                      # parallel runs (joblib)
ONLY_FINISHED = False           # True: leave out boards whose runs are not all on disk yet

# %%
from studykit import shrink

# quick mode (GAMEAI_QUICK set): a smoke run, not the experiment; constants set by papermill are kept
shrink(globals(), MIN_SIDE=4, MAX_SIDE=5, SEEDS=2, ITERATIONS=6_000, CHECKPOINT=500,
       ABLATION_BOARDS=((4, 5),), ABLATION_SEEDS=1, ABLATION_ITERATIONS=3_000,
       TUNING_BOARDS=((4, 5),), TUNING_SEEDS=2, TUNING_ITERATIONS=3_000, ONLY_FINISHED=False)

# %%
from catmouse.settings import notebook_settings

globals().update(notebook_settings(23, globals()))   # every constant checked, each error naming it

# %%
import math
import time

import matplotlib.pyplot as plt
import numpy as np

import catmouse
from catmouse import (
    STOP_AFTER,
    TUNING,
    VARIANTS,
    board_area,
    compare_trainers,
    compare_trainers_cached,
    is_cached,
    paired_solve_difference,
    plot_capture_heatmap,
    solved_counts,
    solved_share,
    tuning_sweep,
    variant_run_cached,
    winnable_first_move,
)
from catmouse.claimrows import SHARE_TEST, effect_row, share_verdict
from studykit import (
    Item,
    beyond_claim,
    check_claim,
    compare_setting,
    count_with_interval,
    with_alternative,
    record_claims,
    record_inventory,
    run_sweep,
    save_figure,
    trial_seeds,
    wilson,
)

# the setting the article's statements are compared at: its budget, on the boards 4x4..8x8
# (the article's 8x7 among them)
SETTING = compare_setting({"MIN_SIDE": MIN_SIDE, "MAX_SIDE": MAX_SIDE, "ITERATIONS": ITERATIONS},
                          {"MIN_SIDE": 4, "MAX_SIDE": 8, "ITERATIONS": 100_000})
print("setting:", SETTING.describe())


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
# Each line is the share of runs that have reached an unexploitable cat by a given iteration;
# the table gives the count per board and variant with its 95% Wilson interval.

# %%
start = time.perf_counter()
grid = [{"rows": r, "cols": c, "first_move": winnable_first_move(r, c), "variant": v,
         "iterations": ABLATION_ITERATIONS, "checkpoint_every": CHECKPOINT}
        for r, c in ABLATION_BOARDS for v in VARIANTS]
ablation = run_sweep(variant_run_cached, grid, trials=ABLATION_SEEDS, seed=1, n_jobs=N_JOBS, desc="ablation",
                     cost=board_area)  # the largest boards start first: no worker idles at the end
print(f"{len(ablation)} runs in {time.perf_counter() - start:.0f} s")
print(f"{'board':>6}  {'variant':<38} {'unexploitable':>13}  {'95% interval':>14}")
for (r, c, variant), (k, n) in solved_counts(ablation, ("rows", "cols", "variant")).items():
    lo, hi = wilson(k, n)
    print(f"{r}x{c:<4}  {variant:<38} {k:>9} / {n:<3} [{lo:.2f}, {hi:.2f}]")
by_variant = solved_counts(ablation, ("variant",))

fig, ax = plt.subplots(figsize=(8, 4))
for variant in VARIANTS:
    solved = [row["result"]["solved_at"] for row in ablation if row["variant"] == variant]
    x, y = solved_share(solved, ABLATION_ITERATIONS, CHECKPOINT)
    ax.step(x, y, where="post", label=f"{variant} ({sum(s is not None for s in solved)}/{len(solved)})")
ax.set_xlabel("iteration")
ax.set_ylabel("share of runs with an unexploitable cat")
ax.set_title(f"Boards {', '.join(f'{r}x{c}' for r, c in ABLATION_BOARDS)}, {ABLATION_SEEDS} seeds each")
ax.legend(fontsize=8)
plt.show()

# %% [markdown]
# Without the hall of fame a cat only learns to beat the mouse in front of it, and forgets the
# previous one as soon as it has moved on (the cycling of the article's learning curves), so an
# unexploitable cat is at best an accident of the moment it is measured. The hall of fame alone
# has a different problem: with one-cell changes and a mouse that never starts over, the mouse
# stops finding new weaknesses. The line below sums each variant over the boards, and the
# intervals say how sure the counts are: with 10 seeds per board, 0 of 10 still allows a success
# rate of up to 28%, and 10 of 10 a rate as low as 72%.

# %%
full_name = "+ hall of fame (all four)"
others = {v: kn for (v,), kn in by_variant.items() if v != full_name}
print(f"all four changes: {by_variant[(full_name,)][0]} of {by_variant[(full_name,)][1]} runs; "
      + "; ".join(f"{v}: {k} of {n}" for v, (k, n) in others.items()))

# %% [markdown]
# ## Every cat-winnable board from 4x4 to 8x8, five seeds, both trainers
#
# `compare_trainers` runs, for one board and seed, the article's trainer (`train_tabular`,
# modern generator) for the full budget, measuring its cat every 1,000 iterations, and the
# improved trainer until its cat is unexploitable (or the budget runs out). Each run's result
# is kept on disk as soon as it is done (`catmouse.v1.runcache`, keyed by the arguments and the
# trainers' source code), so an interrupted or repeated execution reuses them; the time the
# sweep took is printed below it.

# %%
boards = [(r, c) for r in range(MIN_SIDE, MAX_SIDE + 1) for c in range(MIN_SIDE, MAX_SIDE + 1)]
missing = []
if ONLY_FINISHED:          # a sweep cut short: report the boards whose five runs are all done
    missing = [(r, c) for r, c in boards if not all(
        is_cached(compare_trainers, rows=r, cols=c, first_move=winnable_first_move(r, c),
                  iterations=ITERATIONS, checkpoint_every=CHECKPOINT, seed=s) for s in trial_seeds(2025, SEEDS))]
    boards = [b for b in boards if b not in missing]
    print(f"left out, runs not finished: {', '.join(f'{r}x{c}' for r, c in missing) or 'none'}")
grid = [{"rows": r, "cols": c, "first_move": winnable_first_move(r, c), "iterations": ITERATIONS,
         "checkpoint_every": CHECKPOINT} for r, c in boards]
start = time.perf_counter()
runs = run_sweep(compare_trainers_cached, grid, trials=SEEDS, seed=2025, n_jobs=N_JOBS, desc="boards x seeds",
                 cost=board_area)
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
    first = winnable_first_move(r, c)
    print(f"{r}x{c:<4} {first:>6} {catmouse.optimal_capture(r, c, first):>8} "
          f"{len(solved):>17}/{len(rows_)} {np.median(solved) if solved else float('inf'):>11,.0f} "
          f"{len(article):>25}/{len(rows_)}")

# %%
fig, axes = plt.subplots(1, 2, figsize=(13, 4.8))
for key, label, color in (("solved_at", "improved trainer", "tab:green"),
                          ("article_solved_at", "article's trainer", "tab:gray")):
    x, y = solved_share([row["result"][key] for row in runs], ITERATIONS, CHECKPOINT)
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
grid = (-(-len(show) // 3), min(3, len(show)))       # rows of three panels: legible on the page
fig, axes = plt.subplots(*grid, figsize=(3 * grid[1], 3 * grid[0]), sharey=True, squeeze=False)
for ax, (r, c) in zip(axes.flat, show):
    for row in runs:
        if (row["rows"], row["cols"]) != (r, c):
            continue
        for key, color in (("article", "tab:gray"), ("improved", "tab:green")):
            its, lost = zip(*row["result"][key])
            ax.plot(np.array(its) / 1000, np.minimum(lost, 12), color=color, alpha=0.6, lw=1)
    ax.set_title(f"{r}x{c}, {winnable_first_move(r, c)} first")
    ax.set_xlabel("iteration (thousands)")
for ax in axes[:, 0]:
    ax.set_ylabel("moves lost to the optimum\n(12 = never catches)")
for ax in axes.flat[len(show):]:
    ax.axis("off")
fig.tight_layout()
plt.show()

# %% [markdown]
# **What we see.** In this execution the article's trainer never produced a cat that a
# best-responding mouse cannot exploit: 0 of the 125 runs, checked every 1,000 iterations of the
# 100,000 (the table's last column). Its cat learns to beat the current mouse's single line of
# play, and the rest of its table stays the WEAK rule. The improved trainer keeps every mouse that ever beat it
# in the pool, so each weakness found stays fixed; with path-following changes and restarts the
# mouse keeps finding new weaknesses until there are none left on the paths a mouse can force.
# The cost grows with the board: the hall of fame ends with hundreds to a few thousand mice.
#
# The largest boards are the hardest. There the cat can end up catching every mouse of its pool
# (a few thousand), the best-responding one included, but two moves later than the optimum: no
# mouse the hill climber finds plays that longest delaying line, so nothing pushes the cat to
# shorten it. Drift (the mouse accepting a candidate that survives exactly as long) is what
# lets the mouse wander along such a plateau to the longer line. 7x8 and 8x8 only just meet the
# goal of 4 of 5 seeds (the table above).
#
# With `ONLY_FINISHED = True` the notebook reports only the boards whose runs are all on disk
# (for a sweep cut short); each finished run stays there, so executing again completes the sweep.
#
# ## Simulated annealing and early stopping
#
# The article's other two remedies for a search that has stopped improving, tried on top of the
# improved trainer (`catmouse.v1.anneal`, `catmouse.v1.experiments`):
#
# * **simulated annealing**, "to allow moving to policies that appear weaker": when no candidate
#   of an iteration improves the mouse, its best worse candidate is accepted with probability
#   `exp(-drop / T)` (`drop`: rounds of survival lost; `T` starts at 2 and halves every 10,000
#   iterations). Once added to everything else, once in place of the mouse's restarts and drift;
# * **early stopping**, when the players stop improving: the run ends once the cat's training
#   score has not risen for 2,000 iterations in a row (no mouse found in that time made it
#   change). Unlike the runs above, which stop when the solver says the cat is unexploitable,
#   this rule needs no solver; the solver only checks where it stopped.

# %%
start = time.perf_counter()
# every board x TUNING variant x seed, as run_sweep(tuning_run_cached, ...) gives them; "improved" and
# "improved + early stopping" make the same draws until early stopping fires: one run serves both
tuning = tuning_sweep(TUNING_BOARDS, TUNING_ITERATIONS, TUNING_CHECKPOINT, trials=TUNING_SEEDS, seed=3,
                      n_jobs=N_JOBS, desc="tuning")
print(f"{len(tuning)} runs in {time.perf_counter() - start:.0f} s")
print(f"{'variant':<40} {'unexploitable':>13} {'median it. to it':>17} {'worse moves':>12} {'stopped at':>18}")
tuned = {}
for variant in TUNING:
    res = [row["result"] for row in tuning if row["variant"] == variant]
    solved = [x["solved_at"] for x in res if x["solved_at"] is not None]
    stops = [x["stopped_at"] for x in res if x["stopped_at"] is not None]
    tuned[variant] = {"solved": len(solved), "runs": len(res), "median": np.median(solved) if solved else np.inf,
                      "stops": stops, "exact_at_stop": sum(x["final_lost"] == 0 for x in res if x["stopped_at"]),
                      "worse": sum(x["worse_moves"] for x in res)}
    t = tuned[variant]
    print(f"{variant:<40} {t['solved']:>7} / {t['runs']:<4} {t['median']:>17,.0f} {t['worse']:>12,} "
          f"{'median ' + format(np.median(stops), ',.0f') if stops else '-':>18}")
annealing = {v: paired_solve_difference(tuning, v, "improved", TUNING_ITERATIONS)
             for v in ("improved + annealing", "annealing instead of restarts and drift")}
print("\niterations to an unexploitable cat, minus the improved trainer's on the same board and seed:")
for variant, diff in annealing.items():
    print(f"{variant:<40} {diff.describe()}")

# %% [markdown]
# The table reads directly: how often each variant reached an unexploitable cat, how fast
# (median iterations over the runs that got there, measured every `TUNING_CHECKPOINT`
# iterations), how many worse mouse candidates annealing accepted, and where early stopping ended
# its runs (it keeps training past the first unexploitable checkpoint until its own rule fires).
# The last lines compare each annealing variant with the improved trainer run by run (same board,
# same seed): the mean difference in iterations to an unexploitable cat with its 95% paired
# bootstrap interval (a run that never got there counts as the whole budget). The claims below
# state what each of them shows.
#
# ## Claims and inventory

# %%
boards_ok = sum(1 for s, n, _, _ in per_board.values() if s >= math.ceil(0.8 * n))
total_solved = sum(s for s, _, _, _ in per_board.values())
article_solved = sum(a for _, _, _, a in per_board.values())
board_range = f"{MIN_SIDE}x{MIN_SIDE}..{MAX_SIDE}x{MAX_SIDE}"
need = math.ceil(0.8 * SEEDS)

full_k, full_n = by_variant[(full_name,)]
full_lo = wilson(full_k, full_n)[0]
no_pool = "+ both sides learn"                      # the other three changes, without the pool
pool_k, pool_n = by_variant.get((no_pool,), (0, 0))
base = tuned["improved"]
claims = [
    beyond_claim(f"Improved trainer (several changes, stagnation handling, both sides learn, hall of fame) "
                 f"from the WEAK cat: an unexploitable cat on every cat-winnable board {board_range}",
                 f">= {need} of {SEEDS} seeds on every board within {ITERATIONS:,} iterations",
                 f"{boards_ok}/{len(per_board)} boards; {total_solved}/{len(runs)} runs"
                 + (f"; {len(missing)} boards not run yet" if missing else ""),
                 boards_ok == len(per_board) and not missing,
                 test="exact best response at checkpoints every "
                      f"{CHECKPOINT:,} iterations: the cat's moves equal the optimum R + C - 3",
                 reason="boards left out of a sweep cut short" if missing else
                        "some boards below the seed count"),
    beyond_claim(f"Ablation on {', '.join(f'{r}x{c}' for r, c in ABLATION_BOARDS)}: only the combination "
                 "of all four changes reaches an unexploitable cat",
                 f"all four: 95% interval above every other variant's ({ABLATION_SEEDS} seeds per board, "
                 f"{ABLATION_ITERATIONS:,} iterations)",
                 "; ".join(f"{v}: {count_with_interval(k, n)}" for (v,), (k, n) in by_variant.items()),
                 all(full_lo > wilson(k, n)[1] for v, (k, n) in others.items()),
                 test="Wilson 95% intervals of the share of runs reaching an unexploitable cat",
                 reason="another variant's interval reaches the full combination's"),
    check_claim("Scoring against a pool of strong past opponents makes more robust players than "
                "scoring against the current one only",
                "'to create more robust players', evaluate 'against a number of policies known to be "
                "reasonably strong' (the one-opponent scheme 'works reasonably well')",
                f"unexploitable cat without the pool (other three changes): "
                f"{count_with_interval(pool_k, pool_n)}; with it: {count_with_interval(full_k, full_n)}; "
                f"the article's trainer on all boards: {article_solved}/{len(runs)}",
                pool_n > 0 and full_lo > wilson(pool_k, pool_n)[1] and article_solved < total_solved,
                test="with the pool, the Wilson 95% interval lies above the one without; and the improved "
                     "trainer beats the article's on the board sweep",
                reason="the pool did not make a clear difference in this run", setting=SETTING),
]
# the comparison is a choice of ours: the pool added to our other three changes; added to the
# article's own trainer instead (hall of fame alone against the article's scheme) it reads:
alone_k, alone_n = by_variant.get(("hall of fame alone",), (0, 0))
plain_k, plain_n = by_variant.get(("article's scheme",), (0, 0))
if alone_n and plain_n and claims[-1].status != "setting differs":
    alone_status = share_verdict(alone_k, alone_n, plain_k, plain_n)
    claims[-1] = with_alternative(
        claims[-1], choice="the trainer the pool is added to", chosen="our other three changes",
        reading="the article's own trainer (hall of fame alone against the article's scheme)",
        ours=f"hall of fame alone: {count_with_interval(alone_k, alone_n)}; the article's scheme: "
             f"{count_with_interval(plain_k, plain_n)}",
        status=alone_status, test=SHARE_TEST,
        reason={"differs": "the pool alone does worse than the article's scheme",
                "inconclusive": "neither trainer reaches an unexploitable cat at this budget: the "
                                "pool alone shows no robustness either way"}.get(alone_status, ""))
for variant, quote in (("improved + annealing", "adds annealing to the improved trainer"),
                       ("annealing instead of restarts and drift", "replaces the mouse's restarts and drift")):
    t, diff = tuned[variant], annealing[variant]
    claims.append(effect_row(
        f"Simulated annealing ({quote}) helps the trainer out of local optima",
        "'something like simulated annealing (to allow moving to policies that appear weaker, "
        "to break out of local optima)'",
        diff.mean, diff.low, diff.high, direction="below", fmt="{:+,.0f}",
        detail=f"{count_with_interval(t['solved'], t['runs'])} unexploitable (improved trainer alone "
               f"{count_with_interval(base['solved'], base['runs'])}); iterations to it, annealing minus "
               f"the improved trainer, over {diff.pairs} matched runs (unsolved counted as the budget: "
               f"{diff.unsolved_variant} vs {diff.unsolved_reference})",
        interval=f"paired bootstrap 95% interval of the iterations to an unexploitable cat, annealing "
                 f"minus the improved trainer on the same board and seed "
                 f"({', '.join(f'{r}x{c}' for r, c in TUNING_BOARDS)}, {TUNING_SEEDS} seeds each, "
                 f"measured every {TUNING_CHECKPOINT:,}; a help is fewer iterations)",
        differs=f"annealing is measurably slower: {diff.describe()}",
        inconclusive=f"the improved trainer alone already reaches an unexploitable cat in "
                     f"{base['solved']}/{base['runs']} runs: at this ceiling there is almost no local "
                     "optimum left for annealing to show it escapes, and the interval holds 0",
        setting=SETTING))
early = tuned["improved + early stopping"]
claims.append(beyond_claim(     # the article only proposes it; the rule and its patience are ours
    f"Early stopping (our rule for the article's proposal: no improvement for {STOP_AFTER:,} "
    "iterations) ends training at a finished cat",
    f"every run stops before the budget with an unexploitable cat (the article: 'detect when neither "
    f"player has improved for some time, to allow ... early stopping', a proposal with no result)",
    f"stopped in {len(early['stops'])}/{early['runs']} runs (median at {np.median(early['stops']) if early['stops'] else 0:,.0f} "
    f"of {TUNING_ITERATIONS:,} iterations); cat unexploitable at the stop in {early['exact_at_stop']}/{len(early['stops'])}",
    bool(early["stops"]) and len(early["stops"]) == early["runs"] and early["exact_at_stop"] == len(early["stops"]),
    test="every run stops before the budget, each with an unexploitable cat (exact best response at the stop)",
    reason="; ".join(part for part in (
        f"{early['runs'] - len(early['stops'])} runs did not stop within the budget"
        if len(early["stops"]) < early["runs"] else "",
        f"{len(early['stops']) - early['exact_at_stop']} stopped with an exploitable cat: no mouse had found "
        f"a weakness for {STOP_AFTER:,} iterations, yet one remained"
        if early["exact_at_stop"] < len(early["stops"]) else "") if part)))
claims = record_claims("Cat and mouse", "23_catmouse_v1_improved", claims, setting=SETTING)

# %%
ablation_section = "The improvements, one at a time"
items = [
    Item("Proposal: try candidates with larger changes, not only small changes to the current best",
         "proposal", section=ablation_section),
    Item("Proposal: once one player cannot beat the other, let the other keep learning", "proposal",
         section=ablation_section),
    Item("Proposal: evaluate each policy against a number of strong policies, not only the other "
         "player's current one (slower)", "proposal", section=ablation_section),
    Item("Proposal: detect when neither player has improved for a while (stagnation)", "proposal",
         section=ablation_section),
    Item("Proposal: early stopping when neither player improves", "proposal",
         section="Simulated annealing and early stopping"),
    Item("Proposal: something like simulated annealing, accepting policies that look weaker to leave "
         "a local optimum", "proposal", section="Simulated annealing and early stopping"),
]
items = record_inventory("Cat and mouse", "23_catmouse_v1_improved", items)
