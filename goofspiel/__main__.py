"""Terminal play: ``python -m goofspiel play [options]`` (``--help`` lists them).

Each round you commit one bid card per prize, either as a whole list or prize by prize; the
round is then revealed card by card with running scores. The lowest scorer is eliminated;
beat a bot and it is replaced by a bot evolved in secret between rounds from the surviving
bots, a copy of your last strategy and fresh random bots. Invalid input is explained and
asked again; ``q``, end of input (Ctrl-D) or Ctrl-C quits with a goodbye (status 0). Ctrl-C
before the first prompt, while the program starts, prints "Interrupted." and exits with
status 130, never a traceback (``goofspiel.startup``).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable

from goofspiel.bots.arena import Arena, ArenaConfig, RoundResult, reveal
from goofspiel.bots.arena import format_points as fmt
from goofspiel.game import Strategy
from goofspiel.startup import exit_on_interrupt
from studykit.checks import shown, whole
from studykit.options import option_real, option_whole
from studykit.terminal import catch_interrupts, ignore_interrupts

QUIT = ("q", "quit", "exit")
MAX_CARDS, MAX_BOTS = 30, 20        # a round a human can type and a reveal that fits the screen
_CARD = re.compile(r"[+-]?[0-9]{1,9}")


def parse_cards(text: str, hand: list[int], left: int) -> list[int]:
    """The cards typed on one line, checked against the hand; ValueError explains a problem."""
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise ValueError("Type at least one card (or q to quit).")
    cards = []
    for token in tokens:
        if not (token.isascii() and _CARD.fullmatch(token)):
            raise ValueError(f"'{shown(token, 40)[1:-1]}' is not a card number.")
        cards.append(int(token))
    if len(cards) > left:
        raise ValueError(f"You typed {len(cards)} cards but only {left} prize"
                         f"{'s are' if left > 1 else ' is'} left to bid on.")
    for card in cards:
        if cards.count(card) > 1:
            raise ValueError(f"You typed {card} more than once: each card is bid once.")
        if card not in hand:
            raise ValueError(f"{card} is not in your hand: cards left "
                             f"{' '.join(map(str, hand))}.")
    return cards


def ask_bids(deck: tuple[int, ...], read: Callable[[], str], write: Callable[[str], object]
             ) -> Strategy | None:
    """Read bids for every prize (a list, or prize by prize); None when the player quits."""
    bids: list[int] = []
    hand = list(deck)
    while len(bids) < len(deck):
        prize = deck[len(bids)]
        left = len(deck) - len(bids)
        write(f"Bid for prize {prize}" + (f" (or all {left} bids, prizes {prize}..{deck[-1]})"
                                            if left > 1 else "")
              + f" - cards left {' '.join(map(str, hand))}: ")
        line = read()
        if line == "":                      # end of input
            write("\n")
            return None
        if line.strip().lower() in QUIT:
            return None
        try:
            cards = parse_cards(line, hand, left)
        except ValueError as err:
            write(f"  {err}\n")
            continue
        bids += cards
        hand = [c for c in hand if c not in cards]
    return Strategy.from_bids(bids, deck)


def show_round(result: RoundResult, write, pause: Callable[[], object]) -> None:
    """The card-by-card reveal with running scores, then who goes out."""
    names = ["you"] + [f"bot {k}" for k in range(1, len(result.strategies))]
    for step in reveal(result):
        pause()
        bids = ", ".join(f"{n} {b}" for n, b in zip(names, step.bids))
        if len(step.winners) == 1:
            won = f"{names[step.winners[0]]} take{'' if step.winners[0] == 0 else 's'} it"
        else:
            won = " and ".join(names[k] for k in step.winners) + " split it"
        scores = ", ".join(f"{n} {fmt(p)}" for n, p in zip(names, step.points))
        write(f"  prize {step.prize:>2}: {bids:<24} -> {won:<22} | {scores}\n")
    out = names[result.eliminated]
    how = " (tied lowest: a coin toss decided)" if result.tie_break else ""
    write(f"Lowest score: {out}{how}.\n")


def play(config: ArenaConfig, seed: int, rounds: int | None, read, write,
         pause: Callable[[], object] = lambda: None) -> int:
    """Run the elimination game in a terminal; returns the number of rounds survived."""
    arena = Arena(config, seed=seed)
    rounds = None if rounds is None else whole(rounds, "rounds", 1, 1000)
    for name, f in (("read", read), ("write", write), ("pause", pause)):
        if not callable(f):
            raise TypeError(f"{name} must be a function, got {shown(f)}")
    copy = "a random bot (as published)" if config.as_published else "a copy of your last strategy"
    write(f"Goofspiel against {config.bots} evolving bot{'s' if config.bots > 1 else ''}. "
          f"Prizes {' '.join(map(str, config.deck))}; everyone holds the same cards.\n"
          "Each round you commit a bid for every prize; the lowest scorer is eliminated.\n"
          f"A beaten bot is replaced by one evolved between rounds from {copy}, the other\n"
          "bots and fresh random bots. Type q to quit.\n")
    while rounds is None or len(arena.history) < rounds:
        write(f"\n== Round {len(arena.history) + 1} ==\n")
        human = ask_bids(config.deck, read, write)
        if human is None:
            write(f"Goodbye: you survived {arena.rounds_survived} round"
                  f"{'' if arena.rounds_survived == 1 else 's'}.\n")
            return arena.rounds_survived
        write(f"You bid {' '.join(map(str, human.bids))} (preferences {human}).\n")
        result = arena.play_round(human)
        show_round(result, write, pause)
        if result.human_out:
            write(f"You are eliminated after surviving {arena.rounds_survived} round"
                  f"{'' if arena.rounds_survived == 1 else 's'}. Game over.\n")
            return arena.rounds_survived
        write(f"Bot {result.eliminated} is out; a new bot evolves in its place.\n")
    write(f"You survived all {rounds} rounds. You win!\n")
    return arena.rounds_survived


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m goofspiel", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play the elimination game against evolving bots",
                       description="Play goofspiel against bots that evolve between rounds.",
                       formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--bots", type=option_whole(1, MAX_BOTS), default=1,
                   help=f"number of bots in each round, 1..{MAX_BOTS}")
    p.add_argument("--cards", type=option_whole(2, MAX_CARDS), default=7,
                   help=f"prize deck 1..CARDS, CARDS from 2 to {MAX_CARDS}")
    p.add_argument("--deck", type=str, default=argparse.SUPPRESS,
                   help=f"explicit prize deck of 2 to {MAX_CARDS} distinct cards, e.g. '2,3,4' "
                   "(default: 1..CARDS)")
    p.add_argument("--rounds", type=option_whole(0, 1000), default=0,
                   help="stop after this many rounds, up to 1000 (0: play until you are "
                   "eliminated or quit)")
    p.add_argument("--seed", type=option_whole(0, 2**63 - 1), default=0,
                   help="random seed of the bots")
    g = p.add_argument_group("evolution between rounds")
    g.add_argument("--breeder", choices=["pairs", "preferences", "random"], default="pairs",
                   help="how two strategies breed a child")
    g.add_argument("--mutation", type=option_real(0.0, 0.5), default=0.2,
                   help="mutation degree, 0..0.5")
    g.add_argument("--generations", type=option_whole(1, 1000), default=3,
                   help="generations of the hidden GA, 1..1000")
    g.add_argument("--population", type=option_whole(3, 1000), default=4,
                   help="population of the hidden GA, 3..1000")
    g.add_argument("--survivors", type=option_whole(2, 999), default=2,
                   help="survivors kept each generation, 2..population - 1")
    g.add_argument("--random-bots", type=option_whole(0, 1000), default=2,
                   help="fresh random bots in the pool, 0..1000")
    g.add_argument("--scoring", choices=["game", "duel"], default="game",
                   help="score the pool in one big game, or in 1-vs-1 duels")
    g.add_argument("--duels", type=option_whole(1, 100), default=3,
                   help="duels per pool member (--scoring duel), 1..100")
    g.add_argument("--as-published", action="store_true",
                   help="the published code's behaviour: a random bot instead of your copy")
    p.add_argument("--delay", type=option_real(0.0, 10.0), default=0.4,
                   help="seconds between revealed cards, 0..10")
    parser.set_defaults(play_parser=p)
    return parser


def main(argv: list[str] | None = None) -> int:
    exit_on_interrupt()          # until the first prompt: "Interrupted." and status 130
    parser = build_parser()
    a = parser.parse_args(argv)
    try:
        deck_text = getattr(a, "deck", "")
        tokens = deck_text.replace(",", " ").split()
        if not all(t.isascii() and t.isdigit() and len(t) <= 9 for t in tokens) or (
                "deck" in a and not 2 <= len(tokens) <= MAX_CARDS):
            raise ValueError(f"deck must list 2 to {MAX_CARDS} card numbers like '2,3,4', got "
                             f"{shown(deck_text, 60)}")
        deck = tuple(map(int, tokens)) if tokens else tuple(range(1, a.cards + 1))
        config = ArenaConfig(deck=deck, bots=a.bots, breeder=a.breeder, mutation=a.mutation,
                             generations=a.generations, population=a.population,
                             survivors=a.survivors, random_bots=a.random_bots, scoring=a.scoring,
                             duels=a.duels, as_published=a.as_published)
    except ValueError as err:
        a.play_parser.error(str(err))

    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")     # stray bytes are not a crash

    def write(text: str) -> None:
        sys.stdout.write(text)
        sys.stdout.flush()

    def pause() -> None:
        if a.delay:
            time.sleep(a.delay)

    try:
        try:
            catch_interrupts()     # Ctrl-C ends the game with a goodbye, even under nohup or &
            play(config, a.seed, a.rounds or None, sys.stdin.readline, write, pause)
        finally:                   # from here on Ctrl-C (a second one, or one as the game
            ignore_interrupts()    # ends) cannot cut the goodbye or the exit short
    except KeyboardInterrupt:
        write("\nInterrupted: goodbye.\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
