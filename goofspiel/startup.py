"""Ctrl-C while ``python -m goofspiel`` starts: one line and exit status 130, never a traceback.

``python -m goofspiel play`` runs the package's ``__init__`` and then ``goofspiel/__main__.py``,
which imports the game, numpy and studykit (under a second, more on a busy machine), so
``goofspiel/__init__.py`` imports this module first. While Python is still locating the program to run, ``sys.argv[0]``
is ``"-m"``; then, and only then, Ctrl-C from here until the game's first prompt prints
"Interrupted." and exits with status 130 (what a shell reports for a program stopped by
Ctrl-C). A plain ``import goofspiel`` leaves the signal alone.
"""

import os
import signal
import sys
import threading

INTERRUPTED = 130      # 128 + SIGINT


def interrupted(signum=None, frame=None) -> None:
    """The SIGINT handler before the game starts: say so on one line, exit with status 130.

    It exits at once (``os._exit``): a ``SystemExit`` raised from a signal handler can land in
    code that swallows it (under ``-X importtime`` one was lost inside the import machinery, and
    the game went on to its prompt), and nothing needs cleaning up before the first prompt."""
    try:
        os.write(sys.__stderr__.fileno() if sys.__stderr__ else 2, b"\nInterrupted.\n")
    except (OSError, ValueError):                  # no terminal left to tell
        pass
    os._exit(INTERRUPTED)


def exit_on_interrupt() -> None:
    """From now on Ctrl-C exits quietly (``interrupted``), even if SIGINT was ignored (nohup, &)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, interrupted)


def launched_as_program() -> bool:
    """True while ``python -m goofspiel`` is importing the package to run it."""
    if sys.argv[:1] != ["-m"]:
        return False
    argv = list(getattr(sys, "orig_argv", []))
    for k, arg in enumerate(argv[1:], 1):
        if arg == "-m":
            return argv[k + 1:k + 2] == ["goofspiel"]
        if arg.startswith("-m"):
            return arg == "-mgoofspiel"
    return False


if launched_as_program():
    exit_on_interrupt()
