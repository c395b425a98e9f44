"""Counting sets on many tables at once, and dealing many random tables."""

from __future__ import annotations

import numpy as np

from setgame.arguments import capped_count, count, integers
from setgame.cards import (
    COMPLETION,
    DECK_SIZE,
    N_ATTRIBUTES,
    card_codes,
    card_vectors,
    encode_unchecked,
)
from studykit.checks import generator, memory

CHUNK_PAIRS = 20_000_000  # table-pairs handled per chunk by default, to bound memory
MAX_TABLES = 10**9        # random tables in one call (16 bytes a card of the deck each)
TABLE_BYTES = 16 * DECK_SIZE


def check_table_count(m, name: str = "m") -> int:
    """A number of random tables to deal at once: a whole number >= 0 within ``MAX_TABLES`` and
    this machine's memory (``name`` is how the error calls it, e.g. a notebook's constant)."""
    m = capped_count(m, name, 0, MAX_TABLES, "deal the tables in several calls")
    memory(float(TABLE_BYTES * m), f"{name}={m:,} random tables")
    return m


def as_codes(tables, name: str = "tables") -> np.ndarray:
    """Tables as card vectors (m, n, 4) or codes (m, n) -> validated codes (m, n)."""
    arr = integers(tables, name, ndim=(2, 3))
    if arr.ndim == 3:
        if arr.shape[2] != N_ATTRIBUTES:
            raise ValueError(f"{name} must have shape (m, n, {N_ATTRIBUTES}) or (m, n) codes; "
                             f"got {arr.shape}")
        arr = encode_unchecked(card_vectors(arr, name))
    else:
        arr = card_codes(arr, name)
    if arr.shape[1] > 1:
        ordered = np.sort(arr, axis=1)
        if np.any(ordered[:, 1:] == ordered[:, :-1]):
            raise ValueError(f"{name}: a table holds the same card twice")
    return arr


def count_sets(tables, chunk_pairs: int = CHUNK_PAIRS) -> np.ndarray:
    """Number of sets on each of many tables: (m, n, 4) vectors or (m, n) codes -> (m,).

    Each pair of cards names its completing card (81 x 81 table); a set is found once per
    pair it contains, so the number of pairs whose completion is on the table is 3 x sets.
    The tables are counted in chunks of about ``chunk_pairs`` card pairs (memory, not results).
    """
    chunk_pairs = count(chunk_pairs, "chunk_pairs", 1)
    codes = as_codes(tables)
    m, n = codes.shape
    counts = np.zeros(m, dtype=np.int64)
    if n < 3 or m == 0:
        return counts
    i, j = np.triu_indices(n, 1)
    step = max(1, chunk_pairs // len(i))
    memory((DECK_SIZE + 25.0 * len(i)) * min(step, m), f"count_sets(chunk_pairs={chunk_pairs:,})")
    rows = np.arange(min(step, m))[:, None]
    for start in range(0, m, step):
        block = codes[start:start + step]
        present = np.zeros((len(block), DECK_SIZE), dtype=bool)
        present[rows[:len(block)], block] = True
        thirds = COMPLETION[block[:, i], block[:, j]]
        counts[start:start + step] = present[rows[:len(block)], thirds].sum(axis=1) // 3
    return counts


def random_tables(m: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """``m`` tables of ``n`` distinct cards drawn uniformly from the deck, as codes (m, n)."""
    m, n = check_table_count(m, "m"), count(n, "n", 0, DECK_SIZE)
    generator(rng, "rng")
    keys = rng.random((m, DECK_SIZE))
    if n == DECK_SIZE:
        return np.argsort(keys, axis=1)
    return np.argpartition(keys, n, axis=1)[:, :n] if n else np.empty((m, 0), np.int64)
