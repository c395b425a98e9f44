"""The plain-text values file ``mix.init``: a header naming the feature definition, then one
value per state. A malformed file is rejected with a ``ValueError`` saying what is wrong."""

from __future__ import annotations

import math
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from mix.checks import check_values
from mix.features import get_features
from studykit.checks import shown
from studykit.paths import write_atomic

MAGIC = "# MIX values file"
MAX_BYTES = 1_000_000        # 648 values at most, ~25 bytes each


def _path(path) -> Path:
    if not isinstance(path, (str, Path)):
        raise TypeError(f"path must be a file path, got {type(path).__name__}")
    return Path(path)


def default_path() -> Path:
    """The trained ``mix.init`` shipped with the package."""
    return Path(str(resources.files("mix") / "mix.init"))


def save_values(path: str | Path, values: Sequence[float], features: str = "bits-strict") -> None:
    """Write ``values`` (one per state of ``features``, X's point of view) to ``path``."""
    if not isinstance(features, str):
        raise TypeError(f"features must be a feature definition's name, got {type(features).__name__}")
    n = get_features(features).n_states
    values = check_values(values, n, f"values (one per state of {features})")
    path = _path(path)
    lines = [MAGIC, f"features {features}", f"states {n}"] + [repr(v) for v in values]
    write_atomic(path, "\n".join(lines) + "\n")


def load_values(path: str | Path | None = None) -> tuple[str, list[float]]:
    """Read a values file; returns (feature definition name, values)."""
    path = _path(path) if path is not None else default_path()
    where = f"values file {path}"
    try:
        if not path.is_file():
            raise ValueError(f"{where}: no such file" if not path.exists() else
                             f"{where}: not a file")
        if path.stat().st_size > MAX_BYTES:
            raise ValueError(f"{where}: {path.stat().st_size:,} bytes, more than a values "
                             f"file's {MAX_BYTES:,}")
        lines = [ln.strip() for ln in path.read_text().splitlines() if ln.strip()]
    except (OSError, UnicodeDecodeError) as err:
        raise ValueError(f"values file {shown(str(path), 80)}: cannot be read "
                         f"({type(err).__name__}: {getattr(err, 'strerror', None) or err})"
                         ) from None
    if len(lines) < 3 or lines[0] != MAGIC:
        raise ValueError(f"{where}: first line must be {MAGIC!r}")
    key, _, name = lines[1].partition(" ")
    if key != "features":
        raise ValueError(f"{where}: line 2 must be 'features <name>', got {lines[1]!r}")
    try:
        n = get_features(name).n_states
    except ValueError as err:
        raise ValueError(f"{where}: line 2: {err}") from None
    if lines[2] != f"states {n}":
        raise ValueError(f"{where}: line 3 must be 'states {n}' for {name}, got {lines[2]!r}")
    body = lines[3:]
    if len(body) != n:
        raise ValueError(f"{where}: expected {n} values, found {len(body)}")
    values = []
    for i, text in enumerate(body):
        try:
            v = float(text)
        except ValueError:
            raise ValueError(f"{where}: value {i} is not a number: {shown(text, 60)}") from None
        if not math.isfinite(v) or abs(v) > 1:
            raise ValueError(f"{where}: value {i} must lie in [-1, 1], got {shown(text, 60)}")
        values.append(v)
    return name, values
