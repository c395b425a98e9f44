"""The strength ladder: pairings played in both seats, split into seeded chunks of games that
``studykit.run_sweep`` spreads over the workers, with Wilson 95% intervals on the win shares."""

from __future__ import annotations

import math

import pandas as pd

from mix.match import match
from studykit import run_sweep

SEATS = ("X", "O")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for ``k`` successes in ``n`` trials."""
    if n < 1 or not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n and n >= 1, got k={k}, n={n}")
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def seat_trial(agent, opponent, seat: str, games: int, seed: int, rows: int = 10,
               cols: int = 20) -> dict:
    """``agent`` against ``opponent`` for ``games`` seeded games, ``agent`` sitting at ``seat``
    ('X' moves first): its wins, losses, draws and the total number of moves."""
    if seat not in SEATS:
        raise ValueError(f"seat must be 'X' or 'O', got {seat!r}")
    x, o = (agent, opponent) if seat == "X" else (opponent, agent)
    r = match(x, o, games, seed, rows=rows, cols=cols)
    wins, losses = (r.x_wins, r.o_wins) if seat == "X" else (r.o_wins, r.x_wins)
    return {"wins": wins, "losses": losses, "draws": r.draws, "moves": r.mean_length * games}


def ladder(pairings: dict, games: int, seed: int = 0, chunks: int = 4, n_jobs: int | None = 1,
           progress: bool = False, rows: int = 10, cols: int = 20) -> pd.DataFrame:
    """Play every pairing ``{label: (agent, opponent)}`` for ``games`` games in each seat.

    Each (pairing, seat) is split into ``chunks`` runs of ``games / chunks`` games, each with its
    own seed from ``run_sweep`` (so results do not depend on ``n_jobs``). Returns one row per
    pairing: the agent's win share as X and as O with Wilson 95% bounds, draws, mean length.
    """
    if games < 1 or chunks < 1 or games % chunks:
        raise ValueError(f"games ({games}) must be a positive multiple of chunks ({chunks})")
    if not pairings:
        raise ValueError("pairings is empty")
    grid = [{"agent": a, "opponent": o, "seat": s, "games": games // chunks, "rows": rows,
             "cols": cols} for a, o in pairings.values() for s in SEATS]
    runs = run_sweep(seat_trial, grid, trials=chunks, seed=seed, n_jobs=n_jobs,
                     progress=progress, desc="ladder")
    rows_out = []
    for i, label in enumerate(pairings):
        row = {"pairing": label}
        for j, seat in enumerate(SEATS):
            part = runs[(2 * i + j) * chunks:(2 * i + j + 1) * chunks]
            tot = {k: sum(r["result"][k] for r in part) for k in ("wins", "losses", "draws", "moves")}
            n = tot["wins"] + tot["losses"] + tot["draws"]
            lo, hi = wilson(tot["wins"], n)
            row |= {f"win_as_{seat}": tot["wins"] / n, f"lo_{seat}": lo, f"hi_{seat}": hi,
                    f"draws_{seat}": tot["draws"] / n, f"length_{seat}": tot["moves"] / n,
                    f"games_{seat}": n}
        rows_out.append(row)
    return pd.DataFrame(rows_out).set_index("pairing")
