"""How a run's setting differs from its reference's: the constants a claim row was measured
at against the article's (or labelled defaults), so a row at another setting is not compared."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from studykit.checks import shown
from studykit.claimchecks import claim_text


@dataclass(frozen=True)
class Setting:
    """How a run's setting differs from its reference: the article's, or with ``label`` another
    (e.g. "default", when the article fixes no such constant). No differences: that setting."""

    differences: tuple[str, ...] = ()
    label: str = "article"

    def __post_init__(self):
        if not isinstance(self.differences, tuple):
            raise TypeError(f"differences must be a tuple of texts, got {shown(self.differences)}")
        for difference in self.differences:
            claim_text(difference, "each of differences", empty=False)
        claim_text(self.label, "label", empty=False)

    @property
    def is_article(self) -> bool:
        """No difference from the reference (the article's, or the labelled defaults)."""
        return not self.differences

    def describe(self) -> str:
        if self.differences:
            return "; ".join(self.differences)
        return "the article's setting" if self.label == "article" else f"the {self.label} setting"


def compare_setting(ours: Mapping, article: Mapping, *, label: str = "article") -> Setting:
    """Compare a run's constants with the article's, e.g. ``{"ROWS": 6}`` vs ``{"ROWS": 8}``.

    Lists and tuples compare by their items, so a constant typed either way matches. When the
    reference values are not the article's (it fixes no such constant), name them with ``label``
    (e.g. ``"default"``), so a variant reads ``MAX_SIDE = 12 (default: 10)``.
    """
    for value, name in ((ours, "ours"), (article, "article")):
        if not isinstance(value, Mapping):
            raise TypeError(f"compare_setting: {name} must map constant names to values, got "
                            f"{shown(value)}")
    missing = set(article) - set(ours)
    if missing:
        raise ValueError(f"compare_setting: no value given for {sorted(missing, key=str)}")
    label = claim_text(label, "label", empty=False)

    def norm(v):
        v = v.tolist() if isinstance(v, np.ndarray) else v
        return tuple(norm(x) for x in v) if isinstance(v, (list, tuple)) else v

    def differs(k) -> bool:
        different = norm(ours[k]) != norm(article[k])
        if not isinstance(different, (bool, np.bool_)):
            raise TypeError(f"compare_setting: the values of {k!r} do not compare as equal or "
                            f"not, got {shown(ours[k])} and {shown(article[k])}")
        return bool(different)

    diffs = tuple(f"{k} = {ours[k]!r} ({label}: {article[k]!r})" for k in article if differs(k))
    return Setting(diffs, label)
