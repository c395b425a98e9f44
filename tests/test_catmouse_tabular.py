"""Version 1 trainer: the article's exact numbers and agreement with a plain reimplementation."""

import numpy as np
import pytest

from catmouse import train_tabular
from catmouse.game import DELTAS, validate_policy

# ---------------------------------------------------------------- plain oracle (copy per candidate)


def plain_init(rows, cols, strong):
    cat = np.empty((cols, rows, cols, rows), dtype="<U1")
    mouse = np.empty_like(cat)
    for cx, cy, mx, my in np.ndindex(cat.shape):
        mouse[cx, cy, mx, my] = "D" if my == rows - 1 else "U"
        if strong:
            dx, dy = mx - cx, my - cy
            if dy != 0 and abs(dy) >= abs(dx):
                cat[cx, cy, mx, my] = "U" if dy > 0 else "D"
            elif dx != 0:
                cat[cx, cy, mx, my] = "R" if dx > 0 else "L"
            else:
                cat[cx, cy, mx, my] = "D" if cy == rows - 1 else "U"
        else:
            cat[cx, cy, mx, my] = "D" if cy == rows - 1 else "U"
    return cat, mouse


def plain_game(cat, mouse, first):
    cols, rows = cat.shape[:2]
    cx, cy, mx, my = 0, 0, cols - 1, rows - 1
    history = []
    if first == "cat":
        dx, dy = DELTAS[cat[cx, cy, mx, my]]
        cx, cy = cx + dx, cy + dy
    rnd = 0
    while True:
        dx, dy = DELTAS[mouse[cx, cy, mx, my]]
        mx, my = mx + dx, my + dy
        if (cx, cy, mx, my) in history:
            return "mouse", rnd, abs(cx - mx) + abs(cy - my)
        history.append((cx, cy, mx, my))
        if cx == mx and cy == my:
            return "cat", rnd, 0
        dx, dy = DELTAS[cat[cx, cy, mx, my]]
        cx, cy = cx + dx, cy + dy
        if (cx, cy, mx, my) in history:
            return "mouse", rnd, abs(cx - mx) + abs(cy - my)
        history.append((cx, cy, mx, my))
        if cx == mx and cy == my:
            return "cat", rnd, 0
        rnd += 1


def plain_accept(learner, cur, new):
    if learner == "cat":
        if cur[0] == "mouse" and new[0] == "cat":
            return True
        if cur[0] == "mouse" and new[0] == "mouse":
            return new[2] < cur[2] or (new[2] == cur[2] and new[1] > cur[1])
        return cur[0] == "cat" and new[0] == "cat" and new[1] < cur[1]
    if cur[0] == "cat" and new[0] == "mouse":
        return True
    return cur[0] == new[0] and new[1] > cur[1]


def plain_train(rows, cols, first, strong, iterations):
    rs = np.random.RandomState(0)
    cat, mouse = plain_init(rows, cols, strong)
    result = plain_game(cat, mouse, first)
    tally = {"cat": 0, "mouse": 0}
    history = []
    for _ in range(iterations):
        learner = "mouse" if result[0] == "cat" else "cat"
        best, best_policy = result, None
        for _ in range(rs.randint(1, 11)):
            a, b, c, d = rs.randint(cols), rs.randint(rows), rs.randint(cols), rs.randint(rows)
            direction = str(rs.choice(["R", "L", "U", "D"]))
            x, y = (a, b) if learner == "cat" else (c, d)
            dx, dy = DELTAS[direction]
            if not (0 <= x + dx < cols and 0 <= y + dy < rows):
                continue
            candidate = (cat if learner == "cat" else mouse).copy()
            candidate[a, b, c, d] = direction
            new = plain_game(candidate, mouse, first) if learner == "cat" else plain_game(cat, candidate, first)
            if plain_accept(learner, best, new):
                best, best_policy = new, candidate
        if best_policy is not None:
            if learner == "cat":
                cat = best_policy
            else:
                mouse = best_policy
            result = best
        tally[result[0]] += 1
        history.append(result)
    return tally, history, cat, mouse


# ---------------------------------------------------------------- tests


def test_article_prefix_matches_plain_oracle():
    run = train_tabular(iterations=2000)
    tally, history, cat, mouse = plain_train(8, 7, "cat", False, 2000)
    assert run.tally == tally
    assert list(zip(run.winners, run.rounds, run.distances)) == history
    assert (run.cat_policy == cat).all() and (run.mouse_policy == mouse).all()


@pytest.mark.parametrize("rows,cols,first,strong", [(5, 6, "mouse", True), (4, 4, "cat", False),
                                                    (6, 5, "cat", True)])
def test_other_configs_match_plain_oracle(rows, cols, first, strong):
    run = train_tabular(rows, cols, first, "STRONG" if strong else "WEAK", iterations=600)
    tally, history, cat, mouse = plain_train(rows, cols, first, strong, 600)
    assert run.tally == tally
    assert list(zip(run.winners, run.rounds, run.distances)) == history
    assert (run.cat_policy == cat).all() and (run.mouse_policy == mouse).all()


def test_article_full_run_reproduces_tally_and_final_game():
    run = train_tabular(rows=8, cols=7, first_move="cat", initial_cat="WEAK", iterations=100_000,
                        seed=0, mode="article")
    assert run.tally == {"mouse": 54_760, "cat": 45_240}
    assert run.final_game.result == ("cat", 10, 0)
    # the article's log: first change at iteration 1,315, the cat settles for good at 83,516
    assert run.log[1].startswith("Iteration:  1,315, Current winner: mouse")
    assert run.log[-1] == ("Iteration: 99,000, Current winner: cat  , number of moves until a win: 10, "
                           "distance: 0")
    validate_policy(run.cat_policy, 8, 7, "cat")
    validate_policy(run.mouse_policy, 8, 7, "mouse")


def test_fast_mode_is_seeded_and_consistent():
    a = train_tabular(iterations=3000, mode="fast", seed=3)
    b = train_tabular(iterations=3000, mode="fast", seed=3)
    assert a.tally == b.tally and (a.cat_policy == b.cat_policy).all()
    assert sum(a.tally.values()) == 3000
    validate_policy(a.cat_policy, 8, 7, "cat")
    validate_policy(a.mouse_policy, 8, 7, "mouse")
    assert a.final_game.result == (a.winners[-1], a.rounds[-1], a.distances[-1])


def test_bad_arguments():
    with pytest.raises(ValueError, match="mode"):
        train_tabular(iterations=1, mode="slow")
    with pytest.raises(ValueError, match="rows"):
        train_tabular(rows=1, iterations=1)
    with pytest.raises(ValueError, match="first_move"):
        train_tabular(first_move="dog", iterations=1)
    with pytest.raises(ValueError, match="initial_cat"):
        train_tabular(initial_cat="MEDIUM", iterations=1)
