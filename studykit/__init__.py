"""Small helpers shared by every study: quick mode, result paths, sweeps, animations, the report."""

from studykit.animation import save_gif, show_animation
from studykit.claims import (
    BEYOND_MET,
    BEYOND_NOT_MET,
    CONSISTENT,
    DIFFERS,
    EXACT,
    INCONCLUSIVE,
    REGRESSION_BROKEN,
    REGRESSION_HOLDS,
    VARIANT,
    Claim,
    Setting,
    beyond_claim,
    check_claim,
    compare_setting,
    exact_claim,
    interval_claim,
    not_compared,
    regression_claim,
    statistical_claim,
)
from studykit.comparisons import count_with_interval, mean_difference, share_se
from studykit.inventory import Item
from studykit.machine import machine_load
from studykit.paths import results_dir, save_figure
from studykit.quick import quick_mode, shrink
from studykit.report import record_claims, record_inventory
from studykit.stats import Estimate, wilson
from studykit.sweep import run_sweep, trial_seeds
from studykit.timing import best_cpu_seconds
from studykit.verdicts import effect_claim, estimate_claim, with_alternative

__all__ = [
    "best_cpu_seconds",
    "BEYOND_MET",
    "BEYOND_NOT_MET",
    "CONSISTENT",
    "DIFFERS",
    "EXACT",
    "INCONCLUSIVE",
    "REGRESSION_BROKEN",
    "REGRESSION_HOLDS",
    "VARIANT",
    "Claim",
    "Estimate",
    "Item",
    "Setting",
    "beyond_claim",
    "check_claim",
    "compare_setting",
    "count_with_interval",
    "effect_claim",
    "estimate_claim",
    "exact_claim",
    "interval_claim",
    "machine_load",
    "mean_difference",
    "not_compared",
    "quick_mode",
    "record_claims",
    "record_inventory",
    "regression_claim",
    "results_dir",
    "run_sweep",
    "save_figure",
    "save_gif",
    "share_se",
    "show_animation",
    "shrink",
    "statistical_claim",
    "trial_seeds",
    "with_alternative",
    "wilson",
]
