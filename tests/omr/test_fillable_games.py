"""Each game's fillable log: its own hint line (the game's notation, not PostCard's) and a
default page count that holds a typical whole game of that game."""

from __future__ import annotations

import pdfplumber
import pytest

from printkit_engine.bubbles import Form, Grammar, Part, Segment, Slot
from tests.helpers import pdf_texts, run_cli
from tests.omr.test_fillable import _fill

# game -> (tokens its hint line must show, default pages on letter, on a4). Pages: a page
# holds 32 rows on letter, 31 on a4; typical games are 200 (PostCard, Card Bowl), 270
# (BLOWOUT!!!), 24 (the grid game's score sheet; its passage log 70) and 300 (Luck of the
# Draw) lines.
GAMES = {
    "postcard": (("rush", "5v3", "A2/5", "HxA", "1&10"), 7, 7),
    "cardbowl": (("kickoff", "pass; 12", "20 yd return", "5 yd pen. vs. D", "Q2"), 7, 7),
    "blowout": (("R70", "K45", "D65", "H:DP-PI", "2&5"), 9, 9),
    "cardgrid": (("H, A, finish", "T, C, F, P", "A2", "10; 40"), 1, 1),       # the score sheet
    "luckdraw": (("drive", "FG under FG", "fumble+td", "P2 run"), 10, 10),
}


def _render(tmp_path, game: str, *args: str) -> tuple[int, str]:
    out = tmp_path / f"{game}{len(args)}.pdf"
    r = run_cli("render", game, "bubblelog", "--fillable", *args, "--out", str(out))
    assert r.code == 0, r.stderr
    texts = pdf_texts(out)
    return len(texts), texts[0]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hint_and_default_pages_are_the_games(tmp_path, game):
    tokens, letter, a4 = GAMES[game]
    pages, text = _render(tmp_path, game)
    flat = " ".join(text.split())
    for token in tokens:
        assert token in flat, token
    if game != "postcard":
        assert "rush, 5v3" not in flat
    assert pages == letter
    assert _render(tmp_path, game, "--paper", "a4")[0] == a4


def test_sheets_still_sets_the_page_count(tmp_path):
    assert _render(tmp_path, "blowout", "--sheets", "2")[0] == 2


def test_a_grammar_without_a_hint_lists_its_columns():
    die = Slot("die", (Part("side", ("H", "A")), Part("value", digits=(6,))), title="die")
    move = Slot("move", (Part("verb", ("go", "stop")),))
    grammar = Grammar("toy", (move, die), (Form("", (Segment("", ("move", "die")),)),))
    assert grammar.fill_hint() == "columns: move, die"
    assert Grammar("toy", (move,), grammar.forms, hint="go, H4").fill_hint() == "go, H4"


def test_a_card_bowl_cell_typed_as_the_hint_shows_it_reads(tmp_path):
    blank = tmp_path / "cb.pdf"
    assert run_cli("render", "cardbowl", "bubblelog", "--fillable", "--sheets", "1",
                   "--out", str(blank)).code == 0
    filled = _fill(blank, {"L001.kind": "kickoff", "L001.kick": "4",
                           "L001.ret": "20 yd return to 24",
                           "L002.kind": "play", "L002.down": "1", "L002.dist": "10",
                           "L002.yard": "24", "L002.play": "run",
                           "L002.yards": "3"}, tmp_path / "f.pdf")
    from printkit.omr.fillable import record_from_pdf

    game, text, notes = record_from_pdf(filled)
    assert (game, notes) == ("cardbowl", [])
    assert text.splitlines()[-2:] == ["Kickoff\tto 4, 20 yd return to 24", "1 & 10 @ 24\trun 3"]


# Every column heading of every game's fillable log, as typed here from the grammars' slot
# names: each must be printed whole at the layout's 6 pt (narrow columns upright), never
# squeezed smaller. The Luck of the Draw and grid-game logs once shrank theirs to 4 pt.
HEADINGS = {
    "luckdraw": ("kind", "seat", "DP-TOD", "word", "P1-P8", "seat2", "bDP-bTOD", "n2", "t4"),
    "cardgrid": ("who", "code", "home", "away", "next", "hour", "minutes"),
    "cardgrid --log passages": ("kind", "start", "what", "pen", "score", "conv", "score2",
                                "next", "time", "c1", "c25"),
}


def _headings(page) -> tuple[set[str], set[float]]:
    """The heading texts above the first row (across, and upright read bottom to top) and
    the font sizes they use."""
    first = min(w["top"] for w in page.extract_words() if w["text"] == "1"
                and w["x0"] < 40 * 72 / 25.4)
    boxes = max(r["bottom"] for r in page.rects if abs(r["height"] - 6 * 72 / 25.4) < 0.5)
    band = [ch for ch in page.chars if boxes < ch["top"] < first - 4]
    across = [ch for ch in band if ch["upright"]]
    upright = [ch for ch in band if not ch["upright"]]
    texts = {w["text"] for w in page.extract_words() if boxes < w["top"] < first - 4
             and w.get("upright", True)}
    columns: dict[int, list] = {}
    for ch in upright:
        columns.setdefault(round(ch["x0"]), []).append(ch)
    for chars in columns.values():
        texts.add("".join(ch["text"] for ch in sorted(chars, key=lambda ch: -ch["top"])))
    # pdfplumber's "size" is a glyph's height on the page: across the page for a turned one
    return texts, ({round(ch["size"], 1) for ch in across}
                   | {round(ch["x1"] - ch["x0"], 1) for ch in upright})


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", sorted(HEADINGS))
def test_column_headings_are_whole_and_6_pt(tmp_path, game, paper):
    out = tmp_path / f"{game.split()[0]}-{paper}.pdf"
    r = run_cli("render", *game.split()[:1], "bubblelog", *game.split()[1:], "--fillable",
                "--sheets", "1", "--paper", paper, "--out", str(out))
    assert r.code == 0, r.stderr
    with pdfplumber.open(out) as pdf:
        texts, sizes = _headings(pdf.pages[0])
    assert sizes == {6.0}
    assert set(HEADINGS[game]) <= texts, set(HEADINGS[game]) - texts


def test_luck_of_the_draw_log_is_under_4_mb_with_shared_card_cells(tmp_path):
    """Issue 30: the Luck of the Draw log was 14 MB with 16,006 fields, a text field per
    card column and per seat's call. Its sixteen card columns (twice) and eight calls share
    a cell each: 13 cells a row, 320 rows, the game and tag fields; under 4 MB."""
    from pypdf import PdfReader

    out = tmp_path / "ld.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--fillable", "--out", str(out))
    assert r.code == 0, r.stderr
    assert out.stat().st_size < 4_000_000
    fields = PdfReader(str(out)).get_fields()
    # printkit.game, printkit.log (the game has two logs: the decision log too), tag.Seed,
    # tag.FinishDrive, tag.Date, tag.Match, tag.Players, tag.Length
    assert len(fields) == 13 * 320 + 2 + 6
    assert "L001.DP-TOD" in fields and "L320.bDP-bTOD" in fields and "L001.DP" not in fields


def test_a_shared_cell_reads_comma_or_space_separated(tmp_path):
    """`INT, PTD` or `int ptd` in the card cell, the calls `P1 pass, P2 run` in theirs: the
    record's `deal P1 INT PTD` and `call` lines; a word no card of the cell writes is
    reported with its line, not guessed."""
    from tests.omr.test_fillable import _blank, _fill

    values = {"tag.Players": "2", "L001.kind": "Q1",
              "L002.kind": "drive", "L002.seat": "P1", "L002.n": "1",
              "L003.kind": "deal", "L003.seat": "P1", "L003.DP-TOD": "INT, PTD",
              "L004.kind": "deal", "L004.seat": "P2", "L004.DP-TOD": "fdn op",
              "L005.kind": "call", "L005.P1-P8": "P1 pass, P2 run",
              "L006.kind": "deal", "L006.seat": "P1", "L006.DP-TOD": "INT, XYZ"}
    filled = _fill(_blank(tmp_path, "luckdraw"), values, tmp_path / "ld.pdf")
    from printkit.omr.fillable import record_from_pdf

    _, text, notes = record_from_pdf(filled)
    body = text.split("\n\n", 1)[1].splitlines()
    assert body[:5] == ["Q1", "drive 1 QB P1", "deal P1 INT PTD", "deal P2 FDN OP",
                        "call P1 pass P2 run"]
    assert notes == [f"{filled}:6: unreadable cell: DP-TOD 'XYZ'"]


def test_a_short_game_s_form_has_its_length_filled_in(tmp_path):
    """`--fillable --length halves`: the form's Length field says halves, so the typed game
    is read as the short game it is (a blank Length is the whole game: a half's record would
    be found to end early); without --length it is left for the table."""
    from pypdf import PdfReader

    for args, want in ((("--length", "halves"), "halves"), ((), "")):
        out = tmp_path / f"form{len(args)}.pdf"
        assert run_cli("render", "blowout", "bubblelog", "--fillable", *args,
                       "--out", str(out)).code == 0
        assert PdfReader(str(out)).get_fields()["tag.Length"].get("/V", "") == want
    from printkit.omr.fillable import record_from_pdf

    _, text, _ = record_from_pdf(tmp_path / "form2.pdf")
    assert '[Length "halves"]' in text
