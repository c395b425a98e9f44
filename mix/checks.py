"""mix's own checks, on ``studykit.checks`` (value first, then the name, then what is allowed):
the boards and chunked game counts a notebook's constants must follow, then the arguments of the
public calls. Each error names the constant or argument (TypeError for a wrong kind, ValueError
for a wrong value), so a mistyped first cell stops at once instead of deep inside a run."""

from __future__ import annotations

import numpy as np

from mix.board import MAX_SIDE, Board, Geometry
from studykit.checks import array, at_most, flag, real, sequence, shown, whole


def check_boards(boards, name: str, max_slots: int) -> tuple[tuple[int, int], ...]:
    """A non-empty list or tuple of (rows, cols) boards on which four in a row fits, each of
    at most ``max_slots`` slots (the exact methods that use them are exponential)."""
    if not isinstance(name, str):
        raise TypeError(f"name must be the boards' name (text), got {shown(name)}")
    max_slots = whole(max_slots, "max_slots", 4)   # 1x4, the smallest board four in a row fits

    def board(pair, label: str) -> tuple[int, int]:
        rows, cols = sequence(pair, label, lambda v, n: whole(v, n, 1, MAX_SIDE),
                              min_len=2, max_len=2)
        try:
            Geometry(rows, cols)
        except ValueError as err:
            raise ValueError(f"{label}: {err}") from None
        if rows * cols > max_slots:
            raise ValueError(f"{label}: {rows}x{cols} has {rows * cols} slots, at most "
                             f"{max_slots} here (the exact methods grow exponentially)")
        return rows, cols

    return sequence(boards, name, board)


def check_chunks(counts: dict, chunks: int, chunks_name: str = "CHUNKS") -> None:
    """Each game count in ``counts`` (name -> games) a multiple of ``chunks``: the ladder plays
    every pairing's games in that many seeded chunks."""
    chunks = whole(chunks, chunks_name, 1)
    if not isinstance(counts, dict):
        raise TypeError(f"counts must be a dict of game counts by name, got {shown(counts)}")
    counts = {name: whole(games, name, 1) for name, games in counts.items()}
    uneven = [f"{name} = {games}" for name, games in counts.items() if games % chunks]
    if uneven:
        raise ValueError(f"{', '.join(uneven)}: each must be a multiple of {chunks_name} = "
                         f"{chunks}")


# ---- the public API's arguments (TypeError for a wrong kind, ValueError for a wrong value) ----

# MAX_SIDE (rows and cols, from mix.board; the report plays 10x20)
MAX_DEPTH = 6  # value-table search plies: depth 6 on 10x20 already takes seconds a move
MAX_NOMINAL_DEPTH = 8  # the self-taught player's depth with 20 columns open (seconds a move)
MAX_GAMES = 1_000_000      # match games
MAX_TRAIN_GAMES = 100_000  # training games (~20 ms each on 10x20: about half an hour)
MAX_JOBS = 256             # worker processes
PERFECT_MAX_SLOTS = 25     # 'perfect' solves positions: 5x5 is its largest board here
SOLVE_MAX_SLOTS = 30       # solving an empty board: 5x6 needs 300 MB and minutes; 10x20 never ends


def check_board(rows, cols, diagonals=False, k=4) -> Geometry:
    """The board of a public call: rows and cols in 1..MAX_SIDE, ``diagonals`` True or False
    (the text "no" would count as true), a win length ``k`` that fits."""
    rows = whole(rows, "rows", 1, MAX_SIDE)
    cols = whole(cols, "cols", 1, MAX_SIDE)
    diagonals, k = flag(diagonals, "diagonals"), whole(k, "k", 2)
    try:
        return Geometry(rows, cols, k, diagonals)
    except ValueError as err:
        raise ValueError(f"rows, cols: {err}") from None



def check_games(games, name: str = "games", limit: int = MAX_GAMES) -> int:
    """A number of games from 1 to ``limit``, as a Python int."""
    return at_most(whole(games, name, 1), name, limit, "run the games in seeded batches")



def check_jobs(n_jobs, name: str = "n_jobs") -> int | None:
    """A number of worker processes: None (joblib's default), -1 (one per core) or 1..MAX_JOBS."""
    if n_jobs is None:
        return None
    n_jobs = whole(n_jobs, name, -1, MAX_JOBS)
    if n_jobs == 0:
        raise ValueError(f"{name} must be a number of workers from 1 to {MAX_JOBS} (or -1: one "
                         "per core), got 0")
    return n_jobs



def check_perfect_board(rows, cols) -> Geometry:
    """A board on which perfect play is solved move by move: at most PERFECT_MAX_SLOTS slots."""
    g = check_board(rows, cols)
    if g.rows * g.cols > PERFECT_MAX_SLOTS:
        raise ValueError(f"perfect play solves every position: at most {PERFECT_MAX_SLOTS} "
                         f"slots (5x5), got rows, cols {g.rows}x{g.cols} = {g.rows * g.cols}")
    return g


def check_solve(rows, cols, diagonals=False, k=4) -> Geometry:
    """The board of ``mix.solve``: refused up front beyond SOLVE_MAX_SLOTS slots (call it first
    thing in ``solve``)."""
    g = check_board(rows, cols, diagonals, k)
    if g.rows * g.cols > SOLVE_MAX_SLOTS:
        raise ValueError(f"solving a {g.rows}x{g.cols} board ({g.rows * g.cols} slots) is beyond "
                         f"this machine: at most {SOLVE_MAX_SLOTS} slots (5x6 takes 300 MB; the "
                         "search grows exponentially with the slots)")
    return g


def reals(value, name: str, **limits) -> np.ndarray:
    """``studykit.checks.array`` of finite numbers (``limits``: ndim, low, high) as floats; an
    integer beyond float range (10**400) is our ValueError, not numpy's OverflowError."""
    try:
        return array(value, name, kind="real", **limits).astype(float)
    except OverflowError:   # in studykit's array too, for 10**400 among floats
        raise ValueError(f"{name} must hold finite numbers, got an integer beyond float "
                         "range") from None


def check_values(values, n: int, name: str = "values") -> list[float]:
    """One value per state: ``n`` finite numbers in [-1, 1] (what ``load_values`` accepts)."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise TypeError(f"{name} must be a list or array of numbers, got {shown(values)}")
    if len(values) != n:
        raise ValueError(f"{name} must have {n} entries, got {len(values)}")
    return reals(values, name, ndim=1, low=-1, high=1).tolist()


def check_position(b: Board, tt) -> None:
    """A position the solver can finish: a ``Board`` with at most ``SOLVE_MAX_SLOTS`` empty
    slots (the search grows exponentially with them), and ``tt`` a dict or None."""
    if not isinstance(b, Board):
        raise TypeError(f"b must be a mix.Board, got {type(b).__name__}")
    if tt is not None and not isinstance(tt, dict):
        raise TypeError(f"tt must be a dict (a transposition table) or None, got "
                        f"{type(tt).__name__}")
    empty = b.g.rows * b.g.cols - b.moves
    if empty > SOLVE_MAX_SLOTS:
        raise ValueError(f"b has {empty} empty slots: the solver finishes at most "
                         f"{SOLVE_MAX_SLOTS} (the search grows exponentially with them)")


def check_search(b, depth, values, feats, draw, max_depth: int) -> tuple[int, list[float], float]:
    """The arguments of ``search_values``/``search_move``: a ``Board`` with moves left, a depth
    in 1..``max_depth``, a feature definition, one finite value per feature state (any range:
    hand-made tables go past 1) and a draw value in [-1, 1]; returns depth, values, draw."""
    if not isinstance(b, Board):
        raise TypeError(f"b must be a mix.Board, got {type(b).__name__}")
    if b.is_over():
        raise ValueError("b: the game is over, there is no move to search")
    depth = whole(depth, "depth", 1, max_depth)
    if not hasattr(feats, "n_states") or not hasattr(feats, "index"):
        raise TypeError(f"feats must be a feature definition (mix.get_features), got "
                        f"{shown(feats)}")
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise TypeError(f"values must be a list or array of numbers, got {shown(values)}")
    if len(values) != feats.n_states:
        raise ValueError(f"values must have {feats.n_states} entries (one per state of "
                         f"{getattr(feats, 'name', 'the features')}), got {len(values)}")
    table = reals(values, "values", ndim=1).tolist()  # NaN, infinity and 10**400 refused
    return depth, table, real(draw, "draw", -1, 1)
