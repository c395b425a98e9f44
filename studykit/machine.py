"""The machine a timing was taken on, as text printed beside the timing."""

import os


def machine_load() -> str:
    """The machine's load average over the last minute and its cores, as text (timings and
    training times depend on them)."""
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
