"""The Card Bowl step: ``step(state, entry) -> Step`` for every row of a record (a heading, a `---`,
a clock marker, a play line, a cards line). Pure: a step reads a frozen
:class:`~printkit_engine.cardbowl.state.State` and returns a new one with the findings on the line;
the record's context (rules, seed) rides on the state (``state.ctx``).

A play line is compared with what the last result leads to (``state.expect``: the down, line
to gain, spot and team); every difference is a finding with a stable id (docs/notation.md),
two or more about where the line stands being one (CB-LINE-001), and the state after it
follows the line *as written*, so one slip is one finding. Where the rules give something
else, that state is an alternative the verifier kernel keeps, and the next line may follow
either: the arithmetic's spot, down and distance; the written yard line across midfield; a
return that adds up; no first down where no penalty gives one; a wrong sum's terms; the
cards' verdict on a kick at goal; the team the writer missed a turnover to; and, where yards
cannot be right, whatever the next line says. Positions are yards from the offense's own goal
line (0..100); a written yard line is turned into one by continuity, as the rules' example
needs (C2); a side that had to be guessed (C3) is kept with its mirror (``state.mirror``)
until a line tells them apart. A line after one whose play is not known (unread, or a kick
left out) starts where it says (C16).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from printkit_engine.cardbowl import cardcheck
from printkit_engine.cardbowl.game import DEAL
from printkit_engine.cardbowl.notation import Cards, Entry
from printkit_engine.cardbowl.outcome import (
    kick_outcome,
    plain_gain,
    scrimmage_outcome,
    try_outcome,
)
from printkit_engine.cardbowl.state import FIELD, Expect, Outcome, Situation, State, finding, yard
from printkit_engine.findings import Finding
from printkit_engine.frozen import build, evolve
from printkit_engine.verify.kernel import Step

Found = list[Finding]


def norm(text: str) -> str:
    """A line's text with runs of spaces and tabs as one space (how errata are matched)."""
    return " ".join(text.split())


# -- teams ---------------------------------------------------------------------------------
def team_index(s: State, name: str, entry: Entry) -> tuple[State, int, Found]:
    """The index of a team named on a line: a known team, the next free one (the first two
    names written are the game's teams), or a third team's (CB-POSS-004, once per name; the
    team is then whoever the notes say has the ball)."""
    key = name.strip().lower()
    for i, known in enumerate(s.names):
        if known is not None and known.lower() == key:
            return s, i, []
    for i, known in enumerate(s.names):
        if known is None:
            names = (name.strip(), s.names[1]) if i == 0 else (s.names[0], name.strip())
            return evolve(s, names=names), i, []
    guess = s.expect.offense if s.expect.offense is not None else s.offense
    if key in s.strangers:          # a third name is one slip, however often written
        return s, guess, []
    return evolve(s, strangers=(*s.strangers, key)), guess, [finding(
        entry, "CB-POSS-004", "not one of the game's two teams",
        " or ".join(str(n) for n in s.names), name)]


def team_name(s: State, index: int | None) -> str:
    if index is None:
        return "?"
    return s.names[index] or ("the other team" if index else "the first team")


def with_tags(s: State, names: list[str]) -> State:
    """The teams the Home and Away tags name, in the order written."""
    for name in names:
        if name.strip():
            s, _, _ = team_index(s, name, Entry(0, "tag", name))
    return s


# -- rows that are not plays ---------------------------------------------------------------
def heading(s: State, entry: Entry) -> tuple[State, Found]:
    """A team heading: the team with the ball in the lines below it. A third team's name is
    CB-POSS-004 (once); its section is whoever the notes say has the ball: the arithmetic's
    team, or at the start the one the next heading after a `---` does not name."""
    key = entry.name.strip().lower()
    third = None not in s.names and all((n or "").lower() != key for n in s.names)
    section: int | None
    s, section, found = team_index(s, entry.name, entry)
    if third:
        section = None if s.last_play is not None else _other_than(s, entry.after)
    return evolve(s, section=section, heading_line=s.heading_line or entry.line), found


def _other_than(s: State, name: str | None) -> int | None:
    key = (name or "").strip().lower()
    for i, known in enumerate(s.names):
        if name is not None and (known or "").lower() == key:
            return 1 - i
    return None


def separator(s: State, entry: Entry) -> tuple[State, Found]:
    return evolve(s, separator=True, section=None), []


def marker(s: State, entry: Entry) -> tuple[State, Found]:
    return (evolve(s, half_start=True) if entry.is_half_start else s), []


def ignored(s: State, entry: Entry) -> tuple[State, Found]:
    return s, []


def cards_line(s: State, entry: Entry) -> tuple[State, Found]:
    """A cards line: the cards drawn for the play line above it."""
    if entry.gap:
        return evolve(s, slipped=True), []     # the play these cards are for was not read
    if s.last_play is None or entry.cards is None:
        return evolve(s, slipped=True), [finding(entry, "CB-CARD-008", "cards line before "
                                                  "any play", "a play line", "cards")]
    s, found = card_findings(s, s.last_play, entry.cards, entry, s.slipped)
    if any(f.rule == "CB-CARD-008" for f in found):
        # cards of a kick under a play that is not one: the kick line is the likely slip
        # (left out), so the next play starts where it says
        s = evolve(s, loose=True, slipped=True)
    return s, found


# -- possession ----------------------------------------------------------------------------
def current_team(s: State, expected: int | None) -> int:
    """The team a line is for: its heading's, else after a `---` the team due the ball."""
    if s.section is not None:
        return s.section
    if s.separator:
        return expected if expected is not None else 1 - s.last_team
    if s.last_play is not None:
        return s.last_team
    return expected if expected is not None else s.lead


def possession(s: State, entry: Entry, team: int, expected: int | None,
               change: bool) -> Found:
    """The team on the line against the team due the ball, and the `---` a change needs."""
    if expected is not None and team != expected:
        return [finding(entry, "CB-POSS-003", "wrong team in possession",
                        team_name(s, expected), team_name(s, team))]
    if s.last_play is None or s.half_start:
        return []      # the missing or extra --- follows from the same slip
    if change and not s.separator:
        # the line belongs before the heading of the team that gets the ball (C10)
        return [Finding(s.heading_line or entry.line, "CB-POSS-001", "change of possession "
                        "without a line (---) before it", "---", "no line")]
    if not change and s.separator:
        return [finding(entry, "CB-POSS-002", "line (---) between possessions but the ball "
                        "did not change hands", "no line", "---")]
    return []


def mislabelled(s: State, team: int, expected: int | None, change: bool) -> bool:
    """A heading right after a `---` naming the team that just lost the ball, where the notes
    (the `---`) and the arithmetic agree it changed hands: the name is the slip (CB-POSS-003,
    once); the section is the other team's, its drive and score too."""
    return (expected is not None and team != expected and change and s.separator
            and s.section == team)


# -- scrimmage lines -----------------------------------------------------------------------
def place(entry: Entry, near: int | None) -> int:
    """The position a written yard line means: side as written, else by continuity."""
    y = entry.yard or 0
    if entry.side == "own":
        return y
    if entry.side == "opp":
        return FIELD - y
    if entry.goal:                   # goal to go: only ever in the opponent's half (C3)
        return FIELD - y
    if near is None:                 # C3: own half unless goal to go or a field goal
        return FIELD - y if entry.result.field_goal else y
    # the nearer of the two (the one nearer its own goal on a tie)
    mirror = FIELD - y
    return mirror if (abs(mirror - near), mirror) < (abs(y - near), y) else y


def open_expect(s: State, entry: Entry, exp: Expect, team: int) -> Expect:
    """A line after one without a result: its spot says what the play gained (C2: the side
    of the field that makes its down and distance add up)."""
    if exp.kind != "open" or team != exp.offense or exp.pos is None:
        if exp.kind == "open":
            return evolve(exp, kind="scrimmage", pos=None, down=1, marker=None)
        return exp
    nearest = place(entry, exp.pos)
    options = [nearest]
    if entry.side is None and entry.yard is not None and norm(entry.text) != s.previous_text:
        # across midfield; never for the line before written again (no play goes from a
        # spot to its mirror and writes the same line)
        options.append(FIELD - nearest)
    first = s.ctx.rules.field.first_down
    outcomes = []
    for new in options:
        if exp.marker is not None and new >= exp.marker:
            outcomes.append(evolve(exp, kind="scrimmage", pos=new, down=1,
                                    marker=min(new + first, FIELD)))
        else:
            outcomes.append(evolve(exp, kind="scrimmage", pos=new, down=(exp.down or 0) + 1))
    for out in outcomes:
        distance = None if out.marker is None else out.marker - (out.pos or 0)
        written = FIELD - (out.pos or 0) if entry.goal else entry.distance
        if out.down == entry.down and distance == written:
            return out
    return outcomes[0]


def prepare(s: State, exp: Expect) -> tuple[Expect, int]:
    """The expectation as it applies to a scrimmage line, and the team that line is for."""
    if exp.kind in ("try", "kickoff"):        # notes that skip the try or kickoff
        exp = Expect("scrimmage", offense=exp.offense if exp.kind == "kickoff"
                     else (None if exp.offense is None else 1 - exp.offense),
                     change=True, down=1)
    team = current_team(s, exp.offense)
    if exp.kind == "open" and team != exp.offense:
        exp = Expect("scrimmage", offense=team, change=True, down=1)
    return exp, team


Spot = tuple[int, int, int]      # a position, down and line to gain


def judge(s: State, entry: Entry) -> tuple[Expect, int, int, Found, Spot | None]:
    """A scrimmage line against what the last result leads to: the expectation, the line's
    team and spot, the findings, and the spot, down and line to gain the arithmetic gives."""
    exp, team = prepare(s, s.expect)
    exp = open_expect(s, entry, exp, team)
    owned = possession(s, entry, team, exp.offense, exp.change)
    if exp.offense is not None and mislabelled(s, team, exp.offense, exp.change):
        team = exp.offense
    pos, slips, true_state = line_checks(s, entry, exp, team)
    return exp, team, pos, owned + slips, true_state


def line_checks(s: State, entry: Entry, exp: Expect,
                team: int) -> tuple[int, Found, Spot | None]:
    """The spot a line means, its findings, and the state the arithmetic gives."""
    found: Found = []
    pos = place(entry, exp.pos if exp.pos is not None else
                (s.pos if team == s.offense else None))
    yard_ok = True
    if exp.pos is not None and (yard(exp.pos) != entry.yard or
                                (entry.side and pos != exp.pos)):
        yard_ok = False
        found.append(finding(entry, "CB-YARD-001", "yard line does not follow from the last "
                             "play", yard(exp.pos), entry.yard))
    if exp.down is not None and entry.down != exp.down:
        found.append(finding(entry, "CB-DOWN-001", "wrong down", exp.down, entry.down))
    found += check_distance(s, entry, exp, pos, yard_ok)
    true_state = None
    if exp.pos is not None and exp.down is not None:
        first = s.ctx.rules.field.first_down
        marker = exp.marker if exp.marker is not None else min(exp.pos + first, FIELD)
        true_state = (exp.pos, exp.down, marker)
    return pos, found, true_state


def check_distance(s: State, entry: Entry, exp: Expect, pos: int, yard_ok: bool) -> Found:
    """Distance from the expected spot, or (after a yard-line finding) the written one."""
    first = s.ctx.rules.field.first_down
    spots = [exp.pos if exp.pos is not None else pos] + ([] if yard_ok else [pos])
    wants = []
    for spot in spots:
        marker = exp.marker
        if marker is None and (exp.down or entry.down) == 1:
            marker = min(spot + first, FIELD)
        if marker is not None:
            wants.append("goal" if marker >= FIELD else str(marker - spot))
    found = "goal" if entry.goal else str(entry.distance)
    if not wants or found in wants:
        return []
    want = wants[0]
    if want == "goal" and entry.distance == FIELD - spots[0]:
        return [finding(entry, "CB-GOAL-001", "goal to go is written '& goal'", "goal", found)]
    if found == "goal":
        return [finding(entry, "CB-GOAL-002", "'& goal' but the line to gain is short of the "
                        "goal line", want, found)]
    return [finding(entry, "CB-DIST-001", "wrong distance to the line to gain", want, found)]


def situation(s: State, spot: Spot | None = None) -> Situation:
    """The snapshot a pure check reads: the line as written, or the given spot."""
    pos, down, marker = spot if spot is not None else (s.pos, s.down, s.marker)
    return Situation(s.ctx.rules, s.ctx.seed, pos, down, marker)


Points = tuple[int, int]
Reading = tuple[Expect, Points]      # another reading of a line: where it leads, and the
                                     # points it scores beyond (or short of) the line's own


def take(s: State, out: Outcome, **changes: Any) -> tuple[State, Found, list[Reading]]:
    """A pure check's expectation and points, taken into the state (and the alternative
    score a slip keeps) with the line's other `changes` (one new state, not one a change),
    and its other readings."""
    score, alt = _scored(s, out)
    others = [(o.expect, (0, 0) if o.points is None else _minus(o.points, out.points))
              for o in out.others]
    return (evolve(s, expect=out.expect, score=score, score_alt=alt, **changes),
            list(out.findings), others)


def _scored(s: State, out: Outcome) -> tuple[Points, Points | None]:
    """The score and the alternative score a slip keeps, with the outcome's points."""
    if not any(out.points):
        return s.score, s.score_alt
    return _plus(s.score, out.points), None if s.score_alt is None else \
        _plus(s.score_alt, out.points)


def _plus(score: Points, points: Points) -> Points:
    return score[0] + points[0], score[1] + points[1]


def _minus(score: Points, points: Points) -> Points:
    return score[0] - points[0], score[1] - points[1]


Line = tuple[State, Found, list[Reading]]    # a play's state, findings, other readings


def scrimmage(s: State, entry: Entry) -> Line:
    """A `D & N @ Y` line: its team, spot, down and distance against the expectation, then
    what its result leads to."""
    exp, team, pos, slips, true_state = judge(s, entry)
    mirror = None
    if s.mirror is not None:
        # the notes had to guess a side of midfield: this line may say the other one
        other = judge(evolve(s, expect=s.mirror), entry)
        if not other[3] and slips:
            exp, team, pos, slips, true_state = other
        elif not other[3]:             # both sides still agree with the notes: keep both
            mirror = _leads_to(s, entry, other[1], other[2])
    if exp.pos is None and entry.side is None and not entry.goal:
        mirror = _leads_to(s, entry, team, FIELD - pos)      # a side guessed here (C3)
    section = team if s.section is not None and team != s.section else s.section
    others: list[Expect] = []
    if exp.offense is not None and team != exp.offense and exp.pos is not None:
        # the written team really had the ball (a turnover the writer missed)
        others.append(written_side(s, entry, team, FIELD - exp.pos))
    elif slips and true_state is not None:
        # the next line may carry on from the arithmetic's state instead of the written one
        others.append(scrimmage_outcome(situation(s, true_state), entry, team).expect)
    if slips and entry.side is None and not entry.goal:
        # a yard line that does not follow: its side of midfield is not known either
        others.append(_leads_to(s, entry, team, FIELD - pos))
    readings: list[Reading] = [(e, (0, 0)) for e in others]
    spot = (pos, entry.down or 0, _marker(entry, pos))     # the line as written
    out = scrimmage_outcome(situation(s, spot), entry, team)
    s, found, more = take(s, out, section=section, offense=team, pos=pos, down=entry.down,
                          marker=spot[2], mirror=None if mirror == out.expect else mirror)
    return s, _one(slips, entry, team, exp, s) + found, readings + more


def _leads_to(s: State, entry: Entry, team: int, pos: int) -> Expect:
    """What the line's result leads to from `pos` (its down and distance as written)."""
    spot = (pos, entry.down or 0, _marker(entry, pos))
    return scrimmage_outcome(situation(s, spot), entry, team).expect


def _marker(entry: Entry, pos: int) -> int:
    """The line to gain a line writes."""
    return FIELD if entry.goal else pos + (entry.distance or 0)


# what a line says of where it stands (team, down, distance, yard line), by the part of
# `TEAM D & N @ Y` each finding is about
PARTS = {"CB-POSS-003": "team", "CB-DOWN-001": "down", "CB-DIST-001": "distance",
         "CB-GOAL-001": "distance", "CB-GOAL-002": "distance", "CB-YARD-001": "yard"}


def _one(slips: Found, entry: Entry, team: int, exp: Expect, s: State) -> Found:
    """Two or more parts of where a line stands that do not follow (a line left out before
    it, most often): one finding, the whole of what was due against what is written."""
    parts = [f for f in slips if f.rule in PARTS]
    if len(parts) < 2:
        return slips
    written = {"team": team_name(s, team), "down": str(entry.down),
               "distance": "goal" if entry.goal else str(entry.distance),
               "yard": str(entry.yard)}
    due = dict(written)
    if exp.offense is not None:
        due["team"] = team_name(s, exp.offense)
    if exp.down is not None:
        due["down"] = str(exp.down)
    if exp.pos is not None:
        due["yard"] = str(yard(exp.pos))
        marker = exp.marker if exp.marker is not None else \
            min(exp.pos + s.ctx.rules.field.first_down, FIELD)
        due["distance"] = "goal" if marker >= FIELD else str(marker - exp.pos)
    with_team = any(f.rule == "CB-POSS-003" for f in parts)

    def text(p: dict[str, str]) -> str:
        head = f"{p['team']} " if with_team else ""
        return f"{head}{p['down']} & {p['distance']} @ {p['yard']}"

    merged = Finding(entry.line, "CB-LINE-001", "the line does not follow from the last play "
                     "(a line left out before it?)", text(due), text(written))
    return [merged, *(f for f in slips if f.rule not in PARTS)]


def written_side(s: State, entry: Entry, team: int, near: int) -> Expect:
    """Where the line leads if the written team really had the ball where the verifier saw
    the other one (a turnover the writer missed): its yard line read from its own side of the
    field, down and distance as written. The next line may follow this."""
    return _leads_to(s, entry, team, place(entry, near))


# -- kicks and tries -----------------------------------------------------------------------
def kick(s: State, entry: Entry) -> Line:
    """A kickoff, free kick or onside kick, written under the receiving team."""
    exp = s.expect
    rules = s.ctx.rules
    found: Found = []
    allowed = exp.kind in ("start", "kickoff", "try") or s.half_start
    if not allowed:
        found.append(finding(entry, "CB-KICK-003", "kickoff without a score or the start of "
                             "a half", "a scrimmage line", entry.name.replace("_", " ")))
    receiving = exp.offense if exp.kind == "kickoff" else (
        None if exp.offense is None else 1 - exp.offense) if exp.kind == "try" else None
    kept = entry.name == "onside" and entry.result.recovered in ("K", "D")
    if kept and receiving is not None:
        receiving = 1 - receiving
    team = current_team(s, receiving)
    # the kicking team recovering its own onside kick keeps the ball: no line (---) due
    change = allowed and exp.kind != "start" and not s.half_start and not kept
    if not allowed and s.separator:
        # a kick after a --- where the notes show no score: the score line is the likely
        # slip (left out); the ball changes hands as the --- says, and a free kick's score
        # column may count the safety (one slip, one finding)
        change = True
        if entry.name == "free_kick":
            s = evolve(s, score_alt=_plus(s.score_alt or s.score, _for(team, rules.points(
                "safety"))))
    found += possession(s, entry, team, receiving if allowed else None, change)
    section = s.section
    if allowed and receiving is not None and mislabelled(s, team, receiving, change):
        team = section = receiving
    s = evolve(s, section=section, offense=team, pos=None, down=None, marker=None)
    out = kick_outcome(situation(s), entry, team, free=exp.free_kick)
    s, more, others = take(s, out)
    return s, found + more, others


def _for(team: int, points: int) -> tuple[int, int]:
    return (points, 0) if team == 0 else (0, points)


def try_line(s: State, entry: Entry) -> Line:
    """The try after a touchdown (a try with none before it: CB-TRY-001, and its score
    column may count the touchdown left out)."""
    exp = s.expect
    found: Found = []
    scorer = exp.offense if exp.kind == "try" else None
    if exp.kind != "try":
        found.append(finding(entry, "CB-TRY-001", "a try without a touchdown before it",
                             "a touchdown", "try"))
    team = current_team(s, scorer)
    change = exp.kind == "try" and exp.change
    if exp.kind != "try" and s.separator:
        change = True     # the touchdown left out was the other team's, as the --- says
    found += possession(s, entry, team, scorer, change)
    section = s.section
    if scorer is not None and mislabelled(s, team, scorer, change):
        team = section = scorer
    s = evolve(s, section=section, offense=team)
    if exp.kind != "try":
        # the likely slip is the touchdown line left out: a score column on this try may
        # count its points (one slip, one finding)
        s = evolve(s, score_alt=_plus(s.score_alt or s.score,
                                       _for(team, s.ctx.rules.points("touchdown"))))
    out = try_outcome(situation(s), entry, team)
    s, more, others = take(s, out)
    return s, found + more, others


# -- the score column and the cards ----------------------------------------------------------
def check_score(s: State, entry: Entry, team: int) -> tuple[State, Found]:
    """The score column against the running score (or the alternative score a slip keeps)."""
    score = entry.score
    if score is None:
        return s, []
    found: Found = []
    i = None
    if score.team:
        s, i, found = team_index(s, score.team, entry)
        if score.team.strip().lower() in s.strangers:
            i = None                   # a third team's name: whose score is not known
    written = (score.first, score.second) if i in (0, None) else (score.second, score.first)

    def same(actual: tuple[int, int]) -> bool:
        if i is None:
            return sorted(actual) == sorted(written)
        return actual == written

    if not s.score_known:
        s = evolve(s, score_alt=None, score_known=i is not None or score.first == score.second)
    elif not same(s.score) and not (s.score_alt and same(s.score_alt)):
        if i is None:
            hi, lo = sorted(s.score, reverse=True)
            want, got = f"{hi}-{lo}", f"{score.first}-{score.second}"
        else:
            want = f"{s.score[i]}-{s.score[1 - i]} {team_name(s, i)}"
            got = f"{score.first}-{score.second} {score.team}"
        found.append(finding(entry, "CB-SCORE-001", "wrong score", want, got))
        s = evolve(s, score_alt=s.score)
    else:
        s = evolve(s, score_alt=None)
    if i is not None or score.first == score.second:
        s = evolve(s, score=written)
    return s, found


def card_findings(s: State, play: Entry, cards: Cards, line: Entry | None,
                  slipped: bool, plays: int | None = None) -> tuple[State, Found]:
    """The card checks, with the play book's deal numbers lined up like a diff: cards that
    are the top of deal K+1 or K-1 (K+2, K-2) after a play line written twice or left out
    are found once (on the line that shows it, or not again if a finding since the last
    cards line already did), and the deals after follow the shift. `plays`: the play lines
    so far, this one's included (default: the state's count)."""
    k = (s.plays if plays is None else plays) + s.deal_shift
    found = list(cardcheck.check(situation(s), play, cards, k, line=line))
    if s.ctx.seed is None or cards.deal is not None:
        return evolve(s, slipped=slipped), found      # the deal number is not in question
    if not any(f.rule == "CB-CARD-006" for f in found):
        return evolve(s, slipped=False), found
    for d in (-1, 1, -2, 2):
        again = list(cardcheck.check(situation(s), play, cards, k + d, line=line))
        if any(f.rule == "CB-CARD-006" for f in again):
            continue
        if not slipped:
            again.append(finding(line or play, "CB-CARD-006", "cards are the top of another "
                                 "deal: a play line left out or written twice before",
                                 f"{DEAL}/{k}", f"{DEAL}/{k + d}"))
        # whatever the line left out scored is in the next score column written
        return evolve(s, deal_shift=s.deal_shift + d, slipped=False, score_known=False), again
    return evolve(s, slipped=False), found


def verdict(s: State, play: Entry, found: Found) -> list[Reading]:
    """A kick at goal whose cards say the other verdict (CB-CARD-004): the next lines may
    follow the cards (the kick's points and where the ball goes after it)."""
    if not any(f.rule == "CB-CARD-004" for f in found) or play.result.good is None:
        return []
    outcome = try_outcome if play.name == "try" else scrimmage_outcome
    flipped = replace(play, result=replace(play.result, good=not play.result.good))
    written = outcome(situation(s), play, s.offense)
    other = outcome(situation(s), flipped, s.offense)
    return [(other.expect, _minus(other.points, written.points))]


# a sum written before a play's total yards (`run 5 + 8 = 13`): a bubble sheet shades the total
# alone (`run 13`), and a printed line is the same line either way (C1); another sum is not
_SUM = re.compile(r"(?:-?\d+ \+ )+-?\d+ = ")


def _unsummed(text: str) -> str:
    return _SUM.sub("", text)


def erratum(s: State, entry: Entry, team: int) -> bool:
    """A line the rules' own example prints although its arithmetic differs (C1): the team,
    the line before and the whole line, as printed (a sum before the yards or only its
    total: the bubble sheet's form)."""
    text = norm(entry.text)
    return any(e.team.lower() == (s.names[team] or e.team).lower()
               and s.previous_text in (e.previous, _unsummed(e.previous))
               and text in (e.line, _unsummed(e.line))
               for e in s.ctx.rules.errata)


# -- one play line -----------------------------------------------------------------------------
PLAYS: dict[str, Callable[[State, Entry], Line]] = {"scrimmage": scrimmage, "try": try_line}


def sums(entry: Entry) -> Found:
    """Each written sum (`5 + 8 = 13`) adds up."""
    found = []
    for added in entry.result.sums:
        if sum(added.terms) != added.total:
            terms = " + ".join(map(str, added.terms)).replace("+ -", "- ")
            found.append(finding(entry, "CB-ARITH-001", "yardage does not add up",
                                 f"{terms} = {sum(added.terms)}", f"= {added.total}"))
    return found


SUMMED = ("gain", "ret", "air", "punt", "fg_distance")    # the yards a written sum may give


def added_up(entry: Entry) -> Entry | None:
    """The line with each wrong sum's total replaced by what its terms add up to (the play
    the next line may follow), or None if every sum adds up."""
    res = entry.result
    changes: dict[str, Any] = {}     # Result fields (SUMMED) and their totals
    for added in res.sums:
        right = sum(added.terms)
        if right != added.total:
            changes.update({k: right for k in SUMMED if getattr(res, k) == added.total})
    return replace(entry, result=replace(res, **changes)) if changes else None


# what a line is checked against the line before for: after a line that cannot be read
# (its play not known) these are not findings
FOLLOWS = {"CB-POSS-001", "CB-POSS-002", "CB-POSS-003", "CB-YARD-001", "CB-DOWN-001",
           "CB-DIST-001", "CB-GOAL-001", "CB-GOAL-002", "CB-LINE-001", "CB-KICK-003",
           "CB-TRY-001"}


def unknown(entry: Entry) -> Expect:
    """What a line may follow when the line before it is not known."""
    kind = {"scrimmage": "scrimmage", "try": "try"}.get(entry.name, "kickoff")
    return Expect(kind, free_kick=entry.name == "free_kick")


def play(s: State, entry: Entry) -> Step[State]:
    """A play line: its play, its score column and its cards, then the state as written and
    the states the rules give instead (alternatives)."""
    if entry.name == "scrimmage" and (plain := follows(s, entry)) is not None:
        return plain
    return any_play(s, entry)


def follows(s: State, entry: Entry) -> Step[State] | None:
    """A line from scrimmage that stands exactly where the last play left the ball (its team,
    down, distance and yard line, the `---` where the ball changed hands) and writes no sum,
    score column or cards, with a clean result: its state in one step, as :func:`any_play`
    makes it (tests hold the two equal on every such line of whole games). None for any
    other line (about a third of a game's lines), which `any_play` reads. Most lines of a
    record are these; a clean line's other readings are never kept, so none is made."""
    exp = s.expect
    if (exp.kind != "scrimmage" or exp.pos is None or exp.marker is None
            or exp.down is None or entry.down != exp.down or entry.gap or s.loose
            or s.mirror is not None or entry.result.sums or entry.score is not None
            or entry.cards is not None):
        return None
    team = current_team(s, exp.offense)
    if team != exp.offense or (s.last_play is not None and not s.half_start
                               and exp.change != s.separator):
        return None
    pos = place(entry, exp.pos)
    if yard(exp.pos) != entry.yard or (entry.side and pos != exp.pos):
        return None
    if entry.goal != (exp.marker >= FIELD) or \
            (not entry.goal and entry.distance != exp.marker - exp.pos):
        return None
    marker = _marker(entry, pos)
    expect = plain_gain(s.ctx.rules, pos, exp.down, marker, entry.result, team)
    if expect is not None:          # most lines: no points, nothing found
        score, alt = s.score, s.score_alt
    else:
        out = scrimmage_outcome(situation(s, (pos, exp.down, marker)), entry, team)
        if out.findings:
            return None
        expect = out.expect
        score, alt = _scored(s, out)
    # the new state's fields laid over the old ones in one dictionary display (half the
    # cost of `evolve`'s keyword arguments, for the line most lines are)
    return Step(build(State, {
        **s.__dict__, "expect": expect, "score": score, "score_alt": alt,
        "offense": team, "pos": pos, "down": exp.down, "marker": marker, "mirror": None,
        "plays": s.plays + 1, "previous_text": norm(entry.text), "separator": False,
        "half_start": False, "last_play": entry, "last_team": team, "lead": 0,
        "heading_line": None}))


def any_play(s: State, entry: Entry) -> Step[State]:
    """Any play line, read in full: :func:`play`'s general case."""
    # the play is counted in its last state (the_play reads no count; the cards' deal number
    # is this play's): one new state a line fewer
    plays = s.plays + 1
    s, found, others = the_play(s, entry)
    team = s.offense
    s, more, also = columns(s, entry, team, bool(found), plays)
    found, others = found + more, others + also
    errata_used = s.errata_used
    if found and erratum(s, entry, team):
        errata_used, found = errata_used + 1, []
    s = evolve(s, plays=plays, errata_used=errata_used, previous_text=norm(entry.text),
               separator=False, half_start=False, last_play=entry, last_team=team, lead=0,
               heading_line=None, mirror=s.mirror if entry.name == "scrimmage" else None)
    if not found:
        return Step(s)
    return Step(s, tuple(found), tuple(_reading(s, e, d) for e, d in others
                                       if (e, d) != (s.expect, (0, 0))))


def the_play(s: State, entry: Entry) -> Line:
    """The line's sums and its play (scrimmage, kick or try) from `s`."""
    found = sums(entry)
    gap = entry.gap or s.loose
    if gap:
        # the line before could not be read, or was left out: this one starts where it
        # says, and whatever the unknown line scored is in the next score column written
        s = evolve(s, expect=unknown(entry), score_known=False, slipped=True, loose=False)
    handler = PLAYS.get(entry.name, kick)
    after, more, others = handler(s, entry)
    if (summed := added_up(entry)) is not None:
        # a sum that does not add up: the next line may follow what its terms give
        other = handler(s, summed)[0]
        others.append((other.expect, _minus(other.score, after.score)))
    if gap:
        return after, found + [f for f in more if f.rule not in FOLLOWS], []
    return after, found + more, others


def columns(s: State, entry: Entry, team: int, slipped: bool, plays: int) -> Line:
    """The line's score column and cards (`plays`: play lines so far, this one's included)."""
    s, found = check_score(s, entry, team)
    if entry.cards is None:
        # a later deal shift is explained by a slip on this line
        return (evolve(s, slipped=True) if found or slipped else s), found, []
    s, more = card_findings(s, entry, entry.cards, None, s.slipped or slipped or bool(found),
                            plays)
    return s, found + more, verdict(s, entry, more)


def _reading(s: State, expect: Expect, points: Points) -> State:
    """The state after a line in another reading: where it leads, and its points."""
    if points == (0, 0):
        return evolve(s, expect=expect)
    alt = None if s.score_alt is None else _plus(s.score_alt, points)
    return evolve(s, expect=expect, score=_plus(s.score, points), score_alt=alt)


ROWS: dict[str, Callable[[State, Entry], tuple[State, Found]]] = {
    "heading": heading, "separator": separator, "marker": marker, "cards": cards_line,
    "tag": ignored}


def step(s: State, entry: Entry) -> Step[State]:
    """One row of the record from `s` (the kernel calls this for every row)."""
    if entry.kind == "play":
        return play(s, entry)
    new, found = ROWS[entry.kind](s, entry)
    if not found:
        return Step(new)
    if entry.kind == "heading":
        # a name that is no team's may be a clock marker miswritten ("Halftmie")
        return Step(evolve(new, slipped=True), tuple(found),
                    (evolve(s, half_start=True, slipped=True),))
    if entry.kind != "cards":
        return Step(evolve(new, slipped=True), tuple(found))
    others = verdict(new, s.last_play, found) if s.last_play is not None else []
    return Step(new, tuple(found), tuple(_reading(new, e, d) for e, d in others))


__all__ = ["State", "step"]
