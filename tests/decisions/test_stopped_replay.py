"""A decision log whose fourth play the sheet reader could not read (a half-shaded bubble:
the scan writes the line as a comment) is checked up to that line, and the one finding is
the stop: nothing about the game's end. Before, the replay's short game was judged as a
whole one: "the record ends before the end of the game" (BO-END-002, PC-END-002), a grid
game's Result doubted (CG-END-001), Luck of the Draw's winner "declared in Q1" (LD-LEN-002)
and its last checkpoint missing (LD-DEC-003), all false."""

from __future__ import annotations

import pytest

from printkit_engine import registry
from printkit_engine.decisions.replay import verify_log
from tests.helpers import run_cli

NOT_READ = "; p1.jpg line 4: not read: half-shaded bubble in play (run)"


@pytest.mark.parametrize(("game", "prefix"), [("blowout", "BO"), ("cardbowl", "CB"),
                                              ("postcard", "PC"), ("cardgrid", "CG"),
                                              ("luckdraw", "LD")])
def test_a_replay_stopped_by_an_unreadable_line_says_nothing_of_the_game_s_end(
        tmp_path, game, prefix):
    assert run_cli("simulate", game, "--seed", "stop", "--out", tmp_path).code == 0
    (record,) = tmp_path.glob("*.rec")
    g = registry.get(game)
    log = g.decisions(g.rules())
    lines = log.from_record(record.read_text(), str(record)).splitlines()
    plays = [k for k, line in enumerate(lines) if line and line[0] not in "[;"]
    lines[plays[3]] = NOT_READ
    report = verify_log(log, "\n".join(lines) + "\n", "game.dec")
    assert [(f.line, f.rule) for f in report.findings] == [(plays[3] + 1, f"{prefix}-REC-003")]


def test_a_luck_of_the_draw_log_stopped_at_its_first_row_asks_for_no_players_tag():
    """A blank decision sheet's log has no Players tag (its table is the play book's four);
    its first row not read, the replay deals nothing, and the one finding is the stop, not
    LD-TAG-001 ("found no deal lines")."""
    log = registry.get("luckdraw").decisions(registry.get("luckdraw").rules())
    text = ('[Game "luckdraw"]\n[Log "decisions"]\n[Seed "stop"]\n[Length "Q2"]\n\n'
            f"{NOT_READ}\nlate\n")
    report = verify_log(log, text, "game.dec")
    assert [(f.line, f.rule) for f in report.findings] == [(6, "LD-REC-003")]
