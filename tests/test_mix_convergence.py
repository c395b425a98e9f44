"""mix.play.strength: strength over training on a fixed yardstick: the right tables play, the
shares add up, and the paired gain is the per-run difference of mean shares."""

import numpy as np
import pandas as pd
import pytest

from mix import SearchAgent, heuristic_values, match
from mix.play.strength import paired_gain, strength_over_training


def test_checkpoint_tables_play_as_themselves():
    good = np.array(heuristic_values(), dtype=float)
    hist = np.stack([np.zeros_like(good), good, good])[None]          # 1 run, 2 games
    tab = strength_over_training({"v": hist}, [2, 0], "random", 4, seed=3)
    assert list(tab.games) == [0, 2] and list(tab.played) == [8, 8]
    assert tab.set_index("games").share[2] >= 0.75      # the hand-made table beats random
    # the zero table at game 0 and the hand-made one at game 2: the checkpoint picks the row
    zero = strength_over_training({"v": hist[:, :1]}, [0], "random", 4, seed=3)
    assert zero.wins.iloc[0] == tab.wins.iloc[0]
    assert match(SearchAgent(good, "bits-strict", 2), "random", 4, seed=0).x_wins >= 3


def test_paired_gain_and_refusals():
    tab = pd.DataFrame({"variant": ["a"] * 4 + ["b"] * 4, "run": [0, 0, 1, 1] * 2,
                        "games": [0, 5] * 4, "share": [0.5, 0.9, 0.5, 0.7, 0.5, 0.5, 0.5, 0.6]})
    diff, mean, se = paired_gain(tab, "a", "b")
    assert np.allclose(diff, [0.2, 0.05]) and mean == pytest.approx(0.125)
    assert se == pytest.approx(np.std([0.2, 0.05], ddof=1) / np.sqrt(2))
    with pytest.raises(ValueError, match="no variant"):
        paired_gain(tab, "a", "c")
    hist = np.zeros((1, 3, 128))
    with pytest.raises(ValueError, match="beyond"):
        strength_over_training({"v": hist}, [3], "random", 1)
    with pytest.raises(ValueError, match="opponent"):
        strength_over_training({"v": hist}, [1], "nobody", 1)
