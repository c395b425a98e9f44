"""Tournament tables, the loop-lesson and border-guard summaries, and animate_run: exact small cases."""

import gc
import math

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt

import tracking
from studykit.stats import Estimate
from tracking.contestrun import contest_lines, contest_summary
from tracking.draw import animate_run, draw_maze, plot_belief
from tracking.drawgame import draw_state, plot_visits
from tracking.game import GameResult
from tracking.maze import random_maze
from tracking.tournament import (
    GuardSummary,
    attacker_cells,
    guard_summary,
    loop_game,
    loop_table,
    loop_trial,
    pairing_table,
    stuck_share,
)


def game(score_a, score_b, *, moves=100, caught_a=0, caught_b=0):
    return {"score_a": score_a, "score_b": score_b, "win": score_a > score_b,
            "loss": score_a < score_b, "moves": moves, "caught_a": caught_a, "caught_b": caught_b}


def test_pairing_summaries_carry_the_standard_error_and_print_the_95_percent_half_width():
    rows = [{"layout": "L", "a": "x", "b": "y", "result": game(s, 1, caught_a=c)}
            for s, c in ((1, 0), (2, 1), (3, 5))]
    table = pairing_table(rows)
    s = table.summaries[("L", "x", "y")]
    assert s.score_a == Estimate(2.0, 1 / math.sqrt(3), 3)            # SD 1 over 3 games
    assert s.margin == Estimate(1.0, 1 / math.sqrt(3), 3) and s.moves == Estimate(100.0, 0.0, 3)
    assert s.caught_a.mean == 2.0 and s.caught_a.se == pytest.approx(math.sqrt(7 / 3))
    line = table.lines[0]
    assert line["score a"] == f"2.0 ± {1.96 / math.sqrt(3):.1f}" == "2.0 ± 1.1"
    assert line["Pacmen caught by a"] == f"2.00 ± {1.96 * math.sqrt(7 / 3):.2f}"
    one = pairing_table(rows[:1]).summaries[("L", "x", "y")]
    assert one.score_a.mean == 1.0 and math.isnan(one.score_a.se)      # one game: SE unknown


def contest_game(win, loss, score_a, seen, capsules=0):
    return {"win": win, "loss": loss, "score_a": score_a, "score_b": 1, "deaths_a": seen + 1,
            "seen_deaths_a": seen, "capsules_a": capsules}


def test_contest_summary_and_lines_by_hand():
    rows = [{"a": "x", "b": "y", "result": contest_game(True, False, 4, 1, capsules=2)},
            {"a": "x", "b": "y", "result": contest_game(False, False, 2, 3)},
            {"a": "x", "b": "z", "result": contest_game(False, True, 0, 0)}]
    summary = contest_summary(rows)
    s = summary[("x", "y")]
    assert (s["games"], s["wins"], s["ties"], s["losses"], s["decided"]) == (2, 1, 1, 0, 1)
    assert s["score a"] == Estimate(3.0, 1.0, 2) and s["seen deaths a"] == Estimate(2.0, 1.0, 2)
    assert s["deaths a"] == Estimate(3.0, 1.0, 2) and s["capsules a"] == Estimate(1.0, 1.0, 2)
    first, second = contest_lines(summary)
    assert first["W-T-L"] == "1-1-0" and first["score a"] == "3.0 ± 2.0"     # 1.96 SE, SE 1
    assert first["a's Pacmen caught / game"] == "3.00" and first["by a ghost in sight"] == "2.00"
    assert first["capsules eaten by a / game"] == "1.00" and first["score b"] == "1.0 ± 0.0"
    assert second["score a"] == "0.0 ± nan" and second["a wins of decided"].startswith("0.00 [")


def test_pairing_table_groups_by_its_keys_in_first_seen_order():
    rows = [{"layout": "L", "a": "x", "b": "y", "result": game(3, 1, moves=10)},
            {"layout": "M", "a": "x", "b": "y", "result": game(0, 2)},
            {"layout": "L", "a": "x", "b": "y", "result": game(1, 1, moves=20, caught_b=2)}]
    table = pairing_table(rows)
    lines, summaries = table.lines, table.summaries
    assert list(summaries) == [("L", "x", "y"), ("M", "x", "y")]
    first = lines[0]
    assert (first["layout"], first["a"], first["b"], first["games"]) == ("L", "x", "y", 2)
    assert first["a wins"] == "0.50 [0.09, 0.91]" and first["ties"] == "0.50"
    assert first["score a"] == "2.0 ± 2.0"                       # 1.96 * sqrt(2) / sqrt(2)
    assert first["Pacmen caught by b"] == "1.00 ± 1.96"
    assert first["moves"] == "15"
    assert summaries[("M", "x", "y")].win_rate == 0.0 and summaries[("M", "x", "y")].loss_rate == 1.0
    table = pairing_table(rows, keys=("a",))
    assert len(table.lines) == 1 and table.lines[0]["games"] == 3 and list(table.summaries) == [("x",)]


def test_loop_table_by_hand():
    rows = [{"attacker": "hard rules", "result": {"stuck": 0.8, "visited": 10, "score": 0, "win": False}},
            {"attacker": "weighted", "result": {"stuck": 0.0, "visited": 90, "score": 5, "win": True}},
            {"attacker": "hard rules", "result": {"stuck": 0.4, "visited": 30, "score": 2, "win": False}}]
    table = loop_table(rows)
    lines, loops = table.lines, table.results
    assert [line["attacker"] for line in lines] == ["hard rules", "weighted"]
    hard = lines[0]
    assert hard["games"] == 2 and hard["games mostly stuck (> 50%)"] == 1
    assert hard["share of moves stuck"] == "0.60 ± 0.39"          # SE 0.2, times 1.96
    assert hard["cells visited"] == "20.00 ± 19.60" and hard["wins vs tracker team"] == 0
    assert lines[1]["share of moves stuck"] == "0.00 ± nan"
    assert [r["visited"] for r in loops["hard rules"]] == [10, 30]


def test_attacker_cells_and_guard_summary_read_the_trail_by_hand():
    # trail: start, then after each of the moves of agents 0, 1, 2, 3, 0, 1, 2, 3
    trail = [((1, 1), (9, 1), (1, 2), (9, 2))]
    for k in range(1, 9):
        t = list(trail[-1])
        t[(k - 1) % 4] = (k, k)
        trail.append(tuple(t))
    assert attacker_cells(trail) == [(1, 1), (1, 1), (5, 5)]
    maze = random_maze(16, 8)
    result = GameResult({"red": 3, "blue": 0}, 8, {"red": 0, "blue": 0}, [0] * 4, trail)
    s = guard_summary(maze, result, columns=3)
    # the defender (agent 3) after its moves: (4, 4) and (8, 8); the border column is 8
    assert s == GuardSummary(near_border=0.5, attacker_score=3,
                             attacker_stuck=stuck_share([(1, 1), (1, 1), (5, 5)]))
    assert guard_summary(maze, result, columns=4).near_border == 1.0


def test_loop_trial_summarises_loop_game():
    maze = tracking.load_layout("defaultCapture")
    res = loop_game("hard rules", maze, 3, max_moves=120)
    cells = attacker_cells(res.trail)
    trial = loop_trial("hard rules", "defaultCapture", 3, max_moves=120)
    assert trial == {"stuck": stuck_share(cells), "stuck_long": stuck_share(cells, 32, 8),
                     "visited": len(set(cells)),
                     "score": res.scores["red"], "enemy_score": res.scores["blue"],
                     "win": res.winner == "red"}
    assert len(cells) == 31                                       # the start and its 30 moves
    with pytest.raises(ValueError, match="attacker"):
        loop_game("lazy", maze, 0)


@pytest.mark.filterwarnings("ignore:Animation was deleted without rendering")
def test_animate_run_shows_every_stride_th_step_up_to_last():
    run = tracking.track("tinyCapture", motion="explorer", opponent="explorer", steps=12, seed=0)
    anim = animate_run(run, last=10, stride=4)
    assert list(anim.new_frame_seq()) == [0, 4, 8]
    assert list(animate_run(run, last=50, stride=5).new_frame_seq()) == [0, 5, 10]
    assert list(animate_run(run).new_frame_seq()) == list(range(13))
    full = animate_run(run, last=6, stride=6, readings=True, sight=True, title="t")
    assert full.to_jshtml().count("data:image/png") == 2          # steps 0 and 6, drawn in turn
    ax = plt.gcf().axes[0]                                         # the figure shows step 6 last
    p = run["beliefs"][6][run["path"][6]]
    assert ax.get_title() == f"t step 6: P(true cell) = {p:.2f}"
    bare = animate_run(run, last=6, stride=6)
    bare.to_jshtml()
    assert len(plt.gcf().axes[0].collections) < len(ax.collections)   # no band, no sight line
    with pytest.raises(ValueError, match="stride"):
        animate_run(run, stride=0)
    plt.close("all")
    del anim                # it and the other never-rendered animations go now, under the filter
    gc.collect()


def test_drawings_take_the_axes_as_a_keyword():
    maze = tracking.load_layout("tinyCapture")
    res = tracking.CaptureGame(maze, tracking.make_team("tracker"), tracking.make_team("greedy"),
                               max_moves=8, seed=0, record=True).play()
    fig, axes = plt.subplots(1, 3)
    frame = res.frames[-1]
    assert draw_state(maze, frame, "red", ax=axes[0]) is axes[0]
    s = frame["scores"]
    assert axes[0].get_title().endswith(f"red {s['red']} : {s['blue']} blue")
    im = plot_visits(maze, attacker_cells(res.trail), ax=axes[1], title="visits")
    assert im.axes is axes[1] and axes[1].get_title() == "visits"
    run = tracking.track(maze, steps=3, seed=0)
    assert plot_belief(maze, run["beliefs"][3], maze.cells[run["path"][3]], ax=axes[2], title="b") is axes[2]
    assert draw_maze(maze).figure is not fig                       # no axes: a figure of its own
    for positional in (lambda: draw_maze(maze, axes[0]), lambda: draw_state(maze, frame, "red", axes[0]),
                       lambda: plot_belief(maze, run["beliefs"][0], None, axes[0]),
                       lambda: plot_visits(maze, [(1, 1)], axes[0])):
        with pytest.raises(TypeError):
            positional()
    anim = tracking.animate_game(maze, res.frames, show=[0, 8])
    assert anim.to_jshtml().count("data:image/png") == 2
    plt.close("all")
