"""Notebook play: an ipywidgets interface to the elimination game, and its result tables.

``PlayWidget(arena)`` shows one drop-down per prize card, a "play round" button, the last
round revealed prize by prize as a table, and the history of rounds. Everything it does is
reachable from code (set ``widget.bids[i].value``, call ``widget.button.click()``), so a
notebook can demonstrate a round headless.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import pandas as pd

from goofspiel.bots.arena import Arena, RoundResult, reveal
from goofspiel.bots.arena import format_points as fmt
from goofspiel.game import Strategy
from studykit.checks import is_whole, shown


def _names(result: RoundResult) -> list[str]:
    return ["you"] + [f"bot {k}" for k in range(1, len(result.strategies))]


def reveal_table(result: RoundResult) -> pd.DataFrame:
    """The round prize by prize in reveal order: every bid, who took it, running scores."""
    steps = reveal(result)                       # refuses anything but a RoundResult
    names = _names(result)
    rows = []
    for step in steps:
        row = {"prize": step.prize}
        row.update({f"{n} bid": b for n, b in zip(names, step.bids)})
        row["taken by"] = " + ".join(names[k] for k in step.winners)
        row.update({f"{n} score": fmt(p) for n, p in zip(names, step.points)})
        rows.append(row)
    return pd.DataFrame(rows).set_index("prize")


def history_table(history: list[RoundResult]) -> pd.DataFrame:
    """One row per round: everyone's preference list and points, and who went out."""
    if isinstance(history, (str, bytes)) or not isinstance(history, Sequence) or not all(
            isinstance(r, RoundResult) for r in history):
        raise TypeError(f"history must be a list of RoundResult, got {shown(history)}")
    rows = []
    for r in history:
        names = _names(r)
        row = {"round": r.number}
        row.update({f"{n}": f"{s} ({fmt(p)})" for n, s, p in zip(names, r.strategies, r.points)})
        row["eliminated"] = names[r.eliminated] + (" (coin toss)" if r.tie_break else "")
        rows.append(row)
    return pd.DataFrame(rows).set_index("round") if rows else pd.DataFrame()


class PlayWidget:
    """The elimination game in a notebook: drop-downs for the bids, a button, two tables."""

    def __init__(self, arena: Arena):
        import ipywidgets as w

        if not isinstance(arena, Arena):
            raise TypeError(f"arena must be a goofspiel.Arena, got {type(arena).__name__}")
        self.arena = arena
        deck = arena.config.deck
        self.bids = [w.Dropdown(options=list(deck), value=p, description=f"prize {p}:",
                                style={"description_width": "58px"},
                                layout=w.Layout(width="128px"))
                     for p in deck]
        self.button = w.Button(description="play round", button_style="primary",
                               tooltip="play these bids against the bots")
        self.status = w.HTML(f"Your bid for each prize, each of your cards {deck[0]}-{deck[-1]} "
                             "once; then <b>play round</b>.")
        self.last = w.HTML()
        self.past = w.HTML()
        self.button.on_click(self.play_round)
        rows = [w.HBox(self.bids[k:k + 5]) for k in range(0, len(self.bids), 5)]
        self.box = w.VBox([*rows, self.button, self.status, self.last, self.past])

    def strategy(self) -> Strategy:
        """The bids chosen in the drop-downs; ValueError names a card used twice."""
        chosen = [d.value for d in self.bids]
        for prize, card in zip(self.arena.config.deck, chosen):
            if not is_whole(card) or card not in self.arena.config.deck:
                raise ValueError(f"prize {prize} has no card chosen (got {shown(card)})")
        for card in chosen:
            if chosen.count(card) > 1:
                raise ValueError(f"card {card} is bid {chosen.count(card)} times: "
                                 "each card is bid once")
        return Strategy.from_bids(chosen, self.arena.config.deck)

    def play_round(self, _button=None) -> RoundResult | None:
        """Play the chosen bids as one round and refresh the tables (None if refused)."""
        if self.arena.over:
            self.status.value = "<b>Game over</b>: you were eliminated. Start a new Arena."
            return None
        try:
            human = self.strategy()
        except ValueError as err:
            self.status.value = f"<b>Not played</b>: {html.escape(str(err))}."
            return None
        result = self.arena.play_round(human)
        who = _names(result)[result.eliminated]
        toss = " (a coin toss broke the tie)" if result.tie_break else ""
        scores = ", ".join(f"{n} {fmt(p)}" for n, p in zip(_names(result), result.points))
        if result.human_out:
            n = self.arena.rounds_survived
            self.status.value = (f"Round {result.number}: {scores}. <b>You are eliminated</b>"
                                 f"{toss} after surviving {n} round{'' if n == 1 else 's'}. "
                                 "Game over.")
            self.button.disabled = True
        else:
            self.status.value = (f"Round {result.number}: {scores}. <b>{who} is out</b>{toss}; "
                                 "a new bot has evolved in its place. Play the next round.")
        self.last.value = (f"<h4>Round {result.number}, prize by prize</h4>"
                           + reveal_table(result).to_html())
        self.past.value = "<h4>All rounds</h4>" + history_table(self.arena.history).to_html()
        return result

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)
