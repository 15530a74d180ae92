"""The teacher's page prints a match's next bubble sheets for a game longer than its pack's:
numbered on from the pack's last sheet, with the match's seed, teams and stamp in each, the
class's log and length kept; a bad request is one message on the class page. The counts
expected are typed here: a Luck of the Draw pack to Q2 prints 2 decision sheets (half of 75
typical lines over 36 a sheet, docs/classroom.md), a PostCard pack 5 (70 plays over 15);
PostCard's dense
pack for a class made before the page kept its log is told by its pack's title."""

from __future__ import annotations

import sqlite3

from printkit.server.app import App
from printkit.server.store import DB_NAME
from tests.helpers import coded_pages
from tests.server.asgi import Client


def _class(tmp_path, game: str, log: str = "", length: str = "") -> Client:
    c = Client(App(tmp_path / "classes"))
    r = c.post("/classes", {"csrf": c.token(), "game": game, "teams": "Ann\nBo\nCy\n",
                            "format": "round-robin", "paper": "letter", "length": length,
                            "log": log})
    assert r.status == 303, r.text
    return c


def test_the_class_page_offers_each_match(tmp_path):
    page = _class(tmp_path, "luckdraw").get("/classes/1").text
    assert '<form method="get" action="/classes/1/more.pdf" class="more">' in page
    assert ('<select id="match" name="match"><option value="M1" selected>M1: Bo v Cy</option>'
            '<option value="M2">M2: Cy v Ann</option><option value="M3">M3: Ann v Bo</option>'
            "</select>") in page                          # the schedule's round robin


def test_the_next_sheets_of_a_luck_of_the_draw_match(tmp_path):
    c = _class(tmp_path, "luckdraw", length="Q2")
    results = c.get("/classes/1/files/schedule.pdf")      # the class is made
    assert results.status == 200
    r = c.get("/classes/1/more.pdf?match=M2&count=2")
    assert r.status == 200 and r.headers["content-type"] == "application/pdf"
    assert r.headers["content-disposition"] == \
        'attachment; filename="class-1-M2-sheets-3-4.pdf"'
    pages = coded_pages(r.body)
    # a Q2 class's pack prints 2 sheets (half of 75 typical lines, 38, over 36): then 3, 4
    assert [code.split(";")[4] for code, _ in pages] == ["3", "4"]
    row = (tmp_path / "classes" / "class-1" / "results.csv").read_text().splitlines()[2]
    match, _, home, away, seed, code = row.split(",")[:6]
    assert match == "M2"
    for qr, text in pages:
        tags = qr.split(";")[5].split("&")
        assert {f"Seed={seed}", "Players=4", "Match=M2", "Length=Q2"} <= set(tags)
        assert f"{home} v {away}" in text and f"code {code}" in text     # the pack's stamp
    assert "sheet 3 of 4" in pages[0][1] and "lines 73-108" in pages[0][1]


def test_a_dense_class_gets_dense_sheets_and_an_old_class_is_told_by_its_pack(tmp_path):
    c = _class(tmp_path, "postcard", log="dense")
    pages = coded_pages(c.get("/classes/1/more.pdf?match=M1&count=1").body)
    assert "bubble log (decisions)" not in pages[0][1] and "bubble log" in pages[0][1]
    # the same class as a folder made before the page kept the log: read off its pack
    with sqlite3.connect(tmp_path / "classes" / DB_NAME) as db:
        db.execute("UPDATE classes SET log = NULL")
    pages = coded_pages(Client(App(tmp_path / "classes")).get(
        "/classes/1/more.pdf?match=M1&count=1").body)
    assert "bubble log (decisions)" not in pages[0][1]
    c = _class(tmp_path / "two", "postcard")
    pages = coded_pages(c.get("/classes/1/more.pdf?match=M3&count=1").body)
    assert "bubble log (decisions)" in pages[0][1]
    assert pages[0][0].split(";")[4] == "6"             # the decision pack's 5, then 6


def test_a_bad_request_is_one_message_on_the_class_page(tmp_path):
    c = _class(tmp_path, "luckdraw")
    for query, said in (("match=M9&count=2", "more sheets: no match &#x27;M9&#x27; in this "
                                             "class"),
                        ("match=M1&count=0", "more sheets: 1 to 10 at a time, not &#x27;0"
                                             "&#x27;"),
                        ("match=M1&count=x", "more sheets: 1 to 10 at a time"),
                        ("match=M1", "more sheets: 1 to 10 at a time, not &#x27;&#x27;")):
        r = c.get(f"/classes/1/more.pdf?{query}")
        assert r.status == 400, query
        assert said in r.text, r.text
    assert c.get("/classes/9/more.pdf?match=M1&count=1").status == 404


def test_the_class_page_says_what_each_printout_is(tmp_path):
    page = _class(tmp_path, "luckdraw").get("/classes/1").text
    assert ('<li><a href="/classes/1/files/pack.pdf">pack.pdf</a>: every match&#x27;s sheets, '
            "bubble sheets and play book") in page
    assert '<a href="/classes/1/files/schedule.pdf">schedule.pdf</a>: the tournament' in page
    assert ('<a href="/classes/1/files/teacher.pdf">teacher.pdf</a>: for you alone: each '
            "match&#x27;s seed and code") in page
