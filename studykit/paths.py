"""Where executed notebooks, figures, GIFs and claims are written."""

import os
import stat
import tempfile
from pathlib import Path

from studykit.checks import shown, whole


def results_dir(*parts: str) -> Path:
    """The results folder (or a subfolder of it), created if missing.

    ``GAMEAI_RESULTS`` names it when set; otherwise it is ``results/`` beside the nearest
    ``pyproject.toml`` above the working directory (the repository root when a notebook runs
    from ``notebooks/``), or ``./results`` when there is none.
    """
    for part in parts:
        file_name(part, "each part")
    env = os.environ.get("GAMEAI_RESULTS")
    if env:
        base = Path(env)
    else:
        here = Path.cwd().resolve()
        root = next((p for p in (here, *here.parents) if (p / "pyproject.toml").is_file()), here)
        base = root / "results"
    path = base.joinpath(*parts)
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_atomic(path: str | Path, text: str) -> Path:
    """Write ``text`` to a temporary file beside ``path``, then rename it into place: an
    interrupted write never leaves a half-written file under ``path``, and a failed one (disk
    full, ``path`` a directory, Ctrl-C) leaves no temporary file either."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    path = Path(path)
    if path.is_dir():
        raise IsADirectoryError(f"cannot write {path}: it is a directory")
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    tmp = Path(name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def save_figure(fig, name: str, dpi: int = 110) -> Path:
    """Save a matplotlib figure as ``results/figures/<name>.png`` and return the path."""
    if not callable(getattr(fig, "savefig", None)):
        raise TypeError(f"fig must be a matplotlib Figure, got {type(fig).__name__}")
    name, dpi = file_name(name, "name"), whole(dpi, "dpi", 10, 1200)
    path = results_dir("figures") / f"{name}.png"
    fig.savefig(path, dpi=dpi, bbox_inches="tight")
    return path


def read_capped(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes`` of them: its size is looked
    at first and at most ``max_bytes + 1`` bytes are read, so a link to ``/dev/zero``, a pipe or
    a file that grows while it is read never hangs; a ValueError says why a file is not read
    (not a regular file, too large), an OSError that it cannot be opened."""
    max_bytes = whole(max_bytes, "max_bytes", 0)
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(handle, "rb") as file:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"{path} is not a regular file")
        if info.st_size > max_bytes:
            raise ValueError(f"{path} holds {info.st_size:,} bytes, more than the "
                             f"{max_bytes:,} allowed")
        data = file.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise ValueError(f"{path} grew beyond the {max_bytes:,} bytes allowed while being read")
    return data


def file_name(value, name: str) -> str:
    """A plain file name (no folder, no ``..``), as used under ``results/``."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a file name (text), got {shown(value)} ({type(value).__name__})")
    if not value or value in (".", "..") or "/" in value or "\\" in value or "\0" in value:
        raise ValueError(f"{name} must be a plain file name without folders, got {shown(value)}")
    return value
