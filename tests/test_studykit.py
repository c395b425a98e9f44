"""The shared helpers: sweeps (local and Dask), quick mode, paths."""


import numpy as np
import pytest

from studykit.quick import quick_mode
from studykit.sweep import grid_points, run_sweep, trial_seeds


def noisy_sum(a, b, seed):
    """A pure trial: a + b plus a seeded uniform draw."""
    return a + b + np.random.default_rng(seed).random()


def test_grid_points_is_cartesian_first_key_slowest():
    assert grid_points({"a": [1, 2], "b": ["x", "y"]}) == [
        {"a": 1, "b": "x"}, {"a": 1, "b": "y"}, {"a": 2, "b": "x"}, {"a": 2, "b": "y"}]
    assert grid_points([{"a": 3}]) == [{"a": 3}]
    with pytest.raises(TypeError, match="grid"):
        grid_points({"a": 5})


def test_trial_seeds_are_distinct_and_reproducible():
    seeds = trial_seeds(7, 50)
    assert len(set(seeds)) == 50 and seeds == trial_seeds(7, 50)
    assert seeds[:10] == trial_seeds(7, 10)  # a longer run extends, never reshuffles
    with pytest.raises(ValueError):
        trial_seeds(0, 0)


def test_sweep_results_do_not_depend_on_workers():
    grid = {"a": [0, 10], "b": [1, 2, 3]}
    serial = run_sweep(noisy_sum, grid, trials=4, seed=3, n_jobs=1, progress=False)
    parallel = run_sweep(noisy_sum, grid, trials=4, seed=3, n_jobs=2, progress=False)
    assert serial == parallel
    assert len(serial) == 24
    row = serial[5]
    assert row["result"] == noisy_sum(row["a"], row["b"], row["seed"])
    # common random numbers: trial t has the same seed at every grid point
    assert {r["seed"] for r in serial if r["trial"] == 2} == {trial_seeds(3, 4)[2]}


def test_sweep_starts_the_costliest_calls_first_and_keeps_the_rows():
    grid = {"a": [0, 10, 5], "b": [1, 2]}
    plain = run_sweep(noisy_sum, grid, trials=2, seed=3, n_jobs=1, progress=False)
    started = []

    def recorded(a, b, seed):
        started.append((a, b, seed))
        return noisy_sum(a, b, seed)

    ranked = run_sweep(recorded, grid, trials=2, seed=3, n_jobs=1, progress=False,
                       cost=lambda p: p["a"] * 10 + p["b"])
    assert ranked == plain   # the same rows, in grid order
    s0, s1 = trial_seeds(3, 2)
    assert started == [(10, 2, s0), (10, 2, s1), (10, 1, s0), (10, 1, s1), (5, 2, s0),
                       (5, 2, s1), (5, 1, s0), (5, 1, s1), (0, 2, s0), (0, 2, s1),
                       (0, 1, s0), (0, 1, s1)]
    started.clear()
    run_sweep(recorded, grid, trials=2, seed=3, n_jobs=1, progress=False, cost=lambda p: 1)
    assert started == [(r["a"], r["b"], r["seed"]) for r in plain]   # ties keep grid order
    assert run_sweep(noisy_sum, grid, trials=2, seed=3, n_jobs=2, progress=False,
                     cost=lambda p: -p["a"]) == plain
    with pytest.raises(TypeError, match="cost must be a function"):
        run_sweep(noisy_sum, grid, progress=False, cost=3)
    with pytest.raises(TypeError, match="finite number"):
        run_sweep(noisy_sum, grid, progress=False, cost=lambda p: "big")
    with pytest.raises(TypeError, match="finite number"):
        run_sweep(noisy_sum, grid, progress=False, cost=lambda p: float("nan"))


def test_sweep_on_a_local_dask_cluster_matches_the_local_run():
    distributed = pytest.importorskip("dask.distributed")
    from joblib import parallel_config

    grid = {"a": [1, 2], "b": [5, 6]}
    local = run_sweep(noisy_sum, grid, trials=3, seed=11, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster), parallel_config(backend="dask"):
        remote = run_sweep(noisy_sum, grid, trials=3, seed=11, progress=False)
    assert remote == local


def test_quick_mode_reads_the_environment(monkeypatch):
    for value, expected in [("1", True), ("yes", True), ("0", False), ("", False)]:
        monkeypatch.setenv("GAMEAI_QUICK", value)
        assert quick_mode() is expected
    monkeypatch.delenv("GAMEAI_QUICK")
    assert quick_mode() is False


def test_sweep_refuses_bad_input_clearly():
    grid = {"a": [1], "b": [2]}
    with pytest.raises(ValueError, match="reserved"):
        run_sweep(noisy_sum, {"a": [1], "trial": [0]}, progress=False)
    with pytest.raises(TypeError, match="None would make"):
        run_sweep(noisy_sum, grid, seed=None, progress=False)
    with pytest.raises(ValueError, match="seed"):
        run_sweep(noisy_sum, grid, seed=-1, progress=False)
    with pytest.raises(TypeError, match="trials"):
        run_sweep(noisy_sum, grid, trials=2.5, progress=False)
    with pytest.raises(ValueError, match="more than"):
        run_sweep(noisy_sum, grid, trials=10**9, progress=False)
    with pytest.raises(ValueError, match="no point"):
        run_sweep(noisy_sum, {"a": [], "b": [1]}, progress=False)
    with pytest.raises(TypeError, match="function"):
        run_sweep("noisy_sum", grid, progress=False)


def test_shrink_keeps_what_a_papermill_run_overrode(monkeypatch):
    from studykit.quick import shrink

    namespace = {"A": 100, "B": (1, 2), "_ih": ["", "A = 100\nB = (1, 2)", "# Parameters\nA = 7\n"]}
    monkeypatch.delenv("GAMEAI_QUICK", raising=False)
    assert shrink(namespace, A=1, B=(1,)) == {} and namespace["B"] == (1, 2)
    monkeypatch.setenv("GAMEAI_QUICK", "1")
    assert shrink(namespace, A=1, B=(1,)) == {"B": (1,)}
    assert namespace["A"] == 100 and namespace["B"] == (1,)   # A was given to papermill
    with pytest.raises(NameError, match="C"):
        shrink(namespace, C=3)


def test_animation_helpers_show_save_and_publish_without_private_attributes(tmp_path, monkeypatch):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.animation import FuncAnimation
    from PIL import Image

    from studykit import animation

    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path / "results"))
    monkeypatch.setattr(animation, "DOCS_GIFS", tmp_path / "docs")
    monkeypatch.delenv("GAMEAI_QUICK", raising=False)

    def small():                                   # 2 x 1.5 inches at 50 dpi: 100 px wide
        fig, ax = plt.subplots(figsize=(2, 1.5), dpi=50)
        return fig, FuncAnimation(fig, lambda k: ax.set_title(f"frame {k}"), frames=3)

    fig, anim = small()
    html = animation.show_animation(anim, fps=2)
    assert html.data.count("data:image/png") == 3 and not plt.fignum_exists(fig.number)
    fig, anim = small()
    path = animation.save_gif(anim, "tiny", fps=2, publish=True)
    assert path == tmp_path / "results" / "gifs" / "tiny.gif"
    with Image.open(path) as small_gif, Image.open(tmp_path / "docs" / "tiny.gif") as docs_gif:
        assert small_gif.size[0] == 100 and small_gif.n_frames == 3
        assert docs_gif.size[0] >= animation.MIN_DOCS_WIDTH        # published legibly wide
    with pytest.raises(TypeError, match="anim"):
        animation.save_gif(fig, "tiny")
    plt.close("all")
