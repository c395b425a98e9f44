"""The team kinds a capture game or tournament can field, by name."""

from __future__ import annotations

from studykit.checks import choice
from tracking.agents import HardRuleAttacker, RandomAgent, WeightedAgent, Weights, checked_weights
from tracking.fullteam import FullAgent

TEAM_KINDS = ("tracker", "greedy", "random", "hard", "tracker attacker", "tracker defender",
              "full tracker")


def make_team(kind: str, weights: Weights = Weights()) -> tuple:
    """Two fresh agents, an attacker and a defender, of one of ``TEAM_KINDS``.

    "tracker": both plan on the team tracker's beliefs (the 2011 agents); "greedy": both
    tracker-blind; "random"; "hard": the hard-rule attacker with a greedy defender; "tracker
    attacker" / "tracker defender": only that agent reads the tracker (to see which half of the
    team gains from it); "full tracker": the tracker team made for the contest's full rules
    (``tracking.fullteam``: escapes, capsules, banking, stand-offs).
    """
    kind, weights = choice(kind, "kind", TEAM_KINDS), checked_weights(weights)
    if kind == "tracker":
        return WeightedAgent("attacker", weights=weights), WeightedAgent("defender", weights=weights)
    if kind == "greedy":
        return (WeightedAgent("attacker", tracker=False, weights=weights),
                WeightedAgent("defender", tracker=False, weights=weights))
    if kind in ("tracker attacker", "tracker defender"):     # one of the two reads the tracker
        return (WeightedAgent("attacker", tracker=kind == "tracker attacker", weights=weights),
                WeightedAgent("defender", tracker=kind == "tracker defender", weights=weights))
    if kind == "random":
        return RandomAgent(), RandomAgent()
    if kind == "hard":
        return HardRuleAttacker(), WeightedAgent("defender", tracker=False, weights=weights)
    return FullAgent("attacker", weights=weights), FullAgent("defender", weights=weights)
