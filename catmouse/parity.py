"""Who can force a capture from the corners: the true parity rule and the article's claim.

Every ply changes the Manhattan distance by one, so its parity at the cat's turn never changes,
and the cat can force a capture iff it is odd (``parity_rule_cat_wins``; the exact solver
confirms it on every board it solves).
"""

from __future__ import annotations

from catmouse.rules import check_board, check_first_move


def parity_rule_cat_wins(rows: int, cols: int, first_move: str) -> bool:
    """The true rule from the corners: cat first -> R + C odd; mouse first -> R + C even.

    Every ply changes the Manhattan distance by one, so its parity at the cat's turn never
    changes, and the cat can force a capture iff it is odd.
    """
    rows, cols = check_board(rows, cols)          # Python ints: a bool result, not numpy's
    check_first_move(first_move)
    return (rows + cols) % 2 == (1 if first_move == "cat" else 0)


def article_rule_cat_wins(rows: int, cols: int, first_move: str) -> bool:
    """The article's claim: the cat cannot win only when both sides are even and the cat is first."""
    rows, cols = check_board(rows, cols)
    check_first_move(first_move)
    return not (rows % 2 == 0 and cols % 2 == 0 and first_move == "cat")


def winnable_first_move(rows: int, cols: int) -> str:
    """The first mover with which the cat can force a capture from the corners (parity rule)."""
    rows, cols = check_board(rows, cols)
    return "cat" if parity_rule_cat_wins(rows, cols, "cat") else "mouse"
