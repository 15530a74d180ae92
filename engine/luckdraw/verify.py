"""`printkit verify` for Luck of the Draw: a scoreboard transcript checked line by line.

The transcript is read (notation.py), then walked through the pure steps of steps.py from the
situation its tags give: the player count (`Players`, else the seats dealt in its first
drive), the agreed length (`Length`, else the full game, L8; `*`, as a bubble log writes a
header left blank, is the same as no tag) and the play book's seed (`Seed`:
every deal must then be the book's slip for its drive).
"""

from __future__ import annotations

from engine.errors import ReadError
from engine.findings import Report
from engine.luckdraw import notation as n
from engine.luckdraw.cards import MAX_PLAYERS, MIN_PLAYERS
from engine.luckdraw.rules import Rules, load_rules
from engine.luckdraw.state import State
from engine.luckdraw.steps import close_drive, step

GAME_ID = "luckdraw"
DEFAULT_LENGTH = "full"
UNKNOWN = "*"                          # `[Length "*"]`: not recorded, as if the tag were absent
UNKNOWABLE = ("Players", "Length")     # (a bubble log's header writes `*` when left blank)


def _players(record: n.Transcript, file: str) -> int:
    if "Players" in record.tags:
        text = record.tags["Players"].strip()
        line = record.tag_lines["Players"]
        if not text.isdigit() or not MIN_PLAYERS <= int(text) <= MAX_PLAYERS:
            raise ReadError(f"Players: expected {MIN_PLAYERS} to {MAX_PLAYERS}, found "
                            f"{text[:20]!r}", file, line)
        return int(text)
    seats = record.first_deal_seats()
    if not seats:
        raise ReadError('no [Players "N"] tag and no deal lines to count the players (a '
                        "play-book bubble log: shade its Players bubble)", file, 1)
    players = max(seats)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ReadError(f"the first drive deals {players} seats; Luck of the Draw is for "
                        f"{MIN_PLAYERS} to {MAX_PLAYERS} players", file, 1)
    return players


def start(record: n.Transcript, file: str, rules: Rules) -> State:
    """The situation before the first line, from the tags."""
    key = record.tags.get("Length", DEFAULT_LENGTH).strip()
    length = next((g for g in rules.lengths if g.key.lower() == key.lower()), None)
    if length is None:
        raise ReadError(f"Length: expected one of {', '.join(g.key for g in rules.lengths)}, "
                        f"found {key[:20]!r}", file, record.tag_lines.get("Length", 1))
    seed = record.tags.get("Seed") or None
    return State.start(_players(record, file), length, seed)


def verify_text(text: str, file: str, rules: Rules | None = None) -> Report:
    rules = rules or load_rules()
    record = n.read(text, file, rules)
    for tag in UNKNOWABLE:          # a bubble log whose header bubbles were left blank
        if record.tags.get(tag, "").strip() == UNKNOWN:
            del record.tags[tag]
    state = start(record, file, rules)
    report = Report(file, GAME_ID, lines_checked=len(record.entries))
    for entry in record.entries:
        state, found = step(state, entry, rules)
        report.findings += found
    if not state.finished:
        state, found = close_drive(state, rules, final=True)
        report.findings += found
    drives = "drive" if state.drives == 1 else "drives"
    report.summary_extra = f"{state.players} players, {state.drives} {drives}"
    return report
