"""Headless Chromium for the book test: install it, serve the book, and inspect one page.

`check_page` opens a page with every request leaving the book's own address blocked
(aborted before it reaches the network) and recorded, and returns what a reader would
miss: requests outside the book, local files that failed, JavaScript errors, images that
do not decode, saved widget views not drawn, math not typeset.
"""

import functools
import http.server
import os
import subprocess
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

CHROMIUM = "/usr/bin/chromium"
# no connection of Chromium's own (updates, sync, field trials) may leave the machine
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
WIDGET_VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'

# run in the page once it has loaded: waits for MathJax, then reports what did not render
INSPECT_JS = """async () => {
  if (window.MathJax && MathJax.startup) await MathJax.startup.promise;
  await Promise.all([...document.images].map(img => img.decode().catch(() => null)));
  const views = [...document.querySelectorAll('WIDGET_VIEW')];
  const math = [...document.querySelectorAll('.math')];
  return {
    brokenImages: [...document.images].filter(img => !img.naturalWidth)
                    .map(img => img.getAttribute('src') || '(no src)'),
    widgetViews: views.length,
    widgetsDrawn: views.filter(v => {
      const area = v.previousElementSibling;
      return area && area.classList.contains('widget-subarea')
             && area.getBoundingClientRect().height > 0;
    }).length,
    math: math.length,
    mathTypeset: math.filter(m => m.querySelector('mjx-container')).length,
    mathErrors: document.querySelectorAll('mjx-merror').length,
    animations: document.querySelectorAll('.animation').length,
  };
}""".replace("WIDGET_VIEW", WIDGET_VIEW)


@dataclass
class PageReport:
    url: str
    external: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    rendered: dict = field(default_factory=dict)

    def problems(self) -> list[str]:
        """What is wrong with the page, one line each; empty when it is right."""
        r = self.rendered
        found = [f"request outside the book: {u}" for u in self.external]
        found += [f"local file failed: {u}" for u in self.failed]
        found += [f"JavaScript error: {e}" for e in self.errors]
        found += [f"image does not decode: {src}" for src in r.get("brokenImages", [])]
        if r.get("widgetsDrawn") != r.get("widgetViews"):
            found.append(f"{r.get('widgetsDrawn')} of {r.get('widgetViews')} widget views drawn")
        if r.get("mathTypeset") != r.get("math") or r.get("mathErrors"):
            found.append(f"{r.get('mathTypeset')} of {r.get('math')} math elements typeset, "
                         f"{r.get('mathErrors')} errors")
        return found


def ensure_chromium() -> str:
    """Debian's Chromium, installed with apt when missing (root only, about 80 s)."""
    if not Path(CHROMIUM).exists():
        if os.geteuid() != 0:
            raise RuntimeError("the book test needs Debian's chromium: "
                               "apt-get install chromium fonts-liberation")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends",
                        "chromium", "fonts-liberation"], check=True, env=env,
                       stdout=subprocess.DEVNULL)
    return CHROMIUM


@contextmanager
def serve(folder: Path):
    """Serve folder on a free loopback port; yields the base URL."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def open_page(context, url: str, base: str, widget_wait_ms: int = 15_000):
    """Open url in a new page of the browser context; returns (page, report)."""
    report = PageReport(url)

    def route(r):
        if r.request.url.startswith(base) or r.request.url.startswith("data:"):
            r.continue_()
        else:
            report.external.append(r.request.url)
            r.abort()

    page = context.new_page()
    page.route("**/*", route)
    page.on("pageerror", lambda e: report.errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and not m.text.startswith(
        "Failed to load resource") and report.errors.append(m.text))
    page.on("response", lambda r: r.status >= 400 and r.url.startswith(base)
            and not r.url.endswith("/favicon.ico") and report.failed.append(r.url))
    page.on("requestfailed", lambda r: r.url.startswith(base)
            and report.failed.append(f"{r.url} ({r.failure})"))
    page.goto(url, wait_until="load")
    try:  # saved widget views are drawn asynchronously once the page has loaded
        page.wait_for_function(
            f"[...document.querySelectorAll('{WIDGET_VIEW}')].every("
            "v => v.previousElementSibling && "
            "v.previousElementSibling.classList.contains('widget-subarea'))",
            timeout=widget_wait_ms,
        )
    except PlaywrightTimeout:
        pass  # the inspection below counts the views not drawn
    report.rendered = page.evaluate(INSPECT_JS)
    return page, report


def check_page(context, url: str, base: str, widget_wait_ms: int = 15_000) -> PageReport:
    """Open url, inspect it and close it."""
    page, report = open_page(context, url, base, widget_wait_ms)
    page.close()
    return report


def step_animations(page) -> list[str]:
    """Check every matplotlib animation's controls, then click its "Next frame" button."""
    found = []
    for i, anim in enumerate(page.locator(".animation").all()):
        anim.scroll_into_view_if_needed()
        buttons = anim.locator(".anim-buttons button")
        icons = [b.evaluate("b => b.firstElementChild ? "
                            "b.firstElementChild.getBoundingClientRect().width : 0")
                 for b in buttons.all()]
        if len(icons) < 9 or min(icons) <= 0:
            found.append(f"animation {i}: {len(icons)} buttons, icon widths {icons}")
            continue
        anim.get_by_role("button", name="Pause").click()
        anim.get_by_role("button", name="First frame").click()
        img, slider = anim.locator("img").first, anim.locator("input.anim-slider")
        before = (img.get_attribute("src"), slider.input_value())
        anim.get_by_role("button", name="Next frame").click()
        after = (img.get_attribute("src"), slider.input_value())
        if int(slider.get_attribute("max")) < 1:
            found.append(f"animation {i} has a single frame")
        elif after[1] != str(int(before[1]) + 1) or after[0] == before[0]:
            found.append(f"animation {i}: next frame left the picture unchanged")
    return found
