"""The improved trainer's pool scored as one writes it first: every candidate plays every pool
game in full, one game after another (no inverted index, no early stop, no lockstep games).

``PlainArena`` answers what the trainer (``v1.improved``) and its proposals (``v1.mutations``) ask
of an arena; ``train_tabular_improved(speed=PLAIN)`` trains with it. The fast arenas
(``pool.Arena``, ``fastpool.FastArena``) give the same runs (the tests compare them) with one
exception: ``cells`` lists the consulted states in increasing order, the indexed arenas in their
index's order, so non-sequential proposals (the article's one-cell scheme) draw other cells from
the same stream: the same algorithm, other runs.
"""

from __future__ import annotations

from catmouse.v1.games import FlatBoard, other_moves, play_flat
from catmouse.v1.tally import Tally, key_of, worst_first


class PlainArena:
    """The learner's (``side``'s) flat table against opponent tables in numbered slots (slot 0:
    the opponent's current table, then the hall of fame in order of entry); ``slots[j]`` is
    ``[opponent, result, states the game consults]``."""

    def __init__(self, side: str, table: list, board: FlatBoard):
        self.side, self.table, self.board = side, table, board
        self.others = other_moves(board)     # [cell][code]: the other legal codes (candidates)
        self.slots: dict[int, list] = {}
        self.next_id = 1

    def game(self, opponent: list) -> tuple[tuple, set]:
        """The learner's table as it stands against ``opponent``: (result, states it consults)."""
        if self.side == "cat":
            return play_flat(self.table, opponent, self.board, True, start_seen=False)
        return play_flat(opponent, self.table, self.board, False, start_seen=False)

    def consulted(self, j: int, changed=None, after=None) -> tuple:
        """Slot j's game with the table as it stands (the hints are for faster arenas)."""
        return self.game(self.slots[j][0])

    def set_slot(self, j: int, opponent: list) -> None:
        """Put ``opponent`` in slot j and play its game."""
        self.slots[j] = [opponent, *self.game(opponent)]

    def add(self, opponent: list) -> int:
        """A new slot for ``opponent``; returns its number."""
        j, self.next_id = self.next_id, self.next_id + 1
        self.set_slot(j, opponent)
        return j

    def drop_oldest(self) -> None:
        """Remove the longest-serving opponent of the hall of fame."""
        del self.slots[min(j for j in self.slots if j)]

    def replay_all(self) -> None:
        """Play every slot's game again (after the learner's table was replaced)."""
        for j, (opponent, _, _) in list(self.slots.items()):
            self.set_slot(j, opponent)

    def result(self, j: int) -> tuple:
        return self.slots[j][1]

    def pool(self) -> int:
        return len(self.slots)

    def slot_ids(self) -> list:
        return list(self.slots)

    @property
    def tally(self) -> Tally:
        """The results of every slot's game, added up."""
        tally = Tally()
        for _, res, _ in self.slots.values():
            tally.add(res)
        return tally

    def score(self) -> tuple:
        return key_of(self.side, [res for _, res, _ in self.slots.values()])

    def cells(self) -> list:
        """States of the learner's table consulted by at least one game, in increasing order."""
        return sorted(set().union(*(used for _, _, used in self.slots.values())))

    def worst(self) -> int:
        """The slot whose game is the learner's worst (the first such)."""
        return min(self.slots, key=lambda j: worst_first(self.side, self.slots[j][1]))

    def apply(self, changes: dict) -> None:
        """Set cells of the learner's table ({state: code})."""
        for s, code in changes.items():
            self.table[s] = code

    def trial(self, changes: dict, beat: tuple | None = None) -> tuple[tuple, dict]:
        """The score of the table with ``changes``, every game played: (key, {slot: (result,
        used)}); ``beat`` is not used (faster arenas stop early below it)."""
        old = {s: self.table[s] for s in changes}
        self.apply(changes)
        games = {j: self.game(opponent) for j, (opponent, _, _) in self.slots.items()}
        self.apply(old)
        return key_of(self.side, [res for res, _ in games.values()]), games

    def commit(self, changes: dict, games: dict) -> None:
        """Apply a trial's changes and keep its games."""
        self.apply(changes)
        for j, (res, used) in games.items():
            self.slots[j][1:] = [res, used]
