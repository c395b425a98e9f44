"""Notebook play: an ipywidgets interface to the elimination game, and its result tables.

``PlayWidget(arena)`` shows one drop-down per prize card, a "play round" button, the last
round revealed prize by prize as a table, and the history of rounds. Everything it does is
reachable from code (set ``widget.bids[i].value``, call ``widget.button.click()``), so a
notebook can demonstrate a round headless. Bids are shown as the drop-downs take them: the card
on each prize, prizes in increasing order. Outside a running kernel (a saved notebook, the book)
its plain-text and HTML forms say it is live-notebook only.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import pandas as pd

from goofspiel.bots.arena import Arena, RoundResult, reveal
from goofspiel.bots.arena import format_points as fmt
from goofspiel.game import Strategy
from studykit.checks import is_whole, shown

LIVE_ONLY = "Live notebook only: run this notebook in JupyterLab to play"
CSS = ("<style>.gameai-table{border-collapse:collapse;font-size:13px;margin:4px 0}"
       ".gameai-table th,.gameai-table td{padding:2px 8px;text-align:right;"
       "border-bottom:1px solid #ddd}.gameai-table thead th{border-bottom:2px solid #888}"
       ".gameai-table tbody tr:nth-child(odd){background:#f6f6f6}</style>")


def live_only(bundle) -> dict:
    """A widget's mime bundle with the live-notebook-only note as its plain text and its HTML
    (a frontend drawing the widget shows the widget; any other shows the note)."""
    data = dict(bundle[0] if isinstance(bundle, tuple) else bundle or {})
    data["text/plain"] = LIVE_ONLY
    data["text/html"] = f'<p class="gameai-live-only">{LIVE_ONLY}.</p>'
    return data


def table_html(table: pd.DataFrame) -> str:
    """A table as compact styled HTML (class ``gameai-table``), its index's name, if any, in
    the header row's corner instead of a header row of its own."""
    if not isinstance(table, pd.DataFrame):
        raise TypeError(f"table must be a pandas DataFrame, got {type(table).__name__}")
    corner = table.index.name or table.columns.name
    table = table.rename_axis(index=None, columns=corner)
    return CSS + table.to_html(classes="gameai-table", border=0, escape=True)


def bid_list(strategy: Strategy) -> str:
    """The card bid on each prize, prizes in increasing order, as the drop-downs show them."""
    return " ".join(map(str, strategy.bids))


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
    return pd.DataFrame(rows).set_index("prize").rename_axis(index=None, columns="prize")


def history_table(history: list[RoundResult]) -> pd.DataFrame:
    """One row per round: everyone's bids (the card on each prize, prizes in increasing order,
    as in the drop-downs) and points, and who went out; the corner of the header reads "round"."""
    if isinstance(history, (str, bytes)) or not isinstance(history, Sequence) or not all(
            isinstance(r, RoundResult) for r in history):
        raise TypeError(f"history must be a list of RoundResult, got {shown(history)}")
    rows = []
    for r in history:
        names = _names(r)
        deck = r.strategies[0].deck
        row = {"round": r.number}
        for n, s, p in zip(names, r.strategies, r.points):
            row[f"{n}: bids on prizes {deck[0]}-{deck[-1]}"] = bid_list(s)
            row[f"{n}: points"] = fmt(p)
        row["eliminated"] = names[r.eliminated] + (" (coin toss)" if r.tie_break else "")
        rows.append(row)
    if not rows:
        return pd.DataFrame()
    return pd.DataFrame(rows).set_index("round").rename_axis(index=None, columns="round")


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
                           + table_html(reveal_table(result)))
        self.past.value = ("<h4>All rounds</h4><p>Bids as in the drop-downs: the card on each "
                           "prize, smallest prize first.</p>"
                           + table_html(history_table(self.arena.history)))
        return result

    def _repr_mimebundle_(self, **kwargs):
        return live_only(self.box._repr_mimebundle_(**kwargs))
