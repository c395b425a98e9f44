"""Reading a ladder's rows: a pairing's row, its seats as text, the test "significantly better
than half in each seat" and why it fails, checked by hand and against the plain versions the
notebooks used to define; and the machine-load text printed beside timings."""

import re

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mix.play.ladder import better_in_both_seats, ladder, pairing_row, seats_not_better, seats_text
from studykit import machine_load
from studykit.stats import wilson


def ladder_row(wins_x: int, wins_o: int, games: int = 200) -> pd.Series:
    """A row shaped like a ladder's, from win counts out of ``games`` per seat."""
    row = {}
    for seat, wins in (("X", wins_x), ("O", wins_o)):
        lo, hi = wilson(wins, games)
        row |= {f"win_as_{seat}": wins / games, f"lo_{seat}": lo, f"hi_{seat}": hi}
    return pd.Series(row)


def changed(row: pd.Series, **values) -> pd.Series:
    """A copy of ``row`` with some values replaced."""
    out = row.copy()
    for k, v in values.items():
        out[k] = v
    return out


# the plain versions notebooks 40 and 41 defined before the helpers moved into mix.play.ladder
def plain_seats(r):
    return (f"X {r.win_as_X:.3f} [{r.lo_X:.3f}, {r.hi_X:.3f}], "
            f"O {r.win_as_O:.3f} [{r.lo_O:.3f}, {r.hi_O:.3f}]")


def plain_better(r):
    return bool(min(r.lo_X, r.lo_O) > 0.5)


def plain_unclear(r):
    return ", ".join(f"as {s} {r[f'win_as_{s}']:.3f} [{r[f'lo_{s}']:.3f}, {r[f'hi_{s}']:.3f}]"
                     for s in ("X", "O") if r[f"lo_{s}"] <= 0.5)


def test_seats_and_the_test_by_hand():
    row = pd.Series({"win_as_X": 0.605, "lo_X": 0.536, "hi_X": 0.67,
                     "win_as_O": 0.5, "lo_O": 0.431, "hi_O": 0.569})
    assert seats_text(row) == "X 0.605 [0.536, 0.670], O 0.500 [0.431, 0.569]"
    assert not better_in_both_seats(row)
    assert seats_not_better(row) == "as O 0.500 [0.431, 0.569]"
    assert not better_in_both_seats(changed(row, lo_O=0.5))  # a bound of one half is not above
    assert seats_not_better(changed(row, lo_X=0.2)) == ("as X 0.605 [0.200, 0.670], "
                                                        "as O 0.500 [0.431, 0.569]")
    above = changed(row, lo_O=0.501)
    assert better_in_both_seats(above) is True and seats_not_better(above) == ""
    as_dict = dict(above)                                 # any mapping with the columns will do
    assert seats_text(as_dict) == seats_text(above) and better_in_both_seats(as_dict)


@given(st.integers(0, 200), st.integers(0, 200), st.sampled_from([2, 50, 200]))
def test_helpers_agree_with_the_notebooks_plain_versions(wins_x, wins_o, games):
    row = ladder_row(min(wins_x, games), min(wins_o, games), games)
    assert seats_text(row) == plain_seats(row)
    assert better_in_both_seats(row) == plain_better(row)
    assert seats_not_better(row) == plain_unclear(row)
    assert (seats_not_better(row) == "") == better_in_both_seats(row)


def test_pairing_row_reads_a_ladder_played_with_pairs():
    lad = ladder({("onestep", "random"): ("onestep", "random"),
                  ("random", "onestep"): ("random", "onestep")}, 2, seed=1, chunks=1,
                 rows=4, cols=5)
    r = pairing_row(lad, "onestep", "random")
    assert r is not None and r.player == "onestep" and r.opponent == "random"
    assert r.equals(lad.loc["onestep | random"])
    assert seats_text(r) == plain_seats(r)
    assert pairing_row(lad, "random", "random") is None  # not played


@pytest.mark.parametrize("bad", [{"win_as_X": 0.5}, pd.Series({"lo_X": 0.1}), None, 3,
                                 {"win_as_X": "a", "lo_X": 0, "hi_X": 0, "win_as_O": 0,
                                  "lo_O": 0, "hi_O": 0}])
def test_rows_without_the_seat_columns_are_refused(bad):
    for helper in (seats_text, better_in_both_seats, seats_not_better):
        with pytest.raises(ValueError, match="row must be a row of a ladder"):
            helper(bad)


def test_pairing_row_wants_a_ladder_table():
    with pytest.raises(TypeError, match="table must be a ladder"):
        pairing_row({"onestep | random": 1}, "onestep", "random")
    with pytest.raises(TypeError, match="player and opponent must be texts"):
        pairing_row(pd.DataFrame(), ("onestep",), "random")


def test_machine_load_text():
    assert re.fullmatch(r"load average \d+\.\d on \d+ cores", machine_load())
