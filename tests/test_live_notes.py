"""Outputs that need JavaScript or a kernel say so in the output itself (issue 45, point 4), and
goofspiel's tables read as its drop-downs do (issue 45, item 7).

The inline animation carries a note its own script removes: Chromium with JavaScript disabled
(as an untrusted notebook, whose scripts are stripped) shows the note, with JavaScript the note
is gone and the player draws its first frame. The game widgets' plain text and HTML say they
need a running notebook; goofspiel's history lists each player's bids prize by prize.
"""

from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest
from matplotlib.animation import FuncAnimation

from goofspiel import Arena, ArenaConfig, Strategy
from goofspiel.bots.arena import RoundResult
from goofspiel.bots.widget import history_table, reveal_table, table_html
from studykit.animation import NEEDS_SCRIPT, show_animation

NOTE = ".anim-needs-script"


def player_html() -> str:
    fig, ax = plt.subplots(figsize=(2, 2), dpi=40)
    line, = ax.plot([0, 1], [0, 1])
    anim = FuncAnimation(fig, lambda i: line.set_ydata([0, i]) or [line], frames=3)
    shown = show_animation(anim, fps=2)
    assert repr(shown) == NEEDS_SCRIPT and "trusted notebook" in repr(shown)
    return shown._repr_html_()


@pytest.fixture(scope="module")
def page_html():
    return f"<!doctype html><html><body>{player_html()}</body></html>"


def test_animation_note_precedes_the_player_and_its_script_removes_it(page_html):
    note_at, player_at = page_html.index('class="anim-needs-script"'), page_html.index("<img")
    assert note_at < player_at
    note_id = page_html[note_at:].split('id="', 1)[1].split('"', 1)[0]
    assert page_html.rstrip().endswith(f'document.getElementById("{note_id}").remove();'
                                       "</script></body></html>")
    assert "File &gt; Trust Notebook" in page_html and "<code>make lab</code>" in page_html


@pytest.mark.parametrize("scripts", [False, True])
def test_animation_note_shows_only_without_javascript(browser, page_html, scripts):
    context = browser.new_context(java_script_enabled=scripts)
    try:
        page = context.new_page()
        page.set_content(page_html)
        note = page.locator(NOTE)
        if scripts:
            assert note.count() == 0
            width = page.evaluate("() => document.querySelector('.animation img').naturalWidth")
            assert width == 80                      # the first frame drawn: 2 in at 40 dpi
        else:
            assert note.is_visible()
            assert "needs a trusted notebook" in note.inner_text()
            assert "make lab" in note.inner_text()
    finally:
        context.close()


def test_goofspiel_widget_says_live_notebook_only():
    pytest.importorskip("ipywidgets")
    from goofspiel.bots.widget import PlayWidget

    bundle = PlayWidget(Arena(ArenaConfig(bots=2), seed=1))._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].startswith("Live notebook only: run this notebook in JupyterLab")
    assert "Live notebook only" in bundle["text/html"]


def test_mix_widget_says_live_notebook_only():
    pytest.importorskip("ipywidgets")
    from IPython.core.interactiveshell import InteractiveShell

    from mix.draw import play_widget

    data, _ = InteractiveShell.instance().display_formatter.format(
        play_widget("random", rows=6, cols=7))
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"].startswith("Live notebook only: run this notebook in JupyterLab")
    assert "Live notebook only" in data["text/html"]


def one_round(bids: list[int]) -> RoundResult:
    deck = range(1, len(bids) + 1)
    you, bot = Strategy.from_bids(bids, deck), Strategy.from_bids(list(deck), deck)
    return RoundResult(1, (you, bot), (Fraction(15), Fraction(13)), 1, False, tuple(range(7)))


def test_history_lists_bids_prize_by_prize_as_the_drop_downs():
    table = history_table([one_round([7, 1, 2, 3, 4, 5, 6])])
    assert table.loc[1, "you: bids on prizes 1-7"] == "7 1 2 3 4 5 6"   # prize 1 gets card 7
    assert table.loc[1, "bot 1: bids on prizes 1-7"] == "1 2 3 4 5 6 7"
    assert "<" not in table.to_string()


@pytest.mark.parametrize("make", [lambda r: history_table([r]), lambda r: reveal_table(r)])
def test_tables_have_one_header_row(make):
    table = make(one_round([7, 1, 2, 3, 4, 5, 6]))
    for html in (table.to_html(), table_html(table)):
        head = html.split("<thead>", 1)[1].split("</thead>", 1)[0]
        assert head.count("<tr") == 1, head
        corner = head.split("<th", 2)[1]
        assert ">round<" in corner or ">prize<" in corner
    styled = table_html(table)
    assert 'class="dataframe gameai-table"' in styled and ".gameai-table" in styled
    assert 'border="1"' not in styled
