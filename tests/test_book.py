"""The HTML book (`make book`) in a real browser: every page works with no network.

Builds the book from the working tree (as committed, in CI) in a temporary folder, serves
it on loopback and opens every page in headless Chromium, blocking and recording any
request that would leave the book, and checks what each page shows (tables rendered,
outputs and figures present, saved progress bars finished, no -0.0 or "1 sets"); each
content check is shown failing on a page broken on purpose (tests/book_fixtures/).
Chromium comes from Debian (installed here when missing, as root) and is driven by
playwright, which never downloads a browser of its own.
Screenshots of the landing page, a report claims table and an animated page go to
book/_build/screenshots/.
"""

import fcntl
import importlib.util
import json
import subprocess
from pathlib import Path

import pytest
import yaml
from book_browser import (
    STALE_OUTPUTS,
    check_page,
    notebook_figures,
    open_page,
    saved_progress_bars,
    serve,
    step_animations,
)

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
ASSETS_LOCK = Path("/tmp/game-ai-studies-book-assets.lock")   # shared by the workers
SHOTS = BOOK / "_build" / "screenshots"
ANIMATED = "notebooks/50_tracking.html"
FIXTURES = Path(__file__).resolve().parent / "book_fixtures"
ANIMATION = 'class="animation"'   # a matplotlib animation player in a page's HTML


def book_pages() -> list[str]:
    """Every page of the book, from its table of contents, plus search and index."""
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text())
    files = [c["file"] for part in toc["parts"] for c in part["chapters"]]
    present = [toc["root"]] + [f for f in files if list(ROOT.glob(f + ".*"))]
    return [f + ".html" for f in present] + ["search.html", "genindex.html"]


def load_build():
    """book/build.py as a module (book/ is no package)."""
    spec = importlib.util.spec_from_file_location("book_build", BOOK / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build


@pytest.fixture(scope="module")
def html(tmp_path_factory):
    """The book built in a folder of its own (installing its npm assets if needed: ``make
    test`` does before the workers start; a plain pytest run does it here, one worker at a time,
    the others waiting on the lock, since two npm ci into one node_modules fail)."""
    with ASSETS_LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (BOOK / "node_modules" / ".installed").exists():
            subprocess.run(["make", "book/node_modules/.installed"], cwd=ROOT, check=True)
    build, tmp = load_build(), tmp_path_factory.mktemp("book")
    return build.build(build.stage(tmp / "src"), out=tmp)


@pytest.fixture(scope="module")
def base(html):
    with serve(html) as url:
        yield url


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


def figures_of(page: str) -> int | None:
    """How many figures the notebook behind a page holds (None for a page of text)."""
    notebook = ROOT / page.replace(".html", ".ipynb")
    return notebook_figures(notebook) if notebook.exists() else None


@pytest.mark.parametrize("page", book_pages())
def test_page_works_offline(page, html, base, context):
    """Each page with no request leaving the book and its content rendered; every animation on
    it steps (checked on the same opened page)."""
    opened, report = open_page(context, base + page, base, figures=figures_of(page))
    try:
        stepping = step_animations(opened) if ANIMATION in (html / page).read_text() else []
    finally:
        opened.close()
    assert not stepping, f"{page}: " + "; ".join(stepping)
    where, stale = STALE_OUTPUTS.get(Path(page).stem, ("", ""))
    if where in ("bars", "book"):  # outputs awaiting re-execution: their problem must still show
        assert report.problems(), f"{page} is clean now: delete its STALE_OUTPUTS entry ({stale})"
        return
    assert not report.problems(), "\n".join(report.problems())


def test_screenshots(base, context):
    """The front page, and an animated page moved on by one frame, for a person to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    front, _ = open_page(context, base + "index.html", base)
    front.screenshot(path=SHOTS / "front.png")
    report, _ = open_page(context, base + "docs/REPORT.html", base)
    report.locator("main table").nth(2).scroll_into_view_if_needed()
    report.screenshot(path=SHOTS / "report_claims.png")
    page, report = open_page(context, base + ANIMATED, base)
    assert report.rendered["animations"] > 0, f"no animation on {ANIMATED}"
    step_animations(page)
    page.locator(".animation").first.scroll_into_view_if_needed()
    page.screenshot(path=SHOTS / "animation.png")


def test_some_page_has_an_animation(html):
    """Animations are stepped by test_page_works_offline, on every page that has one."""
    assert [p for p in book_pages() if ANIMATION in (html / p).read_text()], \
        "no page of the book has an animation"


def test_checker_catches_a_page_that_leaves_the_book(html, base, context):
    """A page breaking every rule, written into the book: each break must be reported."""
    broken = html / "broken-on-purpose.html"
    broken.write_text(
        '<!doctype html><html><head>'
        '<link rel="stylesheet" href="https://cdn.invalid/style.css">'
        '<script src="https://cdn.invalid/script.js"></script></head><body>'
        '<img src="https://cdn.invalid/picture.png"><img src="_images/missing.png">'
        '<script>notDefinedAnywhere();</script>'
        '<span class="math">\\(x^2\\)</span>'
        '<script type="application/vnd.jupyter.widget-view+json">'
        '{"model_id": "0", "version_major": 2, "version_minor": 0}</script>'
        '</body></html>'
    )
    try:
        report = check_page(context, base + broken.name, base, widget_wait_ms=1000)
    finally:
        broken.unlink()
    problems = "\n".join(report.problems())
    assert len(report.external) == 3, report.external
    for expected in ["request outside the book: https://cdn.invalid/style.css",
                     "local file failed: " + base + "_images/missing.png",
                     "JavaScript error: ", "image does not decode: _images/missing.png",
                     "0 of 1 widget views drawn", "0 of 1 math elements typeset"]:
        assert expected in problems, problems


@pytest.fixture(scope="module")
def fixtures_base():
    with serve(FIXTURES) as url:
        yield url


@pytest.mark.parametrize("fixture, expected", [
    ("raw_table.html", "Markdown table shown as text: '| claim | source"),
    ("wide_table.html", "a wide table's scroll bar is below the screen"),
    ("broken_word.html", "a word broken across lines in a table: 'consistent'"),
    ("hidden_columns.html", "a table of the page hides columns past its right edge: 'claim"),
    ("no_output.html", "a notebook page of 2 cells without any rendered output"),
    ("red_bar.html", "a saved progress bar is red: 119 of 120"),
    ("unfinished_bar.html", "a saved progress bar is unfinished: 30 of 1000"),
    ("missing_figure.html", "0 of the notebook's 1 figures shown"),
    ("negative_zero.html", "negative zero in an output: '-0.0'"),
    ("one_plural.html", "one counted as many in an output: '1 sets'"),
    ("stuck_animation.html", "1 animation(s) whose script did not run"),
])
def test_content_check_fails_on_a_broken_page(fixture, expected, fixtures_base, context):
    """Each content check, on a page broken on purpose (tests/book_fixtures/), and only it."""
    notebook = FIXTURES / fixture.replace(".html", ".ipynb")
    figures = notebook_figures(notebook) if notebook.exists() else None
    report = check_page(context, fixtures_base + fixture, fixtures_base, widget_wait_ms=1000,
                        figures=figures)
    problems = report.problems()
    assert problems == report.content_problems(), problems      # no plumbing problem
    assert len(problems) == 1 + (fixture == "negative_zero.html"), problems
    assert problems[0].startswith(expected), problems


def test_no_committed_progress_bar_is_red_or_unfinished():
    """The saved widget state of every committed notebook: each progress bar closed at its total."""
    found = []
    for notebook in sorted((ROOT / "notebooks").glob("[0-9]*.ipynb")):
        state = json.loads(notebook.read_text())["metadata"].get("widgets", {})
        for bar in saved_progress_bars([json.dumps(v) for v in state.values()]):
            if bar["bar_style"] == "danger" or bar["value"] < bar["max"]:
                found.append(notebook.stem)
    expected = {n for n, (where, _) in STALE_OUTPUTS.items() if where == "bars"}
    assert set(found) == expected, f"red or unfinished bars in {sorted(set(found))}; " \
        f"STALE_OUTPUTS expects them in {sorted(expected)}"


def test_toc_leaves_out_chapters_whose_file_is_missing(tmp_path):
    """The report's chapter is in the book only once docs/REPORT.md exists."""
    build = load_build()
    toc = {"root": "index", "parts": [
        {"caption": "Report", "chapters": [{"file": "docs/REPORT"}]},
        {"caption": "Set", "chapters": [{"file": "notebooks/10_setgame"},
                                        {"file": "notebooks/11_missing"}]},
    ]}
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "10_setgame.ipynb").write_text("{}")
    assert build.present_toc(toc, tmp_path)["parts"] == [
        {"caption": "Set", "chapters": [{"file": "notebooks/10_setgame"}]}]
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "REPORT.md").write_text("# Report")
    assert [p["caption"] for p in build.present_toc(toc, tmp_path)["parts"]] == ["Report", "Set"]


STUDY_STARTS = ["notebooks/10_setgame.html", "notebooks/20_catmouse_v1.html",
                "notebooks/30_goofspiel_evolution.html", "notebooks/40_mix.html",
                "notebooks/50_tracking.html"]


def test_front_page_is_a_readers_landing_page(base, context):
    """Issue 45 items 5 and 8: the book opens on what the five studies are, where to start, the
    report and how to run a notebook (not the developer README), with one search box in sight
    and no code block cut off at its right edge."""
    page, _ = open_page(context, base, base)
    try:
        links = page.eval_on_selector_all("main a", "as => as.map(a => a.getAttribute('href'))")
        text = page.locator("main").inner_text()
        searches = page.eval_on_selector_all(
            ".search-button-field", "bs => bs.filter(b => b.getBoundingClientRect().width > 0)"
                                    ".length")
        cut = page.eval_on_selector_all(
            "main pre", "ps => ps.filter(p => p.scrollWidth > p.clientWidth + 1).length")
    finally:
        page.close()
    assert page.url.endswith("/") and "The two commands" not in text, "the front page is README"
    for start in STUDY_STARTS + ["docs/REPORT.html"]:
        assert any(href and href.split("#")[0] == start for href in links), (start, links)
    assert "make lab" in text
    assert searches == 1, f"{searches} search boxes in sight"
    assert cut == 0, f"{cut} code blocks cut off"


# every table taller than the window: scrolled inside its box, is its header row still on top
# of the box, and does it hide the rows under it (an opaque background)?
STICKY_HEADER_JS = """() => {
  const tall = [...document.querySelectorAll('main table')]
    .filter(t => t.getBoundingClientRect().height > window.innerHeight);
  let scrolled = 0, sticky = 0, opaque = 0;
  for (const t of tall) {
    const box = t.closest('.pst-scrollable-table-container');
    if (!box) continue;
    box.scrollIntoView();
    box.scrollTop = 300;
    if (box.scrollTop === 0) continue;
    scrolled++;
    const th = t.querySelector('thead th');
    if (th && Math.abs(th.getBoundingClientRect().top - box.getBoundingClientRect().top) < 2) sticky++;
    if (th && getComputedStyle(th).backgroundColor !== 'rgba(0, 0, 0, 0)') opaque++;
  }
  return {boxes: tall.length, scrolled, sticky, opaque};
}"""


def test_report_rows_link_to_their_notebook_section(html, base, context):
    """Issue 45 item 1: on a 1280-px screen every column of the report's tables is in sight
    (checked on every page by test_page_works_offline: no hidden columns, no broken word), a
    table taller than the screen scrolls in its own box under a sticky, opaque header row, and
    each claim row links to the section of its notebook that holds the claims table."""
    page, _ = open_page(context, base + "docs/REPORT.html", base)
    try:
        rows = page.evaluate("""() => [...document.querySelectorAll('main table')]
          .filter(t => { const h = t.querySelectorAll('th');
                         return h.length && h[h.length - 1].innerText === 'notebook'; })
          .flatMap(t => [...t.querySelectorAll('tbody tr')])
          .map(r => { const a = r.lastElementChild.querySelector('a');
                      return a ? a.getAttribute('href') : null; })""")
        right = page.evaluate("() => Math.max(...[...document.querySelectorAll('main th')]"
                              ".map(h => h.getBoundingClientRect().right))")
        header = page.evaluate(STICKY_HEADER_JS)
    finally:
        page.close()
    assert rows and None not in rows, f"{rows.count(None)} of {len(rows)} claim rows unlinked"
    assert right <= 1280, f"a column of the report ends at {right:.0f} px"
    assert header["boxes"] and header["scrolled"] == header["boxes"], \
        f"{header['boxes']} tall tables, {header['scrolled']} scroll in their own box"
    assert header["sticky"] == header["boxes"] and header["opaque"] == header["boxes"], header
    for href in set(rows):
        target, anchor = href.split("#")
        assert anchor and f'id="{anchor}"' in (html / "docs" / target).resolve().read_text(), href


def test_every_report_link_to_a_notebook_section_finds_it(html, base, context):
    """Issue 45: the inventory tables link each article item to its notebook's section; in the
    book each such link names an id the notebook's page has (book/anchors.py: 55 of 189 did not
    when a heading held an apostrophe or a slash)."""
    page, _ = open_page(context, base + "docs/REPORT.html", base)
    try:
        links = page.eval_on_selector_all(
            "main a[href*='notebooks/']", "as => as.map(a => a.getAttribute('href'))")
    finally:
        page.close()
    sections = sorted({h for h in links if "#" in h})
    assert len(sections) > 20, sections
    pages: dict = {}
    missing = []
    for href in sections:
        target, anchor = href.split("#")
        text = pages.setdefault(target, (html / "docs" / target).resolve().read_text())
        if f'id="{anchor}"' not in text:
            missing.append(href)
    assert not missing, f"{len(missing)} of {len(sections)} section links point nowhere: {missing}"


@pytest.mark.parametrize("page", ["notebooks/32_goofspiel_play.html", "notebooks/40_mix.html"])
def test_a_game_widget_says_it_needs_a_running_notebook(page, base, context):
    """Issue 45 item 7: the games' widgets answer only in a kernel; the book says so under them."""
    opened, report = open_page(context, base + page, base)
    try:
        note = opened.locator(".gameai-live-only").first
        shown = note.is_visible() and "Live notebook only" in note.inner_text()
    finally:
        opened.close()
    assert report.rendered["widgetViews"] >= 1 and shown, f"{page}: no 'live notebook only'"


@pytest.mark.parametrize("page", ["notebooks/23_catmouse_v1_improved.html",
                                  "notebooks/30_goofspiel_evolution.html"])
def test_finished_progress_bars_need_no_widget_script(page, base, context):
    """Issue 45 item 8: a page whose only widgets were finished progress bars draws them as
    static HTML and loads no widget manager script."""
    opened, report = open_page(context, base + page, base)
    try:
        bars = opened.eval_on_selector_all(
            ".gameai-progress progress", "ps => ps.map(p => [p.value, p.max])")
    finally:
        opened.close()
    assert report.rendered["widgetScripts"] == 0 and report.rendered["widgetViews"] == 0
    assert bars and all(value == top for value, top in bars), bars


def quick_notebook(folder: Path, name: str) -> Path:
    """An executed-looking notebook whose claims table was recorded in a quick run."""
    record = {"kind": "claims", "study": "Set", "notebook": name, "quick": True, "variant": [],
              "reference": "article", "rows": []}
    nb = {"cells": [{"cell_type": "code", "source": "", "metadata": {}, "execution_count": 1,
                     "outputs": [{"output_type": "display_data", "metadata": {}, "data": {
                         "application/vnd.gameai.report+json": record, "text/markdown": "|"}}]}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = folder / f"{name}.ipynb"
    path.write_text(json.dumps(nb))
    return path


def test_book_refuses_a_notebook_holding_a_quick_run(tmp_path):
    """Issue 45 item 2: `make book` stops, naming the notebook and how to get its outputs back."""
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "docs").mkdir()
    quick_notebook(tmp_path / "notebooks", "32_quick")
    with pytest.raises(ValueError, match=r"make book refuses .*32_quick\.ipynb.*git checkout"):
        load_build().stage(tmp_path / "src", root=tmp_path)
    assert not (tmp_path / "src").exists()


def test_make_report_refuses_a_notebook_holding_a_quick_run(tmp_path, capsys):
    """Issue 45 item 2: `make report` checks first (`--refuse-quick`): exit 2, the notebook named,
    nothing written."""
    from studykit.report import main
    path = quick_notebook(tmp_path, "32_quick")
    with pytest.raises(SystemExit) as stopped:
        main(["--refuse-quick", str(path), "--out", str(tmp_path / "REPORT.md")])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "32_quick.ipynb" in err and "git checkout" in err and "make notebooks" in err
    assert not (tmp_path / "REPORT.md").exists()
    assert "--refuse-quick" in (ROOT / "Makefile").read_text().split("\nreport:")[1].split("\n\n")[0]


def test_staged_progress_bar_is_static_html():
    """book/staging.py on a saved tqdm bar: its label, a <progress> at its value, its counts."""
    import sys
    sys.path.insert(0, str(BOOK))
    from staging import stage_widgets
    state = {"b": {"model_name": "HBoxModel", "state": {"children": ["IPY_MODEL_l", "IPY_MODEL_p",
                                                                     "IPY_MODEL_c"]}},
             "l": {"model_name": "HTMLModel", "state": {"value": "climb: 100%"}},
             "p": {"model_name": "FloatProgressModel", "state": {"value": 30, "max": 30}},
             "c": {"model_name": "HTMLModel", "state": {"value": " 30/30 [00:01]"}}}
    nb = {"metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {"state": state}}},
          "cells": [{"cell_type": "code", "outputs": [{"output_type": "display_data", "data": {
              "application/vnd.jupyter.widget-view+json": {"model_id": "b"}}}]}]}
    out = stage_widgets(nb)
    assert out["cells"][0]["outputs"][0]["data"]["text/html"] == (
        '<div class="gameai-progress">climb: 100% <progress value="30" max="30"></progress> '
        ' 30/30 [00:01]</div>')
    assert "widgets" not in out["metadata"]
    state["c"]["state"]["value"] = " 3/? [00:00, gain=0.5]"    # a bar without a known total
    live = stage_widgets({"metadata": {}, "cells": [{"outputs": [{"data": {
        "application/vnd.jupyter.widget-view+json": {"model_id": "b"}}}]}]})["cells"][0]["outputs"]
    assert [sorted(o["data"]) for o in live] == [      # not a bar: kept, the note above it
        ["text/html", "text/plain"], ["application/vnd.jupyter.widget-view+json"]]
    assert live[0]["data"]["text/html"].startswith('<p class="gameai-live-only">Live notebook only')
    nb["metadata"] = {"widgets": {"application/vnd.jupyter.widget-state+json": {"state": state}}}
    nb["cells"][0]["outputs"] = [{"output_type": "display_data", "data": {
        "application/vnd.jupyter.widget-view+json": {"model_id": "b"}}}]
    assert stage_widgets(nb)["cells"][0]["outputs"][0]["data"]["text/html"] == (
        '<div class="gameai-progress">climb: 100% 3 done [00:00, gain=0.5]</div>')
