"""Animation export: inline HTML for notebooks, GIF files under results/ and, for the committed
documentation, legible GIFs under docs/gifs/."""

import math
from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt
from matplotlib.animation import Animation, HTMLWriter, PillowWriter

from studykit.checks import file_name, flag, whole
from studykit.paths import results_dir
from studykit.quick import quick_mode

DOCS_GIFS = Path(__file__).resolve().parent.parent / "docs" / "gifs"
MIN_DOCS_WIDTH = 480  # pixels: below this the text in a frame is unreadable


def show_animation(anim: Animation, gif: str | None = None, fps: int = 5, *,
                   publish: bool = False):
    """Return the animation as inline JavaScript HTML, optionally saving it as a GIF.

    ``gif`` names ``results/gifs/<gif>.gif``; with ``publish`` (pass the notebook's "is this the
    article's setting" flag) a full, non-quick run also writes ``docs/gifs/<gif>.gif`` at least
    480 px wide for the README. The figure is closed so the notebook does not show a still too.
    """
    from IPython.display import HTML

    _check(anim, fps, publish)
    if gif is not None:
        save_gif(anim, gif, fps=fps, publish=publish)
    with TemporaryDirectory() as tmp:           # what ``anim.to_jshtml`` does, keeping the writer
        page = Path(tmp) / "animation.html"
        writer = HTMLWriter(fps=fps, embed_frames=True, default_mode="once")
        anim.save(str(page), writer=writer)
        html = HTML(page.read_text())
    plt.close(writer.fig)                       # the writer is told the animation's figure
    return html


def _check(anim, fps, publish) -> None:
    if not isinstance(anim, Animation):
        raise TypeError(f"anim must be a matplotlib Animation, got {type(anim).__name__}")
    whole(fps, "fps", 1, 100)
    flag(publish, "publish")


def save_gif(anim: Animation, name: str, fps: int = 5, *, publish: bool = False) -> Path:
    """Write ``results/gifs/<name>.gif`` (and ``docs/gifs/<name>.gif`` when publishing).

    Publishing happens only outside quick mode, at a resolution of at least 480 px wide.
    Returns the results path.
    """
    _check(anim, fps, publish)
    path = results_dir("gifs") / f"{file_name(name, 'name')}.gif"
    writer = PillowWriter(fps=fps)
    anim.save(path, writer=writer)
    if publish and not quick_mode():
        fig = writer.fig                        # the writer is told the animation's figure
        dpi = max(fig.dpi, math.ceil(MIN_DOCS_WIDTH / fig.get_figwidth()))
        DOCS_GIFS.mkdir(parents=True, exist_ok=True)
        anim.save(DOCS_GIFS / f"{name}.gif", writer=PillowWriter(fps=fps), dpi=dpi)
    return path
