"""The system packages the browser tests need (Debian's Chromium and a font), installed once.

``make test`` runs this before the pytest-xdist workers start, so no two workers ever race for
the package manager; ``ensure_chromium`` calls the same function as a fallback (for a plain
``pytest`` run), under a file lock, so concurrent callers install at most once.

    python tests/system_packages.py     # installs what is missing (root), else says what to run
"""

import fcntl
import os
import shutil
import subprocess
import sys
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
PACKAGES = ("chromium", "fonts-liberation")
LOCK = Path("/tmp/game-ai-studies-system-packages.lock")


def missing() -> bool:
    """Whether Chromium is not yet on this machine."""
    return not Path(CHROMIUM).exists()


def install() -> str:
    """Install ``PACKAGES`` with apt when Chromium is missing (root only; once, under a lock);
    returns Chromium's path. Raises RuntimeError, saying what to run, when it cannot."""
    if not missing():
        return CHROMIUM
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise RuntimeError("the browser tests need Debian's Chromium: "
                           f"sudo apt-get install {' '.join(PACKAGES)}")
    with LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)           # a second caller waits for the first
        if missing():
            env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
            subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
            subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends",
                            *PACKAGES], check=True, env=env, stdout=subprocess.DEVNULL)
    if missing():
        raise RuntimeError(f"apt-get installed {', '.join(PACKAGES)} but {CHROMIUM} is missing")
    return CHROMIUM


if __name__ == "__main__":
    if missing():
        print(f">> installing {', '.join(PACKAGES)} for the browser tests (once, about 80 s)",
              flush=True)
    try:
        install()
    except (RuntimeError, subprocess.CalledProcessError) as error:
        sys.exit(f"system packages: {error}")
