"""The improved trainer's speed-ups, chosen per call: ``Speed``, passed down from
``train_tabular_improved`` to its arenas. None of them changes a result (the tests compare them);
``PLAIN`` switches them all off (``v1.plainpool``: every game of every candidate played in full).
"""

from __future__ import annotations

from dataclasses import dataclass

from studykit.checks import choice, flag, whole

ARENAS = ("fast", "indexed", "plain")
MAX_CHUNK = 1_000_000                    # far beyond any replay's games (at most 100,000)


@dataclass(frozen=True)
class Chunks:
    """How a replay plays its games: the first ``head`` before the others, one by one (a doomed
    candidate often stops among them; ``FastArena`` takes the killers first), then chunks of
    ``first`` games growing ``growth``-fold; a chunk of at least ``lockstep_min`` games is played in
    lockstep (``v1.batch``), a smaller one game by game."""

    head: int
    first: int
    growth: int
    lockstep_min: int

    def __post_init__(self):
        # first and growth of 0 would leave the chunks empty: a replay would loop forever
        for name, low in (("head", 0), ("first", 1), ("growth", 1), ("lockstep_min", 1)):
            value = whole(getattr(self, name), f"Chunks.{name}", low, MAX_CHUNK)
            object.__setattr__(self, name, value)


@dataclass(frozen=True)
class Speed:
    """Which speed-ups the improved trainer uses.

    arena: "fast" (``fastpool.FastArena``: resumed games, killers first), "indexed"
        (``pool.Arena``: only the games a change can affect, doomed candidates stopped early) or
        "plain" (``plainpool.PlainArena``: every game in full).
    lockstep: long replays' games in lockstep, compiled (``v1.batch`` with ``fast.lockstep``); False:
        every game by ``play_flat``.
    compiled_walk: sequential proposals walk in compiled code (``v1.fastwalk``), drawing what
        ``random.Random`` draws from a ``studykit.twister.Twister``.
    compiled_scan: with lockstep games, ``FastArena`` scores a candidate in one compiled call
        (``v1.fastscan``), not by ``FastArena.scan``'s chunks.
    arena_chunks, scan_chunks: how ``pool.Arena.replay`` and ``FastArena.scan`` chunk a replay.
    """

    arena: str = "fast"
    lockstep: bool = True
    compiled_walk: bool = True
    compiled_scan: bool = True
    arena_chunks: Chunks = Chunks(head=16, first=256, growth=16, lockstep_min=48)
    scan_chunks: Chunks = Chunks(head=64, first=256, growth=4, lockstep_min=64)

    def __post_init__(self):
        object.__setattr__(self, "arena", choice(self.arena, "arena", ARENAS))
        for name in ("lockstep", "compiled_walk", "compiled_scan"):
            object.__setattr__(self, name, flag(getattr(self, name), name))
        for name in ("arena_chunks", "scan_chunks"):
            if not isinstance(getattr(self, name), Chunks):
                raise TypeError(f"{name} must be a catmouse.v1.speed.Chunks, got "
                                f"{type(getattr(self, name)).__name__}")


FAST = Speed()                                         # the default: every speed-up
PLAIN = Speed(arena="plain", lockstep=False, compiled_walk=False)
INDEXED = Speed(arena="indexed", lockstep=False, compiled_walk=False)
# (INDEXED: ``pool.Arena`` one game at a time, the oracle of the fast arena's early stops)
