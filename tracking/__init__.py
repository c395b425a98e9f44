"""Tracking the enemy in a Pacman capture-the-flag maze (after Pietro Berkes's blog posts, 2010-2011).

A Bayesian filter over the free cells of a maze estimates a hidden opponent's position from the
contest's noisy Manhattan distances and sight rule; motion models: uniform and explorer. Part 2:
a capture-the-flag game whose teams track both enemies, with weighted-graph agents.

>>> import tracking
>>> run = tracking.track("defaultCapture", motion="explorer", opponent="explorer", steps=50, seed=0)
>>> run["beliefs"].shape
(51, 248)
"""

from tracking.agents import HardRuleAttacker, RandomAgent, WeightedAgent, Weights
from tracking.compare import evaluate, sweep_trial
from tracking.draw import animate_run, plot_belief
from tracking.drawgame import animate_game, plot_visits
from tracking.episodes import Episodes, default_cells, score, simulate, summarize, track
from tracking.filters import ExactFilter, run_filter
from tracking.fullteam import FullAgent, Plan
from tracking.game import RULES, Agent, CaptureGame, GameResult, Observation, play
from tracking.learn import BetaFit, MoveStatistics, fit_beta, log_likelihood, move_statistics
from tracking.maze import LAYOUTS, Maze, load_layout, parse_layout, random_maze
from tracking.opponents import walk
from tracking.particles import ParticleFilter
from tracking.sensing import evidence, noisy_distance, observe, reading_likelihood, visible
from tracking.smoother import smooth
from tracking.teams import TEAM_KINDS, make_team
from tracking.teamtrack import TeamTracker
from tracking.tournament import (
    ATTACKERS,
    GameSummary,
    GuardSummary,
    LoopTable,
    PairingTable,
    attacker_cells,
    game_trial,
    guard_summary,
    loop_game,
    loop_table,
    loop_trial,
    pairing_table,
)

__all__ = [
    "ATTACKERS",
    "LAYOUTS",
    "RULES",
    "TEAM_KINDS",
    "Agent",
    "BetaFit",
    "CaptureGame",
    "Episodes",
    "ExactFilter",
    "FullAgent",
    "GameResult",
    "GameSummary",
    "GuardSummary",
    "HardRuleAttacker",
    "LoopTable",
    "Maze",
    "MoveStatistics",
    "Observation",
    "PairingTable",
    "ParticleFilter",
    "Plan",
    "RandomAgent",
    "TeamTracker",
    "WeightedAgent",
    "Weights",
    "animate_game",
    "animate_run",
    "attacker_cells",
    "default_cells",
    "evaluate",
    "evidence",
    "fit_beta",
    "game_trial",
    "guard_summary",
    "load_layout",
    "log_likelihood",
    "loop_game",
    "loop_table",
    "loop_trial",
    "make_team",
    "move_statistics",
    "noisy_distance",
    "observe",
    "pairing_table",
    "parse_layout",
    "play",
    "plot_belief",
    "plot_visits",
    "random_maze",
    "reading_likelihood",
    "run_filter",
    "score",
    "simulate",
    "smooth",
    "summarize",
    "sweep_trial",
    "track",
    "visible",
    "walk",
]
