"""The first cells of the MIX notebooks as papermill runs them: the parameters cell, the values
papermill injects after it, the quick-mode cell and the checks. A value given to papermill wins
over the quick value (and so is checked), and quick mode is on only for a true GAMEAI_QUICK."""

from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def code_cells(name: str) -> list[str]:
    """The code cells of a notebook's py:percent twin, from its parameters cell on."""
    cells, current = [], None
    for line in (NOTEBOOKS / f"{name}.py").read_text().splitlines(keepends=True):
        if line.startswith("# %%"):
            current = [] if "[markdown]" not in line else None
            cells.append((line, current))
        elif current is not None:
            current.append(line)
    code = [(head, "".join(body)) for head, body in cells if body is not None]
    start = next(i for i, (head, _) in enumerate(code) if "parameters" in head)
    return [body for _, body in code[start:]]


def first_cells(name: str, injected: dict, quick: str | None, monkeypatch) -> dict:
    """Run the parameters cell, papermill's injected cell, the quick-mode cell and the checks;
    returns the notebook's namespace."""
    if quick is None:
        monkeypatch.delenv("GAMEAI_QUICK", raising=False)
    else:
        monkeypatch.setenv("GAMEAI_QUICK", quick)
    parameters, quick_cell, checks = code_cells(name)[:3]
    assert "shrink(globals()" in quick_cell, "the quick-mode cell must use studykit.shrink"
    source = "# Parameters\n" + "".join(f"{k} = {v!r}\n" for k, v in injected.items())
    namespace = {"__name__": "__main__", "_ih": ["", parameters, source]}
    for cell in (parameters, source, quick_cell, checks):
        exec(compile(cell, f"<{name}>", "exec"), namespace)  # noqa: S102 - our own notebook
    return namespace


def test_notebook_40_keeps_papermill_values_in_quick_mode(monkeypatch):
    ns = first_cells("40_mix", {"TRAIN_GAMES": 40, "SEEDS": 3}, "1", monkeypatch)
    assert (ns["TRAIN_GAMES"], ns["SEEDS"]) == (40, 3)        # the user's values win
    assert ns["RANDOM_GAMES"] == 2_000 and ns["LADDER_GAMES"] == 1  # the rest is shrunk
    assert ns["AB_DEPTHS"] == (2,) and ns["DEEP"] == 3


def test_notebook_40_checks_an_invalid_override_in_quick_mode(monkeypatch):
    with pytest.raises(ValueError, match="SEEDS"):
        first_cells("40_mix", {"SEEDS": 1}, "1", monkeypatch)
    with pytest.raises(ValueError, match="TRAIN_GAMES"):
        first_cells("40_mix", {"TRAIN_GAMES": -1}, "1", monkeypatch)


@pytest.mark.parametrize("quick", [None, "0", "", "false", "no"])
def test_notebook_40_is_quick_only_for_a_true_value(monkeypatch, quick):
    ns = first_cells("40_mix", {}, quick, monkeypatch)
    assert (ns["TRAIN_GAMES"], ns["SEEDS"], ns["RANDOM_GAMES"]) == (500, 5, 100_000)


def test_notebook_41_keeps_papermill_values_in_quick_mode(monkeypatch):
    ns = first_cells("41_mix_selftaught", {"TRAIN_GAMES": 600, "CHUNKS": 2}, "1", monkeypatch)
    assert (ns["TRAIN_GAMES"], ns["CHUNKS"], ns["CURVE_POINTS"]) == (600, 2, 3)
    with pytest.raises(ValueError, match="CURVE_POINTS"):
        first_cells("41_mix_selftaught", {"CURVE_POINTS": 1}, "1", monkeypatch)
    assert first_cells("41_mix_selftaught", {}, "0", monkeypatch)["TRAIN_GAMES"] == 20_000
