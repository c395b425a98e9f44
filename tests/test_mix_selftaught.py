"""The self-taught MIX player: threat features against a cell-by-cell count, its alpha-beta
against plain minimax with the same tactics, seeded training, the weights file."""

import random

import numpy as np
import pandas as pd
import pytest

from mix.board import Board, X
from mix.selftaught.__main__ import main
from mix.selftaught.agent import SelfTaughtAgent, search_depth
from mix.fast.evalsearch import TIE, best_moves
from mix.fast.evaluation import LinearEvaluation
from mix.selftaught.threatfeatures import N_FEATURES, NAMES, features, masks, window_counts
from mix.selftaught.training import (
    SHIPPED,
    SHIPPED_SEED,
    TDConfig,
    load_weights,
    read_weights,
    save_weights,
    train_selftaught,
    weights_text,
)


def random_position(rng, rows, cols, most):
    b = Board(rows, cols)
    for _ in range(rng.randint(0, most)):
        if b.is_over():
            break
        b.play(rng.choice(b.legal_moves()))
    return b


def count_windows(b, p, across):
    """Windows of four cells (across or up) with 1, 2, 3 stones of p and none of the other."""
    out = [0, 0, 0]
    for r in range(b.g.rows):
        for c in range(b.g.cols):
            cells = [(r, c + i) if across else (r + i, c) for i in range(4)]
            if any(rr >= b.g.rows or cc >= b.g.cols for rr, cc in cells):
                continue
            owners = [b.cell(rr, cc) for rr, cc in cells]
            if 1 - p not in owners and 1 <= owners.count(p) <= 3:
                out[owners.count(p) - 1] += 1
    return out


def test_window_counts_agree_with_a_cell_by_cell_count():
    rng = random.Random(5)
    for _ in range(150):
        b = random_position(rng, rng.randint(4, 10), rng.randint(4, 20), 80)
        m = masks(b.g)
        for p in (0, 1):
            assert list(window_counts(b.stones[p], b.stones[1 - p], m["across"], b.g.height)) \
                == count_windows(b, p, True)
            assert list(window_counts(b.stones[p], b.stones[1 - p], m["up"], 1)) \
                == count_windows(b, p, False)


def test_features_of_the_empty_board_and_a_threat_by_hand():
    b = Board()
    f = features(b.stones, b.turn, b.g)
    assert f.shape == (N_FEATURES,) and f[0] == 1 and f[1] == 1 and not f[2:].any()
    for c in (0, 1, 2):          # X: three across the bottom row, O stacks elsewhere
        b.play(c)
        b.play(10)
    f = features(b.stones, b.turn, b.g)
    assert f[1] == 1             # X to move
    assert f[2 + 6] == 1 and f[2 + 12] == 1   # X: one threat playable now, lowest, odd row


def minimax(b, depth, ev):
    """Plain minimax with the same rules at a glance, no pruning, one position at a time; a
    result read at a glance counts more the more plies were left to search."""
    full = b.g.rows * b.g.cols
    if b.moves == full:
        return 0.0
    for c in b.legal_moves():
        if b.copy().play(c):
            return 1.0 + depth * 1e-3
    opp = b.copy()
    opp.turn = 1 - b.turn
    wins = [c for c in opp.legal_moves() if opp.copy().play(c)]
    if len(wins) > 1:
        return -1.0 - depth * 1e-3
    if depth == 0:
        v = ev.batch_value(b)
        return v if b.turn == X else -v
    moves = wins or b.legal_moves()
    best = -2.0
    for c in moves:
        b.play(c)
        best = max(best, -minimax(b, depth - 1, ev))
        b.undo(c)
    return best


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_best_moves_agree_with_plain_minimax(depth):
    rng = random.Random(depth)
    checked = 0
    while checked < 16:
        w = np.array([rng.uniform(-1, 1) for _ in range(N_FEATURES)])
        ev = LinearEvaluation(w)
        ev.batch_value = lambda b, w=w: float(np.tanh(features(b.stones, b.turn, b.g) @ w))
        b = random_position(rng, 5, 6, 20)
        if b.is_over():
            continue
        got = best_moves(b, depth, ev)
        winning = [c for c in b.legal_moves() if b.copy().play(c)]
        if winning:
            assert len(got) == 1 and got[0] in winning
        else:
            values = {}
            for c in b.legal_moves():
                b.play(c)
                values[c] = -minimax(b, depth - 1, ev)
                b.undo(c)
            top = max(values.values())
            assert set(got) == {c for c, v in values.items() if v >= top - TIE}
        checked += 1


def test_a_lost_position_is_lost_as_slowly_as_possible():
    """O threatens to complete column 6 now, and after the block makes two threats on the
    bottom row: every move loses, the block last."""
    b = Board(6, 9)
    for p, slots in ((1, [(0, 6), (1, 6), (2, 6), (0, 2), (0, 3)]),
                     (0, [(0, 0), (1, 0), (0, 8), (1, 8), (0, 7)])):
        for r, c in slots:
            b.stones[p] |= b.g.bit(r, c)
            b.heights[c] = max(b.heights[c], r + 1)
    b.moves, b.turn = 10, X
    ev = LinearEvaluation(np.zeros(N_FEATURES))
    assert best_moves(b, 4, ev) == [6]
    assert len(best_moves(b, 2, ev)) == 1 and best_moves(b, 2, ev) == [6]


def test_training_is_seeded_and_learns_that_threats_matter():
    config = TDConfig(games=200, rows=6, cols=8)
    run = train_selftaught(config, seed=3, snapshots=100)
    again = train_selftaught(config, seed=3, snapshots=[100, 200])
    assert np.array_equal(run.weights, again.weights)
    assert [n for n, _ in run.snapshots] == [0, 100, 200] and len(run.results) == 200
    assert all(7 <= n <= 48 for n in run.lengths) and set(run.results) <= {-1, 0, 1}
    assert all(np.array_equal(a, b) for (_, a), (_, b) in zip(run.snapshots, again.snapshots))
    for bad in (0, [300], [-1], [1.5]):
        with pytest.raises(ValueError, match="snapshots"):
            train_selftaught(config, snapshots=bad)
    assert not np.array_equal(run.weights, train_selftaught(config, seed=4).weights)
    assert run.weights[NAMES.index("X threats playable now")] > 0
    assert run.weights[NAMES.index("O threats playable now")] < 0


def test_a_prefix_of_the_shipped_run_is_deterministic():
    """The shipped run's first games, twice, and as part of a longer run: bit for bit the
    same (the step size depends on the game number only, so a run's snapshot at game n is the
    n-game run)."""
    short = train_selftaught(TDConfig(games=60), seed=SHIPPED_SEED)
    longer = train_selftaught(TDConfig(games=90), seed=SHIPPED_SEED, snapshots=[60])
    assert np.array_equal(short.weights, train_selftaught(TDConfig(games=60)).weights)
    assert longer.snapshots[1][0] == 60 and np.array_equal(longer.snapshots[1][1], short.weights)
    assert short.results == longer.results[:60] and np.any(short.weights != 0)


def test_the_shipped_weights_come_from_the_documented_command():
    w, config, seed = read_weights(SHIPPED)
    assert config == TDConfig() and seed == SHIPPED_SEED
    assert w[NAMES.index("X threats playable now")] > 0 > w[NAMES.index("O threats playable now")]
    assert weights_text(w, config, seed) == SHIPPED.read_text()


def test_weights_file_round_trip_and_refusals(tmp_path):
    w = np.linspace(-1, 1, N_FEATURES)
    path = save_weights(tmp_path / "w.init", w, TDConfig(games=10), seed=4)
    got, config, seed = read_weights(path)
    assert np.array_equal(got, w) and config == TDConfig(games=10) and seed == 4
    assert np.array_equal(load_weights(path), w)
    text = path.read_text()
    broken = {"garbage.init": b"\x80\x81 not text",
              "magic.init": text.replace("self-taught", "other").encode(),
              "short.init": "\n".join(text.splitlines()[:-1]).encode(),
              "name.init": text.replace("bias", "bios").encode(),
              "number.init": text.replace("\n-1.0 bias", "\nminus-one bias").encode(),
              "nan.init": text.replace("\n-1.0 bias", "\nnan bias").encode(),
              "games.init": text.replace("games 10", "games 0").encode(),
              "order.init": text.replace("alpha", "alfa").encode()}
    for name, data in broken.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(ValueError, match=name):
            read_weights(tmp_path / name)
    with pytest.raises(ValueError, match="missing.init"):
        read_weights(tmp_path / "missing.init")
    with pytest.raises(ValueError, match="finite"):
        save_weights(tmp_path / "nan.init", w * np.nan, TDConfig(games=10), seed=0)
    with pytest.raises(ValueError, match="depth"):
        SelfTaughtAgent(w, depth=0)
    for bad in ({"games": 0}, {"games": 10**9}, {"alpha": 0.0}, {"alpha": 10**400},
                {"epsilon": 1.0}, {"half": 0}, {"rows": 2, "cols": 2}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            TDConfig(**bad)
    for bad in ({"games": 2.5}, {"alpha": "0.1"}, {"half": True}):
        with pytest.raises(TypeError, match=next(iter(bad))):
            TDConfig(**bad)


def test_command_line_trains_and_shows(tmp_path, capsys):
    out = tmp_path / "cli.init"
    main(["train", "--games", "5", "--seed", "2", "--out", str(out)])
    w, config, seed = read_weights(out)
    assert config == TDConfig(games=5) and seed == 2
    assert np.array_equal(w, train_selftaught(TDConfig(games=5), seed=2).weights)
    main(["show", str(out)])
    assert "X threats playable now" in capsys.readouterr().out
    (tmp_path / "bad.init").write_text("nothing")
    with pytest.raises(SystemExit):
        main(["show", str(tmp_path / "bad.init")])
    assert "bad.init" in capsys.readouterr().err


def test_the_agent_plays_whole_games_with_the_shipped_weights():
    agent = SelfTaughtAgent(load_weights(), depth=2)
    assert agent.name == "selftaught:2"
    rng = random.Random(1)
    for rows, cols in ((4, 5), (6, 7)):
        b = Board(rows, cols)
        while not b.is_over():
            c = agent.choose(b, rng) if b.turn == X else rng.choice(b.legal_moves())
            assert c in b.legal_moves()
            b.play(c)


def test_lowest_threat_of_each_column():
    from mix.selftaught.threatfeatures import lowest_in_column

    rng = random.Random(9)
    for _ in range(100):
        b = random_position(rng, rng.randint(4, 10), rng.randint(4, 12), 40)
        mask = rng.getrandbits(b.g.height * b.g.cols) & b.g.full
        want = 0
        for c in range(b.g.cols):
            rows = [r for r in range(b.g.rows) if mask & b.g.bit(r, c)]
            if rows:
                want |= b.g.bit(min(rows), c)
        assert lowest_in_column(mask, b.g) == want


def test_search_depth_spends_the_effort_of_the_nominal_depth():
    assert search_depth(Board(), 4) == 4                  # 20 columns open
    assert search_depth(Board(4, 4), 4) == 8              # 4**8 <= 20**4 < 4**9
    rng = random.Random(0)
    b = random_position(rng, 4, 4, 13)
    while b.moves != 13 or b.is_over():
        b = random_position(rng, 4, 4, 13)
    assert search_depth(b, 4) == 3                        # never past the empty slots
    assert search_depth(Board(), 2) == 2


def test_timed_moves_and_play_against_perfect_on_a_small_board():
    from mix.selftaught.study import against_perfect, timed_moves, weights_table

    agent = SelfTaughtAgent(np.linspace(-1, 1, N_FEATURES), depth=2)
    moves = timed_moves(agent, "random", games=2, seed=1, rows=5, cols=6)
    assert set(moves.game) == {0, 1} and (moves.seconds > 0).all() and (moves.depth >= 1).all()
    assert moves.depth.iloc[0] == 3                       # 6**3 <= 20**2 < 6**4
    games = against_perfect(agent, 4, 4, games=3, seed=2)
    assert list(games.seat) == ["X"] * 3 + ["O"] * 3 and (games.start == 0).all()
    assert set(games.result) <= {"draw", "loss"}          # perfect play never loses a draw
    lost = games[games.result == "loss"]
    assert lost.mistake_move.notna().all() and (lost.left >= 0).all()
    table = weights_table(np.arange(N_FEATURES, dtype=float))
    assert table.loc["threats playable now", "X"] == 8 and table.loc["bias", "X"] == 0
    for bad in (lambda: timed_moves(agent, "random", 0), lambda: against_perfect(agent, 4, 4, 0),
                lambda: weights_table(np.zeros(3))):
        with pytest.raises(ValueError):
            bad()


def test_an_evaluation_forgets_its_scores_on_another_board_size():
    """The same stones mean other slots on another board: scores are not carried over."""
    rng = random.Random(4)
    w = np.array([rng.uniform(-1, 1) for _ in range(N_FEATURES)])
    ev = LinearEvaluation(w)
    for rows, cols in ((5, 6), (6, 5), (5, 6)):
        b = random_position(rng, rows, cols, 8)
        if b.is_over():
            continue
        assert best_moves(b, 3, ev) == best_moves(b, 3, LinearEvaluation(w))
        want = np.tanh(features(b.stones, b.turn, b.g) @ w)
        assert ev.geometry == b.g and abs(ev(b) - want) < 1e-12


def test_the_agent_chooses_one_of_the_best_moves_at_random():
    rng = random.Random(11)
    w = np.array([rng.uniform(-1, 1) for _ in range(N_FEATURES)])
    for depth in (1, 2, 3, 4):
        agent = SelfTaughtAgent(w, depth, fixed=True)
        for _ in range(8):
            b = random_position(rng, 6, 7, 16)
            if not b.is_over():
                assert agent.choose(b, rng) in best_moves(b, depth, LinearEvaluation(w))
    agent = SelfTaughtAgent(load_weights(), 4)
    ties = best_moves(Board(), 4, LinearEvaluation(load_weights()))
    chosen = {agent.choose(Board(), random.Random(s)) for s in range(12)}
    assert len(ties) > 1 and chosen <= set(ties) and len(chosen) > 1
    done = Board(4, 4)
    for c in (0, 1, 0, 1, 0, 1, 0):
        done.play(c)
    with pytest.raises(ValueError, match="over"):
        agent.choose(done, rng)


def test_the_self_taught_player_is_an_agent_by_name():
    import mix
    from mix.play.agents import make_agent
    agent = make_agent("selftaught:2")
    assert agent.name == "selftaught:2"
    b = Board(6, 7)
    assert b.heights[agent.choose(b, random.Random(0))] == 0    # a legal first move
    result = mix.match("selftaught:2", "random", 4, seed=3, rows=6, cols=7)
    assert result.x_wins == 4                                  # never loses to random as X here
    with pytest.raises(ValueError, match="selftaught"):
        make_agent("nonsense")


def test_the_learning_curve_is_the_ladder_of_each_snapshot_and_opponent():
    from mix.play.ladder import ladder
    from mix.selftaught.study import learning_curve

    snaps = {0: np.zeros(N_FEATURES), 50: np.linspace(-1, 1, N_FEATURES)}
    curve = learning_curve(snaps, ("random", "onestep"), depth=1, games=2, seed=3, n_jobs=2)
    assert list(zip(curve.games, curve.opponent)) == [(0, "random"), (0, "onestep"),
                                                      (50, "random"), (50, "onestep")]
    assert (curve.played == 4).all() and ((curve.lo <= curve.share) & (curve.share <= curve.hi)).all()
    one = ladder({"a": (SelfTaughtAgent(snaps[50], 1), "onestep")}, 2, seed=3, chunks=1).iloc[0]
    assert curve.wins.iloc[3] == round(2 * one.win_as_X + 2 * one.win_as_O)
    assert curve.share.iloc[3] == curve.wins.iloc[3] / 4


def test_the_parity_reading_of_weights_set_by_hand():
    from mix.selftaught.study import parity_lines, parity_reading, signed, weights_table

    table = weights_table(np.zeros(N_FEATURES))
    table.loc["threats on odd rows"] = [0.3, 0.1]      # O's column favours X when positive
    table.loc["threats on even rows"] = [-0.2, -0.5]
    table.loc["lowest threat of its column, odd row"] = [0.1, 0.0]
    table.loc["X to move", "X"] = 0.25
    r = parity_reading(table)
    assert r.later == {"odd": (0.3, -0.1), "even": (-0.2, 0.5)}
    assert r.lowest["odd"] == (0.1, 0.0) and r.to_move == 0.25
    assert r.parity["X"] == pytest.approx(0.3 + 0.1 + 0.2) and r.parity["O"] == pytest.approx(0.6)
    assert r.top["X"][:2] == ["threats on odd rows", "threats on even rows"]
    assert r.top["O"][0] == "threats on even rows"
    lines = parity_lines(r)    # O's lowest odd-row weight is -0.0 (owned: -(0.0)), tiny ones too
    assert "-0.000" not in "\n".join(lines) and len(lines) == 5
    assert "O odd +0.000, even -0.000" not in lines[3] and "O odd +0.000" in lines[3]
    assert lines[2].endswith("O odd -0.100, even +0.500") and signed(-0.0004) == "+0.000"
    with pytest.raises(TypeError, match="ParityReading"):
        parity_lines(table)


def test_the_study_functions_refuse_bad_arguments():
    from mix.selftaught.study import learning_curve, parity_reading

    with pytest.raises(ValueError, match="snapshots"):
        learning_curve({}, ("random",), 2, 2)
    with pytest.raises(ValueError, match="opponents"):
        learning_curve({0: np.zeros(N_FEATURES)}, ("nobody",), 2, 2)
    with pytest.raises(ValueError, match="depth"):
        learning_curve({0: np.zeros(N_FEATURES)}, ("random",), 0, 2)
    with pytest.raises(ValueError, match="weights_table"):
        parity_reading(pd.DataFrame({"X": [1.0]}))
