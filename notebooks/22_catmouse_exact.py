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
# # Cat and mouse, solved exactly
#
# The article (W. Brett Kennedy, *Using Optimization to Solve Adversarial Problems*, 2025) treats
# the cat-and-mouse game as a black box for hill climbing. The game is small enough to solve
# outright: a position is (cat cell, mouse cell, side to move), fewer than 2 x 400^2 positions on
# a 20 x 20 board, and retrograde analysis (Bellman sweeps from "not yet caught") gives the
# number of cat moves to capture under optimal play from every position. This notebook checks
# the article's statements against that ground truth:
#
# * the article's rule: *"the cat cannot win only when both sides are even and the cat moves
#   first"*;
# * the length of the optimal chase;
# * the greedy rule (its STRONG initial cat);
# * version 2's stochastic mice: the best possible expected capture time on 5 x 5.
#
# <!-- runtime -->*Run time:* 46 s at full settings, 9 s in quick mode (measured in one `make reproduce`, 2 cores).<!-- /runtime -->

# %% tags=["parameters"]
MAX_SIDE = 10              # boards from 2x2 to MAX_SIDE x MAX_SIDE (2 to 14)
BIG_BOARD = 20             # timing of the solver on BIG_BOARD x BIG_BOARD (2 to 30)
CLIMB_ITERATIONS = 1_500   # hill climbing one cat's table on boards with walls
TEAM_ITERATIONS = 400      # hill climbing a two-cat table
SPEEDS = ((2, 1), (1, 2))  # (cat speed, mouse speed) pairs: steps per turn, 1 to 3
SEED = 0

# %%
from studykit import shrink

shrink(globals(), BIG_BOARD=12, CLIMB_ITERATIONS=60, TEAM_ITERATIONS=8)  # quick mode: a smoke run

# %%
from catmouse.settings import notebook_settings

globals().update(notebook_settings(22, globals()))   # every constant checked, each error naming it

# %%
import itertools
import time

import matplotlib.pyplot as plt
import numpy as np

import catmouse
from catmouse import (
    Board,
    capture_census,
    draw_board,
    hill_climb_team,
    optimum_and_greedy,
    parse_board,
    plot_capture_heatmap,
    random_board,
    random_cat_capture,
    speed_census,
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

SETTING = compare_setting({"MAX_SIDE": MAX_SIDE, "BIG_BOARD": BIG_BOARD, "SPEEDS": SPEEDS},
                          {"MAX_SIDE": 10, "BIG_BOARD": 20, "SPEEDS": ((2, 1), (1, 2))},
                          label="default")   # the article fixes none of these
print("setting:", SETTING.describe())

# %% [markdown]
# ## Who wins, and in how many moves
#
# `optimal_capture(rows, cols, first_move)` is the number of cat moves (the capturing move
# included) under optimal play from the corners, or `None` when the mouse can evade forever.
# The article notes that complete game trees become infeasible on boards like 8 x 8; retrograde
# analysis builds no tree: it values each position once, so a `BIG_BOARD` x `BIG_BOARD` board is
# solved whole in about a second.

# %%
start = time.perf_counter()
catmouse.solve(BIG_BOARD, BIG_BOARD)
print(f"all positions of the {BIG_BOARD}x{BIG_BOARD} board solved in {time.perf_counter() - start:.2f} s")

sides = range(2, MAX_SIDE + 1)
census = capture_census(sides)          # every (board, first mover), solved exactly
fig, axes = plt.subplots(1, 2, figsize=(13, 5.5))
for ax, first in zip(axes, ("cat", "mouse")):
    plot_capture_heatmap(census.grid(first), list(sides), list(sides),
                         f"{first} moves first: optimal cat moves ('-': mouse evades)", ax=ax)
fig.tight_layout()
save_figure(fig, "catmouse_exact_capture")
plt.show()

# %% [markdown]
# Every cell follows two laws:
#
# * **Parity.** Each half move changes the Manhattan distance by one, so at the cat's turn its
#   parity never changes, and the cat can only step onto the mouse when it is odd (a lone mouse
#   on an open board is never forced to step onto the cat). From the corners the
#   distance is `R + C - 2`, so with the cat first the cat wins iff `R + C` is odd, with the
#   mouse first iff `R + C` is even.
# * **Length.** When the cat can win, it takes exactly `R + C - 3` cat moves.

# %%
n_boards, article_wrong = len(census.cases), census.article_wrong
parity_ok, length_ok = census.parity_ok, census.length_ok
print(f"{n_boards} (board, first mover) cases from 2x2 to {MAX_SIDE}x{MAX_SIDE}")
print("parity rule matches the solver everywhere:", parity_ok)
print("R + C - 3 law holds on every winnable board:", length_ok)
print(f"the article's rule is wrong on {len(article_wrong)} of them, e.g.", article_wrong[:6])

# %% [markdown]
# The article's rule is right for even x even boards, but it also says the cat wins on odd x odd
# boards when it moves first, and on mixed-parity boards when the mouse moves first; in both
# cases the distance at the cat's turn is even and a careful mouse is never caught.
#
# ## The greedy rule is optimal
#
# The article's STRONG initial cat steps along the axis with the larger gap, ties vertical. In
# every position the cat can win, that step attains the optimal capture time:

# %%
greedy_ok = all(catmouse.greedy_is_optimal(r, c) for r in sides for c in sides)
print("greedy is optimal in every cat-winnable position of every board:", greedy_ok)

# %% [markdown]
# ## Optimal play against the stochastic mice of version 2
#
# Version 2 trains against a random mouse (uniform among legal cells that are not the cat's) and
# a "smarter" mouse (up to four draws avoiding cells next to the cat, then any legal cell), mouse
# first on 5 x 5. The best possible cat against each is a small Markov decision problem:

# %%
expect = {m: catmouse.expected_capture_from_corner(5, 5, m) for m in ("random", "smart", "strict")}
greedy_expect = {m: catmouse.expected_capture_from_corner(5, 5, m, cat_table=catmouse.policy_cells(5, 5))
                 for m in ("random", "smart", "strict")}
for m, value in expect.items():
    print(f"{m:>6} mouse: optimal cat {value:.3f} moves, greedy cat {greedy_expect[m]:.3f}")

# %% [markdown]
# Against a random mouse the optimal cat needs 5.38 moves on average; against the smart mouse
# 6.49, and the greedy rule 6.52 (0.4% more). The policy version 2 learns (notebook 21, our run
# of the article's training) takes 6.88 moves in exact expectation (6.885 on the 1,000 games it
# was trained on), so it is worse than greedy alone.
#
# ## A cat that moves at random
#
# The article remarks that a randomly moving cat will likely not win, "although interestingly
# can very often with a small enough board". Exactly (pushing the distribution over positions
# forward, no sampling): the probability that a cat stepping uniformly at random catches a
# random mouse (which never steps onto the cat) within version 2's limit of `(R + C) * 2` rounds.
# On square boards with the cat first the answer is 0 whatever the board: the distance is even
# at every cat turn, so a mouse that never steps onto the cat is never caught; with the mouse
# first the random cat does win, very often on the smallest boards.

# %%
random_cat = {(n, first): random_cat_capture(n, n, first) for n in sides for first in ("mouse", "cat")}
random_8x7 = random_cat_capture(8, 7, "cat")
print(f"{'board':>6} {'mouse first':>12} {'cat first':>10}")
for n in sides:
    print(f"{n}x{n:<4} {random_cat[n, 'mouse']:>12.3f} {random_cat[n, 'cat']:>10.3f}")
print(f"8x7, cat first (the article's version 1 board): {random_8x7:.3f}")
fig, ax = plt.subplots(figsize=(7, 3.5))
ax.plot(list(sides), [random_cat[n, "mouse"] for n in sides], "o-", label="mouse first")
ax.plot(list(sides), [random_cat[n, "cat"] for n in sides], "s--", label="cat first")
ax.set_xlabel("board side n (n x n)")
ax.set_ylabel("P(random cat wins)")
ax.set_title("A random cat against a random mouse, at most 4n rounds")
ax.set_ylim(-0.05, 1.05)
ax.legend()
plt.show()

# %% [markdown]
# ## Beyond the article: different speeds
#
# The article also names players that travel at different speeds. Here a player of speed s makes
# s single steps per turn; a cat catches the mouse if any of its steps lands on it, a mouse never
# steps onto the cat (if every walk would, it is caught). `solve_speeds` solves every position
# exactly, the same retrograde way (speeds 1 and 1 give the ordinary game; the tests check it
# against a brute-force search). Cat turns to capture from the corners, cat first:

# %%
speeds_solved = speed_census(sides, SPEEDS)
fig, axes = plt.subplots(1, len(SPEEDS), figsize=(6.5 * len(SPEEDS), 5.5), squeeze=False)
for ax, speeds in zip(axes.flat, SPEEDS):
    grid = speeds_solved.grid(speeds, "cat")
    plot_capture_heatmap(grid, list(sides), list(sides), f"cat speed {speeds[0]}, mouse speed "
                         f"{speeds[1]}, cat first ('-': mouse evades)", ax=ax, label="cat turns")
fig.tight_layout()
plt.show()
for speeds in SPEEDS:
    for first in ("cat", "mouse"):
        print(f"cat speed {speeds[0]}, mouse speed {speeds[1]}, {first} first: the cat wins on "
              f"{speeds_solved.cat_wins(speeds, first)} of {len(sides) ** 2} boards")

# %% [markdown]
# A cat twice as fast breaks the parity law: its two steps leave the distance's parity unchanged
# while the mouse's one step flips it, so every other turn the cat is at an odd distance, and it
# wins everywhere, in about half the moves. A mouse twice as fast escapes on every board big
# enough to run around the cat.
#
# ## Beyond the article: walls and two cats
#
# The article suggests obstacles and several cats. The solver takes both (a cat move moves every
# cat one step; the states grow to cells^(cats + 1), still solved as one vectorised fixed point).
# Walls drawn as text, walls at random (seeded, free cells kept connected) and a second cat change
# the game: a free-standing wall lets a lone mouse run in circles forever; a wall attached to the
# border does not, but it makes the greedy rule useless (the cat walks into the wall); and two
# cats win boards one cat cannot, by pinning the mouse so that every move steps onto a cat.

# %%
COMB = parse_board("""
    . . . . . M
    # # # # . .
    . . . . . .
    . . # # # #
    . . . . . .
    C . . . . .
""")
# the first seed whose 8 random walls leave a board the cat can win (mouse first) but greedy cannot
RANDOM_SEED = next(s for s in range(100)
                   if np.isfinite(optimum_and_greedy(random_board(7, 7, 8, seed=s), "mouse").optimum)
                   and np.isinf(optimum_and_greedy(random_board(7, 7, 8, seed=s), "mouse").greedy))
PILLAR = Board(5, 5, ((2, 2),), ((0, 0), (0, 0)), (4, 4))
cases = {
    "wall from the border, 7x6, cat first": (Board(7, 6, ((2, 0), (2, 1), (2, 2), (2, 3)), ((0, 0),), (5, 6)), "cat"),
    "comb drawn as text, 6x6, mouse first": (COMB, "mouse"),
    f"8 random walls (seed {RANDOM_SEED}), 7x7, mouse first": (random_board(7, 7, 8, seed=RANDOM_SEED), "mouse"),
    "two cats, open 5x5, cat first": (Board(5, 5, (), ((0, 0), (0, 0)), (4, 4)), "cat"),
    "two cats, 5x5 with a pillar, cat first": (PILLAR, "cat"),
    "two cats, 5x5 with a pillar, mouse first": (PILLAR, "mouse"),
}
fig, axes = plt.subplots(1, 4, figsize=(16, 3.6))
for ax, name in zip(axes, [list(cases)[i] for i in (0, 1, 2, 4)]):
    board, _ = cases[name]
    draw_board(board.rows, board.cols, board.cats, board.mouse, board.obstacles, title=name, ax=ax)
fig.tight_layout()
plt.show()

# %% [markdown]
# On each board: the optimum from the start, the greedy rule (every cat greedy; at a wall the
# first free direction) against a best-responding mouse, and a table hill-climbed against that
# exact mouse (`hill_climb_team`): each iteration picks a position, half the time on the line
# the best-responding mouse plays against the current table, tries every other joint move there
# and keeps the best unless the score (moves from the start, then the total capture time over
# all winnable positions) gets worse.

# %%
results = {}
for name, (board, first) in cases.items():
    iterations = TEAM_ITERATIONS if len(board.cats) > 1 else CLIMB_ITERATIONS
    start = time.perf_counter()
    history = hill_climb_team(board, first, iterations=iterations, seed=SEED).history
    start_values = optimum_and_greedy(board, first)
    optimum, greedy_v = start_values.optimum, start_values.greedy
    results[name] = (optimum, greedy_v, history[-1][0], iterations, time.perf_counter() - start, history)
print(f"{'board':<44} {'optimum':>8} {'greedy':>7} {'climbed':>8} {'lost':>5} {'iterations':>11}")
for name, (optimum, greedy_v, climbed, its, secs, _) in results.items():
    print(f"{name:<44} {optimum:>8g} {greedy_v:>7g} {climbed:>8g} {climbed - optimum:>5g} {its:>11,} ({secs:.0f} s)")

# %%
fig, ax = plt.subplots(figsize=(8, 3.8))
for name, (optimum, *_, history) in results.items():
    ax.plot([min(h[0] - optimum, 20) for h in history], label=name)
ax.set_xlabel("hill-climbing iteration")
ax.set_ylabel("moves lost to the optimum\n(20 = the mouse evades)")
ax.set_title("Climbing cat tables against the exact best-responding mouse")
ax.legend(fontsize=7)
plt.show()

# %% [markdown]
# The greedy rule fails on every one of these boards: a mouse that knows it evades forever. Hill
# climbing against the exact mouse repairs a lone cat's table; the two-cat tables are harder,
# because the greedy twins move as one cat and the winning plan (split up, corner the mouse,
# close the trap together) has to be assembled one position at a time. The table above says how
# far each climb got. Two cats also win from the corners where one cat cannot:

# %%
print(f"{'board':>6} {'first':>6} {'one cat':>8} {'two cats':>9}")
for (r, c) in [(4, 4), (5, 5), (6, 6), (5, 6)]:
    for first in ("cat", "mouse"):
        one = catmouse.optimal_capture(r, c, first)
        two = catmouse.optimal_capture(r, c, first, cats=2)
        print(f"{r}x{c:<4} {first:>6} {one!s:>8} {two!s:>9}")

# %% [markdown]
# ## Claims and inventory

# %%
from catmouse.claimrows import alternative

SOLVER = "derived: retrograde solver"
wrong_boards = ", ".join(f"{r}x{c} {f} first" for r, c, f in article_wrong[:3])
smallest = sides[0]
mouse_first = [random_cat[n, "mouse"] for n in sides]
claims = [
    check_claim("When the cat can win", '"If the number of rows or columns is odd, or if the '
                'mouse moves first, ... the cat can capture the mouse"; otherwise (both even, the '
                'cat first) it never can (the chess-board colours)',
                f"wrong on {len(article_wrong)} of {n_boards} (board, first mover) cases from 2x2 "
                f"to {MAX_SIDE}x{MAX_SIDE} (e.g. {wrong_boards}); the cat wins iff the distance "
                "is odd at its turn", not article_wrong,
                test="the rule agrees with the retrograde solver on every case",
                reason="odd x odd boards with the cat first and mixed-parity boards with the mouse "
                       "first are mouse wins: the distance is even at every cat turn"),
    check_claim("The final game of the article's run is as short as optimal play allows",
                f"optimal capture on 8x7, cat first: {catmouse.optimal_capture(8, 7, 'cat')} cat moves",
                "the author's notebook version_1 prints \"The cat wins in 10 moves\" (8x7, cat "
                "first: round 10, so 12 cat moves)",
                catmouse.optimal_capture(8, 7, "cat") == 12,
                test="12 cat moves equal the optimum of the retrograde solver", source=SOLVER,
                reason="the optimum differs from the final game of the author's notebook"),
    check_claim("The cat wins by moving diagonally next to the mouse and following it into a corner",
                '"approach the mouse so that it is diagonally next to it ... until it is forced '
                'into a corner and captured"',
                f"the greedy rule (step along the larger gap) is optimal in every cat-winnable "
                f"position, 2x2..{MAX_SIDE}x{MAX_SIDE}: {greedy_ok}", greedy_ok,
                test="the greedy step attains the solver's optimum in every winnable position",
                reason="see the greedy table"),
    check_claim("Under optimal play the capture takes R + C - 3 cat moves from the corners",
                "R + C - 3 on every cat-winnable board",
                f"holds on every winnable case from 2x2 to {MAX_SIDE}x{MAX_SIDE}: {length_ok}",
                length_ok, source=SOLVER, test="the solver's value equals R + C - 3",
                reason="some winnable board takes another number of moves"),
    check_claim("A random cat can very often win on a small enough board",
                '"moving randomly will not likely result in a win (although interestingly can very '
                'often with a small enough board)"',
                f"P(win) mouse first: {smallest}x{smallest} {mouse_first[0]:.2f}, "
                + ", ".join(f"{n}x{n} {random_cat[n, 'mouse']:.2f}" for n in sides[1:] if n in (4, 6, 8, 10))
                + f"; cat first on square boards 0 (parity); 8x7 cat first {random_8x7:.2f}",
                mouse_first[0] >= 0.5 and all(a > b for a, b in itertools.pairwise(mouse_first)),
                test="exact probability >= 0.5 on the smallest board and falling with its size "
                     "(the mouse first)",
                reason="the random cat does not win often on the smallest board"),
    beyond_claim("Players at different speeds, solved exactly (the article's proposal)",
                 "the exact value of every board for each pair of speeds",
                 "; ".join(f"cat {a}, mouse {b}: the cat wins on "
                           f"{speeds_solved.cat_wins((a, b), 'cat')} (cat first) and "
                           f"{speeds_solved.cat_wins((a, b), 'mouse')} (mouse first) of "
                           f"{len(sides) ** 2} boards" for a, b in SPEEDS),
                 len(speeds_solved.values) == 2 * len(SPEEDS) * len(sides) ** 2,
                 test="retrograde solver (checked against brute-force search in the tests)"),
]
for name, (optimum, greedy_v, climbed, its, _, _) in results.items():
    claims.append(beyond_claim(
        f"{name}: a hill-climbed cat table against a best-responding mouse",
        f"lose no move to the optimum ({optimum:g} cat moves)",
        f"greedy {greedy_v:g}, climbed {climbed:g} cat moves ({climbed - optimum:g} lost, "
        f"{its:,} iterations)", climbed == optimum,
        test="exploitability 0 against a best-responding mouse (retrograde solver)",
        reason="the climb did not reach the optimum within its iterations"))
# the first mover is our reading: the article's sentence sits in its paragraph on boards the cat
# cannot win (both sides even, the cat first), where a random cat never wins:
even_sides = [n for n in sides if n % 2 == 0]
claims[4] = alternative(
    claims[4], choice="the case the sentence is about", chosen="the mouse first (a cat-winnable game)",
    reading="the case of its paragraph: both sides even, the cat first",
    ours="P(win) cat first: " + ", ".join(f"{n}x{n} {random_cat[n, 'cat']:.2f}" for n in even_sides),
    status="consistent within error" if even_sides and random_cat[even_sides[0], "cat"] >= 0.5
    else "differs", test="exact probability >= 0.5 on the smallest such board",
    reason="the distance is even at every cat turn: a mouse that never steps onto the cat is "
           "never caught, on any board of that case")
claims = record_claims("Cat and mouse", "22_catmouse_exact", claims, setting=SETTING)

# %%
WHO = "Who wins, and in how many moves"
items = [
    Item("When can the cat win? The chess-board colours argument: the cat cannot win only when "
         "both sides are even and the cat moves first", "statement", section=WHO),
    Item("With perfect play the winner is known from the board and the first mover", "statement",
         section=WHO),
    Item("On a board the cat cannot win the mouse needs no policy: moving at random, never onto the "
         "cat, it is never caught", "statement", section="A cat that moves at random"),
    Item("Where the mouse cannot win, its optimal play still evades capture as long as possible",
         "statement", section=WHO),
    Item("Complete game trees are infeasible on larger boards such as 8 x 8", "statement",
         section=WHO),
    Item("The cat wins by moving diagonally next to the mouse and following it into a corner",
         "statement", section="The greedy rule is optimal"),
    Item('INITIAL_CAT_POLICY = "STRONG": the cat always moves toward the mouse', "example",
         section="The greedy rule is optimal"),
    Item("A randomly moving cat can very often win on a small enough board", "statement",
         section="A cat that moves at random"),
    Item("Players that travel at different speeds", "proposal",
         section="Beyond the article: different speeds"),
    Item("Obstacles on the board", "proposal", section="Beyond the article: walls and two cats"),
    Item("Several cats", "proposal", section="Beyond the article: walls and two cats"),
    Item("Several mice", "proposal",
         reason="the article does not say whether the cat must catch one mouse or all of them; "
                "not solved here"),
]
items = record_inventory("Cat and mouse", "22_catmouse_exact", items)
