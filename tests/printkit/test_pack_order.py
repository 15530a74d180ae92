"""A classroom pack printed duplex, read back from its PDF: which sheet is on which page, which
pages are blank backs, what shares a sheet; the match box on every written sheet; --simplex and
--fillable. Expectations are typed here from the games as a player uses them (what lies on the
table at once), not taken from the printables' data."""

from __future__ import annotations

import csv
import re
from itertools import groupby
from pathlib import Path

import pikepdf
import pytest

from printkit_engine import registry
from tests.helpers import pdf_texts, run_cli

B = "BLANK"
GAMES = ("cardbowl", "postcard", "blowout", "luckdraw", "cardgrid")

# what lies on the table during a game: no two of these may be the two sides of one sheet
# (the markers are cut out: nothing at all on their back)
TABLE = {
    "cardbowl": {"field", "drivelog", "clock", "bubblelog", "book"},
    "postcard": {"board", "drivelog", "bubblelog", "book HOME", "book AWAY"},
    "blowout": {"field", "markers", "drivelog", "bubblelog", "book HOME", "book AWAY"},
    "luckdraw": {"scoresheet", "bubblelog", "book"},
    "cardgrid": {"field", "scoresheet", "bubblelog", "book HOME", "book AWAY"},
}

# a match's pages in order, blanks left out, runs of one kind as one (the bubble log with
# its sheet count: a typical whole game's lines over the lines a sheet holds, e.g. Card Bowl's
# decision sheet, a class pack's default: 219 lines (183 plays, a "more" line every fifth)
# over 30 on letter; PostCard's: 70 plays over 15 on letter, 14 on A4; BLOWOUT!!!'s: 276 rows
# over 42 on letter; Luck of the Draw's: 75 sheet lines as placed over 36 on either paper)
ORDER = {
    "cardbowl": ["field", "drivelog", "clock", ("bubblelog", 8), "refcard 1", "refcard 2",
                 "book"],
    "postcard": ["board", "drivelog", ("bubblelog", 5), "refcard 1", "refcard 2", "book HOME",
                 "book AWAY"],
    "blowout": ["field", "markers", "drivelog", ("bubblelog", 7), "refcard 1", "refcard 2",
                "book HOME", "book AWAY"],
    "luckdraw": ["scoresheet", ("bubblelog", 3), "refcard 1", "refcard 2", "book"],
    "cardgrid": ["field", "scoresheet", ("bubblelog", 1), "refcard 1", "refcard 2", "book HOME",
                 "book AWAY"],
}
# on A4: Card Bowl's portrait decision sheet, 219 lines over 36 a sheet (7); the others as on
# letter (BLOWOUT!!!'s portrait decision sheet: 276 rows over 42 on letter, 45 on A4: 7 sheets
# both)
A4_BUBBLES = {"cardbowl": 7}


def kind(game: str, text: str) -> str:
    """Which sheet a page is, from its title (its text's first line)."""
    title = registry.get(game).title
    if "this page is blank on purpose" in text:
        return B
    text = text.split("\n", 1)[0]
    for words, name in (("quick reference 1/2", "refcard 1"), ("quick reference 2/2",
                        "refcard 2"), ("bubble log", "bubblelog"), ("play book HOME",
                        "book HOME"), ("play book AWAY", "book AWAY"), ("play book", "book"),
                        ("counters and markers", "markers"), ("drive log", "drivelog"),
                        ("play log", "drivelog"), ("game clock", "clock"),
                        ("score sheet", "scoresheet")):
        if words in text:
            return name
    if text.startswith(f"{title} field"):
        return "field"
    assert game == "postcard" and text.startswith(f"{title} "), text[:80]
    return "board"


def match_of(text: str) -> str | None:
    """The match a page is stamped with (blank backs are not stamped)."""
    m = re.search(r"class [0-9A-Z]{6} \u00b7 (M\d+) \(round \d+\)", text)
    return m.group(1) if m else None


def make(tmp: Path, game: str, paper: str, teams: int, *more: str) -> Path:
    out = tmp / f"{game}-{paper}-{teams}"
    r = run_cli("classroom", game, "--teams", str(teams), "--paper", paper, "--class-key",
                tmp / "class.key", "--out", out, *more)
    assert r.code == 0, r.stderr
    return out


@pytest.fixture(scope="module")
def packs(tmp_path_factory) -> dict[tuple[str, str], Path]:
    return {}


def pack(packs, tmp_path_factory, game: str, paper: str) -> Path:
    if (game, paper) not in packs:    # three matches on letter, one on A4
        packs[game, paper] = make(tmp_path_factory.mktemp("packs"), game, paper,
                                  3 if paper == "letter" else 2)
    return packs[game, paper]


def collapsed(kinds: list[str], game: str, paper: str) -> list:
    runs = [(k, len(list(g))) for k, g in groupby(k for k in kinds if k != B)]
    return [(k, n) if k == "bubblelog" else k for k, n in runs]


def expected(game: str, paper: str) -> list:
    want = []
    for k in ORDER[game]:
        if isinstance(k, tuple) and paper == "a4" and game in A4_BUBBLES:
            k = (k[0], A4_BUBBLES[game])
        want.append(k)
    return want


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", GAMES)
def test_pack_pages_print_duplex_right(game, paper, packs, tmp_path_factory):
    out = pack(packs, tmp_path_factory, game, paper)
    pages = pdf_texts(out / "pack.pdf")
    kinds = [kind(game, t) for t in pages]
    matches = [match_of(t) for t in pages]
    assert all((k == B) == (m is None) for k, m in zip(kinds, matches, strict=True))
    ids = [m for m, _ in groupby(m for m in matches if m)]
    assert ids == (["M1", "M2", "M3"] if paper == "letter" else ["M1"])
    for mid in ids:             # each match: its sheets in order; it starts on a front
        first = matches.index(mid)
        assert first % 2 == 0, (mid, first + 1)
        own = [k for k, m in zip(kinds, matches, strict=True) if m == mid]
        assert collapsed(own, game, paper) == expected(game, paper), mid
    assert len(pages) % 2 == 0
    table = TABLE[game]
    for at in range(0, len(pages), 2):              # sheet by sheet: (front, back)
        front, back = kinds[at], kinds[at + 1]
        where = (game, paper, at + 1)
        assert front != B, where                    # blanks are backs only
        if back != B:
            assert matches[at] == matches[at + 1], where     # one match a sheet
        assert (front == "refcard 1") == (back == "refcard 2"), where   # a card on one sheet
        assert back != "refcard 1", where
        if "markers" in (front, back):
            assert (front, back) == ("markers", B), where   # nothing backs a cut-out
        if front != back and back != B:
            assert not (front in table and back in table), where
    for at in range(1, len(pages), 2):              # and a blank back only where needed
        if kinds[at] != B:
            continue
        front = kinds[at - 1]
        after = kinds[at + 1] if at + 1 < len(pages) else None
        needed = (after is None or matches[at + 1] != matches[at - 1]
                  or after == "refcard 1" or "markers" in (front, after)
                  or (front != after and front in table and after in table))
        assert needed, (game, paper, at + 1, front, after)


@pytest.mark.parametrize("game", GAMES)
def test_every_written_sheet_carries_the_match_box(game, packs, tmp_path_factory):
    """Each match's drive logs, clock, score sheets and bubble logs name its match, round and
    teams, and the logs its seed, in their own header (the stamp at the foot left out)."""
    out = pack(packs, tmp_path_factory, game, "letter")
    rows = list(csv.DictReader((out / "results.csv").open()))
    pages = pdf_texts(out / "pack.pdf")
    seen = set()
    for text in pages:
        k = kind(game, text)
        if k not in ("drivelog", "clock", "scoresheet", "bubblelog"):
            continue
        row = next(r for r in rows if r["match"] == match_of(text))
        stamp = re.search(r"class [0-9A-Z]{6} \u00b7 .*? \u00b7 code \S+", text)
        assert stamp is not None
        own = " ".join((text[:stamp.start()] + text[stamp.end():]).split())
        m, rd, home, away = row["match"], row["round"], row["home"], row["away"]
        if k == "bubblelog":
            box = f"Seed: {row['seed']} Match: {m} Round: {rd} Home: {home} Away: {away}"
        elif game == "postcard":
            box = f"{m} (round {rd}) Home: {home} Away: {away}"
        else:
            box = f"{m} (round {rd}): {home} v {away}"
        if text.startswith(f"{registry.get(game).title} score sheet \u2014 4 players, more"):
            continue                    # Luck of the Draw's page of more drives: a copy
        assert box in own, (game, k, own[:200])
        if k != "clock":
            assert row["seed"] in own, (game, k)
        seen.add(k)
    assert seen == {"cardbowl": {"drivelog", "clock", "bubblelog"},
                    "postcard": {"drivelog", "bubblelog"},
                    "blowout": {"drivelog", "bubblelog"},
                    "luckdraw": {"scoresheet", "bubblelog"},
                    "cardgrid": {"scoresheet", "bubblelog"}}[game]


def test_the_grid_game_score_sheet_fills_round_and_competition(packs, tmp_path_factory):
    out = pack(packs, tmp_path_factory, "cardgrid", "letter")
    page = next(t for t in pdf_texts(out / "pack.pdf") if kind("cardgrid", t) == "scoresheet"
                and match_of(t) == "M3")
    assert "Round 3 Date" in " ".join(page.split())


@pytest.mark.parametrize("game", ["postcard", "blowout"])
def test_simplex_has_no_blank_backs(game, packs, tmp_path_factory, tmp_path):
    duplex = [kind(game, t) for t in pdf_texts(pack(packs, tmp_path_factory, game, "a4")
                                           / "pack.pdf")]
    out = make(tmp_path, game, "a4", 2, "--simplex")
    simplex = [kind(game, t) for t in pdf_texts(out / "pack.pdf")]
    assert B not in simplex and B in duplex
    assert simplex == [k for k in duplex if k != B]
    single = [kind(game, t) for t in pdf_texts(out / "matches" / "match-001.pdf")]
    assert single == simplex


def test_a_match_pdf_keeps_its_blank_backs_but_not_the_filler_after_it(packs,
                                                                        tmp_path_factory):
    out = pack(packs, tmp_path_factory, "blowout", "letter")
    single = [kind("blowout", t) for t in pdf_texts(out / "matches" / "match-002.pdf")]
    assert single[:6] == ["field", B, "markers", B, "drivelog", B]
    assert single[-1] != B


def test_fillable_logs_one_per_match_with_its_tags(tmp_path):
    out = make(tmp_path, "cardgrid", "letter", 3, "--fillable")
    rows = list(csv.DictReader((out / "results.csv").open()))
    assert sorted(p.name for p in (out / "fillable").iterdir()) == [
        "match-001.pdf", "match-002.pdf", "match-003.pdf"]
    for row in rows:
        with pikepdf.open(out / "fillable" / f"match-{int(row['match'][1:]):03d}.pdf") as pdf:
            values = {str(f.T): str(f.get("/V", "")) for f in pdf.Root.AcroForm.Fields
                      if str(f.T).startswith("tag.")}
        assert values["tag.Match"] == row["match"] and values["tag.Seed"] == row["seed"]
        assert (values["tag.Home"], values["tag.Away"]) == (row["home"], row["away"])
    again = run_cli("classroom", "cardgrid", "--teams", "3", "--class-key",
                    tmp_path / "class.key", "--out", out, "--fillable")
    assert again.code == 2 and "exists" in again.stderr
