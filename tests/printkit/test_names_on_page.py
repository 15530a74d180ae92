"""Nothing printed off the page: long team names, names the fonts cannot print, layout values
that push text out.

Every printable is drawn with the longest names a person may give (40 characters, and a
real pair of club names) on both papers, and every character read back with pdfium (not
the check the renderer runs) must lie at least 0.25 in (18 pt) inside the page.
"""

from __future__ import annotations

import io

import pdfplumber
import pypdfium2 as pdfium
import pytest

from printkit import sheets
from printkit.layout import load_layout
from tests.helpers import run_cli

SAFE = 18.0
WIDE = "W" * 40                               # the widest letter, as many as a name may hold
CLUBS = ("Wolverhampton Wanderers Football Club", "Brighton & Hove Albion Football Club")
PRINTABLES = sheets.available()


def _off_page(pdf: bytes) -> list[str]:
    """Characters whose box (the font's, as pdfium gives it loose) reaches into the 18 pt band
    at a page's edge."""
    out = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for k in range(len(doc)):
            page = doc[k]
            width, height = page.get_size()
            text = page.get_textpage()
            for i in range(text.count_chars()):
                ch = text.get_text_range(i, 1)
                if ch.isspace() or not ch:
                    continue
                x0, bottom, x1, top = text.get_charbox(i, loose=True)
                if (x0 < SAFE - 0.75 or x1 > width - SAFE + 0.75
                        or height - top < SAFE - 0.75 or bottom < SAFE - 0.75):
                    out.append(f"{ch!r} p{k + 1} x {x0:.0f}-{x1:.0f} y {height - top:.0f}-"
                               f"{height - bottom:.0f}")
    finally:
        doc.close()
    return out


@pytest.mark.parametrize("names", [("HOME", "AWAY"), (WIDE, WIDE), CLUBS],
                         ids=["plain", "40W", "clubs"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(("game", "sheet"), PRINTABLES, ids=[f"{g}-{s}" for g, s in PRINTABLES])
def test_every_printable_keeps_long_names_on_the_page(game, sheet, paper, names):
    p = sheets.get(game, sheet)
    opts = sheets.RenderOptions(paper=paper, home=names[0], away=names[1])
    pdf = sheets.render(p, opts, load_layout(p.layout))
    assert _off_page(pdf) == []


def test_a_long_name_is_shrunk_then_cut_in_its_box():
    """The grid game's score sheet: the home name heads a two-column block; 40 W's cannot
    fit at 8 pt, so it is cut with an ellipsis; a short name stays whole at the layout's size."""
    p = sheets.get("cardgrid", "scoresheet")
    pdf = sheets.render(p, sheets.RenderOptions(home=WIDE, away="Foxes"), load_layout(p.layout))
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        text = doc.pages[0].extract_text()
        sizes = {round(ch["size"], 2) for ch in doc.pages[0].chars}
    assert "WWW\u2026" in text and WIDE not in text
    assert "Foxes" in text
    assert min(sizes) >= 8


@pytest.mark.parametrize(("name", "message"), [
    ("A" * 41, "--home: a name of 41 characters (at most 40)"),
    ("Team \U0001F98A", "--home: '\U0001F98A' (U+1F98A) is not in the sheets' font (DejaVu "
                        "Sans): leave it out or spell it in letters"),
    ("\u6771\u4eac FC", "--home: '\u6771' (U+6771) is not in the sheets' font (DejaVu Sans): "
                        "leave it out or spell it in letters"),
    ("Red\u202eBlue", "--home: a name may not hold the control character U+202E"),
    ('The "Reds"', '--home: a name may not hold " or \\'),
])
def test_a_name_the_sheets_cannot_print_is_refused(tmp_path, name, message):
    r = run_cli("render", "postcard", "board", "--home", name, "--out", tmp_path / "b.pdf")
    assert (r.code, r.stderr) == (2, f"printkit: error: {message}\n")
    assert not (tmp_path / "b.pdf").exists()


def test_the_away_option_is_named_and_emoji_the_font_has_print(tmp_path):
    r = run_cli("render", "postcard", "board", "--away", "x" * 100, "--out", tmp_path / "b.pdf")
    assert r.stderr == "printkit: error: --away: a name of 100 characters (at most 40)\n"
    r = run_cli("render", "postcard", "board", "--home", "Smiles \U0001F600",
                "--out", tmp_path / "b.pdf")
    assert r.code == 0, r.stderr
    with pdfplumber.open(tmp_path / "b.pdf") as doc:
        # drawn with DejaVu's glyph; reportlab's text layer maps a character beyond U+FFFF
        # to its low 16 bits, so the extracted text shows U+1F60 where U+1F600 is printed
        assert "Smiles \u1f60 v AWAY" in doc.pages[0].extract_text()


def test_a_roster_name_the_sheets_cannot_print_names_its_line(tmp_path):
    roster = tmp_path / "class.csv"
    roster.write_text("team\nFoxes\nOwls\n\u6771\u4eac\n")
    r = run_cli("classroom", "postcard", "--roster", roster, "--out", tmp_path / "cls",
                "--class-key", tmp_path / "k.key")
    assert (r.code, r.stderr) == (2, f"printkit: error: {roster}:4: team name '\u6771\u4eac': "
                                     "'\u6771' (U+6771) is not in the sheets' font (DejaVu "
                                     "Sans): leave it out or spell it in letters\n")


@pytest.mark.parametrize(("game", "sheet", "toml", "where"), [
    ("cardgrid", "field", '[page]\nlabel_size = "12 pt"\n', "2: page.label_size"),
    ("postcard", "drivelog", '[page]\nsmall_size = "10.5 pt"\n', "2: page.small_size"),
])
def test_a_layout_value_that_pushes_text_off_the_page_is_named(tmp_path, game, sheet, toml,
                                                               where):
    """Values inside their documented ranges that still draw off the page: one line naming
    the file, the line and the key; nothing written."""
    layout = tmp_path / "mine.toml"
    layout.write_text(toml)
    r = run_cli("render", game, sheet, "--layout", layout, "--out", tmp_path / "s.pdf")
    assert r.code == 2
    assert r.stderr.startswith(f"printkit: error: {layout}:{where}: {game} {sheet}: ")
    assert "runs off the right of the page with this value" in r.stderr
    assert r.stderr.count("\n") == 1
    assert not (tmp_path / "s.pdf").exists()


def test_a_two_thousand_character_title_is_fitted_not_spilled(tmp_path):
    layout = tmp_path / "mine.toml"
    layout.write_text('[page]\ntitle = "' + "Title " * 333 + '"\n')
    out = tmp_path / "s.pdf"
    r = run_cli("render", "cardgrid", "field", "--layout", layout, "--out", out)
    assert r.code == 0, r.stderr
    pdf = out.read_bytes()
    assert _off_page(pdf) == []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert "Title Title" in doc.pages[0].extract_text()
