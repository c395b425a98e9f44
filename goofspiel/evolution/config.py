"""``GAConfig``: the genetic algorithm's settings, frozen and checked when built, so the plain
loop (``goofspiel.evolution.ga``) and the compiled one (``goofspiel.fast.ga``) read one checked
object instead of a long positional tuple."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from goofspiel.evolution.breed import BREEDERS, OPERATORS
from goofspiel.game import checked_deck
from studykit.checks import at_most, choice, flag, real, whole

MUTATE = ("none", "children", "all")
MAX_WORK = 10**9   # generations x population x cards^2: about 10 minutes of breeding


@dataclass(frozen=True)
class GAConfig:
    """One GA run's settings (see ``goofspiel.evolve``), converted to plain Python values: the
    deck a tuple of ints, the counts ints, ``mutation`` a float. A bad value is refused when the
    config is built, naming the setting."""

    breeder: str = "pairs"
    mutation: float = 0.0
    mutate: str = "none"
    operator: str = "reverse"
    initial: int = 10
    generations: int = 15
    population: int = 25
    survivors: int = 10
    immigrants: int = 0
    deck: Iterable[int] = tuple(range(1, 21))
    as_published: bool = False

    def __post_init__(self):
        keep = lambda name, value: object.__setattr__(self, name, value)      # noqa: E731
        keep("breeder", choice(self.breeder, "breeder", tuple(BREEDERS)))
        keep("mutate", choice(self.mutate, "mutate", MUTATE))
        keep("operator", choice(self.operator, "operator", OPERATORS))
        top = 0.5 if self.operator == "reverse" else 1.0
        mutation = real(self.mutation, "mutation")
        if not 0.0 <= mutation <= top:
            raise ValueError(f"mutation must be in [0, {top:g}] for operator {self.operator!r}, "
                             f"got {mutation}")
        keep("mutation", mutation)
        for name in ("initial", "generations", "population", "survivors", "immigrants"):
            keep(name, whole(getattr(self, name), name))
        keep("as_published", flag(self.as_published, "as_published"))
        self._check_sizes()
        deck = tuple(checked_deck(self.deck))
        if len(deck) < 2:
            raise ValueError(f"deck must hold at least two cards, got {len(deck)}")
        keep("deck", deck)
        at_most(self.generations * self.population * len(deck) ** 2,
                "generations x population x cards^2", MAX_WORK,
                "about 10 minutes of breeding; use fewer generations, a smaller population or deck")

    def _check_sizes(self) -> None:
        if self.population < 2:
            raise ValueError(f"population must be a whole number >= 2 (members after breeding), "
                             f"got {self.population:,}")
        if not 1 <= self.survivors < self.population:
            raise ValueError(f"survivors must be in [1, population - 1], got {self.survivors}")
        if not 2 <= self.initial <= self.population:
            raise ValueError(f"initial must be in [2, population], got {self.initial}")
        if self.generations < 1:
            raise ValueError(f"generations must be >= 1, got {self.generations}")
        if not 0 <= self.immigrants <= self.population - self.survivors:
            raise ValueError(f"immigrants must be in [0, population - survivors], got "
                             f"{self.immigrants}")

    @property
    def mutating(self) -> bool:
        """Whether the run mutates anyone (never as published, nor at mutation 0)."""
        return not self.as_published and self.mutation > 0 and self.mutate != "none"

    @property
    def scored_rounds(self) -> int:
        """Generations scored: all of them, or one fewer as published."""
        return self.generations - 1 if self.as_published else self.generations
