"""Seeded capture-game tournaments: one game per trial (for studykit.run_sweep) and their summary."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from studykit.checks import choice, items, whole
from studykit.checks import seed as check_seed
from studykit.stats import Estimate, wilson
from tracking.agents import Weights
from tracking.game import CaptureGame, GameResult
from tracking.maze import LAYOUTS, Maze, load_layout, random_maze
from tracking.teams import make_team


def maze_named(name: str) -> Maze:
    """A shipped layout by name, or ``"random-<seed>"`` for a 32x16 random symmetric maze."""
    if not isinstance(name, str):
        raise TypeError(f"layout must be a layout name or 'random-<seed>', got {type(name).__name__}")
    if name.startswith("random-"):
        number = name.split("-", 1)[1]
        if not (number.isascii() and number.isdigit()):
            raise ValueError(f"layout 'random-<seed>' needs a whole-number seed, got {name!r}")
        return random_maze(32, 16, seed=int(number))
    if "\n" not in name and "%" not in name and name not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS} or 'random-<seed>', got {name!r}")
    return load_layout(name)


def game_trial(a: str, b: str, layout: str, side: str, seed: int, *, rule: str = "eat",
               max_moves: int = 3000, motion: str = "uniform", beta: float = 10.0,
               weights: Weights | None = None, end_food: int = 2) -> dict:
    """Play team kind ``a`` (as ``side``, "red" or "blue") against kind ``b``; the result from a's side.

    ``end_food``: the game ends when a team has scored all but this many of the enemy food
    (2, the later contests; 0, the 2009 rule of the blog's first post).
    """
    side = choice(side, "side", ("red", "blue"))
    maze = maze_named(layout)
    weights = Weights() if weights is None else weights
    ta, tb = make_team(a, weights), make_team(b, weights)
    red, blue = (ta, tb) if side == "red" else (tb, ta)
    game = CaptureGame(maze, red, blue, rule=rule, max_moves=max_moves, motion=motion, beta=beta, seed=seed,
                       end_food=end_food)
    res = game.play()
    other = "blue" if side == "red" else "red"
    return {"score_a": res.scores[side], "score_b": res.scores[other], "win": res.winner == side,
            "loss": res.winner == other, "moves": res.moves, "caught_a": res.caught[side],
            "caught_b": res.caught[other], "forfeits": sum(res.forfeits)}


@dataclass(frozen=True)
class GameSummary:
    """Team a's games against team b: win, tie and loss rates (``win_ci``: Wilson 95% interval);
    ``score_a`` ... ``moves`` and the score ``margin`` (a - b) are means over games, each an
    ``Estimate`` (mean and standard error; NaN SE for one game)."""

    games: int
    win_rate: float
    win_ci: tuple[float, float]
    tie_rate: float
    loss_rate: float
    score_a: Estimate
    score_b: Estimate
    caught_a: Estimate
    caught_b: Estimate
    moves: Estimate
    margin: Estimate


GAME_KEYS = ("score_a", "score_b", "win", "loss", "moves", "caught_a", "caught_b")
LOOP_KEYS = ("stuck", "visited", "score", "win")


def rows_of(rows, name: str, keys: tuple) -> list[dict]:
    """``rows`` as a non-empty list of dicts that hold ``keys``; refused naming ``name``."""
    if isinstance(rows, (str, bytes, dict)) or not hasattr(rows, "__iter__"):
        raise TypeError(f"{name} must be a list of dicts, got {type(rows).__name__}")
    rows = list(rows)
    if not rows:
        raise ValueError(f"{name} must hold at least one row")
    for r in rows:
        if not isinstance(r, dict):
            raise TypeError(f"{name} must hold dicts, got {type(r).__name__}")
        missing = [k for k in keys if k not in r]
        if missing:
            raise ValueError(f"{name} rows must hold {', '.join(keys)}; a row lacks {', '.join(map(str, missing))}")
    return rows


def summarize_games(results: list[dict]) -> GameSummary:
    """Win/tie/loss rates of team a with a Wilson 95% interval; means of scores, catches and moves."""
    results = rows_of(results, "results", GAME_KEYS)
    n = len(results)
    wins = sum(r["win"] for r in results)
    losses = sum(r["loss"] for r in results)
    means = {key: Estimate.of([r[key] for r in results])
             for key in ("score_a", "score_b", "caught_a", "caught_b", "moves")}
    return GameSummary(n, wins / n, wilson(wins, n), (n - wins - losses) / n, losses / n, **means,
                       margin=Estimate.of([r["score_a"] - r["score_b"] for r in results]))


@dataclass(frozen=True, eq=False)
class PairingTable:
    """A tournament's pairings: ``lines``, one printable dict per pairing (a DataFrame's rows),
    and ``summaries``, each pairing's key (its values of the grouping keys) -> ``GameSummary``."""

    lines: list
    summaries: dict


def pairing_table(rows: list[dict], keys=("layout", "a", "b")) -> PairingTable:
    """One line per pairing of ``run_sweep(game_trial, ...)`` rows, grouped by ``keys``, and the summaries.

    A line holds the win rate with its 95% interval, ties, scores and Pacmen caught per game
    (mean ± the 95% normal half-width, 1.96 SE) and the mean moves, as text.
    """
    if isinstance(keys, str):
        raise TypeError(f"keys must be a tuple of row keys, got {keys!r}")
    keys = tuple(keys)
    rows = rows_of(rows, "rows", (*keys, "result"))
    for r in rows:
        rows_of([r["result"]], "rows' results", GAME_KEYS)
    groups, out, summaries = {}, [], {}
    for r in rows:
        groups.setdefault(tuple(r[k] for k in keys), []).append(r["result"])
    for key, results in groups.items():
        s = summaries[key] = summarize_games(results)
        lo, hi = s.win_ci
        out.append({**dict(zip(keys, key)), "games": s.games,
                    "a wins": f"{s.win_rate:.2f} [{lo:.2f}, {hi:.2f}]", "ties": f"{s.tie_rate:.2f}",
                    "score a": s.score_a.text("{:.1f}", z=1.96),
                    "score b": s.score_b.text("{:.1f}", z=1.96),
                    "Pacmen caught by a": s.caught_a.text(z=1.96),
                    "Pacmen caught by b": s.caught_b.text(z=1.96),
                    "moves": f"{s.moves.mean:.0f}"})
    return PairingTable(out, summaries)


@dataclass(frozen=True, eq=False)
class LoopTable:
    """The loop lesson's attackers: ``lines``, one printable dict per attacker, and ``results``,
    each attacker's name -> its ``loop_trial`` results in the order of the rows."""

    lines: list
    results: dict


def loop_table(rows: list[dict]) -> LoopTable:
    """The loop lesson's ``run_sweep(loop_trial, ...)`` rows: one line per attacker, and its results.

    Means are printed with their 95% normal half-width (1.96 standard errors over games).
    """
    rows = rows_of(rows, "rows", ("attacker", "result"))
    for r in rows:
        rows_of([r["result"]], "rows' results", LOOP_KEYS)
    loops: dict = {}
    for r in rows:
        loops.setdefault(r["attacker"], []).append(r["result"])

    def ci(x) -> str:
        return Estimate.of(x).text(z=1.96)

    out = [{"attacker": name, "games": len(res),
            "share of moves stuck": ci([r["stuck"] for r in res]),
            "games mostly stuck (> 50%)": sum(r["stuck"] > 0.5 for r in res),
            "cells visited": ci([r["visited"] for r in res]),
            "food eaten by its team": ci([r["score"] for r in res]),
            "wins vs tracker team": sum(r["win"] for r in res)} for name, res in loops.items()]
    return LoopTable(out, loops)


def stuck_share(cells: list, window: int = 16, distinct: int = 4) -> float:
    """Fraction of an agent's moves after which its last ``window`` cells hold at most ``distinct`` cells.

    A goal-directed agent that is not trapped sweeps through new cells; one caught in a loop
    (approach, flee, approach...) keeps revisiting the same few.
    """
    window, distinct = whole(window, "window", 2), whole(distinct, "distinct", 1)
    if len(cells) <= window:
        return 0.0
    return float(np.mean([len(set(cells[t - window:t])) <= distinct for t in range(window, len(cells) + 1)]))


ATTACKERS = ("hard rules", "weighted, no noise", "weighted")
LONG_LOOP = (32, 8)        # the other reading of "stuck": the last 32 moves on at most 8 cells


def attacker_cells(trail: list) -> list:
    """Red attacker's (agent 0) cell at the start and after each of its own moves, from a game's trail."""
    trail = items(trail, "trail", min_len=1)
    if not all(isinstance(t, (tuple, list)) and len(t) == 4 for t in trail):
        raise ValueError("trail must hold the four agents' cells after each move (GameResult.trail)")
    return [tuple(t[0]) for t in trail[::4]]


def loop_game(attacker: str, maze: Maze, seed: int, *, max_moves: int = 1200, record: bool = False):
    """One game of the loop lesson: ``attacker`` (with a tracker defender, as red) against the tracker team."""
    from tracking.agents import HardRuleAttacker, WeightedAgent

    makers = {"hard rules": HardRuleAttacker,
              "weighted, no noise": lambda: WeightedAgent("attacker", weights=Weights(noise=0.0)),
              "weighted": lambda: WeightedAgent("attacker")}
    attacker = choice(attacker, "attacker", ATTACKERS)
    seed = check_seed(seed)
    game = CaptureGame(maze, (makers[attacker](), WeightedAgent("defender")), make_team("tracker"),
                       max_moves=max_moves, seed=seed, record=record)
    return game.play()


def loop_trial(attacker: str, layout: str, seed: int, *, max_moves: int = 1200) -> dict:
    """The loop lesson (``loop_game`` on a named layout): the red attacker's stuck share (also under
    ``LONG_LOOP``), cells visited, scores."""
    attacker = choice(attacker, "attacker", ATTACKERS)
    res = loop_game(attacker, maze_named(layout), seed, max_moves=max_moves)
    cells = attacker_cells(res.trail)
    return {"stuck": stuck_share(cells), "stuck_long": stuck_share(cells, *LONG_LOOP),
            "visited": len(set(cells)), "score": res.scores["red"],
            "enemy_score": res.scores["blue"], "win": res.winner == "red"}


@dataclass(frozen=True)
class GuardSummary:
    """The border-guard game: the blue defender's share of moves near the border, the red
    attacker's food and its stuck share (``stuck_share``)."""

    near_border: float
    attacker_score: int
    attacker_stuck: float


def guard_summary(maze: Maze, result, *, columns: int = 3) -> GuardSummary:
    """The border-guard game (red attacker vs blue tracker team): the blue defender's share of moves
    within ``columns`` of the border, the red attacker's food and its stuck share."""
    if not isinstance(maze, Maze):
        raise TypeError(f"maze must be a Maze, got {type(maze).__name__}")
    if not isinstance(result, GameResult):
        raise TypeError(f"result must be a GameResult (tracking.play), got {type(result).__name__}")
    columns = whole(columns, "columns", 0, maze.width)
    if len(result.trail) < 5:
        raise ValueError(f"result must hold at least one move of the blue defender (agent 3), got "
                         f"{len(result.trail) - 1} moves")
    defender = [t[3] for t in result.trail[4::4]]          # blue defender after each of its moves
    half = maze.width // 2
    return GuardSummary(float(np.mean([abs(x - half) <= columns for x, _ in defender])),
                        result.scores["red"], stuck_share(attacker_cells(result.trail)))
