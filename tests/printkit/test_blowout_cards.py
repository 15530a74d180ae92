"""`printkit render blowout cards`, read back from the PDF.

Counts are typed from docs/rules/blowout.md (B1: 40 / 40 / 12 cards a player; the deck
tables), colours from layouts/blowout-cards.toml, never computed by the sheet code.
"""

from __future__ import annotations

import io
from collections import Counter

import pdfplumber
import pikepdf
import pytest

from printkit.sheets import RenderOptions
from tests.helpers import check_pdf, render_sheet

HOME_RED = (0.702, 0.125, 0.165)      # "#B3202A"
AWAY_BLUE = (0.122, 0.306, 0.588)     # "#1F4E96"


def _pdf(**kw) -> bytes:
    extra = kw.pop("extra", {})
    return render_sheet("blowout", "cards", opts=RenderOptions(home="Steelers", away="Cowboys",
                                                               extra=extra, **kw))


@pytest.fixture(scope="module")
def letter():
    return _pdf(paper="letter")


def _fronts(pdf):
    return pdf.pages[0::2]


def _rgb(colour):
    if colour is None:
        return None
    values = tuple(colour) if isinstance(colour, list | tuple) else (colour,)
    return values * 3 if len(values) == 1 else values


def _near(a, b, tol=0.01):
    return a is not None and len(a) == len(b) and all(abs(x - y) <= tol
                                                      for x, y in zip(a, b, strict=True))


def test_both_players_three_decks_nine_a_page(letter):
    check_pdf(letter)
    with pdfplumber.open(io.BytesIO(letter)) as pdf:
        # 2 players x (40 + 40 + 12) = 184 cards, 9 a page: 21 sheets, fronts and backs
        assert len(pdf.pages) == 42
        codes = Counter(w["text"] for page in _fronts(pdf) for w in page.extract_words())
    # each card shows its code twice (band and foot); counts from the deck tables, 2 players
    assert codes["R55"] == 2 * 2 * 2
    assert codes["R100"] == 1 * 2 * 2
    assert codes["D60"] == 3 * 2 * 2
    assert codes["K45"] == 2 * 2 * 2
    assert codes["CHAL"] == (2 + 2) * 2 * 2          # in OFFENSE and in DEFENSE
    assert codes["DP-PI"] == 2 * 2 * 2 and codes["SACK"] == 2 * 2 * 2


MM = 72 / 25.4
# Letter, 3 x 3 cards of 63 x 88 mm touching, centred: 13.45 mm from the sides, 7.7 mm from
# top and bottom (215.9 - 189 = 26.9; 279.4 - 264 = 15.4)
SLOTS = [((13.45 + 63 * col) * MM, (7.7 + 88 * row) * MM, (13.45 + 63 * (col + 1)) * MM,
          (7.7 + 88 * (row + 1)) * MM) for row in range(3) for col in range(3)]


def _card_texts(page):
    """Each card's own text (the page cropped to each slot), spaces for line breaks."""
    return [(page.crop(box).extract_text() or "").replace("\n", " ") for box in SLOTS]


def test_cards_say_when_they_may_be_played(letter):
    with pdfplumber.open(io.BytesIO(letter)) as pdf:
        text = " | ".join(t for p in _fronts(pdf) for t in _card_texts(p))
    for phrase in ("Instead of an OFFENSE play.", "In response to a PASS play.",
                   "In response to a RUN play.", "On FOURTH DOWN, instead of an OFFENSE",
                   "never in response to PENALTIES", "After DEFENSE plays their card.",
                   "YARDS GAINED", "YARDS LOST", "KICK YARDS", "PASS INTERFERENCE",
                   "DELAY OF GAME", "INTERCEPTION", "FUMBLE"):
        assert phrase in text, phrase


def test_each_card_in_its_slot_with_type_value_and_code(letter):
    with pdfplumber.open(io.BytesIO(letter)) as pdf:
        first = _card_texts(pdf.pages[0])
        assert first[0].startswith("R45 Steelers OFFENSE RUN 45 YARDS GAINED WHEN")
        assert first[0].endswith("BLOWOUT!!! R45")
        # sheet 5 (page 9): OFFENSE cards 37-40, then DEFENSE from D10
        fifth = _card_texts(pdf.pages[8])
        assert fifth[2].startswith("CHAL Steelers OFFENSE CHALLENGE CHALLENGE WHEN")
        assert fifth[4].startswith("D10 Steelers DEFENSE DEFENSIVE PLAY -10 YARDS LOST")


def test_teams_told_apart_by_band_colour_and_name(letter):
    with pdfplumber.open(io.BytesIO(letter)) as pdf:
        first, last = pdf.pages[0], pdf.pages[40]        # home OFFENSE; away SPECIAL TEAMS

        def bands(page, colour):
            return [r for r in page.rects if _near(_rgb(r.get("non_stroking_color")), colour)
                    and r["fill"] and r["height"] < 12 * 72 / 25.4]

        assert len(bands(first, HOME_RED)) == 9 and not bands(first, AWAY_BLUE)
        assert len(bands(last, AWAY_BLUE)) == 184 - 20 * 9 and not bands(last, HOME_RED)
        assert "Steelers" in first.extract_text() and "Cowboys" not in first.extract_text()
        assert "Cowboys" in last.extract_text()
        back1 = pdf.pages[1].extract_text()
        assert "OFFENSE" in back1 and "Steelers" in back1 and "DEFENSE" not in back1
        back_last = pdf.pages[41].extract_text()
        assert "SPECIAL TEAMS" in back_last and "Cowboys" in back_last


def test_text_sizes_names_at_least_8_pt_rules_text_at_least_6(letter):
    with pdfplumber.open(io.BytesIO(letter)) as pdf:
        for page in pdf.pages[:12:2] + [pdf.pages[20]]:
            sizes = [round(ch["size"], 2) for ch in page.chars if ch["upright"]]
            caption = min(sizes)
            assert caption >= 6, caption
            for w in page.extract_words(extra_attrs=["size"]):
                if w["text"] in ("HOLDING", "CHALLENGE", "INTERCEPTION", "FUMBLE", "SACK!",
                                 "INTERFERENCE", "OFFSIDES", "DELAY"):
                    assert w["size"] >= 8, w


def test_repeated_artwork_is_one_form_each(letter):
    pdf = pikepdf.open(io.BytesIO(letter))
    forms = [o for o in pdf.objects if isinstance(o, pikepdf.Stream)
             and o.get("/Subtype") == "/Form"]
    # a band and a back per player and deck: 2 x 3 x 2
    assert len(forms) == 12


def test_ink_saver_has_no_solid_team_colour():
    data = _pdf(paper="a4", ink_saver=True)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages[:4]:
            for r in page.rects:
                colour = _rgb(r.get("non_stroking_color"))
                if r["fill"] and r["width"] * r["height"] > 400:      # areas, not hairlines
                    assert colour is not None and min(colour) > 0.75, (colour, r["width"])


@pytest.mark.parametrize("paper,pages", [("letter", 2 * 31), ("a4", 2 * 23)])
def test_bleed_fewer_cards_a_page(paper, pages):
    # 184 cards; with 3 mm bleed 6 fit on Letter, 8 on A4
    data = _pdf(paper=paper, extra={"bleed": True})
    pdf = pikepdf.open(io.BytesIO(data))
    assert len(pdf.pages) == pages
    trim = [float(v) for v in pdf.pages[0].obj.TrimBox]
    bleed = [float(v) for v in pdf.pages[0].obj.BleedBox]
    assert abs((trim[0] - bleed[0]) * 25.4 / 72 - 3) < 0.01


def test_cli_renders_and_refuses_card_options_elsewhere(tmp_path):
    from tests.helpers import run_cli

    out = tmp_path / "cards.pdf"
    result = run_cli("render", "blowout", "cards", "--paper", "a4", "--per-page", "4",
                     "--back-offset", "0.5,-1", "--out", str(out))
    assert result.code == 0, result.stderr
    assert len(pikepdf.open(out).pages) == 2 * 46        # 184 cards, 4 a page
    result = run_cli("render", "blowout", "cards", "--per-page", "12", "--out",
                     str(tmp_path / "x.pdf"))
    assert result.code == 2 and "at most 9" in result.stderr
    assert result.stderr.count("\n") == 1
    result = run_cli("render", "blowout", "cards", "--calibration", "--out",
                     str(tmp_path / "cal.pdf"))
    assert result.code == 0 and len(pikepdf.open(tmp_path / "cal.pdf").pages) == 2


@pytest.mark.parametrize("args, message", [
    (("render", "cardbowl", "field", "--bleed"),
     "--bleed is only for card sheets, not the cardbowl field sheet"),
    (("render", "postcard", "board", "--per-page", "2"),
     "--per-page is only for card sheets, not the postcard board sheet"),
    (("render", "blowout", "cards", "--back-offset", "1;2"),
     "--back-offset: expected X,Y in mm such as 0.5,-1, found '1;2'"),
    (("render", "blowout", "cards", "--back-offset", "25,0"),
     "--back-offset: expected X and Y from -20 to 20 mm, found '25,0'"),
])
def test_card_options_refused_in_one_line(args, message, tmp_path):
    from tests.helpers import run_cli

    result = run_cli(*args, "--out", str(tmp_path / "x.pdf"))
    assert result.code == 2
    assert result.stderr == f"printkit: error: {message}\n"
    assert not (tmp_path / "x.pdf").exists()


def test_a_card_too_small_for_its_text_is_one_line_naming_the_card(tmp_path):
    from tests.helpers import run_cli

    small = tmp_path / "small.toml"
    small.write_text('[card]\nwidth = "40 mm"\nheight = "50 mm"\n')
    result = run_cli("render", "blowout", "cards", "--layout", str(small), "--out",
                     str(tmp_path / "x.pdf"))
    assert result.code == 2
    assert result.stderr == ("printkit: error: card R45: WHEN and EFFECT cannot fit on the card "
                             "at 8 pt (make the layout's [card] bigger or its text sizes "
                             "smaller)\n")


def test_home_and_away_apart_in_grey_scale(letter):
    """Issue 30: the HOME red and AWAY blue print as the same grey (77 v 72). The backs carry
    the side's letter, H or A, large (24 pt) in both lower corners, and AWAY's backs and
    bands are striped: rendered in grey, a fifth of an AWAY backs page is the stripes' mid
    grey, where HOME's backs are the flat team grey and white."""
    import pypdfium2 as pdfium

    with pdfplumber.open(io.BytesIO(letter)) as pdf:
        first_back, last_back = pdf.pages[1], pdf.pages[41]

        def marks(page):
            return sorted({ch["text"] for ch in page.chars if round(ch["size"]) == 24})
        assert marks(first_back) == ["H"] and marks(last_back) == ["A"]
        assert sum(ch["text"] == "H" and round(ch["size"]) == 24
                   for ch in first_back.chars) == 2 * 9
    doc = pdfium.PdfDocument(letter)
    try:
        shares = []
        for index in (1, 41):
            grey = doc[index].render(scale=100 / 72, grayscale=True).to_numpy()
            grey = grey if grey.ndim == 2 else grey[..., 0]
            # the share of the page in a mid grey, neither the flat team grey nor white
            shares.append(float(((grey > 100) & (grey < 200)).mean()))
    finally:
        doc.close()
    home, away = shares
    assert home < 0.05 and away > 0.15, shares      # measured: 0.02 and 0.18
