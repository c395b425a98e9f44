"""Set cards as vectors in {0, 1, 2}^4 and as integer codes 0..80.

Three cards form a set exactly when their vectors sum to 0 modulo 3 on every attribute, so
for any two distinct cards exactly one third card completes a set: ``-(a + b) mod 3``.
"""

from __future__ import annotations

import math

import numpy as np

from setgame.arguments import integers

N_ATTRIBUTES = 4
N_VALUES = 3
DECK_SIZE = N_VALUES**N_ATTRIBUTES  # 81
MAX_CARD_PAIRS = 10**8                # third_card's broadcast result, in attributes (0.8 GB)
_PLACES = N_VALUES ** np.arange(N_ATTRIBUTES - 1, -1, -1)  # first attribute most significant


def card_vectors(value, name: str = "cards", ndim=None) -> np.ndarray:
    """Checked card vectors (..., 4) of whole numbers 0, 1 or 2, as int64 (never truncated
    from floats, converted once from any integer dtype); the error names ``name``."""
    arr = integers(value, name, ndim=ndim)
    if arr.ndim == 0 or arr.shape[-1] != N_ATTRIBUTES:
        raise ValueError(f"{name} must have shape (..., {N_ATTRIBUTES}) (card vectors); "
                         f"got shape {arr.shape}")
    if arr.size and (arr.min() < 0 or arr.max() >= N_VALUES):
        raise ValueError(f"{name}: card attributes must be 0, 1 or 2; got values from "
                         f"{arr.min()} to {arr.max()}")
    return arr


def card_codes(value, name: str = "codes", ndim=None) -> np.ndarray:
    """Checked card codes, whole numbers 0..80, as int64."""
    arr = integers(value, name, ndim=ndim)
    if arr.size and (arr.min() < 0 or arr.max() >= DECK_SIZE):
        raise ValueError(f"{name}: card codes must lie in 0..{DECK_SIZE - 1}; got values from "
                         f"{arr.min()} to {arr.max()}")
    return arr


def encode_unchecked(cards: np.ndarray) -> np.ndarray:
    """Card vectors (values 0..2, already checked) to codes 0..80, no validation."""
    return np.asarray(cards, dtype=np.int64) @ _PLACES


def decode_unchecked(codes: np.ndarray) -> np.ndarray:
    """Codes 0..80 (already checked) to card vectors, no validation."""
    return (np.asarray(codes, dtype=np.int64)[..., None] // _PLACES) % N_VALUES


def encode(cards: np.ndarray) -> np.ndarray:
    """Card vectors (..., 4) with values 0..2 -> integer codes 0..80 (..., )."""
    return encode_unchecked(card_vectors(cards, "cards"))


def decode(codes: np.ndarray) -> np.ndarray:
    """Integer codes 0..80 -> card vectors (..., 4)."""
    return decode_unchecked(card_codes(codes, "codes"))


def full_deck() -> np.ndarray:
    """All 81 cards as a (81, 4) array, in code order."""
    return decode_unchecked(np.arange(DECK_SIZE))


def third_card(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The card completing a set with the distinct cards ``a`` and ``b`` (vectors, broadcasting);
    a card paired with itself is refused (no third card makes a set with a repeated card)."""
    a, b = card_vectors(a, "a"), card_vectors(b, "b")
    try:
        shape = np.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise ValueError(f"a and b must be cards of broadcastable shapes, got {a.shape} and "
                         f"{b.shape}") from None
    if math.prod(shape) > MAX_CARD_PAIRS:
        raise ValueError(f"a and b must pair at most {MAX_CARD_PAIRS:,} card attributes, got "
                         f"shape {shape}")
    same = np.all(a == b, axis=-1)
    if np.any(same):
        raise ValueError(f"a and b must be distinct cards (a set holds three different cards); "
                         f"{int(np.count_nonzero(same)):,} of the pairs repeat a card")
    return third_card_unchecked(a, b)


def third_card_unchecked(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``third_card`` of card vectors already checked (the solvers' inner loops)."""
    return (-(np.asarray(a) + np.asarray(b))) % N_VALUES


def is_set(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> bool:
    """True when three distinct card vectors are all-same or all-different on every attribute
    (a repeated card is refused: the deck holds each card once, so no set repeats one)."""
    a, b, c = (card_vectors(v, name, ndim=1) for v, name in ((a, "a"), (b, "b"), (c, "c")))
    for (x, x_name), (y, y_name) in (((a, "a"), (b, "b")), ((a, "a"), (c, "c")),
                                     ((b, "b"), (c, "c"))):
        if np.array_equal(x, y):
            raise ValueError(f"{x_name} and {y_name} must be distinct cards (the deck holds "
                             f"each card once), got {x.tolist()} twice")
    return bool(np.all((a + b + c) % N_VALUES == 0))


def _completion_table() -> np.ndarray:
    deck = full_deck()
    table = encode_unchecked(third_card_unchecked(deck[:, None, :], deck[None, :, :])).astype(np.int8)
    table.flags.writeable = False
    return table


COMPLETION = _completion_table()
"""``COMPLETION[a, b]``: code of the card completing a set with codes ``a`` and ``b``
(on the diagonal it is ``a`` itself, which never matters since table cards are distinct)."""


def _all_lines() -> np.ndarray:
    a, b = np.triu_indices(DECK_SIZE, 1)
    c = COMPLETION[a, b].astype(np.int64)
    keep = c > b
    lines = np.stack([a[keep], b[keep], c[keep]], axis=1)
    lines.flags.writeable = False
    return lines


LINES = _all_lines()
"""All 1080 sets of the deck as sorted code triples, shape (1080, 3)."""


def validate_table(cards, name: str = "cards") -> np.ndarray:
    """Check a table of cards (n, 4) with values 0..2 and no repeated card; return it as int."""
    arr = card_vectors(cards, name)
    if arr.ndim != 2:
        raise ValueError(f"{name} must have shape (n, {N_ATTRIBUTES}); got {arr.shape}")
    codes = encode_unchecked(arr)
    if len(np.unique(codes)) != len(codes):
        raise ValueError(f"{name} must be distinct: a table holds each card at most once")
    return arr
