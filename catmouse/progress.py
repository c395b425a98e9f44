"""The progress bar of catmouse's training loops, which may stop before their budget.

A trainer that stops early (the cat already unexploitable, every game won, no improvement for a
while) has run fewer iterations than the bar's total; closed as it stands, that bar would read
"30/1000" and show red in a notebook, as if the run had failed. ``close_at_count`` closes it at
the iterations actually run instead ("30/30", green). A loop left by an exception never reaches
it, so its bar keeps its count (and its red).

    bar = progress_bar(iterations, progress, "phase 1")
    for it in range(iterations):
        if done:
            break
        bar.update()
        ...
    close_at_count(bar)
"""

from __future__ import annotations

from tqdm.auto import tqdm


def progress_bar(iterations: int, enabled: bool, desc: str) -> tqdm:
    """A tqdm bar of up to ``iterations`` steps (``bar.update()`` once per step), shown only when
    ``enabled``."""
    return tqdm(total=iterations, disable=not enabled, desc=desc)


def close_at_count(bar: tqdm) -> None:
    """Close ``bar`` with its total set to the steps counted so far: full, elapsed time kept."""
    if not bar.disable and bar.n != bar.total:
        done, start = bar.n, bar.start_t
        bar.reset(total=done)                    # in a notebook this also sets the widget's end
        bar.start_t = bar.last_print_t = start   # keep the elapsed time and the mean rate
        bar.update(done)
    bar.close()
