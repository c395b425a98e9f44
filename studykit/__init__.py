"""Small helpers shared by every study: quick mode, result paths, sweeps, animations, the report."""

from studykit.animation import save_gif, show_animation
from studykit.paths import results_dir, save_figure
from studykit.quick import quick_mode
from studykit.report import Claim, exact_claim, record_claims, statistical_claim
from studykit.stats import wilson
from studykit.sweep import run_sweep

__all__ = [
    "Claim",
    "exact_claim",
    "quick_mode",
    "record_claims",
    "results_dir",
    "run_sweep",
    "save_figure",
    "save_gif",
    "show_animation",
    "statistical_claim",
    "wilson",
]
