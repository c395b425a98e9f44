"""The notebooks as people work in them: JupyterLab driven in headless Chromium.

One JupyterLab serves the working copies `make lab` makes (book/lab.py, in a temporary
folder) in quick mode (the repository is never touched); every request outside 127.0.0.1 is
blocked and fails the test, and so does any error
the kernel reports, a cell's or a widget callback's. Notebook 32: clear, Run All, a duplicate
bid refused and a valid one played through the widget, then CARDS changed in the first cell,
restart and Run All: the widget and the claim table follow. Notebook 40: Run All, columns
clicked, the board and the status line answer with the program's reply. Notebook 10: its
committed animation plays as opened (the copy is trusted as `make lab` trusts it), and again
after Run All; an animation in a notebook Lab does not trust says what to do, and plays once
rerun. The last test shows each check failing on a notebook broken on purpose.
Screenshots of every step stay in results/lab-screenshots/<test>/ when a test fails.
"""

import re
import shutil
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import nbformat
import pytest
from book_browser import STALE_OUTPUTS
from lab_browser import STEP_TIMEOUT_MS, LabSession, lab_server
from matplotlib.animation import FuncAnimation
from playwright.sync_api import expect

pytestmark = pytest.mark.slow
expect.set_options(timeout=STEP_TIMEOUT_MS)

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "results" / "lab-screenshots"


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    with lab_server(ROOT / "notebooks", tmp_path_factory.mktemp("lab")) as lab:
        yield lab


@pytest.fixture
def session(request, lab, browser):
    """A page on the Lab; its screenshots are removed when the test passes."""
    shots = SHOTS / request.node.name
    shutil.rmtree(shots, ignore_errors=True)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    s = LabSession.open(context, lab, shots)
    yield s
    if shots.exists():                       # the test failed: keep where it stopped too
        try:
            s.shot("at_failure")
        except Exception as error:           # a page that crashed takes no picture
            (shots / "at_failure.txt").write_text(f"no screenshot: {error}")
    context.close()
    lab.shut_down_kernels()


def passed(s: LabSession) -> None:
    """The end of a live test: nothing left the machine, the kernel reported no error."""
    assert not s.outside, f"requests outside 127.0.0.1: {s.outside}"
    assert not s.kernel_errors(), s.kernel_errors()
    shutil.rmtree(s.shots)


def widget_output(s: LabSession, text: str):
    """The first output area holding a button with this text."""
    page = s.page
    return page.locator(".jp-OutputArea-output").filter(
        has=page.get_by_role("button", name=text, exact=True)).first


def test_goofspiel_widget_and_a_changed_constant(session):
    s, page = session, session.page
    s.open_notebook("32_goofspiel_play.ipynb")
    s.command("notebook:clear-all-cell-outputs")
    expect(page.locator(".jp-OutputArea-output")).to_have_count(0)
    s.shot("cleared")
    assert s.run_all() == []

    game = widget_output(s, "play round")
    bids = game.locator(".widget-dropdown select")
    expect(bids).to_have_count(7)
    bids.nth(0).select_option(label="7")                  # 7 twice: prizes 1 and 7
    game.get_by_role("button", name="play round").click()
    expect(game).to_contain_text("Not played: card 7 is bid 2 times")
    s.shot("duplicate_refused")
    bids.nth(0).select_option(label="1")
    game.get_by_role("button", name="play round").click()
    expect(game).to_contain_text(re.compile(r"Round 1: you [\d.]+, bot 1 [\d.]+\."))
    expect(game).to_contain_text("Round 1, prize by prize")
    s.shot("round_played")

    first = s.first_code_cell()
    source = s.cell_source(first)
    assert "CARDS = 7" in source
    s.set_cell_source(first, source.replace("CARDS = 7", "CARDS = 5"))
    assert s.run_all(restart=True) == []
    game = widget_output(s, "play round")
    expect(game.locator(".widget-dropdown select")).to_have_count(5)
    expect(game).to_contain_text("each of your cards 1-5 once")
    claims = page.locator(".jp-RenderedMarkdown").filter(has_text="Variant run").first
    expect(claims).to_contain_text("Variant run: CARDS = 5 (article: 7)")
    expect(claims.locator("th").first).to_have_text("claim")   # a table, not Markdown text
    s.shot("variant")
    passed(s)


def test_mix_widget_answers_each_click(session):
    s, page = session, session.page
    s.open_notebook("40_mix.ipynb")
    if STALE_OUTPUTS.get("40_mix", ("",))[0] == "lab":   # its committed animation links a CDN
        s.poll(lambda: s.outside)
        assert s.outside and all("font-awesome" in url for url in s.outside), s.outside
        s.outside.clear()
    assert s.run_all() == []
    widget = page.locator(".jp-OutputArea-output").filter(has=page.locator(".mix-board")).first
    board = widget.locator(".mix-board")
    board.scroll_into_view_if_needed()
    discs = board.locator(":scope > div")
    expect(discs).to_have_count(200)
    for c in (0, 9, 10, 19):                               # each button above its column
        button = widget.get_by_role("button", name=str(c), exact=True).bounding_box()
        disc = discs.nth(c).bounding_box()
        assert abs((button["x"] + button["width"] / 2) - (disc["x"] + disc["width"] / 2)) < 3
    status = widget.locator(".widget-html").last
    expect(status).to_contain_text("Your move: click a column.")
    s.shot("opening")
    for column in (3, 12):
        before = board.inner_html()
        widget.get_by_role("button", name=str(column), exact=True).click()
        expect(status).to_contain_text(re.compile(
            rf"You \(X\) played column {column}, the program \(O\) answered in column \d+"))
        assert board.inner_html() != before
        s.shot(f"clicked_{column}")
    reds = board.locator(':scope > div[style*="#d62728"]')
    blues = board.locator(':scope > div[style*="#1f77b4"]')
    expect(reds).to_have_count(2)
    expect(blues).to_have_count(2)
    passed(s)


def animation_plays(s: LabSession) -> None:
    """The first animation of the notebook shows a frame and moves on when Play is pressed."""
    anim = s.page.locator(".jp-OutputArea-output .animation").first
    anim.scroll_into_view_if_needed()
    slider = anim.locator("input.anim-slider")
    expect(anim.locator("img").first).to_have_attribute("src", re.compile("^data:image"))
    anim.get_by_role("button", name="First frame", exact=True).click()
    expect(slider).to_have_value("0")
    anim.get_by_role("button", name="Play", exact=True).click()
    expect(slider).not_to_have_value("0")


def test_animation_plays_as_committed_and_after_running(session):
    s = session
    s.open_notebook("10_setgame.ipynb")                   # the committed outputs, not rerun
    animation_plays(s)
    s.shot("committed_animation")
    assert s.run_all() == []
    animation_plays(s)
    s.shot("animation_after_run")
    passed(s)


TINY_ANIMATION = (
    "import matplotlib.pyplot as plt\nfrom matplotlib.animation import FuncAnimation\n"
    "from studykit import show_animation\n"
    "fig, ax = plt.subplots(figsize=(2, 2), dpi=40)\nline, = ax.plot([0, 1], [0, 1])\n"
    "show_animation(FuncAnimation(fig, lambda i: [line], frames=3), fps=2)")


def test_an_untrusted_animation_says_what_to_do(session, lab):
    """Issue 45 point 4: an animation saved in a notebook Lab does not trust (its scripts are
    stripped) shows the note saying how to see it; run again, the note is gone and it plays."""
    from studykit.animation import show_animation

    fig, ax = plt.subplots(figsize=(2, 2), dpi=40)
    line, = ax.plot([0, 1], [0, 1])
    shown = show_animation(FuncAnimation(fig, lambda i: [line], frames=3), fps=2)
    cell = nbformat.v4.new_code_cell(TINY_ANIMATION)
    cell.outputs = [nbformat.v4.new_output("display_data", data={
        "text/html": shown._repr_html_(), "text/plain": repr(shown)})]
    nb = nbformat.v4.new_notebook(cells=[cell])
    nb.metadata.kernelspec = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lab.folder / "untrusted.ipynb")       # written after `jupyter trust`
    s = session
    s.open_notebook("untrusted.ipynb")
    note = s.page.locator(".jp-OutputArea-output").filter(has_text="needs a trusted notebook")
    expect(note).to_be_visible()
    expect(note).to_contain_text("make lab")
    s.shot("untrusted_note")
    assert s.run_all() == []
    expect(note).to_have_count(0)
    animation_plays(s)
    s.shot("rerun_plays")
    passed(s)


BROKEN = [
    "import ipywidgets as w\nboom = w.Button(description='boom')\n"
    "def explode(_):\n    raise RuntimeError('callback raised')\nboom.on_click(explode)\nboom",
    "from IPython.display import HTML\nHTML('<img src=\"https://example.invalid/pixel.png\">')",
    "raise ValueError('cell raised')",
    "print('not reached')",
]


def test_live_checks_fail_on_a_broken_notebook(session, lab):
    """A widget callback that raises, an output fetching an outside host, a cell that errors:
    each is caught by the check the tests above rely on."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(code) for code in BROKEN]
    nb.metadata.kernelspec = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, lab.folder / "broken.ipynb")
    s = session
    s.open_notebook("broken.ipynb")
    assert s.run_all() == ["cell 2: ValueError: cell raised"]          # a cell errors
    s.poll(lambda: s.outside)
    assert set(s.outside) == {"https://example.invalid/pixel.png"}     # an outside host
    assert s.kernel_errors() == ["ValueError: cell raised"]
    widget_output(s, "boom").get_by_role("button", name="boom").click()
    s.page.wait_for_function("window.__kernelErrors.length > 1", timeout=STEP_TIMEOUT_MS)
    assert s.kernel_errors()[1] == "RuntimeError: callback raised"    # a callback raises
    with pytest.raises(AssertionError, match="requests outside 127.0.0.1"):
        passed(s)
    s.outside.clear()
    with pytest.raises(AssertionError, match="callback raised"):
        passed(s)
    shutil.rmtree(s.shots)


def test_file_browser_lists_each_notebook_once_and_saves_only_the_copy(session, lab):
    """Issue 45 items 2 and 8: `make lab` works on copies (book/lab.py), so the file browser
    shows each notebook once (no .py twin) and saving one writes the copy, never notebooks/."""
    committed = {p.name: p.read_bytes() for p in (ROOT / "notebooks").glob("[0-9]*.*")}
    s = session
    s.open_notebook("32_goofspiel_play.ipynb")
    items = s.page.locator(".jp-DirListing-itemText")
    expect(items.first).to_be_visible()
    names = sorted(items.all_inner_texts())
    s.shot("file_browser")
    assert not [n for n in names if n.endswith(".py")], names
    for notebook in (n for n in committed if n.endswith(".ipynb")):
        assert names.count(notebook) == 1, (notebook, names)
    s.command("notebook:run-cell")          # a change, then Save: JupyterLab writes the copy
    s.command("docmanager:save")
    s.poll(lambda: (lab.folder / "32_goofspiel_play.ipynb").stat().st_mtime >
           (ROOT / "notebooks" / "32_goofspiel_play.ipynb").stat().st_mtime)
    assert {p.name: p.read_bytes() for p in (ROOT / "notebooks").glob("[0-9]*.*")} == committed
    assert not list(lab.folder.glob("*.py")), "Lab wrote a jupytext twin beside a copy"
    passed(s)


def test_lab_copies_are_made_once_and_kept(tmp_path):
    """book/lab.py: a first `make lab` copies every notebook, unpaired; a later one keeps the
    copies (a reader's work) and refuses to use notebooks/ itself as the working folder."""
    from lab_browser import lab_copies
    copies = lab_copies()
    copied, kept = copies.prepare(tmp_path / "lab")
    assert len(copied) == len(list((ROOT / "notebooks").glob("[0-9]*.ipynb"))) and not kept
    first = copied[0]
    assert "jupytext" not in nbformat.read(first, as_version=4).metadata
    first.write_text(first.read_text().replace('"cells"', '"cells"', 1) + " ")
    mine = first.read_text()
    copied, kept = copies.prepare(tmp_path / "lab")
    assert not copied and first in kept and first.read_text() == mine
    assert (tmp_path / "lab" / ".gitignore").read_text().splitlines()[-1] == "*"
    with pytest.raises(ValueError, match="lab must be a folder of its own"):
        copies.prepare(ROOT / "notebooks")


def test_make_lab_opens_the_copies_and_allows_root_only_for_root():
    """Issue 45 item 8: as root, Jupyter refuses to start without --allow-root; `make lab`
    passes it then, and only then, and opens lab/, not notebooks/."""
    import os
    import subprocess
    plan = subprocess.run(["make", "-n", "lab"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout
    assert "book/lab.py lab" in plan and "--notebook-dir=lab" in plan
    assert ("--allow-root" in plan) == (os.geteuid() == 0), plan
