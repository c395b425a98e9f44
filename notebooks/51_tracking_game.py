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
# # Tracking down the enemy, part 2: agents that use the tracker
#
# In the second post (2011) Pietro Berkes put his tracker to work in the Berkeley Pacman
# capture-the-flag contest: two teams of two, each agent a ghost on its own half and a Pacman
# on the enemy's, eating the enemy's food while ghosts send enemy Pacmen back to their start.
# His agents plan on a **weighted maze graph**: the cost of entering a cell rises near where the
# tracker thinks an enemy ghost is (in proportion to the probability, falling off exponentially
# with distance), falls near an enemy Pacman, rises near a teammate. The attacker heads for the
# cheapest food; the defender waits where the enemy is likely to cross, and chases a Pacman by
# making the cells behind it expensive and those in front cheap, to cut it off from the front.
# His lesson: soft constraints (weights, probabilities) plus a little randomness avoid the loops
# that hard deterministic rules get stuck in.
#
# The contest code is closed, so `tracking.game` is our own engine with the contest's rules and
# sensing (exact positions within Manhattan distance 5 of a teammate, otherwise a noisy distance
# with uniform error -6..+6). Each team keeps exact filters of both enemies (notebook 50),
# updated only from what it may know: a time update on each enemy's own move, the sensing of the
# agent whose turn it is, sight from both teammates, which half each enemy is on, and public
# events (food disappearing from our half, captures).

# %% tags=["parameters"]
MAZES = ["defaultCapture", "mediumCapture"]
PAIRINGS = [("tracker", "greedy"), ("tracker", "random"), ("greedy", "random"), ("tracker", "hard")]
GAMES_PER_SIDE = 25          # each pairing plays this many seeded games with each colour: 50 per maze
RULE = "eat"                 # the blog-era rule: a point per food eaten
MAX_MOVES = 3000             # the blog-era move limit (all four agents' moves)
LATER_GAMES_PER_SIDE = 25    # tracker vs greedy under the later rules: carry food home, 1200 moves
LOOP_GAMES = 12              # games per attacker in the loop lesson
ANIMATION_MOVES = 600        # moves of the animated game saved as a GIF
INLINE_FRAMES = 24           # frames shown inline (kept few: the notebook stays small)
N_JOBS = 2
SEED = 0

# %%
import os

if os.environ.get("GAMEAI_QUICK"):
    PAIRINGS = [("tracker", "greedy"), ("tracker", "random")]
    GAMES_PER_SIDE, LATER_GAMES_PER_SIDE, LOOP_GAMES, MAX_MOVES = 1, 1, 1, 400
    ANIMATION_MOVES, INLINE_FRAMES, N_JOBS = 40, 4, 1

# %%
import time

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import tracking
from studykit import Claim, record_claims, run_sweep, save_figure, save_gif, show_animation
from tracking.drawgame import animate_game, plot_visits
from tracking.tournament import ATTACKERS, game_trial, loop_trial, summarize_games

maze = tracking.load_layout("defaultCapture")
print(f"defaultCapture: {maze.width}x{maze.height}, {len(maze.food_of('red'))} food per side")

# %% [markdown]
# ## One game, both teams' beliefs
#
# The tracker team (red: weighted-graph attacker and defender reading their tracker) against the
# tracker-blind greedy team (blue: the same agents, but an enemy they cannot see is unknown to
# them). Each panel is one team's view: its belief about the two enemies as squares (area
# proportional to probability, the two enemies summed), its own agents filled, the enemies'
# true cells hollow; circles are Pacmen, triangles ghosts. The GIF of the first `ANIMATION_MOVES`
# moves goes to `results/gifs/tracking_game.gif`; a few frames are shown inline.

# %%
tic = time.perf_counter()
game = tracking.CaptureGame(maze, tracking.make_team("tracker"), tracking.make_team("greedy"),
                            rule=RULE, max_moves=MAX_MOVES, seed=SEED, record=True)
shown = game.play()
print(f"final score red (tracker) {shown.scores['red']} : {shown.scores['blue']} blue (greedy) after "
      f"{shown.moves} moves; Pacmen caught: {shown.caught}; {time.perf_counter() - tic:.1f} s with recording")
last = min(ANIMATION_MOVES, len(shown.frames) - 1)
save_gif(animate_game(maze, shown.frames, show=range(0, last + 1, 4), dpi=50), "tracking_game", fps=8)
plt.close("all")
show_animation(animate_game(maze, shown.frames, show=np.linspace(0, last, INLINE_FRAMES).astype(int), dpi=45),
               fps=2)

# %% [markdown]
# The red team's squares follow the blue agents even when they are out of sight: the noisy
# distances, the sight rule (nothing within 5 of either red agent), which half each enemy is on,
# and the food vanishing from red's half all feed the filter. The greedy team knows only what it
# sees.
#
# How fast is a game? The contest's later limit, 1200 moves, between two tracker teams (four
# exact filters, a Dijkstra per move):

# %%
times = []
for seed in range(3):
    g = tracking.CaptureGame(maze, tracking.make_team("tracker"), tracking.make_team("tracker"),
                             max_moves=1200, seed=seed)
    tic = time.perf_counter()
    res = g.play()
    times.append(time.perf_counter() - tic)
    print(f"seed {seed}: {res.moves} moves in {times[-1]:.2f} s")
game_seconds = max(times)

# %% [markdown]
# ## The tournament
#
# Every pairing plays `GAMES_PER_SIDE` seeded games with each colour on each maze (so the board's
# own asymmetries cancel), under the blog-era rules. Teams: **tracker** (weighted attacker and
# defender on the tracker's beliefs), **greedy** (the same agents, tracker-blind), **random**
# (uniformly random legal moves), **hard** (a deterministic hard-rule attacker, see below, with
# a greedy defender). Win rates carry 95% Wilson intervals; means carry 95% intervals
# (1.96 standard errors over games).

# %%
grid = [{"a": a, "b": b, "layout": layout, "side": side, "rule": RULE, "max_moves": MAX_MOVES}
        for layout in MAZES for a, b in PAIRINGS for side in ("red", "blue")]
rows = run_sweep(game_trial, grid, trials=GAMES_PER_SIDE, seed=SEED, n_jobs=N_JOBS, progress=False)


def table(rows, keys=("layout", "a", "b")):
    """One line per pairing: win rate with its interval, scores, Pacmen caught per game."""
    groups, out = {}, []
    for r in rows:
        groups.setdefault(tuple(r[k] for k in keys), []).append(r["result"])
    summaries = {}
    for key, results in groups.items():
        s = summaries[key] = summarize_games(results)
        lo, hi = s["win_ci"]
        out.append({**dict(zip(keys, key)), "games": s["games"],
                    "a wins": f"{s['win_rate']:.2f} [{lo:.2f}, {hi:.2f}]", "ties": f"{s['tie_rate']:.2f}",
                    "score a": "{:.1f} ± {:.1f}".format(*s["score_a"]),
                    "score b": "{:.1f} ± {:.1f}".format(*s["score_b"]),
                    "Pacmen caught by a": "{:.2f} ± {:.2f}".format(*s["caught_a"]),
                    "Pacmen caught by b": "{:.2f} ± {:.2f}".format(*s["caught_b"]),
                    "moves": "{:.0f}".format(s["moves"][0])})
    return pd.DataFrame(out), summaries


tournament, summaries = table(rows)
tournament

# %%
fig, axes = plt.subplots(1, len(MAZES), figsize=(5.5 * len(MAZES), 2.8), sharex=True, squeeze=False)
for ax, layout in zip(axes[0], MAZES):
    keys = [k for k in summaries if k[0] == layout]
    rate = np.array([summaries[k]["win_rate"] for k in keys])
    ci = np.array([summaries[k]["win_ci"] for k in keys])
    ax.barh(range(len(keys)), rate, xerr=[rate - ci[:, 0], ci[:, 1] - rate], capsize=4, color="C0")
    ax.axvline(0.6, color="k", ls=":", label="60%")
    ax.set_yticks(range(len(keys)), [f"{a} vs {b}" for _, a, b in keys])
    ax.invert_yaxis()
    ax.set_xlim(0, 1.02)
    ax.set_xlabel("win rate of the first team")
    ax.set_title(f"{layout}: {2 * GAMES_PER_SIDE} games per pairing", fontsize=10)
    ax.legend(loc="lower left", fontsize=8)
fig.suptitle("Seeded tournament (95% Wilson intervals)")
fig.tight_layout()
save_figure(fig, "tracking_tournament")
plt.show()

# %% [markdown]
# The tracker team and the greedy team run the same planner with the same weights; the only
# difference is that the tracker team plans on beliefs about enemies it cannot see. Its defender
# waits on the home cell nearest to where the enemy attacker probably is and chases Pacmen it
# cannot see; its attacker steers around ghosts it cannot see. Both weighted teams crush random
# play (a random team never scores: its Pacmen wander onto ghosts or never cross).
#
# On defaultCapture the tracker team wins 47 of 50 games against the greedy team (0.94, 95%
# interval 0.84-0.98), the bar being 60%; it eats 17.5 food per game to the greedy
# team's 8.9. On mediumCapture, a more open board with 43 food per side, it wins 0.76
# (0.63-0.86). Both teams catch about as many Pacmen per game (3.4-4.0): the tracker team does
# not win by catching more, it wins by letting less food be eaten. The blog reports no
# tournament numbers to compare with.
#
# ## Which agent gains from the tracker?
#
# Give the tracker to only one of the two agents and play the greedy team again on
# defaultCapture:

# %%
half_grid = [{"a": a, "b": "greedy", "layout": "defaultCapture", "side": side, "rule": RULE,
              "max_moves": MAX_MOVES} for a in ("tracker attacker", "tracker defender") for side in ("red", "blue")]
half_rows = run_sweep(game_trial, half_grid, trials=GAMES_PER_SIDE, seed=SEED, n_jobs=N_JOBS, progress=False)
halves, half_summary = table(half_rows)
halves

# %% [markdown]
# The defender is where the tracker pays: with only its defender reading the tracker the team
# wins 0.94 (0.84-0.98) and holds the greedy attackers to 8.1 food, while a tracker attacker
# alone wins 0.42 (0.29-0.56), no better than the greedy team it is built from. The greedy
# defender guards the middle of its food and reacts only to a Pacman it sees; the tracker
# defender waits on the home cell nearest to where the enemy attacker probably is, meets it at
# the border and keeps following it out of sight. The attacker probably gains little because
# the weighted graph already steers around the ghosts it sees, and a defender is usually in
# sight by the time it matters.
#
# ## The later rules
#
# Later contests scored food only when a Pacman carried it home (a caught Pacman drops it) and
# cut the game to 1200 moves. Same two teams on defaultCapture:

# %%
later_grid = [{"a": "tracker", "b": "greedy", "layout": "defaultCapture", "side": side, "rule": "carry",
               "max_moves": 1200} for side in ("red", "blue")]
later_rows = run_sweep(game_trial, later_grid, trials=LATER_GAMES_PER_SIDE, seed=SEED + 1, n_jobs=N_JOBS,
                       progress=False)
later, later_summary = table(later_rows)
later

# %% [markdown]
# ## The lesson: hard rules loop, soft constraints do not
#
# A **hard-rule attacker**: if it sees an enemy ghost within 3 steps, step to the neighbour
# farthest from it; otherwise step along the shortest path to the nearest food. Deterministic
# and reasonable-sounding, it meets a defender waiting at the border, flees, loses sight,
# comes back, flees... We play it (with a tracker defender beside it) against the tracker team,
# and compare the weighted attacker with and without its small random jitter. An attacker is
# *stuck* after a move when its last 16 moves stayed on at most 4 cells.

# %%
loop_rows = run_sweep(loop_trial, {"attacker": list(ATTACKERS), "layout": ["defaultCapture"]},
                      trials=LOOP_GAMES, seed=SEED, n_jobs=N_JOBS, progress=False)
loops = {}
for r in loop_rows:
    loops.setdefault(r["attacker"], []).append(r["result"])


def mean_ci(x):
    x = np.asarray(x, dtype=float)
    half = 1.96 * x.std(ddof=1) / np.sqrt(len(x)) if len(x) > 1 else float("nan")
    return f"{x.mean():.2f} ± {half:.2f}"


pd.DataFrame([{"attacker": name, "games": len(res),
               "share of moves stuck": mean_ci([r["stuck"] for r in res]),
               "games mostly stuck (> 50%)": sum(r["stuck"] > 0.5 for r in res),
               "cells visited": mean_ci([r["visited"] for r in res]),
               "food eaten by its team": mean_ci([r["score"] for r in res]),
               "wins vs tracker team": sum(r["win"] for r in res)} for name, res in loops.items()])

# %% [markdown]
# Where the attackers spend their time in one game (seed of the hard-rule attacker's worst game):

# %%
worst = int(np.argmax([r["stuck"] for r in loops["hard rules"]]))
seed_worst = [r["seed"] for r in loop_rows if r["attacker"] == "hard rules"][worst]
fig, axes = plt.subplots(1, 2, figsize=(12, 3.4))
for ax, name in zip(axes, ("hard rules", "weighted")):
    makers = {"hard rules": tracking.HardRuleAttacker, "weighted": lambda: tracking.WeightedAgent("attacker")}
    g = tracking.CaptureGame(maze, (makers[name](), tracking.WeightedAgent("defender")),
                             tracking.make_team("tracker"), max_moves=1200, seed=seed_worst)
    res = g.play()
    im = plot_visits(maze, [t[0] for t in res.trail[::4]], ax=ax, vmax=np.log10(res.moves / 4),
                     title=f"{name} attacker: {res.scores['red']} food in {res.moves} moves")
fig.colorbar(im, ax=axes, label="log10 visits", shrink=0.8)
save_figure(fig, "tracking_loops")
plt.show()

# %% [markdown]
# The hard-rule attacker burns most of its game on a handful of cells at the border; the
# weighted attacker sweeps the enemy half. In our runs the soft weights alone are what break the
# loop (the ghost's cost only makes a path expensive, so another path wins instead of a reflex
# flight); the jitter changes little here, because the beliefs and the teammate term already
# keep the weights moving.

# %%
main = summaries[("defaultCapture", "tracker", "greedy")]
medium = summaries.get(("mediumCapture", "tracker", "greedy"))
lo, hi = main["win_ci"]
hard_stuck = np.mean([r["stuck"] for r in loops["hard rules"]])
soft_stuck = np.mean([r["stuck"] for r in loops["weighted"]])


def verdict(holds: bool, reason: str) -> dict:
    """Status and reason of a claim row (the reason only when it does not hold)."""
    return {"status": "consistent within error" if holds else "differs", "reason": "" if holds else reason}


beats = main["win_rate"] > 0.6 and lo > 0.5
vs_random = {k[0]: s["win_rate"] for k, s in summaries.items() if k[1:] == ("tracker", "random")}
claims = [
    Claim("tracker team beats the tracker-blind greedy team on defaultCapture (issue bar: > 60% of games)",
          "should beat", f"wins {main['win_rate']:.2f} [95% CI {lo:.2f}, {hi:.2f}] of {main['games']} games",
          **verdict(beats, "win rate not above 60% with an interval above 50%")),
    Claim("tracker team beats a random team", "beats", ", ".join(f"{k}: {v:.2f}" for k, v in vs_random.items()),
          **verdict(all(v > 0.9 for v in vs_random.values()), "lost more than 10% of games to random play")),
    Claim("soft constraints avoid the loops hard rules get stuck in", "hard rules loop",
          f"share of moves stuck: hard rules {hard_stuck:.2f}, weighted {soft_stuck:.2f}",
          **verdict(hard_stuck > 3 * soft_stuck, "no clear difference in looping")),
    Claim("a 1200-move game between tracker teams runs in under 5 s", "< 5 s",
          f"{game_seconds:.2f} s (slowest of 3)", **verdict(game_seconds < 5, "too slow")),
]
if medium is not None:
    mlo, mhi = medium["win_ci"]
    claims.insert(1, Claim("tracker team beats the greedy team on mediumCapture", "should beat",
                           f"wins {medium['win_rate']:.2f} [95% CI {mlo:.2f}, {mhi:.2f}]",
                           **verdict(mlo > 0.5, "interval reaches 50%")))
record_claims(study="Pacman tracking", source="51_tracking_game", claims=claims)
pd.DataFrame([c.__dict__ for c in claims])
