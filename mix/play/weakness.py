"""Why a game was lost. The report's weakness is being "forced to let a potential chess become
a chess": a zugzwang (every move left lands directly under one of the opponent's potential
chesses) or a chess whose block lands under a potential chess stacked above it."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import numpy as np
import pandas as pd

from mix.board import MAX_SIDE, Board
from mix.checks import check_board, check_games
from mix.features import threat_slots
from mix.play.agentchecks import check_pairing
from mix.play.agents import make_agent
from studykit.checks import items, whole
from studykit.stats import wilson

KINDS = ("zugzwang", "block under a potential chess", "two chesses at once",
         "under a threat by choice", "missed a chess")
FORCED = KINDS[:2]  # the report's "forced to let a potential chess become a chess"


def play_recorded(x_agent, o_agent, seed: int, rows: int = 10, cols: int = 20) -> list[int]:
    """The columns played in one seeded game between two agents (by name or object)."""
    seed, g = check_pairing(x_agent, o_agent, seed, rows, cols)
    agents = (make_agent(x_agent), make_agent(o_agent))
    b, rng, moves = Board(geometry=g), random.Random(seed), []
    while not b.is_over():
        c = agents[b.turn].choose(b, rng)
        b.play(c)
        moves.append(c)
    return moves


def _chesses_and_threats(b: Board, p: int) -> tuple[int, int]:
    g, occ = b.g, b.stones[0] | b.stones[1]
    t = threat_slots(b.stones[p], g.full & ~occ, g)
    return t & ((occ + g.bottom) & g.full), t


def loss_kind(moves: list[int], rows: int = 10, cols: int = 20) -> dict | None:
    """How the loser lost a finished game (None for a draw): looks at the position before
    the loser's last move.

    - 'two chesses at once': the winner already had two or more chess slots (a trap or a mate);
    - 'block under a potential chess': the winner had one chess with one of its potential
      chesses directly above it, so blocking the chess makes the potential chess a chess;
    - 'missed a chess': the winner had one chess, safe to block, and the loser did not block;
    - 'zugzwang': the winner had no chess, and every legal move of the loser landed directly
      under one of the winner's potential chesses (the report's weakness);
    - 'under a threat by choice': the same, but a safe move existed.
    Also returns the row of the winning slot (0 = bottom) and the winner's potential chesses.
    """
    g = check_board(rows, cols)
    rows, cols = g.rows, g.cols
    moves = items(moves, "moves", max_len=rows * cols)
    if len(moves) < 2:
        raise ValueError("a lost game has at least two moves")
    moves = [whole(c, "moves", 0, cols - 1) for c in moves]
    b = Board(geometry=g)
    for c in moves[:-2]:
        b.play(c)
    loser, winner = b.turn, 1 - b.turn
    chess, t = _chesses_and_threats(b, winner)
    potential = t & ~chess
    legal = b.legal_moves()
    b.play(moves[-2])
    if not b.play(moves[-1]):
        if b.is_over():  # a full board: a draw
            return None
        raise ValueError("moves do not end with a winning move or a full board")
    h = b.g.height
    slot_row = b.heights[moves[-1]] - 1
    if chess.bit_count() >= 2:
        kind = "two chesses at once"
    elif chess:
        kind = "block under a potential chess" if t & (chess << 1) else "missed a chess"
    else:
        heights = [0] * cols  # the position before the loser's last move
        for c in moves[:-2]:
            heights[c] += 1
        unsafe = [c for c in legal if heights[c] + 1 < rows
                  and t >> (c * h + heights[c] + 1) & 1]
        kind = "zugzwang" if len(unsafe) == len(legal) else "under a threat by choice"
    return {"kind": kind, "loser": "XO"[loser], "win_row": slot_row,
            "winner_potential": potential.bit_count()}


@dataclass(frozen=True)
class Losses:
    """How an agent lost: ``kinds`` counts its losses by kind (``KINDS``), ``details`` has one
    record per loss (``loss_kind``'s, with the game's length in ``moves``), a row of a table."""

    kinds: Counter
    details: list[dict]


def why_lost(agent, opponent, games: int, seed: int = 0, rows: int = 10,
             cols: int = 20) -> Losses:
    """``agent`` against ``opponent``, ``games`` games in each seat: how ``agent``'s losses
    happened (a Counter of kinds) and the details of every loss."""
    games = check_games(games)
    seed, g = check_pairing(agent, opponent, seed, rows, cols)
    rows, cols = g.rows, g.cols
    seeds = np.random.SeedSequence(seed).generate_state(2 * games)
    out = []
    for i, s in enumerate(seeds):
        as_x = i < games
        moves = play_recorded(*((agent, opponent) if as_x else (opponent, agent)), int(s),
                              rows, cols)
        info = loss_kind(moves, rows, cols)
        if info is not None and info["loser"] == ("X" if as_x else "O"):
            out.append(info | {"moves": len(moves)})
    return Losses(Counter(d["kind"] for d in out), out)


def loss_profile(losses: dict, games: int, rows: int = 10) -> pd.DataFrame:
    """One row per opponent of ``{opponent: Losses}`` (each from ``why_lost`` with ``games``
    games per seat): its ``wins`` of the ``2 * games`` games, the share of those wins of each
    kind in ``FORCED`` together (``forced``) and by two chesses at once (``trap``), the mean row
    of the winning slot (``mean_row``, 1 = bottom) and the share in the upper half of the board
    (``upper``: ``win_row`` >= rows // 2, 0 = bottom), with Wilson 95% bounds on ``forced`` and
    ``upper``."""
    games, rows = check_games(games), whole(rows, "rows", 1, MAX_SIDE)
    if not isinstance(losses, dict):
        raise TypeError(f"losses must be a dict {{opponent: Losses}} (why_lost), got "
                        f"{type(losses).__name__}")
    if not losses:
        raise ValueError("losses must name at least one opponent, got an empty dict")
    out = []
    for opponent, lost in losses.items():
        if not isinstance(lost, Losses):
            raise TypeError(f"losses must map opponents to Losses, got {type(lost).__name__}")
        n = len(lost.details)
        if n > 2 * games:
            raise ValueError(f"{n} losses to {opponent} in {2 * games} games")
        forced = sum(lost.kinds[k] for k in FORCED)
        upper = sum(d["win_row"] >= rows // 2 for d in lost.details)
        (f_lo, u_lo), (f_hi, u_hi) = wilson(np.array([forced, upper]), max(n, 1))
        out.append({"opponent": opponent, "wins": n, "of": 2 * games,
                    "forced": forced / max(n, 1), "forced_lo": f_lo, "forced_hi": f_hi,
                    "trap": lost.kinds["two chesses at once"] / max(n, 1),
                    "mean_row": np.mean([d["win_row"] + 1 for d in lost.details]) if n
                    else np.nan,
                    "upper": upper / max(n, 1), "upper_lo": u_lo, "upper_hi": u_hi})
    return pd.DataFrame(out).set_index("opponent")


def threat_habit(agent, opponent, games: int, seed: int = 0, rows: int = 10,
                 cols: int = 20) -> dict:
    """How often ``agent`` (``games`` games in each seat against ``opponent``) turns one of its
    potential chesses into a chess by playing directly under it, and how often the opponent
    blocks that slot with its very next move: ``moves`` (the agent's), ``made``, ``blocked``
    and ``games`` played."""
    games = check_games(games)
    seed, g = check_pairing(agent, opponent, seed, rows, cols)
    made = blocked = own = chances = 0
    for i, s in enumerate(np.random.SeedSequence(seed).generate_state(2 * games)):
        me = 0 if i < games else 1
        moves = play_recorded(*((agent, opponent) if me == 0 else (opponent, agent)), int(s),
                              g.rows, g.cols)
        b = Board(geometry=g)
        for k, c in enumerate(moves):
            if b.turn == me and k + 1 < len(moves):  # a winning last move is no habit
                own += 1
                _, t = _chesses_and_threats(b, me)
                under = [m for m in b.legal_moves() if b.heights[m] + 1 < g.rows
                         and t >> (m * g.height + b.heights[m] + 1) & 1]
                chances += bool(under)
                if c in under:
                    made += 1
                    blocked += moves[k + 1] == c
            b.play(c)
    return {"moves": own, "chances": chances, "made": made, "blocked": int(blocked),
            "games": 2 * games}
