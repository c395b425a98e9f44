"""What the studies' terminal games share: Ctrl-C ends a game with a goodbye, and from the
goodbye on it is ignored. Both are no-ops off the main thread, where handlers cannot be set."""

import signal
import threading


def catch_interrupts() -> None:
    """Ctrl-C raises KeyboardInterrupt, even in a game started with SIGINT ignored (nohup, &)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)


def ignore_interrupts() -> None:
    """Ignore Ctrl-C from now on (the game is over or saying goodbye)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
