"""What the book shows differently from JupyterLab, applied to the staged copy of a notebook.

A widget needs a running kernel to answer: in the book, a game's widget is drawn from its saved
state and says above it that it answers only in a live notebook (`stage_widgets`). A
finished progress bar needs no widget at all: it becomes plain HTML (`progress_bar_html`; a bar
without a known total, "3/?", becomes a count: "3 done"), and a notebook left with no widget
drops its saved widget state, so its page carries no widget manager script.
"""

import re

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
PROGRESS = ("FloatProgressModel", "IntProgressModel")
UNKNOWN_TOTAL = re.compile(r"\s*([\d,]+)/\?")   # "  3/? [00:00<00:00, ...]": no total known
LIVE_ONLY = ('<p class="gameai-live-only">Live notebook only: this widget answers clicks in a '
             "running notebook (<code>make lab</code>, then Run All); in the book it shows its "
             "saved position and does nothing when clicked.</p>")


def widget_models(nb: dict) -> dict:
    """The saved widget models of a notebook (model id -> model), empty when none are saved."""
    return nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})


def descendants(models: dict, model_id: str) -> list[dict]:
    """A widget model and every model its children hold, depth first."""
    model = models.get(model_id)
    if model is None:
        return []
    found = [model]
    for child in model.get("state", {}).get("children", []):
        found += descendants(models, str(child).removeprefix("IPY_MODEL_"))
    return found


def progress_bar_html(parts: list[dict]) -> str | None:
    """A tqdm bar (its HTML label, progress and HTML counts) as static HTML; None if not one."""
    bars = [p for p in parts if p.get("model_name") in PROGRESS]
    if len(bars) != 1 or any(p.get("model_name") not in (*PROGRESS, "HBoxModel", "HTMLModel")
                             for p in parts):
        return None
    bar = bars[0]["state"]
    texts = [p["state"].get("value", "") for p in parts if p.get("model_name") == "HTMLModel"]
    label, counts = (texts + ["", ""])[:2]
    unknown = UNKNOWN_TOTAL.match(counts)
    if unknown:           # tqdm without a total: a count, not a bar that is always full
        return (f'<div class="gameai-progress">{label} {unknown.group(1)} done'
                f'{counts[unknown.end():]}</div>')
    style = ' style="accent-color: var(--pst-color-danger)"' if bar.get("bar_style") == "danger" \
        else ""
    return (f'<div class="gameai-progress">{label} <progress value="{bar.get("value", 0)}" '
            f'max="{bar.get("max", 100)}"{style}></progress> {counts}</div>')


def stage_widgets(nb: dict) -> dict:
    """The notebook with finished progress bars as static HTML, a note above each live widget,
    and no saved widget state when no widget is left (the notebook is changed in place)."""
    models, live = widget_models(nb), 0
    for cell in nb.get("cells", []):
        outputs = []
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get(WIDGET_VIEW)
            if view is None:
                outputs.append(out)
                continue
            static = progress_bar_html(descendants(models, view.get("model_id", "")))
            if static is not None:
                outputs.append({"output_type": "display_data", "metadata": {},
                                "data": {"text/html": static,
                                         "text/plain": re.sub(r"<[^>]+>", "", static)}})
                continue
            live += 1
            outputs += [{"output_type": "display_data", "metadata": {},          # read first
                         "data": {"text/html": LIVE_ONLY, "text/plain": "Live notebook only"}},
                        out]
        if "outputs" in cell:
            cell["outputs"] = outputs
    if not live:
        nb.get("metadata", {}).pop("widgets", None)
    return nb
