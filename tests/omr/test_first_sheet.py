"""`render GAME bubblelog --sheets N --first-sheet K`: a long game's next blank sheets K to N,
each with its own number in its code, the same pages as sheets K to N of `--sheets N`; the
option's misuses are one line each (exit 2). Sheet numbers and lines typed by hand: a Luck of
the Draw decision sheet holds 36 lines, so sheet 4 holds lines 109-144."""

from __future__ import annotations

from tests.helpers import coded_pages, run_cli


def test_sheets_four_to_six_are_the_full_run_s_last_three(tmp_path):
    args = ("render", "luckdraw", "bubblelog", "--seed", "demo", "--match", "M2", "--home",
            "Owls", "--away", "Hawks", "--sheets", "6")
    assert run_cli(*args, "--out", tmp_path / "all.pdf").code == 0
    r = run_cli(*args, "--first-sheet", "4", "--out", tmp_path / "next.pdf")
    assert r.code == 0, r.stderr
    whole, part = coded_pages(tmp_path / "all.pdf"), coded_pages(tmp_path / "next.pdf")
    assert [code.split(";")[4] for code, _ in part] == ["4", "5", "6"]
    assert part == whole[3:]
    assert "sheet 4 of 6" in part[0][1] and "lines 109-144" in part[0][1]
    assert "sheet 6 of 6" in part[2][1] and "lines 181-216" in part[2][1]


def test_first_sheet_misuses_are_one_line_each(tmp_path):
    out = str(tmp_path / "x.pdf")
    cases = {
        ("--seed", "demo", "--first-sheet", "2"):
            "--first-sheet needs --sheets, the last sheet to print (--sheets 6 --first-sheet "
            "4: sheets 4-6)",
        ("--seed", "demo", "--sheets", "2", "--first-sheet", "3"):
            "--first-sheet 3 is past --sheets 2, the last sheet to print",
        ("--fillable", "--sheets", "2", "--first-sheet", "2"):
            "--first-sheet: blank bubble sheets only (not with --from or --fillable)",
    }
    for args, said in cases.items():
        r = run_cli("render", "luckdraw", "bubblelog", *args, "--out", out)
        assert (r.code, r.stderr) == (2, f"printkit: error: {said}\n"), args
    r = run_cli("render", "luckdraw", "refcard", "--first-sheet", "2", "--out", out)
    assert r.code == 2 and "--first-sheet" in r.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_three_digit_line_numbers_stay_clear_of_the_edge(tmp_path):
    """Lines 100 on (sheet 3 on of a Luck of the Draw decision log, 36 lines a sheet): each
    number whole, at 8 pt or more, nothing within 0.25 in of the paper's edge (the number
    column was drawn for two digits: a third one reached 0.23 in)."""
    import pdfplumber

    out = tmp_path / "late.pdf"
    assert run_cli("render", "luckdraw", "bubblelog", "--seed", "demo", "--sheets", "4",
                   "--first-sheet", "3", "--out", str(out)).code == 0
    with pdfplumber.open(out) as doc:
        for page in doc.pages:
            chars = [c for c in page.chars if c["text"].strip()]
            assert min(c["x0"] for c in chars) >= 0.25 * 72
            numbers = [w for w in page.extract_words() if w["x1"] < 0.75 * 72]
            for w in numbers:
                if len(w["text"]) == 3:
                    sizes = {round(c["size"], 2) for c in chars
                             if c["x0"] >= w["x0"] - 0.1 and c["x1"] <= w["x1"] + 0.1
                             and abs(c["top"] - w["top"]) < 1}
                    assert min(sizes) >= 7.99, (w["text"], sizes)
        texts = [p.extract_text() for p in doc.pages]
    assert "108" in texts[0] and "109" in texts[1] and "144" in texts[1]
