"""Animation export: inline HTML for notebooks (self-contained: no link to any outside host),
GIF files under results/ and, for the documentation, legible GIFs ready to publish.

A run writes only under ``results/``: ``results/gifs/<name>.gif`` and, for a GIF meant for the
docs (``publish=True``), ``results/gifs/publish/<name>.gif`` at least 480 px wide with
``<name>.json`` beside it recording the mode it was made in. ``make publish``
(``python -m studykit publish``) copies those to ``docs/gifs/`` and refuses quick-mode ones.
"""

import hashlib
import json
import math
import re
from datetime import UTC, datetime
from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt
from matplotlib.animation import Animation, HTMLWriter, PillowWriter
from PIL import Image

from studykit.checks import file_name, flag, whole
from studykit.paths import results_dir, write_atomic
from studykit.quick import quick_mode

MIN_DOCS_WIDTH = 480  # pixels: below this the text in a frame is unreadable
PUBLISH = "publish"   # results/gifs/publish/: the GIFs a run made for the docs

# matplotlib's player links font-awesome from a public CDN for its button icons; we drop the
# link and label the buttons with text (their titles and aria-labels stay)
CDN_LINK = re.compile(r"<link[^>]*https?://[^>]*>\s*", re.IGNORECASE)
ICONS = {"fa-play fa-flip-horizontal": "&#9664;", "fa-minus": "&minus;", "fa-plus": "+",
         "fa-fast-backward": "|&#9665;", "fa-step-backward": "&#9665;", "fa-pause": "&#8214;",
         "fa-play": "&#9654;", "fa-step-forward": "&#9655;", "fa-fast-forward": "&#9655;|"}
ICON = re.compile(r'<i class="fa ([^"]+)"></i>')


def offline_html(page: str) -> str:
    """matplotlib's player page without its CDN stylesheet, the buttons labelled with text."""
    page = CDN_LINK.sub("", page)
    return ICON.sub(lambda m: f'<span class="anim-label">{ICONS.get(m.group(1), "?")}</span>',
                    page)


def show_animation(anim: Animation, gif: str | None = None, fps: int = 5, *,
                   publish: bool = False):
    """Return the animation as inline JavaScript HTML, optionally saving it as a GIF.

    ``gif`` names ``results/gifs/<gif>.gif``; with ``publish`` (pass the notebook's "is this the
    article's setting" flag) the run also writes the GIF for the README, at least 480 px wide,
    under ``results/gifs/publish/`` (see ``save_gif``; ``make publish`` copies it to docs/).
    The HTML links no outside host. The figure is closed so the notebook shows no still too.
    """
    from IPython.display import HTML

    _check(anim, fps, publish)
    if gif is not None:
        save_gif(anim, gif, fps=fps, publish=publish)
    with TemporaryDirectory() as tmp:           # what ``anim.to_jshtml`` does, keeping the writer
        page = Path(tmp) / "animation.html"
        writer = HTMLWriter(fps=fps, embed_frames=True, default_mode="once")
        anim.save(str(page), writer=writer)
        html = HTML(offline_html(page.read_text()))
    plt.close(writer.fig)                       # the writer is told the animation's figure
    return html


def _check(anim, fps, publish) -> None:
    if not isinstance(anim, Animation):
        raise TypeError(f"anim must be a matplotlib Animation, got {type(anim).__name__}")
    whole(fps, "fps", 1, 100)
    flag(publish, "publish")


def save_gif(anim: Animation, name: str, fps: int = 5, *, publish: bool = False) -> Path:
    """Write ``results/gifs/<name>.gif``; with ``publish`` also the GIF for the docs.

    The docs' GIF, ``results/gifs/publish/<name>.gif``, is at least 480 px wide, with
    ``<name>.json`` beside it recording the mode (quick or full), the time, the width and a hash
    of the GIF, so that ``make publish`` can refuse quick-mode GIFs. Nothing is written outside
    ``results/``. Returns the path of ``results/gifs/<name>.gif``.
    """
    _check(anim, fps, publish)
    name = file_name(name, "name")
    quick = quick_mode()
    path = results_dir("gifs") / f"{name}.gif"
    writer = PillowWriter(fps=fps)
    anim.save(path, writer=writer)
    if publish:
        fig = writer.fig                        # the writer is told the animation's figure
        dpi = max(fig.dpi, math.ceil(MIN_DOCS_WIDTH / fig.get_figwidth()))
        folder = results_dir("gifs", PUBLISH)
        wide = folder / f"{name}.gif"
        anim.save(wide, writer=PillowWriter(fps=fps), dpi=dpi)
        with Image.open(wide) as image:
            width, frames = image.size[0], image.n_frames
        record = {"name": name, "quick": quick, "mode": "quick" if quick else "full",
                  "made": datetime.now(UTC).isoformat(timespec="seconds"),
                  "width": width, "frames": frames, "fps": fps,
                  "sha256": hashlib.sha256(wide.read_bytes()).hexdigest()}
        write_atomic(folder / f"{name}.json", json.dumps(record, indent=1) + "\n")
    return path
