"""book/anchors.py: the report's section links rewritten to the ids the book's pages carry."""

import re
import sys
from pathlib import Path

from docutils.nodes import make_id

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "book"))
from anchors import book_anchors  # noqa: E402  (book/ is no package)

HEADINGS = {"20_catmouse_v1": {"The article's pictures, drawn from the rules", "The run"},
            "31_goofspiel_equilibrium": {"Win/loss by double oracle"}}


def test_punctuated_headings_get_the_books_ids():
    text = ("[a](../notebooks/20_catmouse_v1.ipynb#the-articles-pictures-drawn-from-the-rules) "
            "[b](../notebooks/31_goofspiel_equilibrium.ipynb#winloss-by-double-oracle) "
            "[c](../notebooks/20_catmouse_v1.ipynb#the-run)")
    out = book_anchors(text, HEADINGS.get)
    assert "20_catmouse_v1.ipynb#the-article-s-pictures-drawn-from-the-rules)" in out
    assert "31_goofspiel_equilibrium.ipynb#win-loss-by-double-oracle)" in out
    assert "20_catmouse_v1.ipynb#the-run)" in out          # unchanged: no punctuation


def test_unknown_anchors_absent_notebooks_and_other_links_are_left_alone():
    text = ("[a](../notebooks/20_catmouse_v1.ipynb#no-such-heading) "
            "[b](../notebooks/99_absent.ipynb#x) [c](https://example.org/#the-run) plain text")
    assert book_anchors(text, HEADINGS.get) == text


def test_the_committed_report_links_only_headings_the_book_names():
    from studykit.report import notebook_headings
    root = Path(__file__).resolve().parents[1]
    report = (root / "docs" / "REPORT.md").read_text()
    out = book_anchors(report)
    for notebook, anchor in re.findall(r"\.\./notebooks/([\w-]+)\.ipynb#([\w-]+)\)", out):
        assert anchor in {make_id(h) for h in notebook_headings(notebook)}, (notebook, anchor)
