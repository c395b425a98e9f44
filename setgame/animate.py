"""One game of Set as an animation: the table at every turn, the sets on it outlined."""

from __future__ import annotations

from dataclasses import dataclass, field

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.animation import FuncAnimation

from setgame.arguments import count, integers
from setgame.cards import COMPLETION, DECK_SIZE, LINES, card_codes, decode
from setgame.draw import draw_table
from setgame.games import GameTurns
from studykit.checks import shown

MAX_FRAMES = 10_000


@dataclass(frozen=True)
class TurnFrame:
    """One turn of a recorded game, as drawn: the table's card ``codes`` (sorted), every set on
    it as index triples into those codes, the set ``taken`` next (None when cards were added or
    the game ended), the ``turn`` number and the cards left in the deck."""

    codes: np.ndarray = field(repr=False)
    sets: list[tuple[int, int, int]] = field(repr=False)
    taken: tuple[int, int, int] | None
    turn: int
    deck_left: int

    def __post_init__(self):
        check_frame(self)


def game_frames(games: GameTurns, game: int = 0) -> list[TurnFrame]:
    """The turns of one recorded game (``simulate_games(..., keep_tables=True)``) as frames."""
    if not isinstance(games, GameTurns):
        raise TypeError(f"games must be the GameTurns of simulate_games, got {type(games).__name__}")
    game = count(game, "game", 0)
    if games.tables is None:
        raise ValueError("games must be simulated with keep_tables=True")
    rows = np.flatnonzero(games.game == game)
    if not len(rows):
        raise ValueError(f"game {game} is not among the simulated games")
    frames = []
    for k, row in enumerate(rows):
        codes = np.flatnonzero(games.tables[row])
        where = {int(c): i for i, c in enumerate(codes)}
        on = games.tables[row][LINES].all(axis=1)
        sets = [tuple(where[int(c)] for c in line) for line in LINES[on]]
        taken = None
        if k + 1 < len(rows) and games.n_sets[row] > 0:
            gone = codes[~games.tables[rows[k + 1]][codes]]
            taken = tuple(where[int(c)] for c in gone)
        frames.append(TurnFrame(codes, sets, taken, int(games.turn[row]),
                                int(games.deck_left[row])))
    return frames


def check_frame(frame: TurnFrame) -> None:
    """Refuse a frame whose parts do not fit together: codes of distinct cards, sets of three
    indices into them that are sets, the set taken one of them; its numbers are stored
    converted (codes as int64, turn and deck_left as ints)."""
    if not isinstance(frame, TurnFrame):
        raise TypeError(f"frame must be a TurnFrame, got {shown(frame)} ({type(frame).__name__})")
    codes = card_codes(frame.codes, "frame codes", ndim=1)
    if not isinstance(frame.sets, (list, tuple)):
        raise TypeError(f"frame sets must be a list of index triples, got {shown(frame.sets)}")
    if len(np.unique(codes)) != len(codes):
        raise ValueError("frame codes must be distinct cards")
    triples: dict[tuple[int, ...], None] = {}      # in order, each once
    for triple in frame.sets:
        t = tuple(int(i) for i in integers(triple, "frame sets", ndim=1))
        if len(t) != 3 or len(set(t)) != 3 or not all(0 <= i < len(codes) for i in t) \
                or int(COMPLETION[codes[t[0]], codes[t[1]]]) != codes[t[2]]:
            raise ValueError(f"frame sets must hold sets, as index triples into the frame's "
                             f"{len(codes)} codes, got {shown(triple)}")
        if tuple(sorted(t)) in triples:
            raise ValueError(f"frame sets must list each set once, got {shown(triple)} twice")
        triples[tuple(sorted(t))] = None
    taken = frame.taken
    if taken is not None:
        taken = tuple(int(i) for i in integers(taken, "frame taken", ndim=1))
        if tuple(sorted(taken)) not in triples:
            raise ValueError(f"the frame's taken set must be one of its sets, got "
                             f"{shown(frame.taken)}")
    object.__setattr__(frame, "codes", codes)
    object.__setattr__(frame, "sets", list(triples))
    object.__setattr__(frame, "taken", taken)
    object.__setattr__(frame, "turn", count(frame.turn, "frame turn", 0, DECK_SIZE))
    object.__setattr__(frame, "deck_left", count(frame.deck_left, "frame deck_left", 0, DECK_SIZE))


def animate_game(frames: list[TurnFrame], *, dpi: int = 80) -> FuncAnimation:
    """Animate the frames of ``game_frames``: each turn's table with its sets outlined.

    The set taken at that turn is listed first (so it gets the first highlight colour, orange)
    and named in the caption.
    """
    if not isinstance(frames, (list, tuple)) or not frames or not all(
            isinstance(f, TurnFrame) for f in frames):
        raise ValueError(f"frames must be the non-empty list of game_frames(...), got "
                         f"{shown(frames)}")
    if len(frames) > MAX_FRAMES:
        raise ValueError(f"frames must number at most {MAX_FRAMES:,} (one figure each), got "
                         f"{len(frames):,}")
    for f in frames:
        check_frame(f)
    dpi = count(dpi, "dpi", 10, 600)
    columns = max(4, -(-max(len(f.codes) for f in frames) // 3))   # 3 rows, as on a table
    fig, ax = plt.subplots(figsize=(max(6.0, columns * 1.25 + 0.4), 3 * 1.6 * 0.9 + 1.0), dpi=dpi)
    fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=0.86)

    def draw(k):
        ax.clear()
        f = frames[k]
        sets = list(f.sets)
        if f.taken is not None:
            sets.remove(tuple(sorted(f.taken)))
            sets.insert(0, tuple(sorted(f.taken)))
        n = len(f.sets)
        what = ("set taken: orange" if f.taken is not None
                else "no set: 3 cards added" if f.deck_left else "no set, deck empty: game over")
        draw_table(decode(f.codes), sets, ax=ax)
        ax.set_xlim(-0.2, columns * 1.1 + 0.1)
        ax.set_ylim(-0.2, 3 * 1.6 + 0.1)
        ax.set_title(f"turn {f.turn}: {len(f.codes)} cards, {n} set{'s' * (n != 1)}, "
                     f"{f.deck_left} in the deck\n{what}", fontsize=12)
        return []

    return FuncAnimation(fig, draw, frames=range(len(frames)), blit=False)
