"""README figures measured by a notebook run, written from that notebook's saved outputs.

Every such figure in README.md is preceded by an invisible anchor naming where it comes from::

    the pairs solver <!--nb 10 ,.0f ^pairs \\| ([\\d.]+) \\|-->417 tables per second

``10`` is the notebook (``notebooks/10_*.ipynb``), ``,.0f`` the figure's Python format spec
(``=``: the captured text as printed), and the rest a regular expression with one group,
searched (multi-line) in the text of the notebook's saved outputs: streams, Markdown (the claim
tables), HTML tables (one row a line, cells ended by `` |``), else plain text. The figure is the
plain number right after the anchor (with its ``%`` when the format ends in ``%``), never
followed by a digit, nor by ``.``, ``,`` or ``e`` and a digit. Writing a figure twice writes it
once: only formats whose figures read back whole are accepted (``figure_format``:
``[+|-][,][.precision]type``, type one of ``d f F e E g G %``), and a value is only written if
it reads back as itself (``inf`` or ``12 s`` is a problem). An anchor never
opens a line (Markdown would read that line as raw HTML), and its regular expression neither
contains ``--`` nor ends with ``-`` (or the anchor would not be an HTML comment). ``make report``
(``python -m studykit``) rewrites every figure from the committed notebooks; ``--check`` lists
the figures that disagree, anchors that find nothing or more than one distinct value, and
notebooks whose recorded run was a quick one.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from studykit.paths import write_atomic
from studykit.report import read_records, recorded_mode

ROOT = Path(__file__).resolve().parent.parent
OPENING = "<!--nb "
ANCHOR = re.compile(r"<!--nb (?P<notebook>\d+) (?P<fmt>\S+) (?P<pattern>.+?)-->", re.DOTALL)
FORMAT = re.compile(r"[-+]?,?(?:\.\d{1,2})?[dfFeEgG%]")
NUMBER = r"[-+]?\d(?:,?\d)*(?:\.\d+)?(?:[eE][-+]?\d+)?"   # a figure: a plain number
FIGURE = re.compile(NUMBER + r"%?(?!\d|[.,eE][-+]?\d)")     # and nothing that would extend it


def figure_format(fmt) -> str:
    """``fmt`` when every figure it writes reads back whole: ``"="`` (the captured text, a
    plain number) or ``[+|-][,][.precision]type`` with type one of ``d f F e E g G %``.
    TypeError/ValueError naming ``fmt`` for any other (a width, fill, ``#`` or ``_`` would
    write text that is no plain number)."""
    if not isinstance(fmt, str):
        raise TypeError(f"fmt must be a format spec such as ',.0f', got {type(fmt).__name__}")
    if fmt != "=" and (FORMAT.fullmatch(fmt) is None or (fmt.endswith("d") and "." in fmt)):
        raise ValueError(f"fmt {fmt!r} cannot be read back from the README: use '=' or "
                         "[+|-][,][.precision]type with type one of d f F e E g G % "
                         "(no width, fill, '#' or '_')")
    return fmt


def readable(figure: str, fmt: str) -> bool:
    """Whether ``figure`` written after an anchor with ``fmt`` reads back as itself."""
    return re.fullmatch(NUMBER + ("%" if figure_format(fmt).endswith("%") else ""),
                        figure) is not None


@dataclass(frozen=True)
class Anchor:
    """One marked figure: where its value is found, how it is written, where it stands."""

    notebook: str
    fmt: str
    pattern: str
    figure: str
    start: int
    end: int
    line: int


def anchors(text: str) -> tuple[list[Anchor], list[str]]:
    """The marked figures of a README text, and the problems of anchors that are malformed."""
    found, problems = [], []
    for match in ANCHOR.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        try:
            read = FIGURE.match(text, match.end()) if figure_format(match["fmt"]) else None
        except ValueError as error:
            problems.append(f"README line {line}: {error}")
            continue
        figure, end = (read.group(), read.end()) if read else ("", match.end())
        if figure.endswith("%") and not match["fmt"].endswith("%"):
            figure, end = figure[:-1], end - 1
        if not figure:
            problems.append(f"README line {line}: no figure right after its anchor")
            continue
        if "--" in match["pattern"] or match["pattern"].endswith("-"):
            problems.append(f"README line {line}: a regular expression may not contain `--` or "
                            "end with `-` (Markdown would not read the anchor as a comment)")
            continue
        if not text[text.rfind("\n", 0, match.start()) + 1:match.start()].strip():
            problems.append(f"README line {line}: an anchor opens the line, so Markdown would "
                            "read the line as raw HTML; move a word in front of it")
            continue
        found.append(Anchor(match["notebook"], match["fmt"], match["pattern"], figure,
                            match.end(), end, line))
    if text.count(OPENING) != len(found) + len(problems):
        problems.append(f"README: {text.count(OPENING)} anchors opened, {len(found)} read; "
                        f"an anchor is `<!--nb NN FORMAT REGEX-->` followed by the figure")
    return found, problems


def html_tables(markup: str) -> list[str]:
    """The rows of every HTML table in ``markup``, one line each, cells ended by " |"."""
    rows = []
    for table in re.findall(r"<table.*?</table>", markup, flags=re.DOTALL):
        table = re.sub(r"\s+", " ", table)
        table = re.sub(r"</tr>", "\n", re.sub(r"</t[dh]>", " |", table))
        text = html.unescape(re.sub(r"<[^>]+>", "", table))
        rows += [re.sub(r" +", " ", row).strip() for row in text.splitlines() if row.strip()]
    return rows


def output_text(path: Path) -> str:
    """The text of a notebook's saved outputs that anchors search, one output after another."""
    cells = json.loads(Path(path).read_text()).get("cells", [])
    parts = []
    for output in (o for c in cells if c.get("cell_type") == "code" for o in c.get("outputs", [])):
        data = {k: "".join(v) if isinstance(v, list) else v
                for k, v in output.get("data", {}).items() if isinstance(v, (str, list))}
        if output.get("output_type") == "stream":
            parts.append("".join(output.get("text", "")))
        elif "text/markdown" in data:
            parts.append(data["text/markdown"])
        elif "<table" in data.get("text/html", ""):
            parts.append("\n".join(html_tables(data["text/html"])))
        elif "text/plain" in data:
            parts.append(data["text/plain"])
    return "\n".join(parts)


def notebook_path(number: str, folder: Path) -> Path:
    """``folder/NN_*.ipynb`` for the anchor's notebook number (exactly one must exist)."""
    paths = sorted(Path(folder).glob(f"{number}_*.ipynb"))
    if len(paths) != 1:
        raise ValueError(f"notebook {number}: {len(paths)} files {number}_*.ipynb in {folder}")
    return paths[0]


def number(text: str) -> float | int:
    """A printed number: thousands commas, a Unicode minus and a trailing % allowed."""
    clean = text.strip().replace(",", "").replace("\u2212", "-").removesuffix("%")
    try:
        return int(clean)
    except ValueError:
        return float(clean)


def expected(anchor: Anchor, text: str) -> str:
    """The figure as the notebook's outputs ``text`` give it; ValueError if they give none
    or more than one distinct value."""
    try:
        regex = re.compile(anchor.pattern, re.MULTILINE)
    except re.error as error:
        raise ValueError(f"bad regular expression ({error})") from None
    if regex.groups != 1:
        raise ValueError("the regular expression needs exactly one group")
    values = {m.group(1).strip() for m in regex.finditer(text)}
    if anchor.fmt != "=":
        try:
            values = {format(number(v), anchor.fmt) for v in values}
        except ValueError as error:
            raise ValueError(f"cannot format {sorted(values)} as {anchor.fmt!r} ({error})"
                             ) from None
    if len(values) != 1:
        raise ValueError(f"found {len(values)} distinct values {sorted(values)[:4]}")
    value = values.pop()
    if not readable(value, anchor.fmt):
        raise ValueError(f"{value!r} is not a figure the README can read back as written "
                         f"with fmt {anchor.fmt!r} (a finite, plain number)")
    return value


def resolve(readme: str, folder: Path) -> tuple[list[tuple[Anchor, str]], list[str]]:
    """Each well-formed anchor with its figure from the notebooks in ``folder``, and problems."""
    found, problems = anchors(readme)
    texts: dict[str, str | None] = {}
    resolved = []
    for anchor in found:
        where = f"README line {anchor.line} (notebook {anchor.notebook}, /{anchor.pattern}/)"
        if anchor.notebook not in texts:
            try:
                path = notebook_path(anchor.notebook, folder)
                texts[anchor.notebook] = output_text(path)
                if recorded_mode(read_records(path)[0]) == "quick":
                    problems.append(f"{path.name}: its recorded run is a quick one")
            except ValueError as error:
                texts[anchor.notebook] = None
                problems.append(f"{where}: {error}")
        if texts[anchor.notebook] is None:
            continue
        try:
            resolved.append((anchor, expected(anchor, texts[anchor.notebook])))
        except ValueError as error:
            problems.append(f"{where}: {error}")
    return resolved, problems


def check(readme: str, folder: Path) -> list[str]:
    """Every problem of the README's marked figures against the notebooks in ``folder``."""
    resolved, problems = resolve(readme, folder)
    return problems + [f"README line {a.line}: {a.figure} where notebook {a.notebook} gives "
                       f"{value} (/{a.pattern}/)" for a, value in resolved if a.figure != value]


def rewrite(readme: str, folder: Path) -> tuple[str, list[str]]:
    """The README with every marked figure written from the notebooks, and the problems (the
    text is unchanged when there are any)."""
    resolved, problems = resolve(readme, folder)
    if problems:
        return readme, problems
    for anchor, value in sorted(resolved, key=lambda pair: -pair[0].start):
        readme = readme[:anchor.start] + value + readme[anchor.end:]
    return readme, []


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m studykit readme",
        description="Write README.md's marked figures from the committed notebooks' outputs.")
    parser.add_argument("--check", action="store_true", help="only list disagreements")
    parser.add_argument("--readme", type=Path, default=ROOT / "README.md")
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks")
    args = parser.parse_args(argv)
    text = args.readme.read_text(encoding="utf-8")
    if args.check:
        problems = check(text, args.notebooks)
    else:
        new, problems = rewrite(text, args.notebooks)
        if not problems and new != text:
            write_atomic(args.readme, new)
        if not problems:
            print(f"{args.readme}: {len(anchors(new)[0])} figures from the notebooks, "
                  f"{'rewritten' if new != text else 'unchanged'}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
