"""The strength ladder: pairings played in both seats, split into seeded chunks of games that
``studykit.run_sweep`` spreads over the workers, with Wilson 95% intervals on the win shares.
Results can be cached in a folder (``studykit.cache.ResultCache``, one JSON file per pairing),
keyed by both agents' content (a searcher's values, a self-taught player's weights, by
``cache_key``) and every setting, valid for one fingerprint of the code that plays them (its
computed import closure) and of the values files; each entry is checked (whole counts adding
up to the games played) before it is used, and played again otherwise. A ladder's rows are read with
``pairing_row``, ``seats_text`` and the test ``better_in_both_seats`` (its failure explained by
``seats_not_better``)."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pandas as pd
from joblib import Parallel, delayed

from mix.checks import MAX_GAMES, check_board, check_games, check_jobs
from mix.play.agentchecks import check_agent
from mix.play.match import match
from studykit import run_sweep
from studykit.cache import CorruptEntryWarning, Field, ResultCache, cache_key, code_fingerprint
from studykit.checks import choice, flag, shown, whole
from studykit.checks import seed as check_seed
from studykit.stats import wilson
from studykit.sweep import trial_seeds

SEATS = ("X", "O")
TALLY = ("wins", "losses", "draws", "moves")
SEPARATOR = " | "  # between player and opponent in a pairing's label
BACKENDS = ("loky", "multiprocessing", "threading", "sequential")


def fingerprint() -> str:
    """A hash of the code that plays a pairing (the import closure of ``seat_trial``, computed
    by ``studykit.cache.code_fingerprint``: rules, features, searches, agents, seeding) and of
    the values files its agents read (``mix/*.init``: the value tables and the self-taught
    weights)."""
    return code_fingerprint(seat_trial, files=sorted(Path(__file__).parents[1].glob("*.init")))


def agent_key(spec):
    """The identity of an agent in a cache key: its name, or for an object its class and
    content (``cache_key``: a searcher's depth, draw and values, a self-taught player's depth
    and weights), never its class alone; a TypeError for an object without ``cache_key``."""
    if isinstance(spec, str):
        return spec
    if not callable(getattr(spec, "cache_key", None)):
        raise TypeError(f"an agent of a cached ladder needs a cache_key() method giving what "
                        f"decides its moves, got a {type(spec).__name__}")
    return cache_key(spec)


def pairing_key(agent, opponent, games: int, chunks: int, seed: int, rows: int, cols: int,
                diagonals: bool = False) -> dict:
    """The cache key of one pairing played with these settings: both agents by content and
    every argument (the code's fingerprint is the cache's own)."""
    return cache_key({"agent": agent_key(agent), "opponent": agent_key(opponent),
                      "games": games, "chunks": chunks, "seed": seed, "rows": rows,
                      "cols": cols, "diagonals": diagonals})


def tally_schema(games: int, rows: int, cols: int) -> dict[str, Field]:
    """A cached pairing: for each seat, whole counts of wins, losses and draws (each at most
    ``games``) and the total number of moves (at most every slot of every game)."""
    count = Field("int", 0, games)
    seat = Field("dict", items={"wins": count, "losses": count, "draws": count,
                                "moves": Field("float", 0, games * rows * cols)})
    return {s: seat for s in SEATS}


def tally_check(games: int):
    """The rule across fields of a cached pairing: each seat's games add up to ``games``."""
    def adds_up(entry) -> bool:
        return all(entry[s]["wins"] + entry[s]["losses"] + entry[s]["draws"] == games
                   for s in SEATS)
    return adds_up


def check_cache(cache) -> Path | None:
    """``cache``: None, or the path of a folder (text or ``Path``; made if missing)."""
    if cache is None:
        return None
    if not isinstance(cache, (str, os.PathLike)):
        raise TypeError(f"cache must be a folder's path (text or pathlib.Path) or None, got "
                        f"{shown(cache)}")
    if not str(cache).strip():
        raise ValueError("cache must name a folder, got an empty text")
    path = Path(cache)
    if path.exists() and not path.is_dir():
        raise ValueError(f"cache must be a folder, got {str(path)!r}, which is not one")
    return path


def open_cache(cache: str | Path | None, games: int = 1, rows: int = 10,
               cols: int = 20) -> ResultCache | None:
    """The ladder's result cache in folder ``cache`` (None: no cache), its entries checked for
    ladders of ``games`` games per seat on ``rows`` x ``cols`` (anything else is recomputed)."""
    cache = check_cache(cache)
    if cache is None:
        return None
    games, rows, cols = check_games(games), whole(rows, "rows", 1), whole(cols, "cols", 1)
    return ResultCache(cache, fingerprint(), schema=tally_schema(games, rows, cols),
                       check=tally_check(games))


def store_entry(results: ResultCache, key, tally: dict) -> None:
    """Keep a played pairing in the cache; one that cannot be stored (its path a directory, a
    full disk) is reported and the ladder goes on."""
    try:
        results.put("pairing", key, tally)
    except OSError as error:
        warnings.warn(f"ladder cache entry {results.path('pairing', key)} could not be stored "
                      f"({type(error).__name__}: {error}); the pairing is not cached",
                      CorruptEntryWarning, stacklevel=3)


def pair_labels(pairings: dict) -> bool:
    """True when every label is a (player, opponent) pair of texts, False when every one is a
    text; a ValueError otherwise."""
    pairs = [isinstance(k, tuple) and len(k) == 2 and all(isinstance(x, str) for x in k)
             for k in pairings]
    if all(pairs):
        return True
    if not any(pairs) and all(isinstance(k, str) for k in pairings):
        return False
    raise ValueError("pairings' labels must all be texts or all (player, opponent) pairs of "
                     f"texts, got {list(pairings)!r}")


def seat_trial(agent, opponent, seat: str, games: int, seed: int, rows: int = 10,
               cols: int = 20, diagonals: bool = False) -> dict:
    """``agent`` against ``opponent`` for ``games`` seeded games, ``agent`` sitting at ``seat``
    ('X' moves first): its wins, losses, draws and the total number of moves."""
    if seat not in SEATS:
        raise ValueError(f"seat must be 'X' or 'O', got {seat!r}")
    x, o = (agent, opponent) if seat == "X" else (opponent, agent)
    r = match(x, o, games, seed, rows=rows, cols=cols, diagonals=diagonals)
    wins, losses = (r.x_wins, r.o_wins) if seat == "X" else (r.o_wins, r.x_wins)
    return {"wins": wins, "losses": losses, "draws": r.draws, "moves": r.mean_length * games}


def sweep(trial, grid: list[dict], trials: int, seed: int, n_jobs: int | None,
          backend: str | None = None, progress: bool = False) -> list[dict]:
    """``studykit.run_sweep`` (the same seeds and rows), or with ``backend`` a plain joblib
    call on that backend (e.g. "multiprocessing", whose workers do not restart when their
    memory grows by 300 MB as joblib's default ones do)."""
    if backend is None:
        return run_sweep(trial, grid, trials=trials, seed=seed, n_jobs=n_jobs,
                         progress=progress, desc="ladder")
    jobs = [(p, t, s) for p in grid for t, s in enumerate(trial_seeds(seed, trials))]
    results = Parallel(n_jobs=n_jobs, backend=backend)(delayed(trial)(**p, seed=s)
                                                       for p, _, s in jobs)
    return [{**p, "trial": t, "seed": s, "result": r} for (p, t, s), r in zip(jobs, results)]


def ladder(pairings: dict, games: int, seed: int = 0, chunks: int = 4, n_jobs: int | None = 1,
           progress: bool = False, rows: int = 10, cols: int = 20, diagonals: bool = False,
           cache: str | Path | None = None, save_every: int = 4,
           backend: str | None = None) -> pd.DataFrame:
    """Play every pairing ``{label: (agent, opponent)}`` for ``games`` games in each seat.

    A label is a text, or a (player, opponent) pair of texts: the rows then have ``player`` and
    ``opponent`` columns, and the index reads "player | opponent". Each (pairing, seat) is split into ``chunks`` runs of ``games / chunks`` games, each with its
    own seed from ``run_sweep`` (so results do not depend on ``n_jobs``). Returns one row per
    pairing: the agent's win share as X and as O with Wilson 95% bounds, draws, mean length.
    With ``cache`` (a folder), pairings already played with the same settings and code are
    read from it, and new ones are added to it after every ``save_every`` pairings (so an
    interrupted run keeps what it played; a corrupt entry is reported and played again). Seeds depend only on the chunk index, so results do
    not depend on the batching either. ``diagonals`` plays the diagonal variant; ``backend``
    (e.g. "multiprocessing", for the perfect player's memory-hungry table) picks joblib's.
    """
    games, chunks = check_games(games, "games", MAX_GAMES), whole(chunks, "chunks", 1)
    if games % chunks:
        raise ValueError(f"games ({games}) must be a positive multiple of chunks ({chunks})")
    seed, save_every = check_seed(seed), whole(save_every, "save_every", 1)
    g = check_board(rows, cols, diagonals)
    rows, cols, diagonals = g.rows, g.cols, g.diagonals
    progress = flag(progress, "progress")
    n_jobs, cache = check_jobs(n_jobs), check_cache(cache)
    if backend is not None:
        backend = choice(backend, "backend", BACKENDS)
    if not isinstance(pairings, dict) or not pairings:
        raise ValueError(f"pairings must be a non-empty dict {{label: (agent, opponent)}}, got "
                         f"{shown(pairings)}")
    for label, pair in pairings.items():
        if isinstance(pair, str) or not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise ValueError(f"pairings[{label!r}] must be an (agent, opponent) pair, got "
                             f"{shown(pair)}")
        for who, spec in zip(("agent", "opponent"), pair):
            check_agent(spec, f"pairings[{label!r}] {who}", rows, cols)
    named = pair_labels(pairings)
    results = open_cache(cache, games, rows, cols)
    keys = {label: pairing_key(a, o, games, chunks, seed, rows, cols, diagonals)
            for label, (a, o) in pairings.items()} if results else {}
    store = {label: results.get("pairing", keys[label]) if results else None
             for label in pairings}
    todo = [label for label in pairings if store[label] is None]
    for start in range(0, len(todo), save_every):  # the cache is written after every batch
        batch = todo[start:start + save_every]
        grid = [{"agent": pairings[label][0], "opponent": pairings[label][1], "seat": s,
                 "games": games // chunks, "rows": rows, "cols": cols, "diagonals": diagonals}
                for label in batch for s in SEATS]
        runs = sweep(seat_trial, grid, chunks, seed, n_jobs, backend, progress)
        for i, label in enumerate(batch):
            store[label] = {seat: {k: sum(r["result"][k]
                                          for r in runs[(2 * i + j) * chunks:
                                                        (2 * i + j + 1) * chunks])
                                   for k in TALLY}
                            for j, seat in enumerate(SEATS)}
            if results:  # atomically, pairing by pairing: an interruption keeps what was played
                store_entry(results, keys[label], store[label])
    rows_out = []
    for label in pairings:
        row = {"pairing": SEPARATOR.join(label) if named else label}
        if named:
            row |= {"player": label[0], "opponent": label[1]}
        for seat in SEATS:
            tot = store[label][seat]
            n = tot["wins"] + tot["losses"] + tot["draws"]
            lo, hi = wilson(tot["wins"], n)
            row |= {f"win_as_{seat}": tot["wins"] / n, f"lo_{seat}": lo, f"hi_{seat}": hi,
                    f"draws_{seat}": tot["draws"] / n, f"length_{seat}": tot["moves"] / n,
                    f"games_{seat}": n}
        rows_out.append(row)
    return pd.DataFrame(rows_out).set_index("pairing")


def pairing_row(table: pd.DataFrame, player: str, opponent: str) -> pd.Series | None:
    """The row of a ``ladder`` played with (player, opponent) labels for that pairing, or None
    when the pairing did not run."""
    if not isinstance(table, pd.DataFrame):
        raise TypeError(f"table must be a ladder (a pandas DataFrame), got {type(table).__name__}")
    if not isinstance(player, str) or not isinstance(opponent, str):
        raise TypeError(f"player and opponent must be texts, got {player!r} and {opponent!r}")
    label = SEPARATOR.join((player, opponent))
    return table.loc[label] if label in table.index else None


def _seat_numbers(row) -> dict[str, float]:
    """The win share and its Wilson bounds in each seat of a ladder row, by column name."""
    names = [f"{k}_{s}" for s in SEATS for k in ("win_as", "lo", "hi")]
    try:
        return {n: float(row[n]) for n in names}
    except (KeyError, IndexError, TypeError, ValueError):
        raise ValueError(f"row must be a row of a ladder, with columns {', '.join(names)}; "
                         f"got {type(row).__name__}") from None


def seats_text(row) -> str:
    """A ladder row's win shares as X and as O with their Wilson intervals, as text."""
    v = _seat_numbers(row)
    return (f"X {v['win_as_X']:.3f} [{v['lo_X']:.3f}, {v['hi_X']:.3f}], "
            f"O {v['win_as_O']:.3f} [{v['lo_O']:.3f}, {v['hi_O']:.3f}]")


def better_in_both_seats(row) -> bool:
    """Whether a ladder row's player wins significantly more than half its games in each seat:
    the 95% Wilson lower bound of its win share is above one half as X and as O."""
    v = _seat_numbers(row)
    return min(v["lo_X"], v["lo_O"]) > 0.5


def seats_not_better(row) -> str:
    """Why ``better_in_both_seats`` fails: each seat whose interval reaches one half, with its
    win share and interval, as text ("" when the test holds)."""
    v = _seat_numbers(row)
    return ", ".join(f"as {s} {v[f'win_as_{s}']:.3f} [{v[f'lo_{s}']:.3f}, {v[f'hi_{s}']:.3f}]"
                     for s in SEATS if v[f"lo_{s}"] <= 0.5)
