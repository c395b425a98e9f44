"""``python -m studykit.reproduce [NOTEBOOK ...]``: execute notebooks headless, then write
``results/REPORT.md`` from every completed notebook under ``results/notebooks/``.

Safe to interrupt: a notebook is executed to ``NAME.partial.ipynb`` and moved into place only
when it completed, so every ``NAME.ipynb`` under ``results/notebooks/`` is a complete execution
with its own date and mode in the report (a failed one is kept as ``NAME.failed.ipynb`` for
its traceback). The report is written when the run ends, completed or not, and names the
notebooks that failed, were interrupted (Ctrl-C) or were not reached. ``STUDY=mix`` (or a list of
notebook paths) reruns a subset; the other notebooks' results stay as they were.

The kernels' own messages (their start-up warnings, the errors they log when shut down in the
middle of a cell) go to ``results/notebooks/NAME.kernel.log``, kept when a notebook did not
complete; Ctrl-C ends the run with a one-line message and exit status 130, no traceback.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
from datetime import UTC, datetime
from pathlib import Path

import nbformat

from studykit.paths import write_atomic
from studykit.quick import quick_mode
from studykit.report import build_report, read_records
from studykit.runtimes import Stopwatch, Timing, run_record, write_run

ROOT = Path(__file__).resolve().parent.parent
INCOMPLETE = (".partial.ipynb", ".failed.ipynb")  # never read as results
INTERRUPTED = 130  # the exit status of a run stopped by Ctrl-C (128 + SIGINT)


class AfterInterrupt(logging.Filter):
    """Drops the messages of the notebook machinery (papermill, nbclient, asyncio) once Ctrl-C
    was pressed: their complaints about the kernel being stopped are not errors of the run."""

    def __init__(self):
        super().__init__()
        self.stopping = False

    def filter(self, record: logging.LogRecord) -> bool:
        return not self.stopping

    def on_sigint(self, signum, frame):
        self.stopping = True
        raise KeyboardInterrupt


QUIET_LOGGERS = ("papermill", "nbclient", "traitlets", "asyncio")


def kernel_manager(log):
    """A kernel manager class whose kernels write their own output to the open file ``log``
    instead of this terminal."""
    from jupyter_client.manager import AsyncKernelManager

    class LoggedKernelManager(AsyncKernelManager):
        async def _async_launch_kernel(self, kernel_cmd, **kw):
            kw["stdout"] = kw["stderr"] = log
            return await super()._async_launch_kernel(kernel_cmd, **kw)

    return LoggedKernelManager


def without_widget_state(path: Path) -> nbformat.NotebookNode:
    """The notebook at ``path`` without the widget state of its last run.

    nbclient replaces the saved state only when the new run creates widgets, so a notebook that
    no longer shows a progress bar would keep an old, stale bar (red, say) in its metadata.
    """
    nb = nbformat.read(path, as_version=4)
    nb.metadata.pop("widgets", None)
    return nb


def clear_widget_state(path: str | Path) -> None:
    """Drop the saved widget state of the notebook file ``path`` before it is re-executed."""
    path = Path(path)
    nb = without_widget_state(path)
    write_atomic(path, nbformat.writes(nb) + "\n")


def name_the_input(path: Path, name: str) -> None:
    """papermill records the notebook it was given as its input: given a notebook object (the
    one without widget state), it stores that whole object, the previous run's outputs with it.
    The executed notebook at ``path`` records the input's file name instead."""
    nb = nbformat.read(path, as_version=4)
    record = nb.metadata.get("papermill")
    if isinstance(record, dict) and record.get("input_path") != name:
        record["input_path"] = record["output_path"] = name
        write_atomic(path, nbformat.writes(nb) + "\n")


def select(study: str | None, root: Path = ROOT) -> list[Path]:
    """The notebooks to run: all of ``notebooks/``, or those whose name contains ``study``."""
    notebooks = sorted((root / "notebooks").glob("*.ipynb"))
    if study:
        chosen = [nb for nb in notebooks if study.lower() in nb.stem.lower()]
        if not chosen:
            known = sorted({nb.stem.split("_", 1)[1].split("_")[0] for nb in notebooks})
            raise SystemExit(f"STUDY={study!r} matches no notebook; studies: {', '.join(known)}")
        return chosen
    return notebooks


def write_report(results: Path, status: dict[str, str], mode: str, started: str) -> Path:
    """``results/REPORT.md`` from the completed notebooks, with this run's outcome on top."""
    done = sorted(p for p in (results / "notebooks").glob("*.ipynb")
                  if not p.name.endswith(INCOMPLETE))
    outcome = ", ".join(f"{name}: {state}" for name, state in status.items())
    note = (f"Written by `make reproduce` from the executed notebooks under `results/notebooks/`. "
            f"This run ({mode} mode, started {started}): {outcome or 'no notebook run'}. "
            "Each notebook's own mode and date are in the table below.")
    text = build_report(done, title="Did it reproduce? (local run)", note=note)
    return write_atomic(results / "REPORT.md", text + "\n")


def main(argv: list[str]) -> int:
    """Run the notebooks and write the report; Ctrl-C ends it cleanly (exit status 130)."""
    quiet = AfterInterrupt()
    for name in QUIET_LOGGERS:
        logging.getLogger(name).addFilter(quiet)
    previous = signal.signal(signal.SIGINT, quiet.on_sigint)
    try:
        return run(argv)
    except KeyboardInterrupt:
        quiet.stopping = True
        print(">> interrupted", flush=True)
        return INTERRUPTED
    finally:
        signal.signal(signal.SIGINT, previous)
        if not quiet.stopping:  # after Ctrl-C the filter stays: asyncio complains at exit
            for name in QUIET_LOGGERS:
                logging.getLogger(name).removeFilter(quiet)


def run(argv: list[str]) -> int:
    notebooks = [Path(a).resolve() for a in argv] or select(os.environ.get("STUDY"))
    mode = "quick" if quick_mode() else "full"   # a bad GAMEAI_QUICK stops here, before any run
    import papermill

    results = Path(os.environ.get("GAMEAI_RESULTS") or ROOT / "results").resolve()
    os.environ["GAMEAI_RESULTS"] = str(results)
    out_dir = results / "notebooks"
    out_dir.mkdir(parents=True, exist_ok=True)
    for stale in out_dir.glob("*.ipynb"):
        if stale.name.endswith(INCOMPLETE):
            stale.unlink()
    started = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    status = {nb.stem: "not reached" for nb in notebooks}
    timings: list[Timing] = []
    timing_file = results / "runtimes.json"
    timing_file.unlink(missing_ok=True)  # never an earlier run's timings beside this run
    print(f">> executing {len(notebooks)} notebooks in {mode} mode into {out_dir}")
    failed = interrupted = False
    try:
        for nb in notebooks:
            clock = Stopwatch(nb.stem)
            print(f">> {nb.name} ...", flush=True)
            final = out_dir / nb.name
            partial = final.with_suffix(".partial.ipynb")
            log_path = final.with_suffix(".kernel.log")
            final.unlink(missing_ok=True)  # never leave an older run under the name of this one
            try:
                with open(log_path, "w") as log, clock:
                    papermill.execute_notebook(without_widget_state(nb), str(partial),
                                               cwd=str(nb.parent),
                                               kernel_name="python3", progress_bar=False,
                                               kernel_manager_class=kernel_manager(log))
            except KeyboardInterrupt:
                status[nb.stem], interrupted = "interrupted", True
                partial.unlink(missing_ok=True)
                print(f"   interrupted (the kernel's messages: {log_path})", flush=True)
                break
            except Exception as error:  # noqa: BLE001 - reported; the other notebooks go on
                status[nb.stem], failed = f"failed ({type(error).__name__})", True
                if partial.exists():  # kept for its traceback, under a name that says so
                    partial.replace(final.with_suffix(".failed.ipynb"))
                print(f"   FAILED: {error}".splitlines()[0], flush=True)
                continue
            name_the_input(partial, nb.name)
            partial.replace(final)
            log_path.unlink(missing_ok=True)
            status[nb.stem] = "completed"
            timings.append(clock.timing)
            write_run(timing_file, run_record(mode, started, timings, status))
            print(f"   done in {clock.timing.wall_s:.1f} s, {clock.timing.cpu_s:.1f} s of CPU "
                  f"({len(read_records(final)[0])} report tables)", flush=True)
    finally:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # the report is always written
        try:
            report = write_report(results, status, mode, started)
        finally:
            signal.signal(signal.SIGINT, previous)
        print(f">> wrote {report}")
        if timings:
            write_run(timing_file, run_record(mode, started, timings, status))
            width = max(len(t.notebook) for t in timings)
            print(f">> wall and CPU time per notebook (also in {timing_file})")
            for t in timings:
                print(f"   {t.notebook:<{width}}  {t.wall_s:8.1f} s  {t.cpu_s:8.1f} s CPU  "
                      f"load {t.load_end:.1f}")
            print(f"   {'total':<{width}}  {sum(t.wall_s for t in timings):8.1f} s  "
                  f"{sum(t.cpu_s for t in timings):8.1f} s CPU")
    if interrupted:
        print(">> interrupted: " + ", ".join(f"{n}: {s}" for n, s in status.items()
                                              if s in ("interrupted", "not reached")),
              flush=True)
        return INTERRUPTED
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
