"""Terminal play against the learned program: ``python -m mix play [--as X|O] [--rows R]
[--cols C] [--depth D] [--values FILE] [--seed S]``. Invalid input is explained and asked again."""

from __future__ import annotations

import argparse
import random
import signal
import sys
import threading

from mix.agents import SearchAgent
from mix.board import Board, X
from mix.valuesfile import load_values


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
        if not text.lstrip("-").isdigit():
            write(f"\n'{text}' is not a column number.\n")
            continue
        c = int(text)
        if not 0 <= c < b.g.cols:
            write(f"\nColumn {c} is off the board: choose 0 to {b.g.cols - 1}.\n")
        elif b.heights[c] >= b.g.rows:
            write(f"\nColumn {c} is full: choose another.\n")
        else:
            return c


def play(human: int, rows: int, cols: int, depth: int, values_path, seed: int,
         read=sys.stdin.readline, write=sys.stdout.write) -> int | None:
    """One game, human as X (0) or O (1); returns the winner (None for a draw or a quit)."""
    feats, values = load_values(values_path)
    agent = SearchAgent(values, feats, depth)
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


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m mix", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    q = sub.add_parser("play", help="play against the learned program")
    q.add_argument("--as", dest="side", choices=["X", "O", "x", "o"], default="X",
                   help="your side (X moves first)")
    q.add_argument("--rows", type=int, default=10)
    q.add_argument("--cols", type=int, default=20)
    q.add_argument("--depth", type=int, default=2, help="the program's lookahead in plies")
    q.add_argument("--values", default=None, help="values file (default: the shipped mix.init)")
    q.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    # Ctrl-C ends the game with a goodbye even when started with SIGINT ignored (nohup, &)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        play(0 if a.side.upper() == "X" else 1, a.rows, a.cols, a.depth, a.values, a.seed)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nInterrupted: goodbye.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
