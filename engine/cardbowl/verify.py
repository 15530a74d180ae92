"""Auditing Card Bowl play notes: each line must follow from the line before it.

The record is read by notation.py; a :class:`Game` walks it line by line. Before each play
line it holds an :class:`Expect` (the down, line to gain, spot and team the previous result
leads to); the line is compared with it, every difference becomes a Finding with a stable id
(listed in docs/notation.md), and then the game takes the line *as written* (resynchronising),
so one slip is one finding. Positions are kept as yards from the offence's own goal line
(0..100); a written yard line is turned into one by continuity, as the rules' example needs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.cardbowl import cardcheck
from engine.cardbowl.game import DEAL, ID
from engine.cardbowl.notation import Cards, Entry, parse
from engine.cardbowl.outcome import kick_outcome, scrimmage_outcome, try_outcome
from engine.cardbowl.rules import Rules, load_rules
from engine.cardbowl.state import FIELD, Expect, Situation, Step, finding, yard
from engine.findings import Finding, Report


def _norm(text: str) -> str:
    return " ".join(text.split())


@dataclass
class Game:
    rules: Rules
    file: str
    findings: list[Finding]

    def __post_init__(self) -> None:
        self.names: list[str | None] = [None, None]
        self.score = [0, 0]
        self.section: int | None = None
        self.separator = False
        self.half_start = False
        self.expect = Expect()
        self.offense = 0
        self.pos: int | None = None
        self.down: int | None = None
        self.marker: int | None = None
        self.previous_text = ""
        self.plays = 0
        self.seed: str | None = None
        self.errata_used = 0
        self.last_play: Entry | None = None
        self.last_team = 0
        self.pending: list[Finding] = []
        self.alternative: Expect | None = None
        self.score_alt: list[int] | None = None   # the arithmetic's score after a slip
        self.deal_shift = 0       # play lines left out (-) or written twice (+) before
        self.strangers: set[str] = set()   # third teams' names found already
        self.cards_seen = 0       # findings when the last cards were checked

    # -- bookkeeping ----------------------------------------------------------------------
    def flag(self, entry: Entry, rule: str, message: str, expected: object = "",
             found: object = "") -> None:
        self.pending.append(finding(entry, rule, message, expected, found))

    def team_index(self, name: str, entry: Entry) -> int:
        key = name.strip().lower()
        for i, known in enumerate(self.names):
            if known is not None and known.lower() == key:
                return i
        for i, known in enumerate(self.names):
            if known is None:
                self.names[i] = name.strip()
                return i
        guess = self.expect.offense if self.expect.offense is not None else self.offense
        if key not in self.strangers:     # a third name is one slip, however often written
            self.strangers.add(key)
            self.flag(entry, "CB-POSS-004", "not one of the game's two teams",
                      " or ".join(str(n) for n in self.names), name)
        return guess

    def name(self, index: int | None) -> str:
        if index is None:
            return "?"
        return self.names[index] or ("the other team" if index else "the first team")

    def add_points(self, team: int, points: int) -> None:
        self.score[team] += points
        if self.score_alt is not None:
            self.score_alt[team] += points

    def finish_line(self, entry: Entry, team: int) -> None:
        if self.pending and self.erratum(entry, team):
            self.errata_used += 1
            self.pending = []
        self.findings.extend(self.pending)
        self.pending = []

    def erratum(self, entry: Entry, team: int) -> bool:
        """A line the rules' own example prints although its arithmetic differs (C1)."""
        text = _norm(entry.text)
        return any(e.team.lower() == (self.names[team] or "").lower()
                   and e.previous == self.previous_text and text.startswith(e.line)
                   for e in self.rules.errata)

    # -- entries --------------------------------------------------------------------------
    def tag(self, entry: Entry) -> None:
        key = entry.name.lower()
        if key == "seed":
            self.seed = entry.value
        elif key in ("home", "away", "white", "black") and entry.value.strip():
            self.team_index(entry.value, entry)

    def heading(self, entry: Entry, entries: list[Entry] | None = None, at: int = 0) -> None:
        key = entry.name.strip().lower()
        third = None not in self.names and all(
            (n or "").lower() != key for n in self.names)
        self.section = self.team_index(entry.name, entry)
        if third:
            # a third team's name (CB-POSS-004, once): the section is whoever the notes say
            # has the ball: the arithmetic's team, or at the start the one the next heading
            # after a --- does not name
            self.section = None if self.last_play is not None else \
                self.first_team(entries or [], at + 1)
        self.findings.extend(self.pending)
        self.pending = []

    def first_team(self, entries: list[Entry], start: int) -> int | None:
        separated = False
        for entry in entries[start:]:
            if entry.kind == "separator":
                separated = True
            elif entry.kind == "heading" and separated:
                key = entry.name.strip().lower()
                for i, known in enumerate(self.names):
                    if (known or "").lower() == key:
                        return 1 - i
                return None
        return None

    def separator_line(self) -> None:
        self.separator = True
        self.section = None

    def marker_line(self, entry: Entry) -> None:
        if entry.is_half_start:
            self.half_start = True

    def current_team(self, expected: int | None) -> int:
        if self.section is not None:
            return self.section
        if self.separator:
            return expected if expected is not None else 1 - self.last_team
        return self.last_team if self.last_play else (expected or 0)

    def possession(self, entry: Entry, team: int, expected: int | None, change: bool) -> None:
        if expected is not None and team != expected:
            self.flag(entry, "CB-POSS-003", "wrong team in possession", self.name(expected),
                      self.name(team))
            return           # the missing or extra --- follows from the same slip
        if self.last_play is None or self.half_start:
            return
        if change and not self.separator:
            self.flag(entry, "CB-POSS-001", "change of possession without a line (---) "
                      "before it", "---", "no line")
        elif not change and self.separator:
            self.flag(entry, "CB-POSS-002", "line (---) between possessions but the ball did "
                      "not change hands", "no line", "---")

    # -- scrimmage lines ------------------------------------------------------------------
    def place(self, entry: Entry, near: int | None) -> int:
        """The position a written yard line means: side as written, else by continuity."""
        y = entry.yard or 0
        if entry.side == "own":
            return y
        if entry.side == "opp":
            return FIELD - y
        if near is None:                 # C3: own half unless goal to go or a field goal
            return FIELD - y if entry.goal or entry.result.field_goal else y
        return min((y, FIELD - y), key=lambda p: (abs(p - near), p))

    def open_expect(self, entry: Entry, exp: Expect, team: int) -> Expect:
        """A line without a result: the next line's spot says what the play gained."""
        if exp.kind != "open" or team != exp.offense or exp.pos is None:
            if exp.kind == "open":
                return replace(exp, kind="scrimmage", pos=None, down=1, marker=None)
            return exp
        nearest = self.place(entry, exp.pos)
        options = [nearest]
        if entry.side is None and entry.yard is not None:
            options.append(FIELD - nearest)
        first = self.rules.field.first_down
        outcomes = []
        for new in options:                  # C2: the side that makes the down add up
            if exp.marker is not None and new >= exp.marker:
                marker = min(new + first, FIELD)
                outcomes.append(replace(exp, kind="scrimmage", pos=new, down=1, marker=marker))
            else:
                outcomes.append(replace(exp, kind="scrimmage", pos=new,
                                        down=(exp.down or 0) + 1))
        for out in outcomes:
            distance = None if out.marker is None else out.marker - (out.pos or 0)
            written = FIELD - (out.pos or 0) if entry.goal else entry.distance
            if out.down == entry.down and distance == written:
                return out
        return outcomes[0]

    def prepare(self, exp: Expect) -> tuple[Expect, int]:
        """The expectation as it applies to a scrimmage line, and the team that line is for."""
        if exp.kind in ("try", "kickoff"):        # notes that skip the try or kickoff
            exp = Expect("scrimmage", offense=exp.offense if exp.kind == "kickoff"
                         else (None if exp.offense is None else 1 - exp.offense),
                         change=True, down=1)
        team = self.current_team(exp.offense)
        if exp.kind == "open" and team != exp.offense:
            exp = Expect("scrimmage", offense=team, change=True, down=1)
        return exp, team

    def judge(self, entry: Entry, exp: Expect) -> tuple[Expect, int, int, list[Finding],
                                                       tuple[int, int, int] | None]:
        exp, team = self.prepare(exp)
        exp = self.open_expect(entry, exp, team)
        saved, self.pending = self.pending, []
        self.possession(entry, team, exp.offense, exp.change)
        owned, self.pending = self.pending, saved
        if self.mislabelled(team, exp.offense, exp.change):
            team = exp.offense
        pos, slips, true_state = self.line_checks(entry, exp, team)
        return exp, team, pos, owned + slips, true_state

    def mislabelled(self, team: int, expected: int | None, change: bool) -> bool:
        """A heading right after a `---` naming the team that just lost the ball, where the
        notes (the `---`) and the arithmetic agree it changed hands: the name is the slip
        (CB-POSS-003, once); the section is the other team's, its drive and score too."""
        return (expected is not None and team != expected and change and self.separator
                and self.section == team)

    def scrimmage(self, entry: Entry) -> None:
        exp, team, pos, slips, true_state = self.judge(entry, self.expect)
        if slips and self.alternative is not None:
            # after a slip the next line may carry on from the written or the true state
            alt = self.judge(entry, self.alternative)
            if not alt[3]:
                exp, team, pos, slips, true_state = alt
        if self.section is not None and team != self.section:
            self.section = team
        self.pending.extend(slips)
        self.alternative = None
        if slips and true_state is not None:     # where the arithmetic's state leads
            self.alternative = scrimmage_outcome(self.situation(*true_state), entry,
                                                 team).expect
        if exp.offense is not None and team != exp.offense and exp.pos is not None:
            self.alternative = self.written_side(entry, team, FIELD - exp.pos)
        self.offense, self.pos, self.down = team, pos, entry.down
        self.marker = FIELD if entry.goal else pos + (entry.distance or 0)
        self.expect = self.take(scrimmage_outcome(self.situation(), entry, team))

    def written_side(self, entry: Entry, team: int, near: int) -> Expect:
        """Where the line leads if the written team really had the ball where the verifier
        saw the other one (a turnover the writer missed): its yard line read from its own
        side of the field, down and distance as written. The next line may follow this."""
        pos = self.place(entry, near)
        marker = FIELD if entry.goal else pos + (entry.distance or 0)
        return scrimmage_outcome(self.situation(pos, entry.down, marker), entry, team).expect

    def line_checks(self, entry: Entry, exp: Expect,
                    team: int) -> tuple[int, list[Finding], tuple[int, int, int] | None]:
        """The spot a line means, its findings, and the state the arithmetic gives."""
        saved, self.pending = self.pending, []
        pos = self.place(entry, exp.pos if exp.pos is not None else
                         (self.pos if team == self.offense else None))
        yard_ok = True
        if exp.pos is not None and (yard(exp.pos) != entry.yard or
                                    (entry.side and pos != exp.pos)):
            yard_ok = False
            self.flag(entry, "CB-YARD-001", "yard line does not follow from the last play",
                      yard(exp.pos), entry.yard)
        if exp.down is not None and entry.down != exp.down:
            self.flag(entry, "CB-DOWN-001", "wrong down", exp.down, entry.down)
        self.check_distance(entry, exp, pos, yard_ok)
        slips, self.pending = self.pending, saved
        true_state = None
        if None not in (exp.pos, exp.down):
            first = self.rules.field.first_down
            marker = exp.marker if exp.marker is not None else min(exp.pos + first, FIELD)
            true_state = (exp.pos, exp.down, marker)
        return pos, slips, true_state

    def check_distance(self, entry: Entry, exp: Expect, pos: int, yard_ok: bool) -> None:
        """Distance from the expected spot, or (after a yard-line finding) the written one."""
        first = self.rules.field.first_down
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
            return
        want = wants[0]
        if want == "goal" and entry.distance == FIELD - spots[0]:
            self.flag(entry, "CB-GOAL-001", "goal to go is written '& goal'", "goal", found)
        elif found == "goal":
            self.flag(entry, "CB-GOAL-002", "'& goal' but the line to gain is short of the "
                      "goal line", want, found)
        else:
            self.flag(entry, "CB-DIST-001", "wrong distance to the line to gain", want, found)

    def situation(self, pos: int | None = None, down: int | None = None,
                  marker: int | None = None) -> Situation:
        """The snapshot a pure check reads: the line as written, or the given state."""
        if pos is None:
            pos, down, marker = self.pos, self.down, self.marker
        return Situation(self.rules, self.seed, pos, down, marker)

    def take(self, step: Step) -> Expect:
        """A pure check's findings and points, taken into the walk."""
        self.pending.extend(step.findings)
        for team, points in enumerate(step.points):
            if points:
                self.add_points(team, points)
        return step.expect

    # -- kicks and tries ------------------------------------------------------------------
    def kick(self, entry: Entry) -> None:
        exp = self.expect
        allowed = exp.kind in ("start", "kickoff", "try") or self.half_start
        if not allowed:
            self.flag(entry, "CB-KICK-003", "kickoff without a score or the start of a half",
                      "a scrimmage line", entry.name.replace("_", " "))
        receiving = exp.offense if exp.kind == "kickoff" else (
            None if exp.offense is None else 1 - exp.offense) if exp.kind == "try" else None
        kept = entry.name == "onside" and entry.result.recovered in ("K", "D")
        if kept and receiving is not None:
            receiving = 1 - receiving
        team = self.current_team(receiving)
        # the kicking team recovering its own onside kick keeps the ball: no line (---) due
        change = allowed and exp.kind != "start" and not self.half_start and not kept
        if not allowed and self.separator:
            # a kick after a --- where the notes show no score: the score line is the likely
            # slip (left out); the ball changes hands as the --- says, and a free kick's
            # score column may count the safety (one slip, one finding)
            change = True
            if entry.name == "free_kick":
                self.score_alt = list(self.score_alt or self.score)
                self.score_alt[team] += self.rules.points("safety")
        self.possession(entry, team, receiving if allowed else None, change)
        if allowed and self.mislabelled(team, receiving, change):
            assert receiving is not None
            team = self.section = receiving
        self.offense, self.pos, self.down, self.marker = team, None, None, None
        self.expect = self.take(kick_outcome(self.situation(), entry, team, free=exp.free_kick))

    def try_line(self, entry: Entry) -> None:
        exp = self.expect
        scorer = exp.offense if exp.kind == "try" else None
        if exp.kind != "try":
            self.flag(entry, "CB-TRY-001", "a try without a touchdown before it",
                      "a touchdown", "try")
        team = self.current_team(scorer)
        change = exp.kind == "try" and exp.change
        if exp.kind != "try" and self.separator:
            change = True     # the touchdown left out was the other team's, as the --- says
        self.possession(entry, team, scorer, change)
        if self.mislabelled(team, scorer, change):
            assert scorer is not None
            team = self.section = scorer
        self.offense = team
        if exp.kind != "try":
            # the likely slip is the touchdown line left out: a score column on this try may
            # count its points (one slip, one finding)
            self.score_alt = list(self.score_alt or self.score)
            self.score_alt[team] += self.rules.points("touchdown")
        self.expect = self.take(try_outcome(self.situation(), entry, team))

    # -- the whole record -----------------------------------------------------------------
    def play(self, entry: Entry) -> None:
        self.plays += 1
        repeated = entry.name in ("scrimmage", "try") and self.last_play is not None \
            and _norm(entry.text) == self.previous_text
        if repeated:
            # a line written twice: its first finding is the slip; the walk goes on from
            # before it (the line's own consequences are not found again)
            saved = {k: (list(v) if isinstance(v, list) and k not in ("findings", "pending")
                         else v) for k, v in vars(self).items()}
            before = len(self.findings)
            self.play_once(entry)
            found = self.findings[before:]
            del self.findings[before:]
            for key, value in saved.items():
                if key not in ("findings", "pending", "plays", "deal_shift", "cards_seen"):
                    setattr(self, key, value)
            self.findings.extend(found[:1])
            return
        self.play_once(entry)

    def play_once(self, entry: Entry) -> None:
        for added in entry.result.sums:
            if sum(added.terms) != added.total:
                terms = " + ".join(map(str, added.terms)).replace("+ -", "- ")
                self.flag(entry, "CB-ARITH-001", "yardage does not add up",
                          f"{terms} = {sum(added.terms)}", f"= {added.total}")
        handler = {"scrimmage": self.scrimmage, "try": self.try_line}.get(entry.name, self.kick)
        handler(entry)
        team = self.offense
        self.check_score(entry, team)
        if entry.cards is not None:
            self.pending.extend(self.card_findings(entry, entry.cards))
        self.finish_line(entry, team)
        self.previous_text = _norm(entry.text)
        self.separator = False
        self.half_start = False
        self.last_play = entry
        self.last_team = team

    def check_score(self, entry: Entry, team: int) -> None:
        """The score column against the running score (or the arithmetic's after a slip)."""
        score = entry.score
        if score is None:
            return
        i = self.team_index(score.team, entry) if score.team else None
        written = [score.first, score.second] if i in (0, None) else [score.second, score.first]

        def same(actual: list[int]) -> bool:
            if i is None:
                return sorted(actual) == sorted(written)
            return actual == written

        if not same(self.score) and not (self.score_alt and same(self.score_alt)):
            if i is None:
                hi, lo = sorted(self.score, reverse=True)
                want, found = f"{hi}-{lo}", f"{score.first}-{score.second}"
            else:
                want = f"{self.score[i]}-{self.score[1 - i]} {self.name(i)}"
                found = f"{score.first}-{score.second} {score.team}"
            self.flag(entry, "CB-SCORE-001", "wrong score", want, found)
            self.score_alt = list(self.score)
        else:
            self.score_alt = None
        if i is not None or score.first == score.second:
            self.score = written

    def card_findings(self, play: Entry, cards: Cards, line: Entry | None = None,
                      ) -> list[Finding]:
        """The card checks, with the play book's deal numbers lined up like a diff: cards
        that are the top of deal K+1 or K-1 (K+2, K-2) after a play line written twice or
        left out are found once (on the line that shows it, or not again if a finding
        since the last cards line already did), and the deals after follow the shift."""
        k = self.plays + self.deal_shift
        found = list(cardcheck.check(self.situation(), play, cards, k, line=line))
        if self.seed is None or cards.deal is not None or \
                not any(f.rule == "CB-CARD-006" for f in found):
            self.cards_seen = len(self.findings) + len(self.pending)
            return found
        for d in (-1, 1, -2, 2):
            again = list(cardcheck.check(self.situation(), play, cards, k + d, line=line))
            if any(f.rule == "CB-CARD-006" for f in again):
                continue
            explained = len(self.findings) + len(self.pending) > self.cards_seen
            self.deal_shift += d
            self.cards_seen = len(self.findings) + len(self.pending) + 1
            if not explained:
                again.append(finding(line or play, "CB-CARD-006", "cards are the top of "
                                     "another deal: a play line left out or written twice "
                                     "before", f"{DEAL}/{k}", f"{DEAL}/{k + d}"))
            return again
        self.cards_seen = len(self.findings) + len(self.pending) + len(found)
        return found

    def cards_line(self, entry: Entry) -> None:
        if self.last_play is None or entry.cards is None:
            self.flag(entry, "CB-CARD-008", "cards line before any play", "a play line",
                      "cards")
        else:
            self.pending.extend(self.card_findings(self.last_play, entry.cards, entry))
        self.findings.extend(self.pending)
        self.pending = []


def verify_text(text: str, file: str, rules: Rules | None = None) -> Report:
    """Audit a Card Bowl record; raises ReadError (with line and column) if unreadable."""
    game = Game(rules or load_rules(), file, [])
    checked = 0
    entries = list(parse(text, file))
    for at, entry in enumerate(entries):
        if entry.kind == "tag":
            game.tag(entry)
        elif entry.kind == "heading":
            game.heading(entry, entries, at)
        elif entry.kind == "separator":
            game.separator_line()
        elif entry.kind == "marker":
            game.marker_line(entry)
        elif entry.kind == "cards":
            checked += 1
            game.cards_line(entry)
        else:
            checked += 1
            game.play(entry)
    extra = ""
    if game.errata_used:
        extra = (f"{game.errata_used} line{'s' if game.errata_used != 1 else ''} read as "
                 "printed in the rules' example (docs/rules/cardbowl.md C1)")
    return Report(file, ID, game.findings, checked, extra)

