"""The shared helpers: sweeps (local and Dask), quick mode, paths, animations and publishing."""

from pathlib import Path

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


def small_animation(frames=3):
    """A 2 x 1.5 inch figure at 50 dpi (100 px wide) whose title counts the frames."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.animation import FuncAnimation

    fig, ax = plt.subplots(figsize=(2, 1.5), dpi=50)
    return fig, FuncAnimation(fig, lambda k: ax.set_title(f"frame {k}"), frames=frames)


def test_animation_html_links_no_outside_host_and_labels_its_buttons(tmp_path, monkeypatch):
    import re

    import matplotlib.pyplot as plt

    from studykit import animation

    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path / "results"))
    fig, anim = small_animation()
    html = animation.show_animation(anim, fps=2).data
    assert html.count("data:image/png") == 3 and not plt.fignum_exists(fig.number)
    assert not re.search(r"https?://", html), re.findall(r"https?://\S+", html)
    assert 'class="fa' not in html
    labels = re.findall(r'<button title="([^"]+)"[^>]*>\s*<span class="anim-label">([^<]+)</span>',
                        html)
    assert len(labels) == 9 and all(text.strip() for _, text in labels), labels
    assert len({text for _, text in labels}) == 9, "every button reads differently"


def test_a_run_writes_gifs_only_under_results_with_their_mode(tmp_path, monkeypatch):
    import json

    import matplotlib.pyplot as plt
    from PIL import Image

    from studykit import animation

    root = tmp_path / "repo"
    (root / "docs" / "gifs").mkdir(parents=True)
    monkeypatch.chdir(root)
    monkeypatch.setenv("GAMEAI_RESULTS", str(tmp_path / "results"))
    for mode in ("0", "1"):
        monkeypatch.setenv("GAMEAI_QUICK", mode)
        fig, anim = small_animation()
        path = animation.save_gif(anim, "tiny", fps=2, publish=True)
        assert path == tmp_path / "results" / "gifs" / "tiny.gif"
        wide = tmp_path / "results" / "gifs" / "publish" / "tiny.gif"
        record = json.loads(wide.with_suffix(".json").read_text())
        with Image.open(path) as small_gif, Image.open(wide) as docs_gif:
            assert small_gif.size[0] == 100 and small_gif.n_frames == 3
            assert docs_gif.size[0] >= animation.MIN_DOCS_WIDTH == 480     # legibly wide
            assert record["width"] == docs_gif.size[0]
        assert record["quick"] is (mode == "1") and record["mode"] == ("quick" if mode == "1"
                                                                      else "full")
        plt.close("all")
    fig, anim = small_animation()
    animation.show_animation(anim, gif="shown", fps=2, publish=True)
    assert (tmp_path / "results" / "gifs" / "publish" / "shown.gif").is_file()
    assert not any((root / "docs").rglob("*.*")), "a run never writes docs/"
    assert not [p for p in Path(animation.__file__).parent.parent.joinpath("docs", "gifs").glob(
        "tiny.gif")]
    with pytest.raises(TypeError, match="anim"):
        animation.save_gif(fig, "tiny")
    plt.close("all")


def test_shown_animation_writes_the_gifs_save_gif_writes(tmp_path, monkeypatch):
    """show_animation makes the player and both GIFs in one pass over the frames: its GIFs are
    byte for byte those of save_gif (matplotlib's PillowWriter, one pass per GIF), and its
    player's frames are those of matplotlib's own HTML writer."""
    import re

    import matplotlib.pyplot as plt
    from matplotlib.animation import HTMLWriter

    from studykit import animation

    results = tmp_path / "results"
    monkeypatch.setenv("GAMEAI_RESULTS", str(results))
    monkeypatch.setenv("GAMEAI_QUICK", "0")
    animation.save_gif(small_animation(4)[1], "saved", fps=2, publish=True)
    html = animation.show_animation(small_animation(4)[1], gif="shown", fps=2, publish=True).data
    page = tmp_path / "player.html"
    small_animation(4)[1].save(str(page), writer=HTMLWriter(fps=2, embed_frames=True))
    plt.close("all")
    for folder in (results / "gifs", results / "gifs" / "publish"):
        assert (folder / "shown.gif").read_bytes() == (folder / "saved.gif").read_bytes()
    frames = re.compile(r"data:image/png;base64,[^\"']+")
    assert frames.findall(html) == frames.findall(page.read_text())
    assert len(frames.findall(html)) == 4
    counted = []
    monkeypatch.setattr(animation, "picture", lambda *a, **k: counted.append(a) or 1 / 0)
    fig, anim = small_animation(2)
    fig.set_size_inches(2, 1.6)          # 100 x 80 pixels: the player keeps the figure's size
    animation.show_animation(anim, gif="again", fps=2)    # and no frame is drawn twice
    assert counted == []
    plt.close("all")


def test_publish_copies_full_run_gifs_and_refuses_quick_ones(tmp_path, monkeypatch, capsys):
    import hashlib
    import json

    import matplotlib.pyplot as plt

    from studykit import animation, publish

    results, docs = tmp_path / "results", tmp_path / "docs" / "gifs"
    monkeypatch.setenv("GAMEAI_RESULTS", str(results))
    for name, mode in (("full_one", "0"), ("quick_one", "1")):
        monkeypatch.setenv("GAMEAI_QUICK", mode)
        animation.save_gif(small_animation()[1], name, fps=2, publish=True)
        plt.close("all")
    folder = results / "gifs" / "publish"
    assert publish.main(["--docs", str(docs)]) == 1
    out = capsys.readouterr().out
    assert "published" in out and "refused quick_one.gif: made in quick mode" in out
    assert sorted(p.name for p in docs.iterdir()) == ["full_one.gif"]
    assert (docs / "full_one.gif").read_bytes() == (folder / "full_one.gif").read_bytes()
    # a record edited to say full, a GIF changed after its record, a narrow one: all refused
    record = json.loads((folder / "quick_one.json").read_text())
    (folder / "quick_one.json").write_text(json.dumps({**record, "quick": False}))
    assert "quick mode" in publish.why_not(folder / "quick_one.gif")
    (folder / "full_one.gif").write_bytes(b"GIF89a changed")
    assert "changed" in publish.why_not(folder / "full_one.gif")
    narrow = {**record, "quick": False, "mode": "full", "width": 100,
              "sha256": hashlib.sha256((folder / "quick_one.gif").read_bytes()).hexdigest()}
    (folder / "quick_one.json").write_text(json.dumps(narrow))
    assert "480" in publish.why_not(folder / "quick_one.gif")
    (folder / "quick_one.json").unlink()
    assert "no readable record" in publish.why_not(folder / "quick_one.gif")
    with pytest.raises(SystemExit, match="nope"):
        publish.main(["nope", "--docs", str(docs)])
