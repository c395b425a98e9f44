"""The notebook's ipywidgets board plays a whole game headless (clicks simulated), and the
reachable-state count and board drawing work on any board size."""

import matplotlib

matplotlib.use("Agg")

import pytest

from mix.board import O, X
from mix.draw import draw_board, play_widget, reachable_states

pytest.importorskip("ipywidgets")


def test_widget_plays_a_whole_game_by_clicks():
    box = play_widget("onestep", human=X, rows=5, cols=6, seed=1)
    b = box.board
    assert b.moves == 0 and box.status.value == "Your move: click a column."
    box.buttons[2].click()
    assert b.moves == 2 and b.cell(0, 2) == X                # ours, then the program's reply
    clicks = 1
    while not b.is_over():
        col = next(c for c in range(6) if b.heights[c] < 5)
        before = b.moves
        box.buttons[col].click()
        assert b.moves in (before + 1, before + 2)
        clicks += 1
    assert box.status.value in ("You win!", "The program wins.", "Draw.")
    moves = b.moves
    box.buttons[0].click()                                     # the game is over: refused
    assert b.moves == moves and box.status.value == "Column 0 is not playable now."
    assert clicks <= 15


def test_widget_as_o_program_opens_and_full_column_is_refused():
    box = play_widget("random", human=O, rows=4, cols=4, seed=0)
    b = box.board
    assert b.moves == 1 and b.turn == O
    while b.heights[0] < 4 and not b.is_over():
        box.buttons[0].click()
    if not b.is_over():
        n = b.moves
        box.buttons[0].click()
        assert b.moves == n and box.status.value == "Column 0 is not playable now."


def test_reachable_states_and_drawing():
    strict = reachable_states("bits-strict", ("random", "random"), 30, seed=0, rows=6, cols=7)
    loose = reachable_states("bits-loose", ("random", "random"), 30, seed=0, rows=6, cols=7)
    assert 0 in strict and all(0 <= s < 128 for s in strict | loose)
    assert {s & 1 for s in strict} == {0, 1} and len(strict) > 5     # both sides to move
    for s in loose:  # loose: a chess slot is also a potential chess
        assert not s >> 3 & 1 or s >> 5 & 1
        assert not s >> 4 & 1 or s >> 6 & 1
    ax = draw_board(play_widget("random", rows=4, cols=5).board)
    assert len(ax.patches) == 20 and ax.get_xlabel() == "column"


def test_first_seen_matches_reachable_states():
    from mix.draw import first_seen
    seen = first_seen(["bits-strict", "counts"], ("onestep", "random"), 25, seed=4, rows=6, cols=7)
    assert set(seen["bits-strict"]) == reachable_states("bits-strict", ("onestep", "random"), 25,
                                                        seed=4, rows=6, cols=7)
    assert seen["bits-strict"][0] == 0 and max(seen["counts"].values()) < 25
    # the counting features refine the strict bits: coarsening them gives the same states
    def coarse(s):
        op, xp, oc, xc = s % 3, s // 3 % 3, s // 9 % 3, s // 27 % 3
        om, xm, turn = s // 81 % 2, s // 162 % 2, s // 324
        return (turn | xm << 1 | om << 2 | (xc > 0) << 3 | (oc > 0) << 4 | (xp > 0) << 5
                | (op > 0) << 6)
    assert {coarse(s) for s in seen["counts"]} == set(seen["bits-strict"])
