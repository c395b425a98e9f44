"""How large is MIX, and how large its abstraction? The report puts an exact model at
3**(20+10) states; this module gives the counts that formula is meant to bound: every slot
empty, X or O (3**(rows*cols)), the positions gravity allows (each column a stack of X and O),
and, on small boards, the exact number of positions reachable in play (counted by depth-first
search, games stop at a win). For the report's feature MDP ("fewer than 60" of its 128 states
are reachable) it gives the feature states met in seeded play, and the game each was first
met in (``first_seen``, ``reachable_states``), and the claim rows on them: the report's "a mate
implies a chess and a potential chess" fixes the loose potential chess, so the rows follow it
and show the strict definition beside (``mate_breaks``, ``reach_rows``)."""

from __future__ import annotations

import random

import numpy as np

from mix.board import MAX_SIDE, Board, Geometry
from mix.checks import check_board, check_games
from mix.features import get_features, threat_masks
from mix.play.agentchecks import check_agent
from mix.play.agents import make_agent
from studykit import with_alternative
from studykit.checks import array, flag, whole
from studykit.checks import seed as check_seed
from studykit.claims import VARIANT, Claim, Setting, check_claim

MAX_EXACT_SLOTS = 20  # exact counting enumerates every position: small boards only


def report_formula(rows: int, cols: int) -> int:
    """The report's count, 3**(cols + rows) (3**(20+10) on its 10x20 board)."""
    rows, cols = _check(rows, cols)
    return 3 ** (rows + cols)


def slot_assignments(rows: int, cols: int) -> int:
    """Every slot empty, X or O independently: 3**(rows*cols), an upper bound."""
    rows, cols = _check(rows, cols)
    return 3 ** (rows * cols)


def gravity_bound(rows: int, cols: int) -> int:
    """Positions with gravity: each column a stack of 0..rows stones, each X or O, so
    (2**(rows+1) - 1)**cols. Still an upper bound (stone counts and wins are not checked)."""
    rows, cols = _check(rows, cols)
    return (2 ** (rows + 1) - 1) ** cols


def reachable_positions(rows: int, cols: int, diagonals: bool = False) -> int:
    """The exact number of distinct positions (the empty board included) reachable in play,
    X first, a game ending at a win or a full board. Boards of at most 20 slots."""
    rows, cols = _check(rows, cols)
    if rows * cols > MAX_EXACT_SLOTS:
        raise ValueError(f"exact counting is for boards of at most {MAX_EXACT_SLOTS} slots, "
                         f"got {rows}x{cols}")
    b = Board(geometry=Geometry(rows, cols, 4, flag(diagonals, "diagonals")))
    seen = {(0, 0)}
    stack = [[]]  # move sequences still to expand (positions are deduplicated on entry)
    while stack:
        moves = stack.pop()
        for m in moves:
            b.play(m)
        if not b.is_over():
            for c in b.legal_moves():
                b.play(c)
                key = (b.stones[0], b.stones[1])
                b.undo(c)
                if key not in seen:
                    seen.add(key)
                    stack.append(moves + [c])
        for m in reversed(moves):
            b.undo(m)
    return len(seen)


def first_seen(features: list[str] | tuple[str, ...], agents=("random", "random"),
               games: int = 1000, seed: int = 0, rows: int = 10,
               cols: int = 20) -> dict[str, dict[int, int]]:
    """For each feature definition, the states met in ``games`` seeded games between
    ``agents`` and the game (0-based) in which each was first met."""
    games, seed, g = check_games(games), check_seed(seed), check_board(rows, cols)
    if isinstance(features, str) or not isinstance(features, (list, tuple)):
        raise TypeError(f"features must be a list or tuple of feature names, got {features!r}")
    feats = {f: get_features(f) for f in features}
    if isinstance(agents, str) or not isinstance(agents, (list, tuple)) or len(agents) != 2:
        raise ValueError(f"agents must be a pair (X's agent, O's agent), got {agents!r}")
    a = [make_agent(check_agent(x, f"agents[{i}]", g.rows, g.cols)) for i, x in enumerate(agents)]
    rng, seen = random.Random(seed), {f: {} for f in features}
    for i in range(games):
        b = Board(geometry=g)
        while not b.is_over():
            masks = threat_masks(b.stones, g)  # one threat scan serves every definition
            for f, fe in feats.items():
                seen[f].setdefault(fe.from_masks(masks, b.turn), i)
            b.play(a[b.turn].choose(b, rng))
    return seen


def reachable_states(features: str, agents=("random", "random"), games: int = 1000,
                     seed: int = 0, rows: int = 10, cols: int = 20) -> set[int]:
    """The distinct states of ``features`` met in ``games`` seeded games between ``agents``
    (a lower bound on the states reachable in play)."""
    return set(first_seen([features], agents, games, seed, rows, cols)[features])


MATE_CHESS_POTENTIAL = ((1, 3, 5), (2, 4, 6))  # X's, O's (BIT_NAMES): mate, chess, potential
STRICT = "strict: a potential chess is a threat slot that is not feasible"
LOOSE = "loose: any threat slot, so every chess is also a potential chess"


def mate_breaks(states) -> int:
    """How many of the 7-bit ``states`` have a side with a mate but without both its chess and
    its potential chess bits: the states that break the report's implication."""
    s = array(np.fromiter(states, dtype=np.int64), "states", ndim=1, kind="integer")
    if len(s) and (s.min() < 0 or s.max() > 127):
        raise ValueError("states must be 7-bit state numbers (0 to 127)")
    broken = np.zeros(len(s), dtype=bool)
    for mate, chess, potential in MATE_CHESS_POTENTIAL:
        has = (s >> mate) & 1 == 1
        broken |= has & (((s >> chess) & 1 == 0) | ((s >> potential) & 1 == 0))
    return int(broken.sum())


def reach_rows(strict_states, loose_states, *, setting: Setting | None = None) -> list[Claim]:
    """The implication row and the "less than 60" row, each on the loose potential chess (the one
    under which the report's implication holds), with the strict definition's verdict beside."""
    strict_states, loose_states = set(strict_states), set(loose_states)
    ns, nl = len(strict_states), len(loose_states)
    bs, bl = mate_breaks(strict_states), mate_breaks(loose_states)
    quote = ("\"if the X player has a mate sequence ... he has a chess, and a potential chess "
             "sequence as well\"")
    test = ("in every feature state met in play, a side with a mate also has its chess and its "
            "potential-chess bits; ")
    counts = f"states met that break it: {bl} of {nl} (loose), {bs} of {ns} (strict)"
    imp = check_claim("a mate implies a chess and a potential chess", quote, counts, bl == 0,
                      test=test + "loose potential chess", setting=setting,
                      reason="a mate without a chess or a potential chess occurs")
    imp_strict = check_claim("a mate implies a chess and a potential chess", quote, counts,
                             bs == 0, test=test + "strict potential chess", setting=setting,
                             reason="a mate's feasible ends make chesses, not potential chesses: "
                                    "with no other threat the strict potential-chess bit is off")
    reading = {"choice": "definition of a potential chess", "reading": STRICT, "chosen": LOOSE}
    bound = "distinct states met in play (a lower bound on the reachable ones; the count " \
            "saturates within a few thousand random games), "
    size = check_claim("reachable feature states", "less than 60",
                       f"{nl} with the loose potential chess, which the report's implication "
                       f"fixes; {ns} with the strict one", nl < 60,
                       test=bound + "loose potential chess, < 60", setting=setting,
                       reason="more than 60 states occur under the reading the implication fixes")
    size_strict = check_claim("reachable feature states", "less than 60",
                              f"{ns} with the strict potential chess", ns < 60,
                              test=bound + "strict potential chess, < 60", setting=setting,
                              reason="with the strict definition more states occur: a chess and "
                                     "a potential chess are then different slots")
    return [row if VARIANT in (row.status, other.status) else
            with_alternative(row, other=other, **reading)
            for row, other in ((imp, imp_strict), (size, size_strict))]


def _check(rows: int, cols: int) -> tuple[int, int]:
    """Rows and cols in 1..MAX_SIDE (numpy integers as Python ints, bools refused)."""
    return whole(rows, "rows", 1, MAX_SIDE), whole(cols, "cols", 1, MAX_SIDE)
