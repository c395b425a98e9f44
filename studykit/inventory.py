"""The article inventory: every experiment, number, figure, table, animation and proposal of an
article, each with where a notebook reproduces it or a one-line reason why not.

Each notebook lists the items it covers (and the ones that belong with it but are not done) with
``record_inventory``; the report gathers them per study, like the claims.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("experiment", "number", "figure", "table", "animation", "example", "proposal",
         "statement")


@dataclass(frozen=True)
class Item:
    """One item of an article.

    Args:
        item: the item, as the article presents it (a short quote or description).
        kind: one of ``KINDS``.
        section: the notebook section (its heading) that reproduces it, or "".
        reason: why it is not reproduced, when ``section`` is empty.
    """

    item: str
    kind: str
    section: str = ""
    reason: str = ""

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {self.kind!r}")
        if not self.item.strip():
            raise ValueError("item must not be empty")
        if bool(self.section.strip()) == bool(self.reason.strip()):
            raise ValueError(f"item {self.item!r}: give exactly one of section (where we reproduce"
                             " it) or reason (why not)")
