"""Measurements of the self-taught player: its learning curve against fixed opponents, how long
its moves take (with the machine's load, which timings depend on), where it goes wrong against
perfect play on small boards, and its weights arranged by colour and feature, with the parity
they show."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import numpy as np
import pandas as pd
from joblib import Parallel, delayed

from mix.board import Board
from mix.checks import (
    PERFECT_MAX_SLOTS,
    check_board,
    check_boards,
    check_games,
    check_jobs,
    check_perfect_board,
    reals,
)
from mix.play.agentchecks import check_agent, check_agents
from mix.play.agents import PerfectAgent, make_agent
from mix.play.ladder import ladder
from mix.plain.solver import shared_table, solve_position
from mix.selftaught.agent import SelfTaughtAgent
from mix.selftaught.threatfeatures import N_FEATURES, NAMES, PER_COLOUR, SCALE
from studykit.checks import whole
from studykit.checks import seed as check_seed
from studykit.stats import wilson

MAX_STUDY_GAMES = 100_000   # games per seat against a fixed or perfect opponent


def check_selftaught(agent, name: str = "agent"):
    """A player like ``SelfTaughtAgent``: with ``choose`` and ``depth_at`` (the studies
    record the depth it searched)."""
    if not (hasattr(agent, "choose") and hasattr(agent, "depth_at")):
        raise TypeError(f"{name} must be a mix.SelfTaughtAgent (an object with choose and "
                        f"depth_at), got {type(agent).__name__}")
    return agent


def learning_curve(snapshots: dict, opponents, depth: int, games: int, seed: int = 0,
                   chunks: int = 1, n_jobs: int | None = 1) -> pd.DataFrame:
    """Each snapshot ``{games trained: weights}`` searched ``depth`` plies against each of
    ``opponents`` for ``games`` games per seat (``mix.play.ladder.ladder``, one pairing each).

    One row per (snapshot, opponent): ``games`` trained, ``opponent``, ``wins`` and ``played``
    over both seats, their ``share`` and its Wilson 95% bounds ``lo`` and ``hi``. The games
    run on joblib's multiprocessing backend (the same seeds and rows as any other), whose
    workers are not restarted as the players' caches fill."""
    if not isinstance(snapshots, dict) or not snapshots:
        raise ValueError(f"snapshots must be a non-empty dict {{games: weights}}, got "
                         f"{type(snapshots).__name__}")
    snapshots = {whole(n, "snapshots' games trained", 0): w for n, w in snapshots.items()}
    opponents = check_agents(opponents, "opponents")
    depth = whole(depth, "depth", 1, 8)
    cells = [(n, o) for n in snapshots for o in opponents]
    pairings = {f"{n} | {o}": (SelfTaughtAgent(snapshots[n], depth, name=f"self-taught@{n}"), o)
                for n, o in cells}
    lad = ladder(pairings, games, seed=seed, chunks=chunks, n_jobs=n_jobs,
                 backend="multiprocessing")
    played = (lad.games_X + lad.games_O).to_numpy()
    wins = (lad.win_as_X * lad.games_X + lad.win_as_O * lad.games_O).round().to_numpy()
    lo, hi = wilson(wins, played)
    return pd.DataFrame({"games": [n for n, _ in cells], "opponent": [o for _, o in cells],
                         "wins": wins, "played": played, "share": wins / played,
                         "lo": lo, "hi": hi})


def timed_moves(agent, opponent, games: int, seed: int = 0, rows: int = 10,
                cols: int = 20) -> pd.DataFrame:
    """Every move of ``agent`` (a ``SelfTaughtAgent``) in ``games`` seeded games against
    ``opponent``, seats alternating (``agent`` is X in the even games): wall and CPU seconds,
    the depth searched, the legal moves and the move number."""
    check_selftaught(agent)
    games, seed = check_games(games, "games", MAX_STUDY_GAMES), check_seed(seed)
    g = check_board(rows, cols)
    opponent = make_agent(check_agent(opponent, "opponent", g.rows, g.cols))
    out = []
    for i, s in enumerate(np.random.SeedSequence(seed).generate_state(games)):
        rng, b = random.Random(int(s)), Board(geometry=g)
        seat = i % 2
        while not b.is_over():
            if b.turn != seat:
                b.play(opponent.choose(b, rng))
                continue
            depth, moves = agent.depth_at(b), len(b.legal_moves())
            wall, cpu = time.perf_counter(), time.process_time()
            c = agent.choose(b, rng)
            out.append({"game": i, "move": b.moves + 1, "seconds": time.perf_counter() - wall,
                        "cpu": time.process_time() - cpu, "depth": depth, "legal": moves})
            b.play(c)
    return pd.DataFrame(out)


def against_perfect(agent, rows: int, cols: int, games: int, seed: int = 0) -> pd.DataFrame:
    """``agent`` against perfect play for ``games`` seeded games in each seat on a small board.

    One row per game: the agent's seat, its result (win, draw, loss), the solved value of the
    start for the side to move, and the agent's first mistake (a move that lowered its solved
    value): the move number, the empty slots left after it and the depth it searched (none when
    it made no mistake)."""
    check_selftaught(agent)
    g = check_perfect_board(rows, cols)     # before any search: 10x20 would never end
    games, seed = check_games(games, "games", MAX_STUDY_GAMES), check_seed(seed)
    perfect = PerfectAgent()
    start = solve_position(Board(geometry=g), shared_table(g))
    out = []
    for seat in (0, 1):
        for s in np.random.SeedSequence([seed, seat]).generate_state(games):
            rng, b, first = random.Random(int(s)), Board(geometry=g), None
            while not b.is_over():
                if b.turn != seat:
                    b.play(perfect.choose(b, rng))
                    continue
                before, depth = solve_position(b, shared_table(g)), agent.depth_at(b)
                won = b.play(agent.choose(b, rng))
                after = 1 if won else 0 if b.is_over() else -solve_position(b, shared_table(g))
                if after < before and first is None:
                    first = {"mistake_move": b.moves, "left": g.rows * g.cols - b.moves,
                             "depth": depth}
            result = "draw" if b.winner is None else "win" if b.winner == seat else "loss"
            out.append({"seat": "XO"[seat], "result": result, "start": start,
                        **(first or {"mistake_move": None, "left": None, "depth": None})})
    return pd.DataFrame(out)


@dataclass(frozen=True)
class PerfectPlayStudy:
    """Games against perfect play on several boards: ``games`` holds one row per game (indexed
    by board, as ``against_perfect`` gives them), ``table`` the wins, draws and losses per
    board and seat with the median empty slots left at the first mistake of a lost game."""

    games: pd.DataFrame
    table: pd.DataFrame


def against_perfect_boards(weights, depth: int, boards, games: int, seed: int = 0,
                           n_jobs: int | None = 1) -> PerfectPlayStudy:
    """The self-taught player (``weights`` searched ``depth`` plies) against perfect play on
    each ``(rows, cols)`` of ``boards``: ``games`` seeded games per seat, the boards in parallel
    on ``n_jobs`` processes (the multiprocessing backend: the player's caches stay in its own
    worker)."""
    boards = check_boards(boards, "boards", PERFECT_MAX_SLOTS)
    SelfTaughtAgent(weights, depth)          # refuses bad weights or depth here, not in a worker
    games = whole(games, "games", 1, MAX_STUDY_GAMES)
    seed, n_jobs = check_seed(seed), check_jobs(n_jobs)
    runs = Parallel(n_jobs=n_jobs, backend="multiprocessing")(
        delayed(against_perfect)(SelfTaughtAgent(weights, depth), r, c, games, seed=seed)
        for r, c in boards)
    played = pd.concat({f"{r}x{c}": g for (r, c), g in zip(boards, runs)}, names=["board"])
    table = (played.groupby(["board", "seat"]).result.value_counts().unstack(fill_value=0)
             .reindex(columns=["win", "draw", "loss"], fill_value=0))
    table["median empty slots left at the first mistake"] = played[
        played.result == "loss"].groupby(["board", "seat"]).left.median()
    return PerfectPlayStudy(played, table)


def weights_table(weights) -> pd.DataFrame:
    """The weights per unit of each count (the change of the score, before tanh, for one more
    window, threat, ...), one row per feature and a column per colour."""
    w = reals(weights, "weights")   # finite: NaN refused
    if w.shape != (N_FEATURES,):
        raise ValueError(f"weights must be {N_FEATURES} numbers, got shape {w.shape}")
    unit = w / SCALE
    n = len(PER_COLOUR)
    table = pd.DataFrame({"X": unit[2:2 + n], "O": unit[2 + n:]}, index=list(PER_COLOUR))
    table.index.name = "per unit of"
    shared = pd.DataFrame({"X": unit[:2], "O": [np.nan, np.nan]}, index=list(NAMES[:2]))
    return pd.concat([shared, table])


@dataclass(frozen=True)
class ParityReading:
    """What the weights say about threats and rows, each weight from its owner's side
    (positive helps the colour owning the count).

    ``top``: per colour, its three largest weights (by size); ``to_move``: the weight of
    "X to move"; ``later`` and ``lowest``: per row parity ('odd', 'even'), the (X, O) weights of
    a threat not yet playable and of the lowest threat of a column on such a row; ``parity``:
    per colour, how much more it values threats on its own rows (odd for X, even for O)."""

    top: dict
    to_move: float
    later: dict
    lowest: dict
    parity: dict


def parity_reading(table: pd.DataFrame) -> ParityReading:
    """Read the parity rule off a ``weights_table``: X, moving first, should value its
    threats on odd rows (1st, 3rd, ... from the bottom), O its threats on even rows."""
    needed = {"X to move", "threats on odd rows", "threats on even rows",
              "lowest threat of its column, odd row", "lowest threat of its column, even row"}
    if (not isinstance(table, pd.DataFrame) or not {"X", "O"} <= set(table.columns)
            or not needed <= set(table.index)):
        raise ValueError("table must be a weights_table (columns X and O, one row per feature)")
    body = table.iloc[2:]

    def owned(name):
        return float(table.loc[name, "X"]), float(-table.loc[name, "O"])

    later = {row: owned(f"threats on {row} rows") for row in ("odd", "even")}
    lowest = {row: owned(f"lowest threat of its column, {row} row") for row in ("odd", "even")}
    parity = {"X": later["odd"][0] + lowest["odd"][0] - later["even"][0] - lowest["even"][0],
              "O": later["even"][1] + lowest["even"][1] - later["odd"][1] - lowest["odd"][1]}
    top = {c: body[c].abs().sort_values(ascending=False).index[:3].tolist() for c in "XO"}
    return ParityReading(top, float(table.loc["X to move", "X"]), later, lowest, parity)


def signed(x: float, digits: int = 3) -> str:
    """``x`` with its sign, rounded to ``digits`` decimals, never as a negative zero."""
    return f"{round(float(x), digits) + 0.0:+.{digits}f}"


def parity_lines(reading: ParityReading) -> list[str]:
    """The lines a notebook prints for a ``parity_reading``: the largest weights, the side to
    move, the threat weights by row parity and the parity differences (signed, 3 decimals)."""
    if not isinstance(reading, ParityReading):
        raise TypeError(f"reading must be a ParityReading, got {type(reading).__name__}")
    lines = [f"largest weights: X {reading.top['X']}; O {reading.top['O']}",
             f"the side to move: {signed(reading.to_move)} for X to move"]
    for label, d in (("a threat not yet playable", reading.later),
                     ("the lowest threat of a column", reading.lowest)):
        lines.append(f"{label}, for its owner: X odd {signed(d['odd'][0])}, even "
                     f"{signed(d['even'][0])}; O odd {signed(d['odd'][1])}, even "
                     f"{signed(d['even'][1])}")
    lines.append(f"odd minus even for X: {signed(reading.parity['X'])}; even minus odd for O: "
                 f"{signed(reading.parity['O'])}")
    return lines
