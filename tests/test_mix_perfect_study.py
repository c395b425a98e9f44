"""The self-taught player against perfect play on several boards: the same games as one
board at a time, and a table that counts every game once."""

import numpy as np
import pytest

from mix import SelfTaughtAgent, against_perfect, against_perfect_boards, load_weights


@pytest.fixture(scope="module")
def weights():
    return load_weights()


def test_boards_play_the_games_of_one_board_at_a_time(weights):
    boards = [(4, 4), (4, 5)]
    study = against_perfect_boards(weights, 2, boards, games=2, seed=7, n_jobs=1)
    for r, c in boards:
        alone = against_perfect(SelfTaughtAgent(weights, 2), r, c, games=2, seed=7)
        got = study.games.loc[f"{r}x{c}"].reset_index(drop=True)
        assert got.equals(alone)
    counts = study.table[["win", "draw", "loss"]]
    assert counts.sum(axis=1).tolist() == [2] * 4                  # 2 games per board and seat
    assert list(study.table.index) == [("4x4", "O"), ("4x4", "X"), ("4x5", "O"), ("4x5", "X")]
    lost = study.games[study.games.result == "loss"]
    assert np.isnan(study.table["median empty slots left at the first mistake"]).sum() == (
        4 - lost.groupby(["board", "seat"]).ngroups)


def test_two_processes_give_the_same_games(weights):
    one = against_perfect_boards(weights, 2, [(4, 4), (5, 4)], games=1, seed=3, n_jobs=1)
    two = against_perfect_boards(weights, 2, [(4, 4), (5, 4)], games=1, seed=3, n_jobs=2)
    assert one.games.equals(two.games)


@pytest.mark.parametrize("call", [
    lambda w: against_perfect_boards(w, 2, [], games=1),
    lambda w: against_perfect_boards(w, 2, [(4, 4)], games=0),
    lambda w: against_perfect_boards(w, 0, [(4, 4)], games=1),
    lambda w: against_perfect_boards(w[:3], 2, [(4, 4)], games=1),
])
def test_bad_calls_are_refused(weights, call):
    with pytest.raises(ValueError):
        call(weights)
