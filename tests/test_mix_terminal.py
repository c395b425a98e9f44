"""``python -m mix play`` driven through a real pseudo-terminal (pexpect): whole games as X
and as O, invalid inputs explained and asked again, a corrupted values file rejected."""

import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
PROMPT = r"Your move \(column 0-(\d+), q to quit\): "
ENDINGS = ["You win!", "The program wins.", "Draw."]


def spawn(*args: str):
    """``python -m mix play *args`` in a pseudo-terminal."""
    return pexpect.spawn(sys.executable, ["-m", "mix", "play", *args], cwd=str(ROOT),
                         encoding="utf-8", timeout=60, dimensions=(60, 120))


def board_rows(text: str) -> list[str]:
    """The board rows (top first) of the last board drawn in ``text``."""
    return [ln for ln in text.splitlines() if re.fullmatch(r"(\s+[XO.])+", ln.rstrip())]


def play_to_the_end(child, cols: int, first_column: int = 0) -> tuple[str, int, int]:
    """Answer every prompt with the next column in turn (a full column is refused and the
    next one tried); returns (the ending, prompts answered, refusals)."""
    col, prompts, refused = first_column, 0, 0
    while True:
        i = child.expect([PROMPT, *map(re.escape, ENDINGS)])
        if i > 0:
            return ENDINGS[i - 1], prompts, refused
        if "is full" in child.before:
            refused += 1
        prompts += 1
        child.sendline(str(col % cols))
        col += 1
        assert prompts < 200, "the game does not end"


def test_terminal_game_as_x_with_invalid_inputs():
    child = spawn("--rows", "6", "--cols", "7", "--as", "X", "--seed", "0")
    child.expect("MIX 6x7: four in a row horizontally or vertically. You are X.")
    child.expect(PROMPT)
    assert child.match.group(1) == "6"
    assert "0  1  2  3  4  5  6" in child.before                 # column numbers under the board
    for bad, why in [("hello", "'hello' is not a column number."),
                     ("", "'' is not a column number."),
                     ("-3", "Column -3 is off the board: choose 0 to 6."),
                     ("99", "Column 99 is off the board: choose 0 to 6."),
                     ("2.5", "'2.5' is not a column number.")]:
        child.sendline(bad)
        child.expect_exact(why)
        child.expect(PROMPT)                                       # and asked again
    # keep playing column 0 until it is full: the refusal is explained and we are asked again
    for _ in range(6):
        child.sendline("0")
        i = child.expect([PROMPT, "Column 0 is full: choose another."])
        if i == 1:
            break
    assert i == 1, "column 0 never filled up"
    ending, _, _ = play_to_the_end(child, 7, 1)
    assert ending in ENDINGS
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_terminal_game_as_o_plays_to_the_end():
    child = spawn("--rows", "6", "--cols", "7", "--as", "o", "--depth", "2", "--seed", "1")
    child.expect("You are O.")
    child.expect(r"The program plays column (\d+)\.")              # X (the program) moves first
    ending, prompts, _ = play_to_the_end(child, 7, 3)
    assert prompts >= 3
    grid = [row.split() for row in board_rows(child.before)[-6:]]   # the final board, top first
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert len(grid) == 6 and all(len(row) == 7 for row in grid)
    xs, os_ = (sum(row.count(s) for row in grid) for s in "XO")
    assert xs - os_ in (0, 1)                                       # X moved first
    lines = ["".join(row) for row in grid] + ["".join(col) for col in zip(*grid)]
    winner = {"You win!": "O", "The program wins.": "X", "Draw.": None}[ending]
    if winner:
        assert any(winner * 4 in line for line in lines)
    else:
        assert xs + os_ == 42


def test_terminal_quit_and_corrupted_values_file(tmp_path):
    child = spawn("--rows", "5", "--cols", "6")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect_exact("Bye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    bad = tmp_path / "mix.init"
    bad.write_text("# MIX values file\nfeatures bits-strict\nstates 128\n" + "0.5\n" * 127 + "oops\n")
    child = spawn("--values", str(bad))
    child.expect_exact(f"error: values file {bad}: value 127 is not a number: 'oops'")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2


def test_ctrl_c_ends_with_a_goodbye_even_when_sigint_was_ignored():
    import signal

    child = pexpect.spawn(sys.executable, ["-m", "mix", "play", "--rows", "5", "--cols", "6"],
                          cwd=str(ROOT), encoding="utf-8", timeout=60, dimensions=(60, 120),
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    child.expect("column")
    child.sendintr()
    child.expect("Interrupted: goodbye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in (child.before or "")


# Ctrl-C at known moments of the start (issue 41): ``-X importtime`` prints a line as each import
# finishes, so SIGINT is sent right after a given import, whatever the machine's speed.
IMPORTS = ["mix.startup", "numpy", "matplotlib", "studykit.checks", "studykit", "mix", "mix.board",
           "mix.checks", "mix.valuesfile", "studykit.terminal"]


@pytest.mark.parametrize("module", IMPORTS)
def test_ctrl_c_while_the_program_starts_leaves_quietly(module):
    """Ctrl-C just after an import of the start: never a traceback; the goodbye line either
    way; exit code 130 while the program starts (``mix.startup``), 0 once the game is up (its
    header printed: the game catches Ctrl-C before it prints anything)."""
    child = pexpect.spawn(sys.executable, ["-X", "importtime", "-m", "mix", "play", "--rows", "5",
                                           "--cols", "6"], cwd=str(ROOT), encoding="utf-8",
                          timeout=60, dimensions=(60, 120))
    child.expect(rf"\| +{module.replace('.', '[.]')}\r\n")    # that import has just finished
    child.sendintr()
    child.expect(pexpect.EOF)
    out = child.before or ""
    child.close()
    assert "Traceback" not in out and "KeyboardInterrupt" not in out, out[-2000:]
    assert out.count("Interrupted: goodbye.") == 1, out[-500:]
    assert child.exitstatus in (0, 130), (child.exitstatus, out[-500:])
    if "MIX 5x6" in out:
        assert child.exitstatus == 0, out[-500:]


def test_the_startup_guard_is_only_for_the_program():
    from mix.startup import run_as_program
    assert run_as_program(["python", "-m", "mix", "play"])
    assert run_as_program(["python", "-X", "importtime", "-m", "mix"])
    assert not run_as_program(["python", "-m", "pytest", "tests"])
    assert not run_as_program(["python", "-m", "mix.selftaught", "show"])
    assert not run_as_program(["python", "notebook.py", "-m", "mixer"])
    assert not run_as_program([])


def test_a_named_agent_plays_a_whole_game_as_x():
    child = spawn("--rows", "5", "--cols", "6", "--as", "O", "--agent", "selftaught:2")
    child.expect("You are O.")
    child.expect(r"The program plays column (\d+)\.")
    ending, prompts, _ = play_to_the_end(child, 6, 2)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and ending in ENDINGS and prompts >= 3


@pytest.mark.parametrize("args, why", [
    (["--agent", "nobody"], "--agent: unknown agent 'nobody'"),
    (["--agent", "perfect"], "at most 25 slots"),
    (["--agent", "alphabeta:99"], "--agent depth"),
    (["--agent", "random", "--values", "mix/mix.init"], "not allowed with argument"),
])
def test_an_unknown_or_impossible_agent_is_refused_with_exit_2(args, why, capsys):
    from mix.__main__ import main
    with pytest.raises(SystemExit) as stop:
        main(["play", *args])
    assert stop.value.code == 2 and why in capsys.readouterr().err
