"""The notebook interface: drop-downs and the button drive the same Arena; refused bids say why."""
import pytest

from goofspiel import Arena, ArenaConfig, identity, play
from goofspiel.bots.arena import format_points
from goofspiel.bots.widget import PlayWidget, history_table, reveal_table

pytest.importorskip("ipywidgets")


def test_widget_plays_rounds_and_refuses_repeated_cards():
    ui = PlayWidget(Arena(ArenaConfig(bots=2), seed=3))
    assert ui.strategy() == identity(range(1, 8))          # the drop-downs start on the identity
    assert [d.description for d in ui.bids] == [f"prize {p}:" for p in range(1, 8)]
    assert "each of your cards 1-7 once" in ui.status.value
    ui.bids[0].value = 7
    assert ui.play_round() is None and "card 7 is bid 2 times" in ui.status.value
    assert not ui.arena.history
    ui.bids[0].value = 1
    while not ui.arena.over and len(ui.arena.history) < 6:
        bots = list(ui.arena.bots)
        ui.button.click()
        r = ui.arena.history[-1]
        assert list(r.points) == play([identity(range(1, 8)), *bots])
        assert f"Round {r.number}" in ui.last.value
        scores = ", ".join(f"{n} {format_points(p)}" for n, p in zip(["you", "bot 1", "bot 2"],
                                                                    r.points))
        assert ui.status.value.startswith(f"Round {r.number}: {scores}. <b>")
    assert len(history_table(ui.arena.history)) == len(ui.arena.history)
    table = reveal_table(ui.arena.history[-1])
    assert sorted(table.index) == list(range(1, 8)) and "bot 2 score" in table.columns
    if ui.arena.over:
        assert ui.button.disabled and "eliminated" in ui.status.value
        assert ui.play_round() is None and "Game over" in ui.status.value
