"""How good a set of pure strategies is, on one table: how far each is from the equilibrium
under both payoffs, how it fares against the margin equilibrium's mixture, and its score on the
article's fitness target (the identity)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import pandas as pd

from goofspiel.bestreply import exploitability
from goofspiel.ga import identity_score
from goofspiel.game import Strategy
from goofspiel.mixture import Mixture, margin_matrix


def strategy_row(label: str, ranks: Sequence[int], deck: Sequence[int],
                 mixture: Mixture) -> dict:
    """One strategy's measures: its best replies' gains (point margin and win/loss), its
    expected margin and win/loss payoff against ``mixture``, and its article fitness."""
    s = Strategy(tuple(deck), tuple(int(r) for r in ranks))
    vs = margin_matrix(np.array([s.ranks]), mixture.ranks, s.deck)[0]
    return {"strategy": label, "margin exploitability": exploitability(s, "margin"),
            "win/loss exploitability": exploitability(s, "winloss"),
            "margin vs equilibrium": float(vs @ mixture.probs),
            "win/loss vs equilibrium": float(np.sign(vs) @ mixture.probs),
            "article fitness": float(identity_score(np.array(s.ranks), np.array(s.deck)))}


def strategy_table(entries: Iterable[tuple[str, Sequence[int]]], deck: Sequence[int],
                   mixture: Mixture) -> pd.DataFrame:
    """``strategy_row`` of every (label, ranks) in ``entries``, one row each, in order."""
    rows = [strategy_row(label, ranks, deck, mixture) for label, ranks in entries]
    if not rows:
        raise ValueError("entries must hold at least one (label, ranks) pair")
    return pd.DataFrame(rows)


def summarise_by_label(table: pd.DataFrame) -> pd.DataFrame:
    """Per label (in order of appearance): how many strategies, the mean, min and max of each
    measure but the win/loss exploitability, and that exploitability's minimum."""
    return table.groupby("strategy", sort=False).agg(
        strategies=("margin exploitability", "size"),
        **{f"{c} ({f})": (c, f) for c in ("margin exploitability", "margin vs equilibrium",
                                          "win/loss vs equilibrium", "article fitness")
           for f in ("mean", "min", "max")},
        **{"win/loss exploitability (min)": ("win/loss exploitability", "min")})
