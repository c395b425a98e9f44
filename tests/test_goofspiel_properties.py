"""Issue 41 for goofspiel: every public entry point gives a numpy integer of any dtype (uint8,
int8, uint64 ...) the answer it gives the Python int, because each converts its arguments once
at the boundary and computes with the converted value; and Hypothesis properties over the public
API: random arguments of the right and the wrong kinds give a correct result or our own clear
error naming the argument, never anything else."""

import dataclasses
import random
from fractions import Fraction

import numpy as np
import pytest
from fuzzing import FUZZ, INT_DTYPES, refused
from hypothesis import given
from hypothesis import strategies as st

import goofspiel as g
from goofspiel.equilibria.mixture import Mixture, margin_matrix
from goofspiel.evolution.breed import order_crossover


def plain(value):
    """A result in comparable form: arrays as lists (with their kind), dataclasses as dicts."""
    if isinstance(value, np.ndarray):
        return (value.dtype.kind in "iu", value.tolist())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.name not in ("seconds", "solver")}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {plain(k) if isinstance(k, list) else k: plain(v) for k, v in value.items()}
    if isinstance(value, (np.integer, np.floating)):
        return value.item()
    return value


def as_tuple(value):
    return tuple(as_tuple(v) for v in value) if isinstance(value, list) else value


# Each entry point as call(i, a): ``i(v)`` gives the int v in the dtype under test, ``a(list)``
# an array of it. Values are small and >= 0, so every dtype holds them.
CALLS = {
    "Strategy": lambda i, a: g.Strategy(tuple(a([1, 2, 3])), tuple(a([2, 0, 1]))),
    "Strategy.from_bids": lambda i, a: g.Strategy.from_bids(a([3, 1, 2])),
    "Strategy.from_preferences": lambda i, a: g.Strategy.from_preferences(a([2, 3, 1])),
    "Strategy.from_pairs": lambda i, a: g.Strategy.from_pairs([tuple(a([1, 2])), tuple(a([2, 3])), tuple(a([1, 3]))],
                                                              a([1, 2, 3])),
    "identity": lambda i, a: g.identity(a([1, 2, 3, 4])),
    "random_strategy": lambda i, a: g.random_strategy(a([1, 2, 3, 4]), np.random.default_rng(0)),
    "award": lambda i, a: g.award(i(4), a([2, 3, 3])),
    "margin": lambda i, a: g.margin(g.Strategy.from_bids(a([3, 1, 2])),
                                    g.Strategy.from_bids(a([1, 2, 3]))),
    "margin_matrix": lambda i, a: margin_matrix(a([[2, 0, 1], [0, 1, 2]]), a([[0, 1, 2]]),
                                                a([1, 2, 3])),
    "identity_score": lambda i, a: g.identity_score(a([[2, 0, 1], [0, 1, 2]]), a([1, 2, 3])),
    "Mixture": lambda i, a: Mixture(tuple(a([1, 2, 3])), a([[2, 0, 1], [0, 1, 2]]),
                                    np.array([0.25, 0.75])).marginal(),
    "evolve": lambda i, a: g.evolve(initial=i(3), generations=i(3), population=i(6),
                                    survivors=i(3), deck=a([1, 2, 3, 4, 5]), seed=i(3),
                                    immigrants=i(1), mutation=0.2, mutate="children"),
    "evolve(fast=False)": lambda i, a: g.evolve(initial=i(3), generations=i(2), population=i(5),
                                                survivors=i(2), deck=a([1, 2, 3, 4]), seed=i(1),
                                                fast=False),
    "grid_trial": lambda i, a: g.grid_trial("pairs", 0.1, i(3), i(2), i(5), population=i(6),
                                            survivors=i(3), cards=i(5)),
    "equilibrium": lambda i, a: g.equilibrium(i(4), "margin", progress=False).strategy,
    "equilibrium(deck)": lambda i, a: g.equilibrium(a([2, 3, 4]), "margin", progress=False).strategy,
    "deck_size": lambda i, a: g.deck_size(i(5)),
    "winloss_cards": lambda i, a: g.winloss_cards(i(5)),
    "all_ranks": lambda i, a: g.all_ranks(i(3)),
    "payoff_matrix": lambda i, a: g.payoff_matrix(i(3)),
    "mixed_vector": lambda i, a: g.mixed_vector(g.identity(range(1, 4)), i(3)),
    "best_reply": lambda i, a: g.best_reply(g.Strategy.from_bids(a([2, 3, 1]))),
    "exploitability": lambda i, a: g.exploitability(g.Strategy.from_bids(a([2, 3, 1]))),
    "best_counter": lambda i, a: g.best_counter(g.Strategy.from_bids(a([2, 3, 1]))).gain,
    "order_crossover": lambda i, a: order_crossover(a([1, 2, 3, 4]), a([4, 3, 2, 1]), i(1), i(3)),
    "breed_pairs": lambda i, a: g.breed_pairs(a([0, 1, 2, 3]), a([3, 2, 1, 0]), random.Random(0)),
    "breed_preferences": lambda i, a: g.breed_preferences(a([0, 1, 2, 3]), a([3, 2, 1, 0]),
                                                          random.Random(0)),
    "mutate": lambda i, a: g.mutate(a([0, 1, 2, 3]), 0.3, random.Random(0)),
    "ArenaConfig": lambda i, a: g.ArenaConfig(deck=tuple(a([1, 2, 3, 4])), bots=i(2),
                                              generations=i(2), population=i(5), survivors=i(2),
                                              random_bots=i(1), duels=i(2), scoring="duel"),
    "Arena.play_round": lambda i, a: g.Arena(g.ArenaConfig(deck=tuple(a([1, 2, 3, 4])), bots=i(2)),
                                             seed=i(4)).play_round(g.identity(range(1, 5))),
    "scripted_trial": lambda i, a: g.scripted_trial("identity", False, "game", i(3), i(2),
                                                    cards=i(4), bots=i(1)),
    "bot_measures": lambda i, a: g.bot_measures(a([2, 0, 1]), a([1, 2, 3])),
    "scripted_human": lambda i, a: g.scripted_human("identity", a([1, 2, 3]))(
        g.Arena(g.ArenaConfig(deck=(1, 2, 3)), seed=0)).ranks,
    "scripted_human(mixed)": lambda i, a: g.scripted_human(
        "mixed", a([1, 2, 3]), mix={(1, 2, 3): 0.5, (3, 2, 1): 0.5}, seed=i(7))(None).ranks,
    "breed_random": lambda i, a: g.breed_random(a([0, 1, 2, 3]), a([3, 2, 1, 0]), random.Random(0)),
    "swap_mutate": lambda i, a: g.swap_mutate(a([0, 1, 2, 3]), 1.0, random.Random(0)),
    "PartialOrder": lambda i, a: sorted(g.PartialOrder(tuple(a([1, 2, 3]))).below),
    "pairs_steps": lambda i, a: [sorted(o.pairs) for o in g.pairs_steps(
        [("mom", i(1), i(2)), ("dad", i(2), i(3))], a([1, 2, 3]), a([3, 2, 1]))],
    "draw_order": lambda i, a: _drawn(g.draw_order(g.pairs_steps(
        [("mom", i(1), i(2))], a([1, 2, 3]), a([3, 2, 1]))[0])),
    "draw_marginal": lambda i, a: _drawn(g.draw_marginal(a([[1, 0], [0, 1]]), a([2, 5])).axes),
    "animate_game": lambda i, a: _animated(i),
    "GAConfig": lambda i, a: g.GAConfig(initial=i(3), generations=i(4), population=i(7),
                                        survivors=i(3), immigrants=i(2), deck=a([4, 1, 3])),
    "mean_se": lambda i, a: g.mean_se(a([3, 5, 9, 1])),
    "difference": lambda i, a: g.difference(a([3, 5, 9, 1]), a([2, 2, 4])),
    "improvement": lambda i, a: g.improvement(a([[1, 3, 5], [2, 2, 9], [0, 4, 4]]), i(1), i(3)),
    "never_beaten_after": lambda i, a: g.never_beaten_after(a([[1, 3, 5], [2, 2, 9]]), i(1)),
    "solve_matrix_game": lambda i, a: g.solve_matrix_game(a([[2, 0], [1, 3]])).value,
    "best_response": lambda i, a: g.best_response(a([1, 0]), a([[2, 0], [1, 3]])).gain,
    "strategy_table": lambda i, a: g.strategy_table(
        [("id", a([0, 1, 2]))], a([1, 2, 3]), g.equilibrium(3, "winloss", progress=False).mixture
    ).to_dict("list"),
    "equilibrium(winloss, seed)": lambda i, a: g.equilibrium(i(4), "winloss", progress=False,
                                                             seed=i(3)).strategy,
}


def _drawn(ax) -> list:
    """What a drawing shows: its tick labels and texts (then the figure is closed)."""
    import matplotlib.pyplot as plt

    out = [t.get_text() for t in ax.texts] + [t.get_text() for t in ax.get_xticklabels()] \
        + [t.get_text() for t in ax.get_yticklabels()]
    plt.close(ax.figure)
    return out


def _animated(i) -> tuple:
    import matplotlib.pyplot as plt

    arena = g.Arena(g.ArenaConfig(deck=(1, 2, 3)), seed=0)
    arena.play_round(g.identity((1, 2, 3)))
    animation = g.animate_game(arena.history, ["you", "bot"], interval=i(50))
    out = (animation._interval, len(list(animation.new_frame_seq())))
    plt.close("all")
    return out


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("name", sorted(CALLS))
def test_every_integer_dtype_gives_the_python_int_answer(name, dtype):
    call = CALLS[name]
    expected = plain(call(int, lambda v: as_tuple(v) if isinstance(v, list) else v))
    got = plain(call(dtype, lambda v: np.array(v, dtype=dtype)))
    assert got == expected


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.uint32, np.uint64])
def test_unsigned_ranks_do_not_wrap_in_the_margin_matrix_or_the_identity_score(dtype):
    ours, theirs = np.array([[0, 1, 2]], dtype), np.array([[2, 1, 0]], dtype)
    assert margin_matrix(ours, theirs, np.array([1, 2, 3], dtype)).tolist() == [[2]]
    assert margin_matrix(theirs, ours, [1, 2, 3]).tolist() == [[-2]]
    assert g.identity_score(theirs, np.array([1, 2, 3], dtype)).tolist() == [-2]
    mix = Mixture((1, 2, 3), ours, np.array([1.0]))
    assert mix.ranks.dtype == np.int64 and mix.marginal().tolist() == np.eye(3).tolist()


def test_option_objects_keep_the_converted_values():
    config = g.ArenaConfig(bots=np.uint8(2), mutation=np.float32(0.25), generations=np.int8(2),
                           population=np.uint64(5), survivors=np.int16(2), random_bots=np.uint8(0),
                           duels=np.uint32(2), as_published=np.bool_(True))
    for name in ("bots", "generations", "population", "survivors", "random_bots", "duels"):
        assert type(getattr(config, name)) is int, name
    assert type(config.mutation) is float and config.as_published is True
    refused(lambda: g.ArenaConfig(scoring=np.array(["game", "duel"])), "scoring")
    refused(lambda: g.ArenaConfig(scoring=["game"]), "scoring")
    refused(lambda: g.ArenaConfig(as_published="no"), "as_published")
    refused(lambda: g.ArenaConfig(random_bots=10**8), "random_bots")  # its own limit (issue 41)
    refused(lambda: g.ArenaConfig(random_bots=1000, generations=10**5), "population")  # the work


def test_rank_arrays_out_of_range_or_of_the_wrong_kind_are_refused():
    refused(lambda: margin_matrix([[0, 1, 3]], [[0, 1, 2]], [1, 2, 3]), "ours")
    refused(lambda: margin_matrix([[0, 1, 2]], [[0, -1, 2]], [1, 2, 3]), "theirs")
    refused(lambda: margin_matrix([[0, 1, 2]], [[0, 1, 2]], [1, 2, 10**400]), "prizes")
    refused(lambda: margin_matrix([[0, 1, 2]], [[0, 1, 2]], []), "prizes")
    refused(lambda: margin_matrix(np.array([[0, 1, 2**64 - 1]], np.uint64), [[0, 1, 2]],
                                  [1, 2, 3]), "ours")
    refused(lambda: g.identity_score([[0, 1, 2]], np.array([3, 2, 1])), "deck")
    refused(lambda: g.identity_score([[0, 1, 2]], [1, 2, 10**400]), "deck")
    refused(lambda: Mixture((1, 2, 3), [[0, 1, 2]], [np.nan]), "probs")
    refused(lambda: Mixture((1, 2, 3), [[0, 1, 2], [2, 1, 0]], [0.5, 0.6]), "probs")
    refused(lambda: Mixture((1, 2, 3), [[0, 1, 2], [2, 1, 0]], [1.5, -0.5]), "probs")
    refused(lambda: Mixture((1, 2, 3), [[0, 1, 2**40]], [1.0]), "ranks")


# ---- properties ------------------------------------------------------------------------------
wrong = st.one_of(st.none(), st.text(max_size=3), st.booleans(), st.floats(allow_nan=True),
                  st.just(object()), st.lists(st.integers(-3, 9), max_size=3),
                  st.integers(-10**30, -1), st.integers(10**10, 10**30))
any_int = st.integers(-3, 40).flatmap(
    lambda v: st.sampled_from([v] + [d(v) for d in INT_DTYPES if np.iinfo(d).min <= v
                                     <= np.iinfo(d).max]))


def answer_or_ours(call, *names):
    """``call()`` returns, or raises our TypeError/ValueError naming one of ``names``."""
    try:
        return call()
    except (TypeError, ValueError):
        refused(call, *names)
        return None


@FUZZ
@given(st.integers(1, 6), st.lists(st.permutations(range(6)), min_size=1, max_size=4),
       st.lists(st.permutations(range(6)), min_size=1, max_size=4),
       st.sampled_from(INT_DTYPES))
def test_margin_matrix_is_antisymmetric_and_dtype_free(n, ours, theirs, dtype):
    ours = [[r for r in row if r < n] for row in ours]
    theirs = [[r for r in row if r < n] for row in theirs]
    prizes = list(range(1, n + 1))
    m = margin_matrix(np.array(ours, dtype), np.array(theirs, dtype), np.array(prizes, dtype))
    assert m.tolist() == margin_matrix(ours, theirs, prizes).tolist()
    assert m.tolist() == (-margin_matrix(theirs, ours, prizes)).T.tolist()
    for a, row in enumerate(ours):
        for b, other in enumerate(theirs):
            assert m[a, b] == g.margin(g.Strategy(tuple(prizes), tuple(row)),
                                       g.Strategy(tuple(prizes), tuple(other)))


@FUZZ
@given(st.lists(st.permutations(range(5)), min_size=1, max_size=5), st.sampled_from(INT_DTYPES))
def test_identity_score_is_at_most_zero_and_zero_only_for_the_identity(rows, dtype):
    scores = g.identity_score(np.array(rows, dtype), np.arange(1, 6, dtype=dtype))
    for row, score in zip(rows, scores):
        assert score <= 0 and (score == 0) == (list(row) == list(range(5)))


@FUZZ
@given(st.one_of(
    st.lists(st.floats(-1, 2) | st.sampled_from([np.nan, np.inf, -np.inf]) | st.integers(-2, 2),
             min_size=1, max_size=4),
    st.lists(st.integers(0, 5), min_size=1, max_size=4).filter(sum).map(
        lambda w: [v / sum(w) for v in w])))                  # a probability vector
def test_mixture_takes_only_a_probability_vector(probs):
    ranks = [list(np.roll(range(3), k)) for k in range(len(probs))]
    mix = answer_or_ours(lambda: Mixture((1, 2, 3), ranks, probs), "probs")
    p = np.array(probs, dtype=float)
    valid = bool(np.isfinite(p).all() and (p >= 0).all() and abs(p.sum() - 1) <= 1e-6)
    assert (mix is not None) == valid
    if mix is not None:
        assert np.allclose(mix.marginal().sum(axis=0), 1)


@FUZZ
@given(st.one_of(any_int, wrong), st.one_of(any_int, wrong))
def test_arena_config_builds_or_refuses_naming_the_setting(bots, duels):
    config = answer_or_ours(lambda: g.ArenaConfig(bots=bots, duels=duels, scoring="duel"),
                            "bots", "duels", "random_bots")
    if config is not None:
        assert type(config.bots) is int and 1 <= config.bots and 1 <= config.duels


@FUZZ
@given(st.one_of(any_int, wrong), st.lists(st.one_of(any_int, wrong), max_size=4))
def test_award_splits_the_prize_or_refuses(prize, bids):
    won = answer_or_ours(lambda: g.award(prize, bids), "prize", "bids")
    if won is not None:
        top = max(int(b) for b in bids)
        winners = [k for k, b in enumerate(bids) if int(b) == top]
        assert sum(won) == int(prize)
        assert all(won[k] == Fraction(int(prize), len(winners)) for k in winners)


@FUZZ
@given(st.one_of(any_int, wrong))
def test_deck_size_and_solvers_accept_their_sizes_or_refuse(n):
    size = answer_or_ours(lambda: g.deck_size(n, "n"), "n")
    if size is not None:
        assert type(size) is int and size == int(n)
        if size <= 6:
            assert g.all_ranks(n).tolist() == g.all_ranks(size).tolist()


@FUZZ
@given(st.one_of(any_int, wrong), st.one_of(any_int, wrong), st.one_of(any_int, wrong))
def test_evolve_runs_or_refuses_naming_the_argument(generations, population, seed):
    history = answer_or_ours(lambda: g.evolve(generations=generations, population=population,
                                              survivors=2, initial=2, seed=seed,
                                              deck=range(1, 5)),
                             "generations", "population", "survivors", "initial", "seed",
                             "generations x population")
    if history is not None:
        assert len(history.best) == int(generations) and (history.best <= 0).all()


def test_round_results_and_their_tables_refuse_what_is_not_a_round():
    arena = g.Arena(g.ArenaConfig(deck=(1, 2, 3)), seed=0)
    r = arena.play_round(g.identity((1, 2, 3)))
    for bad in (None, [1], "x", r.strategies):
        refused(lambda b=bad: g.reveal(b), "result")        # at the call, not at the first step
        refused(lambda b=bad: g.reveal_table(b), "result")
    refused(lambda: g.history_table([r, None]), "history")
    refused(lambda: g.history_table(None), "history")
    fields = dataclasses.asdict(r) | {"strategies": r.strategies}
    for name, bad in (("number", 0), ("eliminated", 2), ("eliminated", np.uint8(5)),
                      ("order", (0, 0, 1)), ("order", (0, 1)), ("points", (1.5, 1)),
                      ("points", (1,)), ("strategies", (r.strategies[0],)), ("tie_break", "no")):
        refused(lambda n=name, b=bad: type(r)(**{**fields, n: b}), name)
    same = type(r)(**{**fields, "eliminated": np.uint8(r.eliminated), "order": np.array(r.order)
                      .tolist(), "number": np.int8(1)})
    assert same == r and type(same.eliminated) is int


def test_the_widget_refuses_an_empty_drop_down_without_a_traceback():
    pytest.importorskip("ipywidgets")
    widget = g.PlayWidget(g.Arena(g.ArenaConfig(deck=(1, 2, 3)), seed=0))
    widget.bids[1].value = None
    assert widget.play_round() is None and "prize 2 has no card" in widget.status.value
    assert not widget.arena.history


def test_the_terminal_game_checks_its_rounds_and_callables():
    from goofspiel.__main__ import play as terminal_play

    config = g.ArenaConfig(deck=(1, 2, 3))
    for bad in ("2", 0, 10**400, 2.0, True):
        refused(lambda b=bad: terminal_play(config, 0, b, lambda: "q\n", lambda t: None), "rounds")
    refused(lambda: terminal_play(config, 0, 1, "q", lambda t: None), "read")
    lines = iter(["1 2 3\n", "q\n"])
    assert terminal_play(config, 0, np.uint8(1), lambda: next(lines), lambda t: None) in (0, 1)


def test_payoff_matrices_and_probabilities_are_converted_once_and_checked():
    a = np.array([[0, 1], [255, 0]], np.uint8)           # -a would wrap in uint8
    assert g.solve_matrix_game(a).value == pytest.approx(g.solve_matrix_game(a.astype(int)).value)
    assert g.solve_matrix_game([[0, 1], [-1, 0]]).value == pytest.approx(0)   # nested lists
    assert g.best_response([0.5, 0.5], [[1, 0], [0, 1]]).gain == pytest.approx(0.5)
    refused(lambda: g.solve_matrix_game(np.array([[1e300, 1.0], [1.0, 1.0]])), "a")
    refused(lambda: g.solve_matrix_game([[1, 2], [3]]), "a")
    refused(lambda: g.mixed_vector({(1, 2, 3): 10**400}, 3), "probability")
    refused(lambda: g.exploitability({(1, 2, 3): 10**400}, "margin"), "probability")
    refused(lambda: g.exploitability({(1, 2, 3): 1.5, (3, 2, 1): -0.5}, "margin"), "probability")
    for bad in ([[1, 2], [3, 4]], 2 * np.eye(3), -np.eye(3), np.full((3, 3), np.nan)):
        refused(lambda b=bad: g.draw_marginal(b), "marginal")


def test_malformed_sweep_rows_are_our_error_not_a_key_error():
    run = g.grid_trial("pairs", 0.0, 2, 2, 0, population=5, survivors=2, cards=4)
    rows = [{"breeder": "pairs", "result": run}]
    assert g.final_scores(rows, breeder="pairs").tolist() == [run.best_score]
    for bad in ([{}], [{"human": "identity"}], [None], [rows[0], 3]):
        refused(lambda b=bad: g.final_scores(b), "rows")
        refused(lambda b=bad: g.run_curves(b), "rows")
    refused(lambda: g.final_scores(rows, breeder=np.array(["pairs", "x"])), "rows hold no run matching")


def test_exploitability_in_matrix_form_takes_a_list_as_the_vector():
    a = g.payoff_matrix(3)
    x = [1 / 6] * 6
    assert g.exploitability(x, a) == g.exploitability(np.array(x), a)
    assert g.exploitability(tuple(x), a.astype(np.int8)) == g.exploitability(np.array(x), a)
    refused(lambda: g.exploitability([0.5, 0.5], a), "strategy")
    refused(lambda: g.exploitability([np.nan] * 6, a), "strategy")


# ---- drawings and seeds (issue 41) -----------------------------------------------------------
def test_the_drawings_check_their_arguments_naming_them():
    import matplotlib.pyplot as plt

    order = g.pairs_steps([("mom", 1, 2)], [1, 2, 3], [3, 2, 1])[0]
    arena = g.Arena(g.ArenaConfig(deck=(1, 2, 3)), seed=0)
    arena.play_round(g.identity((1, 2, 3)))
    history = arena.history
    for bad in (None, "x", [1, 2, 3], {1: 2}):
        refused(lambda b=bad: g.draw_order(b), "order")
    for bad in (None, 5, ["t"]):
        refused(lambda b=bad: g.draw_order(order, b), "title")
        refused(lambda b=bad: g.draw_marginal(np.eye(2), title=b), "title")
    for bad in (1, "ax", [None]):
        refused(lambda b=bad: g.draw_order(order, ax=b), "ax")
        refused(lambda b=bad: g.draw_marginal(np.eye(2), ax=b), "ax")
    for bad in (None, "x", [], [None], history[0], [history[0], 3]):
        refused(lambda b=bad: g.animate_game(b, ["you", "bot"]), "history")
    for bad in (None, "you", ["you"], ["you", 2], ["a", "b", "c"]):
        refused(lambda b=bad: g.animate_game(history, b), "names")
    for bad in (0, -5, 1.5, "700", None, True, 10**400, np.uint8(0)):
        refused(lambda b=bad: g.animate_game(history, ["you", "bot"], b), "interval")
    refused(lambda: g.draw_marginal(np.eye(2), [1, 2, 3]), "deck")
    refused(lambda: g.draw_marginal(np.eye(2), vmax=10**400), "vmax")
    plt.close("all")


SEEDED = {
    "evolve": lambda s: g.evolve(generations=2, population=5, survivors=2, initial=2,
                                 deck=range(1, 5), seed=s).best.tolist(),
    "evolve(fast=False)": lambda s: g.evolve(generations=2, population=5, survivors=2, initial=2,
                                             deck=range(1, 5), seed=s, fast=False).best.tolist(),
    "grid_trial": lambda s: g.grid_trial("pairs", 0.1, 2, 2, s, population=5, survivors=2,
                                         cards=4).best.tolist(),
    "Arena": lambda s: g.Arena(g.ArenaConfig(deck=(1, 2, 3)), seed=s).play_round(
        g.identity((1, 2, 3))).points,
    "scripted_human": lambda s: g.scripted_human("mixed", (1, 2, 3), mix={(1, 2, 3): 1.0,
                                                                         (3, 2, 1): 1.0},
                                                 seed=s)(None).ranks,
    "scripted_trial": lambda s: g.scripted_trial("identity", False, "game", 2, s, cards=3).margins,
    "equilibrium": lambda s: g.equilibrium(4, "winloss", progress=False, seed=s).strategy,
}


@pytest.mark.parametrize("name", sorted(SEEDED))
def test_every_public_seed_is_checked_as_studykit_checks_seed_defines(name):
    """A seed is a whole number >= 0 (studykit.checks.seed): None, negatives, fractions, bools
    and text are refused naming it; numpy integers give the Python int's run."""
    call = SEEDED[name]
    for bad in (None, -1, 1.5, True, "3", [3], np.float64(3.0), np.int8(-1)):
        refused(lambda b=bad: call(b), "seed")
    assert plain(call(np.uint8(3))) == plain(call(3)) == plain(call(np.int64(3)))
    assert plain(call(np.uint64(2**64 - 1))) == plain(call(2**64 - 1))


# ---- more properties over the public API (issue 41) -----------------------------------------
perm = st.integers(1, 6).flatmap(lambda n: st.permutations(range(n)))
ranks_or_wrong = st.one_of(perm, perm.map(np.array), perm.map(lambda p: np.array(p, np.uint8)),
                           wrong, st.lists(st.integers(-2, 7), max_size=6))


@FUZZ
@given(st.sampled_from(["breed_pairs", "breed_preferences", "breed_random"]), ranks_or_wrong,
       ranks_or_wrong, st.one_of(st.just(random.Random(1)), wrong))
def test_breeders_give_a_permutation_of_the_parents_size_or_refuse(name, mom, dad, rnd):
    child = answer_or_ours(lambda: getattr(g, name)(mom, dad, rnd), "mom", "dad", "rnd")
    if child is not None:
        assert sorted(child) == list(range(len(mom))) == sorted(int(d) for d in dad)
        assert all(type(c) is int for c in child)


@FUZZ
@given(ranks_or_wrong, st.one_of(st.floats(-1, 2), st.integers(-1, 2), wrong),
       st.sampled_from(["mutate", "swap_mutate"]))
def test_mutations_give_a_permutation_or_refuse(ranks, amount, name):
    out = answer_or_ours(lambda: getattr(g, name)(ranks, amount, random.Random(0)),
                         "ranks", "degree", "rate")
    if out is not None:
        assert sorted(out) == list(range(len(ranks)))
        if amount == 0:
            assert out == [int(r) for r in ranks]


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(["mom", "dad", "aunt", 3]), st.integers(0, 5),
                          st.integers(0, 5)), max_size=8))
def test_pairs_steps_grow_a_closed_order_or_refuse(draws):
    mom, dad = [1, 2, 3, 4], [4, 2, 1, 3]
    steps = answer_or_ours(lambda: g.pairs_steps(draws, mom, dad), "draws", "parent", "card",
                           "pair")
    if steps is None:
        return
    previous: frozenset = frozenset()
    for order in steps:
        pairs = order.pairs
        assert previous < pairs                                  # each draw orders something
        assert all((a, d) in pairs for a, b in pairs for c, d in pairs if b == c)   # closed
        assert not any((b, a) in pairs for a, b in pairs)        # no cycle
        previous = pairs


@FUZZ
@given(st.integers(2, 5).flatmap(lambda n: st.tuples(st.permutations(range(n)),
                                                     st.permutations(range(n)))),
       st.sampled_from(INT_DTYPES))
def test_margins_are_antisymmetric_and_the_best_reply_is_at_least_as_good(pair, dtype):
    mine, yours = pair
    deck = tuple(range(1, len(mine) + 1))
    a = g.Strategy(np.array(deck, dtype).tolist(), tuple(np.array(mine, dtype)))
    b = g.Strategy(deck, tuple(yours))
    assert g.margin(a, b) == -g.margin(b, a)
    assert sum(g.play([a, b])) == sum(deck)
    reply = g.best_counter(b)
    assert reply.gain >= g.margin(a, b) and g.exploitability(b, "margin") >= 0


def mostly(valid: st.SearchStrategy, other: st.SearchStrategy) -> st.SearchStrategy:
    """Valid values four times in five, the others (wrong kinds, out of range) otherwise."""
    return st.integers(0, 4).flatmap(lambda k: other if k == 0 else valid)


@FUZZ
@given(st.sampled_from(["pairs", "preferences", "random"]), st.sampled_from(["none", "children", "all"]),
       st.sampled_from(["reverse", "swap"]), st.booleans(), st.integers(0, 2**40), st.data())
def test_fast_and_plain_evolve_agree_or_refuse_alike(breeder, mutate, operator, as_published,
                                                      seed, data):
    population = data.draw(mostly(st.integers(2, 12), st.one_of(any_int, wrong)))
    top = population if isinstance(population, int) and population >= 2 else 2
    survivors = data.draw(mostly(st.integers(1, top - 1), any_int))
    initial = data.draw(mostly(st.integers(2, top), st.one_of(any_int, wrong)))
    rest = top - survivors if isinstance(survivors, int) and 0 < survivors < top else 0
    immigrants = data.draw(mostly(st.integers(0, rest), any_int))
    mutation = data.draw(mostly(st.floats(0, 0.5), st.one_of(st.floats(-1, 2), wrong)))
    deck = data.draw(mostly(st.lists(st.integers(1, 70), min_size=2, max_size=9, unique=True),
                            st.one_of(st.lists(st.integers(-5, 70), max_size=4), wrong)))
    kwargs = dict(breeder=breeder, mutate=mutate, operator=operator, mutation=mutation,
                  initial=initial, generations=3, population=population, survivors=survivors,
                  immigrants=immigrants, deck=deck, as_published=as_published, seed=seed)
    names = ("mutation", "initial", "population", "survivors", "immigrants", "deck", "parents")
    fast = answer_or_ours(lambda: g.evolve(**kwargs), *names)
    plain_run = answer_or_ours(lambda: g.evolve(fast=False, **kwargs), *names)
    assert (fast is None) == (plain_run is None)
    if fast is not None:
        assert plain(fast) == plain(plain_run)
        assert all(sorted(m) == list(range(len(deck))) for m in fast.population)
