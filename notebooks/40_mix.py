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
# # MIX: SARSA on a 7-bit feature MDP, with a two-move lookahead
#
# The student report *Let's MIX together* learns to play MIX, tic-tac-toe with gravity on a
# 10x20 board (four in a row, horizontally or vertically, never diagonally), with a value
# table over 128 feature states (whose turn; mate, chess and potential chess for each side),
# SARSA-style updates over 500 self-play games, and a 2-ply minimax over the table
# ("future seeing"). Its claims: an exact model would need `3**(20+10)` states, fewer than 60
# feature states are reachable, the lookahead's updates make the values converge much faster,
# the values come out almost the same from run to run, and the program is "a very good
# opponent for anyone", beaten only by preparing potential chesses in the upper rows. It
# proposes counting features (with a "trap"), a deeper lookahead and diagonal wins.
#
# The original C program is not available: where the text is ambiguous, `mix.learn` makes the
# reading an option with a documented default.
#
# <!-- runtime -->*Run time:* 6.3 min at full settings, 21 s in quick mode (measured in one `make reproduce`, 2 cores).<!-- /runtime -->

# %% tags=["parameters"]
TRAIN_GAMES = 500            # the report's N: self-play training games
SEEDS = 5                    # training runs for the stability and lookahead-update checks
YARDSTICK = "onestep-safe"   # fixed opponent measuring strength over training
YARDSTICK_GAMES = 20         # games per seat for each run, checkpoint and variant
RANDOM_GAMES = 100_000       # random vs random
COUNT_BOARDS = ((3, 4), (4, 4))  # boards whose reachable positions are counted exactly
REACH_GAMES = 20_000         # random games for the reachable-state count
REACH_PLAY = 200             # games of each stronger pairing for the same count
OPPONENTS = ("random", "onestep", "onestep-safe", "builder", "builder-search")  # the ladder
AB_DEPTHS = (2, 4)           # alpha-beta opponents (may be empty)
LADDER_GAMES = 200           # games per seat for every pairing of the ladder
CHUNKS = 4                   # seeded chunks per pairing and seat (spread over the workers)
DEEP = 4                     # the deeper lookahead of the improved program
DEEP_OPPONENTS = ("onestep", "onestep-safe")  # its ladder besides the report (may be empty)
SLOW_PAIRINGS = False        # also counting features vs the deepest alpha-beta, deep vs builder-search
COUNTS_GAMES = 1500          # training games of the shipped counts.init
WEAK_GAMES = 100             # games per seat analysed for how the program loses
WEAK_OPPONENTS = ("alphabeta:2", "alphabeta:4")  # analysed besides builder-search (may be empty)
HABIT_GAMES = 50             # games per seat for the habit of making blockable threats
DIAG_GAMES = 100             # games per seat of the diagonal variant
SOLVE_BOARDS = ((4, 4), (4, 5), (4, 6), (4, 7), (5, 4), (5, 5), (5, 6), (6, 4))
PERFECT_BOARDS = ((4, 5), (5, 5))  # boards where the program meets perfect play
SHOW_GAME = ("learned", "builder-search")  # X and O of the animated game
NJOBS = 2

# %%
from studykit import shrink

_ = shrink(globals(), TRAIN_GAMES=30, SEEDS=2, RANDOM_GAMES=2_000, REACH_GAMES=100, REACH_PLAY=2,
           LADDER_GAMES=1, CHUNKS=1, DEEP=3, COUNTS_GAMES=30, WEAK_GAMES=2, DIAG_GAMES=1,
           YARDSTICK_GAMES=1, HABIT_GAMES=2, WEAK_OPPONENTS=("alphabeta:2",),
           AB_DEPTHS=(2,), SOLVE_BOARDS=((4, 4), (4, 5)), PERFECT_BOARDS=((4, 5),),
           COUNT_BOARDS=((3, 4),), NJOBS=1)  # GAMEAI_QUICK: a smoke run, not the experiment

# %%
from mix import STUDY_CONSTANTS, study_settings

# every constant above, checked with the library's limits (a bad one is refused, named)
_constants = {_name: globals()[_name] for _name in STUDY_CONSTANTS}
globals().update(study_settings(**_constants))

# %%
import time

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import mix
from mix import (
    BitFeatures,
    alpha,
    alpha_changes,
    better_in_both_seats,
    draw_board,
    first_seen,
    forced_wins_higher,
    gain_row,
    game_animation,
    gravity_bound,
    ladder,
    loss_profile,
    mate_breaks,
    paired_gain,
    pairing_row,
    play_recorded,
    play_widget,
    reachable_positions,
    reach_rows,
    report_formula,
    seats_not_better,
    seats_text,
    share_gap,
    slot_assignments,
    solve_boards,
    stability_row,
    strength_kept,
    strength_over_training,
    threat_habit,
    train_trial,
    why_lost,
)
from studykit import (
    Item,
    beyond_claim,
    check_claim,
    compare_setting,
    effect_claim,
    exact_claim,
    record_claims,
    record_inventory,
    regression_claim,
    results_dir,
    run_sweep,
    save_figure,
    show_animation,
    wilson,
    with_alternative,
)

SETTING = compare_setting(
    {"TRAIN_GAMES": TRAIN_GAMES, "OPPONENTS": OPPONENTS, "AB_DEPTHS": AB_DEPTHS, "DEEP": DEEP,
     "DEEP_OPPONENTS": DEEP_OPPONENTS, "SOLVE_BOARDS": SOLVE_BOARDS,
     "PERFECT_BOARDS": PERFECT_BOARDS, "COUNT_BOARDS": COUNT_BOARDS, "SHOW_GAME": SHOW_GAME,
     "YARDSTICK": YARDSTICK, "WEAK_OPPONENTS": WEAK_OPPONENTS},
    {"TRAIN_GAMES": 500, "OPPONENTS": ("random", "onestep", "onestep-safe", "builder",
                                       "builder-search"),
     "AB_DEPTHS": (2, 4), "DEEP": 4, "DEEP_OPPONENTS": ("onestep", "onestep-safe"),
     "SOLVE_BOARDS": ((4, 4), (4, 5), (4, 6), (4, 7), (5, 4), (5, 5), (5, 6), (6, 4)),
     "PERFECT_BOARDS": ((4, 5), (5, 5)), "COUNT_BOARDS": ((3, 4), (4, 4)),
     "SHOW_GAME": ("learned", "builder-search"), "YARDSTICK": "onestep-safe",
     "WEAK_OPPONENTS": ("alphabeta:2", "alphabeta:4")})
print("setting:", SETTING.describe())
claims = []
CACHE = results_dir("cache") / "mix_ladder"  # ladder results, keyed by agents, settings, code

# %% [markdown]
# ## The game, and random play
#
# Random against random is the first sanity check of the engine. The report gives no numbers
# for it, so the two rows below are regression checks against our own earlier random-play runs
# (X wins about 54.5%, draws essentially never, games last about 34 moves), kept apart from
# the reproductions in the report.

# %%
rr = mix.match("random", "random", RANDOM_GAMES, seed=0)
x_share = rr.share("x")                  # an Estimate: the share and its standard error
px, x_se = x_share.mean, x_share.se
print(f"{rr.games:,} games: X wins {px:.4f} +- {x_share.half_width():.4f} (95%), O {rr.o_wins / rr.games:.4f}, "
      f"draws {rr.draws / rr.games:.4%}, mean length {rr.mean_length:.2f} moves, "
      f"horizontal wins {rr.horizontal_share:.3f}")
b = mix.Board()
rng = np.random.default_rng(0)
while b.moves < 24 and not b.is_over():
    b.play(int(rng.choice(b.legal_moves())))
draw_board(b, title="A random MIX game after 24 moves (X red, O blue)")
plt.show()
x_z = max(0.0, abs(px - 0.545) - 0.0005) / x_se
claims.append(regression_claim(
    "random vs random: X win share (10x20)", "about 54.5%", f"{px:.4f} ± {x_se:.4f}",
    abs(x_z) <= 2, earlier="earlier random-play runs of ours",
    test=f"|z| <= 2 on our SE, after the printed rounding ±0.0005 (|z| = {abs(x_z):.1f})",
    reason="X's first-move edge is not what our earlier runs measured"))
draw_share = rr.draws / rr.games
claims.append(regression_claim(
    "random vs random: draws and game length", "draws essentially never, about 34 moves",
    f"draws {draw_share:.3%}, {rr.mean_length:.2f} moves", draw_share < 0.005
    and abs(rr.mean_length - 34) < 1, test="draws under 0.5% and mean length within 1 of 34",
    earlier="earlier random-play runs of ours", reason="outside the earlier runs' ranges"))

# %% [markdown]
# ## How large is the game?
#
# The report: an exact model of MIX "will contain `3**(20+10)` states". Read literally that is
# `3**30`, about 2e14. A board of 10x20 = 200 slots, each empty, X or O, has `3**200`
# configurations, so the exponent was surely meant as 20×10; gravity (each column a stack of
# X and O) cuts that to at most `(2**11 - 1)**20`. On small boards we count the positions
# reachable in play exactly and set them against the same formulas.

# %%
size = pd.DataFrame([{"board": f"{r}x{c}", "3**(rows+cols) (the report's formula)": report_formula(r, c),
                      "reachable in play (exact)": reachable_positions(r, c),
                      "gravity bound": gravity_bound(r, c), "3**(rows*cols)": slot_assignments(r, c)}
                     for r, c in COUNT_BOARDS]).set_index("board")
print(f"10x20: 3**(20+10) = {report_formula(10, 20):.3e}; gravity bound "
      f"{gravity_bound(10, 20):.3e}; 3**200 = {slot_assignments(10, 20):.3e}")
size

# %%
under = [b for b in size.index if size.loc[b, "3**(rows+cols) (the report's formula)"]
         < size.loc[b, "reachable in play (exact)"]]
claims.append(check_claim(
    "size of an exact model of MIX", "3**(20+10) states",
    f"3**30 = {report_formula(10, 20):.2e}; gravity allows up to {gravity_bound(10, 20):.2e} "
    f"positions; the formula undercounts the exact reachable positions on {len(under)} of "
    f"{len(size)} small boards ({', '.join(under) or 'none'})",
    not under and report_formula(10, 20) >= gravity_bound(10, 20),
    test="3**(rows+cols) at least the positions gravity allows, and at least the exact count "
         "of reachable positions on small boards",
    reason="the exponent must be rows×cols, not rows+cols: 3**30 is about 1e52 times smaller "
           "than the gravity bound; the report's point (far too large for a table) stands"))

# %% [markdown]
# ## How many states are reachable?
#
# The report's MDP has `2**7` states plus two terminal ones (X won, O won), and "the real
# number of states ... is less than 60". We count the distinct states met in random games and
# in games between stronger players (the learned program against itself, the safe one-ply
# heuristic and the potential-chess builder), for the strict definition (a potential chess is
# a threat slot with an empty slot below it, as the report describes it), the loose one (any
# threat slot, so a chess is also a potential chess), and the counting features (648 states)
# of the improved learner. A count of states met is a lower bound on the reachable ones.
#
# The report names its bits "the first" (whose turn), "the second and third" (mate), "the
# fourth and fifth" (chess) and "the seventh and eighth" (potential chess): there is no sixth.
# Seven bits make the `2**7` states it counts, so we read the last pair as the sixth and
# seventh, a numbering slip (`mix.BitFeatures`: turn, then mate, chess and potential chess for
# X and for O).

# %%
claims.append(exact_claim("MDP size: 2**7 feature states plus two terminal ones", 130,
                          BitFeatures.n_states + 2))
DEFS = ("bits-strict", "bits-loose", "counts")
sources = {"random vs random": (("random", "random"), REACH_GAMES),
           "learned vs learned": (("learned", "learned"), REACH_PLAY),
           "learned vs onestep-safe": (("learned", "onestep-safe"), REACH_PLAY),
           "onestep-safe vs learned": (("onestep-safe", "learned"), REACH_PLAY),
           "builder-search vs learned": (("builder-search", "learned"), REACH_PLAY),
           "learned vs builder-search": (("learned", "builder-search"), REACH_PLAY)}
met = {src: first_seen(DEFS, agents, n, seed=1) for src, (agents, n) in sources.items()}
reach = pd.DataFrame({src: {f: len(m[f]) for f in DEFS} for src, m in met.items()}).T
reach.loc["all together"] = [len(set().union(*(m[f] for m in met.values()))) for f in DEFS]
reach

# %%
fig, ax = plt.subplots(figsize=(7, 3.6), dpi=80)
for f in DEFS[:2]:
    first = np.sort(list(met["random vs random"][f].values()))
    ax.step(np.r_[first + 1, REACH_GAMES], np.r_[np.arange(1, len(first) + 1), len(first)],
            where="post", label=f)
ax.axhline(60, color="grey", ls="--", lw=0.8, label="the report: fewer than 60")
ax.set(xscale="log", xlabel="random games played", ylabel="distinct states met",
       title="Reachable feature states: the count saturates within a few thousand games")
ax.legend(fontsize=8)
save_figure(fig, "mix_reachable")
plt.show()

# %%
strict_n, loose_n = reach.loc["all together", "bits-strict"], reach.loc["all together", "bits-loose"]
met_all = {f: set().union(*(m[f] for m in met.values())) for f in DEFS[:2]}
claims += reach_rows(met_all["bits-strict"], met_all["bits-loose"], setting=SETTING)
print(f"states met that break 'a mate implies a chess and a potential chess': "
      f"{mate_breaks(met_all['bits-loose'])} of {loose_n} (loose), "
      f"{mate_breaks(met_all['bits-strict'])} of {strict_n} (strict)")

# %% [markdown]
# Which definition did the author use? The report's own sentence decides it: "if the X player
# has a mate sequence ... he has a chess, and a potential chess sequence as well". A mate's two
# feasible ends are chesses, not potential chesses under the strict definition (a chess and a
# potential chess are then different slots), so the implication holds only under the loose one
# (every chess slot is also a potential chess): the printed count above shows the states that
# break it. The claim rows therefore follow the loose reading, and show the strict one beside
# it: with the strict definition more than 60 states occur, with the loose one about half as
# many, comfortably "fewer than 60". The learner itself keeps the strict definition as its
# default (the one the definition's own words describe, "a not feasible slot instead of
# feasible one"), and offers the loose one as an option.
#
# ## Training: values of the main states over the 500 games, over several seeds
#
# The report's step size is α = 1/(run_number/(total_number_of_runs/10) + 1), "that is to
# say α goes from 1 to 0, decreasing every 10 runs". The formula (with the division rounded
# down, as in C) does not do that: it steps through 1, 1/2, ..., 1/10, changing every N/10
# games (every 50 of 500), and never reaches 0. We follow the formula. The program exploits
# with probability run/N (the report's reversed epsilon), and the backed-up 2-ply value is a
# target for the current state as well as the next state's value.

# %%
changes = alpha_changes(TRAIN_GAMES)
print(f"alpha changes at games {changes} (every {TRAIN_GAMES // 10}); values "
      f"{', '.join(f'1/{round(1 / alpha(r, TRAIN_GAMES))}' for r in changes)}")
claims.append(check_claim(
    "step size schedule", "\"α goes from 1 to 0, decreasing every 10 runs\"",
    f"the printed formula changes α every {TRAIN_GAMES // 10} games, from 1 to "
    f"1/{round(1 / alpha(TRAIN_GAMES - 1, TRAIN_GAMES))}",
    len(changes) > 1 and changes[1] == 10 and alpha(TRAIN_GAMES - 1, TRAIN_GAMES) == 0,
    test="the change points and last value of α = 1/(⌊run/(N/10)⌋ + 1), N = TRAIN_GAMES",
    setting=SETTING,
    reason="the report's sentence contradicts its own formula; we follow the formula"))

# %%
t0 = time.process_time()
one_run = mix.train(TRAIN_GAMES, seed=0)
train_seconds = time.process_time() - t0
shipped = np.array(mix.load_values()[1])
print(f"one {TRAIN_GAMES}-game training run: {train_seconds:.1f} s of CPU; "
      f"the shipped mix.init is this run: {np.array_equal(one_run.values, shipped)}")
claims.append(beyond_claim(f"a {TRAIN_GAMES}-game training run takes under two minutes",
                           "under 120 s of CPU", f"{train_seconds:.1f} s of CPU",
                           train_seconds < 120, test="CPU time of one run < 120 s",
                           reason="training is slower than two minutes"))

# %% [markdown]
# **The learner and the search at work on a small case.** `mix.train` is the report's SARSA
# learner, written once in plain Python in `mix/learn.py` (the updates, the two-move lookahead,
# the step size and the exploration); it has no fast twin, so the run above and every run below
# are that code. Here it is for 20 games on a 4x5 board, with the values of the states it met.
# The ladder's searching players choose their moves with `search_move`, the value-table
# alpha-beta of `mix/plain/alphabeta.py`; at scale `fast=True` (the default) runs its one fast
# twin, `mix/fast/alphabeta.py` with `mix/fast/horizon.py` (the board's integers, the quiet moves
# valued together). A game of the 2-ply search on the small table checks once that the two give
# the same values at every move.

# %%
small = mix.train(20, seed=0, rows=4, cols=5)
print({BitFeatures.describe(s): round(float(v), 3) for s, v in enumerate(small.values) if v})
import random

small_feats, b, moves = mix.get_features("bits-strict"), mix.Board(4, 5), 0
while not b.is_over():  # every move: the plain search's values, and the fast one's the same
    plain_move = mix.search_move(b, 2, small.values, small_feats, random.Random(moves), fast=False)
    assert mix.search_move(b, 2, small.values, small_feats, random.Random(moves)) == plain_move
    b.play(plain_move)
    moves += 1
print(f"a {moves}-move game of the 2-ply search on this table: plain and fast chose each move alike")

# %%
runs = run_sweep(train_trial, {"games": [TRAIN_GAMES], "features": ["bits-strict"]},
                 trials=SEEDS, seed=40, n_jobs=NJOBS, progress=False)
hist = np.stack([r["result"] for r in runs])          # seeds x (games+1) x 128
final = hist[:, -1, :]
visited = np.flatnonzero(np.abs(final).max(axis=0) > 0)
main = sorted(visited, key=lambda s: -np.abs(hist[:, :, s]).mean())[:6]
fig, ax = plt.subplots(figsize=(9, 4.5), dpi=80)
for s in main:
    m = hist[:, :, s].mean(axis=0)
    ax.plot(m, label=BitFeatures.describe(int(s)))
    ax.fill_between(range(len(m)), hist[:, :, s].min(axis=0), hist[:, :, s].max(axis=0), alpha=0.15)
ax.set(xlabel="training game", ylabel="V(s), X's point of view",
       title=f"Values of the six most decided states ({SEEDS} seeds: mean, min-max band)")
ax.legend(fontsize=7, loc="lower left")
save_figure(fig, "mix_training")
plt.show()

# %%
spread = final.std(axis=0, ddof=1)                           # the sample sd across seeds
updated = (np.diff(hist, axis=1) != 0).mean(axis=(0, 1))      # share of games updating each state
frequent = [s for s in visited if updated[s] >= 0.05]
mover_chess = visited[BitFeatures.mover_has_chess(visited)]      # the side to move wins at once
decisive = [s for s in mover_chess if updated[s] >= 0.01]
pairs = [(i, j) for i in range(SEEDS) for j in range(i + 1, SEEDS)]
rank = np.mean([pd.Series(final[i, frequent]).corr(pd.Series(final[j, frequent]), method="spearman")
                for i, j in pairs]) if len(frequent) > 1 else np.nan
stab = pd.DataFrame({"states": [len(visited), len(frequent), len(decisive)],
                     "median sd": [np.median(spread[x]) if len(x) else np.nan
                                   for x in (visited, frequent, decisive)],
                     "max sd": [spread[x].max() if len(x) else np.nan
                                for x in (visited, frequent, decisive)]},
                    index=["all states met", "updated in >= 5% of games",
                           "decisive (mover's chess), updated in >= 1%"])
print(f"final values across {SEEDS} seeds; mean Spearman rank correlation between seeds over the "
      f"frequent states: {rank:.2f}")
stab.round(3)

# %%
pd.DataFrame({"state": [BitFeatures.describe(int(s)) for s in frequent],
              "updated in (share of games)": updated[frequent],
              **{f"seed {i}": final[i, frequent] for i in range(SEEDS)}}
             ).sort_values("updated in (share of games)", ascending=False).round(2).head(12)

# %%
claims.append(stability_row(final, frequent, decisive, threshold=0.1, setting=SETTING))
print(f"rank correlation between seeds over the frequent states: {rank:.2f}")

# %% [markdown]
# Most states that decide games (the side to move has a chess, and wins at once) get values
# near +-1 after a few dozen games in every run (their median sd across seeds is small), but
# a few of them, met in only a few percent of games, still differ a lot between seeds (the max
# sd). The quiet states that make up most of a game (no chess, or only potential chesses)
# follow the last few dozen games, with alpha down to 1/10 at the end, and differ by 0.1-0.3
# from seed to seed, though their order agrees better than their values (the rank
# correlation). The report gives no number for "quite similar": the claim row measures the
# median spread against a threshold of ours (0.1 on values in [-1, 1]) with the chi-square
# interval of an sd over the seeds, for the frequent states and, beside it, for the decisive
# ones; a handful of seeds leaves a wide interval, and the row says when it cannot decide.
#
# ## Does the lookahead update speed up learning?
#
# The report credits the updates made while exploiting (the backed-up 2-ply value as a target
# for the current state) with making the values "converge to optimal values much faster". We
# train the same seeds without those updates (only the transition V(s) <- (1-α) V(s) + α V(s'))
# and measure both on one fixed yardstick: the table each run held after a given number of
# games, played by the report's 2-ply search against a fixed opponent (`YARDSTICK`, the safe
# one-ply heuristic), `YARDSTICK_GAMES` games per seat. A run that learns faster is stronger
# earlier; its mean win share over the checkpoints of training is the measure, paired by seed.

# %%
t0 = time.time()
runs_off = run_sweep(train_trial, {"games": [TRAIN_GAMES], "features": ["bits-strict"],
                                   "update": ["none"]},
                     trials=SEEDS, seed=40, n_jobs=NJOBS, progress=False)
hist_off = np.stack([r["result"] for r in runs_off])
checkpoints = sorted({round(TRAIN_GAMES * f) for f in (0, 0.05, 0.1, 0.2, 0.4, 0.7, 1)})
WITH, WITHOUT = "with the lookahead update", "without it"
strength = strength_over_training({WITH: hist, WITHOUT: hist_off}, checkpoints, YARDSTICK,
                                  YARDSTICK_GAMES, seed=404, chunks=CHUNKS, n_jobs=NJOBS,
                                  cache=CACHE)
print(f"{SEEDS} runs without the update, and {len(strength)} tables x 2 seats x "
      f"{YARDSTICK_GAMES} games against {YARDSTICK}, in {time.time() - t0:.0f} s")
curves = strength.pivot_table(index="games", columns=["variant", "run"], values="share")
fig, ax = plt.subplots(figsize=(8, 3.8), dpi=80)
for label in (WITH, WITHOUT):
    c = curves[label]
    ax.plot(c.index, c.mean(axis=1), "o-", label=label)
    ax.fill_between(c.index, c.min(axis=1), c.max(axis=1), alpha=0.15)
ax.axhline(0.5, color="grey", lw=0.8)
ax.set(xlabel="training games", ylabel=f"win share against {YARDSTICK}", ylim=(-0.02, 1.02),
       title=f"Strength over training ({SEEDS} seeds: mean, min-max band; 2-ply search)")
ax.legend(fontsize=8)
save_figure(fig, "mix_update")
plt.show()
gains, gain, gain_se = paired_gain(strength, WITH, WITHOUT)
mean_share = strength.groupby("variant").share.mean()
print(f"mean win share over the checkpoints {checkpoints}: with {mean_share[WITH]:.3f}, "
      f"without {mean_share[WITHOUT]:.3f}; paired difference {gain:+.3f} +- {gain_se:.3f} SE")
claims.append(gain_row(
    gains, setting=SETTING,
    measure=f"mean win share against {YARDSTICK} of each run's table after "
            f"{', '.join(map(str, checkpoints))} games (2-ply search, {YARDSTICK_GAMES} games "
            "per seat)",
    detail=f"mean win share over training {mean_share[WITH]:.3f} with the update, "
           f"{mean_share[WITHOUT]:.3f} without"))

# %% [markdown]
# The curve shows the strength each variant has reached after each number of games, on the
# same opponent and the same seeded games for every table; the claim row at the end records
# whether the update's runs got there sooner, by Student's t over the paired seeds (a handful
# of seeds: an interval holding 0 is *inconclusive*, neither faster nor slower).
#
# ## The strength ladder, with the report's improvements on the same ladder
#
# Every pairing is played for `LADDER_GAMES` games in each seat (95% Wilson intervals). The
# players:
# - **report**: the shipped `mix.init` (the 500-game run above) with the 2-ply lookahead;
# - **counting features**: the improved learner of the report's proposal: 0, 1 or 2+ chesses
#   and potential chesses per side, two chesses at once being the "trap" (648 states), trained
#   the same way for `COUNTS_GAMES` games (five times more states need more games:
#   `counts.init` is the 1,500-game run);
# - **deeper lookahead**: the report's table searched `DEEP` plies deep. A 4-ply move costs
#   several times a 2-ply one, so this player meets the report's program and the one-ply
#   heuristics (`DEEP_OPPONENTS`) only. The slowest pairings (counting features against the
#   deepest alpha-beta, the deep player against `builder-search`, a few minutes more on
#   two cores) run with `SLOW_PAIRINGS = True`;
#
# (Notebook 41 sets the same opponents against a player that owes nothing to the report's
# table: a single neuron over counts of threats and the parity of their rows, learned by
# self-play alone.)
#
# The opponents (`OPPONENTS`, `AB_DEPTHS`): random (beating it proves nothing); the one-ply
# heuristic "win if you can, block if you must" and its safe variant ("never play directly
# under the opponent's winning slot"); `builder`, which plays safe and otherwise greedily
# prepares potential chesses, higher rows first; `builder-search`, the same 2-ply lookahead as
# the program over a hand-made table on the *counting* features that prizes many potential
# chesses (and traps); alpha-beta at each depth of `AB_DEPTHS` over a hand-made evaluation of
# the report's seven features; and the report's program itself.

# %%
counts = mix.train(COUNTS_GAMES, seed=0, features="counts")
counts_shipped = mix.load_values(mix.default_path().with_name("counts.init"))[1]
print(f"the shipped counts.init is mix.train({COUNTS_GAMES}, seed=0, features='counts'): "
      f"{np.array_equal(counts.values, counts_shipped)}")
counts500 = mix.SearchAgent(mix.train(TRAIN_GAMES, seed=0, features="counts").values, "counts", 2,
                            name="counts500")
deep = f"deeper lookahead ({DEEP}-ply)"
players = {"report": "learned", "counting features": mix.SearchAgent(counts.values, "counts", 2),
           deep: f"learned:{DEEP}"}
opponents = list(dict.fromkeys([*OPPONENTS, *(f"alphabeta:{d}" for d in AB_DEPTHS)]))
slowest = f"alphabeta:{max(AB_DEPTHS)}" if AB_DEPTHS else None
pairings = {("report", o): ("learned", o) for o in opponents}
pairings |= {(p, "report"): (players[p], "learned") for p in ("counting features", deep)}
pairings[(f"counting features, {TRAIN_GAMES} games", "report")] = (counts500, "learned")
pairings |= {("counting features", o): (players["counting features"], o) for o in opponents
             if o != slowest or SLOW_PAIRINGS}
deep_opponents = list(dict.fromkeys([*DEEP_OPPONENTS, *(("builder-search",) if SLOW_PAIRINGS
                                                         else ())]))
pairings |= {(deep, o): (players[deep], o) for o in deep_opponents}
t0 = time.time()
lad = ladder(pairings, LADDER_GAMES, seed=7, chunks=CHUNKS, n_jobs=NJOBS, cache=CACHE,
             backend="multiprocessing")  # the search players' caches grow: no worker restarts
print(f"{len(pairings)} pairings x 2 seats x {LADDER_GAMES} games in {time.time() - t0:.0f} s")
lad[["player", "opponent", "win_as_X", "lo_X", "hi_X", "win_as_O", "lo_O", "hi_O", "draws_X",
     "draws_O", "length_X", "games_X", "games_O"]].reset_index(drop=True).round(3)

# %%
order = opponents + ["report"]
fig, axes = plt.subplots(1, 2, figsize=(11, 4.2), dpi=80, sharey=True)
for ax, seat in zip(axes, ("X", "O")):
    for k, p in enumerate(players):
        rows_ = lad[lad.player == p].set_index("opponent").reindex(order)
        y = np.arange(len(order)) + (k - (len(players) - 1) / 2) * 0.2
        ax.errorbar(rows_[f"win_as_{seat}"], y, fmt="os^D"[k], label=p,
                    xerr=[rows_[f"win_as_{seat}"] - rows_[f"lo_{seat}"],
                          rows_[f"hi_{seat}"] - rows_[f"win_as_{seat}"]])
    ax.axvline(0.5, color="grey", lw=0.8)
    ax.set(yticks=range(len(order)), yticklabels=order, xlim=(-0.02, 1.02),
           xlabel=f"win share playing {seat} (95% Wilson interval)", title=f"playing {seat}")
axes[0].legend(fontsize=8, loc="lower left")
fig.suptitle(f"The strength ladder: {LADDER_GAMES} games per seat and pairing")
fig.tight_layout()
save_figure(fig, "mix_ladder")
plt.show()

# %%
# "a very good opponent for anyone": against every opponent that ran except the scripted
# builder of potential chesses (the report's own exception), the program wins more than half
# its games in each seat.
fair = {o: pairing_row(lad, "report", o) for o in opponents if o != "builder-search"} or {
    o: pairing_row(lad, "report", o) for o in opponents}
worst = min(fair, key=lambda o: min(fair[o].win_as_X, fair[o].win_as_O))
w = fair[worst]
beaten_by = [o for o, r in fair.items() if min(r.win_as_X, r.win_as_O) <= 0.5]
claims.append(check_claim(
    "the program is a very good opponent", "\"a very good opponent for anyone\"",
    f"worst opponent {worst}: {seats_text(w)}", bool(min(w.win_as_X, w.win_as_O) > 0.5),
    test="wins more than half its games in each seat against every ladder opponent except "
         "builder-search (the report's own exception)", setting=SETTING,
    reason=f"it wins half its games or fewer in a seat against {', '.join(beaten_by)}; "
           "alpha-beta over the same seven features beats it without any plan of upper-row "
           "threats"))

# %% [markdown]
# ## The report's weakness, reproduced and explained
#
# The report: "the only way to defeat it is by preparing potential chess in the upper rows,
# forcing the program to enable it to become a chess". `builder-search` prepares potential
# chesses, and the ladder above shows it beating the program; so does alpha-beta at depth 4
# over the report's own seven bits, which know one potential chess from none and nothing more,
# and at depth 2 it holds the program to about half its games. How does each of them win (`builder-search` and `WEAK_OPPONENTS`, `WEAK_GAMES` games
# per seat)? We replay games and classify each loss of the program by the position before its
# last move:
# - **zugzwang**: the opponent has no chess yet, but every legal move of the program lands
#   directly under one of the opponent's potential chesses;
# - **block under a potential chess**: the opponent has one chess, and a potential chess
#   stacked directly above it, so the forced block turns the potential chess into a chess;
# - **two chesses at once**: a trap (or a mate), which cannot be blocked;
# - **under a threat by choice**, **missed a chess**: plain blunders (a safe move existed).
#
# The first two are the report's "forced to let one become a chess" (`forced` below); for
# "the upper rows" we record the row of the winning slot (`upper`: rows 6 to 10 of 10,
# counting from the bottom). "Upper" can also be read as *higher than usual*; the claim row
# shows that reading beneath ours (`mix.forced_wins_higher`: the winning slots of the forced
# losses against those of the program's other losses, a one-sided Mann-Whitney test).

# %%
t0 = time.time()
weak = {o: why_lost("learned", o, WEAK_GAMES, seed=5)
        for o in dict.fromkeys(("builder-search", *WEAK_OPPONENTS))}
profile = loss_profile(weak, WEAK_GAMES)
analysed = ", ".join(weak)
print(f"{len(weak)} opponents x 2 seats x {WEAK_GAMES} games in {time.time() - t0:.0f} s")
weakness = weak["builder-search"]
print(f"the program lost {len(weakness.details)} of {2 * WEAK_GAMES} games to builder-search")
summary = pd.DataFrame({"losses": pd.Series(weakness.kinds, dtype=int)}).assign(
    share=lambda d: d.losses / max(d.losses.sum(), 1))
summary.round(3)

# %% [markdown]
# Every analysed opponent: its wins over the program, the share of them forced (with its 95%
# Wilson interval) or by two chesses at once, the mean row of the winning slot (1 = bottom) and
# the share won in the upper half of the board.

# %%
profile.round(3)

# %%
losses = pd.concat([pd.DataFrame(w.details).assign(opponent=o) for o, w in weak.items()
                    if w.details], ignore_index=True)
if len(losses):
    fig, ax = plt.subplots(figsize=(6.5, 3.2), dpi=80)
    for kind, grp in losses.groupby("kind"):
        ax.hist(grp.win_row + 1, bins=np.arange(12) + 0.5, alpha=0.6, label=kind)
    ax.set(xlabel="row of the winning slot (1 = bottom)", ylabel="lost games",
           title=f"How the program loses to {analysed}, and where")
    ax.legend(fontsize=8)
    save_figure(fig, "mix_weakness")
    plt.show()

# %%
bs = profile.loc["builder-search"]
lo_lost, hi_lost = wilson(int(bs.wins), int(bs.of))
claims.append(check_claim(
    "beaten by preparing potential chesses", "\"by preparing potential chess\"",
    f"builder-search wins {bs.wins:.0f} of {bs.of:.0f} games ({bs.wins / bs.of:.3f} "
    f"[{lo_lost:.3f}, {hi_lost:.3f}]); of the losses {bs.forced:.0%} forced to let a potential "
    f"chess become a chess, {bs.trap:.0%} two chesses at once",
    bool(lo_lost > 0.5), test="the program loses more than half its games to builder-search, "
    "both seats together (95% Wilson lower bound > 0.5)", setting=SETTING,
    reason="the scripted builder of potential chesses does not beat the program"))
by_opponent = "; ".join(f"{o} wins {r.wins:.0f} of {r.of:.0f}, {r.forced:.0%} forced "
                        f"[{r.forced_lo:.2f}, {r.forced_hi:.2f}], {r.trap:.0%} two chesses at once"
                        for o, r in profile.iterrows())
claims.append(check_claim(
    "the only way to defeat it", "\"the only way to defeat it is by preparing potential chess "
    "... forcing the program to enable it to become a chess\"", by_opponent,
    bool((profile.forced_lo > 0.5).all()),
    test=f"against each of {analysed} ({WEAK_GAMES} games per seat), most of "
         "the program's losses are forced (zugzwang or a block under a potential chess; 95% "
         "Wilson lower bound > 0.5)", setting=SETTING,
    reason=f"not mostly forced against {', '.join(profile.index[profile.forced_lo <= 0.5])}: "
           "their wins come as well from two chesses at once (a trap) and from blunders, and "
           "alpha-beta over the report's own seven bits wins too"))
forced_rows = losses[losses.kind.isin(mix.FORCED)].win_row if len(losses) else pd.Series([])
n_forced, n_upper = len(forced_rows), int((forced_rows >= 5).sum())
lo_up, hi_up = wilson(n_upper, max(n_forced, 1))
upper_row = check_claim(
    "the potential chesses that defeat it lie in the upper rows", "\"in the upper rows\"",
    f"winning slot in rows 6-10 in {n_upper} of the {n_forced} forced losses "
    f"({n_upper / max(n_forced, 1):.3f} [{lo_up:.3f}, {hi_up:.3f}]), mean row "
    f"{forced_rows.mean() + 1:.1f} of 10 (1 = bottom)", bool(lo_up > 0.5),
    test=f"of the forced losses to {analysed}, the winning slot lies in the "
         "upper half (rows 6-10 of 10) in more than half (95% Wilson lower bound > 0.5)",
    setting=SETTING,
    reason=f"the winning slot of a forced loss is in the upper half in "
           f"{n_upper / max(n_forced, 1):.0%} of them, not significantly more than half")
higher = forced_wins_higher(losses.to_dict("records") if len(losses) else [])
claims.append(upper_row if upper_row.status == "setting differs" else with_alternative(
    upper_row, choice="reading of \"the upper rows\"", chosen="the board's upper half (rows 6-10)",
    reading="higher than usual: above the winning slots of the program's other losses",
    ours=higher.ours, status=higher.status, test=higher.test))

# %% [markdown]
# **Why the weakness exists.** A potential chess is a single bit, and so is a chess: one or
# five prepared threats look the same to the table, and so do one chess (blockable) and two
# (a trap). The 2-ply lookahead sees a threat only once it is one move away. An opponent that
# keeps its own defence safe and piles up potential chesses, several of them stacked in the
# same columns, gets there: the program must block a chess under another prepared threat, or
# runs out of safe columns (zugzwang), or meets a move that makes two chesses at once, which
# its seven bits cannot tell from one. The one-ply greedy `builder` does not manage this (it
# neglects its defence and hands the program chesses); the same builder with the program's
# own 2-ply lookahead, differing only in *counting* potential chesses and chesses, does. The
# report's proposed "trap" feature targets exactly the losses to two chesses at once.
#
# A game of the two (`SHOW_GAME`), every fourth move, the last move ringed:

# %%
show_x, show_o = SHOW_GAME
game_moves = play_recorded(show_x, show_o, seed=0)
anim = game_animation(game_moves, step=4,
                      names=tuple({"learned": "the report's program"}.get(a, a) for a in SHOW_GAME))
show_animation(anim, gif="mix_game", fps=2, publish=SETTING.is_article)

# %% [markdown]
# ## Making a threat the opponent blocks at once
#
# The report: with only two moves of lookahead, "whenever the program has a potential chess,
# it will try to make it a feasible threat", which lets the opponent "block it immediately".
# Against the safe one-ply heuristic (`HABIT_GAMES` games per seat), we count the program's
# moves where it could play directly under one of its own potential chesses (turning it into
# a chess), how often it did, and how often the opponent's very next move blocked that chess;
# the heuristic itself, in the same pairing against itself, is the baseline of a player with no
# such preference.

# %%
habit = {"the report's program": threat_habit("learned", "onestep-safe", HABIT_GAMES, seed=6),
         "onestep-safe (baseline)": threat_habit("onestep-safe", "onestep-safe", HABIT_GAMES,
                                                 seed=6)}
habit_table = pd.DataFrame(habit).T.assign(
    made_share=lambda d: d.made / d.chances.clip(lower=1),
    blocked_share=lambda d: d.blocked / d.made.clip(lower=1))
habit_table.round(3)

# %%
h = habit["the report's program"]
lo_h, hi_h = wilson(h["made"], max(h["chances"], 1))
base = habit_table.loc["onestep-safe (baseline)"]
habit_row = check_claim(
    "whenever it has a potential chess it makes it a threat, blocked at once",
    "\"whenever the program has a potential chess, it will try to make it a feasible threat\"",
    f"it played under its own potential chess in {h['made']} of the {h['chances']} moves where "
    f"it could ({h['made'] / max(h['chances'], 1):.3f} [{lo_h:.3f}, {hi_h:.3f}]; the baseline "
    f"{base.made_share:.3f}); {h['blocked']} of those {h['made']} threats blocked at once",
    bool(lo_h > 0.5),
    test=f"against onestep-safe, {HABIT_GAMES} games per seat: of its moves where playing "
         "directly under one of its potential chesses is legal, it does so in more than half "
         "(95% Wilson lower bound > 0.5)", setting=SETTING,
    reason="it does so in a minority of the moves where it can, not whenever; the threats it "
           "does make are blocked at once")
b_h = habit["onestep-safe (baseline)"]
if h["chances"] and b_h["chances"]:
    gap, lo_g, hi_g = share_gap(h["made"], h["chances"], b_h["made"], b_h["chances"])
    habit_row = with_alternative(habit_row, choice="reading of \"whenever ... it will try\"",
                                 chosen="most of the moves where it can",
                                 reading="a preference: more often than a player with none "
                                         "(the safe heuristic, same pairing)",
                                 other=effect_claim(
        habit_row.claim, habit_row.reference, gap, lo_g, hi_g, setting=SETTING,
        interval="95% normal interval of the difference of the two shares",
        reason="it makes such threats less often than the heuristic")) \
        if habit_row.status != "setting differs" else habit_row
claims.append(habit_row)

# %% [markdown]
# ## The report's proposed improvements
#
# The rows of the ladder against the report's program: counting features (with the trap) and
# the deeper lookahead. Counting features need more games than the report's 500 (the 500-game
# counting table is shown too). The report's "simple neuron network" for the counting model,
# with more delicate states and a deeper search, is the player of notebook 41: a single
# neuron over counts of threats, learned by self-play. The report says two things about
# seeing farther: in its results, "the benefit in checking more than two steps forward is not
# large, as long as the parameters are few"; in its proposals, that seeing farther "will
# enhance its performance".

# %%
proposals = lad.opponent == "report"
imp = lad[proposals][["player", "win_as_X", "lo_X", "hi_X", "win_as_O", "lo_O", "hi_O", "draws_X",
                      "draws_O"]].set_index("player")
imp.round(3)

# %%
d = pairing_row(lad, deep, "report")
claims.append(check_claim(
    "a deeper lookahead would not help much", "\"the benefit ... is not large\"",
    f"{DEEP}-ply vs the 2-ply program: {seats_text(d)}", not better_in_both_seats(d),
    test="the deeper player does not win significantly more than half its games in both seats "
         "(95% Wilson lower bound <= 0.5 in a seat)", setting=SETTING,
    reason=f"the {DEEP}-ply search over the same seven bits beats the report's program in "
           "both seats"))
claims.append(check_claim(
    "seeing farther improves the program", "\"the ability to see farther ... will enhance its "
    "performance\"", f"{DEEP}-ply vs the 2-ply program: {seats_text(d)}",
    better_in_both_seats(d),
    test="wins more than half its games in each seat (95% Wilson lower bound > 0.5)",
    setting=SETTING, reason=f"not significantly better {seats_not_better(d)}"))
c = pairing_row(lad, "counting features", "report")
c500 = pairing_row(lad, f"counting features, {TRAIN_GAMES} games", "report")
counting = [check_claim(
    "counting features improve the program", "\"replace the boolean parameters to accumulated "
    "ones\"", f"counting features ({n} games) vs the program: {seats_text(r)}",
    better_in_both_seats(r),
    test="wins more than half its games in each seat (95% Wilson lower bound > 0.5)",
    setting=SETTING, reason=f"not significantly better {seats_not_better(r)}")
    for n, r in ((COUNTS_GAMES, c), (TRAIN_GAMES, c500))]
claims.append(counting[0] if counting[0].status == "setting differs" else with_alternative(
    counting[0], other=counting[1], choice="training games of the counting learner",
    chosen=f"{COUNTS_GAMES} games (five times the states)",
    reading=f"the report's {TRAIN_GAMES} games"))

# %% [markdown]
# ## The diagonal variant
#
# The report's last proposal: count diagonal lines as wins too, keeping the same situation
# definitions "just by updating the chess and potential chess recognition". Our features
# already follow the board's line directions, so we train the same learner with diagonals on
# (`TRAIN_GAMES` games, seed 0) and let it play the diagonal game against the one-ply
# heuristic and against the table learned without diagonals, `DIAG_GAMES` games per seat.

# %%
t0 = time.time()
diag = mix.train(TRAIN_GAMES, seed=0, diagonals=True)
diag_agent = mix.SearchAgent(diag.values, "bits-strict", 2, name="diagonal-trained")
diag_pairs = {"diagonal-trained | onestep": (diag_agent, "onestep"),
              "diagonal-trained | report (trained without diagonals)": (diag_agent, "learned"),
              "report (trained without diagonals) | onestep": ("learned", "onestep")}
dl = ladder(diag_pairs, DIAG_GAMES, seed=11, chunks=CHUNKS, n_jobs=NJOBS, diagonals=True,
            cache=CACHE, backend="multiprocessing")
print(f"diagonal training and {len(diag_pairs)} pairings in {time.time() - t0:.0f} s; "
      f"X won {np.mean([w == 0 for w in diag.winners]):.2f} of the training games")
dl[["win_as_X", "lo_X", "hi_X", "win_as_O", "lo_O", "hi_O", "draws_X", "draws_O",
    "length_X"]].round(3)

# %% [markdown]
# The last row is the control: the table learned *without* diagonals, playing the diagonal
# game. If it does about as well against the heuristic as the table learned with diagonals,
# and holds its own head to head, the seven bits carry over to the new game and training on
# it adds little, which is the report's expectation ("should be proper for this new game").
# "Proper" can also be read as *as good as for MIX*: the claim row shows beneath ours whether
# the diagonal-trained program, against the one-ply heuristic, is at most 0.10 weaker than the
# report's program is in the MIX game (`mix.strength_kept`, a non-inferiority test on the two
# win shares, both seats pooled).

# %%
dg = dl.loc["diagonal-trained | onestep"]
diagonal_row = check_claim(
    "the same situation definitions suit the diagonal game", "\"should be proper for this new "
    "game\"", f"diagonal-trained program vs the one-ply heuristic, diagonal rules: "
    f"{seats_text(dg)}", better_in_both_seats(dg),
    test="wins more than half its games in each seat against the one-ply heuristic (95% "
         "Wilson lower bound > 0.5)", setting=SETTING,
    reason=f"not significantly better than the one-ply heuristic {seats_not_better(dg)}")
mix_row = pairing_row(lad, "report", "onestep")
if mix_row is not None and diagonal_row.status != "setting differs":
    kept = strength_kept(dg, mix_row)
    diagonal_row = with_alternative(
        diagonal_row, choice="reading of \"proper for this new game\"",
        chosen="the diagonal-trained program beats the one-ply heuristic",
        reading="as proper as for MIX: no more than 0.10 weaker against the one-ply heuristic "
                "(diagonal game) than the report's program is in the MIX game",
        ours=kept.ours, status=kept.status, test=kept.test)
claims.append(diagonal_row)

# %% [markdown]
# ## Perfect play on small boards
#
# Negamax with alpha-beta and a transposition table. With MIX rules (no diagonals) every small
# board we solve is a draw; with diagonals the solver must give the known Connect-Four result
# that 4x6 is a second-player win. The solver's table passes 300 MB on 5x6, so the boards are
# solved in joblib's "multiprocessing" workers (its default workers restart, with a warning,
# when their memory grows that much).

# %%
solved = pd.DataFrame([{"board": f"{s.rows}x{s.cols}", "MIX (no diagonals)": s.mix,
                        "with diagonals": s.diagonals}
                       for s in solve_boards(SOLVE_BOARDS, n_jobs=NJOBS)]).set_index("board")
solved

# %% [markdown]
# **The solver at work on a small case.** `solve_boards` and `mix.solve` live in
# `mix/plain/solver.py`, the plain solver: alpha-beta negamax to the end of the game, with a
# table of (lo, hi) bounds and centre-first moves. The table above was solved by its one fast
# twin, `mix/fast/solver.py` (threat masks, mirrored positions sharing an entry, bounds that
# settle a node without searching it), which `fast=True`, the default, chooses. The plain
# solver solves the smallest board again, and both solve random 4x5 positions: the same values.

# %%
rows, cols = SOLVE_BOARDS[0]
plain = mix.solve_both(rows, cols, fast=False)
fast_row = solved.loc[f"{rows}x{cols}"]
assert (plain.mix, plain.diagonals) == (fast_row["MIX (no diagonals)"], fast_row["with diagonals"])
rng, compared = random.Random(0), 0
while compared < 30:
    b = mix.Board(4, 5)
    for _ in range(rng.randint(4, 14)):
        if not b.is_over():
            b.play(rng.choice(b.legal_moves()))
    if not b.is_over():
        assert mix.solve_position(b) == mix.solve_position(b, fast=False)
        compared += 1
print(f"{rows}x{cols} by the plain solver: MIX {plain.mix}, with diagonals {plain.diagonals}, as "
      f"in the table; {compared} random 4x5 positions: the same values")

# %%
if "4x6" in solved.index:
    claims.append(exact_claim("4x6 with diagonals (Connect Four rules): second-player win", -1,
                              int(solved.loc["4x6", "with diagonals"]),
                              source="derived: the published Connect Four solutions",
                              reason="our solver disagrees with the published result"))
print(f"MIX rules: {(solved['MIX (no diagonals)'] == 0).sum()} of {len(solved)} boards are draws")

# %% [markdown]
# The learned program (its table from 10x20, the same 2-ply lookahead) against perfect play on
# small boards, where a perfect player draws against itself: every loss is a mistake.

# %%
vs_perfect = pd.concat([ladder({f"{r}x{c}": ("learned", "perfect")}, LADDER_GAMES, seed=3,
                               chunks=CHUNKS, n_jobs=NJOBS, rows=r, cols=c, cache=CACHE,
                               backend="multiprocessing")
                        for r, c in PERFECT_BOARDS])
vs_perfect["lost_as_X"] = 1 - vs_perfect.win_as_X - vs_perfect.draws_X
vs_perfect["lost_as_O"] = 1 - vs_perfect.win_as_O - vs_perfect.draws_O
vs_perfect[["draws_X", "lost_as_X", "draws_O", "lost_as_O", "length_X", "length_O"]].round(3)

# %% [markdown]
# ## Play against the program
#
# In a terminal: `python -m mix play --as O` (options `--rows --cols --depth --values`). In a
# live notebook, the board below answers each click (a button per column); executed headless
# it only shows the opening position.

# %%
try:
    from IPython.display import display
    display(play_widget("learned", human=mix.X, rows=10, cols=20))
except ImportError:
    print("ipywidgets is not installed: use python -m mix play")

# %% [markdown]
# ## What the report claims, and what we measured

# %%
_ = record_claims("MIX", "40_mix", claims, setting=SETTING)

# %%
S = {"game": "The game, and random play", "size": "How large is the game?",
     "reach": "How many states are reachable?",
     "train": "Training: values of the main states over the 500 games, over several seeds",
     "update": "Does the lookahead update speed up learning?",
     "ladder": "The strength ladder, with the report's improvements on the same ladder",
     "weak": "The report's weakness, reproduced and explained",
     "habit": "Making a threat the opponent blocks at once",
     "improve": "The report's proposed improvements", "diag": "The diagonal variant",
     "perfect": "Perfect play on small boards", "play": "Play against the program"}
_ = record_inventory("MIX", "40_mix", [
    Item("the MIX rules: 10x20 board, gravity, four in a row horizontally or vertically",
         "example", section=S["game"]),
    Item("an exact model would contain 3**(20+10) states", "number", section=S["size"]),
    Item("the MDP: 2**7 states plus two terminal ones (X won, O won)", "number",
         section=S["reach"]),
    Item("the seven bits: turn, mate, chess, potential chess for each side", "example",
         section=S["reach"]),
    Item("the bits' labels: first, second and third, fourth and fifth, \"seventh and eighth\" "
         "(no sixth)", "statement", section=S["reach"]),
    Item("the bits define three global situations: certain win (mate), win if got the turn "
         "(chess), potential of winning (potential chess)", "statement", section=S["reach"]),
    Item("a mate wins on the player's turn: the opponent cannot block it in one play",
         "statement", reason="follows from the rules (one move fills only one of the two "
                             "feasible ends, unless the opponent wins at once): nothing to "
                             "measure"),
    Item("a mate implies a chess and a potential chess, so many bit combinations cannot occur",
         "statement", section=S["reach"]),
    Item("the real number of states is less than 60", "number", section=S["reach"]),
    Item("many local parameters were tried and gave too little information", "statement",
         reason="the report does not say which parameters were tried, so there is nothing "
                "to repeat"),
    Item("SARSA update: V(s) <- (1-α) V(s) + α V(s'), terminal values ±1", "statement",
         section=S["train"]),
    Item("α = 1/(run/(N/10) + 1), \"decreasing every 10 runs\"", "statement", section=S["train"]),
    Item("ε = run/N: explore first, exploit at the end", "statement", section=S["train"]),
    Item("future seeing: the 2-ply search over every move and reply", "statement",
         section=S["train"]),
    Item("500 self-play games, values written to mix.init", "experiment", section=S["train"]),
    Item("the final values were quite similar from run to run", "statement", section=S["train"]),
    Item("the lookahead's updates make the values converge much faster", "statement",
         section=S["update"]),
    Item("any human can play against the program", "experiment", section=S["play"]),
    Item("the program is a very good opponent for anyone", "statement", section=S["ladder"]),
    Item("the only way to beat it: preparing potential chesses in the upper rows", "statement",
         section=S["weak"]),
    Item("binary features cannot tell one potential chess from many", "statement",
         section=S["weak"]),
    Item("the program is satisfied with one potential chess and does not try for others",
         "statement", reason="not measured: the weakness section shows the consequence (it "
                             "loses to opponents that count potential chesses), not how many "
                             "potential chesses the program itself builds"),
    Item("with two moves of lookahead it makes a potential chess a threat, blocked at once",
         "statement", section=S["habit"]),
    Item("two-move lookahead is naive; a deeper one would not help much with few parameters",
         "statement", section=S["improve"]),
    Item("accumulated (counting) features, with a trap state for two chesses at once",
         "proposal", section=S["improve"]),
    Item("let the program learn from different human opponents", "proposal",
         reason="needs many recorded human games, which we do not have; the scripted "
                "builder-search stands in for a human who prepares traps"),
    Item("a genetic algorithm over playing agents from several runs, if runs stop agreeing",
         "proposal", reason="not tried: the report proposes it for a richer model whose "
                            "runs stop agreeing; left for a study of its own"),
    Item("diagonal sequences as wins, with the same situation definitions", "proposal",
         section=S["diag"]),
    Item("with minimal prior knowledge the program evaluated every possible state by itself",
         "statement", section=S["train"]),
    Item("appendix: the C program (mix.h, mix.c) and mix.init", "example",
         reason="not available with the report; our implementation follows the text and "
                "ships its own mix.init"),
])
