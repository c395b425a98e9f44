"""Terminal play through a real pty (pexpect): several rounds with invalid inputs re-asked,
bids typed as a list and prize by prize, the right closing message (predicted by replaying
the same seed through the library), end of input and Ctrl-C without a traceback."""
import io
import re
import sys
import time

import pytest

from goofspiel import Arena, ArenaConfig, identity
from goofspiel.__main__ import parse_cards

pexpect = pytest.importorskip("pexpect")

DECK = tuple(range(1, 8))
PROMPT = r"cards left [0-9 ]+: "


def spawn(*args):
    log = io.StringIO()
    child = pexpect.spawn(sys.executable, ["-m", "goofspiel", "play", "--delay", "0", *args],
                          encoding="utf-8", timeout=30, dimensions=(50, 200))
    child.logfile_read = log
    return child, log


def first_seed(predicate):
    """The first seed whose identity-playing game (predicted by the library) satisfies it."""
    for seed in range(500):
        arena = Arena(ArenaConfig(), seed=seed)
        outcomes = []
        while not arena.over and len(outcomes) < 3:
            outcomes.append(arena.play_round(identity(DECK)).human_out)
        if predicate(outcomes):
            return seed
    raise AssertionError("no seed found")


def test_parse_cards_explains_every_problem():
    hand = [1, 3, 4, 7]
    assert parse_cards("7, 1", hand, 4) == [7, 1]
    for text, message in [("", "at least one"), ("  ", "at least one"), ("x", "not a card"),
                          ("2", "not in your hand"), ("3 3", "more than once"),
                          ("1 3 4 7 7", "only 4 prizes"), ("1.5", "not a card")]:
        with pytest.raises(ValueError, match=message):
            parse_cards(text, hand, 4)


def test_three_rounds_with_invalid_inputs_through_a_pty():
    seed = first_seed(lambda out: out == [False, False, False])
    child, log = spawn("--seed", str(seed), "--rounds", "3")
    child.expect("Round 1")
    for bad, why in [("hello", "is not a card number"), ("", "at least one card"),
                     ("9", "not in your hand"), ("3 3", "more than once"),
                     ("1 2 3 4 5 6 7 1", "only 7 prizes")]:
        child.expect(PROMPT)
        child.sendline(bad)
        child.expect(why)
    child.expect(PROMPT)
    child.sendline("1 2 3 4 5 6 7")                       # the whole list at once
    child.expect(r"prize +\d+: you \d")                    # the card-by-card reveal
    child.expect("Lowest score: bot 1")
    child.expect("Round 2")
    for card in [1, 2, 3]:                                 # prize by prize ...
        child.expect(PROMPT)
        child.sendline(str(card))
    child.expect(PROMPT)
    child.sendline("2")                                    # ... a card already bid
    child.expect("not in your hand")
    child.expect(PROMPT)
    child.sendline("4 5 6 7")                              # ... then the rest as a list
    child.expect("Lowest score: bot 1")
    child.expect("Round 3")
    child.expect(PROMPT)
    child.sendline("1,2,3,4,5,6,7")
    child.expect("You survived all 3 rounds. You win!")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert log.getvalue().count("prize  7:") == 3 and "Traceback" not in log.getvalue()


def test_elimination_ends_the_game_with_its_message():
    seed = first_seed(lambda out: out == [False, True])
    child, log = spawn("--seed", str(seed))
    for _ in range(2):
        child.expect(PROMPT)
        child.sendline("1 2 3 4 5 6 7")
    child.expect("Lowest score: you")
    child.expect("You are eliminated after surviving 1 round. Game over.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in log.getvalue()


@pytest.mark.parametrize("how", ["eof", "quit", "ctrl-c"])
def test_leaving_mid_round_is_graceful(how):
    child, log = spawn("--bots", "2", "--scoring", "duel")
    child.expect(PROMPT)
    child.sendline("1 2")
    child.expect(PROMPT)
    if how == "eof":
        child.sendeof()
        child.expect("Goodbye: you survived 0 rounds")
    elif how == "quit":
        child.sendline("q")
        child.expect("Goodbye")
    else:
        child.sendintr()
        child.expect("Interrupted: goodbye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in log.getvalue()


def test_help_and_bad_options():
    child, log = spawn("--help")
    child.expect(pexpect.EOF)
    text = log.getvalue()
    for option in ["--bots", "--cards", "--deck", "--seed", "--rounds", "--breeder", "--mutation",
                   "--generations", "--population", "--survivors", "--random-bots", "--scoring",
                   "--duels", "--as-published", "--delay"]:
        assert option in text
    child, log = spawn("--mutation", "0.9")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2 and "--mutation: must be a number from 0 to 0.5" in log.getvalue()
    assert "Traceback" not in log.getvalue()


def ignore_sigint():
    """Start the child as ``nohup`` or a background job would: SIGINT ignored."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def test_ctrl_c_ends_with_a_goodbye_even_when_sigint_was_ignored():
    log = io.StringIO()
    child = pexpect.spawn(sys.executable, ["-m", "goofspiel", "play", "--delay", "0"],
                          encoding="utf-8", timeout=30, dimensions=(50, 200),
                          preexec_fn=ignore_sigint)
    child.logfile_read = log
    child.expect(PROMPT)
    child.sendintr()
    child.expect("Interrupted: goodbye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in log.getvalue()


@pytest.mark.parametrize("delay", ["nan", "inf", "-1", "11"])
def test_a_delay_that_is_not_a_sensible_number_of_seconds_is_refused(delay):
    child, log = spawn("--delay", delay)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2 and "delay" in log.getvalue() and "Traceback" not in log.getvalue()


# Ctrl-C while the program starts (issue 30): ``-X importtime`` prints a line as each import
# finishes (or is abandoned), so SIGINT is sent at known moments of the seconds of imports
# before the first prompt.
# The package's ``__init__`` loads its modules on use, so these are the terminal game's imports.
IMPORTS = ["goofspiel.startup", "goofspiel", "numpy", "studykit.checks", "goofspiel.evolution.breed",
           "goofspiel.game", "goofspiel.bots.arena", "studykit.terminal"]


@pytest.mark.parametrize("module", IMPORTS)
def test_ctrl_c_during_the_imports_exits_quietly_with_status_130(module):
    log = io.StringIO()
    child = pexpect.spawn(sys.executable, ["-X", "importtime", "-m", "goofspiel", "play",
                                           "--delay", "0"],
                          encoding="utf-8", timeout=60, dimensions=(50, 200))
    child.logfile_read = log
    child.expect(rf"\| +{module.replace('.', '[.]')}\r\n")   # that import has just finished
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    text = log.getvalue()
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text[-2000:]
    # Decided by what the program printed, not by a race: once the game has caught Ctrl-C
    # (which it does before its first line) it says goodbye and exits 0; before, "Interrupted."
    # and 130. The last imports are quick, so either may come on a loaded machine.
    if "Interrupted: goodbye" in text:
        assert child.exitstatus == 0 and "Interrupted." not in text, text[-500:]
    else:
        assert child.exitstatus == 130 and text.count("Interrupted.") == 1, text[-500:]
        assert not re.search(PROMPT, text), text[-500:]


@pytest.mark.parametrize("seconds", [0.5, 1.5])
def test_ctrl_c_soon_after_the_start_exits_quietly(seconds):
    """Counted from the handler's installation: before it, Python itself is still starting (its
    site module; under load that took more than 0.5 s) and no program can catch Ctrl-C."""
    log = io.StringIO()
    child = pexpect.spawn(sys.executable, ["-X", "importtime", "-m", "goofspiel", "play",
                                           "--delay", "0"],
                          encoding="utf-8", timeout=60, dimensions=(50, 200))
    child.logfile_read = log
    child.expect(r"\| +goofspiel[.]startup\r\n")
    time.sleep(seconds)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    text = log.getvalue()
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text[-2000:]
    assert (child.exitstatus == 130 and text.count("Interrupted.") == 1) or (
        child.exitstatus == 0 and "Interrupted: goodbye" in text), text[-500:]


def test_a_plain_import_leaves_ctrl_c_alone():
    import signal

    from goofspiel.startup import launched_as_program
    assert not launched_as_program()
    assert signal.getsignal(signal.SIGINT) is not __import__("goofspiel").startup.interrupted
