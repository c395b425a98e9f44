"""An improved version-1 trainer: the article's own list of limitations, addressed.

* several changes per candidate, more after a stagnation (larger jumps);
* both players learn every iteration (the stronger one keeps improving too);
* candidates are scored against a pool of the opponent's recent tables, not only the current one;
* mutations go to cells the scoring games actually consult (others cannot change a result);
* optionally, the opponent's exact best response joins the pool every few iterations (a
  double-oracle flavour: the solver as sparring partner).
Progress is measured with ``exploitability`` (the exact best response), not by the games played.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from tqdm.auto import tqdm

from catmouse.exploit import best_response, exploitability
from catmouse.game import check_board, check_first_move, initial_cat_policy, initial_mouse_policy
from catmouse.tabular import _CODE, _moves, _play, _to_table


def _utility(cat_learns: bool, result) -> float:
    """Scalar version of the article's preferences: winning first, then rounds / distance."""
    won, rounds, dist = result
    if cat_learns:
        return 1000.0 - rounds if won else -10.0 * dist + 0.01 * rounds
    return float(rounds) if won else 1000.0 + rounds


@dataclass
class CoevolutionRun:
    cat_policy: np.ndarray
    mouse_policy: np.ndarray
    checkpoints: list = field(default_factory=list)   # (iteration, cat exploit dict, mouse exploit dict)


def train_tabular_improved(rows: int = 8, cols: int = 7, first_move: str = "cat",
                           initial_cat: str = "WEAK", iterations: int = 20_000, seed: int = 0,
                           candidates: int = 5, max_changes: int = 3, pool_size: int = 6,
                           patience: int = 200, best_response_every: int = 0,
                           checkpoint_every: int = 2_000, progress: bool = False) -> CoevolutionRun:
    """Co-evolve both tables with pools, multi-cell jumps and directed mutations.

    ``best_response_every`` > 0 adds each side's exact best response to the other's current table
    to the scoring pool that often (0: the article's setting, opponents from training only).
    """
    check_board(rows, cols)
    check_first_move(first_move)
    if iterations < 0 or candidates < 1 or max_changes < 1 or pool_size < 1:
        raise ValueError("iterations >= 0, candidates, max_changes and pool_size >= 1 required")
    rng = np.random.default_rng(seed)
    n = rows * cols
    moves = _moves(rows, cols)
    args = (moves, n, rows, 0, (cols - 1) * rows + rows - 1, first_move == "cat")
    tables = {"cat": [_CODE[d] for d in initial_cat_policy(rows, cols, initial_cat).ravel()],
              "mouse": [_CODE[d] for d in initial_mouse_policy(rows, cols).ravel()]}
    pools = {side: [list(t)] for side, t in tables.items()}
    stale = {"cat": 0, "mouse": 0}
    run = CoevolutionRun(None, None)

    def score(side, table):
        total, used = 0.0, set()
        for opp in pools["mouse" if side == "cat" else "cat"]:
            cat, mouse = (table, opp) if side == "cat" else (opp, table)
            res = _play(cat, mouse, *args)
            total += _utility(side == "cat", res[:3])
            used |= res[3] if side == "cat" else res[4]
        return total, used

    for it in tqdm(range(iterations), disable=not progress, desc="co-evolution"):
        if best_response_every and it % best_response_every == 0:
            cat_t, mouse_t = (_to_table(tables[s], rows, cols) for s in ("cat", "mouse"))
            strong = {"mouse": best_response(cat_policy=cat_t), "cat": best_response(mouse_policy=mouse_t)}
            for side, table in strong.items():
                pools[side] = (pools[side] + [[_CODE[d] for d in table.ravel()]])[-pool_size:]
        for side in ("cat", "mouse"):
            table = tables[side]
            best, used = score(side, table)
            used = sorted(used)
            changes = min(max_changes * (1 + stale[side] // patience), 4 * max_changes)
            best_table = None
            for _ in range(candidates):
                cand = list(table)
                for _ in range(int(rng.integers(1, changes + 1))):
                    s = used[int(rng.integers(len(used)))]
                    cell = s // n if side == "cat" else s % n
                    legal = [k for k in range(4) if moves[cell][k] >= 0]
                    cand[s] = legal[int(rng.integers(len(legal)))]
                value, _ = score(side, cand)
                if value > best:
                    best, best_table = value, cand
            if best_table is not None:
                tables[side] = best_table
                pools[side] = (pools[side] + [list(best_table)])[-pool_size:]
                stale[side] = 0
            else:
                stale[side] += 1
        if checkpoint_every and (it + 1) % checkpoint_every == 0:
            cat_t, mouse_t = (_to_table(tables[s], rows, cols) for s in ("cat", "mouse"))
            run.checkpoints.append((it + 1, exploitability(cat_policy=cat_t, first_move=first_move),
                                    exploitability(mouse_policy=mouse_t, first_move=first_move)))
    run.cat_policy = _to_table(tables["cat"], rows, cols)
    run.mouse_policy = _to_table(tables["mouse"], rows, cols)
    return run
