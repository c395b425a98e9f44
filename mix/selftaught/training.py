"""A self-taught MIX evaluation: TD(0) self-play on threat and parity features.

The value of a position is ``tanh(w . features)``, X's expected outcome (+1 X wins, -1 O wins, 0 a
draw). Both sides play the same weights: each move looks one move ahead, takes a winning move when
there is one, and otherwise the move whose resulting position is best for the mover (a random move
with probability ``epsilon``), where a position is lost when the opponent can win at once and won
when the opponent faces two playable threats (the tactics the player's search reads at a glance,
``mix.selftaught.evaluation.forced``), and otherwise worth its value. After every move the value of
the previous position is moved toward that of the new one (temporal differences; the final position
is scored by the game's result). No weight is set by hand: they start at zero. Arithmetic is plain
Python floats in a fixed order, so a seed gives the same weights bit for bit.

The shipped weights ``mix/selftaught.init`` (plain text: the training settings, then one
``weight name`` line per feature) are reproduced exactly, in under a minute of one core, by::

    python -m mix.selftaught train --out mix/selftaught.init

(the defaults are the shipped run's settings: ``TDConfig()``, 20,000 games, and seed 1;
``--games`` and ``--seed`` change them). ``python -m mix.selftaught show`` prints the weights.
"""

from __future__ import annotations

import math
import os
import random
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from tqdm.auto import tqdm

from mix.board import MAX_SIDE, Geometry
from mix.checks import reals
from mix.fast import selfplay as fast_selfplay
from mix.plain import selfplay as plain_selfplay
from mix.selftaught.threatfeatures import N_FEATURES, NAMES
from studykit.checks import flag, is_whole, real, shown, whole
from studykit.checks import seed as check_seed

SHIPPED = Path(__file__).parents[1] / "selftaught.init"   # beside mix.init, in mix/
SHIPPED_SEED = 1
MAX_GAMES = 10_000_000
MAGIC = "# MIX self-taught weights"
SETTINGS = ("games", "alpha", "half", "epsilon", "rows", "cols")


@dataclass(frozen=True)
class TDConfig:
    """Self-play settings: games, learning rate (decaying as alpha / (1 + game/half)),
    exploration and the board. The defaults are those of the shipped weights."""

    games: int = 20_000
    alpha: float = 0.02
    half: int = 5_000
    epsilon: float = 0.1
    rows: int = 10
    cols: int = 20

    def __post_init__(self):
        """Every field checked as the config is built, each refusal naming its field; numpy
        numbers become Python ints and floats."""
        # half: beyond the longest run the rate barely decays (at most to half of alpha)
        bounds = {"games": (1, MAX_GAMES), "half": (1, MAX_GAMES), "rows": (1, MAX_SIDE),
                  "cols": (1, MAX_SIDE)}
        for name, (low, high) in bounds.items():
            object.__setattr__(self, name, whole(getattr(self, name), name, low, high))
        object.__setattr__(self, "alpha", real(self.alpha, "alpha", high=1, above=0))
        object.__setattr__(self, "epsilon", real(self.epsilon, "epsilon", 0, below=1))
        try:
            Geometry(self.rows, self.cols, 4)  # checks the board
        except ValueError as err:
            raise ValueError(f"rows, cols: {err}") from None


@dataclass(frozen=True)
class TDRun:
    """The final weights, snapshots ``(games played, weights)``, each game's result and length."""

    weights: np.ndarray
    snapshots: tuple = field(default_factory=tuple)
    results: tuple = field(default_factory=tuple)   # +1 X won, -1 O won, 0 draw
    lengths: tuple = field(default_factory=tuple)   # moves played


def train_selftaught(config: TDConfig = TDConfig(), seed: int = SHIPPED_SEED,
                     snapshots: int | Iterable[int] = 1_000, progress: bool = False,
                     fast: bool = True) -> TDRun:
    """Learn the weights by self-play from zero. ``snapshots``: keep the weights every that
    many games, or after each of the given numbers of games (always at 0 and at the end);
    ``fast`` plays the games by ``mix.fast.selfplay`` rather than the plain
    ``mix.plain.selfplay`` (the same weights bit for bit)."""
    if not isinstance(config, TDConfig):
        raise TypeError(f"config must be a TDConfig, got {type(config).__name__}")
    seed, progress = check_seed(seed), flag(progress, "progress")
    self_play_game = (fast_selfplay if flag(fast, "fast") else plain_selfplay).self_play_game
    if is_whole(snapshots):
        if snapshots < 1:
            raise ValueError(f"snapshots must be >= 1 games apart, got {snapshots}")
        keep = set(range(snapshots, config.games + 1, int(snapshots)))
    else:
        if isinstance(snapshots, (str, bytes)) or not isinstance(snapshots, Iterable):
            raise ValueError(f"snapshots must be a number of games or a list of them, got "
                             f"{shown(snapshots)}")
        keep = list(snapshots)
        if len(keep) > config.games + 1 or not all(
                is_whole(n) and 0 <= n <= config.games for n in keep):
            raise ValueError(f"snapshots must be whole numbers of games from 0 to "
                             f"{config.games}, got {shown(sorted(keep, key=str))}")
        keep = {int(n) for n in keep}
    rng = random.Random(seed)
    g = Geometry(config.rows, config.cols, 4)
    w = [0.0] * N_FEATURES
    snaps, results, lengths = [(0, np.array(w))], [], []
    for n in tqdm(range(1, config.games + 1), disable=not progress, desc="self-play"):
        alpha = config.alpha / (1.0 + n / config.half)
        result, moves = self_play_game(w, g, rng, config.epsilon, alpha)
        results.append(result)
        lengths.append(moves)
        if n in keep or n == config.games:
            snaps.append((n, np.array(w)))
    return TDRun(np.array(w), tuple(snaps), tuple(results), tuple(lengths))


def weights_text(weights, config: TDConfig, seed: int) -> str:
    """The weights file's text: how they were trained, then one ``weight name`` per line."""
    if not isinstance(config, TDConfig):
        raise TypeError(f"config must be a TDConfig, got {type(config).__name__}")
    seed = check_seed(seed)
    try:
        w = reals(weights, "weights")
    except (TypeError, ValueError) as error:
        raise ValueError(f"weights must be {N_FEATURES} finite numbers ({error})") from None
    if w.shape != (N_FEATURES,):
        raise ValueError(f"weights must be {N_FEATURES} finite numbers, got shape {w.shape}")
    lines = [MAGIC, *(f"{k} {getattr(config, k)!r}" for k in SETTINGS), f"seed {seed!r}",
             f"weights {N_FEATURES}", *(f"{float(v)!r} {name}" for v, name in zip(w, NAMES))]
    return "\n".join(lines) + "\n"


def save_weights(path: str | Path, weights, config: TDConfig, seed: int) -> Path:
    """Write the weights file (see ``weights_text``); an interrupted write leaves no file."""
    if not isinstance(path, (str, Path)):
        raise TypeError(f"path must be a file path, got {type(path).__name__}")
    path = Path(path)
    if not path.name or path.is_dir():
        raise ValueError(f"path must name a file, got the directory {str(path)!r}")
    if not path.parent.is_dir():
        raise ValueError(f"path: its directory {str(path.parent)!r} does not exist")
    text = weights_text(weights, config, seed)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(name)  # in the target's own directory, so the rename cannot cross file systems
    try:
        with os.fdopen(fd, "w") as out:
            out.write(text)
        tmp.chmod(0o644)  # mkstemp makes it private; a weights file is for everyone to read
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def read_weights(path: str | Path = SHIPPED) -> tuple[np.ndarray, TDConfig, int]:
    """The weights, training settings and seed of a weights file; ``ValueError`` naming the
    file and the line when it is not one."""
    if not isinstance(path, (str, Path)):
        raise TypeError(f"path must be a file path, got {type(path).__name__}")
    path = Path(path)
    where = f"weights file {path}"
    try:
        lines = path.read_text().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"{where}: cannot be read ({error})") from None
    head = len(SETTINGS) + 3
    if len(lines) != head + N_FEATURES or lines[0] != MAGIC:
        raise ValueError(f"{where}: expected {MAGIC!r} and {head + N_FEATURES} lines, found "
                         f"{len(lines)}")
    found = {}
    for i, key in enumerate((*SETTINGS, "seed"), start=1):
        name, _, text = lines[i].partition(" ")
        if name != key:
            raise ValueError(f"{where}: line {i + 1} must be '{key} <value>', got {lines[i]!r}")
        found[key] = text
    if lines[head - 1] != f"weights {N_FEATURES}":
        raise ValueError(f"{where}: line {head} must be 'weights {N_FEATURES}'")
    w = []
    for i, (line, name) in enumerate(zip(lines[head:], NAMES), start=head + 1):
        text, _, got = line.partition(" ")
        if got != name:
            raise ValueError(f"{where}: line {i} must be the weight of {name!r}, got {line!r}")
        try:
            w.append(float(text))
        except ValueError:
            raise ValueError(f"{where}: line {i}: {text!r} is not a number") from None
    try:
        config = TDConfig(**{k: (float if k in ("alpha", "epsilon") else int)(found[k])
                             for k in SETTINGS})
        seed = int(found["seed"])
    except (TypeError, ValueError) as error:
        raise ValueError(f"{where}: bad training settings ({error})") from None
    if not all(math.isfinite(v) for v in w):
        raise ValueError(f"{where}: weights must be finite numbers")
    return np.array(w), config, seed


def load_weights(path: str | Path = SHIPPED) -> np.ndarray:
    """The weights of a weights file (default: the shipped ones)."""
    return read_weights(path)[0]
