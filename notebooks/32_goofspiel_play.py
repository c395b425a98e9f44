# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
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
#
# <!-- runtime -->*Run time:* 10 s at full settings, 11 s in quick mode (measured in one `make reproduce`, 2 cores).<!-- /runtime -->

# %% tags=["parameters"]
CARDS = 7
BOTS = 1
SEED = 0
DEMO_ROUNDS = 4
AUTHOR_ROUNDS = 10

# %%
from studykit import shrink

_ = shrink(globals(), DEMO_ROUNDS=2, AUTHOR_ROUNDS=3)    # GAMEAI_QUICK: a smoke run

# %%
from goofspiel.settings import play_settings

# every constant against the library's limits and the arena's own checks (goofspiel.settings)
globals().update(play_settings(CARDS=CARDS, BOTS=BOTS, SEED=SEED, DEMO_ROUNDS=DEMO_ROUNDS,
                               AUTHOR_ROUNDS=AUTHOR_ROUNDS))

# %%
import re
import subprocess
import sys

import matplotlib.pyplot as plt
import pandas as pd

from goofspiel import (
    Arena,
    ArenaConfig,
    PlayWidget,
    Strategy,
    animate_game,
    award,
    history_table,
    identity,
    play,
    reveal,
    reveal_table,
    scripted_human,
)
from studykit import (
    Item,
    beyond_claim,
    compare_setting,
    exact_claim,
    record_claims,
    record_inventory,
    save_figure,
    show_animation,
)

DECK = tuple(range(1, CARDS + 1))
SETTING = compare_setting({"CARDS": CARDS, "BOTS": BOTS}, {"CARDS": 7, "BOTS": 1})
print("setting:", SETTING.describe())

# %% [markdown]
# ## The rules, by the article's examples
#
# Two players, Alice and Chen, prizes {2, 3, 4}. Alice bids 3 on the 2, 2 on the 3 and 4 on the
# 4; Chen bids 2, 4 and 3. Alice's strategy, written as prizes by increasing bid, is `3 < 2 < 4`.
# Then a three-player tie: on the prize 4, Alice bids 2 while Benjamin and Chen bid 3 each.

# %%
alice = Strategy.from_bids((3, 2, 4), (2, 3, 4))
chen = Strategy.from_bids((2, 4, 3), (2, 3, 4))
two_player = play([alice, chen])
tie = award(4, [2, 3, 3])
print(f"Alice {alice} scores {two_player[0]}, Chen {chen} scores {two_player[1]}")
print("prize 4, bids Alice 2, Benjamin 3, Chen 3: points", [str(p) for p in tie])

# %% [markdown]
# ## Play here
#
# Choose one card per prize in the drop-downs (each card once) and press **play round**. The
# last round is shown prize by prize with running scores, and every round so far below it.
# Run the cell again for a new game (change `SEED` for other bots).

# %%
try:
    game = PlayWidget(Arena(ArenaConfig(deck=DECK, bots=BOTS), seed=SEED))
except ImportError:                 # ipywidgets missing: the rest of the notebook still runs
    game = None
    print("ipywidgets is not installed: play in a terminal with python -m goofspiel play")
game

# %% [markdown]
# ## A few rounds played for you
#
# The same widget driven from code (this is how the notebook runs headless): the identity
# bids `1 2 ... n` (card p on prize p) every round, until it is eliminated or `DEMO_ROUNDS`
# rounds have passed.

# %%
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

# %% [markdown]
# The last round, prize by prize (in the random order the prizes were turned over):

# %%
last = demo_arena.history[-1]
reveal_table(last)

# %%
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

# %% [markdown]
# ## A game under the author's settings
#
# The article ends with a game the author played against the published program (2 players,
# 7 cards, the settings above) and its screenshots, round by round. In our words: in round 1
# the bot fought for the 6, so the author gave the 6 up to chase other prizes; in round 2 the
# bot again bid high on the 6, as foreseen, and the author kept the strategy; in round 3 that
# went much worse (a tie, survived by luck), so the author fought for the 6 again and gave up
# the 3 and the 4; in round 4 high bids on the expensive prizes paid off, barely, and the bots
# were getting harder to beat; in round 5 the author chased the 4 again and, seeing both
# players spend their top card on the 7 every round and split it, bid only 1 on the 7; in
# round 6 the bot had also given up the 7 but kept a 2 on it, which took the 7 and the round:
# the author was out.
#
# We cannot replay a person, so a scripted stand-in plays the same published program
# (`as_published=True`): it starts with the identity and then plays the best counter to the bot
# it has just seen (the *adaptive* script of notebook 33), for at most `AUTHOR_ROUNDS` rounds.
# The table lists both strategies each round and the bot's bid on the top prize.

# %%
author_arena = Arena(ArenaConfig(deck=DECK, bots=BOTS, as_published=True), seed=SEED)
stand_in = scripted_human("adaptive", DECK)
while not author_arena.over and len(author_arena.history) < AUTHOR_ROUNDS:
    author_arena.play_round(stand_in(author_arena))
author_rounds = pd.DataFrame([{
    "round": r.number, "stand-in": str(r.strategies[0]), "bot 1": str(r.strategies[1]),
    "points (stand-in : bots)": " : ".join(f"{float(p):g}" for p in r.points),
    f"bot 1's bid on the {DECK[-1]}": r.strategies[1].bids[-1],
    "tie for lowest": r.tie_break, "out": names_[r.eliminated]}
    for r in author_arena.history
    for names_ in [["stand-in"] + [f"bot {k}" for k in range(1, len(r.strategies))]]]
).set_index("round")
author_rounds

# %% [markdown]
# At the default constants the stand-in lasts three rounds, the author six. Some of the author's
# story shows up: round 2 ends in a tie for lowest (14 : 14), settled by a coin toss as in the
# author's round 3, and the bot's bid on the 7 falls from 5 to 1 and then 2; in round 3 the bot
# takes the round 17.5 to 10.5 and the stand-in, which countered the previous bot, is out. One
# scripted game is an illustration, not a measurement: notebook 33 plays thousands.
#
# Card by card, the same game (the animation is also `docs/gifs/goofspiel_game.gif`):

# %%
anim = animate_game(author_arena.history,
                    ["stand-in"] + [f"bot {k}" for k in range(1, BOTS + 1)], interval=600)
show_animation(anim, gif="goofspiel_game", fps=2, publish=SETTING.is_article)

# %% [markdown]
# ## What the hidden GA starts from
#
# After a round the human survives, `Arena.last_pool` holds the pool the new bot was bred from.
# With the fixed behaviour it contains your strategy; as published, a random bot stands in its
# place.

# %%
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

# %% [markdown]
# ## In a terminal
#
# `python -m goofspiel play` runs the same game in a terminal: type all your bids at once
# (`1 2 3 4 5 6 7`) or prize by prize; the round is revealed card by card with running scores;
# anything invalid (a card not in your hand, a card twice, garbage, an empty line) is explained
# and the prompt repeats; `q` or Ctrl-D ends the game. Its options:

# %%
print(subprocess.run([sys.executable, "-m", "goofspiel", "play", "--help"], capture_output=True,
                     text=True, check=True).stdout)

# %% [markdown]
# A short session with typed input (a repeated card, then the bids as a list; then prize by
# prize):

# %%
session = subprocess.run([sys.executable, "-m", "goofspiel", "play", "--delay", "0",
                          "--seed", "2", "--rounds", "2"],
                         input="3 3\n1 2 3 4 5 6 7\n1\n2\n3\n4 5 6 7\n",
                         capture_output=True, text=True, check=True)
print(session.stdout)

# %% [markdown]
# ## Claims

# %%
# That the published code's pool holds a random bot in the copy's place, and ours the copy, is
# what the pools printed above show; tests/test_goofspiel_arena.py checks it over many seeds
# (test_as_published_puts_a_random_bot_instead_of_the_copy), so it is no claim row.
claims = [
    exact_claim("two players, prizes {2, 3, 4}: Alice's and Chen's points", "6 and 3",
                f"{two_player[0]} and {two_player[1]}"),
    exact_claim("three players, prize 4, bids 2 / 3 / 3: Alice, Benjamin, Chen", "0, 2, 2",
                ", ".join(str(p) for p in tie)),
    exact_claim("Alice's bids (3 on the 2, 2 on the 3, 4 on the 4) as a preference list",
                "3 < 2 < 4", str(alice).replace("<", " < ")),
    beyond_claim("the game is playable in a terminal and in the notebook", "terminal and notebook play",
                 "python -m goofspiel play; PlayWidget (ipywidgets)" if game is not None
                 else "terminal only (ipywidgets missing)", game is not None,
                 test="both front ends run above", reason="ipywidgets is not installed"),
]
_ = record_claims("Goofspiel", "32_goofspiel_play", claims, setting=SETTING)

# %%
S_GAME = "A game under the author's settings"
ONE_GAME = ("an observation of one game whose bids were shown only in screenshots (lost): no bids "
            "or seed to replay")
items = [
    Item("rule example: Alice and Chen on {2, 3, 4}, 6 points to 3", "example",
         section="The rules, by the article's examples"),
    Item("rule example: three players, a tie on the 4 splits it 2 and 2", "example",
         section="The rules, by the article's examples"),
    Item("bids fixed before the game; ties split the prize", "statement",
         section="The rules, by the article's examples"),
    Item("the game: human and bots commit bids, the round is revealed, the lowest is out (ties at "
         "random), a beaten bot is replaced by an improved one", "experiment", section="Play here"),
    Item("between rounds the bots evolve in hidden generations, seeded with a copy of the human's "
         "last preferences", "statement", section="What the hidden GA starts from"),
    Item("the final settings: breeding-pairs, mutation 0.2, 3 generations, population 4, 2 survivors, "
         "two random bots per evolution", "statement", section=S_GAME),
    Item("the author's game against the program: six rounds of screenshots and commentary", "figure",
         section=S_GAME),
    # the author's observations in that game, one statement each (the screenshots are lost; a
    # person cannot be replayed: the stand-in above illustrates, notebook 33 measures)
    Item("round 1: the bot fought for the 6, so giving the 6 up frees bids to chase the other prizes",
         "statement", reason=ONE_GAME),
    Item("round 2: the author foresaw the bot's high bid on the 6 again; the strategies had not "
         "changed too radically, as wanted", "statement", reason=ONE_GAME),
    Item("round 2: that strategy seemed to work, so the author kept it", "statement",
         reason=ONE_GAME),
    Item("round 3: a tie for lowest, only luck kept the author in", "statement", section=S_GAME),
    Item("round 3: the 6 was being won too cheaply, so fight for it again; give up the 3 and 4, "
         "which cost too much", "statement", reason=ONE_GAME),
    Item("round 4: high bids on the expensive prizes paid off, but barely", "statement",
         reason=ONE_GAME),
    Item("round 4: each new bot kept some traits of the previous generation, as wanted", "statement",
         section="What the hidden GA starts from"),
    Item("round 4: the author hoped the bot would overbid on the 3 and 4, but it seemed to foresee "
         "the change (perhaps its 3 hidden generations)", "statement",
         reason=ONE_GAME + "; as published the bots never saw the author's strategy (a random bot "
                "stood in for the copy), so they cannot have learned it from him"),
    Item("round 5: both players bid high on the 7 every round, the bot higher and higher, tying for "
         "half its points; so the author bid 1 on it", "statement", reason=ONE_GAME),
    Item("round 6: the bot also mostly gave up the 7 but kept a 2 on it, enough to take the 7 and "
         "the round", "statement", section=S_GAME),
    Item("the computer must have reached the same conclusion: any mutation or random strategy that "
         "gave up the 7 would have an advantage", "statement", reason=ONE_GAME),
    Item("why it bid 2 is unknown: a surviving gene, luck, or a strategy like the author's met in "
         "its evolution", "statement", reason=ONE_GAME),
    Item("the loss was a surprise: the computer outwitted the author", "statement",
         reason="a personal impression of one game"),
    Item("20-player goofspiel needs very different strategies than 2 or 4 players", "statement",
         reason="a remark explaining the small population; other numbers of players are tried in "
                "notebook 33"),
    Item("it was fun; anticipating the breeding strategy is part of the game", "statement",
         reason="a personal impression, not a measurable claim"),
]
_ = record_inventory("Goofspiel", "32_goofspiel_play", items)
