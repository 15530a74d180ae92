"""`printkit kit GAME`, read back from its PDF: the cover's items, pages and sheet counts,
which thing is on which page and where the blank backs are (duplex and --simplex), the deck
and what else is needed, the cover inside the page, and the command's errors. Every
expectation is typed here by hand from the games as a table uses them."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pypdfium2
import pytest

from tests.helpers import run_cli

GAMES = ("cardbowl", "postcard", "blowout", "luckdraw", "cardgrid")
PAPERS = ("letter", "a4")
B = "blank"

# what marks each kind of page (first match wins, blanks and the cover first; card pages last:
# their words are also on the reference card and the logs)
COMMON = (("blank", "blank on purpose"), ("cover", "Kit for one table \u00b7 "),
          ("ref", "quick reference"), ("book", "\u2014 play book"))
MARKS = {
    "cardbowl": (("field", "Card Bowl field"), ("log", "Card Bowl drive log"),
                 ("clock", "Card Bowl game clock")),
    "postcard": (("board", "PostCard Football HOME v AWAY"),
                 ("log", "PostCard Football drive log")),
    "blowout": (("field", "BLOWOUT!!! field HOME v AWAY"), ("markers", "BLOWOUT!!! field: "),
                ("log", "BLOWOUT!!! play log"), ("cards", "OFFENSE"), ("cards", "DEFENSE"),
                ("cards", "SPECIAL TEAMS")),
    "luckdraw": (("score", "Luck of the Draw score sheet"), ("cards", "ACTION"),
                 ("cards", "Interactive Football Card Game")),
    "cardgrid": (("field", "field Lions v Bears"), ("score", "score sheet Lions v Bears")),
}

# (kind, pages in a row), duplex; --simplex is the same with the blanks left out. A written
# log is a whole game's pages: a typical game's record lines (its bubble log's typical game:
# PostCard 200, Card Bowl 200, BLOWOUT!!! 270, the grid game 24 score lines, Luck of the
# Draw the play book's 24 drives) over a page's rows (PostCard 19 letter, 18 a4: 11 and 12
# pages; Card Bowl 28 and 29: 8 and 7; BLOWOUT!!! 29 and 32: 10 and 9; the grid game 19 and
# 22: 2; Luck of the Draw 3 drives on its first page, then 9 or 8: 4 pages)
ORDER = {
    ("cardbowl", "letter"): [("cover", 1), (B, 1), ("ref", 2), ("field", 1), (B, 1), ("log", 8),
                             ("clock", 1), (B, 1), ("book", 17), (B, 1)],
    # a PostCard side is one page (issue 30: it was a full page and a quarter), its back
    # left blank so each player's page comes away on its own
    ("postcard", "letter"): [("cover", 1), (B, 1), ("ref", 2), ("board", 1), (B, 1),
                             ("log", 11), (B, 1), ("book", 1), (B, 1), ("book", 1), (B, 1)],
    ("blowout", "letter"): [("cover", 1), (B, 1), ("ref", 2), ("cards", 42), ("field", 1),
                            (B, 1), ("markers", 1), (B, 1), ("log", 10), ("book", 4)],
    ("luckdraw", "letter"): [("cover", 1), (B, 1), ("ref", 2), ("cards", 4), ("score", 4),
                             ("book", 7), (B, 1)],
    ("cardgrid", "letter"): [("cover", 1), (B, 1), ("ref", 2), ("field", 1), (B, 1),
                             ("score", 2), ("book", 4)],
}
ORDER |= {
    ("cardbowl", "a4"): [("cover", 1), (B, 1), ("ref", 2), ("field", 1), (B, 1), ("log", 7),
                         (B, 1), ("clock", 1), (B, 1), ("book", 16)],
    ("postcard", "a4"): [("cover", 1), (B, 1), ("ref", 2), ("board", 1), (B, 1), ("log", 12),
                         ("book", 1), (B, 1), ("book", 1), (B, 1)],
    ("blowout", "a4"): [*ORDER[("blowout", "letter")][:-2], ("log", 9), (B, 1), ("book", 4)],
    ("luckdraw", "a4"): ORDER[("luckdraw", "letter")],
    ("cardgrid", "a4"): ORDER[("cardgrid", "letter")],
}

# the cover's table rows (item, pages, sheets duplex, sheets one-sided) and sheets in all
ROWS = {
    "cardbowl": ["This cover 1 1 1", "Reference card 3-4 1 2", "Field 5 1 1",
                 "Drive log 7-14 4 8", "Game clock 15 1 1", "Play book 17-33 9 17"],
    "postcard": ["This cover 1 1 1", "Reference card 3-4 1 2", "Board 5 1 1",
                 "Drive log 7-17 6 11", "Play book 19, 21 2 2"],
    "blowout": ["This cover 1 1 1", "Reference card 3-4 1 2", "Cards 5-46 21 42",
                "Field 47, 49 2 2", "Play log 51-60 5 10", "Play book 61-64 2 4"],
    "luckdraw": ["This cover 1 1 1", "Reference card 3-4 1 2", "Game cards 5-8 2 4",
                 "Score sheet 9-12 2 4", "Play book 13-19 4 7"],
    "cardgrid": ["This cover 1 1 1", "Reference card 3-4 1 2", "Field grid 5 1 1",
                 "Score sheet 7-8 1 2", "Play book 9-12 2 4"],
}
ROWS_A4 = {
    "cardbowl": ROWS["cardbowl"][:3] + ["Drive log 7-13 4 7", "Game clock 15 1 1",
                                        "Play book 17-32 8 16"],
    "postcard": ROWS["postcard"][:3] + ["Drive log 7-18 6 12", "Play book 19, 21 2 2"],
    "blowout": ROWS["blowout"][:4] + ["Play log 51-59 5 9", "Play book 61-64 2 4"],
}
SHEETS = {  # (duplex, one-sided)
    ("cardbowl", "letter"): (17, 30), ("cardbowl", "a4"): (16, 28),
    ("postcard", "letter"): (11, 17), ("postcard", "a4"): (11, 18),
    ("blowout", "letter"): (32, 61), ("blowout", "a4"): (32, 60),
    ("luckdraw", "letter"): (10, 18), ("luckdraw", "a4"): (10, 18),
    ("cardgrid", "letter"): (6, 10), ("cardgrid", "a4"): (6, 10),
}
# the written log's line on the cover (letter): its pages, a whole game's
WRITTEN = {"cardbowl": "The drive log (pages 7-14) is the game's record: 8 pages",
           "postcard": "The drive log (pages 7-17) is the game's record: 11 pages",
           "blowout": "The play log (pages 51-60) is the game's record: 10 pages",
           "luckdraw": "The score sheet (pages 9-12) is the game's record: 4 pages",
           "cardgrid": "The score sheet (pages 7-8) is the game's record: 2 pages"}
CUTS = {
    "cardbowl": ["Reference card (pages 3-4): scissors"],
    "postcard": ["Reference card (pages 3-4): scissors"],
    "blowout": ["Reference card (pages 3-4): scissors",
                "Cards (pages 5-46): a craft knife and a ruler, along the crop marks",
                "Field: the markers (page 49): scissors"],
    "luckdraw": ["Reference card (pages 3-4): scissors",
                 "Game cards (pages 5-8): a craft knife and a ruler, along the crop marks"],
    "cardgrid": ["Reference card (pages 3-4): scissors"],
}
NEEDED = {   # each line as the game's rules text asks for it (docs/rules/GAME.md: C31, P26,
    # B18, L21, G16)
    "cardbowl": ["One standard 52-card deck of playing cards with its 2 jokers (54 cards). The "
                 "rules: \u201cUse a standard playing card deck, including 52 cards and 2 "
                 "Jokers.\u201d", "A penny (or other marker) for the ball; the penny is also "
                 "the coin for the toss", "A pencil for the drive log and the clock sheet"],
    "postcard": ["Two six-sided dice, one for each player, of two colours if you have them (or "
                 "read the rolls from the play book)", "A third die for the ball, which also "
                 "shows the down (a four-sided one is best), or a coin", "A dry erase marker "
                 "and a plastic sleeve for the board, or a pencil and an eraser",
                 "A pencil for the drive log"],
    "blowout": ["A coin for the toss (and overtime)", "A pencil for the play log"],
    "luckdraw": ["A football game on TV or radio to play along with",
                 "A pencil for each player"],
    "cardgrid": ["One standard 52-card deck of playing cards, jokers out, split in two: Lions, "
                 "the half pack (clubs + hearts); Bears, the half pack (diamonds + spades). "
                 "The rules: \u201ceach half comprising one complete red suit and one complete "
                 "black suit of cards.\u201d",
                 "A small marker or counter for the ball on the field grid", "A coin for the toss",
                 "A watch or an alarm clock set to the agreed finishing time",
                 "A pencil for the score sheet"],
}
EDGE = 18.0       # 0.25 in


def _names(game: str) -> list[str]:
    return ["--home", "Lions", "--away", "Bears"] if game == "cardgrid" else []


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str, bool], Path]:
    out = tmp_path_factory.mktemp("kits")
    made = {}
    for game in GAMES:
        for paper in PAPERS:
            for simplex in (False, True):
                if simplex and paper == "a4":
                    continue
                path = out / f"{game}-{paper}-{simplex}.pdf"
                r = run_cli("kit", game, "--paper", paper, "--seed", "kit-test", "--out",
                            path, *(["--simplex"] if simplex else []), *_names(game))
                assert r.code == 0, r.stderr
                made[(game, paper, simplex)] = path
    return made


def _texts(path: Path) -> list[str]:
    doc = pypdfium2.PdfDocument(path)
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def _kind(game: str, text: str) -> str:
    for kind, mark in COMMON + MARKS[game]:
        if mark in text:
            return kind
    raise AssertionError(f"{game}: a page of no known kind: {text[:80]!r}")


def _runs(kinds: list[str]) -> list[tuple[str, int]]:
    runs: list[tuple[str, int]] = []
    for k in kinds:
        if runs and runs[-1][0] == k:
            runs[-1] = (k, runs[-1][1] + 1)
        else:
            runs.append((k, 1))
    return runs


def _cover_lines(path: Path) -> list[str]:
    return _texts(path)[0].replace("\r\n", "\n").split("\n")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_page_order_duplex(kits, game: str, paper: str) -> None:
    kinds = [_kind(game, t) for t in _texts(kits[(game, paper, False)])]
    assert _runs(kinds) == ORDER[(game, paper)]
    assert len(kinds) % 2 == 0


@pytest.mark.parametrize("game", GAMES)
def test_page_order_simplex(kits, game: str) -> None:
    kinds = [_kind(game, t) for t in _texts(kits[(game, "letter", True)])]
    assert _runs(kinds) == _runs([k for k, n in ORDER[(game, "letter")] if k != B
                                  for _ in range(n)])
    lines = _cover_lines(kits[(game, "letter", True)])
    assert any("ordered for one-sided printing" in line for line in lines)
    assert "This cover 1 1 1" in lines


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_cover_lists_items_and_sheets(kits, game: str, paper: str) -> None:
    lines = _cover_lines(kits[(game, paper, False)])
    head = lines.index("Item Pages Sheets duplex Sheets one-sided")
    rows = (ROWS_A4 if paper == "a4" else {}).get(game, ROWS[game])
    assert lines[head + 1:lines.index("Sheets in all")] == rows
    text = " ".join(lines)
    duplex, simplex = SHEETS[(game, paper)]
    assert f"Printed on both sides (duplex): {duplex} sheets" in text
    assert f"Printed one-sided: {simplex} sheets" in text
    assert "Read the reference card first (pages 3-4): it teaches the game" in text
    assert "seed kit-test" in text
    if paper == "letter":
        assert WRITTEN[game] in text
    # who plays: the two sides, or the table Luck of the Draw's book is dealt for
    table = "4 players" if game == "luckdraw" else \
        ("Lions v Bears" if game == "cardgrid" else "HOME v AWAY")
    assert f"Kit for one table \u00b7 {table} \u00b7 " in text


@pytest.mark.parametrize("game", GAMES)
def test_cover_cut_and_needed(kits, game: str) -> None:
    lines = _cover_lines(kits[(game, "letter", False)])
    items: list[str] = []          # bullets, their wrapped lines joined
    section = ""
    found: dict[str, list[str]] = {}
    for line in lines:
        if line in ("To cut out", "Also needed", "Sheets in all", "Where to start"):
            section = line
            continue
        if line.startswith("\u2022 "):
            items = found.setdefault(section, [])
            items.append(line[2:])
        elif section in ("To cut out", "Also needed") and items:
            items[-1] += " " + line
    assert found["To cut out"] == CUTS[game]
    assert found["Also needed"] == NEEDED[game]


@pytest.mark.parametrize("paper", PAPERS)
def test_cover_inside_page_and_legible(kits, paper: str) -> None:
    w, h = (612, 792) if paper == "letter" else (595.28, 841.89)
    for game in GAMES:
        with pdfplumber.open(kits[(game, paper, False)]) as pdf:
            page = pdf.pages[0]
            assert (page.width, page.height) == pytest.approx((w, h), abs=0.01)
            chars = [c for c in page.chars if c["text"].strip()]
        assert len(chars) > 300
        for c in chars:
            assert c["size"] >= 8, (game, c["text"], c["size"])
            assert c["x0"] >= EDGE and c["x1"] <= w - EDGE, (game, c["text"], c["x1"])
            assert c["top"] >= EDGE and c["bottom"] <= h - EDGE, (game, c["text"], c["top"])


def test_same_inputs_same_bytes(tmp_path: Path) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (a, b):
        assert run_cli("kit", "postcard", "--seed", "same", "--out", out).code == 0
    assert a.read_bytes() == b.read_bytes()


def test_fresh_seed_printed(tmp_path: Path) -> None:
    r = run_cli("kit", "cardgrid", "--out", tmp_path / "k.pdf")
    assert r.code == 0, r.stderr
    seed = r.stderr.strip().removeprefix("play book seed: ")
    assert len(seed) == 11 and seed[5] == "-"
    assert f"seed {seed}" in " ".join(_cover_lines(tmp_path / "k.pdf"))


def test_default_out(tmp_path: Path) -> None:
    r = run_cli("kit", "postcard", "--paper", "a4", "--seed", "x", cwd=tmp_path)
    assert r.code == 0, r.stderr
    assert (tmp_path / "output" / "postcard-kit-a4.pdf").is_file()
    assert r.stdout.startswith("output/postcard-kit-a4.pdf: 22 pages, 11 sheets duplex (18 "
                               "one-sided)")


@pytest.mark.parametrize(("args", "says"), [
    (["nogame"], "unknown game 'nogame'"),
    (["postcard", "--out", "kit.txt"], "--out: a PDF file name ends in .pdf"),
    (["postcard", "--seed", ""], "--seed"),
    (["postcard", "--home", "Lions \"A\""], "--home"),
    (["postcard", "--away", "x" * 200], "--away"),
    (["postcard", "--paper", "legal"], "--paper"),
])
def test_errors(tmp_path: Path, args: list[str], says: str) -> None:
    r = run_cli("kit", *args, cwd=tmp_path)
    assert r.code == 2
    assert says in r.stderr
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "output").exists() and not (tmp_path / "kit.txt").exists()


def test_never_overwrites_without_force(tmp_path: Path) -> None:
    out = tmp_path / "k.pdf"
    out.write_bytes(b"mine")
    r = run_cli("kit", "postcard", "--seed", "s", "--out", out)
    assert r.code == 2 and "--force" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert out.read_bytes() == b"mine"
    assert run_cli("kit", "postcard", "--seed", "s", "--out", out, "--force").code == 0
    assert out.read_bytes().startswith(b"%PDF")
