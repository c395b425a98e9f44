"""Claims, the inventory and the report built from executed notebooks."""

import math

import nbformat
import pytest
from nbclient import NotebookClient

from studykit import claims as C
from studykit import comparisons as K
from studykit.inventory import Item
from studykit.report import MIME, build_report, read_records


def test_exact_claims_against_the_article_and_a_derived_reference():
    assert C.exact_claim("tally", "54,760", "54,760").status == C.EXACT
    assert C.exact_claim("mean", 26.546, 26.5463, tolerance=5e-4).status == C.EXACT
    off = C.exact_claim("tally", 1, 2, reason="typo in the article")
    assert off.status == C.DIFFERS and off.reason == "typo in the article" and off.test == "equal"
    assert C.exact_claim("tally", 1, 2).reason == C.UNEXPLAINED  # never a crash, never silent
    derived = C.exact_claim("optimum", 13, 13, source="derived: retrograde solver")
    assert derived.status == C.CONSISTENT and derived.test == "equal"
    with pytest.raises(ValueError, match="only a printed value"):
        C.Claim("x", "derived: LP", "1", "1", C.EXACT)
    with pytest.raises(ValueError, match="source"):
        C.Claim("x", "spec", "1", "1", C.EXACT)
    with pytest.raises(ValueError, match="needs the test"):
        C.Claim("x", "article", "1", "1", C.CONSISTENT)
    with pytest.raises(ValueError, match="status"):
        C.Claim("x", "article", "1", "1", "roughly")


def test_statistical_claim_uses_a_z_score_with_the_printed_rounding():
    ok = C.statistical_claim("P", 0.43, 0.44, 0.004, precision=0.005)
    assert ok.status == C.CONSISTENT and "±" in ok.ours and "|z| = 1.3" in ok.test
    # 3.7 standard errors off is not consistent, whatever a flat tolerance would say
    far = C.statistical_claim("mean", -31.2, -32.46, 0.34, fmt="{:.2f}", reason="GA detail")
    assert far.status == C.DIFFERS and far.reason == "GA detail" and "|z| = 3.7" in far.test
    combined = C.statistical_claim("mean", 1.0, 1.5, 0.2, reference_se=0.2)
    assert combined.status == C.CONSISTENT and "combined SE" in combined.test
    assert C.statistical_claim("m", 1.0, 1.0, 0.0).status == C.CONSISTENT
    assert C.statistical_claim("m", 1.0, 1.1, 0.0).status == C.DIFFERS
    for bad in (math.nan, -1.0, math.inf):
        with pytest.raises(ValueError, match="se"):
            C.statistical_claim("m", 1.0, 1.0, bad)
    with pytest.raises(ValueError, match="mean"):
        C.statistical_claim("m", 1.0, math.nan, 0.1)


def test_interval_check_and_beyond_claims():
    inside = C.interval_claim("win share", 0.5, 0.55, 0.48, 0.62)
    assert inside.status == C.CONSISTENT and "[0.480, 0.620]" in inside.ours
    assert C.interval_claim("win share", 0.7, 0.55, 0.48, 0.62).status == C.DIFFERS
    with pytest.raises(ValueError, match="low <= high"):
        C.interval_claim("w", 0.5, 0.5, 0.6, 0.4)
    held = C.check_claim("ranking", "a > b", "a > b", True, test="each gap > 2 SE")
    assert held.status == C.CONSISTENT
    met = C.beyond_claim("speed", "under 10 min", "4.2 min", True, test="wall time < 600 s")
    assert met.status == C.BEYOND_MET and met.source == C.GOAL
    assert C.beyond_claim("speed", "under 10 min", "12 min", False,
                          test="wall time < 600 s").status == C.BEYOND_NOT_MET


def test_a_variant_setting_is_never_compared_with_the_article():
    setting = C.compare_setting({"ROWS": 6, "DECK": [1, 2]}, {"ROWS": 8, "DECK": (1, 2)})
    assert not setting.is_article and setting.differences == ("ROWS = 6 (article: 8)",)
    assert C.compare_setting({"DECK": [1, 2]}, {"DECK": (1, 2)}).is_article
    for claim in (C.exact_claim("t", 10, 12, setting=setting),
                  C.statistical_claim("m", 1.0, 5.0, 0.1, setting=setting),
                  C.check_claim("o", "a", "b", False, test="t", setting=setting)):
        assert claim.status == C.VARIANT and "ROWS = 6" in claim.reason
    # a derived reference is still compared in a variant run
    derived = C.exact_claim("opt", 9, 9, source="derived: solver", setting=setting)
    assert derived.status == C.CONSISTENT
    with pytest.raises(ValueError, match="ROWS"):
        C.compare_setting({}, {"ROWS": 8})


def test_a_reference_setting_of_our_own_is_named_as_such():
    setting = C.compare_setting({"MAX_SIDE": 12}, {"MAX_SIDE": 10}, label="default")
    assert setting.differences == ("MAX_SIDE = 12 (default: 10)",) and not setting.is_article
    same = C.compare_setting({"MAX_SIDE": 10}, {"MAX_SIDE": 10}, label="default")
    assert same.describe() == "the default setting"          # never "the article's setting"
    assert C.compare_setting({"N": 1}, {"N": 1}).describe() == "the article's setting"
    with pytest.raises(ValueError, match="label"):
        C.compare_setting({"N": 1}, {"N": 1}, label="")


def test_inventory_items_need_a_section_or_a_reason():
    assert Item("Figure 1", "figure", section="The board").section == "The board"
    for bad in ({}, {"section": "A", "reason": "B"}):
        with pytest.raises(ValueError, match="exactly one"):
            Item("Figure 1", "figure", **bad)
    with pytest.raises(ValueError, match="kind"):
        Item("Figure 1", "picture", section="A")


def test_report_is_built_from_the_outputs_of_an_executed_notebook(tmp_path, monkeypatch):
    monkeypatch.delenv("GAMEAI_QUICK", raising=False)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from studykit import *\n"
        "s = compare_setting({'N': 3}, {'N': 3})\n"
        "record_claims('Set', '10_set', [exact_claim('a | b', 1, 1, setting=s)], setting=s)\n"
        "record_inventory('Set', '10_set', [Item('Figure 2', 'figure', reason='no data')])"),
        nbformat.v4.new_code_cell(
        "record_claims('Cat', '20_cat', [beyond_claim('fast', '< 1 s', '0.5 s', True, test='t')],"
        " setting=compare_setting({'N': 2}, {'N': 3}))")])
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    nb.metadata["papermill"] = {"duration": 61.0, "end_time": "2026-11-24T10:00:00"}
    path = tmp_path / "10_set.ipynb"
    nbformat.write(nb, path)
    records, meta = read_records(path)
    assert [r["kind"] for r in records] == ["claims", "inventory", "claims"]
    assert meta["duration"] == 61.0
    assert any("text/markdown" in o["data"] for c in nb.cells for o in c.outputs
               if MIME in o.get("data", {}))
    text = build_report([path], note="test")
    assert "## Set" in text and "## Cat" in text and "a \\| b" in text
    assert "| Figure 2 | figure |  | no data |" in text
    assert "N = 2 (article: 3)" in text and "61 s" in text and "2026-11-24" in text
    # issue 44: the notebook's rows are counted by kind, apart (article rows and goals of ours)
    assert "| article rows: 1 reproduced exactly; goals of ours: 1 met |" in text


def test_a_run_at_our_own_defaults_is_not_called_the_article_setting():
    from studykit.report import reference_name
    assert reference_name([{"reference": "default"}]) == "default"
    assert reference_name([{"reference": "article"}, {}]) == "article's"   # old records
    assert reference_name([{"reference": "default"}, {"reference": "article"}]) == \
        "article's, default"


def test_report_functions_refuse_what_they_cannot_use(tmp_path):
    from studykit.report import record_claims, record_inventory

    with pytest.raises(TypeError, match="Claim rows"):
        record_claims("Set", "10", [("a", "b")])
    with pytest.raises(ValueError, match="at least one claim"):
        record_claims("Set", "10", [])
    with pytest.raises(ValueError, match="Item"):
        record_inventory("Set", "10", ["Figure 1"])
    for name, content in (("bad.ipynb", b"\xff not json"), ("list.ipynb", b"[1, 2]")):
        (tmp_path / name).write_bytes(content)
        with pytest.raises(ValueError, match=name):
            read_records(tmp_path / name)
    with pytest.raises(ValueError, match="missing.ipynb"):
        read_records(tmp_path / "missing.ipynb")


def test_the_report_states_the_mode_each_run_recorded_not_the_builders(tmp_path, monkeypatch):
    """Issue 30 item 5: a quick run's notebook is 'quick' in the report built in a full-mode
    shell, and `make report`'s note says so instead of claiming full settings."""
    from studykit import report

    def executed(name, quick, source):
        monkeypatch.setenv("GAMEAI_QUICK", quick)
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
            "from studykit import *\n" + source)])
        NotebookClient(nb, timeout=120, kernel_name="python3").execute()
        nbformat.write(nb, tmp_path / f"{name}.ipynb")
        return tmp_path / f"{name}.ipynb"

    quick = executed("10_quick", "on", "record_claims('Q', '10_quick', [beyond_claim("
                                       "'runs', 'yes', 'yes', True, test='ran')])")
    full = executed("20_full", "off", "record_inventory('F', '20_full', "
                                      "[Item('Figure 1', 'figure', reason='no data')])")
    monkeypatch.delenv("GAMEAI_QUICK")          # the report is built in full mode
    out = tmp_path / "REPORT.md"
    assert report.main([str(quick), str(full), "--out", str(out)]) == 0
    text = out.read_text()
    assert "| 10_quick | quick |" in text and "| 20_full | full |" in text
    assert "1 ran in quick mode (10_quick)" in text and "every one at full" not in text
    monkeypatch.setenv("GAMEAI_QUICK", "1")     # and in quick mode: still what was recorded
    assert report.main([str(full), "--out", str(out)]) == 0
    assert "| 20_full | full |" in out.read_text() and "every one at full" in out.read_text()


def test_sources_are_article_authors_code_derived_or_regression():
    row = C.exact_claim("cat wins in", 10, 10, source="author's code: notebook Cat_Mouse_v1")
    assert row.status == C.EXACT and row.test == ""
    assert C.exact_claim("n", 3, 3, source="derived: a count").status == C.CONSISTENT
    for bad in ("Article", "derived:", "derived: ", "author's code:", "regression: x", "blog", 1):
        with pytest.raises(ValueError, match="source"):
            C.Claim("c", bad, "1", "1", C.CONSISTENT, test="t")
    with pytest.raises(ValueError, match="regression"):    # a regression source needs its status
        C.Claim("c", "regression: run 1", "1", "1", C.CONSISTENT, test="t")


def test_a_regression_check_is_its_own_kind_never_a_reproduction():
    held = C.regression_claim("wins", "0.10-0.12", "0.11", True, test="inside the range",
                              earlier="our runs of 2026-11")
    broken = C.regression_claim("wins", "0.10-0.12", "0.2", False, test="inside the range",
                                earlier="our runs of 2026-11")
    assert (held.status, broken.status) == (C.REGRESSION_HOLDS, C.REGRESSION_BROKEN)
    assert held.source == "regression: our runs of 2026-11" and broken.reason == C.UNEXPLAINED
    for bad in ("yes", 1, None):
        with pytest.raises(TypeError):
            C.regression_claim("w", "a", "b", bad, test="t", earlier="e")
    with pytest.raises(ValueError, match="earlier"):
        C.regression_claim("w", "a", "b", True, test="t", earlier=" ")
    with pytest.raises(ValueError, match="regression"):
        C.Claim("w", "derived: x", "a", "b", C.REGRESSION_HOLDS, test="t")


def test_the_sampling_error_of_a_share_from_a_sample_of_stated_size():
    assert K.share_se(0.1, 5000) == pytest.approx(math.sqrt(0.09 / 5000))
    assert K.share_se(0.0, 7) == 0.0
    # "about 1 in 10" from 5,000 games: 0.094 +- 0.0008 is 5 SE off alone, inside with the
    # article's own sampling error (and the printed rounding).
    alone = C.statistical_claim("p", 0.10, 0.094, 0.0008, precision=0.005 - 0.005)
    both = C.statistical_claim("p", 0.10, 0.094, 0.0008, reference_se=K.share_se(0.1, 5000))
    assert (alone.status, both.status) == (C.DIFFERS, C.CONSISTENT)
    for share, n in ((1.5, 10), (-0.1, 10), (float("nan"), 10), (0.5, 0), (0.5, 2.5),
                     (0.5, True)):
        with pytest.raises((TypeError, ValueError)):
            K.share_se(share, n)


def test_an_inventory_section_must_be_a_heading_of_its_notebook(tmp_path):
    from studykit.report import check_sections, notebook_headings
    items = [Item("Figure 1", "figure", section="Complete games"),
             Item("Table 2", "table", reason="not in our data")]
    check_sections(items, {"Complete games", "Setup"})
    check_sections(items, None)                             # a notebook run from elsewhere
    with pytest.raises(ValueError, match="not headings"):
        check_sections(items, {"Setup"})
    headings = notebook_headings("10_setgame")               # the committed notebook
    assert "Complete games" in headings and not any(h.startswith("#") for h in headings)
    assert notebook_headings("99_no_such_notebook") is None
    # a "#" comment inside a code cell is not a heading
    assert all(not h.startswith("!") for h in headings)


def test_every_committed_inventory_item_names_a_heading_of_its_notebook():
    from pathlib import Path

    from studykit.report import ROOT, check_sections, notebook_headings
    for path in sorted(Path(ROOT, "notebooks").glob("*.ipynb")):
        records, _ = read_records(path)
        items = [Item(**row) for r in records if r["kind"] == "inventory" for row in r["rows"]]
        check_sections(items, notebook_headings(path.stem))
