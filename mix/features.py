"""The report's state abstraction: mate, chess and potential chess for each side, on bitboards.

A *chess* of S is an empty feasible slot completing k in a row for S (S wins if it moves);
a *potential chess* is such a slot that is not yet feasible; a *mate* is a horizontal run of
k-1 S with both ends empty and feasible. ``BitFeatures`` packs the seven booleans into
one of 128 states (the report's); ``CountFeatures`` counts chesses and potential chesses
(0, 1, 2+; two chesses at once is the "trap") for the improved learner.
"""

from __future__ import annotations

from collections.abc import Callable

from mix.board import Board, Geometry
from studykit.checks import flag, items, whole


def check_geometry(g) -> Geometry:
    """``g`` a ``mix.Geometry`` (the board's shape)."""
    if not isinstance(g, Geometry):
        raise TypeError(f"g must be a mix.Geometry, got {type(g).__name__}")
    return g


def check_mask(value, name: str, g: Geometry) -> int:
    """A set of slots of ``g`` as a Python int (numpy integers converted): no bit off the board."""
    value = whole(value, name, 0)
    if value & ~g.full:
        raise ValueError(f"{name} must be a mask of the {g.rows}x{g.cols} board's slots (mix.Board "
                         f"stones), got {value:#x}")
    return value


def threats(s: int, empty: int, g: Geometry) -> int:
    """Mask of the empty slots that would complete k in a row for the stones ``s`` (checked:
    the searches call ``threat_slots``)."""
    g = check_geometry(g)
    return threat_slots(check_mask(s, "s", g), check_mask(empty, "empty", g), g)


def threat_slots(s: int, empty: int, g: Geometry) -> int:
    """``threats`` unchecked, for the searches' inner loops."""
    if g.k == 4:  # memoised: the slots S would complete depend only on S and the directions
        cache = _RAW.get(g.dirs)
        if cache is None or len(cache) > _RAW_LIMIT:
            cache = _RAW[g.dirs] = {}
        r = cache.get(s)
        if r is None:
            r = cache[s] = threats4(s, g.dirs)
        return r & empty
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


_RAW: dict[tuple[int, ...], dict[int, int]] = {}  # directions -> {stones: threat slots}
_RAW_LIMIT = 100_000


def threats4(s: int, dirs: tuple[int, ...]) -> int:
    """``threats`` for k = 4 before masking by the empty slots: slot x when S holds x+d, x+2d
    and (x+3d or x-d), or x-d, x-2d and (x-3d or x+d), for some direction d of ``dirs`` (bits
    past the board's slots included: mask them with ``g.full``)."""
    r = 0
    for d in dirs:
        up1, dn1 = s >> d, s << d      # S at x+d, S at x-d
        up2, dn2 = up1 & (s >> 2 * d), dn1 & (s << 2 * d)
        r |= (up2 & (dn1 | (s >> 3 * d))) | (dn2 & (up1 | (s << 3 * d)))
    return r


_RAW_CACHES: dict = {}  # geometry -> {stones: their threat slots, empty or not}
RAW_CACHE_LIMIT = 200_000  # entries kept per geometry before the memo starts afresh (default)


def clear_memo() -> None:
    """Forget every remembered threat mask (``threats``' and ``raw_threats``' memos), e.g. to
    time the computation itself; results never depend on what is remembered."""
    _RAW.clear()
    _RAW_CACHES.clear()


def memo_size() -> int:
    """How many threat masks the memos of ``threats`` and ``raw_threats`` remember now."""
    return sum(map(len, _RAW.values())) + sum(len(c) for c in _RAW_CACHES.values())


def raw_threats(g: Geometry, limit: int = RAW_CACHE_LIMIT) -> tuple[dict, Callable[[int], int]]:
    """A memo of ``threats(s, g.full, g)`` (every slot, empty or not, that would complete k in
    a row for the stones ``s``; emptied when it grows past ``limit`` entries) and the
    function that computes an entry. Searches mask the slots with the empty ones themselves."""
    rc = _RAW_CACHES.get(g)
    if rc is None or len(rc) > limit:
        rc = _RAW_CACHES[g] = {}
    if g.k == 4:
        dirs, full = g.dirs, g.full
        return rc, lambda s: threats4(s, dirs) & full
    return rc, lambda s: threat_slots(s, g.full, g)


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
    g = check_geometry(g)
    stones = [check_mask(v, "stones", g) for v in items(stones, "stones", min_len=2, max_len=2)]
    if stones[0] & stones[1]:
        raise ValueError(f"stones must be X's and O's slots, apart; got {stones[0]:#x} and "
                         f"{stones[1]:#x}, sharing {stones[0] & stones[1]:#x}")
    occ = stones[0] | stones[1]
    empty = g.full & ~occ
    feas = (occ + g.bottom) & g.full
    out = {}
    for p in (0, 1):
        t = threat_slots(stones[p], empty, g)
        out[p] = {"mate": has_mate(stones[p], feas, g), "chess": t & feas,
                  "potential": t & ~feas, "threats": t}
    return out


def threat_masks(stones, g: Geometry) -> tuple[int, int, int, int, int, int]:
    """(mate X, mate O, chess X, chess O, threats X, threats O) with chess and threats as masks.
    A mate ends on two chess slots, so it is only looked for when the side has a chess."""
    s0, s1 = stones
    occ = s0 | s1
    empty, feas = g.full & ~occ, (occ + g.bottom) & g.full
    t0, t1 = threat_slots(s0, empty, g), threat_slots(s1, empty, g)
    c0, c1 = t0 & feas, t1 & feas
    m0 = bool(c0) and has_mate(s0, feas, g)
    m1 = bool(c1) and has_mate(s1, feas, g)
    return m0, m1, c0, c1, t0, t1


BIT_NAMES = ("O to move", "X mate", "O mate", "X chess", "O chess", "X potential", "O potential")


def bit_state(o_to_move, x_mate, o_mate, x_chess, o_chess, x_potential, o_potential) -> int:
    """The report's state number: bit i set when ``BIT_NAMES[i]`` holds (each argument a truth
    value). The one place the 7-bit index is written: ``BitFeatures``, the search's packers
    (``mix.packing``) and the plain engine (``mix.plain.board``) all call it."""
    return (o_to_move | x_mate << 1 | o_mate << 2 | x_chess << 3 | o_chess << 4
            | x_potential << 5 | o_potential << 6)


class BitFeatures:
    """The report's 7 bits -> 128 states. ``loose=True``: a potential chess is any threat slot,
    feasible or not (so every chess is also a potential chess)."""

    n_states = 128

    def __init__(self, loose: bool = False):
        self.loose = flag(loose, "loose")
        self.name = "bits-loose" if loose else "bits-strict"

    def index(self, stones, turn: int, g: Geometry) -> int:
        """The state number of a position (bit 0 = O to move, see ``BIT_NAMES``)."""
        return self.from_masks(threat_masks(stones, g), turn)

    def from_masks(self, masks: tuple, turn: int) -> int:
        """``index`` from the position's ``threat_masks`` (one scan serves every definition)."""
        m0, m1, c0, c1, t0, t1 = masks
        if not self.loose:  # strict: a potential chess is a threat slot that is not feasible
            t0, t1 = t0 & ~c0, t1 & ~c1
        return bit_state(turn, m0, m1, c0 != 0, c1 != 0, t0 != 0, t1 != 0)

    def board_index(self, b: Board) -> int:
        return self.index(b.stones, b.turn, b.g)

    @staticmethod
    def mover_has_chess(s):
        """True when the side to move in state ``s`` has a chess, so wins at once (bit 3 when X
        moves, bit 4 when O moves); ``s`` may be a numpy array of states."""
        return (s >> (3 + (s & 1))) & 1 == 1

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
        m0, m1, c0, c1, t0, t1 = threat_masks(stones, g)  # from_masks inlined: training's hot path
        return ((((((turn * 2 + m0) * 2 + m1) * 3 + min(c0.bit_count(), 2)) * 3
                  + min(c1.bit_count(), 2)) * 3 + min((t0 & ~c0).bit_count(), 2)) * 3
                + min((t1 & ~c1).bit_count(), 2))

    def from_masks(self, masks: tuple, turn: int) -> int:
        """``index`` from the position's ``threat_masks`` (one scan serves every definition)."""
        m0, m1, c0, c1, t0, t1 = masks
        return ((((((turn * 2 + m0) * 2 + m1) * 3 + min(c0.bit_count(), 2)) * 3
                  + min(c1.bit_count(), 2)) * 3 + min((t0 & ~c0).bit_count(), 2)) * 3
                + min((t1 & ~c1).bit_count(), 2))

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
    if not isinstance(name, str) or name not in FEATURES:  # (a list is not hashable)
        raise ValueError(f"name (the features) must be one of {sorted(FEATURES)}, got {name!r}")
    return FEATURES[name]
