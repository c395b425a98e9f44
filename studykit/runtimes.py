"""How long each notebook took in one ``make reproduce``: measured, stored, adopted, shown.

``make reproduce`` times every notebook it executes (wall time, the CPU time of the kernel and
every process it waited for, the machine's load average when the notebook ended) and writes
them to ``results/runtimes.json`` after each notebook, so an interrupted run keeps what it
measured. ``python -m studykit runtimes results/runtimes.json`` adopts a *complete* run (every
notebook under ``notebooks/`` completed, in one mode) into ``docs/runtimes.json``, one run per
mode; ``make report`` then shows the full run's table in docs/REPORT.md and README.md and each
notebook's full and quick times in its introduction (``studykit.runtime_text``).
"""

from __future__ import annotations

import json
import os
import resource
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Self

from studykit.paths import write_atomic

ROOT = Path(__file__).resolve().parent.parent
ADOPTED = ROOT / "docs" / "runtimes.json"
MODES = ("full", "quick")
MAX_BYTES = 1_000_000  # a runtimes file is a few kilobytes; anything larger is not one


@dataclass(frozen=True)
class Timing:
    """One notebook's execution: wall and CPU seconds, load average (1 min) when it ended."""

    notebook: str
    wall_s: float
    cpu_s: float
    load_end: float


def cpu_seconds() -> float:
    """CPU seconds used so far by this process and every child it has waited for."""
    own, children = (resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                         resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


class Stopwatch:
    """Wall and CPU time of one block: ``with Stopwatch(name) as clock: ...; clock.timing``."""

    def __init__(self, notebook: str):
        self.notebook = notebook
        self.timing: Timing | None = None

    def __enter__(self) -> Self:
        self.wall, self.cpu = time.perf_counter(), cpu_seconds()
        return self

    def __exit__(self, *exc) -> None:
        self.timing = Timing(self.notebook, time.perf_counter() - self.wall,
                             cpu_seconds() - self.cpu, os.getloadavg()[0])


def run_record(mode: str, started: str, timings: Sequence[Timing], status: dict[str, str]) -> dict:
    """The JSON record of one reproduction run."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    return {"mode": mode, "started": started, "cores": os.cpu_count(),
            "status": dict(status), "notebooks": [asdict(t) for t in timings]}


def write_run(path: Path, record: dict) -> Path:
    """Write a run's record (``results/runtimes.json``) atomically."""
    return write_atomic(Path(path), json.dumps(record, indent=1) + "\n")


def read_json(path: Path) -> dict:
    """A runtimes file's JSON object, refused with the file named when it is not one."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"{path}: no such runtimes file")
    if path.stat().st_size > MAX_BYTES:
        raise ValueError(f"{path}: {path.stat().st_size:,} bytes is too large for a runtimes file")
    try:
        data = json.loads(path.read_text())
    except (ValueError, RecursionError) as error:
        raise ValueError(f"{path}: not JSON ({error})") from None
    if not isinstance(data, dict):
        raise ValueError(  # noqa: TRY004 - the file's content is wrong, not an argument's type
            f"{path}: expected a JSON object, got {type(data).__name__}")
    return data


def checked_run(record: dict, expected: Sequence[str], where: str) -> dict:
    """``record`` if it is a complete run of exactly the ``expected`` notebooks; else ValueError."""
    if record.get("mode") not in MODES:
        raise ValueError(f"{where}: mode must be one of {MODES}, got {record.get('mode')!r}")
    rows = record.get("notebooks")
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ValueError(f"{where}: 'notebooks' must be a list of timings")
    for row in rows:
        if set(row) != {"notebook", "wall_s", "cpu_s", "load_end"}:
            raise ValueError(f"{where}: a timing has the fields {sorted(row)}")
        for field in ("wall_s", "cpu_s", "load_end"):
            value = row[field]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not (
                    0 <= value < 1e7):
                raise ValueError(f"{where}: {row['notebook']!r} has {field}={value!r}")
    names = [r["notebook"] for r in rows]
    status = record.get("status") or {}
    unfinished = sorted(n for n, s in status.items() if s != "completed")
    if unfinished:
        raise ValueError(f"{where}: not a complete run ({', '.join(unfinished)} did not complete)")
    if len(set(names)) != len(names):
        raise ValueError(f"{where}: a notebook is timed twice")
    if sorted(names) != sorted(expected):
        missing, extra = sorted(set(expected) - set(names)), sorted(set(names) - set(expected))
        raise ValueError(f"{where}: a complete run times every notebook once; "
                         f"missing {missing or 'none'}, not a notebook here {extra or 'none'}")
    return record


def notebook_names(folder: Path = ROOT / "notebooks") -> list[str]:
    """The stems of the committed notebooks."""
    return sorted(p.stem for p in Path(folder).glob("*.ipynb"))


def adopted(path: Path = ADOPTED, expected: Sequence[str] | None = None) -> dict[str, dict]:
    """The adopted runs by mode (``{}`` when none was adopted yet), each checked."""
    if not Path(path).exists():
        return {}
    data = read_json(path)
    expected = notebook_names() if expected is None else expected
    for mode, record in data.items():
        if mode not in MODES or not isinstance(record, dict) or record.get("mode") != mode:
            raise ValueError(f"{path}: entry {mode!r} is not a run of that mode")
        checked_run(record, expected, f"{path} [{mode}]")
    return data


def adopt(run_file: Path, target: Path = ADOPTED, expected: Sequence[str] | None = None) -> str:
    """Store the complete run in ``run_file`` as its mode's run in ``target``; returns the mode."""
    expected = notebook_names() if expected is None else expected
    record = checked_run(read_json(run_file), expected, str(run_file))
    runs = adopted(target, expected)
    runs[record["mode"]] = record
    write_atomic(Path(target), json.dumps(dict(sorted(runs.items())), indent=1) + "\n")
    return record["mode"]


def main(argv: Sequence[str]) -> int:
    """``python -m studykit runtimes RUN.json``: adopt a complete run into docs/runtimes.json."""
    if len(argv) != 1:
        print("usage: python -m studykit runtimes results/runtimes.json")
        return 2
    try:
        mode = adopt(Path(argv[0]))
    except ValueError as error:
        print(f"refused: {error}")
        return 2
    print(f">> adopted the {mode} run of {argv[0]} into {ADOPTED}")
    return 0
