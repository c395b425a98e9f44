"""The trainers' progress bars end full after an early stop (green in a notebook, not red)."""

import re

import pytest

import catmouse
from catmouse.progress import close_at_count, progress_bar


def last_count(err: str, desc: str) -> tuple[int, int]:
    """The (n, total) of the last rendering of the bar named ``desc`` in captured stderr."""
    shown = [part for part in re.split(r"[\r\n]", err) if part.startswith(desc)]
    assert shown, f"no {desc!r} bar in {err!r}"
    n, total = re.search(r"(\d+)/(\d+)", shown[-1]).groups()
    return int(n), int(total)


def test_version_2_phase_1_stopping_when_every_game_is_won_ends_full(capsys):
    run = catmouse.train_local(5, 5, games=20, mode="fast", phase1_iterations=500,
                               phase2_iterations=2, progress=True)
    assert 0 < run.phase1_iterations < 500                      # an early stop
    assert last_count(capsys.readouterr().err, "phase 1") == (run.phase1_iterations,) * 2


def test_the_improved_trainer_stopping_when_solved_ends_full(capsys):
    run = catmouse.train_tabular_improved(4, 5, iterations=3000, checkpoint_every=100,
                                          stop_when_solved=True, progress=True)
    assert run.solved_at is not None and run.iterations < 3000
    assert last_count(capsys.readouterr().err, "co-evolution") == (run.iterations,) * 2


def test_early_stopping_by_the_stop_after_rule_ends_full(capsys):
    config = catmouse.TUNING["improved + early stopping"]
    run = catmouse.train_tabular_improved(4, 5, iterations=20_000, checkpoint_every=0, seed=1,
                                          config=config, progress=True)
    assert run.stopped_at is not None and run.iterations < 20_000
    assert last_count(capsys.readouterr().err, "co-evolution") == (run.iterations,) * 2


def test_a_full_run_and_a_hidden_bar_are_left_alone(capsys):
    bar = progress_bar(3, True, "full")
    for _ in range(3):
        bar.update()
    close_at_count(bar)
    assert (bar.n, bar.total) == (3, 3)
    hidden = progress_bar(5, False, "hidden")
    close_at_count(hidden)
    assert "hidden" not in capsys.readouterr().err


def test_a_notebook_bar_stopped_early_closes_green_and_full():
    notebook = pytest.importorskip("tqdm.notebook")
    pytest.importorskip("ipywidgets")
    bar = notebook.tqdm(total=1000, desc="phase 1")
    bar.update(30)
    close_at_count(bar)
    widget = bar.container.children[1]
    assert (bar.n, bar.total) == (30, 30)
    assert (widget.value, widget.max, widget.bar_style) == (30, 30, "success")
