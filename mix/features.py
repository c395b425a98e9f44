"""The report's state abstraction: mate, chess and potential chess for each side, on bitboards.

A *chess* of S is an empty feasible slot completing k in a row for S (S wins if it moves);
a *potential chess* is such a slot that is not yet feasible; a *mate* is a horizontal run of
k-1 S with both ends empty and feasible. ``BitFeatures`` packs the seven booleans into
one of 128 states (the report's); ``CountFeatures`` counts chesses and potential chesses
(0, 1, 2+; two chesses at once is the "trap") for the improved learner.
"""

from __future__ import annotations

from mix.board import Board, Geometry


def threats(s: int, empty: int, g: Geometry) -> int:
    """Mask of the empty slots that would complete k in a row for the stones ``s``."""
    k, r = g.k, 0
    for d in g.dirs:
        for j in range(k):  # the empty slot is the j-th cell of the window
            acc = empty
            for i in range(k):
                if i != j:
                    sh = (i - j) * d
                    acc &= (s >> sh) if sh > 0 else (s << -sh)
                    if not acc:
                        break
            r |= acc
    return r


def has_mate(s: int, feasible: int, g: Geometry) -> bool:
    """True when ``s`` has k-1 in a row (any non-vertical direction) with both ends feasible."""
    for d in g.dirs[1:]:
        run = s
        for i in range(1, g.k - 1):
            run &= s >> (i * d)
        if run & (feasible << d) & (feasible >> ((g.k - 1) * d)):
            return True
    return False


def raw_features(stones: list[int] | tuple[int, int], g: Geometry) -> dict:
    """Per side: mate flag, chess and potential-chess masks, and the all-threats mask."""
    occ = stones[0] | stones[1]
    empty = g.full & ~occ
    feas = (occ + g.bottom) & g.full
    out = {}
    for p in (0, 1):
        t = threats(stones[p], empty, g)
        out[p] = {"mate": has_mate(stones[p], feas, g), "chess": t & feas,
                  "potential": t & ~feas, "threats": t}
    return out


BIT_NAMES = ("O to move", "X mate", "O mate", "X chess", "O chess", "X potential", "O potential")


class BitFeatures:
    """The report's 7 bits -> 128 states. ``loose=True``: a potential chess is any threat slot,
    feasible or not (so every chess is also a potential chess)."""

    n_states = 128

    def __init__(self, loose: bool = False):
        self.loose = loose
        self.name = "bits-loose" if loose else "bits-strict"

    def index(self, stones, turn: int, g: Geometry) -> int:
        """The state number of a position (bit 0 = O to move, see ``BIT_NAMES``)."""
        f = raw_features(stones, g)
        key = "threats" if self.loose else "potential"
        return (turn | f[0]["mate"] << 1 | f[1]["mate"] << 2 | (f[0]["chess"] != 0) << 3
                | (f[1]["chess"] != 0) << 4 | (f[0][key] != 0) << 5 | (f[1][key] != 0) << 6)

    def board_index(self, b: Board) -> int:
        return self.index(b.stones, b.turn, b.g)

    @staticmethod
    def describe(s: int) -> str:
        """A readable name of state ``s``, e.g. 'X to move, O chess'."""
        on = [n for i, n in enumerate(BIT_NAMES) if i and s >> i & 1]
        return ("O" if s & 1 else "X") + " to move" + (": " + ", ".join(on) if on else "")


class CountFeatures:
    """Counting features: mate, #chess (0/1/2+ = trap), #potential (0/1/2+) per side -> 648 states."""

    n_states = 2 * 2 * 2 * 3 * 3 * 3 * 3
    name = "counts"

    def index(self, stones, turn: int, g: Geometry) -> int:
        f = raw_features(stones, g)
        s = turn * 2 + f[0]["mate"]
        s = s * 2 + f[1]["mate"]
        for p in (0, 1):
            s = s * 3 + min(f[p]["chess"].bit_count(), 2)
        for p in (0, 1):
            s = s * 3 + min(f[p]["potential"].bit_count(), 2)
        return s

    def board_index(self, b: Board) -> int:
        return self.index(b.stones, b.turn, b.g)

    @staticmethod
    def describe(s: int) -> str:
        pots, s = (s % 9), s // 9
        ch, s = (s % 9), s // 9
        om, s = s % 2, s // 2
        xm, turn = s % 2, s // 2
        return (f"{'O' if turn else 'X'} to move, mates {xm}/{om}, chess {ch // 3}/{ch % 3}, "
                f"potential {pots // 3}/{pots % 3}")


FEATURES = {"bits-strict": BitFeatures(False), "bits-loose": BitFeatures(True),
            "counts": CountFeatures()}


def get_features(name: str):
    """A feature definition by name: 'bits-strict' (default), 'bits-loose' or 'counts'."""
    if name not in FEATURES:
        raise ValueError(f"features must be one of {sorted(FEATURES)}, got {name!r}")
    return FEATURES[name]
