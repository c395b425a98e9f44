"""The straightforward MIX search, solver and self-taught player, kept as the oracles of the
fast ones: the tests check the fast search chooses the same moves and values, the fast solver
the same game values, the fast self-taught search the same values and moves and its training
the same weights, and ``bench/bench_mix.py`` times one against the other.

The plain search and solver (the code ``mix.search`` and ``mix.solver`` ran before they were
made fast) now live in the library, ``mix.plain``, and are imported here under their old
names; the self-taught player's plain search is ``mix.plain.selftaught``. Kept here: test
inputs and board oracles, and at the end, the table-and-threats solver as it was before its exact bounds, with the
follow-up pair rule written out plainly (``mover_cells``).

``previous_search_values`` (``PreviousSearchAgent``) is the fast search as it was before its
horizon stopped at a reply good enough for the caller (``mix.horizon``'s ``tau``): the
horizon's evaluators, called without ``tau``, are the ones it ran. ``bench/bench_mix.py
--ladder`` plays it as the opponents of the self-taught player's previous search.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from mix.board import Board, Geometry, O, X
from mix.horizon import horizon_evaluators
from mix.plain.alphabeta import search_move, search_values  # noqa: F401 (the oracles' names)
from mix.plain.solver import best_moves, solve, solve_position  # noqa: F401
from mix.search import _columns, center_order

INF = float("inf")
_BOUNDS = {(lo, hi): (lo, hi) for lo in (-1, 0, 1) for hi in (-1, 0, 1)}  # shared bound pairs


def random_positions(rng: random.Random, g, n: int, most: int | None = None) -> list[Board]:
    """``n`` positions of random games on ``g`` (the oracles' test inputs), each after 0 to
    ``most`` random moves (at most every slot but one), none of them over."""
    most = g.rows * g.cols - 1 if most is None else most
    out = []
    while len(out) < n:
        b = Board(geometry=g)
        for _ in range(rng.randint(0, most)):
            if b.is_over():
                break
            b.play(rng.choice(b.legal_moves()))
        if not b.is_over():
            out.append(b)
    return out


# The engine and the feature indices on a plain array board (the bitboard engine's oracle).

class ArrayBoard:
    """The oracle: a list-of-lists board scanned cell by cell."""

    def __init__(self, rows, cols, k=4, diagonals=False):
        self.rows, self.cols, self.k = rows, cols, k
        self.grid = [[None] * cols for _ in range(rows)]  # grid[r][c], r = 0 at the bottom
        self.dirs = [(1, 0), (0, 1)] + ([(1, 1), (1, -1)] if diagonals else [])
        self.turn, self.winner, self.moves = X, None, 0

    def legal(self):
        return [] if self.winner is not None else [c for c in range(self.cols)
                                                    if self.grid[self.rows - 1][c] is None]

    def play(self, c):
        r = next(r for r in range(self.rows) if self.grid[r][c] is None)
        self.grid[r][c] = self.turn
        if self.line(self.turn):
            self.winner = self.turn
        self.turn, self.moves = 1 - self.turn, self.moves + 1

    def inside(self, r, c):
        return 0 <= r < self.rows and 0 <= c < self.cols

    def line(self, p):
        for r in range(self.rows):
            for c in range(self.cols):
                for dr, dc in self.dirs:
                    cells = [(r + i * dr, c + i * dc) for i in range(self.k)]
                    if all(self.inside(*x) and self.grid[x[0]][x[1]] == p for x in cells):
                        return True
        return False

    def feasible(self, r, c):
        return self.grid[r][c] is None and (r == 0 or self.grid[r - 1][c] is not None)

    def threat_cells(self, p):
        out = set()
        for r in range(self.rows):
            for c in range(self.cols):
                if self.grid[r][c] is not None:
                    continue
                for dr, dc in self.dirs:
                    for j in range(self.k):
                        cells = [(r + (i - j) * dr, c + (i - j) * dc) for i in range(self.k) if i != j]
                        if all(self.inside(*x) and self.grid[x[0]][x[1]] == p for x in cells):
                            out.add((r, c))
        return out

    def mate(self, p):
        for dr, dc in self.dirs:
            if (dr, dc) == (1, 0):
                continue
            for r in range(self.rows):
                for c in range(self.cols):
                    run = [(r + i * dr, c + i * dc) for i in range(self.k - 1)]
                    ends = [(r - dr, c - dc), (r + (self.k - 1) * dr, c + (self.k - 1) * dc)]
                    if (all(self.inside(*x) and self.grid[x[0]][x[1]] == p for x in run)
                            and all(self.inside(*e) and self.feasible(*e) for e in ends)):
                        return True
        return False

    def features(self):
        out = {}
        for p in (X, O):
            t = self.threat_cells(p)
            chess = {e for e in t if self.feasible(*e)}
            out[p] = (self.mate(p), len(chess), len(t - chess), len(t))
        return out


def bit_index_oracle(f, turn, loose):
    pot = 3 if loose else 2
    return (turn | f[X][0] << 1 | f[O][0] << 2 | (f[X][1] > 0) << 3 | (f[O][1] > 0) << 4
            | (f[X][pot] > 0) << 5 | (f[O][pot] > 0) << 6)


def count_index_oracle(f, turn):
    s = ((turn * 2 + f[X][0]) * 2 + f[O][0])
    for v in (f[X][1], f[O][1], f[X][2], f[O][2]):
        s = s * 3 + min(v, 2)
    return s


# ---- The table-and-threats solver (mix.solver before its alive-window bounds), kept as the
# oracle of the current one: same values and the same best moves. (Block of the solver's
# speed-up; other oracles go above it.)

def bounded_solver(g, tt: dict):
    """The fail-soft negamax ``(me, opp, mme, mopp, alpha, beta) -> value`` it used."""
    from mix.features import raw_threats

    full, bottom, h, cols = g.full, g.bottom, g.height, g.cols
    rc, raw = raw_threats(g)
    rc_get, tt_get = rc.get, tt.get
    col = (1 << g.rows) - 1
    order = [(col << (c * h), (cols - 1 - 2 * c) * h) for c in center_order(cols)]
    win, loss = _BOUNDS[1, 1], _BOUNDS[-1, -1]

    def threat(s: int) -> int:
        r = rc_get(s)
        if r is None:
            r = rc[s] = raw(s)
        return r

    def solve(me: int, opp: int, mme: int, mopp: int, alpha: int, beta: int) -> int:
        occ = me | opp
        if occ == full:
            return 0
        mocc = mme | mopp
        key = min(me | (occ + bottom), mme | (mocc + bottom))
        hit = tt_get(key)
        if hit is not None:
            lo, hi = hit
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        f = (occ + bottom) & full
        if threat(me) & f:
            tt[key] = win
            return 1
        ropp = threat(opp)
        moves = ropp & f
        if moves & (moves - 1):
            tt[key] = loss
            return -1
        moves = (moves or f) & ~(ropp >> 1)
        if not moves:
            tt[key] = loss
            return -1
        a0, best, e, cand = alpha, -2, full ^ occ, []
        for i, (cm, shift) in enumerate(order):
            m = moves & cm
            if m:
                cand.append((-(threat(me | m) & e).bit_count(), i, m, shift))
        if len(cand) > 1:
            cand.sort()
        for _, _, m, shift in cand:
            mm = m << shift if shift >= 0 else m >> -shift
            v = -solve(opp, me | m, mopp, mme | mm, -beta, -alpha)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        lo, hi = tt_get(key, (-1, 1))
        if best <= a0:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        tt[key] = _BOUNDS[lo, hi]
        return best

    return solve


def bounded_mirror(s: int, g) -> int:
    col, h = (1 << g.height) - 1, g.height
    return sum(((s >> (c * h)) & col) << ((g.cols - 1 - c) * h) for c in range(g.cols))


def bounded_solve_position(b: Board, tt: dict | None = None) -> int:
    """+1 / 0 / -1 for the side to move, by two null-window searches."""
    if b.winner is not None:
        return -1
    me, opp = b.stones[b.turn], b.stones[1 - b.turn]
    s = bounded_solver(b.g, {} if tt is None else tt)
    mme, mopp = bounded_mirror(me, b.g), bounded_mirror(opp, b.g)
    if s(me, opp, mme, mopp, -1, 0) < 0:
        return -1
    return 1 if s(me, opp, mme, mopp, 0, 1) > 0 else 0


def bounded_best_moves(b: Board, tt: dict | None = None) -> list[int]:
    """The legal moves of the best value, in column order, moves shown worse skipped."""
    from mix.features import raw_threats

    if b.winner is not None:
        raise ValueError("the game is over")
    g = b.g
    solver = bounded_solver(g, {} if tt is None else tt)
    me, opp = b.stones[b.turn], b.stones[1 - b.turn]
    occ, mme, mopp = me | opp, bounded_mirror(me, g), bounded_mirror(opp, g)
    f, wins = (occ + g.bottom) & g.full, raw_threats(g)[1](me)
    best, out = -2, []
    for c in b.legal_moves():
        m = f & (((1 << g.rows) - 1) << (c * g.height))
        if wins & m:
            v = 1
        elif occ | m == g.full:
            v = 0
        else:
            child = (opp, me | m, mopp, mme | bounded_mirror(m, g))

            def at_least(t: int, child=child) -> bool:
                return solver(*child, -t, 1 - t) <= -t

            if best == -2:
                v = 1 if at_least(1) else 0 if at_least(0) else -1
            elif best > -1 and not at_least(best):
                continue
            else:
                v = best + 1 if best < 1 and at_least(best + 1) else best
                if v > best and v < 1 and at_least(1):
                    v = 1
        if v > best:
            best, out = v, [c]
        elif v == best:
            out.append(c)
    return out


def mover_cells(b: Board) -> int:
    """The cells the side to move may still get when an even number of cells is empty and the
    other side answers on top of each move (starting another odd column when the mover fills
    one): its stones, the lower cell of each pair of the even columns, the odd columns' empty
    cells. Without k in a row among them it cannot win (``mix.solver``'s bound, spelled out)."""
    g, me, opp = b.g, b.stones[b.turn], b.stones[1 - b.turn]
    occ = me | opp
    e = g.full ^ occ
    if e.bit_count() % 2:
        raise ValueError("an odd number of cells is empty: the other side cannot answer on top")
    out = me
    for c, h in enumerate(b.heights):
        odd = (g.rows - h) % 2
        out |= sum(g.bit(r, c) for r in range(h, g.rows) if odd or (g.rows - r) % 2 == 0)
    return out


def previous_searcher(g: Geometry, values: Sequence[float], feats, draw: float
                      ) -> Callable[[Board, int], dict[int, float]]:
    """``mix.search``'s ``search_values`` before its horizon stopped at a good enough reply
    (``previous_search_values``), as closures over the board's integers.

    A node is (``me``, ``opp``): the stones of the side to move and of the other side, whose
    colour ``sign`` (+1 for X) makes the values the mover's. A move on one of the mover's
    threat slots wins, and below depth 2 a move that leaves the opponent a playable threat, or
    makes one playable above it, loses at once without a search. The nodes one move from the
    leaves are valued by ``mix.horizon`` and remembered per position.
    """
    full, bottom = g.full, g.bottom
    colmask, orders = _columns(g)
    threat, state, makers, horizon, replies, after, quiet_ok = horizon_evaluators(
        g, values, feats, draw)
    memo: dict = {}
    memo_get = memo.get
    tried: list[list[tuple[int, int]]] = []  # per depth: (column, mask), last cutoff first

    def reorder(depth: int, c: int) -> None:
        """Move column ``c``, which just cut off, to the front of ``depth``'s order."""
        moves = tried[depth]
        if moves[0][0] != c:
            moves.insert(0, moves.pop(next(i for i, x in enumerate(moves) if x[0] == c)))

    def frontier(me: int, opp: int, sign: float, alpha: float, beta: float, rme: int) -> float:
        """The mover's value two moves from the leaves (fail-soft alpha-beta). From the second
        move searched on, the *doubly quiet* moves (they make no threat of the mover's, block
        none of the opponent's, and the slot above them is nobody's threat slot) are valued
        together by ``replies`` and ``after``: such a move changes the leaves the opponent can
        reach only where it touches a reply's new threats. ``rme``: the mover's threat slots."""
        occ = me | opp
        if occ == full:
            return sign * draw
        f = (occ + bottom) & full
        if rme & f:
            return 1.0
        ropp = threat(opp)
        copp, best, e = ropp & f, -INF, full ^ occ
        made, reply = -1, None  # computed when first needed
        for c, cm in tried[2]:
            m = f & cm
            if not m:
                continue
            if (copp & ~m) or (ropp & (m << 1) & full):  # the opponent will complete four
                v = -1.0
            else:
                key = (opp, me | m)
                v = memo_get(key)
                if v is None:
                    if made < 0:
                        made = makers(opp, e) if quiet_ok else 0
                    elif reply is None:
                        reply = replies(me, opp, sign, e, f, rme, ropp, made)
                    if reply and m & reply[0]:
                        v = memo[key] = after(me, opp, sign, e, f, m, reply)
                    else:
                        v = memo[key] = horizon(opp, me | m, -sign, ropp, made)
                v = -v
            if v > best:
                best = v
                if v >= beta:
                    reorder(2, c)
                    break
        return best

    def negamax(me: int, opp: int, sign: float, depth: int, alpha: float, beta: float) -> float:
        """The mover's value at ``depth`` >= 3 (fail-soft alpha-beta; the moves of each depth are
        tried in the order of their last cutoffs, move to front, centre first at the start)."""
        occ = me | opp
        if occ == full:
            return sign * draw
        f = (occ + bottom) & full
        if threat(me) & f:
            return 1.0
        ropp = threat(opp)
        copp, best = ropp & f, -INF
        for c, cm in tried[depth]:
            m = f & cm
            if not m:
                continue
            if (copp & ~m) or (ropp & (m << 1) & full):  # the opponent will complete four
                v = -1.0
            elif depth == 3:
                v = -frontier(opp, me | m, -sign, -beta, -max(alpha, best), ropp)
            else:
                v = -negamax(opp, me | m, -sign, depth - 1, -beta,
                             -max(alpha, best))
            if v > best:
                best = v
                if v >= beta:
                    reorder(depth, c)
                    break
        return best

    def root(b: Board, depth: int) -> dict[int, float]:
        """The plain search's root loop (the same order, windows and ties)."""
        moves = [c for c in center_order(g.cols) if b.heights[c] < g.rows]
        if b.winner is not None or not moves:
            raise ValueError("the game is over")
        turn = b.turn
        me, opp = b.stones[turn], b.stones[1 - turn]
        occ = me | opp
        f = (occ + bottom) & full
        rme = threat(me)
        for c in moves:  # immediate wins are taken
            if f & colmask[c] & rme:
                return {c: 1.0}
        sign = 1.0 if turn == X else -1.0
        ropp = threat(opp)
        copp, e = ropp & f, full ^ occ
        made = makers(opp, e) if depth == 2 and quiet_ok else 0
        reply = replies(me, opp, sign, e, f, rme, ropp, made) if depth == 2 else ()
        tried[:] = [list(orders[moves[0]]) for _ in range(depth + 1)]
        out, best = {}, -INF
        for c in moves:
            m = f & colmask[c]
            if occ | m == full:  # a full board: a draw
                v = sign * draw
            elif depth == 1:
                v = sign * values[state(me | m, opp, turn == X, e ^ m, (f ^ m) | ((m << 1) & full))]
            elif (copp & ~m) or (ropp & (m << 1) & full):
                v = -1.0
            elif depth == 2:
                v = -(after(me, opp, sign, e, f, m, reply) if reply and m & reply[0] else
                      horizon(opp, me | m, -sign, ropp, made))
            elif depth == 3:
                v = -frontier(opp, me | m, -sign, -INF, -(best - 1e-12), ropp)
            else:
                v = -negamax(opp, me | m, -sign, depth - 1, -INF, -(best - 1e-12))
            if v >= best - 1e-12:
                best = max(best, v)
                out[c] = v
        return {c: v for c, v in out.items() if v >= best - 1e-12}

    return root


def previous_search_values(b: Board, depth: int, values: Sequence[float], feats,
                           draw: float = 0.0) -> dict[int, float]:
    """``mix.search.search_values`` on ``previous_searcher``."""
    if depth < 1:
        raise ValueError(f"depth must be >= 1, got {depth}")
    return previous_searcher(b.g, values, feats, draw)(b, depth)


class PreviousSearchAgent:
    """``mix.agents.SearchAgent`` (``agent``'s table, features and depth) on
    ``previous_search_values``: the same moves and random draws."""

    def __init__(self, agent):
        self.a, self.name = agent, agent.name

    def choose(self, b: Board, rng: random.Random) -> int:
        a = self.a
        return rng.choice(sorted(previous_search_values(b, a.depth, a.values, a.feats, a.draw)))
