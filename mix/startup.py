"""Ctrl-C while ``python -m mix`` starts up: its imports (numpy, pandas, matplotlib) take
seconds, and an interrupt among them would print a traceback from deep inside an import. When
this process is that program, an interrupt from the package's first line until the game takes
over (``studykit.terminal.catch_interrupts``) prints one line and exits with code 130. Imported
as a library (a notebook, the tests), nothing changes."""

import os
import signal
import sys
import threading

INTERRUPTED = "\nInterrupted: goodbye.\n"
EXIT_INTERRUPTED = 130  # the shell's code for a program ended by Ctrl-C (128 + SIGINT)


def run_as_program(argv=None) -> bool:
    """Whether the command line is ``python [options] -m mix ...`` (``sys.orig_argv``)."""
    argv = list(getattr(sys, "orig_argv", ()) if argv is None else argv)
    return any(arg == "-m" and argv[i + 1:i + 2] == ["mix"] for i, arg in enumerate(argv))


def leave(signum=None, frame=None) -> None:
    """Say goodbye and exit at once with code 130 (nothing has been written yet)."""
    os.write(sys.__stdout__.fileno() if sys.__stdout__ else 1, INTERRUPTED.encode())
    os._exit(EXIT_INTERRUPTED)


def quiet_interrupts() -> None:
    """As the program ``python -m mix``: Ctrl-C leaves quietly until the game catches it."""
    if run_as_program() and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, leave)
