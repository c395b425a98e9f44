"""Seeded capture-game tournaments: one game per trial (for studykit.run_sweep) and their summary."""

from __future__ import annotations

import math

import numpy as np

from studykit.checks import choice
from studykit.stats import wilson
from tracking.agents import Weights, make_team
from tracking.game import CaptureGame
from tracking.maze import LAYOUTS, Maze, load_layout, random_maze


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


def summarize_games(results: list[dict]) -> dict:
    """Win/tie/loss rates of team a with a Wilson 95% interval; means of scores and catches with 95% CIs."""
    n = len(results)
    if not n or not all(isinstance(r, dict) for r in results):
        raise ValueError("results must be a non-empty list of game_trial results")
    wins = sum(r["win"] for r in results)
    losses = sum(r["loss"] for r in results)
    out = {"games": n, "win_rate": wins / n, "win_ci": wilson(wins, n), "tie_rate": (n - wins - losses) / n,
           "loss_rate": losses / n}
    for key in ("score_a", "score_b", "caught_a", "caught_b", "moves"):
        x = np.array([r[key] for r in results], dtype=float)
        half = 1.96 * x.std(ddof=1) / math.sqrt(n) if n > 1 else float("nan")
        out[key] = (float(x.mean()), half)
    diff = np.array([r["score_a"] - r["score_b"] for r in results], dtype=float)
    out["margin"] = (float(diff.mean()), 1.96 * diff.std(ddof=1) / math.sqrt(n) if n > 1 else float("nan"))
    return out


def stuck_share(cells: list, window: int = 16, distinct: int = 4) -> float:
    """Fraction of an agent's moves after which its last ``window`` cells hold at most ``distinct`` cells.

    A goal-directed agent that is not trapped sweeps through new cells; one caught in a loop
    (approach, flee, approach...) keeps revisiting the same few.
    """
    if window < 2 or distinct < 1:
        raise ValueError(f"window must be >= 2 and distinct >= 1, got {window}, {distinct}")
    if len(cells) <= window:
        return 0.0
    return float(np.mean([len(set(cells[t - window:t])) <= distinct for t in range(window, len(cells) + 1)]))


ATTACKERS = ("hard rules", "weighted, no noise", "weighted")


def loop_trial(attacker: str, layout: str, seed: int, *, max_moves: int = 1200) -> dict:
    """The loop lesson: ``attacker`` (with a tracker defender, as red) against the tracker team.

    Returns the red attacker's stuck share, the cells it visited and both scores.
    """
    from tracking.agents import HardRuleAttacker, WeightedAgent

    makers = {"hard rules": HardRuleAttacker,
              "weighted, no noise": lambda: WeightedAgent("attacker", weights=Weights(noise=0.0)),
              "weighted": lambda: WeightedAgent("attacker")}
    attacker = choice(attacker, "attacker", ATTACKERS)
    maze = maze_named(layout)
    game = CaptureGame(maze, (makers[attacker](), WeightedAgent("defender")), make_team("tracker"),
                       max_moves=max_moves, seed=seed)
    res = game.play()
    cells = [t[0] for t in res.trail[::4]]            # agent 0 after each of its own moves
    return {"stuck": stuck_share(cells), "visited": len(set(cells)), "score": res.scores["red"],
            "enemy_score": res.scores["blue"], "win": res.winner == "red"}
