"""Command-line option types (argparse ``type=``) for the terminal games: a bad option is an
argparse error (exit status 2) that says what is allowed, never a traceback."""

from __future__ import annotations

import argparse
import math

from studykit.checks import shown


def option_whole(low: int, high: int):
    """An argparse ``type=``: a whole number (ASCII digits) from ``low`` to ``high``; anything
    else is an argparse error (exit 2) saying what is allowed."""
    def parse(text: str) -> int:
        body = text.strip()
        digits = body[1:] if body[:1] in "+-" else body
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}, "
                                             f"got {shown(text, 40)}")
        value = int(body)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, got {value}")
        return value

    parse.__name__ = "whole number"
    return parse


def option_real(low: float, high: float):
    """An argparse ``type=``: a finite number in [low, high]."""
    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= 40 else float("nan")
        except ValueError:
            value = float("nan")
        if not (math.isfinite(value) and low <= value <= high):
            raise argparse.ArgumentTypeError(f"must be a number from {low:g} to {high:g}, "
                                             f"got {shown(text, 40)}")
        return value

    parse.__name__ = "number"
    return parse
