"""Quick mode: the environment variable GAMEAI_QUICK shrinks every long run to a smoke test."""

import os


def quick_mode() -> bool:
    """True when GAMEAI_QUICK is set to anything but '', '0', 'false' or 'no'."""
    return os.environ.get("GAMEAI_QUICK", "").strip().lower() not in ("", "0", "false", "no")
