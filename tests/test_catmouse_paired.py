"""The paired comparison of two trainer variants' times to an unexploitable cat."""

import pytest

from catmouse.v1.experiments import paired_solve_difference, solve_times


def rows(times, variant, boards=((6, 6), (7, 6))):
    out = []
    for (r, c) in boards:
        for seed, t in enumerate(times):
            out.append({"rows": r, "cols": c, "seed": seed, "variant": variant,
                        "result": {"solved_at": t}})
    return out


def test_identical_variants_differ_by_nothing():
    t = [1000, 4000, 2000, None, 7000]
    d = paired_solve_difference(rows(t, "a") + rows(t, "b"), "a", "b", budget=30_000, reps=500)
    assert (d.mean, d.low, d.high, d.pairs) == (0, 0, 0, 10)
    assert (d.unsolved_variant, d.unsolved_reference) == (2, 2)      # one per board


def test_a_constant_shift_is_found_exactly_and_its_sign_is_variant_minus_reference():
    base = [1000, 4000, 2000, 9000, 7000]
    later = [t + 2000 for t in base]
    d = paired_solve_difference(rows(later, "slow") + rows(base, "fast"), "slow", "fast",
                                budget=30_000, reps=500)
    assert d.mean == d.low == d.high == 2000          # pairing removes the seed-to-seed spread
    assert "+2,000 iterations" in d.describe()


def test_noisy_differences_give_an_interval_around_the_mean_that_can_include_zero():
    a = [1000, 5000, 2000, 9000, 3000, 6000]
    b = [2000, 4000, 3000, 7000, 4000, 5000]          # differences -1000, +1000, ... mixed signs
    d = paired_solve_difference(rows(a, "a") + rows(b, "b"), "a", "b", budget=30_000, reps=2000)
    assert d.low < 0 < d.high and d.low <= d.mean <= d.high
    again = paired_solve_difference(rows(a, "a") + rows(b, "b"), "a", "b", budget=30_000, reps=2000)
    assert again == d                                  # seeded


def test_an_unsolved_run_counts_as_the_budget_and_only_matched_runs_count():
    t = solve_times(rows([None, 500], "a"), "a", budget=3000)
    assert t[6, 6, 0] == (3000.0, False) and t[6, 6, 1] == (500.0, True)
    extra = rows([100], "a", boards=((5, 4),))         # no partner in "b"
    d = paired_solve_difference(rows([None], "a") + rows([1000], "b") + extra, "a", "b",
                                budget=3000, reps=200)
    assert d.pairs == 2 and d.mean == 2000 and d.unsolved_variant == 2
    with pytest.raises(ValueError, match="no matched runs"):
        paired_solve_difference(rows([1], "a"), "a", "b", budget=10)
    with pytest.raises(ValueError, match="sweep row"):
        paired_solve_difference([{"rows": 1}], "a", "b", budget=10)
