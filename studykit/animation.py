"""Animation export: inline HTML for notebooks and GIF files under results/."""

from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.animation import Animation, PillowWriter

from studykit.paths import results_dir


def show_animation(anim: Animation, gif: str | None = None, fps: int = 5):
    """Return the animation as inline JavaScript HTML, optionally saving ``results/gifs/<gif>.gif``.

    The figure is closed so the notebook does not also show its last frame as a still.
    """
    from IPython.display import HTML

    if gif is not None:
        save_gif(anim, gif, fps=fps)
    html = HTML(anim.to_jshtml(fps=fps, default_mode="once"))
    plt.close(anim._fig)
    return html


def save_gif(anim: Animation, name: str, fps: int = 5) -> Path:
    """Write the animation to ``results/gifs/<name>.gif`` with pillow and return the path."""
    path = results_dir("gifs") / f"{name}.gif"
    anim.save(path, writer=PillowWriter(fps=fps))
    return path
