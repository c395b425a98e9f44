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
# # Cat and mouse, a fuller version 2: small policies for any board
#
# Version 2 of the article (W. Brett Kennedy, *Using Optimization to Solve Adversarial Problems*,
# 2025; notebook 21) learns only the close range, a 729-entry 3 x 3 window; far apart the cat
# takes a hand-written greedy step. The article's next steps: **learn the far-apart policy too,
# from general features** (mouse above/below/same row, left/right/same column, closer vertically
# or horizontally, in a corner, on an edge, near an edge, parity of the distances to the edges);
# **the rotation-based alternative** (one corner sub-policy and one edge sub-policy, rotated to
# fit); and **training the mouse as well**.
#
# Both policy families here start from the article's naive tables (every entry "up", the window
# from its "first direction that stays on the board") and are hill-climbed on small boards
# (`CAT_TRAIN_BOARDS`, by default 5 x 5, 6 x 7 and 7 x 7), scored exactly: the expected capture
# time against the random and the smart mouse from every position (policy evaluation of the
# Markov chain), relative to the optimal cat. Then they are measured, exactly again, on big
# boards (`TEST_BOARDS`: the article's 15 x 15, and 30 x 35, the size at which the article says a
# full table, over a million entries, is no longer practical) against the optimum.
#
# <!-- runtime -->*Run time:* 118 s at full settings, 9 s in quick mode (measured in one `make reproduce`, 2 cores).<!-- /runtime -->

# %% tags=["parameters"]
CAT_ITERATIONS = 6_000     # hill-climbing iterations per cat policy
MOUSE_ITERATIONS = 3_000   # hill-climbing iterations for the mouse policy
SEED = 0
CAT_TRAIN_BOARDS = ((5, 5), (6, 7), (7, 7))            # the cat is scored on these
MOUSE_TRAIN_BOARDS = ((5, 5), (6, 7), (7, 7), (7, 4))  # the mouse is scored on these
MICE = ("random", "smart")  # stochastic mice the cat trains against and is measured against
TEST_BOARDS = ((15, 15), (30, 35))
MAX_SWEEPS = 5_000         # value-iteration sweeps before a slow policy gets a lower bound
N_JOBS = 2                 # worker processes: the two cat policies climb side by side

# %%
from studykit import shrink

# quick mode (GAMEAI_QUICK set): a smoke run, not the experiment; constants set by papermill are kept
shrink(globals(), CAT_ITERATIONS=150, MOUSE_ITERATIONS=40, TEST_BOARDS=((9, 9),), MAX_SWEEPS=300,
       N_JOBS=1)

# %%
from catmouse.settings import notebook_settings

globals().update(notebook_settings(24, globals()))   # every constant checked, each error naming it

# %%
import time

import matplotlib.pyplot as plt
import numpy as np
from joblib import Parallel, delayed

import catmouse
from catmouse import (
    FeaturePolicy,
    RotationPolicy,
    measure_cat,
    measure_cells,
    mouse_survival,
    train_cat_policy,
    train_mouse_policy,
    winnable_first_move,
)
from studykit import (
    Item,
    beyond_claim,
    check_claim,
    compare_setting,
    record_claims,
    record_inventory,
    save_figure,
)

# the article names two boards: 15 x 15 (where its version 2 is run) and 30 x 35 (too big for a table)
SETTING = compare_setting({"TEST_BOARDS": TEST_BOARDS}, {"TEST_BOARDS": ((15, 15), (30, 35))})
CAT_CONFIGS = [(r, c, mouse) for r, c in CAT_TRAIN_BOARDS for mouse in MICE]
largest = max(max(b) for b in CAT_TRAIN_BOARDS + MOUSE_TRAIN_BOARDS)
print("setting:", SETTING.describe())

# %% [markdown]
# ## Two policy families
#
# * **Features**: the article's 729-entry window close up; far apart a table over the features
#   the article lists (3 x 3 x 3 x 2 x 2 x 2 x 2 x 2 = 864 entries).
# * **Rotation**: three small sub-policies written for one orientation each: a corner (mouse
#   within one cell of two walls, corner turned to the bottom left), an edge (within one cell of
#   one wall, turned to the bottom, mirrored so the cat is to the left) and the open board
#   (mirrored and transposed so the mouse is up and to the right, more to the right than up).
#   The corner and edge tables are indexed by the offset between the players (gaps beyond 4 read
#   as 3 or 4, keeping their parity, which decides whether a capture is possible at all) and the
#   mouse's distance to the wall(s); the open-board table by the smaller gap and the difference
#   of the gaps (beyond 2 read as 1 or 2, same parity). A move off the board becomes the opposite
#   direction; the training score adds a tiny penalty for such moves, so that an entry learnt
#   against a wall still makes sense where the same entry is read in the open.

# %%
for policy in (FeaturePolicy(), RotationPolicy()):
    print(f"{type(policy).__name__}: {len(policy.params)} entries, tables {policy.SIZES}")
for r, c in TEST_BOARDS:
    print(f"a full version-1 table on {r}x{c} would have {(r * c) ** 2:,} entries")
print("training boards:", ", ".join(f"{r}x{c}" for r, c in CAT_TRAIN_BOARDS), f"({', '.join(MICE)} mice)")

# %% [markdown]
# ## Training the cat on small boards

# %%
start = time.perf_counter()
starts = {"features": FeaturePolicy(), "rotation": RotationPolicy()}
climbs = Parallel(n_jobs=N_JOBS)(delayed(train_cat_policy)(policy, CAT_CONFIGS, iterations=CAT_ITERATIONS,
                                                           seed=SEED) for policy in starts.values())
trained = {name: climb.best for name, climb in zip(starts, climbs)}
curves = {name: climb.history for name, climb in zip(starts, climbs)}
for name, curve in curves.items():
    print(f"{name}: score {curve[0]:.3f} -> {curve[-1]:.4f}")
print(f"both climbs ({CAT_ITERATIONS:,} iterations each) in {time.perf_counter() - start:.0f} s "
      f"on {N_JOBS} worker(s)")
fig, ax = plt.subplots(figsize=(8, 3.8))
for name, hist in curves.items():
    ax.plot(hist, label=name)
ax.axhline(1, color="k", ls="--", label="optimal cat")
ax.set_yscale("log")
ax.set_xlabel("hill-climbing iteration")
ax.set_ylabel("expected capture time / optimum\n(all positions, training boards)")
ax.set_title("Learning both ranges from the article's naive start")
ax.legend()
plt.show()

# %% [markdown]
# ## Measured on big boards
#
# The mice never step onto the cat, so the cat can only catch one when the distance is odd at its
# turn (notebook 22): on 15 x 15 the mouse moves first (as in the article), on 30 x 35 the cat
# does. For reference, the greedy rule everywhere, and the article's own trained window policy
# with greedy far apart (notebook 21).
#
# Every number is exact: the optimum by value iteration over all (cat cell, mouse cell) pairs,
# a policy by solving its Markov chain (`catmouse.exact.chain`: the positions of a fixed cat as a
# sparse matrix with four entries per row, graph searches for the positions from which the
# capture is certain, then sparse value sweeps), about a million positions on 30 x 35, in
# seconds. A policy whose sweeps had not converged would be marked "at least".

# %%
article = catmouse.train_local(mode="article")
references = {"greedy rule": None, "article's window + greedy": article.table}
rows_, claims = [], []
for (r, c) in TEST_BOARDS:
    first = winnable_first_move(r, c)
    for mouse in MICE:
        start = time.perf_counter()
        row = {"board": f"{r}x{c}", "first": first, "mouse": mouse}
        for name, policy in trained.items():
            m = measure_cat(policy, r, c, mouse, first, max_sweeps=MAX_SWEEPS)
            row["optimum"], row[name], row[name + " exact"] = m.optimal, m.excess, m.converged
        for name, table in references.items():
            m = measure_cells(catmouse.policy_cells(r, c, table), r, c, mouse, first, max_sweeps=MAX_SWEEPS)
            row[name], row[name + " exact"] = m.excess, m.converged
        rows_.append(row)
        print(f"{r}x{c} ({first} first) vs the {mouse} mouse: optimum {row['optimum']:.3f} cat moves; "
              + ", ".join(f"{k} {100 * row[k]:+.2f}%{'' if row[k + ' exact'] else ' (at least)'}"
                          for k in (*trained, *references))
              + f"  [{time.perf_counter() - start:.0f} s]")

# %%
names = [*trained, *references]
fig, ax = plt.subplots(figsize=(9, 3.8))
width = 0.8 / len(names)
for i, name in enumerate(names):
    ax.bar(np.arange(len(rows_)) + i * width, [100 * row[name] for row in rows_], width, label=name)
ax.axhline(1, color="k", ls="--", lw=1, label="1% above the optimum")
ax.set_xticks(np.arange(len(rows_)) + 0.4 - width / 2,
              [f"{row['board']}\n{row['mouse']} mouse" for row in rows_])
ax.set_ylabel("expected capture time\nabove the optimum (%)")
ax.set_title(f"Policies trained on boards up to {largest}x{largest}, measured exactly on big boards")
ax.legend(fontsize=8)
fig.tight_layout()
save_figure(fig, "catmouse_v2_general")
plt.show()

# %% [markdown]
# ## Training the mouse as well
#
# The rotation family can move the mouse: the same canonical frames, indexed by the cat's offset
# from the mouse. It is hill-climbed from the article's "up" start on small boards, scored on its
# survival against a **best-responding** cat (exact retrograde analysis of the mouse's fixed
# table): half from the corner start, where the best any mouse can do is `R + C - 3` cat moves,
# half averaged over every position the optimal cat wins, relative to the optimal mouse there.
# The start alone is a poor guide (one number per board, which a one-entry change rarely moves:
# a climb on it stalls at two thirds of the optimum); the average over all positions rewards
# every repaired weakness.

# %%
start = time.perf_counter()
mouse_climb = train_mouse_policy(RotationPolicy("mouse"), MOUSE_TRAIN_BOARDS,
                                 iterations=MOUSE_ITERATIONS, seed=SEED, progress=True)
mouse_policy, mouse_curve = mouse_climb.best, mouse_climb.history
print(f"mouse: score {mouse_curve[0]:.3f} -> {mouse_curve[-1]:.3f} (1 = optimal) in {time.perf_counter() - start:.0f} s")
fig, ax = plt.subplots(figsize=(8, 3))
ax.plot(mouse_curve, color="tab:brown")
ax.axhline(1, color="k", ls="--", label="optimal mouse")
ax.set_xlabel("hill-climbing iteration")
ax.set_ylabel("survival / optimum\n(training boards)")
ax.set_title("The rotation mouse against a best-responding cat")
ax.legend()
plt.show()
mouse_rows = []
for r, c in dict.fromkeys((*MOUSE_TRAIN_BOARDS, *TEST_BOARDS)):
    first = winnable_first_move(r, c)
    before = mouse_survival(RotationPolicy("mouse"), r, c, first)
    after = mouse_survival(mouse_policy, r, c, first)
    mouse_rows.append((r, c, first, before, after, r + c - 3))
    print(f"{r}x{c} ({first} first): a best-responding cat needs {before:g} moves against the initial mouse, "
          f"{after:g} against the trained one (optimum {r + c - 3})")

# %% [markdown]
# **What we see.** Learned from the article's naive start on boards of at most 7 x 7, both small
# policies chase on 15 x 15 and 30 x 35 (up to 1,050 cells, 22 times the largest training
# board) within a fraction of a percent of the optimal expected capture time against each mouse
# (the lines above; the dashed line of the plot marks 1%, the goal we set ourselves). The greedy rule,
# which the article wrote by hand for the far range, is itself within a hair of the optimum; the
# article's own trained window (notebook 21) costs a few percent against the smart mouse,
# because it was scored on 1,000 sampled games of one board.
#
# The mouse, trained against the worst case (a cat that knows its table), learns to survive as
# long as any mouse can on the boards it trained on; the last lines say whether that carries over
# to the big boards.
#
# ## Claims and inventory
#
# The article proposes these policies without printing results for them, so the rows are goals of
# ours (within 1% of the optimum; as long as the optimal mouse), checked exactly, plus one
# statement of the article, that small policies learnt on small boards apply to any board size:
# tested on the article's own policy (its trained window, greedy far apart) the way the article
# shows it, by catching the mouse on bigger boards within its own limit of (R + C) * 2 rounds,
# with our 1% goal as the other reading beside it; our fuller policies are held to that 1% goal.

# %%
from catmouse.claimrows import applies_row

trained_on = ", ".join(f"{r}x{c}" for r, c in CAT_TRAIN_BOARDS)
for row in rows_:
    for name in trained:
        exact = row[name + " exact"]
        claims.append(beyond_claim(
            f"Fuller version 2 ({name} policy, trained on {trained_on}) on {row['board']} vs the "
            f"{row['mouse']} mouse: within 1% of the optimal expected capture time",
            "excess <= 1.00% over the optimum",
            f"{100 * row[name]:+.2f}%{'' if exact else ' (at least)'} (optimum {row['optimum']:.3f})",
            row[name] <= 0.01 and exact,
            test="exact expected capture time from the corner start (Markov chain) against value iteration",
            reason="more than 1% above the optimum" if exact else "value sweeps did not converge"))
excess = [row[name] for row in rows_ for name in trained]
ARTICLE_POLICY = "article's window + greedy"
test_boards = ", ".join(dict.fromkeys(row["board"] for row in rows_))
board_of = {f"{r}x{c}": (r, c) for r, c in TEST_BOARDS}
claims.append(applies_row([(*board_of[row["board"]], row["mouse"], row["optimum"], row[ARTICLE_POLICY],
                            row[ARTICLE_POLICY + " exact"]) for row in rows_], setting=SETTING))
claims.append(beyond_claim(
    "Our fuller small policies (features, rotation), learnt on small boards, apply to any board size",
    "every trained policy within 1% of the optimum on every test board",
    f"worst excess over the optimum on {test_boards}: {100 * max(excess):+.2f}%; on the training "
    "boards the climb ended at "
    + ", ".join(f"{name} {100 * (curves[name][-1] - 1):+.2f}%" for name in curves),
    max(excess) <= 0.01 and all(row[name + " exact"] for row in rows_ for name in trained),
    test="every trained policy within 1% of the optimal expected capture time on every test board "
         "(exact: Markov chain against value iteration)",
    reason="a trained policy is more than 1% above the optimum on a big board"))
for r, c, first, before, after, best in mouse_rows:
    claims.append(beyond_claim(
        f"Trained mouse policy on {r}x{c} ({first} first) survives a best-responding cat as long as "
        "the optimal mouse", f"{best} cat moves (R + C - 3)", f"{after:g} cat moves (untrained: {before:g})",
        after == best, test="exact retrograde analysis of the best-responding cat",
        reason="caught earlier than the optimum"))
claims = record_claims("Cat and mouse", "24_catmouse_v2_general", claims, setting=SETTING)

# %%
items = [
    Item("Proposal: learn the far-apart sub-policy too, from general features (above/below/same row, "
         "left/right/same column, closer vertically or horizontally, corner, edge, near an edge, "
         "parity of the distances to the edges)", "proposal", section="Two policy families"),
    Item("Proposal: one corner sub-policy and one edge sub-policy, rotated to fit each corner and edge",
         "proposal", section="Two policy families"),
    Item("Proposal: train the mouse as well", "proposal", section="Training the mouse as well"),
    Item("Proposal: a full solution also needs a far-apart sub-policy, better discovered by the "
         "optimisation than hard-coded", "proposal", section="Measured on big boards"),
    Item("Number: a 30 x 35 board needs a table of 30 x 35 x 30 x 35, over a million parameters",
         "number", section="Two policy families"),
    Item("Statement: choosing the features by assuming the best policy can preclude a truly optimal one",
         "statement", reason="a modelling caution; on this game the hand-written greedy far rule is "
                             "itself optimal (notebook 22), so it is not put to the test here"),
]
items = record_inventory("Cat and mouse", "24_catmouse_v2_general", items)
