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

# %% [markdown] papermill={"duration": 0.008269, "end_time": "2026-11-23T13:49:32.502655+00:00", "exception": false, "start_time": "2026-11-23T13:49:32.494386+00:00", "status": "completed"}
# # Goofspiel: play against bots that evolve between rounds
#
# The article's second experiment is a game. You and one or more bots hold the same cards as
# the prize deck (7 cards by default). Each round everyone **commits a bid for every prize at
# once**, without seeing the others'; the prizes are then revealed one by one, the highest bid
# takes each prize (ties split it) and the **lowest scorer is eliminated** (ties broken at
# random). If that is you, the game is over; if it is a bot, a new bot takes its place, bred in
# a hidden genetic algorithm between rounds: the pool holds the bots still in the game, the
# survivors of the previous hidden GA, **a copy of your last strategy** and two fresh random
# bots; three generations of breeding-pairs (mutation 0.2, population 4, 2 survivors) are
# scored by the real game, and the best new strategy becomes your next opponent.
#
# In the published code the "copy of the human" was really a fresh random bot, so the bots never
# learned from the player. `ArenaConfig(as_published=True)` reproduces that; the default puts a
# real copy in the pool. Notebook 33 measures the difference with scripted players.

# %% papermill={"duration": 0.019723, "end_time": "2026-11-23T13:49:32.534331+00:00", "exception": false, "start_time": "2026-11-23T13:49:32.514608+00:00", "status": "completed"} tags=["parameters"]
CARDS = 7
BOTS = 1
SEED = 0
DEMO_ROUNDS = 4

# %% papermill={"duration": 0.011681, "end_time": "2026-11-23T13:49:32.551558+00:00", "exception": false, "start_time": "2026-11-23T13:49:32.539877+00:00", "status": "completed"}
import os

if os.environ.get("GAMEAI_QUICK"):
    DEMO_ROUNDS = 2        # a smoke run, not the experiment

# %% papermill={"duration": 2.006737, "end_time": "2026-11-23T13:49:34.573391+00:00", "exception": false, "start_time": "2026-11-23T13:49:32.566654+00:00", "status": "completed"}
import re
import subprocess
import sys

import matplotlib.pyplot as plt
import pandas as pd

from goofspiel import Arena, ArenaConfig, Strategy, identity, reveal
from goofspiel.widget import history_table, reveal_table
from studykit import Claim, record_claims, save_figure

DECK = tuple(range(1, CARDS + 1))

# %% [markdown] papermill={"duration": 0.008437, "end_time": "2026-11-23T13:49:34.594543+00:00", "exception": false, "start_time": "2026-11-23T13:49:34.586106+00:00", "status": "completed"}
# ## Play here
#
# Choose one card per prize in the drop-downs (each card once) and press **play round**. The
# last round is shown prize by prize with running scores, and every round so far below it.
# Run the cell again for a new game (change `SEED` for other bots).

# %% papermill={"duration": 0.049502, "end_time": "2026-11-23T13:49:34.650556+00:00", "exception": false, "start_time": "2026-11-23T13:49:34.601054+00:00", "status": "completed"}
try:
    from goofspiel.widget import PlayWidget
    game = PlayWidget(Arena(ArenaConfig(deck=DECK, bots=BOTS), seed=SEED))
except ImportError:                 # ipywidgets missing: the rest of the notebook still runs
    game = None
    print("ipywidgets is not installed: play in a terminal with python -m goofspiel play")
game

# %% [markdown] papermill={"duration": 0.011918, "end_time": "2026-11-23T13:49:34.668648+00:00", "exception": false, "start_time": "2026-11-23T13:49:34.656730+00:00", "status": "completed"}
# ## A few rounds played for you
#
# The same widget driven from code (this is how the notebook runs headless): the identity
# `1<2<...<7` every round, until it is eliminated or `DEMO_ROUNDS` rounds have passed.

# %% papermill={"duration": 0.048212, "end_time": "2026-11-23T13:49:34.722591+00:00", "exception": false, "start_time": "2026-11-23T13:49:34.674379+00:00", "status": "completed"}
demo_arena = Arena(ArenaConfig(deck=DECK, bots=BOTS), seed=SEED + 1)
if game is not None:
    demo = PlayWidget(demo_arena)
    while not demo_arena.over and len(demo_arena.history) < DEMO_ROUNDS:
        demo.button.click()                   # the drop-downs start on the identity
    print(re.sub("<[^>]+>", "", demo.status.value))       # the widget's status line
else:
    while not demo_arena.over and len(demo_arena.history) < DEMO_ROUNDS:
        demo_arena.play_round(identity(DECK))
history_table(demo_arena.history)

# %% [markdown] papermill={"duration": 0.011987, "end_time": "2026-11-23T13:49:34.746578+00:00", "exception": false, "start_time": "2026-11-23T13:49:34.734591+00:00", "status": "completed"}
# The last round, prize by prize (in the random order the prizes were turned over):

# %% papermill={"duration": 0.029537, "end_time": "2026-11-23T13:49:34.783567+00:00", "exception": false, "start_time": "2026-11-23T13:49:34.754030+00:00", "status": "completed"}
last = demo_arena.history[-1]
reveal_table(last)

# %% papermill={"duration": 0.314077, "end_time": "2026-11-23T13:49:35.110637+00:00", "exception": false, "start_time": "2026-11-23T13:49:34.796560+00:00", "status": "completed"}
names = ["you"] + [f"bot {k}" for k in range(1, len(last.strategies))]
steps = list(reveal(last))
fig, ax = plt.subplots(figsize=(7, 3.5))
for k, name in enumerate(names):
    ax.plot(range(len(steps) + 1), [0] + [float(s.points[k]) for s in steps], marker="o",
            label=name)
ax.set(title=f"Round {last.number}: running scores as the prizes are revealed",
       xlabel="prizes revealed", ylabel="points",
       xticks=range(len(steps) + 1), xticklabels=[""] + [str(s.prize) for s in steps])
ax.legend()
ax.grid(alpha=0.3)
save_figure(fig, "goofspiel_play_round")
plt.show()

# %% [markdown] papermill={"duration": 0.011971, "end_time": "2026-11-23T13:49:35.134588+00:00", "exception": false, "start_time": "2026-11-23T13:49:35.122617+00:00", "status": "completed"}
# ## What the hidden GA starts from
#
# After a round the human survives, `Arena.last_pool` holds the pool the new bot was bred from.
# With the fixed behaviour it contains your strategy; as published, a random bot stands in its
# place.

# %% papermill={"duration": 0.025888, "end_time": "2026-11-23T13:49:35.168346+00:00", "exception": false, "start_time": "2026-11-23T13:49:35.142458+00:00", "status": "completed"}
pools = {}
bids = list(DECK)
bids[0], bids[1], bids[-2], bids[-1] = bids[1], bids[0], bids[-1], bids[-2]
human = Strategy.from_bids(bids, DECK)           # the identity with two swaps
for published in (False, True):
    seed = SEED
    while True:                       # the first seed where this human survives round 1
        arena = Arena(ArenaConfig(deck=DECK, bots=BOTS, as_published=published), seed=seed)
        if not arena.play_round(human).human_out:
            break
        seed += 1
    pools[published] = arena.last_pool
    print(f"{'as published' if published else 'fixed'} (seed {seed}), human played {human}:")
    for label, s in arena.last_pool:
        print(f"    {s!s:<16} {label}{'  <- your strategy' if s == human else ''}")

# %% [markdown] papermill={"duration": 0.008192, "end_time": "2026-11-23T13:49:35.190662+00:00", "exception": false, "start_time": "2026-11-23T13:49:35.182470+00:00", "status": "completed"}
# ## In a terminal
#
# `python -m goofspiel play` runs the same game in a terminal: type all your bids at once
# (`1 2 3 4 5 6 7`) or prize by prize; the round is revealed card by card with running scores;
# anything invalid (a card not in your hand, a card twice, garbage, an empty line) is explained
# and asked again; `q` or Ctrl-D ends the game. Its options:

# %% papermill={"duration": 0.931124, "end_time": "2026-11-23T13:49:36.129585+00:00", "exception": false, "start_time": "2026-11-23T13:49:35.198461+00:00", "status": "completed"}
print(subprocess.run([sys.executable, "-m", "goofspiel", "play", "--help"], capture_output=True,
                     text=True, check=True).stdout)

# %% [markdown] papermill={"duration": 0.010244, "end_time": "2026-11-23T13:49:36.146609+00:00", "exception": false, "start_time": "2026-11-23T13:49:36.136365+00:00", "status": "completed"}
# A short session with typed input (a repeated card, then the bids as a list; then prize by
# prize):

# %% papermill={"duration": 0.96655, "end_time": "2026-11-23T13:49:37.125133+00:00", "exception": false, "start_time": "2026-11-23T13:49:36.158583+00:00", "status": "completed"}
session = subprocess.run([sys.executable, "-m", "goofspiel", "play", "--delay", "0",
                          "--seed", "2", "--rounds", "2"],
                         input="3 3\n1 2 3 4 5 6 7\n1\n2\n3\n4 5 6 7\n",
                         capture_output=True, text=True, check=True)
print(session.stdout)

# %% [markdown] papermill={"duration": 0.006746, "end_time": "2026-11-23T13:49:37.141411+00:00", "exception": false, "start_time": "2026-11-23T13:49:37.134665+00:00", "status": "completed"}
# ## Claims

# %% papermill={"duration": 0.040651, "end_time": "2026-11-23T13:49:37.195180+00:00", "exception": false, "start_time": "2026-11-23T13:49:37.154529+00:00", "status": "completed"}
has_copy = {p: any(s == human and "human" in label for label, s in pools[p]) for p in pools}
claims = [
    Claim("published code: the 'copy of the human' in the bots' pool was a random bot",
          "random bot (study spec)",
          f"as_published: copy in pool = {has_copy[True]}; fixed: copy in pool = {has_copy[False]}",
          "reproduced exactly" if has_copy == {True: False, False: True} else "differs",
          "" if has_copy == {True: False, False: True} else "the pool does not match the flag"),
    Claim("the game is playable in a terminal and in the notebook",
          "terminal and notebook play", "python -m goofspiel play; PlayWidget (ipywidgets)"
          if game is not None else "terminal only (ipywidgets missing)",
          "reproduced exactly" if game is not None else "differs",
          "" if game is not None else "ipywidgets is not installed"),
]
record_claims(study="Goofspiel", source="32_goofspiel_play", claims=claims)
pd.DataFrame([c.__dict__ for c in claims])
