"""How games are lost: hand-made endings, and every zugzwang found in random-ish play checked
by trying each legal move of the loser."""

import random
from collections import Counter

import numpy as np
import pytest

from mix.board import Board
from mix.features import raw_features
from mix.play.weakness import (
    KINDS,
    Losses,
    loss_kind,
    loss_profile,
    play_recorded,
    threat_habit,
    why_lost,
)


def test_missed_chess_and_two_chesses():
    # X: bottom row 0,1,2; O plays 6, 6, 5 and never blocks column 3
    assert loss_kind([0, 6, 1, 6, 2, 5, 3], 6, 7)["kind"] == "missed a chess"
    # X: 1,2,3 with 0 and 4 open = a mate (two chesses); O plays on top, then elsewhere
    info = loss_kind([1, 1, 2, 2, 3, 6, 4], 6, 7)
    assert info == {"kind": "two chesses at once", "loser": "O", "win_row": 0,
                    "winner_potential": 0}
    with pytest.raises(ValueError, match="winning move"):
        loss_kind([0, 1, 0, 1, 2, 3], 6, 7)


def test_block_under_a_potential_chess():
    # X holds (0,0) (0,1) (0,3): a chess at (0,2); and (1,3) (1,4) (1,5): a potential chess at
    # (1,2), directly above it. O must block at (0,2), and X then wins at (1,2).
    moves = [3, 5, 5, 4, 0, 5, 4, 6, 3, 6, 3, 3, 1]
    b = Board(6, 7)
    for c in moves:
        assert not b.play(c)
    f = raw_features(b.stones, b.g)[0]
    assert f["chess"] == b.g.bit(0, 2) and f["potential"] & b.g.bit(1, 2)
    info = loss_kind(moves + [2, 2], 6, 7)
    assert info == {"kind": "block under a potential chess", "loser": "O", "win_row": 1,
                    "winner_potential": 1}
    info = loss_kind(moves + [6, 2], 6, 7)         # not blocking at all is the same kind
    assert info["kind"] == "block under a potential chess" and info["win_row"] == 0


def test_draw_is_none_and_short_game_rejected():
    b, rng, moves = Board(4, 4), random.Random(0), []
    while True:  # find a drawn 4x4 random game
        b, moves = Board(4, 4), []
        while not b.is_over():
            c = rng.choice(b.legal_moves())
            b.play(c)
            moves.append(c)
        if b.winner is None:
            break
    assert loss_kind(moves, 4, 4) is None
    with pytest.raises(ValueError):
        loss_kind([0], 4, 4)


def test_zugzwangs_are_real():
    found = dict.fromkeys(KINDS, 0)
    for i in range(300):
        moves = play_recorded("onestep-safe", "onestep-safe", seed=i, rows=5, cols=6)
        info = loss_kind(moves, 5, 6)
        if info is None:
            continue
        found[info["kind"]] += 1
        if info["kind"] not in ("zugzwang", "under a threat by choice"):
            continue
        b = Board(5, 6)
        for c in moves[:-2]:
            b.play(c)
        winner = 1 - b.turn
        gives = []
        for c in b.legal_moves():  # each legal move: does the winner then have a chess?
            b.play(c)
            gives.append(raw_features(b.stones, b.g)[winner]["chess"] != 0)
            b.undo(c)
        assert all(gives) == (info["kind"] == "zugzwang")
    assert found["zugzwang"] > 0 and found["two chesses at once"] > 0


def test_why_lost_counts_only_the_agents_losses():
    lost = why_lost("random", "onestep", 10, seed=0, rows=6, cols=7)
    kinds, details = lost.kinds, lost.details
    assert sum(kinds.values()) == len(details) >= 15     # onestep beats random nearly always
    assert all(d["kind"] in KINDS and d["moves"] >= 7 for d in details)
    assert lost == why_lost("random", "onestep", 10, seed=0, rows=6, cols=7)  # seeded
    with pytest.raises(ValueError, match="games"):
        why_lost("random", "onestep", 0)


class Eager:
    """Plays directly under one of its own potential chesses whenever it can (the report's
    habit, always), else at random."""

    name = "eager"

    def choose(self, b, rng):
        return under_own_potential(b)[0] if under_own_potential(b) else rng.choice(b.legal_moves())


def under_own_potential(b):
    """The legal columns whose landing slot lies directly under a potential chess of the side
    to move (from the features module, independent of mix.play.weakness)."""
    pot = raw_features(b.stones, b.g)[b.turn]["potential"]
    return [c for c in b.legal_moves() if b.heights[c] + 1 < b.g.rows
            and pot & b.g.bit(b.heights[c] + 1, c)]


def test_threat_habit_counts_against_a_replay():
    habit = threat_habit("onestep", "random", 6, seed=2, rows=6, cols=7)
    made = chances = blocked = own = 0
    for i, s in enumerate(np.random.SeedSequence(2).generate_state(12)):
        me = 0 if i < 6 else 1
        moves = play_recorded(*(("onestep", "random") if me == 0 else ("random", "onestep")),
                              int(s), 6, 7)
        b = Board(6, 7)
        for k, c in enumerate(moves):
            if b.turn == me and k + 1 < len(moves):
                own += 1
                under = under_own_potential(b)
                chances += bool(under)
                made += c in under
                blocked += c in under and moves[k + 1] == c
            b.play(c)
    assert habit == {"moves": own, "chances": chances, "made": made, "blocked": blocked,
                     "games": 12}
    eager = threat_habit(Eager(), "onestep-safe", 20, seed=1, rows=6, cols=7)
    assert eager["made"] == eager["chances"] > 0
    assert 0 < eager["blocked"] <= eager["made"]   # blocked unless the opponent wins instead


def test_loss_profile():
    ends = (("zugzwang", 7), ("two chesses at once", 1), (KINDS[1], 5), ("missed a chess", 0))
    d = [{"kind": k, "loser": "X", "win_row": r, "winner_potential": 0, "moves": 9}
         for k, r in ends]
    lost = Losses(Counter(x["kind"] for x in d), d)
    p = loss_profile({"a": lost, "b": Losses(Counter(), [])}, 5, rows=10)
    a = p.loc["a"]
    assert (a.wins, a.of, a.forced, a.trap, a.upper, a.mean_row) == (4, 10, 0.5, 0.25, 0.5, 4.25)
    assert a.forced_lo < 0.5 < a.forced_hi and a.upper_lo < 0.5 < a.upper_hi
    assert p.loc["b"].wins == 0 and np.isnan(p.loc["b"].mean_row)
    with pytest.raises(ValueError, match="losses"):
        loss_profile({"a": lost}, 1)
    with pytest.raises(TypeError):
        loss_profile({"a": d}, 5)
