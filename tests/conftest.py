"""Fixtures shared by the browser tests (the book's and JupyterLab's)."""

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
