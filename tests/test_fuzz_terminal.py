"""The terminal games fuzzed through a real pty: thousands of seeded random keystrokes (letters,
digits, signs, superscript and Arabic-Indic digits, very long numbers, arrow keys, line editing,
stray bytes, Ctrl-C and Ctrl-D) and random command-line options. Whatever is typed, no
traceback appears and every session exits with status 0 (or 2 for a refused option)."""

import os
import random
import sys
import time
from itertools import permutations
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
KEYSTROKES = 3000          # per game, over several sessions
SESSION_KEYS = (300, 700)  # keystrokes typed into one session before it is ended (if still running)

PIECES = ([*"0123456789"] * 6 + [*"abcdefghijklmnopqrstuvwxyzQXO"] + [*" ,.-+_:;/\\'\"!?*()#@~"]
          + ["\n"] * 14 + ["\r", "\t", " q", "-3", "--5", "+2", "1.5", "3,4", "1 2 3 4 5 6 7\n",
                           "\x7f", "\x15", "\x17", "\x1b[A", "\x1b[D", "\x1b", "²", "³", "٣", "é",
                           "9" * 60, "1" * 5000 + "\n", "-0", "0x1", "1e3", "∞", "\x00"])


def keystrokes(rnd: random.Random, moves: list[str] = ()):
    """An endless stream of pieces to type; Ctrl-C, Ctrl-D and raw bytes show up now and then,
    and with ``moves`` (legal-looking answers), often enough for games to be played to the end."""
    while True:
        r = rnd.random()
        if moves and r > 0.6:
            yield rnd.choice(moves)
        elif r < 0.0025:
            yield "CTRL-C"
        elif r < 0.005:
            yield "CTRL-D"
        elif r < 0.007:
            yield "BYTES"
        else:
            yield rnd.choice(PIECES)


def drain(child, log: list[str]) -> None:
    """Read whatever the program printed so far (it must never block on a full terminal)."""
    while True:
        try:
            log.append(child.read_nonblocking(65536, timeout=0.002))
        except (pexpect.TIMEOUT, pexpect.EOF):
            return


def session(args: list[str], rnd: random.Random, budget: int, moves: list[str] = ()
            ) -> tuple[int, str, int]:
    """Run one program in a pty, type up to ``budget`` keys; returns (exit status, output, keys)."""
    child = pexpect.spawn(sys.executable, args, cwd=str(ROOT), encoding="utf-8",
                          codec_errors="replace", timeout=60, dimensions=(60, 200),
                          env={**os.environ, "PYTHONUNBUFFERED": "1"})
    child.delaybeforesend = None          # pexpect waits 50 ms before each send by default
    log: list[str] = []
    try:
        child.expect([r"[:)] $", pexpect.EOF], timeout=60)       # the first prompt (or an exit)
        log.append(child.before + (child.after if isinstance(child.after, str) else ""))
        typed = 0
        for piece in keystrokes(rnd, moves):
            if typed >= budget or not child.isalive():
                break
            try:
                if piece == "CTRL-C":
                    child.sendintr()
                elif piece == "CTRL-D":
                    child.sendeof()
                elif piece == "BYTES":
                    os.write(child.child_fd, bytes(rnd.randrange(128, 256) for _ in range(3)))
                else:
                    child.send(piece)
            except OSError:            # the program ended between isalive() and the write
                break
            typed += len(piece) if len(piece) < 10 else 1
            drain(child, log)
        if child.isalive():                                       # end it the way a user would
            for ending in ("\x15q\n", "CTRL-D", "CTRL-D", "CTRL-C"):
                if not child.isalive():
                    break
                try:
                    child.sendintr() if ending == "CTRL-C" else (
                        child.sendeof() if ending == "CTRL-D" else child.send(ending))
                except OSError:
                    break
                deadline = time.monotonic() + 5
                while child.isalive() and time.monotonic() < deadline:
                    drain(child, log)
        child.expect(pexpect.EOF, timeout=60)
        log.append(child.before or "")
        child.wait()                       # reap it: closing a pty still exiting would kill it
    finally:
        child.close(force=True)
    return child.exitstatus, "".join(log), typed


ENDINGS = {"ctrl-c": "Interrupted: goodbye", "quit or end of input": ("Goodbye", "Bye."),
           "game over": ("Game over", "You win", "The program wins", "Draw.")}


def ending(output: str) -> str:
    """How a session ended: its last closing message (keys typed while the program was exiting
    may still be echoed after it)."""
    where = {name: max(output.rfind(m) for m in ((marks,) if isinstance(marks, str) else marks))
             for name, marks in ENDINGS.items()}
    name = max(where, key=where.get)
    return name if where[name] >= 0 else "unknown"


def fuzz(program: str, option_sets: list[tuple[list[str], list[str]]], seed: int) -> dict:
    """Sessions of ``program`` until KEYSTROKES are typed; each picks (options, moves) at random
    and half of them type the moves often."""
    rnd = random.Random(seed)
    total, sessions, statuses, endings = 0, 0, [], []
    while total < KEYSTROKES:
        options, moves = rnd.choice(option_sets)
        status, output, typed = session(["-m", program, "play", *options], rnd,
                                        rnd.randint(*SESSION_KEYS), moves if sessions % 2 else [])
        total, sessions = total + typed, sessions + 1
        statuses.append(status)
        endings.append(ending(output))
        assert "Traceback" not in output, f"{program} play {options}:\n{output[-3000:]}"
        assert status == 0, f"{program} play {options} exited with {status}:\n{output[-2000:]}"
    return {"keystrokes": total, "sessions": sessions, "statuses": statuses, "endings": endings}


@pytest.mark.slow
def test_goofspiel_terminal_survives_random_keystrokes():
    def bids(deck):                     # whole rounds, prize by prize and with mistakes
        return [" ".join(map(str, p)) + "\n" for p in permutations(deck)][:24] + [
            f"{c}\n" for c in deck] + ["q\n"]

    options = [(["--delay", "0"], bids(range(1, 8))),
               (["--delay", "0", "--bots", "2", "--scoring", "duel"], bids(range(1, 8))),
               (["--delay", "0", "--cards", "3"], bids((1, 2, 3))),
               (["--delay", "0", "--deck", "2,4,6", "--seed", "3"], bids((2, 4, 6))),
               (["--delay", "0", "--cards", "2", "--rounds", "2"], bids((1, 2)))]
    result = fuzz("goofspiel", options, seed=17)
    assert result["keystrokes"] >= KEYSTROKES
    assert {"ctrl-c", "quit or end of input"} <= set(result["endings"]), result["endings"]
    assert "unknown" not in result["endings"], result["endings"]


@pytest.mark.slow
def test_mix_terminal_survives_random_keystrokes():
    def columns(cols):
        return [f"{c}\n" for c in range(cols)] + ["q\n"]

    options = [(["--rows", "6", "--cols", "7"], columns(7)),
               (["--rows", "4", "--cols", "5", "--as", "O"], columns(5)),
               (["--rows", "5", "--cols", "4", "--depth", "1"], columns(4)), ([], columns(20))]
    result = fuzz("mix", options, seed=17)
    assert result["keystrokes"] >= KEYSTROKES
    assert {"ctrl-c", "quit or end of input"} <= set(result["endings"]), result["endings"]
    assert "unknown" not in result["endings"], result["endings"]


OPTION_PIECES = {
    "goofspiel": ["--bots", "--cards", "--deck", "--rounds", "--seed", "--breeder", "--mutation",
                  "--generations", "--population", "--survivors", "--random-bots", "--scoring",
                  "--duels", "--delay", "--as-published"],
    "mix": ["--as", "--rows", "--cols", "--depth", "--values", "--seed"],
}
VALUES = ["0", "1", "2", "3", "7", "-1", "--5", "nan", "inf", "1e9", "100000", "10000000", "0.9",
          "²", "x", "", "1,1,2", "2,3,4", "X", "o", "game", "duel", "pairs", "/", "/nonexistent",
          "1" * 5000, "0.5", "50", "1000"]


@pytest.mark.parametrize("program", ["goofspiel", "mix"])
def test_random_options_exit_0_or_2_without_a_traceback(program):
    rnd = random.Random(7)
    for _ in range(5):
        args = []
        for _ in range(rnd.randint(1, 3)):
            args += [rnd.choice(OPTION_PIECES[program]), rnd.choice(VALUES)]
        if program == "goofspiel":
            args = ["--delay", "0", *args]
        child = pexpect.spawn(sys.executable, ["-m", program, "play", *args], cwd=str(ROOT),
                              encoding="utf-8", codec_errors="replace", timeout=60,
                              dimensions=(60, 200))
        log: list[str] = []
        start = time.monotonic()
        index = child.expect([r"[:)] $", pexpect.EOF])
        log.append(child.before)
        if index == 0:              # the game started: leave at once
            child.sendeof()
            child.expect(pexpect.EOF)
            log.append(child.before)
        child.wait()
        child.close()
        output = "".join(log)
        assert time.monotonic() - start < 30, f"{program} {args} took too long"
        assert "Traceback" not in output, f"{program} play {args}:\n{output[-2000:]}"
        assert child.exitstatus in (0, 2), f"{program} play {args}: {child.exitstatus}\n{output}"
