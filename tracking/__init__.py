"""Tracking the enemy in a Pacman capture-the-flag maze (after Pietro Berkes's blog posts, 2010-2011).

A Bayesian filter over the free cells of a maze estimates a hidden opponent's position from the
contest's noisy Manhattan distances and sight rule; motion models: uniform and explorer. Part 2:
a capture-the-flag game whose teams track both enemies, with weighted-graph agents.

>>> import tracking
>>> run = tracking.track("defaultCapture", motion="explorer", opponent="explorer", steps=50, seed=0)
>>> run["beliefs"].shape
(51, 248)
"""

from tracking.agents import HardRuleAttacker, RandomAgent, WeightedAgent, Weights, make_team
from tracking.episodes import Episodes, score, simulate, summarize, track
from tracking.filters import ExactFilter, run_filter
from tracking.game import Agent, CaptureGame, GameResult, Observation, play
from tracking.maze import LAYOUTS, Maze, load_layout, parse_layout, random_maze
from tracking.opponents import walk
from tracking.particles import ParticleFilter
from tracking.sensing import evidence, noisy_distance, observe, reading_likelihood, visible
from tracking.smoother import smooth
from tracking.teamtrack import TeamTracker

__all__ = [
    "LAYOUTS",
    "Agent",
    "CaptureGame",
    "Episodes",
    "ExactFilter",
    "GameResult",
    "HardRuleAttacker",
    "Maze",
    "Observation",
    "ParticleFilter",
    "RandomAgent",
    "TeamTracker",
    "WeightedAgent",
    "Weights",
    "evidence",
    "load_layout",
    "make_team",
    "noisy_distance",
    "observe",
    "parse_layout",
    "play",
    "random_maze",
    "reading_likelihood",
    "run_filter",
    "score",
    "simulate",
    "smooth",
    "summarize",
    "track",
    "visible",
    "walk",
]
