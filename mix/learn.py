"""The report's learner: state values V(s) from X's view, learned by SARSA-style updates in
self-play, with the two-move lookahead ("future seeing") choosing moves and feeding updates.

Our reading of the report, each ambiguity an option (default first):
- ``lookahead``: "minimax" (best move against the worst reply) or "optimistic" (the best
  single (move, reply) pair);
- ``update``: "current" (the backed-up lookahead value is also a target for the current
  state) or "none" (only the transition V(s) <- (1-a) V(s) + a V(s'));
- ``draw``: the value of a draw (0.0);
- ``features``: "bits-strict", "bits-loose" or "counts" (the improved learner).
Alpha is 1/(floor(run / (N/10)) + 1) (``alpha``); with probability run/N a player exploits,
else random.

Whether the lookahead update makes learning faster is measured apart, in ``mix.play.strength``
(``strength_over_training``, ``paired_gain``), so this module holds the learner alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
from tqdm.auto import tqdm

from mix.board import Board, X
from mix.checks import MAX_TRAIN_GAMES, check_board, check_values, reals
from mix.features import get_features
from studykit.checks import array, at_most, choice, flag, memory, real, whole
from studykit.checks import seed as check_seed

LOOKAHEADS = ("minimax", "optimistic")
UPDATES = ("current", "none")


@dataclass(frozen=True)
class TrainResult:
    """Final values, their history (row g = values after g games) and the games' outcomes."""

    values: np.ndarray
    history: np.ndarray
    winners: list  # 0 = X, 1 = O, None = draw
    lengths: list
    features: str


def alpha(run: int, games: int) -> float:
    """The report's step size for training game ``run`` (0-based) of ``games``:
    1/(floor(run / (games/10)) + 1), so 1, 1/2, ..., 1/10, changing every games/10 games."""
    games, run = whole(games, "games"), whole(run, "run")   # numpy integers as Python ints
    if games < 10:
        raise ValueError(f"games must be >= 10 (alpha changes every games/10), got {games}")
    if not 0 <= run < games:
        raise ValueError(f"run must be in 0..{games - 1}, got {run}")
    return 1.0 / (run // (games // 10) + 1)


def alpha_changes(games: int) -> list[int]:
    """The training games (0-based) at which ``alpha`` takes a new value (``games`` up to
    MAX_TRAIN_GAMES, as ``train``)."""
    games = at_most(whole(games, "games", 10), "games", MAX_TRAIN_GAMES,
                    "train plays at most as many")   # >= 10: alpha changes every games/10
    steps = [alpha(r, games) for r in range(games)]
    return [r for r in range(games) if r == 0 or steps[r] != steps[r - 1]]


def lookahead(b: Board, values, feats, draw: float = 0.0,
              mode: str = "minimax") -> tuple[list[int], float]:
    """Best moves for the mover by 2-ply search over ``values``, and the backed-up value (X's view)."""
    if not isinstance(b, Board):
        raise TypeError(f"b must be a mix.Board, got {type(b).__name__}")
    if b.is_over():
        raise ValueError("b must be a position where a move can be played (the game is over)")
    if not hasattr(feats, "index") or not hasattr(feats, "n_states"):
        raise TypeError(f"feats must be a feature definition (mix.get_features), got {type(feats).__name__}")
    values = check_values(values, feats.n_states, "values")   # Python floats, as train's
    draw, mode = real(draw, "draw", -1, 1), choice(mode, "mode", LOOKAHEADS)
    return _lookahead(b, values, feats, draw, mode)


def _lookahead(b: Board, values, feats, draw: float = 0.0,
               mode: str = "minimax") -> tuple[list[int], float]:
    g, sign = b.g, (1.0 if b.turn == X else -1.0)
    full = g.rows * g.cols
    moves = b.legal_moves()
    for m in moves:
        if b.play(m):
            b.undo(m)
            return [m], sign
        b.undo(m)
    best, out = -2.0, []
    optimistic = mode == "optimistic"
    for m in moves:
        b.play(m)
        if b.moves == full:
            v = sign * draw
        else:
            v = -2.0 if optimistic else 2.0
            for r in b.legal_moves():
                if b.play(r):
                    u = -1.0
                elif b.moves == full:
                    u = sign * draw
                else:
                    u = sign * values[feats.index(b.stones, b.turn, g)]
                b.undo(r)
                if optimistic:
                    v = max(v, u)
                elif u < v:
                    v = u
                    if v < best:  # this move cannot tie the best one: prune
                        break
        b.undo(m)
        if v > best:
            best, out = v, [m]
        elif v == best:
            out.append(m)
    return out, sign * best


def train(games: int = 500, seed: int = 0, features: str = "bits-strict",
          lookahead_mode: str = "minimax", update: str = "current", draw: float = 0.0,
          rows: int = 10, cols: int = 20, diagonals: bool = False,
          progress: bool = False) -> TrainResult:
    """Self-play training for ``games`` games (the report's N = 500).

    ``draw`` is the value of a draw, in [-1, 1] (a loss to a win, X's view), so every learned
    value stays in [-1, 1] as ``save_values`` and ``load_values`` require.
    """
    games = whole(games, "games")    # numpy integers as Python ints: none reach the arithmetic
    if games < 10:
        raise ValueError(f"games must be >= 10 (alpha changes every games/10), got {games}")
    at_most(games, "games", MAX_TRAIN_GAMES, "about 20 ms a game on 10x20: half an hour")
    seed, progress = check_seed(seed), flag(progress, "progress")
    lookahead_mode = choice(lookahead_mode, "lookahead_mode", LOOKAHEADS)
    update = choice(update, "update", UPDATES)
    draw = real(draw, "draw", -1, 1)
    if not isinstance(features, str):
        raise TypeError(f"features must be a feature definition's name, got {type(features).__name__}")
    g = check_board(rows, cols, diagonals)
    rows, cols = g.rows, g.cols
    memory(8.0 * 2 * (games + 1) * get_features(features).n_states,
           f"the value history of {games:,} training games")
    feats, rng = get_features(features), random.Random(seed)
    V = [0.0] * feats.n_states
    history, winners, lengths = [V[:]], [], []
    full = rows * cols
    for run in tqdm(range(games), disable=not progress, desc="training"):
        step = alpha(run, games)
        eps = run / games
        b = Board(geometry=g)
        s = feats.index(b.stones, b.turn, g)
        while True:
            if rng.random() < eps:
                best, backup = _lookahead(b, V, feats, draw, lookahead_mode)
                move = rng.choice(best)
                if update == "current":
                    V[s] += step * (backup - V[s])
            else:
                move = rng.choice(b.legal_moves())
            mover = b.turn
            if b.play(move):
                target, s2 = (1.0 if mover == X else -1.0), None
            elif b.moves == full:
                target, s2 = draw, None
            else:
                s2 = feats.index(b.stones, b.turn, g)
                target = V[s2]
            V[s] += step * (target - V[s])
            if s2 is None:
                break
            s = s2
        winners.append(b.winner)
        lengths.append(b.moves)
        history.append(V[:])
    return TrainResult(np.array(V), np.array(history), winners, lengths, features)


def train_trial(games: int, features: str, seed: int, update: str = "current",
                diagonals: bool = False) -> np.ndarray:
    """A picklable training run for ``studykit.run_sweep``: the value history."""
    return train(games, seed=seed, features=features, update=update,
                 diagonals=diagonals).history


def distance_to_final(history: np.ndarray, states=None) -> np.ndarray:
    """Mean absolute distance of the values after each game to the run's final values, over
    ``states`` (default: every state whose final value is not 0): how the run settles."""
    history = reals(history, "history")
    if history.ndim != 2 or len(history) < 2:
        raise ValueError(f"history must be games+1 rows of values, got shape {history.shape}")
    cols = (np.flatnonzero(history[-1] != 0) if states is None else
            array(states, "states", kind="integer", ndim=1, low=0, high=history.shape[1] - 1))
    if len(cols) == 0:
        return np.zeros(len(history))
    return np.abs(history[:, cols] - history[-1, cols]).mean(axis=1)
