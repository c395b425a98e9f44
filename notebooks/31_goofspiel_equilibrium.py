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
# # Goofspiel: the exact equilibrium (ground truth beyond the article)
#
# Two-player fixed-bid goofspiel is a symmetric zero-sum matrix game over the `n!` bid
# permutations. The article observes rock-paper-scissors cycles (with prizes {2, 3, 4},
# `2<3<4` is beaten by `4<2<3`, beaten by `3<4<2`, beaten by `2<3<4`) and that high bids on
# high prizes do well against random play. Here we solve the game exactly by linear programming
# (scipy `linprog`, HiGHS) for the point margin and for win/loss, and check the study's facts:
# value 0; against a uniformly random opponent the identity is the unique best strategy with
# expected margin `(n^2-1)/6`; its best counter wins by `n(n-3)/2`; the 7-card win/loss
# equilibrium is unique and mixes 143 of the 5,040 permutations; the {2,3,4} game's equilibrium.

# %% tags=["parameters"]
N = 7
SMALL_NS = [3, 4, 5, 6, 7]
CYCLE_DECK = (2, 3, 4)
GA_TRIALS = 20

# %%
import os

if os.environ.get("GAMEAI_QUICK"):
    N, SMALL_NS, GA_TRIALS = 5, [3, 4, 5], 4

# %%
import time

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from goofspiel import (
    Strategy,
    best_counter,
    best_response,
    equilibrium,
    evolve,
    exploitability,
    identity,
    margin,
    mixed_vector,
    payoff_matrix,
)
from goofspiel.equilibrium import all_ranks
from studykit import Claim, exact_claim, record_claims, save_figure

# %% [markdown]
# ## The {2, 3, 4} cycle

# %%
a, b, c = (Strategy.from_preferences(p, CYCLE_DECK) for p in [(2, 3, 4), (4, 2, 3), (3, 4, 2)])
print(f"{b} beats {a} by {margin(b, a)}, {c} beats {b} by {margin(c, b)}, {a} beats {c} by {margin(a, c)}")
cycle_eq = {p: equilibrium(CYCLE_DECK, p) for p in ("margin", "winloss")}
for p, e in cycle_eq.items():
    print(p, "equilibrium:", {str(Strategy.from_bids(k, CYCLE_DECK)): round(v, 4) for k, v in e.strategy.items()})
cycle_mix = mixed_vector({s.bids: 1 / 3 for s in (a, b, c)}, CYCLE_DECK)
cycle_gain = {p: exploitability(cycle_mix, payoff_matrix(CYCLE_DECK, p)) for p in ("margin", "winloss")}
print("best counter's gain against the uniform mix of the cycle:", cycle_gain)

# %% [markdown]
# The cycle is real, but the uniform mix of its three strategies is **not** an equilibrium: a
# counter gains against it. The LP's equilibrium (for both payoffs) mixes `2<3<4`, `3<2<4` and
# `4<2<3` with 1/3 each: two of the cycle's members and one outsider.
#
# ## Value 0, the identity against random play, and its best counter

# %%
rows, margin_eq = [], {}
for n in SMALL_NS:
    am = payoff_matrix(n, "margin")
    ranks = all_ranks(n)
    vs_random = am.mean(axis=1)                               # expected margin vs uniform random
    top = np.flatnonzero(vs_random == vs_random.max())
    ident = int(np.flatnonzero((ranks == np.arange(n)).all(axis=1))[0])
    x_id = np.zeros(len(ranks))
    x_id[ident] = 1.0
    counter_idx, counter_gain = best_response(x_id, am)
    start = time.perf_counter()
    eq_m = margin_eq[n] = equilibrium(n, "margin", matrix=am)
    t_m = time.perf_counter() - start
    rows.append({"n": n, "identity vs random": vs_random[ident], "(n^2-1)/6": (n * n - 1) / 6,
                 "unique best vs random": len(top) == 1 and top[0] == ident,
                 "best counter gain": counter_gain, "n(n-3)/2": n * (n - 3) / 2,
                 "assignment counter gain": best_counter(identity(range(1, n + 1)))[1],
                 "margin value": round(eq_m.value, 9), "margin support": len(eq_m.strategy),
                 "margin LP s": round(t_m, 1)})
facts = pd.DataFrame(rows)
facts

# %%
counter, gain = best_counter(identity(range(1, N + 1)))
print(f"best counter to the identity on {N} cards: bids {counter.bids} ({counter}), wins by {gain}")

# %% [markdown]
# The counter bids one card higher than the identity on every prize, and its lowest card on the
# top prize: it concedes the top prize and wins every other one.
#
# ## The win/loss equilibrium

# %%
awl = payoff_matrix(N, "winloss")
start = time.perf_counter()
eq = equilibrium(N, "winloss", matrix=awl)
wl_seconds = time.perf_counter() - start
wl_gain = exploitability(eq.probs, awl)
print(f"{N} cards, win/loss: value {eq.value:.2e}, support {len(eq.strategy)} of {len(eq.probs)}, "
      f"best response gains {wl_gain:.1e}, LP {wl_seconds:.0f} s")
am = payoff_matrix(N, "margin")
eq_margin = margin_eq[N] if N in margin_eq else equilibrium(N, "margin", matrix=am)

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 4.5))
for ax, e, title in zip(axes, (eq, eq_margin), ("win/loss", "point margin")):
    im = ax.imshow(e.bid_marginals(), cmap="viridis", origin="lower", vmin=0, vmax=1)
    ax.set(title=f"{N}-card equilibrium ({title}): P(bid | prize)", xlabel="bid card",
           ylabel="prize card", xticks=range(N), xticklabels=range(1, N + 1),
           yticks=range(N), yticklabels=range(1, N + 1))
fig.colorbar(im, ax=axes, shrink=0.8, label="probability")
save_figure(fig, "goofspiel_equilibrium")
plt.show()

# %% [markdown]
# The equilibrium bids high on high prizes *on average*, but every prize gets a spread of bids:
# predictable strategies are exactly what the best counter punishes.
#
# ## Measuring the GA's bots
#
# Bots bred by the GA on the identity target (breeding-pairs, working mutation on children)
# converge towards the identity. How exploitable are they, and how do they fare against the
# equilibrium?

# %%
ranks = all_ranks(N)
bots = [Strategy(tuple(range(1, N + 1)), evolve("pairs", mutation=0.1, mutate="children", initial=5,
                                                generations=20, population=12, survivors=5,
                                                deck=range(1, N + 1), seed=s).best_ranks)
        for s in range(GA_TRIALS)]
measure = pd.DataFrame([{
    "bot": str(bot),
    "margin exploitability": exploitability(mixed_vector(bot, N), am),
    "win/loss exploitability": exploitability(mixed_vector(bot, N), awl),
    "margin vs equilibrium": float(mixed_vector(bot, N) @ am @ eq_margin.probs),
    "win/loss vs equilibrium": float(mixed_vector(bot, N) @ awl @ eq.probs)} for bot in bots])
measure.describe().loc[["mean", "min", "max"]].round(3)

# %% [markdown]
# Every bot loses to its best counter by a wide margin and loses on average against the
# equilibrium: the identity target breeds exactly the predictable strategy an opponent exploits.
#
# ## Claims

# %%
claims = [
    exact_claim("game value, margin and win/loss, all n solved", 0.0,
                float(max(abs(facts["margin value"]).max(), abs(eq.value))), tolerance=1e-9, fmt="{:.1e}"),
    exact_claim("identity vs uniform random: expected margin (n^2-1)/6, unique best",
                "all n", "all n" if ((facts["identity vs random"] - facts["(n^2-1)/6"]).abs().max() < 1e-9
                                     and facts["unique best vs random"].all()) else "fails"),
    exact_claim("identity's best counter wins by n(n-3)/2", "all n",
                "all n" if ((facts["best counter gain"] == facts["n(n-3)/2"]).all()
                            and (facts["assignment counter gain"] == facts["n(n-3)/2"]).all()) else "fails"),
    exact_claim("{2,3,4}: 2<3<4 beaten by 4<2<3, beaten by 3<4<2, beaten by 2<3<4", "cycle",
                "cycle" if min(margin(b, a), margin(c, b), margin(a, c)) > 0 else "no cycle"),
    exact_claim("{2,3,4}: the equilibrium mixes the cycle's three strategies, 1/3 each",
                "2<3<4, 4<2<3, 3<4<2",
                ", ".join(str(Strategy.from_bids(k, CYCLE_DECK)) for k in cycle_eq["margin"].strategy),
                reason=f"the cycle's uniform mix is beaten by {cycle_gain['margin']:.2f} points; "
                       "the LP's equilibrium swaps 3<4<2 for 3<2<4"),
]
if N == 7:
    claims.append(exact_claim("7 cards, win/loss: equilibrium support size", 143, len(eq.strategy)))
    claims.append(exact_claim("7 cards, win/loss: best response gain against the equilibrium",
                              0.0, wl_gain, tolerance=1e-9, fmt="{:.1e}"))
else:
    claims.append(Claim("7 cards, win/loss: equilibrium support size", "143",
                        f"not run (quick mode, n = {N}: support {len(eq.strategy)})", "differs",
                        "quick mode solves a smaller deck"))
record_claims(study="Goofspiel", source="31_goofspiel_equilibrium", claims=claims)
pd.DataFrame([c.__dict__ for c in claims])
