"""`printkit verify` for Luck of the Draw: the pieces the verifier kernel
(engine/verify/kernel.py) walks a scoreboard transcript with.

The transcript is read (notation.parse), then each line goes through the pure step of
steps.py from the situation its tags give: the player count (`Players`, else the seats dealt
in its first drive), the agreed length (`Length`, else the full game, L8), whether a drive in
progress at the agreed end is finished (`FinishDrive`, L8) and the play book's seed (`Seed`:
every deal must then be the book's slip for its drive). `*`, as a bubble log writes a header
left blank, is the same as no tag. A tag value the rules do not have is a finding, and the
record is read with the default.
"""

from __future__ import annotations

from printkit_engine.findings import Finding, Report
from printkit_engine.luckdraw import notation as n
from printkit_engine.luckdraw import teams
from printkit_engine.luckdraw.cards import DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS
from printkit_engine.luckdraw.rules import Length, Rules, load_rules
from printkit_engine.luckdraw.state import Context, State
from printkit_engine.luckdraw.steps import close_drive, ranking, step
from printkit_engine.verify import kernel
from printkit_engine.verify.kernel import Ending, Rulebook, Step
from printkit_engine.verify.record import Record, Unread

GAME_ID = "luckdraw"
DEFAULT_LENGTH = "full"
UNKNOWN = "*"                          # `[Length "*"]`: not recorded, as if the tag were absent
FINISH = {"yes": True, "no": False}    # `[FinishDrive "yes"]`: the drive in progress is finished


def _tag(record: Record, name: str) -> str | None:
    """A tag's value; None for no tag or `*` (a bubble log's header bubble left blank)."""
    value = (record.tag(name) or "").strip()
    return None if value in ("", UNKNOWN) else value


def _players(record: Record) -> tuple[int, list[Finding]]:
    """The table's size: the Players tag, else the seats the first drive deals, else the
    highest seat any line names (a finding: the record does not say)."""
    text = _tag(record, n.PLAYERS_TAG)
    entries = n.entries(record)
    seats = n.first_deal_seats(entries)
    named = max(seats or n.seats_named(entries) or [DEFAULT_PLAYERS])
    guess = min(max(named, MIN_PLAYERS), MAX_PLAYERS)
    if text is not None:
        if text.isdigit() and MIN_PLAYERS <= int(text) <= MAX_PLAYERS:
            return int(text), []
        return guess, [Finding(record.line_of(n.PLAYERS_TAG), "LD-TAG-001", "the number of "
                               f"players: {MIN_PLAYERS} to {MAX_PLAYERS}",
                               f"{MIN_PLAYERS} to {MAX_PLAYERS}", text[:20])]
    if seats and MIN_PLAYERS <= max(seats) <= MAX_PLAYERS:
        return max(seats), []
    found = f"P{max(seats)} dealt" if seats else "no deal lines"
    return guess, [Finding(1, "LD-TAG-001", "the number of players: a Players tag, or the "
                           "first drive's deal lines (a play-book bubble log: shade its Players "
                           "bubble)", f'[Players "N"], N {MIN_PLAYERS} to {MAX_PLAYERS}',
                           found)]


def _played_to(record: Record, rules: Rules) -> Length:
    """The length a record plays to, by its last period marker: a guess for a Length tag
    the rules do not have (without markers, the full game: the default)."""
    marks = [e.name for e in n.entries(record) if isinstance(e, n.Period)]
    last = marks[-1] if marks else rules.overtime
    length = next((g for g in rules.lengths if g.last == last), rules.length(DEFAULT_LENGTH))
    assert length is not None
    return length


def _length(record: Record, rules: Rules) -> tuple[Length, list[Finding]]:
    key = _tag(record, n.LENGTH_TAG) or DEFAULT_LENGTH
    length = next((g for g in rules.lengths if g.key.lower() == key.lower()), None)
    if length is not None:
        return length, []
    return _played_to(record, rules), [Finding(
        record.line_of(n.LENGTH_TAG), "LD-TAG-002", "the agreed length of the game",
        " or ".join(g.key for g in rules.lengths), key[:20])]


def _finish(record: Record, length: Length) -> tuple[bool, list[Finding]]:
    """Whether a drive in progress at the agreed end is finished: only a game to the end of
    Q1 or Q3 has the choice (L8); without the tag it is taken (as L8 always did)."""
    text = _tag(record, n.FINISH_TAG)
    if text is None:
        return length.finish_drive, []
    value = FINISH.get(text.lower())
    if value is not None and (length.finish_drive or not value):
        return length.finish_drive and value, []
    want = " or ".join(FINISH) if length.finish_drive else \
        f"no (a game to the {length.name} ends there)"
    return length.finish_drive, [Finding(record.line_of(n.FINISH_TAG), "LD-TAG-003",
                                         "whether a drive in progress at the agreed end is "
                                         "finished (a choice for a game to the end of Q1 or "
                                         "Q3)", want, text[:20])]


def begin(rules: Rules, record: Record) -> Step[State]:
    """The situation before the first line, from the tags (a value the rules do not have is
    a finding; the record is then read with the default)."""
    players, found = _players(record)
    length, more = _length(record, rules)
    finish, most = _finish(record, length)
    agreed = _tag(record, n.LENGTH_TAG) is not None and not more
    ctx = Context(rules, players, length, _tag(record, "Seed") or None, finish, agreed)
    return Step(State.start(ctx), tuple(found + more + most))


def _last_unread(record: Record) -> int:
    return max((r.number for r in record.rows if isinstance(r.item, Unread)), default=0)


def end(state: State, record: Record) -> Ending:
    """The drive in progress closed (its deal, penalties still owed); over once a winner is
    written. A game of players keeps no score a Result tag could name (the winner line is its
    end, LD-WIN-001); a match of two teams ([Home] and [Away], L20) has the teams' scores,
    each the sum of its players' points, and every seat's player and points."""
    found: list[Finding] = []
    if not state.finished:
        state, found = close_drive(state, _last_unread(record), final=True)
    drives = "drive" if state.drives == 1 else "drives"
    summary = f"{state.players} players, {state.drives} {drives}"
    home, away = _tag(record, "Home"), _tag(record, "Away")
    if home is None or away is None:
        return Ending(state.finished, None, tuple(found), summary)
    if state.players % 2:
        found.append(Finding(record.line_of("Away") or 1, "LD-TEAM-001", "two teams share a "
                             "table of an even number of seats (L20)", "an even Players",
                             str(state.players)))
        return Ending(state.finished, None, tuple(found), summary)
    points = teams.score(state.rules_totals)
    names = {s: name for s, tag in enumerate(teams.SEAT_TAGS, start=1)
             if (name := _tag(record, tag))}
    seats = teams.seats((home, away), names, state.rules_totals,
                        ranking(state)[0] if state.finished else ())
    return Ending(state.finished, f"{points[0]}-{points[1]}", tuple(found),
                  f"{summary}; final score {points[0]}-{points[1]}", seats)


RULEBOOK: Rulebook[Rules, State] = Rulebook(
    game=GAME_ID, prefix="LD", parse=n.parse, start=begin, step=step, end=end,
    load_rules=load_rules)


def verify_text(text: str, file: str, rules: Rules | None = None) -> Report:
    """The function `printkit verify` calls (the kernel with Luck of the Draw's rulebook). A
    decision log (`[Log "decisions"]`: engine/luckdraw/decisions.py) is replayed from its
    Seed and the lines the replay writes are verified here (engine/decisions/replay.py)."""
    from printkit_engine.decisions import verify_either
    from printkit_engine.luckdraw.game import GAME

    return verify_either(GAME.decisions, record_report, text, file, rules)


def record_report(text: str, file: str, rules: Rules | None = None) -> Report:
    """A typed record's report: the kernel with Luck of the Draw's rulebook."""
    return kernel.verify(RULEBOOK, text, file, rules)
