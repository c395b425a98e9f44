"""tracking study (work in progress)."""
