"""The teacher's page offers a game length as `classroom --length` does: the class's bubble
sheets carry it in their codes, the class lists it, a length the game has not got is one
message and no class, and a class folder made before the column existed still opens."""

from __future__ import annotations

import re
import sqlite3

import pypdfium2
import zxingcpp

from printkit.server.app import App
from printkit.server.store import DB_NAME
from tests.server.asgi import Client

TEAMS = "Ann\nBo\n"


def _post(client: Client, game: str, length: str) -> object:
    return client.post("/classes", {"csrf": client.token(), "game": game, "teams": TEAMS,
                                    "format": "round-robin", "paper": "letter",
                                    "length": length})


def test_the_form_offers_each_game_s_lengths_under_its_name(tmp_path):
    page = Client(App(tmp_path / "classes")).get("/").text
    assert ('<select id="length" name="length"><option value="" selected>the whole game'
            "</option>") in page
    assert ('<optgroup label="BLOWOUT!!!"><option value="quarter">quarter</option>'
            '<option value="halves">halves</option><option value="full">full</option>'
            "</optgroup>") in page
    assert '<optgroup label="Luck of the Draw"><option value="Q1">Q1</option>' in page
    assert "PostCard" not in re.search(r'<select id="length".*?</select>', page).group(0)


def test_a_halves_class_carries_it_in_every_bubble_sheet_code(tmp_path):
    c = Client(App(tmp_path / "classes"))
    r = _post(c, "blowout", "halves")
    assert r.status == 303 and r.headers["location"] == "/classes/1"
    assert "round-robin, halves, letter" in c.get("/classes/1").text
    assert "<td>round-robin, halves</td>" in c.get("/").text
    pack = pypdfium2.PdfDocument(c.get("/classes/1/files/pack.pdf").body)
    codes = [r.text for k in range(len(pack))
             for r in zxingcpp.read_barcodes(pack[k].render(scale=2).to_pil())]
    sheets = [code for code in codes if code.startswith("PKBL1;blowout;")]
    assert sheets and all("&Length=halves&" in code for code in sheets)


def test_a_length_the_game_has_not_got_is_one_message_and_no_class(tmp_path):
    c = Client(App(tmp_path / "classes"))
    r = _post(c, "blowout", "Q2")
    assert r.status == 400
    assert "game length &#x27;Q2&#x27;: not a BLOWOUT!!! game length (quarter, halves, " \
           "full)" in r.text
    r = _post(c, "postcard", "quarter")
    assert r.status == 400 and "game length: PostCard Football has no game lengths" in r.text
    assert not (tmp_path / "classes" / "class-1").exists()
    assert "Class 1" not in c.get("/").text


def test_a_folder_from_before_the_length_column_opens_its_classes_whole(tmp_path):
    root = tmp_path / "classes"
    root.mkdir()
    with sqlite3.connect(root / DB_NAME) as db:      # the table as printkit made it before
        db.execute("CREATE TABLE classes (id INTEGER PRIMARY KEY, game TEXT NOT NULL, "
                   "format TEXT NOT NULL, paper TEXT NOT NULL, teams TEXT NOT NULL, "
                   "class_id TEXT NOT NULL, folder TEXT NOT NULL, created REAL NOT NULL)")
        db.execute("INSERT INTO classes VALUES (1, 'postcard', 'knockout', 'a4', "
                   "'[\"Ann\", \"Bo\"]', 'ABC123', 'class-1', 0)")
    page = Client(App(root)).get("/").text
    assert "<td>PostCard Football</td><td>2 teams</td><td>knockout</td><td>a4</td>" in page


def _sheet_keys(pdf: bytes) -> set[str]:
    doc = pypdfium2.PdfDocument(pdf)
    codes = [r.text for k in range(len(doc))
             for r in zxingcpp.read_barcodes(doc[k].render(scale=2).to_pil())]
    return {code.split(";")[3] for code in codes if code.startswith("PKBL1;blowout;")}


def test_a_class_may_take_the_full_line_bubble_log_as_classroom_dense_does(tmp_path):
    """The form's "Bubble log" choice: the full-line sheet's class pack carries the sheets
    `render --dense` prints (their geometry key in the code), the default the decision
    sheet's; a value the form does not offer is one message and no class."""
    from tests.helpers import run_cli

    c = Client(App(tmp_path / "classes"))
    page = c.get("/").text
    assert ('<select id="log" name="log"><option value="" selected>decision sheet: what the '
            "table decided, big bubbles</option><option value=\"dense\">full-line "
            "sheet: every line&#x27;s state, small bubbles, each line checked alone</option>"
            "</select>") in page
    for log, number in (("dense", 1), ("", 2)):
        r = c.post("/classes", {"csrf": c.token(), "game": "blowout", "teams": TEAMS,
                                "format": "round-robin", "paper": "letter", "log": log})
        assert r.status == 303 and r.headers["location"] == f"/classes/{number}"
    dense, default = (_sheet_keys(c.get(f"/classes/{n}/files/pack.pdf").body) for n in (1, 2))
    for flag, pdf in (("--dense", tmp_path / "dense.pdf"), ("--decisions", tmp_path / "d.pdf")):
        assert run_cli("render", "blowout", "bubblelog", flag, "--seed", "s", "--out",
                       pdf).code == 0
    assert dense == _sheet_keys((tmp_path / "dense.pdf").read_bytes()) != default
    assert default == _sheet_keys((tmp_path / "d.pdf").read_bytes())
    r = c.post("/classes", {"csrf": c.token(), "game": "blowout", "teams": TEAMS,
                            "format": "round-robin", "paper": "letter", "log": "sparse"})
    assert r.status == 400 and "unknown bubble log &#x27;sparse&#x27;" in r.text
    assert not (tmp_path / "classes" / "class-3").exists()
