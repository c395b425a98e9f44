"""The report's links to notebook sections, as the book names its sections.

docs/REPORT.md links a section by its GitHub anchor (``studykit.report.heading_slug``: the
heading in lower case, punctuation dropped). The book's pages give a heading the id docutils
makes of it, which turns punctuation into hyphens ("the-article-s-pictures", "win-loss"), so in
the book's copy of the report each such link is rewritten to that id.
"""

import re
from collections.abc import Callable

from docutils.nodes import make_id

from studykit.report import heading_slug, notebook_headings

LINK = re.compile(r"\]\(\.\./notebooks/(?P<notebook>[\w-]+)\.ipynb#(?P<anchor>[\w-]+)\)")


def book_anchors(text: str, headings: Callable[[str], set | None] = notebook_headings) -> str:
    """``text`` (the report's Markdown) with every link to a notebook section pointing at the
    book's id of that heading; a link whose anchor names no heading of its notebook (or whose
    notebook is absent: ``headings`` gives None) is left as it is."""
    ids: dict[str, dict[str, str]] = {}

    def rewrite(match: re.Match) -> str:
        notebook, anchor = match["notebook"], match["anchor"]
        if notebook not in ids:
            ids[notebook] = {heading_slug(h): make_id(h) for h in headings(notebook) or ()}
        book_id = ids[notebook].get(anchor, anchor)
        return f"](../notebooks/{notebook}.ipynb#{book_id})"

    return LINK.sub(rewrite, text)
