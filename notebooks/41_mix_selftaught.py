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
# # MIX: a player taught by self-play, on threats and their parity
#
# Notebook 40 reproduces the student report *Let's MIX together*: SARSA over seven feature
# bits with a two-move lookahead. Its ladder shows that the report's program is not "a very
# good opponent for anyone": alpha-beta at depth 4 on a hand-made evaluation of the same seven
# bits beats it, and so does a 2-ply search that piles up potential chesses. The report names
# the way out itself: "the best one can do to improve the program is to make the state
# definitions more delicate. Then, increasing the number of bits (model size) and the ability
# to see farther than two moves forward will enhance its performance."
#
# Here we follow that advice as far as it goes. Gravity makes MIX a game of threats (an empty
# slot that would complete four) and of the rows they sit on, as in Connect Four, where
# Allis' zugzwang rules say which player can claim a threat from its row's parity and who must
# move under it. The player below
# - describes a position by 30 counts (`mix.selftaught.threatfeatures`): for each colour, the open
#   windows of four holding one, two or three of its stones (across and up), its threats by whether
#   they are playable now or one stone away, on an odd or even row (1st, 3rd, ... from the
#   bottom), stacked on another threat, and the lowest threat of each column by its row;
# - values a position as `tanh(w · features)`, a single neuron over counting features (the
#   report's "simple neuron network ... counter parameter model"), learned by TD(0) from
#   self-play alone, starting from zero weights (`mix.selftaught.training`): temporal-difference
#   self-play is the method of TD-Gammon, and of the strongest learned Connect Four players
#   (n-tuple networks: Thill, Koch and Konen 2012);
# - plays by alpha-beta search on that value (`mix.fast.evalsearch`), reading the tactics at
#   a glance (win now, block a single threat, lost against two), `DEPTH` plies deep while all 20
#   columns are open and deeper as columns fill, for the same effort.
#
# <!-- runtime -->*Run time:* 6.2 min at full settings, 10 s in quick mode (measured in one `make reproduce`, 2 cores).<!-- /runtime -->

# %% tags=["parameters"]
TRAIN_GAMES = 20_000         # self-play training games (the shipped weights: 20,000)
SEED = 1                     # training seed (the shipped weights: 1)
CURVE_POINTS = 10            # points of the learning curve (0 games, then log-spaced)
CURVE_OPPONENTS = ("onestep-safe", "alphabeta:2", "learned")  # fixed opponents of the curve
CURVE_DEPTH = 2              # search depth of the weights played along the curve
CURVE_GAMES = 100            # games per seat for each point and opponent
DEPTH = 4                    # the player's search depth with all 20 columns open
OPPONENTS = ("random", "onestep", "onestep-safe", "builder", "builder-search", "alphabeta:2",
             "alphabeta:4", "learned", "learned-counts")  # the ladder of notebook 40
LADDER_GAMES = 200           # games per seat against each opponent
CHUNKS = 4                   # seeded chunks per opponent and seat (spread over the workers)
TIMING_OPPONENT = "alphabeta:4"  # opponent of the timed games
TIMING_GAMES = 6             # games whose every move of the player is timed
PERFECT_BOARDS = ((4, 4), (4, 5), (5, 4), (5, 5), (6, 4))  # boards where it meets perfect play
PERFECT_GAMES = 50           # games per seat on each of them
NJOBS = 2

# %%
from studykit import shrink

_ = shrink(globals(), TRAIN_GAMES=400, CURVE_POINTS=3, CURVE_GAMES=2, LADDER_GAMES=2, CHUNKS=1,
           OPPONENTS=("random", "learned"), TIMING_GAMES=1, PERFECT_BOARDS=((4, 4),),
           PERFECT_GAMES=2, NJOBS=1)  # GAMEAI_QUICK: a smoke run, not the experiment

# %%
from mix import SELFTAUGHT_CONSTANTS, selftaught_settings

# every constant above, checked with the library's limits (a bad one is refused, named)
_constants = {_name: globals()[_name] for _name in SELFTAUGHT_CONSTANTS}
globals().update(selftaught_settings(**_constants))

# %%
import time

import matplotlib.pyplot as plt
import numpy as np

from mix import (
    SHIPPED,
    SelfTaughtAgent,
    TDConfig,
    against_perfect_boards,
    better_in_both_seats,
    ladder,
    learning_curve,
    parity_lines,
    parity_reading,
    read_weights,
    seats_text,
    timed_moves,
    train_selftaught,
    weights_table,
    weights_text,
)
from studykit import (
    Item,
    beyond_claim,
    check_claim,
    compare_setting,
    machine_load,
    record_claims,
    record_inventory,
    save_figure,
)

shipped_w, shipped_config, shipped_seed = read_weights(SHIPPED)
SETTING = compare_setting(
    {"TRAIN_GAMES": TRAIN_GAMES, "SEED": SEED, "DEPTH": DEPTH, "OPPONENTS": OPPONENTS,
     "PERFECT_BOARDS": PERFECT_BOARDS},
    {"TRAIN_GAMES": shipped_config.games, "SEED": shipped_seed, "DEPTH": 4,
     "OPPONENTS": ("random", "onestep", "onestep-safe", "builder", "builder-search",
                   "alphabeta:2", "alphabeta:4", "learned", "learned-counts"),
     "PERFECT_BOARDS": ((4, 4), (4, 5), (5, 4), (5, 5), (6, 4))}, label="default")
print("setting:", SETTING.describe())
claims = []

# %% [markdown]
# ## Self-play from zero
#
# Both sides play the same weights, one move ahead: a winning move if there is one, else the
# move whose position is best for the mover, or a random move with probability 0.1. A position
# is judged by the tactics the player's search reads at a glance when they decide it (lost if
# the opponent can complete four at once, won if the opponent faces two playable threats),
# and by its value otherwise. After every move the value of the previous position moves toward
# that of the new one, and the last position toward the result (+1 X won, -1 O won, 0 a draw),
# with a step size that decays as 0.02 / (1 + game / 5,000). The arithmetic is plain Python
# floats in a fixed order, so a seed gives the same weights bit for bit; the shipped file
# `mix/selftaught.init` is the run `python -m mix.selftaught train` (20,000 games, seed 1),
# which this cell repeats.

# %%
points = sorted({0, TRAIN_GAMES} | {int(float(f"{n:.2g}")) for n in np.geomspace(
    max(TRAIN_GAMES / 240, 1), TRAIN_GAMES, CURVE_POINTS - 1)})
config = TDConfig(games=TRAIN_GAMES)
print(f"training {TRAIN_GAMES:,} games ({machine_load()})")
t0 = time.time()
run = train_selftaught(config, seed=SEED, snapshots=points)
train_seconds = time.time() - t0
last, lengths = np.array(run.results[-1000:]), np.array(run.lengths[-1000:])
print(f"{TRAIN_GAMES:,} self-play games in {train_seconds:.0f} s ({machine_load()}); of the last "
      f"{len(last):,}, X won {np.mean(last == 1):.2f}, O {np.mean(last == -1):.2f}, draws "
      f"{np.mean(last == 0):.2f}; they lasted {lengths.mean():.0f} moves on average (of "
      f"{config.rows * config.cols}), {np.mean(lengths > config.rows * config.cols / 2):.1%} "
      f"more than half the board")
same = weights_text(run.weights, config, SEED) == SHIPPED.read_text()
print(f"identical to the shipped {SHIPPED.name}: {same}")

# %%
shipped_setting = config == shipped_config and SEED == shipped_seed
claims.append(beyond_claim(
    "training reproduces the shipped weights exactly", "the same file, byte for byte",
    "identical" if same else ("different" if shipped_setting else
                              f"not compared: {TRAIN_GAMES:,} games, seed {SEED}"),
    same, test="the text of the weights file written from this run equals mix/selftaught.init",
    reason="this run's setting is not the shipped one" if not shipped_setting else
    "the same settings and seed gave other weights on this machine"))
claims.append(beyond_claim(
    "training from scratch takes at most 15 minutes", "at most 900 s on two cores",
    f"{train_seconds:.0f} s on one core ({machine_load()})", train_seconds <= 900,
    test="wall time of the training run (one process) <= 900 s",
    reason="training took longer than 15 minutes on this machine"))

# %% [markdown]
# **The algorithm at work on a small case.** The self-play training is written plainly in
# `mix/plain/selfplay.py` (one game on a `Board` played and undone, the TD step after each move),
# and the player's search in `mix/plain/selftaught.py` (`PlainSearch`: the counts read from
# the stones, the learned evaluation, alpha-beta with the tactics read at a glance). At scale,
# `train_selftaught` and `SelfTaughtAgent` (their default `fast=True`) run their fast
# versions on the board's integers (`mix/fast/selfplay.py`; `mix/fast/evalsearch.py` with
# its nodes, frontier and scores). Below, 200 self-play games on a 5x6 board by both give the
# same weights bit for bit, and the plain player and the fast one, on the shipped weights, play
# the same games.

# %%
import random

import mix

small = TDConfig(games=200, rows=5, cols=6)
plain_run = train_selftaught(small, seed=SEED, fast=False)  # the games of mix/plain/selfplay.py
fast_run = train_selftaught(small, seed=SEED)
assert plain_run.weights.tobytes() == fast_run.weights.tobytes()
assert plain_run.results == fast_run.results
small_board = mix.Geometry(5, 6)
for game_seed in range(2):
    games = [mix.play_game(player, mix.make_agent("onestep"), random.Random(game_seed), small_board)
             for player in (SelfTaughtAgent(shipped_w, DEPTH, fast=fast) for fast in (False, True))]
    assert games[0].stones == games[1].stones and games[0].moves == games[1].moves
print(f"200 games on 5x6: the plain and the fast training give the same weights (X won "
      f"{plain_run.results.count(1)}, O {plain_run.results.count(-1)}); two games against "
      f"onestep: the plain and the fast player made the same moves")

# %% [markdown]
# ## The learning curve
#
# The weights after each number of games (0 games: all weights zero, so the player knows only
# the tactics read at a glance) searched `CURVE_DEPTH` plies deep, against fixed opponents:
# the safe one-ply heuristic, alpha-beta at depth 2 on the report's seven bits, and the
# report's program (its `mix.init`, 2-ply lookahead). `CURVE_GAMES` games per seat, both seats
# together, with 95% Wilson intervals.

# %%
snapshots = dict(run.snapshots)
t0 = time.time()
curve = learning_curve({n: snapshots[n] for n in points}, CURVE_OPPONENTS, CURVE_DEPTH,
                       CURVE_GAMES, seed=410, chunks=CHUNKS, n_jobs=NJOBS)
print(f"{len(curve)} pairings x 2 seats x {CURVE_GAMES} games in {time.time() - t0:.0f} s")

# %%
fig, ax = plt.subplots(figsize=(8, 4), dpi=80)
for o, grp in curve.groupby("opponent", sort=False):
    x = grp.games.clip(lower=points[1] / 2)
    ax.plot(x, grp.share, "o-", label=o)
    ax.fill_between(x, grp.lo, grp.hi, alpha=0.15)
ax.axhline(0.5, color="grey", lw=0.8)
ax.set(xscale="log", ylim=(-0.02, 1.02), xlabel="self-play games (0 games drawn at the left)",
       ylabel="win share, both seats",
       title=f"Learning curve: the weights searched {CURVE_DEPTH} plies deep vs fixed opponents")
ax.legend(fontsize=8)
save_figure(fig, "mix_selftaught_curve")
plt.show()
curve.pivot(index="games", columns="opponent", values="share").round(3)

# %% [markdown]
# With all weights zero the player knows only its tactics, and that is already enough to beat
# the one-ply heuristic almost always; against alpha-beta at depth 2 and the report's program it
# wins only about half to two thirds of its games. A few hundred self-play games lift it above
# 90% against both (with a dip at 650 games, while the step size is still near its largest),
# and from about 2,600 games on the curve is flat at 95-98%: at depth 2, against these
# opponents, later games change little that these matches can measure. The full player, at
# `DEPTH` plies, meets stronger opponents on the ladder.

# %% [markdown]
# ## The ladder
#
# The trained player (`DEPTH` plies with all columns open) against the opponents of notebook
# 40's ladder, `LADDER_GAMES` games in each seat: random, the one-ply heuristics, the greedy
# and the searching builders of potential chesses, alpha-beta at depths 2 and 4 on a hand-made
# evaluation of the report's seven bits, the report's program (`learned`) and its counting
# variant (`learned-counts`).

# %%
player = SelfTaughtAgent(run.weights, DEPTH, name="self-taught")
t0 = time.time()
lad = ladder({o: (player, o) for o in OPPONENTS}, LADDER_GAMES, seed=41, chunks=CHUNKS,
             n_jobs=NJOBS, backend="multiprocessing")  # its caches grow: no worker restarts
print(f"{len(OPPONENTS)} opponents x 2 seats x {LADDER_GAMES} games in {time.time() - t0:.0f} s "
      f"({machine_load()})")
lad[["win_as_X", "lo_X", "hi_X", "win_as_O", "lo_O", "hi_O", "draws_X", "draws_O",
     "length_X", "length_O"]].round(3)

# %%
fig, ax = plt.subplots(figsize=(8, 4), dpi=80)
y = np.arange(len(lad))
for k, seat in enumerate("XO"):
    ax.errorbar(lad[f"win_as_{seat}"], y + (k - 0.5) * 0.25, fmt="os"[k], label=f"playing {seat}",
                xerr=[lad[f"win_as_{seat}"] - lad[f"lo_{seat}"],
                      lad[f"hi_{seat}"] - lad[f"win_as_{seat}"]])
ax.axvline(0.5, color="grey", lw=0.8)
ax.set(yticks=y, yticklabels=lad.index, xlim=(-0.02, 1.02),
       xlabel="win share of the self-taught player (95% Wilson interval)",
       title=f"The self-taught player on the ladder, {LADDER_GAMES} games per seat")
ax.legend(fontsize=8)
save_figure(fig, "mix_selftaught_ladder")
plt.show()

# %%
if "alphabeta:4" in lad.index:
    r = lad.loc["alphabeta:4"]
    claims.append(beyond_claim(
        "the self-taught player beats alpha-beta at depth 4", "wins more than half its games "
        "in each seat", seats_text(r), better_in_both_seats(r),
        test=f"95% Wilson lower bound > 0.5 in each seat, {LADDER_GAMES} games per seat",
        reason="the interval reaches one half in a seat"))
if "learned" in lad.index:
    r = lad.loc["learned"]
    claims.append(beyond_claim(
        "the self-taught player beats the report's program", "at least 85% in each seat",
        seats_text(r), bool(min(r.win_as_X, r.win_as_O) >= 0.85),
        test=f"win share >= 0.85 in each seat, {LADDER_GAMES} games per seat",
        reason="it wins less than 85% of its games in a seat"))
    claims.append(check_claim(
        "richer states and a deeper lookahead improve the program",
        "\"make the state definitions more delicate. Then, increasing the number of bits ... "
        "and the ability to see farther than two moves forward will enhance its performance\"",
        f"30 learned threat and parity counts, {DEPTH}-ply search, vs the report's program: "
        f"{seats_text(r)}", better_in_both_seats(r),
        test="wins more than half its games in each seat (95% Wilson lower bound > 0.5)",
        setting=SETTING, reason="not significantly better than the report's program"))

# %% [markdown]
# Against alpha-beta at depth 4, the strongest player of notebook 40, the self-taught player
# wins 94% of its games as X and 98.5% as O; against the report's program 98.5% and 100%. The
# report's diagnosis holds: richer states and a deeper search make a far better player, and
# self-play alone finds the weights.
#
# ## How long a move takes
#
# Every move of the player in `TIMING_GAMES` games against `TIMING_OPPONENT`, timed on the
# wall clock (so it depends on what else the machine runs: the load is printed with it). The
# search depth is fixed by the position, never by a clock: `DEPTH` plies with all columns
# open, deeper when fewer are, for about as many positions (with `DEPTH` = 4: five plies from
# ten open columns down, six from seven).

# %%
moves = timed_moves(SelfTaughtAgent(run.weights, DEPTH), TIMING_OPPONENT, TIMING_GAMES, seed=5)
load = machine_load()
by_depth = moves.groupby("depth").seconds.describe(percentiles=[0.5, 0.95])[
    ["count", "mean", "50%", "95%", "max"]]
print(f"{len(moves)} moves in {TIMING_GAMES} games ({load}): mean {moves.seconds.mean():.3f} s, "
      f"95th percentile {moves.seconds.quantile(0.95):.3f} s, slowest {moves.seconds.max():.3f} s")
by_depth.round(4)

# %%
fig, ax = plt.subplots(figsize=(7, 3.2), dpi=80)
ax.hist(moves.seconds, bins=40)
ax.axvline(0.2, color="grey", ls="--", lw=0.8, label="0.2 s")
ax.set(xlabel="seconds per move (wall clock)", ylabel="moves",
       title=f"Time per move of the self-taught player, depth {DEPTH} on 10x20 ({load})")
ax.legend(fontsize=8)
save_figure(fig, "mix_selftaught_timing")
plt.show()
claims.append(beyond_claim(
    "a move takes under 0.2 s on the 10x20 board", "every timed move under 0.2 s",
    f"slowest {moves.seconds.max():.3f} s, mean {moves.seconds.mean():.3f} s over {len(moves)} "
    f"moves at depth {DEPTH} ({load})", bool(moves.seconds.max() < 0.2),
    test="the slowest of the timed moves < 0.2 s (wall clock)",
    reason="some moves took longer on this machine at this load"))

# %% [markdown]
# The table above gives the time per move by the depth searched: the deeper searches come
# late in a game, when few columns are open, for about the effort of a 4-ply search of the
# open board (fewer moves to search, and the search sees the end sooner).
#
# ## Against perfect play on small boards
#
# On small boards the exact solver (`mix.solve_position`) plays perfectly, and every
# board here is a draw: a perfect player never loses, so every game the self-taught player
# loses is a drawn game it threw away. Its weights come from 10x20, where boards almost never
# fill up; on a small board they fill, and the last moves are decided by zugzwang. With few
# columns the player searches deep (eight plies on a board four columns wide). For each game
# we find its first mistake (a move that lowered its solved value), how many empty slots were
# left after it and how deep it had searched: a mistake with more empty slots left than
# plies searched is one its search could not see to the end.

# %%
t0 = time.time()
study = against_perfect_boards(run.weights, DEPTH, PERFECT_BOARDS, PERFECT_GAMES, seed=3,
                               n_jobs=NJOBS)
print(f"{len(PERFECT_BOARDS)} boards x 2 seats x {PERFECT_GAMES} games in "
      f"{time.time() - t0:.0f} s")
perfect = study.games
study.table

# %%
lost = perfect[perfect.result == "loss"]
drawn = int((perfect.start == 0).sum())
lost_drawn = int(((perfect.start == 0) & (perfect.result == "loss")).sum())
if len(lost):
    print(f"lost {lost_drawn} of {drawn} drawn games; first mistakes with {lost.left.min():.0f} "
          f"to {lost.left.max():.0f} empty slots left, searching {lost.depth.min():.0f} to "
          f"{lost.depth.max():.0f} plies; {(lost.left > lost.depth).sum()} of them with more "
          f"empty slots left than plies searched")
else:
    print(f"lost none of {drawn} drawn games")
claims.append(beyond_claim(
    "the self-taught player never loses a drawn game on small boards", "no loss against "
    "perfect play", f"lost {lost_drawn} of {drawn} games on "
    f"{', '.join(f'{r}x{c}' for r, c in PERFECT_BOARDS)}", lost_drawn == 0,
    test=f"{PERFECT_GAMES} games per seat and board against the exact solver, all boards draws",
    reason="its value, learned on 10x20 where boards rarely fill, misjudges positions whose "
           "outcome lies beyond its search, when a small board fills up"))

# %% [markdown]
# It never loses on 4x4 and 5x4 and loses 2 of 100 games on 4x5, but 19 of 100 on 5x5 (14 of
# them as X) and 19 of 100 on 6x4 (all as X). Every first mistake comes with more empty slots
# left than the plies it searched: the loss lay beyond its horizon, and its value, learned
# where boards rarely fill, misjudged those positions.
#
# ## What it learned
#
# The weight of each count, per unit (the change of the score before `tanh` for one more
# window or threat, all else equal), for X's and O's features. Positive favours X. Counts
# overlap (a threat also means a window of three), so a weight is what one more unit adds on
# top of the others.

# %%
wt = weights_table(run.weights)
fig, ax = plt.subplots(figsize=(8, 5), dpi=80)
body = wt.iloc[2:]
yy = np.arange(len(body))
ax.barh(yy - 0.2, body["X"], height=0.4, label="X's count")
ax.barh(yy + 0.2, body["O"], height=0.4, label="O's count")
ax.axvline(0, color="grey", lw=0.8)
ax.set(yticks=yy, yticklabels=body.index, xlabel="weight per unit (positive favours X)",
       title=f"What {TRAIN_GAMES:,} self-play games taught")
ax.invert_yaxis()
ax.legend(fontsize=8)
save_figure(fig, "mix_selftaught_weights")
plt.show()
wt.round(3)

# %% [markdown]
# How some of the threat weights grew over training (the snapshots of the learning curve):

# %%
track = ("threats playable now", "threats above own threat", "threats one stone away",
         "threats on odd rows", "threats on even rows")
xs = [max(n, points[1] / 2) for n in points]
fig, axes = plt.subplots(1, 2, figsize=(10, 3.6), dpi=80, sharey=True)
for ax, colour in zip(axes, "XO"):
    for name in track:
        ax.plot(xs, [weights_table(snapshots[n]).loc[name, colour] for n in points], "o-",
                label=name)
    ax.axhline(0, color="grey", lw=0.8)
    ax.set(xscale="log", xlabel="self-play games (0 games drawn at the left)",
           title=f"weights of {colour}'s threats over training")
axes[0].set_ylabel("weight per unit (positive favours X)")
axes[1].legend(fontsize=7)
save_figure(fig, "mix_selftaught_weights_growth")
plt.show()


# %%
reading = parity_reading(wt)
print("\n".join(parity_lines(reading)))

# %% [markdown]
# Parity in Connect Four (Allis): when the columns fill up, X, moving first, can hope to claim
# a threat on an odd row, and O one on an even row. The printed differences read that rule off
# the weights: a positive number means the colour values threats on its own rows more than
# the others (the not-yet-playable threats and the lowest threat of each column together).
#
# In the shipped run (20,000 games, seed 1) the threats it values most are those that win
# soon: a threat stacked directly on one of its own (blocking the lower one hands over the
# upper), a threat playable now (the opponent must answer at once), and a threat one stone
# away (the slot under it is poison for the opponent). Open windows of two and three count
# for their owner and against the opponent, and having the move is worth almost as much as a
# playable threat. X's weights follow the parity rule: an X threat not yet playable on an even
# row lowers X's score, one on an odd row hardly at all. O's weights do not follow it: its
# odd-row threats weigh slightly more than its even-row ones.
# The self-play games end long before the board fills (their mean length is printed above),
# so the order in which the columns fill decides few of them, and temporal differences learn
# what decides the games they see: the small boards above, where every game fills the board,
# show what that costs.
#
# ## Playing it
#
# `SelfTaughtAgent` has the same `choose(board, rng)` as every agent of `mix.play.agents`, so
# `mix.match` and `mix.duel` take it as it is:
# `mix.duel(mix.SelfTaughtAgent(mix.load_weights(), 4), "alphabeta:4", games=10)`.

# %% [markdown]
# ## Claims

# %%
_ = record_claims("MIX", "41_mix_selftaught", claims, setting=SETTING)

# %%
S = {"train": "Self-play from zero", "ladder": "The ladder"}
_ = record_inventory("MIX", "41_mix_selftaught", [
    Item("more delicate states, more bits and a deeper lookahead would improve it", "proposal",
         section=S["ladder"]),
    Item("a simple neural network for the counting model", "proposal", section=S["train"]),
    Item("a more complicated model may lose the runs' agreement on the final values", "statement",
         reason="one training run (the shipped seed): how far runs of the self-taught player "
                "agree is not measured"),
])
