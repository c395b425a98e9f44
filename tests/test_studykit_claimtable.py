"""Issue 44: a row's other reading in the tables, and the rows counted by kind, apart, in the
report's headline, each notebook's line and each study's summary."""

import nbformat

from studykit import claims as C
from studykit import report
from studykit.claimtable import (
    HEADER,
    OTHER_READING,
    counts_text,
    headline,
    kind,
    kind_counts,
    row_record,
    table_rows,
)
from studykit.verdicts import effect_claim, with_alternative


def rec(source, status, **more):
    return {"claim": "c", "source": source, "reference": "r", "ours": "o", "status": status,
            "test": "t", "reason": "", **more}


MADE_UP = [rec("article", C.EXACT), rec("article", C.DIFFERS), rec("article", C.CONSISTENT),
           rec("author's code: notebook v1", C.CONSISTENT), rec("article", C.VARIANT),
           rec("derived: exact count", C.CONSISTENT), rec("derived: LP", C.CONSISTENT),
           rec("derived: LP", C.DIFFERS), rec("article", C.INCONCLUSIVE),
           rec("derived: re-simulation", C.INCONCLUSIVE), rec(C.GOAL, C.BEYOND_MET),
           rec(C.GOAL, C.BEYOND_NOT_MET), rec("regression: run of 2026-11-28", C.REGRESSION_HOLDS),
           rec("regression: run of 2026-11-28", C.REGRESSION_HOLDS),
           rec("regression: run of 2026-11-28", C.REGRESSION_BROKEN)]


def test_rows_are_counted_by_kind_apart():
    assert [kind(r) for r in MADE_UP] == (
        ["article rows"] * 5 + ["derived checks"] * 3 + ["inconclusive"] * 2
        + ["goals of ours"] * 2 + ["regression checks"] * 3)
    counts = kind_counts(MADE_UP)
    assert counts["article rows"] == {C.EXACT: 1, C.DIFFERS: 1, C.CONSISTENT: 2, C.VARIANT: 1}
    assert counts["derived checks"] == {C.CONSISTENT: 2, C.DIFFERS: 1}
    assert counts_text(MADE_UP) == (
        "article rows: 1 reproduced exactly, 2 consistent within error, 1 differs, 1 setting "
        "differs; derived checks: 2 consistent within error, 1 differs; inconclusive: 2; goals "
        "of ours: 1 met, 1 not met; regression checks: 2 holds, 1 broken")
    assert counts_text([]) == "no claims"
    assert counts_text(MADE_UP[5:6]) == "derived checks: 1 consistent within error"
    assert headline(MADE_UP) == f"15 claim rows, counted apart: {counts_text(MADE_UP)}."


def test_other_readings_are_shown_beneath_and_counted_only_as_such():
    changed = rec("article", C.CONSISTENT, alternative={
        "choice": "counting rule", "reading": "the blog's loop", "ours": "0.059",
        "status": C.DIFFERS, "test": "|z| <= 2", "reason": "", "chosen": "every table",
        "reference": ""})
    same = rec("article", C.DIFFERS, alternative={**changed["alternative"], "chosen": "",
                                                  "reference": "r2"})
    rows = table_rows([MADE_UP[0], changed, same], [("nb0",), ("nb1",), ("nb2",)])
    assert rows[0] == ("c", "article", "r", "o", C.EXACT, "t", "", "nb0")
    assert rows[1] == tuple(changed[k] for k in HEADER) + ("nb1",)
    assert rows[2] == (f"{OTHER_READING} (counting rule): the blog's loop (ours: every "
                       "table)", "article", "r", "0.059", C.DIFFERS, "|z| <= 2", "", "nb1")
    assert rows[4][0] == f"{OTHER_READING} (counting rule): the blog's loop"
    assert rows[4][2] == "r2" and len(rows) == 5
    assert headline([changed, same]) == ("2 claim rows, counted apart: article rows: 1 consistent "
                                         "within error, 1 differs. 2 rows rest on a choice of "
                                         "ours; under the other reading 1 changes status.")


def test_a_row_without_an_alternative_is_stored_and_shown_as_before():
    row = C.exact_claim("tally", "54,760", "54,760")
    assert row_record(row) == {"claim": "tally", "source": "article", "reference": "54,760",
                               "ours": "54,760", "status": C.EXACT, "test": "", "reason": ""}
    assert table_rows([row_record(row)]) == [("tally", "article", "54,760", "54,760", C.EXACT,
                                              "", "")]
    other = with_alternative(row, choice="tally", reading="r", ours="54,761", status=C.DIFFERS,
                             test="equal")
    assert row_record(other)["alternative"]["ours"] == "54,761"


def test_record_claims_shows_the_other_reading_beneath(monkeypatch):
    shown = []
    monkeypatch.setattr(report, "_publish", lambda payload, md: shown.append((payload, md)))
    base = C.statistical_claim("no set 1 in 10", 0.1, 0.098, 0.004, precision=0.05)
    row = with_alternative(base, choice="counting rule", reading="the blog's loop",
                           other=C.statistical_claim("x", 0.1, 0.059, 0.003))
    report.record_claims("Set", "10_set", [row, C.exact_claim("t", 1, 1)])
    payload, md = shown[0]
    assert payload["rows"][0]["alternative"]["status"] == C.DIFFERS
    assert "alternative" not in payload["rows"][1]
    lines = md.splitlines()
    assert lines[0] == "| " + " | ".join(HEADER) + " |" and len(lines) == 5
    assert lines[3].startswith(f"| {OTHER_READING} (counting rule): the blog's loop | "
                               "article | 0.1000 | 0.0590 ± 0.0030 | differs |")


def notebook(path, *records):
    cells = [nbformat.v4.new_markdown_cell("## Results"), nbformat.v4.new_code_cell("x")]
    cells[1].outputs = [nbformat.v4.new_output("display_data", data={report.MIME: r})
                        for r in records]
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["papermill"] = {"duration": 10.0, "end_time": "2026-12-01T00:00:00"}
    nbformat.write(nb, path)
    return path


def claims_record(study, name, rows):
    return {"kind": "claims", "study": study, "notebook": name, "quick": False, "variant": [],
            "reference": "article", "rows": rows}


def test_build_report_counts_the_headline_and_each_study_apart(tmp_path):
    anneal = effect_claim("annealing helps", "helps out of local optima", 1231.0, -925.0, 3175.0,
                          interval="paired 95% interval", fmt="{:+.0f}")
    chess = with_alternative(C.check_claim("under 60 states", "less than 60", "84", False,
                                           test="84 < 60", reason="strict chess"),
                             choice="definition of a potential chess", reading="the loose one",
                             ours="32", status=C.CONSISTENT, test="32 < 60")
    first = notebook(tmp_path / "23_cat.ipynb", claims_record("Cat", "23_cat", [
        row_record(anneal), *MADE_UP[:2]]))
    second = notebook(tmp_path / "40_mix.ipynb", claims_record("MIX", "40_mix", [
        row_record(chess), *MADE_UP[10:]]))
    text = report.build_report([first, second], note="n")
    every = [row_record(anneal), *MADE_UP[:2], row_record(chess), *MADE_UP[10:]]
    assert f"**Headline.** {headline(every)}" in text
    assert ("9 claim rows, counted apart: article rows: 1 reproduced exactly, 2 differs; "
            "inconclusive: 1; goals of ours: 1 met, 1 not met; regression checks: 2 holds, "
            "1 broken. 1 row rests on a choice of ours; under the other reading 1 changes "
            "status.") in text
    assert "| 23_cat | full | article's | 2026-12-01 | 10 s | article rows: 1 reproduced " \
           "exactly, 1 differs; inconclusive: 1 |" in text
    assert "Counted apart: article rows: 1 reproduced exactly, 1 differs; inconclusive: 1." \
        in text
    assert "Counted apart: article rows: 1 differs; goals of ours: 1 met, 1 not met; " \
           "regression checks: 2 holds, 1 broken. 1 row rests on a choice of ours; under the " \
           "other reading 1 changes status." in text
    assert "| annealing helps | article | helps out of local optima | +1231 [-925, +3175] | " \
           "inconclusive |" in text
    link = "[40_mix](../notebooks/40_mix.ipynb#results)"
    assert f"| {OTHER_READING} (definition of a potential chess): the loose one | article " \
           f"| less than 60 | 32 | consistent within error | 32 < 60 |  | {link} |" in text
    assert "*inconclusive*: the experiment shows neither" in text and OTHER_READING in text
