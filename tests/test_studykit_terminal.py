"""The terminal games' Ctrl-C handling: caught as KeyboardInterrupt during a game, ignored from
the goodbye on, untouched off the main thread."""

import signal
import threading

from studykit.terminal import catch_interrupts, ignore_interrupts


def test_interrupts_are_caught_then_ignored_on_the_main_thread():
    before = signal.getsignal(signal.SIGINT)
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)              # as under nohup
        catch_interrupts()
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        ignore_interrupts()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_off_the_main_thread_nothing_changes():
    before, errors = signal.getsignal(signal.SIGINT), []

    def work():
        try:
            catch_interrupts()
            ignore_interrupts()
        except ValueError as e:                  # what signal.signal raises off the main thread
            errors.append(e)

    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert errors == [] and signal.getsignal(signal.SIGINT) is before
