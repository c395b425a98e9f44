"""Fixtures shared by the browser tests (the book's and JupyterLab's), and a results folder of
its own for each pytest-xdist worker."""

import os
import tempfile

import pytest
from book_browser import CHROMIUM_FLAGS, ensure_chromium


@pytest.fixture(scope="module")
def browser():
    """Debian's headless Chromium driven by playwright (which never downloads a browser)."""
    from playwright.sync_api import sync_playwright

    executable = ensure_chromium()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


# Files whose tests are long and independent (no module fixture): pytest-xdist spreads their
# tests over the workers; every other file runs whole on one worker (its fixtures built once).
SPREAD = {"test_notebooks.py", "test_fuzz_terminal.py", "test_goofspiel_terminal.py",
          "test_mix_solver_speed.py"}


def pytest_collection_modifyitems(config, items):
    """Under ``--dist loadgroup`` (``make test``), one group per test file but for ``SPREAD``."""
    for item in items:
        if item.path.name not in SPREAD:
            item.add_marker(pytest.mark.xdist_group(item.path.name))


def pytest_configure(config):
    """Under pytest-xdist (``make test``), each worker writes results (figures, GIFs, caches of
    the notebooks it runs) to a folder of its own, never the repository's ``results/``."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and not os.environ.get("GAMEAI_RESULTS"):
        os.environ["GAMEAI_RESULTS"] = tempfile.mkdtemp(prefix=f"gameai-results-{worker}-")
