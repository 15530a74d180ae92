"""The PostCard Football drive log: a valid PDF on both papers, columns in notation order,
team names, and widths true to the layout."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from printkit.layout import load_layout
from printkit.units import MM
from tests.helpers import check_pdf, render_sheet, run_cli

HEADINGS = ["#", "Action", "Picks", "Hawks dice", "Bears dice", "= Outcome", "Time marks",
            "Ball", "Down & go", "Spot", "Score H-A", "T H/A", "P H/A", "B H/A", "Sack",
            "; Comment"]


def render(paper: str) -> bytes:
    return render_sheet("postcard", "drivelog", paper=paper, home="Hawks", away="Bears")


@pytest.mark.parametrize("paper, size", [("letter", (792, 612)), ("a4", (842, 595))])
def test_pdf_on_both_papers(paper, size):
    data = render(paper)
    pdf = check_pdf(data)
    assert len(pdf.pages) == 1
    box = [float(v) for v in pdf.pages[0].mediabox]
    assert (round(box[2]), round(box[3])) == size          # landscape
    with pdfplumber.open(io.BytesIO(data)) as doc:
        text = doc.pages[0].extract_text()
    assert "PostCard Football drive log" in text
    assert "Home: Hawks" in text and "Away: Bears" in text
    for label in ("Date", "Seed (play book)", "Result H-A", "Home team skill", "sheet"):
        assert label in text
    assert "HxA = Home crosses the next Time Tracker circle" in text


def test_columns_in_notation_order_and_true_widths():
    data = render("letter")
    layout = load_layout("postcard-drivelog")
    with pdfplumber.open(io.BytesIO(data)) as doc:
        words = doc.pages[0].extract_words(keep_blank_chars=True, y_tolerance=1)
    header = [w for w in words if w["text"].strip() in HEADINGS
              or w["text"].startswith("Picks")]
    row = min(header, key=lambda w: abs(w["top"] - next(
        x["top"] for x in words if x["text"].strip() == "Action")))
    in_row = sorted((w for w in header if abs(w["top"] - row["top"]) < 3),
                    key=lambda w: w["x0"])
    names = [w["text"].strip() for w in in_row]
    assert names[0] == "#" and names[1] == "Action" and names[-1] == "; Comment"
    assert [n for n in names if n in HEADINGS] == [h for h in HEADINGS if h in names]
    x = {w["text"].strip(): w["x0"] for w in in_row}
    assert x["Hawks dice"] - x["Action"] == pytest.approx(
        layout.length("table.action_width") + layout.length("table.picks_width"), abs=0.5)
    assert x["Spot"] - x["Down & go"] == pytest.approx(layout.length("table.down_width"),
                                                      abs=0.5)
    assert layout.length("table.row_height") == pytest.approx(5.6 * MM)


def test_example_rows_type_up_into_a_clean_record(tmp_path):
    layout = load_layout("postcard-drivelog")
    lines = ['[Game "postcard"]']
    for raw in layout.list("example.lines"):
        cells = str(raw).split("|")
        _, action, picks, home, away, outcome, marks, ball, down, spot, score, t, p, b = \
            cells[:14]
        # each state value in its own column, as the legend's "State:" line lists them (a
        # toss's KO once stood under "Down & go": the typed-up state read the same)
        assert ball in ("", "H", "A", "KO", "TRY", "SK", "END"), raw
        assert down == "" or down.split("&")[0] in ("1", "2", "3", "4"), raw
        parts = [action, picks, *(f"H{d}" for d in home.split() if d),
                 *(f"A{d}" for d in away.split() if d)]
        if outcome or marks:
            parts += ["=", outcome, marks]
        state = " ".join(v for v in (ball, down, spot, score, t and f"T{t}", p and f"P{p}",
                                     b and f"B{b}") if v)
        if state:
            parts.append("{" + state + "}")
        lines.append(" ".join(x for x in parts if x))
    path = tmp_path / "typed.rec"
    path.write_text("\n".join(lines) + "\n")
    result = run_cli("verify", str(path))
    assert result.code == 0, (lines, result.stdout)


def test_render_command_writes_both_papers(workdir):
    for paper in ("letter", "a4"):
        result = run_cli("render", "postcard", "drivelog", "--paper", paper, "--home", "Owls")
        assert result.code == 0, result.stderr
        out = workdir / "output" / f"postcard-drivelog-{paper}.pdf"
        check_pdf(out.read_bytes())


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_example_is_beside_the_table_not_in_its_rows(paper):
    """Issue 30: the first 5 of 28 rows held a pre-printed example. Every row of the table is
    blank (its pre-printed 'v' and '&' only); the example's lines stand under the table's
    last row, under their own title."""
    with pdfplumber.open(io.BytesIO(render(paper))) as doc:
        words = doc.pages[0].extract_words()
    home = next(w for w in words if w["text"] == "Hawks")     # the next column's heading
    separators = [w for w in words if w["text"] == "v" and w["x1"] < home["x0"]]
    last_row = max(w["top"] for w in separators)
    title = next(w for w in words if w["text"] == "Example:")
    assert title["top"] > last_row
    for text in ("toss", "kickoff", "touchback", "rush", "tackle", "4v2", "5v3"):
        hits = [w for w in words if w["text"] == text]
        assert hits and all(w["top"] > title["top"] for w in hits), text
    # every table row has its separators: none left out for an example
    amps = [w for w in words if w["text"] == "&" and w["top"] < title["top"]]
    assert len(separators) == len(amps) >= 18
