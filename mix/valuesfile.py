"""The plain-text values file ``mix.init``: a header naming the feature definition, then one
value per state. A malformed file is rejected with a ``ValueError`` saying what is wrong."""

from __future__ import annotations

import math
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from mix.features import get_features

MAGIC = "# MIX values file"


def default_path() -> Path:
    """The trained ``mix.init`` shipped with the package."""
    return Path(str(resources.files("mix") / "mix.init"))


def save_values(path: str | Path, values: Sequence[float], features: str = "bits-strict") -> None:
    """Write ``values`` (one per state of ``features``, X's point of view) to ``path``."""
    n = get_features(features).n_states
    if len(values) != n:
        raise ValueError(f"values must have {n} entries for {features}, got {len(values)}")
    lines = [MAGIC, f"features {features}", f"states {n}"] + [repr(float(v)) for v in values]
    Path(path).write_text("\n".join(lines) + "\n")


def load_values(path: str | Path | None = None) -> tuple[str, list[float]]:
    """Read a values file; returns (feature definition name, values)."""
    path = Path(path) if path is not None else default_path()
    lines = [ln.strip() for ln in path.read_text().splitlines() if ln.strip()]
    where = f"values file {path}"
    if len(lines) < 3 or lines[0] != MAGIC:
        raise ValueError(f"{where}: first line must be {MAGIC!r}")
    key, _, name = lines[1].partition(" ")
    if key != "features":
        raise ValueError(f"{where}: line 2 must be 'features <name>', got {lines[1]!r}")
    n = get_features(name).n_states
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
            raise ValueError(f"{where}: value {i} is not a number: {text!r}") from None
        if not math.isfinite(v) or abs(v) > 1:
            raise ValueError(f"{where}: value {i} must lie in [-1, 1], got {text!r}")
        values.append(v)
    return name, values
