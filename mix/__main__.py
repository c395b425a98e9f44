"""Terminal play against the learned program or any named agent: ``python -m mix play
[--as X|O] [--rows R] [--cols C] [--depth D] [--values FILE | --agent NAME] [--seed S]``.
Invalid input is explained and asked again; ``q``, end of input (Ctrl-D) or Ctrl-C end the
game with a goodbye (exit code 0); Ctrl-C before the game starts (the imports take seconds)
leaves with one line and exit code 130 (``mix.startup``)."""

from __future__ import annotations

import argparse
import random
import re
import sys

from mix.board import Board, X
from mix.checks import MAX_DEPTH
from mix.play.agentchecks import check_agent
from mix.play.agents import SearchAgent, make_agent
from mix.valuesfile import load_values
from studykit.checks import shown
from studykit.options import option_whole
from studykit.terminal import catch_interrupts, ignore_interrupts

MAX_ROWS, MAX_COLS = 20, 30     # a board that fits a terminal and answers within seconds
_COLUMN = re.compile(r"[+-]?[0-9]+")


def parse_column(text: str, b: Board) -> int | str:
    """The column typed, if legal; otherwise the message explaining why not."""
    if not isinstance(text, str):
        raise TypeError(f"text must be the line typed, got {type(text).__name__}")
    if not isinstance(b, Board):
        raise TypeError(f"b must be a mix.Board, got {type(b).__name__}")
    if not (text.isascii() and _COLUMN.fullmatch(text)):
        return f"'{shown(text, 40)[1:-1]}' is not a column number."
    if len(text.lstrip("+-")) > 6:
        return f"Column {shown(text, 20)[1:-1]} is off the board: choose 0 to {b.g.cols - 1}."
    c = int(text)
    if not 0 <= c < b.g.cols:
        return f"Column {c} is off the board: choose 0 to {b.g.cols - 1}."
    if b.heights[c] >= b.g.rows:
        return f"Column {c} is full: choose another."
    return c


def ask_move(b: Board, read, write) -> int | None:
    """Read a column from the human until it is legal; None on end of input or 'q'."""
    while True:
        write(f"Your move (column 0-{b.g.cols - 1}, q to quit): ")
        line = read()
        if not line:
            return None
        text = line.strip()
        if text.lower() in ("q", "quit"):
            return None
        answer = parse_column(text, b)
        if isinstance(answer, int):
            return answer
        write(f"\n{answer}\n")


def opponent(agent_name: str | None, depth: int, values_path):
    """The program to play: the named agent (``mix.make_agent``), else the value table of
    ``values_path`` (the shipped mix.init by default) searched ``depth`` plies."""
    if agent_name is not None:
        return make_agent(agent_name)
    feats, values = load_values(values_path)
    return SearchAgent(values, feats, depth)


def play(human: int, rows: int, cols: int, depth: int, values_path, seed: int,
         read=sys.stdin.readline, write=sys.stdout.write, agent_name: str | None = None
         ) -> int | None:
    """One game, human as X (0) or O (1), against ``opponent(agent_name, depth,
    values_path)``; returns the winner (None for a draw or a quit)."""
    agent = opponent(agent_name, depth, values_path)
    rng, b = random.Random(seed), Board(rows, cols)
    write(f"MIX {rows}x{cols}: four in a row horizontally or vertically. You are "
          f"{'X' if human == X else 'O'}.\n")
    while not b.is_over():
        write("\n" + b.to_text() + "\n")
        if b.turn == human:
            c = ask_move(b, read, write)
            if c is None:
                write("\nBye.\n")
                return None
        else:
            c = agent.choose(b, rng)
            write(f"The program plays column {c}.\n")
        b.play(c)
    write("\n" + b.to_text() + "\n")
    if b.winner is None:
        write("Draw.\n")
    else:
        write("You win!\n" if b.winner == human else "The program wins.\n")
    return b.winner


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m mix", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    q = sub.add_parser("play", help="play against the learned program",
                       description="Play MIX against the learned program in the terminal.",
                       formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    q.add_argument("--as", dest="side", choices=["X", "O", "x", "o"], default="X",
                   help="your side (X moves first)")
    q.add_argument("--rows", type=option_whole(1, MAX_ROWS), default=10,
                   help=f"board rows, 1..{MAX_ROWS} (four in a row must fit)")
    q.add_argument("--cols", type=option_whole(1, MAX_COLS), default=20,
                   help=f"board columns, 1..{MAX_COLS}")
    q.add_argument("--depth", type=option_whole(1, MAX_DEPTH), default=2,
                   help=f"the program's lookahead in plies, 1..{MAX_DEPTH}")
    who = q.add_mutually_exclusive_group()
    who.add_argument("--values", default=None,
                     help="values file of the learned program (default: the shipped mix.init)")
    who.add_argument("--agent", default=None,
                     help="play a named agent instead: random, onestep, onestep-safe, builder, "
                          "builder-search[:D], alphabeta:D, learned[:D], learned-counts[:D], "
                          "selftaught[:D] (the self-taught player), perfect (boards up to 5x5);"
                          " its own depth, --depth is ignored")
    q.add_argument("--seed", type=option_whole(0, 2**63 - 1), default=0,
                   help="seed of the program's tie-breaks")
    p.set_defaults(play_parser=q)
    return p


def main(argv=None) -> int:
    p = build_parser()
    a = p.parse_args(argv)
    if max(a.rows, a.cols) < 4:
        a.play_parser.error(f"a {a.rows}x{a.cols} board is too small for four in a row: "
                            "--rows or --cols must be at least 4")
    if a.agent is not None:
        try:
            check_agent(a.agent, "--agent", a.rows, a.cols)
        except (TypeError, ValueError) as e:
            a.play_parser.error(str(e))
    try:   # until here Ctrl-C left with code 130 (mix.startup); from here the game ends it
        catch_interrupts()       # with a goodbye and code 0, even under nohup or &
        if hasattr(sys.stdin, "reconfigure"):
            sys.stdin.reconfigure(errors="replace")     # stray bytes are not a crash
        try:
            play(0 if a.side.upper() == "X" else 1, a.rows, a.cols, a.depth, a.values, a.seed,
                 agent_name=a.agent)
        finally:                   # from here on Ctrl-C (a second one, or one as the game
            ignore_interrupts()    # ends) cannot cut the goodbye or the exit short
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nInterrupted: goodbye.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
