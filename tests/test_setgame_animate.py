"""One game as frames and as an animation; table sizes other than 12."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest

from setgame import (
    LINES,
    animate_game,
    check_table_size,
    count_sets,
    draw_card,
    draw_table,
    full_deck,
    game_frames,
    simulate_games,
)


@pytest.fixture(scope="module")
def games():
    return simulate_games(5, seed=3, keep_tables=True)


def test_frames_list_every_set_and_the_one_taken(games):
    frames = game_frames(games, 2)
    rows = np.flatnonzero(games.game == 2)
    assert len(frames) == len(rows)
    for f, row in zip(frames, rows):
        assert len(f.sets) == games.n_sets[row] == count_sets(f.codes[None])[0]
        assert f.turn == games.turn[row] and f.deck_left == games.deck_left[row]
        for triple in f.sets:
            assert any((LINES == f.codes[list(triple)]).all(axis=1))
        if f.taken is not None:
            assert tuple(sorted(f.taken)) in f.sets
        else:
            assert games.n_sets[row] == 0
    assert frames[-1].taken is None and frames[-1].deck_left == 0


def test_animation_has_one_frame_per_turn(games):
    frames = game_frames(games, 0)
    anim = animate_game(frames[:4])
    assert len(list(anim.new_frame_seq())) == 4
    anim.to_jshtml()
    plt.close("all")


def test_drawings_make_their_own_axes_or_use_the_given_ones():
    card = draw_card([1, 2, 0, 2])                       # a figure of its own, framed on the card
    assert card.get_xlim() == pytest.approx((-0.2, 1.1)) and len(card.patches) == 1 + 3
    _, ax = plt.subplots()
    assert draw_card([0, 0, 0, 0], 2.0, 0.0, ax=ax) is ax and ax.get_xlim() == (0.0, 1.0)
    table = draw_table(full_deck()[:6], [(0, 1, 2)], title="six cards")
    assert table.get_title() == "six cards" and len(table.patches) == 6 + sum(
        n + 1 for n in full_deck()[:6, 3]) + 3             # cards, symbols, three outlines
    assert draw_table(full_deck()[:3], ax=ax) is ax
    plt.close("all")


def test_bad_input_is_refused(games):
    with pytest.raises(ValueError, match="keep_tables"):
        game_frames(simulate_games(1, seed=0), 0)
    with pytest.raises(ValueError, match="game 99"):
        game_frames(games, 99)
    with pytest.raises(ValueError, match="frames"):
        animate_game([])
    with pytest.raises(ValueError, match="frames"):              # frames as plain dicts
        animate_game([{"codes": f.codes, "sets": f.sets, "taken": f.taken, "turn": f.turn,
                       "deck_left": f.deck_left} for f in game_frames(games, 0)])


@pytest.mark.parametrize("bad", [0, 2, 10, 24, 12.0, True, "12"])
def test_table_size_is_checked(bad):
    with pytest.raises(ValueError, match="table_size"):
        check_table_size(bad)
    with pytest.raises(ValueError, match="table_size"):
        simulate_games(1, table_size=bad)


@pytest.mark.parametrize("size", [3, 9, 15, 21])
def test_other_table_sizes_deal_and_refill_to_that_size(size):
    g = simulate_games(40, seed=size, table_size=size, keep_tables=True)
    starts = g.turn == 0
    assert (g.table_size[starts] == size).all() and (g.deck_left[starts] == 81 - size).all()
    np.testing.assert_array_equal(g.table_size, g.tables.sum(axis=1))
    assert (g.table_size % 3 == 0).all()
    finals = np.flatnonzero(g.final)
    assert len(finals) == 40 and (g.n_sets[finals] == 0).all()


def test_default_table_size_is_the_twelve_card_game():
    a, b = simulate_games(200, seed=1), simulate_games(200, seed=1, table_size=12)
    np.testing.assert_array_equal(a.n_sets, b.n_sets)
