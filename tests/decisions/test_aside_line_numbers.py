"""`render GAME bubblelog --decisions --from LOG` names a line the sheet cannot hold by the log's
own line number, on sheets whose aside rows move lines (Luck of the Draw's audible and total
rows, Card Bowl's "more" rows): the sheet's order puts an aside row later than it is typed,
and the line after it was named one too far. The logs are typed by hand here, and so are the
line numbers of their bad lines."""

from __future__ import annotations

from tests.decisions.test_cardbowl_replay import HAND
from tests.helpers import run_cli

# Line 7's audible calls, typed on its event's line, go on the band's audible row (sheet line
# 7, after the six event rows): in the sheet's order every line after line 7 is one further
# down. Line 14 is no line of the log.
LUCKDRAW = """\
[Game "luckdraw"]
[Log "decisions"]
[Seed "players-0012"]
[Length "Q1"]

drive first
audible:run pass:P2P4P5 run:P1 first
defpen
offpen
punt
touchback
drive first
defpen
{bad}
punt +inside
"""
# Lines 7 and 8 have "more" decisions (kicksA XP = 8, tb0), typed on their plays' lines: they
# go on the "more" row after five play rows. Line 13 is no line of the log.
CARDBOWL = HAND + """\
run
run
run
bogus line
run
"""


def _error(tmp_path, game: str, text: str) -> str:
    log = tmp_path / "hand.dec"
    log.write_text(text)
    r = run_cli("render", game, "bubblelog", "--decisions", "--from", str(log), "--out",
                str(tmp_path / "x.pdf"))
    assert r.code == 2, r.stdout + r.stderr
    assert not (tmp_path / "x.pdf").exists()
    return r.stderr.replace(str(log), "hand.dec")


def test_a_luckdraw_line_with_no_bubbles_is_named_by_its_own_line(tmp_path):
    assert _error(tmp_path, "luckdraw", LUCKDRAW.format(bad="bogus line")) == (
        "printkit: error: hand.dec:14: cannot be shaded on a bubble sheet: no bubbles for this "
        "line ('bogus line')\n")


def test_a_luckdraw_row_of_two_kinds_is_named_by_its_own_line(tmp_path):
    """An event and a total on one row: no line of a band has bubbles for both."""
    assert _error(tmp_path, "luckdraw", LUCKDRAW.format(bad="first P1 = 3")) == (
        "printkit: error: hand.dec:14: cannot be shaded on a bubble sheet: no line of a band "
        "has bubbles for all of play, seat, total ('first P1 = 3')\n")


def test_a_cardbowl_line_with_no_bubbles_is_named_by_its_own_line(tmp_path):
    assert _error(tmp_path, "cardbowl", CARDBOWL) == (
        "printkit: error: hand.dec:13: cannot be shaded on a bubble sheet: no bubbles for this "
        "line ('bogus line')\n")
