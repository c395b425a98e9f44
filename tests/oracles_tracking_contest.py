"""A plain twin of the contest rules, shaped like the contest engine's own state: one record per
agent with an explicit Pacman flag (set on its own moves and on being sent back), food carried
and returned, a scared timer; a food grid over the whole board; the drop search as a plain list
queue. ``tracking.contest`` keeps positions only and derives the Pacman flag from the half; the
move-by-move test checks the two agree on every state."""

from dataclasses import dataclass

SCARED = 40


@dataclass
class Record:
    start: tuple
    pos: tuple
    red: bool
    pacman: bool = False
    carrying: int = 0
    returned: int = 0
    scared: int = 0


class PlainContest:
    def __init__(self, maze, end_food=2):
        self.w, self.h, self.walls = maze.width, maze.height, maze.walls
        self.agents = [Record(maze.starts[i], maze.starts[i], i % 2 == 0) for i in range(4)]
        self.food = {(x, y): False for x in range(self.w) for y in range(self.h)}
        for f in maze.food:
            self.food[f] = True
        self.capsules = list(maze.capsules)
        self.to_win = len(maze.food) / 2 - end_food
        self.score = 0                       # red returned minus blue returned
        self.won = False

    def red_side(self, pos):
        return pos[0] < self.w / 2

    def move(self, i, step):
        a = self.agents[i]
        a.pos = (a.pos[0] + step[0], a.pos[1] + step[1])
        a.pacman = self.red_side(a.pos) != a.red
        flag_of = a
        if a.carrying and not a.pacman:
            self.score += a.carrying if a.red else -a.carrying
            a.returned += a.carrying
            a.carrying = 0
            reds = sum(b.returned for b in self.agents if b.red)
            blues = sum(b.returned for b in self.agents if not b.red)
            if reds >= self.to_win or blues >= self.to_win:
                self.won = True
            flag_of = self.agents[3]         # the engine reads the last agent's flag here
        if flag_of.pacman:
            self.consume(a.pos, a.red)
        self.deaths(i)
        a.scared = max(0, a.scared - 1)

    def consume(self, pos, red):
        if self.food[pos]:
            for b in self.agents:
                if b.red == red and b.pos == pos:
                    b.carrying += 1
                    break
            self.food[pos] = False
        theirs = [c for c in self.capsules if (c[0] > self.w / 2 if red else c[0] <= self.w / 2)]
        if pos in theirs:
            self.capsules.remove(pos)
            for b in self.agents:
                if b.red != red:
                    b.scared = SCARED

    def deaths(self, i):
        a = self.agents[i]
        enemies = [b for b in self.agents if b.red != a.red]
        if a.pacman:
            for b in enemies:
                if b.pacman or b.pos != a.pos:
                    continue
                if b.scared <= 0:
                    self.dump(a)
                    a.pacman, a.pos, a.scared = False, a.start, 0
                else:
                    b.pacman, b.pos, b.scared = False, b.start, 0
        else:
            for b in enemies:
                if not b.pacman or b.pos != a.pos:
                    continue
                if a.scared <= 0:
                    self.dump(b)
                    b.pacman, b.pos, b.scared = False, b.start, 0
                else:
                    a.pacman, a.pos, a.scared = False, a.start, 0

    def dump(self, victim):
        left = victim.carrying
        red = self.red_side(victim.pos)
        queue, seen = [victim.pos], set()
        while left > 0:
            x, y = queue.pop(0)
            if (x, y) in seen:
                continue
            seen.add((x, y))
            ok = (0 < x < self.w and 0 < y < self.h and not self.walls[x, y] and not self.food[(x, y)]
                  and self.red_side((x, y)) == red and (x, y) not in self.capsules
                  and (x, y) not in [b.pos for b in self.agents])
            if ok:
                self.food[(x, y)] = True
                left -= 1
            queue = queue + [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        victim.carrying = 0

    def state(self):
        """The state in the shape ``contest_state`` gives for a ``CaptureGame``."""
        return {"positions": [b.pos for b in self.agents],
                "food": {c for c, f in self.food.items() if f},
                "capsules": set(self.capsules),
                "scared": [b.scared for b in self.agents],
                "carrying": [b.carrying for b in self.agents],
                "returned": [b.returned for b in self.agents],
                "score": self.score, "over": self.won}


def contest_state(game):
    """A ``CaptureGame``'s state in the oracle's shape (``over`` without the move limit)."""
    return {"positions": list(game.positions), "food": set(game.food),
            "capsules": set(game.capsules), "scared": list(game.scared),
            "carrying": [len(c) for c in game.carried], "returned": list(game.returned),
            "score": game.scores["red"] - game.scores["blue"], "over": game.won}
