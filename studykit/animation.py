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
import uuid
from contextlib import contextmanager
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path
from tempfile import TemporaryDirectory

from matplotlib.animation import Animation, HTMLWriter, PillowWriter
from PIL import Image

from studykit.checks import flag, whole
from studykit.paths import file_name, results_dir, write_atomic
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


# shown in place of the player until its JavaScript runs (the script removes it): an untrusted
# notebook, a viewer without JavaScript, or a page whose scripts are blocked keeps it
NEEDS_SCRIPT = ("This animation needs a trusted notebook: run `make lab`, or File > Trust "
                "Notebook, or rerun the cell.")
NOTE = ('<p class="anim-needs-script" id="{id}" style="border-left:4px solid #d62728;'
        'padding:4px 8px;background:#fdf0f0">{text}</p>')
UNHIDE = '<script>document.getElementById("{id}").remove();</script>'


class PlayerHTML:
    """The inline player as a notebook output: its HTML (``data``) and, as plain text, the note
    saying what it needs."""

    def __init__(self, data: str):
        self.data = data

    def _repr_html_(self) -> str:
        return self.data

    def __repr__(self) -> str:
        return NEEDS_SCRIPT


def with_note(page: str) -> str:
    """The player's page with a visible note above it that its own script removes."""
    note_id = f"anim-note-{uuid.uuid4().hex}"
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", NEEDS_SCRIPT.replace(">", "&gt;"))
    return NOTE.format(id=note_id, text=text) + page + UNHIDE.format(id=note_id)


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
    The HTML links no outside host and carries a note, shown until its script runs, that it
    needs a trusted notebook (also its plain-text form). The figure is closed so the notebook
    shows no still too.
    One pass over the frames makes the HTML and the GIFs (see ``PlayerAndPictures``).
    """
    import matplotlib.pyplot as plt  # here: importing studykit stays light (terminal games)

    _check(anim, fps, publish)
    name = None if gif is None else file_name(gif, "name")
    quick_mode()                                # a bad GAMEAI_QUICK is refused before drawing
    with TemporaryDirectory() as tmp:           # what ``anim.to_jshtml`` does, keeping the writer
        page = Path(tmp) / "animation.html"
        writer = PlayerAndPictures(fps, pictures=name is not None,
                                   wide=name is not None and publish)
        anim.save(str(page), writer=writer)
        html = PlayerHTML(with_note(offline_html(page.read_text())))
    if name is not None:
        write_gif(writer.pictures, results_dir("gifs") / f"{name}.gif", fps)
        if publish:
            wide = results_dir("gifs", PUBLISH) / f"{name}.gif"
            record_published(write_gif(writer.wide_pictures, wide, fps), name, fps)
    plt.close(writer.fig)                       # the writer is told the animation's figure
    return html


class PlayerAndPictures(HTMLWriter):
    """matplotlib's writer of the inline HTML player, keeping each frame as a picture for a GIF
    too (``pictures``) and, with ``wide``, a second one at the docs' width (``docs_dpi``).

    One pass over an animation then serves the player and both GIFs, where a writer for each
    would draw every frame again. A GIF frame is what ``PillowWriter`` would save: the Agg
    drawing the player's PNG was just made from (seen through the figure's draw event), or,
    when there was none, the frame drawn again.
    """

    def __init__(self, fps: int, *, pictures: bool = True, wide: bool = False):
        super().__init__(fps=fps, embed_frames=True, default_mode="once")
        self.keep, self.keep_wide = pictures, wide
        self.pictures: list[Image.Image] = []
        self.wide_pictures: list[Image.Image] = []
        self.drawing: tuple[bytes, tuple[int, int]] | None = None
        self.grabbing = False

    def setup(self, fig, outfile, dpi=None, frame_dir=None):
        self.size = tuple(fig.get_size_inches())  # the GIFs' size: HTMLWriter may round it
        super().setup(fig, outfile, dpi, frame_dir)
        fig.canvas.mpl_connect("draw_event", self.keep_drawing)

    def keep_drawing(self, event) -> None:
        """A draw event: the RGBA pixels of the drawing, when its renderer is Agg's."""
        buffer = getattr(event.renderer, "buffer_rgba", None)
        if self.grabbing and buffer is not None:
            pixels = buffer()
            self.drawing = bytes(pixels), (pixels.shape[1], pixels.shape[0])

    def grab_frame(self, **savefig_kwargs):
        self.drawing, self.grabbing = None, self.keep
        try:
            super().grab_frame(**savefig_kwargs)     # the player's PNG of this frame
        finally:
            self.grabbing = False
        fig, size = self.fig, self.frame_size
        if tuple(fig.get_size_inches()) != self.size:  # rounded to even pixels for the player:
            with resized(fig, self.size):              # the GIFs keep the figure's own size
                self.pictures += [picture(fig, self.dpi, savefig_kwargs)] if self.keep else []
                self.wide_pictures += [picture(fig, docs_dpi(fig), savefig_kwargs)
                                       ] if self.keep_wide else []
            return
        if self.keep:
            if self.drawing is not None and self.drawing[1] == size:
                self.pictures.append(frame_picture(self.drawing[0], size))
            else:                                # nothing drawn (or not by Agg): draw it
                self.pictures.append(picture(fig, self.dpi, savefig_kwargs))
        if self.keep_wide:
            self.wide_pictures.append(picture(fig, docs_dpi(fig), savefig_kwargs))


@contextmanager
def resized(fig, size: tuple[float, float]):
    """The figure at ``size`` (inches) for the duration, then back at its size."""
    before = tuple(fig.get_size_inches())
    fig.set_size_inches(*size, forward=True)
    try:
        yield fig
    finally:
        fig.set_size_inches(*before, forward=True)


def docs_dpi(fig) -> float:
    """The resolution at which the figure is at least ``MIN_DOCS_WIDTH`` pixels wide."""
    return max(fig.dpi, math.ceil(MIN_DOCS_WIDTH / fig.get_figwidth()))


def frame_picture(raw, size: tuple[int, int]) -> Image.Image:
    """An RGBA frame as ``PillowWriter`` keeps it: RGB unless some pixel is transparent."""
    image = Image.frombuffer("RGBA", size, raw, "raw", "RGBA", 0, 1)
    return image if image.getextrema()[3][0] < 255 else image.convert("RGB")


def picture(fig, dpi: float, savefig_kwargs=None) -> Image.Image:
    """The figure drawn now at ``dpi``, as a GIF frame."""
    buf = BytesIO()
    fig.savefig(buf, **{**(savefig_kwargs or {}), "format": "rgba", "dpi": dpi})
    w, h = fig.get_size_inches()
    return frame_picture(buf.getbuffer(), (int(w * dpi), int(h * dpi)))


def write_gif(pictures: list, path: Path, fps: int) -> Path:
    """Frames to a looping GIF, as ``PillowWriter`` writes them."""
    pictures[0].save(path, save_all=True, append_images=pictures[1:],
                     duration=int(1000 / fps), loop=0)
    return path


def record_published(wide: Path, name: str, fps: int) -> Path:
    """The record beside the docs' GIF ``wide``: mode, time, width, frames and hash."""
    folder = wide.parent
    with Image.open(wide) as image:
        width, frames = image.size[0], image.n_frames
    quick = quick_mode()
    record = {"name": name, "quick": quick, "mode": "quick" if quick else "full",
              "made": datetime.now(UTC).isoformat(timespec="seconds"),
              "width": width, "frames": frames, "fps": fps,
              "sha256": hashlib.sha256(wide.read_bytes()).hexdigest()}
    write_atomic(folder / f"{name}.json", json.dumps(record, indent=1) + "\n")
    return wide


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
    quick_mode()                                # a bad GAMEAI_QUICK is refused before drawing
    path = results_dir("gifs") / f"{name}.gif"
    writer = PillowWriter(fps=fps)
    anim.save(path, writer=writer)
    if publish:
        dpi = docs_dpi(writer.fig)              # the writer is told the animation's figure
        wide = results_dir("gifs", PUBLISH) / f"{name}.gif"
        anim.save(wide, writer=PillowWriter(fps=fps), dpi=dpi)
        record_published(wide, name, fps)
    return path
