"""How good a set of pure strategies is, on one table: how far each is from the equilibrium
under both payoffs, how it fares against the margin equilibrium's mixture, and its score on the
article's fitness target (the identity)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import islice

import numpy as np
import pandas as pd

from goofspiel.equilibria.bestreply import exploitability
from goofspiel.equilibria.mixture import Mixture, margin_matrix
from goofspiel.evolution.ga import identity_score
from goofspiel.game import Strategy, whole_numbers
from studykit.checks import shown

MAX_ENTRIES = 100_000
COLUMNS = ("strategy", "margin exploitability", "win/loss exploitability", "margin vs equilibrium",
           "win/loss vs equilibrium", "article fitness")


def strategy_row(label: str, ranks: Sequence[int], deck: Sequence[int],
                 mixture: Mixture) -> dict:
    """One strategy's measures: its best replies' gains (point margin and win/loss), its
    expected margin and win/loss payoff against ``mixture``, and its article fitness."""
    if not isinstance(mixture, Mixture):
        raise TypeError(f"mixture must be a Mixture (e.g. an equilibrium's .mixture), got "
                        f"{type(mixture).__name__}")
    if not isinstance(label, str):
        raise TypeError(f"label must be text, got {shown(label)}")
    s = Strategy(tuple(whole_numbers(deck, "deck")), tuple(whole_numbers(ranks, "ranks")))
    if s.deck != mixture.deck:
        raise ValueError(f"deck {s.deck} must be the mixture's deck {mixture.deck}")
    vs = margin_matrix(np.array([s.ranks]), mixture.ranks, s.deck)[0]
    return {"strategy": label, "margin exploitability": exploitability(s, "margin"),
            "win/loss exploitability": exploitability(s, "winloss"),
            "margin vs equilibrium": float(vs @ mixture.probs),
            "win/loss vs equilibrium": float(np.sign(vs) @ mixture.probs),
            "article fitness": float(identity_score(np.array(s.ranks), np.array(s.deck)))}


def strategy_table(entries: Iterable[tuple[str, Sequence[int]]], deck: Sequence[int],
                   mixture: Mixture) -> pd.DataFrame:
    """``strategy_row`` of every (label, ranks) in ``entries``, one row each, in order."""
    if isinstance(entries, (str, bytes)) or not isinstance(entries, Iterable):
        raise TypeError(f"entries must be (label, ranks) pairs, got {shown(entries)}")
    pairs = list(islice(entries, MAX_ENTRIES + 1))
    if len(pairs) > MAX_ENTRIES:
        raise ValueError(f"entries must hold at most {MAX_ENTRIES:,} strategies (each needs an "
                         "exact win/loss best reply)")
    if not all(isinstance(e, (tuple, list)) and len(e) == 2 for e in pairs):
        raise ValueError("entries must hold (label, ranks) pairs")
    rows = [strategy_row(label, ranks, deck, mixture) for label, ranks in pairs]
    if not rows:
        raise ValueError("entries must hold at least one (label, ranks) pair")
    return pd.DataFrame(rows)


def summarise_by_label(table: pd.DataFrame) -> pd.DataFrame:
    """Per label (in order of appearance): how many strategies, the mean, min and max of each
    measure but the win/loss exploitability, and that exploitability's minimum."""
    if not isinstance(table, pd.DataFrame) or not set(COLUMNS) <= set(table.columns):
        raise ValueError(f"table must be a strategy_table (columns {', '.join(COLUMNS)}), got "
                         f"{shown(table)}")
    return table.groupby("strategy", sort=False).agg(
        strategies=("margin exploitability", "size"),
        **{f"{c} ({f})": (c, f) for c in ("margin exploitability", "margin vs equilibrium",
                                          "win/loss vs equilibrium", "article fitness")
           for f in ("mean", "min", "max")},
        **{"win/loss exploitability (min)": ("win/loss exploitability", "min")})
