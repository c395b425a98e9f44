"""Opponents: random, one-ply heuristics, a potential-chess builder, and value-table search.

Every agent has ``choose(board, rng) -> column`` with ``rng`` a ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mix.board import Board
from mix.checks import MAX_DEPTH, reals
from mix.features import BitFeatures, get_features, threat_slots
from mix.plain.alphabeta import search_move
from mix.plain.solver import best_moves, shared_table
from studykit.checks import flag, real, shown, whole

# MAX_DEPTH (from mix.checks): value-table search plies (depth 6 on 10x20: seconds a move)


def _cols(mask: int, b: Board) -> list[int]:
    """Columns of the feasible slots in ``mask``."""
    h, out = b.g.height, []
    while mask:
        low = mask & -mask
        out.append((low.bit_length() - 1) // h)
        mask ^= low
    return sorted(out)


class RandomAgent:
    """A uniformly random legal move."""

    name = "random"

    def cache_key(self) -> dict:
        """No setting: every random agent plays alike."""
        return {}

    def choose(self, b: Board, rng: random.Random) -> int:
        return rng.choice(b.legal_moves())


class OneStep:
    """Win if you can, block if you must, else random; ``safe``: never play directly under
    the opponent's winning slot (when another move exists)."""

    def __init__(self, safe: bool = False):
        self.safe = safe = flag(safe, "safe")   # the text "no" would count as true
        self.name = "onestep-safe" if safe else "onestep"

    def cache_key(self) -> dict:
        """Its one setting, for ``studykit.cache.cache_key``."""
        return {"safe": self.safe}

    def candidates(self, b: Board) -> list[int]:
        g, me = b.g, b.turn
        occ = b.stones[0] | b.stones[1]
        empty, feas = g.full & ~occ, (occ + g.bottom) & g.full
        win = threat_slots(b.stones[me], empty, g) & feas
        if win:
            return _cols(win, b)
        opp = threat_slots(b.stones[1 - me], empty, g)
        if opp & feas:
            return _cols(opp & feas, b)
        moves = b.legal_moves()
        if self.safe:
            safe = _cols(feas & ~(opp >> 1), b)
            return safe or moves
        return moves

    def choose(self, b: Board, rng: random.Random) -> int:
        return rng.choice(self.candidates(b))


class Builder(OneStep):
    """The report's weakness, scripted: play safe, and otherwise prepare as many potential
    chesses (threat slots above empty slots) as possible, preferring the upper rows."""

    name = "builder"

    def __init__(self):
        super().__init__(safe=True)

    def choose(self, b: Board, rng: random.Random) -> int:
        cands = self.candidates(b)
        if len(cands) == 1:
            return cands[0]
        g, me, best, out = b.g, b.turn, -1, []
        for c in cands:
            b.play(c)
            occ = b.stones[0] | b.stones[1]
            feas = (occ + g.bottom) & g.full
            t = threat_slots(b.stones[me], g.full & ~occ, g)
            score = (t & ~feas).bit_count() * 100 + b.heights[c]
            b.undo(c)
            if score > best:
                best, out = score, [c]
            elif score == best:
                out.append(c)
        return rng.choice(out)


def heuristic_values(features: BitFeatures | None = None) -> list[float]:
    """A hand-made value (X's view) for each of the 128 bit states, for alpha-beta search."""
    if features is not None and not isinstance(features, BitFeatures):
        raise TypeError(f"features must be a mix.BitFeatures or None, got {shown(features)}")
    out = []
    for s in range(128):
        o_turn, xm, om, xc, oc, xp, op = ((s >> i) & 1 for i in range(7))
        sign = -1.0 if o_turn else 1.0
        mover_chess, opp_mate = (oc, xm) if o_turn else (xc, om)
        if mover_chess:
            v = 0.9 * sign
        elif opp_mate:
            v = -0.8 * sign
        else:
            v = 0.3 * (xc - oc) + 0.2 * (xm - om) + 0.1 * (xp - op)
        out.append(v)
    return out


def count_values() -> list[float]:
    """A hand-made value (X's view) for each of the 648 counting states: chesses and traps,
    and above all many potential chesses (the patient builder the report fears)."""
    out = []
    for s in range(648):
        op, xp, oc, xc = s % 3, s // 3 % 3, s // 9 % 3, s // 27 % 3
        om, xm, o_turn = s // 81 % 2, s // 162 % 2, s // 324
        sign = -1.0 if o_turn else 1.0
        mover_chess, opp_win = (oc, xc >= 2 or xm) if o_turn else (xc, oc >= 2 or om)
        if mover_chess:
            v = 0.9 * sign
        elif opp_win:
            v = -0.85 * sign
        else:
            v = 0.15 * (xc - oc) + 0.2 * (xp - op)
        out.append(v)
    return out


class SearchAgent:
    """Depth-limited minimax over a state-value table (X's view): the learned player with
    ``depth=2`` is the report's "future seeing"; a hand-made table gives plain alpha-beta."""

    def __init__(self, values: Sequence[float], features="bits-strict", depth: int = 2,
                 draw: float = 0.0, name: str | None = None):
        depth = whole(depth, "depth", 1, MAX_DEPTH)
        draw = real(draw, "draw", -1, 1)
        if name is not None and not isinstance(name, str):
            raise TypeError(f"name must be a text or None, got {shown(name)}")
        self.feats = get_features(features) if isinstance(features, str) else features
        if not hasattr(self.feats, "n_states") or not hasattr(self.feats, "index"):
            raise TypeError(f"features must be a feature definition's name or object "
                            f"(mix.get_features), got {shown(features)}")
        if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
            raise TypeError(f"values must be a list or array of numbers, got {shown(values)}")
        if len(values) != self.feats.n_states:
            raise ValueError(f"values has {len(values)} entries, features need {self.feats.n_states}")
        values = reals(values, "values", ndim=1).tolist()   # NaN, infinity, 10**400 refused
        self.values, self.depth, self.draw = values, depth, draw
        self.name = name or f"search:{depth}"

    def cache_key(self) -> dict:
        """Everything that decides this agent's moves: its features, depth, draw value and
        values (by content), for ``studykit.cache.cache_key``."""
        return {"features": self.feats.name, "depth": self.depth, "draw": self.draw,
                "values": [float(v) for v in self.values]}

    def choose(self, b: Board, rng: random.Random) -> int:
        return search_move(b, self.depth, self.values, self.feats, rng, self.draw)


class PerfectAgent:
    """Perfect play on small boards: a move of the best game-theoretic value, ties by ``rng``.

    The solver's transposition table ``tt`` is kept between moves and games; by default it is
    the one every perfect player of the process shares on that board (``mix.plain.solver.
    shared_table``), so the matches of a sweep that land in the same worker reuse each
    other's work. It is memory-hungry (about 800 MB for 200 games on 5x5): play it in-process
    or with ``mix.play.ladder.ladder(..., backend="multiprocessing")``, not in joblib's default
    workers, which restart (with a warning) when their memory grows by more than 300 MB."""

    name = "perfect"

    def __init__(self, tt: dict | None = None):
        if tt is not None and not isinstance(tt, dict):
            raise TypeError(f"tt must be a dict (a transposition table) or None, got "
                            f"{type(tt).__name__}")
        self.tt = tt

    def cache_key(self) -> dict:
        """No setting (its table only saves work): every perfect player plays alike."""
        return {}

    def choose(self, b: Board, rng: random.Random) -> int:
        return rng.choice(best_moves(b, shared_table(b.g) if self.tt is None else self.tt))


def make_agent(spec):
    """An agent from a name: 'random', 'onestep', 'onestep-safe', 'builder', 'alphabeta:D',
    'learned[:D]' (the shipped mix.init), 'learned-counts[:D]' (counts.init: counting features,
    1,500 games), 'selftaught[:D]' (mix/selftaught.init: self-play TD, depth 4 by default),
    'perfect' (small boards); objects with ``choose`` pass through."""
    if hasattr(spec, "choose"):
        return spec
    if not isinstance(spec, str):
        raise TypeError(f"agent must be a name or an object with choose(), got {spec!r}")
    name, _, arg = spec.partition(":")
    if arg and not arg.isdigit():
        raise ValueError(f"agent depth must be a positive integer, got {spec!r}")
    if name == "random":
        return RandomAgent()
    if name == "onestep":
        return OneStep(False)
    if name == "onestep-safe":
        return OneStep(True)
    if name == "builder":
        return Builder()
    if name == "perfect":
        return PerfectAgent()
    if name == "builder-search":
        return SearchAgent(count_values(), "counts", int(arg or 2), name=spec)
    if name == "alphabeta":
        return SearchAgent(heuristic_values(), "bits-strict", int(arg or 2), name=spec)
    if name in ("learned", "learned-counts"):
        from mix.valuesfile import default_path, load_values
        path = default_path() if name == "learned" else default_path().with_name("counts.init")
        feats, values = load_values(path)
        return SearchAgent(values, feats, int(arg or 2), name=spec)
    if name == "selftaught":
        from mix.selftaught.agent import SelfTaughtAgent
        from mix.selftaught.training import load_weights
        return SelfTaughtAgent(load_weights(), int(arg or 4), name=spec)
    raise ValueError(f"unknown agent {spec!r}: use random, onestep, onestep-safe, builder, "
                     "builder-search[:D], alphabeta:D, learned[:D], learned-counts[:D], "
                     "selftaught[:D] or perfect")
