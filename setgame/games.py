"""Complete games of Set, simulated many at a time.

Rules (the blog's): deal 12 (``table_size``); while possible, remove one set chosen uniformly
at random among those on the table and refill to 12 from the deck; when the table holds no
set, add 3 cards; the game ends when the deck is empty and the table holds no set. Every table
a player looks at is one *turn*; the last turn of each game (deck empty, no set) is flagged ``final``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from tqdm.auto import tqdm

from setgame.arguments import capped_count, count, scalar
from setgame.cards import DECK_SIZE, LINES
from studykit.checks import flag, memory, shown
from studykit.checks import seed as check_seed

TABLE_SIZE = 12
TABLE_SIZES = tuple(range(3, 22, 3))   # a multiple of 3 keeps the deck dealing in threes
MAX_GAMES = 10_000_000                 # about 2 hours at ~1,600 games a second on one core
TURN_BYTES = 30 * 6 * 8                # ~27 turns a game, six int64/bool columns each
BATCH_BYTES = 8_000                    # working arrays per game of a batch (decks, 1080 lines)
TABLE_BYTES = 30 * DECK_SIZE           # ~27 kept tables a game, 81 bools each
# each column's allowed values: a game's turns are few (at most 27 + 7 tables), a table holds
# at most the deck, and 81 cards hold at most the deck's 1080 sets
COLUMN_SPANS = {"game": (0, None), "turn": (0, DECK_SIZE), "table_size": (0, DECK_SIZE),
                "n_sets": (0, len(LINES)), "deck_left": (0, DECK_SIZE)}


@dataclass(frozen=True)
class GameTurns:
    """One row per turn (a table looked at), over all simulated games, in game order."""

    game: np.ndarray        # index of the game
    turn: np.ndarray        # 0, 1, ... within the game
    table_size: np.ndarray  # cards on the table
    n_sets: np.ndarray      # sets on the table
    deck_left: np.ndarray   # cards still in the deck
    final: np.ndarray       # True on the game's last table (deck empty, no set)
    tables: np.ndarray | None = None  # (turns, 81) membership, when asked for

    def __post_init__(self):
        columns = {"game": self.game, "turn": self.turn, "table_size": self.table_size,
                   "n_sets": self.n_sets, "deck_left": self.deck_left, "final": self.final}
        for name, column in columns.items():
            if not isinstance(column, np.ndarray) or column.ndim != 1 or len(column) != len(
                    self.game) or not (column.dtype == bool if name == "final"
                                       else np.issubdtype(column.dtype, np.integer)):
                raise ValueError(f"{name} must be a 1-D {'bool' if name == 'final' else 'integer'}"
                                 f" array with one entry per turn ({len(self.game)} turns), got "
                                 f"{shown(column)}")
            low, high = COLUMN_SPANS.get(name, (None, None))
            if len(column) and name != "final" and (
                    column.min() < low or (high is not None and column.max() > high)):
                raise ValueError(f"{name} must hold whole numbers from {low} to "
                                 f"{'any' if high is None else high}, got values from "
                                 f"{column.min()} to {column.max()}")
        if self.tables is not None and not (
                isinstance(self.tables, np.ndarray) and self.tables.dtype == bool
                and self.tables.shape == (len(self.game), DECK_SIZE)):
            raise ValueError(f"tables must be None or a ({len(self.game)}, {DECK_SIZE}) bool "
                             f"array of card membership, got {shown(self.tables)}")

    def __len__(self) -> int:
        return len(self.game)


def _deal(on_table, decks, dealt, rows, count):
    """Move ``count`` cards from each listed game's deck to its table."""
    for offset in range(count):
        on_table[rows, decks[rows, dealt[rows] + offset]] = True
    dealt[rows] += count


def check_table_size(table_size: int, name: str = "table_size") -> int:
    """The number of cards dealt (and refilled to): one of 3, 6, ..., 21; returned as an int.
    ``name`` is how the error calls the value (a notebook passes its constant's name)."""
    if not isinstance(name, str):
        raise TypeError(f"name must be text (the value's name in errors), got {shown(name)}")
    table_size = scalar(table_size)
    if isinstance(table_size, (bool, np.bool_)) or not isinstance(table_size, (int, np.integer)) \
            or int(table_size) not in TABLE_SIZES:
        raise ValueError(f"{name} must be one of {TABLE_SIZES} (a multiple of 3 up to 21, "
                         f"so the 81-card deck deals out in threes); got {table_size!r}")
    return int(table_size)


def check_game_count(n_games, name: str = "n_games", keep_tables: bool = False) -> int:
    """A number of games to simulate in one call: a whole number >= 1 within ``MAX_GAMES`` and
    this machine's memory (with ``keep_tables``, every table kept); ``name`` is how the error
    calls it (a notebook passes its constant's name)."""
    n_games = capped_count(n_games, name, 1, MAX_GAMES,
                           "about 2 hours of simulation; split the run into several seeds")
    memory(n_games * (TURN_BYTES + (TABLE_BYTES if keep_tables else 0)) + BATCH_BYTES,
           f"{name}={n_games:,} games{' with keep_tables=True' if keep_tables else ''}")
    return n_games


def _simulate_batch(n_games, rng, keep_tables, table_size=TABLE_SIZE):
    decks = np.argsort(rng.random((n_games, DECK_SIZE)), axis=1)
    on_table = np.zeros((n_games, DECK_SIZE), dtype=bool)
    dealt = np.zeros(n_games, dtype=np.int64)
    _deal(on_table, decks, dealt, np.arange(n_games), table_size)
    active = np.arange(n_games)
    columns, turn = [], 0
    while len(active):
        tables = on_table[active]
        present = tables[:, LINES[:, 0]] & tables[:, LINES[:, 1]] & tables[:, LINES[:, 2]]
        n_sets = present.sum(axis=1)
        size = tables.sum(axis=1)
        left = DECK_SIZE - dealt[active]
        final = (n_sets == 0) & (left == 0)
        columns.append((active, np.full(len(active), turn), size, n_sets, left, final,
                        tables if keep_tables else None))
        # A set is on the table: remove one chosen uniformly, refill to 12 from the deck.
        u = rng.random(len(active))
        has = n_sets > 0
        pick = np.floor(u[has] * n_sets[has]).astype(np.int64)
        chosen = np.argmax(np.cumsum(present[has], axis=1) > pick[:, None], axis=1)
        games = active[has]
        on_table[games[:, None], LINES[chosen]] = False
        refill = games[(size[has] - 3 < table_size) & (left[has] > 0)]
        _deal(on_table, decks, dealt, refill, 3)
        # No set: add three cards while the deck lasts; otherwise the game is over.
        stuck = active[~has & (left > 0)]
        _deal(on_table, decks, dealt, stuck, 3)
        active = active[~final]
        turn += 1
    parts = list(zip(*columns))
    order = np.lexsort((np.concatenate(parts[1]), np.concatenate(parts[0])))
    cat = [np.concatenate(p)[order] for p in parts[:6]]
    tables = np.concatenate(parts[6])[order] if keep_tables else None
    return cat, tables


def simulate_games(n_games: int, seed: int = 0, *, batch_size: int = 20_000,
                   keep_tables: bool = False, progress: bool = False,
                   table_size: int = TABLE_SIZE) -> GameTurns:
    """Play ``n_games`` complete games (seeded), all turns recorded; see the module rules.

    ``table_size`` is the number of cards dealt and refilled to (12 in the real game).

    Games are simulated ``batch_size`` at a time in lockstep with numpy; ``batch_size`` shapes
    the random stream, so keep it fixed when comparing runs of the same seed.
    ``keep_tables=True`` also returns every table as a (turns, 81) boolean membership array.
    """
    keep_tables, progress = flag(keep_tables, "keep_tables"), flag(progress, "progress")
    n_games = check_game_count(n_games, "n_games", keep_tables)
    batch_size = count(batch_size, "batch_size", 1)
    seed = check_seed(scalar(seed))
    table_size = check_table_size(table_size)
    memory(n_games * (TURN_BYTES + (TABLE_BYTES if keep_tables else 0))
           + min(batch_size, n_games) * BATCH_BYTES,
           f"simulate_games({n_games:,} games{', keep_tables=True' if keep_tables else ''})")
    rng = np.random.default_rng(seed)
    out, tables, first = [], [], 0
    for start in tqdm(range(0, n_games, batch_size), disable=not progress, desc="Set games"):
        cols, tab = _simulate_batch(min(batch_size, n_games - start), rng, keep_tables,
                                    table_size)
        cols[0] = cols[0] + first
        first += min(batch_size, n_games - start)
        out.append(cols)
        tables.append(tab)
    merged = [np.concatenate(c) for c in zip(*out)]
    return GameTurns(*merged, tables=np.concatenate(tables) if keep_tables else None)
