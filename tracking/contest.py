"""The contest's full rules: capsules, scared ghosts, food dropped on death, returned-food scoring.

Written from the rules of the Berkeley capture-the-flag engine (``capture.py``, version 1.002)
and in the order that engine resolves one agent's move:

1. the agent moves; if it is now on its own half (a ghost) while carrying food, the food is
   *returned*: it scores for its team, and a team that has returned ``total food / 2 - end_food``
   ends the game after this move;
2. if it is now a Pacman it eats what is on its cell: food (carried by the first teammate, in
   index order, standing there) and an enemy capsule, which makes both enemy agents *scared* for
   ``SCARED_TIME`` of their own moves. (The engine's quirk is kept: right after food is returned,
   it decides whether the mover eats by reading agent 3's Pacman flag instead of the mover's, so
   a mover that returns food onto its own food while agent 3 is a Pacman picks that food up);
3. collisions, only between the mover and the enemies on its cell, in index order: a Pacman and
   a ghost that is not scared: the Pacman drops its food and goes back to its start; a Pacman and
   a scared ghost: the ghost goes back to its start and stops being scared;
4. the mover's own scared timer counts down by one.

A caught Pacman's food is dropped breadth-first over the 8 neighbouring cells (diagonals
included) from where it died, onto free cells of that half holding no food, capsule or agent.
Being scared is a timer on the agent, not on its half: a scared ghost that crosses the border
stays scared (it counts down on its moves) and is scared again if it comes back in time.
Killing scores nothing.
"""

from __future__ import annotations

from collections import deque

from tracking.maze import MOVES
from tracking.teamtrack import team_of

SCARED_TIME = 40
CONTEST_MOVES = 1200            # the later contests' game length (all four agents' moves)
NEIGHBOURS_8 = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]


def on_red_half(game, cell: tuple) -> bool:
    """The engine's test for the red half: x < width / 2."""
    return cell[0] < game.maze.width / 2


def capsule_owner(game, cell: tuple) -> str:
    """The team defending a capsule: red when x <= width / 2 (the engine's list rule), else blue."""
    return "red" if cell[0] <= game.maze.width / 2 else "blue"


def contest_move(game, i: int, move: str) -> None:
    """Agent ``i`` plays ``move`` (legal) under the contest's rules; updates ``game`` in place."""
    team = team_of(i)
    dx, dy = MOVES[move]
    x, y = game.positions[i]
    cell = (x + dx, y + dy)
    game.positions[i] = cell
    game.log.append(("move", i))
    eats = game.is_pacman(i)
    if not eats and game.carried[i]:                      # 1. back home with food: it scores
        count = len(game.carried[i])
        game.returned[i] += count
        game.scores[team] += count
        game.carried[i] = []
        game.log.append(("returned", i, count))
        if any(game.scores[t] >= game.food_to_win for t in ("red", "blue")):
            game.won = True
        eats = game.is_pacman(3)                          # the engine's quirk (module docstring)
    if eats:                                              # 2. eat food and an enemy capsule
        eat(game, i, cell)
    collide(game, i)                                      # 3.
    game.scared[i] = max(0, game.scared[i] - 1)           # 4.


def eat(game, i: int, cell: tuple) -> None:
    team = team_of(i)
    if cell in game.food:
        eater = next(k for k in range(4) if team_of(k) == team and game.positions[k] == cell)
        game.food.remove(cell)
        game.edible.clear()
        game.carried[eater].append(cell)
        game.log.append(("food", i, cell))
    if cell in game.capsules and capsule_owner(game, cell) != team:
        game.capsules.remove(cell)
        game.log.append(("capsule", i, cell))
        for k in range(4):
            if team_of(k) != team:
                game.scared[k] = SCARED_TIME


def collide(game, i: int) -> None:
    """The mover against each enemy on its cell, in index order (the engine decides once whether
    the mover is a Pacman, before the loop)."""
    mover_is_pacman = game.is_pacman(i)
    for j in range(4):
        if team_of(j) == team_of(i) or game.positions[j] != game.positions[i]:
            continue
        if mover_is_pacman and not game.is_pacman(j):
            if game.scared[j] <= 0:
                catch(game, pacman=i, ghost=j)
            else:
                send_back(game, j, i)
        elif not mover_is_pacman and game.is_pacman(j):
            if game.scared[i] <= 0:
                catch(game, pacman=j, ghost=i)
            else:
                send_back(game, i, j)


def send_back(game, victim: int, captor: int) -> None:
    """``victim`` goes back to its start, its scared timer at 0; public event ("capture", ...)."""
    cell = game.positions[victim]
    game.positions[victim] = game.maze.starts[victim]
    game.scared[victim] = 0
    game.caught[team_of(captor)] += 1
    game.log.append(("capture", victim, captor, cell))


def catch(game, pacman: int, ghost: int) -> None:
    """A ghost that is not scared catches a Pacman: its food is dropped, it goes back to its start."""
    dropped = drop_cells(game, game.positions[pacman], len(game.carried[pacman]))
    game.food.update(dropped)
    game.edible.clear()
    game.dropped.extend(dropped)
    game.carried[pacman] = []
    send_back(game, pacman, ghost)


def drop_cells(game, where: tuple, count: int) -> list:
    """The ``count`` cells where food dropped at ``where`` lands, in the engine's breadth-first order
    over the 8 neighbours: inside the board's border, free of walls, food, capsules and agents, on
    the half of ``where``. Gives up (fewer cells) only when the whole board is full."""
    if count <= 0:
        return []
    w, h = game.maze.width, game.maze.height
    red = on_red_half(game, where)
    occupied = set(game.positions)
    placed, seen, queue = [], set(), deque([where])
    while len(placed) < count and queue:
        x, y = queue.popleft()
        if (x, y) in seen:
            continue
        seen.add((x, y))
        if (0 < x < w and 0 < y < h and not game.maze.walls[x, y] and (x, y) not in game.food
                and on_red_half(game, (x, y)) == red and (x, y) not in game.capsules
                and (x, y) not in occupied):
            placed.append((x, y))
        if max(abs(x - where[0]), abs(y - where[1])) <= max(w, h):   # the board lies within this
            queue.extend((x + dx, y + dy) for dx, dy in NEIGHBOURS_8)
    return placed
