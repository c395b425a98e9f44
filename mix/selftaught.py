"""A self-taught MIX evaluation: TD(0) self-play on threat and parity features.

The value of a position is ``tanh(w . features)``, X's expected outcome (+1 X wins, -1 O wins,
0 a draw). Both sides play the same weights: each move looks one move ahead, takes a winning
move when there is one, and otherwise the move whose resulting position is best for the mover
(a random move with probability ``epsilon``). After every move the value of the previous
position is moved toward the value of the new one (temporal differences; the final position
is scored by the game's result). No weight is set by hand: they start at zero.
Weights go to a plain ``.npz`` file (no pickle) with the feature names, read back with checks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from tqdm.auto import tqdm

from mix.board import Board, Geometry, X
from mix.threatfeatures import N_FEATURES, NAMES, features

SHIPPED = Path(__file__).with_name("selftaught.npz")
MAX_GAMES = 10_000_000


@dataclass(frozen=True)
class TDConfig:
    """Self-play settings: games, learning rate (decaying as alpha0 / (1 + games/half)),
    exploration and the board."""

    games: int = 20_000
    alpha: float = 0.02
    half: int = 5_000
    epsilon: float = 0.1
    rows: int = 10
    cols: int = 20

    def __post_init__(self):
        if not isinstance(self.games, int) or not 1 <= self.games <= MAX_GAMES:
            raise ValueError(f"games must be a whole number from 1 to {MAX_GAMES:,} (about a "
                             f"day of self-play), got {self.games!r}")
        if not (0 < self.alpha <= 1):
            raise ValueError(f"alpha must be in (0, 1], got {self.alpha!r}")
        if not (0 <= self.epsilon < 1):
            raise ValueError(f"epsilon must be in [0, 1), got {self.epsilon!r}")
        if self.half < 1:
            raise ValueError(f"half must be >= 1, got {self.half!r}")
        Geometry(self.rows, self.cols, 4)  # checks the board


@dataclass(frozen=True)
class TDRun:
    """The final weights, snapshots ``(games played, weights)`` and each game's result."""

    weights: np.ndarray
    snapshots: tuple = field(default_factory=tuple)
    results: tuple = field(default_factory=tuple)   # +1 X won, -1 O won, 0 draw


def self_play_game(w: np.ndarray, g: Geometry, rng: random.Random, epsilon: float,
                   alpha: float) -> int:
    """One self-play game, updating ``w`` in place; returns +1 (X won), -1 or 0."""
    b = Board(geometry=g)
    full = g.rows * g.cols
    prev = None                     # (features, value) of the previous position
    while True:
        moves = b.legal_moves()
        sign = 1.0 if b.turn == X else -1.0
        win = None
        rows = []
        for c in moves:
            if b.play(c):
                win = c
            else:
                rows.append(features(b.stones, b.turn, g))
            b.undo(c)
            if win is not None:
                break
        if win is not None:
            b.play(win)
            target, phi, value = sign, None, None
        else:
            values = np.tanh(np.asarray(rows) @ w)
            if rng.random() < epsilon:
                k = rng.randrange(len(moves))
            else:
                best = np.flatnonzero(sign * values >= (sign * values).max())
                k = int(best[rng.randrange(len(best))])
            b.play(moves[k])
            phi, value = rows[k], float(values[k])
            target = 0.0 if b.moves == full else value
        if prev is not None:
            p_phi, p_v = prev
            w += alpha * (target - p_v) * (1.0 - p_v * p_v) * p_phi
        if phi is None or b.moves == full:
            if phi is not None:     # the last move filled the board: a draw
                w += alpha * (0.0 - value) * (1.0 - value * value) * phi
            return 0 if win is None else int(sign)
        prev = (phi, value)


def train_selftaught(config: TDConfig = TDConfig(), seed: int = 0, snapshot_every: int = 1_000,
                     progress: bool = False) -> TDRun:
    """Learn the weights by self-play from zero; snapshots every ``snapshot_every`` games."""
    if not isinstance(config, TDConfig):
        raise TypeError(f"config must be a TDConfig, got {type(config).__name__}")
    if snapshot_every < 1:
        raise ValueError(f"snapshot_every must be >= 1, got {snapshot_every}")
    rng = random.Random(seed)
    g = Geometry(config.rows, config.cols, 4)
    w = np.zeros(N_FEATURES)
    snaps, results = [(0, w.copy())], []
    for n in tqdm(range(1, config.games + 1), disable=not progress, desc="self-play"):
        alpha = config.alpha / (1.0 + n / config.half)
        results.append(self_play_game(w, g, rng, config.epsilon, alpha))
        if n % snapshot_every == 0 or n == config.games:
            snaps.append((n, w.copy()))
    return TDRun(w.copy(), tuple(snaps), tuple(results))


def save_weights(path: str | Path, weights: np.ndarray, config: TDConfig, seed: int) -> Path:
    """Write the weights, their feature names and how they were trained to a ``.npz`` file."""
    w = np.asarray(weights, dtype=float)
    if w.shape != (N_FEATURES,) or not np.all(np.isfinite(w)):
        raise ValueError(f"weights must be {N_FEATURES} finite numbers")
    path = Path(path)
    np.savez(path, weights=w, names=np.array(NAMES),
             training=np.array([config.games, config.alpha, config.half, config.epsilon,
                                config.rows, config.cols, seed], dtype=float))
    return path


def load_weights(path: str | Path = SHIPPED) -> np.ndarray:
    """Read weights written by ``save_weights``; ``ValueError`` naming the file if unusable."""
    path = Path(path)
    try:
        with np.load(path, allow_pickle=False) as data:
            w, names = np.asarray(data["weights"], dtype=float), tuple(data["names"].tolist())
    except (OSError, ValueError, KeyError, EOFError) as error:
        raise ValueError(f"{path}: not a self-taught weights file ({error})") from None
    if names != NAMES or w.shape != (N_FEATURES,) or not np.all(np.isfinite(w)):
        raise ValueError(f"{path}: weights do not match the current features "
                         f"({len(names)} names, shape {w.shape})")
    return w
