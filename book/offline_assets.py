"""Sphinx extension: the book serves every script, style and font itself.

Jupyter Book's pages load require.js, the Jupyter widgets manager and MathJax from CDNs,
and matplotlib's `to_jshtml` animations link a font-awesome stylesheet from one. Here
`_config.yml` points the first three at `_static/offline/`, this extension rewrites the
stylesheet links in notebook outputs to the same folder, and copies the files there from
`book/node_modules` (installed by `make book-assets`) once the pages are written. They
are not put in a source `_static/` folder, whose scripts Jupyter Book adds to every page.
It also links `book/book.css` (tables that wrap between words and scroll in their own box,
the report page's width, the "live notebook only" note) on every page.
"""

import re
import shutil
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

BOOK = Path(__file__).parent
OFFLINE = "_static/offline"

# destination under _static/offline/ -> file or folder under book/
ASSETS = {
    "require.min.js": "node_modules/requirejs/require.js",
    "require-paths.js": "require-paths.js",
    "html-manager": "node_modules/@jupyter-widgets/html-manager/dist",
    "mathjax": "node_modules/mathjax/es5",
    "font-awesome/css": "node_modules/font-awesome/css",
    "font-awesome/fonts": "node_modules/font-awesome/fonts",
    "book.css": "book.css",
}

FONT_AWESOME_CDN = re.compile(r"https?://[^\"'\s]*/font-awesome(?:\.min)?\.css")
FONT_AWESOME_LOCAL = f"{OFFLINE}/font-awesome/css/font-awesome.min.css"


def check_assets(app: Sphinx) -> None:
    """Stop before building when the assets were never installed."""
    missing = [src for src in ASSETS.values() if not (BOOK / src).exists()]
    if missing:
        raise ExtensionError(
            f"missing {', '.join(missing)} under {BOOK}: run `make book-assets` first"
        )


def localise_links(app: Sphinx, pagename: str, templatename: str, context: dict,
                   doctree) -> None:
    """Point CDN font-awesome stylesheets in a page's body at the book's own copy."""
    body = context.get("body")
    if body and FONT_AWESOME_CDN.search(body):
        local = context["pathto"](FONT_AWESOME_LOCAL, 1)
        context["body"] = FONT_AWESOME_CDN.sub(local, body)


def drop_duplicate_scripts(app: Sphinx, pagename: str, templatename: str, context: dict,
                           doctree) -> None:
    """Keep one copy of each script: sphinx-thebe adds its inline configuration twice,
    and its `const` declared twice is a JavaScript error on every page."""
    seen, unique = set(), []
    for script in context.get("script_files", []):
        key = (script.filename or "", sorted(script.attributes.items()))
        if repr(key) not in seen:
            seen.add(repr(key))
            unique.append(script)
    context["script_files"] = unique


def copy_assets(app: Sphinx, exception: Exception | None) -> None:
    """Copy the vendored files into the built book's _static/offline/."""
    if exception is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / OFFLINE
    for dest, src in ASSETS.items():
        src_path, dest_path = BOOK / src, target / dest
        dest_path.parent.mkdir(parents=True, exist_ok=True)
        if src_path.is_dir():
            shutil.copytree(src_path, dest_path, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("*.map"))
        else:
            shutil.copy2(src_path, dest_path)


def setup(app: Sphinx) -> dict:
    app.connect("builder-inited", check_assets)
    app.add_css_file("offline/book.css")  # tables, the report page, the live-only note
    app.connect("html-page-context", localise_links)
    app.connect("html-page-context", drop_duplicate_scripts, priority=900)
    app.connect("build-finished", copy_assets)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
