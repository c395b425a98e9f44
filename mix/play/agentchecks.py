"""Checks of the agents a public call or a notebook names: each raises a ``ValueError`` (a
``TypeError`` for a wrong kind) naming the argument. They sit above ``mix.play.agents`` (they build
the agents to check them), apart from the board and count checks of ``mix.checks``, which the
lower modules (the solver, the values file) use."""

from __future__ import annotations

import re
from collections.abc import Sequence

from mix.board import Geometry
from mix.checks import PERFECT_MAX_SLOTS, check_board, check_games
from mix.play.agents import MAX_DEPTH, make_agent
from studykit.checks import flag, shown, whole
from studykit.checks import seed as check_seed

_AGENT = re.compile(r"([a-z-]+)(?::([0-9]+))?")


def check_agents(names, name: str, allow_empty: bool = False) -> tuple[str, ...]:
    """A list or tuple of agent names that ``mix.make_agent`` knows."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise ValueError(  # noqa: TRY004 (a notebook constant: ValueError, like the others)
            f"{name} must be a list or tuple of agent names, got {names!r}")
    if not names and not allow_empty:
        raise ValueError(f"{name} must not be empty")
    for agent in names:
        try:
            make_agent(agent)
        except (ValueError, TypeError) as err:
            raise ValueError(f"{name}: {err}") from None
    return tuple(names)


def check_agent(spec, name: str, rows: int = 10, cols: int = 20):
    """An agent name ``make_agent`` knows (depth in 1..MAX_DEPTH, 'perfect' only on boards of
    at most PERFECT_MAX_SLOTS slots), or an object with ``choose``."""
    if hasattr(spec, "choose"):
        return spec
    if not isinstance(spec, str):
        raise TypeError(f"{name} must be an agent name or an object with choose(), got "
                        f"{shown(spec)} ({type(spec).__name__})")
    match = _AGENT.fullmatch(spec)
    if match is None or not spec.isascii():
        raise ValueError(f"{name} must be an agent name like 'random' or 'alphabeta:3', got "
                         f"{shown(spec)}")
    if match.group(2) is not None:
        whole(int(match.group(2)), f"{name} depth", 1, MAX_DEPTH)
    if match.group(1) == "perfect" and rows * cols > PERFECT_MAX_SLOTS:
        raise ValueError(f"{name}='perfect' solves every position: at most {PERFECT_MAX_SLOTS} "
                         f"slots (5x5), got {rows}x{cols} = {rows * cols}")
    try:
        make_agent(spec)
    except (ValueError, TypeError) as err:
        raise ValueError(f"{name}: {err}") from None
    return spec


def check_match(x_agent, o_agent, games, seed, rows, cols, diagonals, progress
                ) -> tuple[int, int, Geometry]:
    """Every argument of ``mix.match`` (call it first thing in ``match``): the games and the
    seed as Python ints, and the board."""
    games, seed = check_games(games), check_seed(seed)
    g = check_board(rows, cols, diagonals)
    check_agent(x_agent, "x_agent", g.rows, g.cols)
    check_agent(o_agent, "o_agent", g.rows, g.cols)
    flag(progress, "progress")
    return games, seed, g


def check_pairing(x_agent, o_agent, seed, rows, cols, diagonals=False) -> tuple[int, Geometry]:
    """The agents, seed and board of seeded games between two agents: the seed as a Python
    int, and the board."""
    seed, g = check_seed(seed), check_board(rows, cols, diagonals)
    check_agent(x_agent, "x_agent", g.rows, g.cols)
    check_agent(o_agent, "o_agent", g.rows, g.cols)
    return seed, g
