"""The fast self-taught player against its plain twin in ``mix.plain.selftaught``: the
feature counts (whole, updated move by move, and packed as the search carries them, with the
stepper's look-ups), the search (the same values, moves, leaves reached and random draws, at
every scale of weights), whole games (against the plain players and the plain alpha-beta
opponents), and the training (the same weights bit for bit)."""

import pickle
import random

import numpy as np
import pytest

from mix.board import Board, Geometry, X
from mix.plain import selftaught as plain_st
from mix.selftaught.agent import SelfTaughtAgent, search_depth
from mix.fast.evalsearch import Search
from mix.fast.evaluation import LinearEvaluation
from mix.selftaught.threatfeatures import N_FEATURES, counter, counts, lowest_in_column
from mix.fast.threatsteps import WINDOW_COUNTS, pack_features, scored_steps, stepper
from mix.selftaught.training import TDConfig, load_weights, train_selftaught
from tests.oracles_mix import random_positions

GEOMETRIES = [Geometry(10, 20), Geometry(6, 7), Geometry(4, 4), Geometry(5, 6, diagonals=True),
              Geometry(10, 20, diagonals=True), Geometry(7, 4), Geometry(1, 5), Geometry(4, 1)]


def random_games(rng, g, games):
    """Every position of ``games`` random games on ``g``, the finished ones included, with the
    move that led to it (None at the start)."""
    for _ in range(games):
        b, last = Board(geometry=g), None
        yield b.copy(), last
        while not b.is_over():
            c = rng.choice(b.legal_moves())
            last = (b.turn, g.bit(b.heights[c], c), b.stones[b.turn], b.stones[1 - b.turn])
            b.play(c)
            yield b.copy(), last


def label(g):
    return f"{g.rows}x{g.cols}" + ("-diagonals" if g.diagonals else "")


@pytest.mark.parametrize("g", GEOMETRIES, ids=label)
def test_counts_equal_the_plain_count_whole_and_move_by_move(g):
    """Counts from the stones, and windows and threat slots carried from move to move
    (``moved``, ``grown``), on random games played to the end (won boards included)."""
    rng, c = random.Random(str(g)), counter(g)
    w = 0
    for b, last in random_games(rng, g, 60):
        s0, s1 = b.stones
        want = plain_st.counts(b.stones, b.turn, g)
        assert counts(b.stones, b.turn, g) == want
        if last is None:
            w = 0
        else:
            turn, x, me, opp = last
            assert c.grown(c.threat(me), me, x) == c.threat(me | x)
            w = c.moved(w, turn, x, me, opp)
        assert w == c.windows(s0, s1)
        assert c.finish(s0, s1, int(b.turn == X), c.threat(s0), c.threat(s1), w) == want
        mask = rng.getrandbits(g.height * g.cols) & g.full
        assert lowest_in_column(mask, g) == plain_st.lowest_in_column(mask, g)




@pytest.mark.parametrize("g", GEOMETRIES, ids=label)
def test_stepper_entries_are_moved_and_grown_and_the_counts_pack(g):
    """Every legal move of positions of random games: the stepper's entry changes the packed
    windows as the move does and adds the threat slots ``grown`` adds; an evaluation's entry
    adds the change of the windows' score, exact but for rounding far below its margin; the
    packed counts (windows, threat counts, X to move) are ``pack_features`` of the plain
    count, whatever the playable slots away from the threats."""
    rng, c, st = random.Random(f"step{g}"), counter(g), stepper(g)
    span = g.cols * g.height
    ev = LinearEvaluation([rng.uniform(-3, 3) for _ in range(N_FEATURES)])
    ev.use(Board(geometry=g))
    ours, fill = scored_steps(g, [ev.per_count[k] for k in WINDOW_COUNTS])
    assert ev.margin > 1e-6
    for b, _ in random_games(rng, g, 12):
        s0, s1 = b.stones
        occ = s0 | s1
        empty, feas = g.full ^ occ, (occ + g.bottom) & g.full
        t0, t1 = c.threat(s0) & empty, c.threat(s1) & empty
        near = (t0 | t1) | (t0 | t1) >> 1
        packed = st.windows(s0, s1) | int(b.turn == X) | st.threat_counts(t0, t1, feas & near)
        assert packed == pack_features(plain_st.counts(b.stones, b.turn, g))
        assert st.threat_counts(t0, t1, feas) == st.threat_counts(t0, t1, feas & near)
        if b.is_over():
            continue
        turn, me, opp = b.turn, b.stones[b.turn], b.stones[1 - b.turn]
        both = (me | opp << span) << 3
        for col in b.legal_moves():
            x = g.bit(b.heights[col], col)
            base, mask, table = st.slots[turn][x]
            key = both >> base & mask
            dw, new = table.get(key) or st.fill(turn, x, me, opp, key)
            after = b.copy()
            after.play(col)
            assert st.windows(*after.stones) == st.windows(s0, s1) + dw
            assert c.threat(me) | new == c.threat(me | x) == c.grown(c.threat(me), me, x)
            base, mask, table = ours[turn][x]
            entry = table.get(key) or fill(turn, x, me, opp, key)
            assert entry[:2] == (dw, new)
            na, nb = counts(after.stones, turn, g), counts(b.stones, turn, g)
            exact = sum(ev.per_count[k] * (na[k] - nb[k]) for k in WINDOW_COUNTS)
            assert abs(entry[2] - (exact if turn == X else -exact)) < ev.margin / 1e3


@pytest.mark.parametrize("g,depths,cases", [
    (Geometry(10, 20), (1, 2, 3, 4), 40), (Geometry(6, 7), (1, 2, 3, 4, 5), 60),
    (Geometry(4, 5), (2, 4, 6, 8), 40), (Geometry(5, 6, diagonals=True), (1, 3, 4), 40),
    (Geometry(4, 4), (3, 8), 30)], ids=lambda v: label(v) if isinstance(v, Geometry) else None)
def test_search_equals_the_plain_search_on_random_positions(g, depths, cases):
    """Random weights (some with many zeros, so ties), every stage of the game, boards that
    fill up: the same tied moves and values (floats equal), the same leaves reached; with an
    rng, the same move, value and random state after it; the same against the search before
    the stepper."""
    rng = random.Random(f"{g}{depths}")
    for i, b in enumerate(random_positions(rng, g, cases, g.rows * g.cols - 2)):
        w = np.array([rng.choice((0.0, 0.0, rng.uniform(-1, 1))) if i % 3 == 0
                      else rng.uniform(-2, 2) for _ in range(N_FEATURES)])
        depth = depths[i % len(depths)]
        fast = Search(LinearEvaluation(w))
        plain = plain_st.PlainSearch(plain_st.PlainEvaluation(w))
        plain.evaluate.use(b)
        got = fast.root(b, depth)
        assert got == plain.root(b, depth)
        assert fast.leaves == plain.leaves
        assert list(got) == list(plain.root(b, depth))
        r1, r2 = random.Random(i), random.Random(i)
        assert fast.root(b, depth, r1) == plain.root(b, depth, r2)
        assert r1.random() == r2.random()


@pytest.mark.parametrize("scale", [1e-7, 1.0, 1e7])
def test_leaves_passed_over_by_their_bound_change_nothing_at_any_scale(scale):
    """Weights of every size (the rounding margin grows with them) and weights that make many
    scores equal or nearly so: the search equals the plain one, which scores every leaf from
    the stones (values, moves, leaves reached)."""
    rng = random.Random(f"scale{scale}")
    for i, b in enumerate(random_positions(rng, Geometry(10, 20), 16, 120)):
        w = np.array([rng.choice((0.0, 1.0, -1.0, rng.uniform(-1, 1))) for _ in range(N_FEATURES)])
        w = w * scale + (rng.uniform(-1e-12, 1e-12) if i % 2 else 0.0)
        fast, before = Search(LinearEvaluation(w)), plain_st.PlainSearch(plain_st.PlainEvaluation(w))
        before.evaluate.use(b)
        depth = 2 + i % 3
        assert fast.root(b, depth) == before.root(b, depth) and fast.leaves == before.leaves
        r1, r2 = random.Random(i), random.Random(i)
        assert fast.root(b, depth, r1) == before.root(b, depth, r2)


def test_the_player_plays_the_plain_players_games():
    """Whole seeded games with the shipped weights, the memory kept from move to move as in a
    match: every move the same (depth 4 on the 10x20 board against alpha-beta at depth 2, and
    deeper searches on a small board that fills up)."""
    from mix.play.agents import make_agent
    from mix.play.match import play_game

    w = load_weights()
    for x, o, g, seed in (("self", "alphabeta:2", Geometry(10, 20), 5),
                          ("alphabeta:2", "self", Geometry(10, 20), 6),
                          ("self", "random", Geometry(5, 5), 7), ("random", "self", Geometry(4, 5), 8)):
        fast = [SelfTaughtAgent(w, 4) if a == "self" else make_agent(a) for a in (x, o)]
        plain = [SelfTaughtAgent(w, 4, fast=False) if a == "self" else make_agent(a) for a in (x, o)]
        a, b = play_game(*fast, random.Random(seed), g), play_game(*plain, random.Random(seed), g)
        assert a.stones == b.stones and a.winner == b.winner and a.moves == b.moves


class PlainSearchAgent:
    """``mix.play.agents.SearchAgent`` (``agent``'s table, features, depth and draw) on the plain
    alpha-beta, ``mix.plain.alphabeta``: the same moves and random draws."""

    def __init__(self, agent):
        self.a, self.name = agent, agent.name

    def choose(self, b, rng):
        from mix.plain.alphabeta import search_move
        a = self.a
        return search_move(b, a.depth, a.values, a.feats, rng, a.draw, fast=False)


def test_the_player_plays_the_plain_players_games_against_the_ladders_searchers():
    """Whole seeded games against the ladder's searching opponents, the plain player against
    the same opponents on the plain alpha-beta: every move the same, on the 10x20 board and on
    small boards that fill up (deeper searches)."""
    from mix.play.agents import SearchAgent, make_agent
    from mix.play.match import play_game

    w = load_weights()
    for name, g, seed in (("alphabeta:4", Geometry(10, 20), 11), ("learned-counts", Geometry(10, 20), 12),
                          ("builder-search", Geometry(5, 6), 13), ("learned", Geometry(4, 5), 14)):
        for seat in (0, 1):
            opponent = make_agent(name)
            assert isinstance(opponent, SearchAgent)
            fast = [SelfTaughtAgent(w, 4), opponent][::1 - 2 * seat]
            before = [SelfTaughtAgent(w, 4, fast=False), PlainSearchAgent(opponent)][::1 - 2 * seat]
            a = play_game(*fast, random.Random(seed + seat), g)
            b = play_game(*before, random.Random(seed + seat), g)
            assert a.stones == b.stones and a.winner == b.winner and a.moves == b.moves


@pytest.mark.parametrize("config,seed", [(TDConfig(games=40), 1), (TDConfig(games=150, rows=5, cols=6), 2),
                                         (TDConfig(games=100, rows=4, cols=4, epsilon=0.5), 3)])
def test_training_equals_the_plain_training_bit_for_bit(config, seed):
    """The weights (every bit), each game's result and length, on boards where games are long
    and where they fill the board."""
    run = train_selftaught(config, seed)
    plain = train_selftaught(config, seed, fast=False)
    assert run.weights.tobytes() == plain.weights.tobytes()
    assert run.results == plain.results and run.lengths == plain.lengths
    assert all(a == b and x.tobytes() == y.tobytes()
               for (a, x), (b, y) in zip(run.snapshots, plain.snapshots, strict=True))


def test_caches_are_bounded_and_not_pickled():
    """The scores remembered by an evaluation (by position and by packed counts) start afresh
    past ``memory``; a pickled evaluation (sent to a worker) carries none; the threat memo and
    the stepper's tables (shared, and each evaluation's) are bounded."""
    import mix.selftaught.threatfeatures as tf
    import mix.fast.threatsteps as ts
    from mix import features

    ev = LinearEvaluation(load_weights(), memory=50)
    rng = random.Random(1)
    for b in random_positions(rng, Geometry(6, 7), 30, 30):
        Search(ev).root(b, 2)
        assert len(ev.memo) <= 50
    assert ev.memo and not pickle.loads(pickle.dumps(ev)).memo
    agent = pickle.loads(pickle.dumps(SelfTaughtAgent(load_weights(), 2)))
    assert agent.choose(Board(4, 5), random.Random(0)) in range(5)
    assert ev.counted and len(ev.counted) <= 50 and not pickle.loads(pickle.dumps(ev)).counted
    limit, ts.STEP_ENTRIES = ts.STEP_ENTRIES, 40   # the stepper's tables, and an evaluation's
    ts.stepper.cache_clear()
    try:
        g = Geometry(5, 6)
        ev = LinearEvaluation(load_weights())
        for b in random_positions(rng, g, 10, 20):
            Search(ev).root(b, 3)
            for side in (*ts.stepper(g).slots, *ev.steps):
                assert sum(len(t) for _, _, t in side.values()) <= 40
    finally:
        ts.STEP_ENTRIES = limit
    c = counter(Geometry(5, 5))   # shared: earlier tests' 5x5 games may have filled its memo
    c.memo.clear()
    limit, tf.THREAT_MEMO = tf.THREAT_MEMO, 10
    try:
        for s in range(1, 100):
            c.threat(s << 6)
            assert len(c.memo) <= 10
    finally:
        tf.THREAT_MEMO = limit
    features.threats(3, Geometry().full, Geometry())
    assert features.memo_size() > 0
    features.clear_memo()
    assert features.memo_size() == 0


def test_the_score_of_a_board_is_the_plain_score():
    rng = random.Random(3)
    w = np.array([rng.uniform(-1, 1) for _ in range(N_FEATURES)])
    ev, plain = LinearEvaluation(w), plain_st.PlainEvaluation(w)
    for g in GEOMETRIES[:4]:
        for b, _ in random_games(rng, g, 5):
            plain.use(b)
            assert ev.score(b) == plain.score(b)
            assert search_depth(b, 4) >= 0
