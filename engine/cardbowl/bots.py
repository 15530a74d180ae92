"""Seeded bots that play whole games of Card Bowl and write them as the rules' play notes.

Play K of a game draws from the play book's `deal/K` (engine/cardbowl/deal.py), so a record
with its Seed tag holds the very cards a printed play book shows: the kicks' cards lines are
the tops of their deals and `printkit verify` checks them. The choices the rules leave to the
players come from engine/cardbowl/coach.py (a generator seeded by the game's seed); the draws
and sums from kicks.py and scrimmage.py. The clock is the rules' Complex Timing (5-second
intervals, 180 a quarter); the notes write the time left in the quarter after each play.
Decisions behind what the rules leave open: C19-C30 in docs/rules/cardbowl.md.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from printkit_engine.cardbowl import kicks, scrimmage
from printkit_engine.cardbowl.cardplay import Foul
from printkit_engine.cardbowl.coach import Coach, Receiver, Situation, Source, ranked, situation
from printkit_engine.cardbowl.deal import Book, Draws, deal_hands
from printkit_engine.cardbowl.game import GAME
from printkit_engine.cardbowl.notes import FIELD, clock, enforce, penalty_text, yard
from printkit_engine.cardbowl.rules import Rules, load_rules
from printkit_engine.cardbowl.scrimmage import Snap
from printkit_engine.cardbowl.settle import settle
from printkit_engine.frozen import new_tuple
from printkit_engine.played import Played

TEAMS = ("Aces", "Kings", "Jokers", "Spades", "Hearts", "Clubs", "Diamonds", "Queens")
MAX_PLAYS = 1000                 # a guard, never reached: a game is a few hundred plays
QUARTER = 180                    # "There are 180 intervals per quarter."


@dataclass
class Match:
    """The state of a game between plays and the notes written so far."""

    seed: str
    rules: Rules
    names: tuple[str, str]
    coach: Source
    receiver: kicks.Choices
    lines: list[str] = field(default_factory=list)
    score: list[int] = field(default_factory=lambda: [0, 0])
    quarter: int = 1
    left: int = QUARTER
    running: bool = False
    timeouts: list[int] = field(default_factory=lambda: [3, 3])
    deal: int = 0
    written: int | None = None        # the team of the last heading
    last_team: int | None = None      # the team of the last play line
    offense: int = 0
    pos: int = 0
    down: int = 1
    marker: int = 10
    hurry: int = 0                    # extra defence cards of a hurried snap
    over: bool = False
    second_half_kicker: int = 0
    side_due: bool = False            # the notes cannot tell the spot: write its side
    # the last play line, its time not yet written: (its index in lines, its fields, where
    # the time goes); the time is the clock when the play is over ("the game time at the end
    # of each play"), known once the play's intervals have run
    open_line: tuple[int, list[str], int] | None = None
    book: Book = field(init=False)

    def __post_init__(self) -> None:
        self.book = Book(self.seed)

    # -- writing ------------------------------------------------------------------------
    def deck(self) -> list[str]:
        """The next play's deck: the play book's deal/K."""
        self.deal += 1
        return self.book.deal(self.deal)

    def under(self, team: int) -> None:
        """The heading a line is written under, with the line (---) a change of hands
        needs ("Draw a line to indicate a change of possession")."""
        if self.written == team and self.last_team in (team, None):
            return
        if self.lines:
            self.lines += ["", "---", ""]
        self.lines += [f"#### {self.names[team]}", ""]
        self.written = team

    def line(self, team: int, head: str, result: str, scored: bool = False,
             cards: list[list[str]] | None = None) -> None:
        self.stamp()
        self.under(team)
        fields = [head, result]
        if scored:
            fields.append(self.score_text())
        at = len(fields)
        fields.append("")
        if cards:
            fields.append("cards: " + " / ".join(" ".join(g) for g in cards))
        self.open_line = (len(self.lines), fields, at)
        self.lines.append("")
        self.last_team = team

    def stamp(self) -> None:
        """Write the last play line, with the time left now: called when its play is over
        (after its intervals, before the clock runs between plays or the quarter ends; a try
        uses no time, so the next line's writing stamps it)."""
        if self.open_line is None:
            return
        index, fields, at = self.open_line
        fields[at] = clock(self.left)
        self.lines[index] = "\t".join(fields)
        self.open_line = None

    def score_text(self) -> str:
        a, b = self.score
        if a == b:
            return f"{a}-{b}"
        lead = 0 if a > b else 1
        return f"{max(a, b)}-{min(a, b)} {self.names[lead]}"

    def clock_marker(self, text: str) -> None:
        self.lines += ["", text, ""]

    def situation(self, team: int) -> Situation:
        return situation(FIELD - self.pos, self.down, self.marker - self.pos,
                         self.score[team] - self.score[1 - team], self.quarter, self.left,
                         self.timeouts[team])

    # -- the clock ------------------------------------------------------------------------
    def tick(self, intervals: int) -> bool:
        """Run the clock; True when the quarter ended (the play still counts)."""
        before = self.left
        self.left -= intervals
        if self.quarter in (2, 4) and before > 24 >= self.left > 0:
            self.clock_marker("Two-minute warning")
            self.running = False
        return self.left <= 0

    def between_plays(self) -> None:
        """The time the offence lets run before the next snap, or a timeout."""
        self.hurry = 0
        if not self.running or self.over:
            return
        s = self.situation(self.offense)
        for team, on_offense in ((self.offense, True), (1 - self.offense, False)):
            if not s.late:
                break
            ts = self.situation(team)
            if self.coach.timeout(ts, on_offense):
                self.timeouts[team] -= 1
                self.lines.append(f"; timeout {self.names[team]}")
                self.running = False
                return
        n = self.coach.between(s, self.offense)
        self.hurry = max(self.rules.clock.extra_card_below - n, 0)
        if self.tick(n):
            self.end_quarter()

    def end_quarter(self) -> None:
        """"The clock stops at the end of each quarter"; at the end of the second, the half."""
        self.running = False
        if self.quarter == 4:
            self.over = True
            return
        self.quarter += 1
        self.left = QUARTER
        if self.quarter == 3:
            self.clock_marker("Halftime")
            self.timeouts = [3, 3]
            self.pending = ("kickoff", self.second_half_kicker, False)
            self.written = None
        else:
            self.clock_marker(f"Q{self.quarter}")

    def after_play(self, intervals: int, stops: bool) -> None:
        self.running = not stops
        ended = self.tick(intervals)
        self.stamp()
        if ended:
            self.end_quarter()

    # -- kicks ---------------------------------------------------------------------------
    def kickoff(self, kicker: int, free: bool) -> None:
        team = 1 - kicker
        draws = Draws(self.deck(), again=self.book.again(self.deal))
        s = self.situation(kicker)
        if not free and self.coach.onside(s.lead, s.quarter, s.left):
            return self.onside(kicker, draws)
        k = kicks.kickoff(draws, self.rules, self.receiver, free=free)
        name = "Free kick" if free else "Kickoff"
        spot = self.kick_spot(k)
        result = self.kick_text(k)
        self.offense = team
        if k.kept:                          # the kicking team recovered a fumbled return
            self.line(team, name, result, cards=self.kick_cards(k))
            spot = FIELD - ((k.received or 0) + (k.ret or 0))
            self.side_due = True
            return self.first_down(kicker, min(max(spot, 1), FIELD - 1),
                                   intervals=max(k.intervals, 1))
        if k.touchdown:
            self.score[team] += self.rules.points("touchdown")
            self.line(team, name, result, scored=True, cards=self.kick_cards(k))
            self.after_play(k.intervals, stops=True)
            self.pending = ("try", team, False)
            return None
        self.line(team, name, result, cards=self.kick_cards(k))
        self.first_down(team, spot, intervals=k.intervals)
        return None

    def kick_spot(self, k: kicks.Kick) -> int:
        """Where the receiving team starts: the touchback's 20 or the end of the return,
        with the penalty "after play has concluded"."""
        spot = self.rules.field.touchback if k.touchback else k.spot if k.spot is not None \
            else 1
        if k.foul is not None and not k.touchdown:
            net = enforce(spot, Foul(k.foul.yards, "D" if k.foul.against == "K" else "O"))
            spot += net
        return min(max(spot, 1), FIELD - 1)

    def kick_text(self, k: kicks.Kick) -> str:
        if k.out_of_bounds and k.received is None:
            return "out of bounds"
        parts = [f"to {k.received}"]
        if k.touchback:
            parts.append("touchback")
        elif k.kept:
            parts += [f"{k.ret} yd return" if k.ret else "no return", "fumble, K recovers"]
        elif k.ret is not None:
            parts.append(self.returned(k))
        if k.foul is not None:
            parts[-1] += "; " + penalty_text(Foul(k.foul.yards, k.foul.against),
                                             declined=k.touchdown and k.foul.against == "K")
        return ", ".join(parts)

    @staticmethod
    def returned(k: kicks.Kick) -> str:
        """`21 yd return to 24`, `97 yd return, TD` (a fumble the receivers kept noted)."""
        spot = (k.received or 0) + (k.ret or 0)
        text = f"{k.ret} yd return"
        if k.touchdown:
            text += ", TD"
        elif spot < FIELD:
            text += f" to {yard(spot)}"
        if k.recovery is not None and k.recovery.by == "O":
            text += ", fumble, R recovers"
        return text

    @staticmethod
    def kick_cards(k: kicks.Kick) -> list[list[str]] | None:
        groups = k.groups[: k.clean]
        return groups or None

    def onside(self, kicker: int, draws: Draws) -> None:
        o = kicks.onside(draws, declared=7)
        team = kicker if o.kept else 1 - kicker
        spot = 30 + o.distance
        self.offense = team
        self.line(team, "Onside kick", f"{o.distance} yd, {'K' if o.kept else 'R'} recovers")
        self.first_down(team, spot if o.kept else FIELD - spot, intervals=1)

    def first_down(self, team: int, pos: int, intervals: int, stops: bool = True) -> None:
        """A new set of downs for `team` at `pos` after a play of `intervals`."""
        self.offense, self.pos, self.down = team, pos, 1
        self.marker = min(pos + self.rules.field.first_down, FIELD)
        self.after_play(intervals, stops)
        self.pending = ("scrimmage", team, False)

    # -- the try --------------------------------------------------------------------------
    def try_(self, team: int) -> None:
        lead = self.score[team] - self.score[1 - team]
        if self.coach.two_point(lead, self.quarter):
            return self.conversion(team)
        draws = Draws(self.deck(), again=self.book.again(self.deal))
        g = kicks.field_goal(draws, self.rules, self.rules.field_goal.extra_point_distance,
                             0, extra_point=True)
        if g.good:
            self.score[team] += self.rules.points("try_kick")
        self.line(team, "Try", "kick good" if g.good else "kick no good", scored=True,
                  cards=[g.cards] if g.written else None)
        self.pending = ("kickoff", team, False)
        return None

    def conversion(self, team: int) -> None:
        deck = self.deck()
        hands, draws = deal_hands(deck, self.rules.cards.hand, 0, self.book.again(self.deal))
        s = situation(2, 1, 2, 0, self.quarter, self.left)
        kind = self.coach.conversion_kind(s, team)
        off = self.coach.offense(ranked(hands.offense), kind)
        dfn = self.coach.defense(hands.defense)
        snap = scrimmage.play(draws, off, dfn, self.coach.read(off.cards["QB"], s),
                              self.coach.call(kind, s, team),
                              new_tuple(scrimmage.Field, (2, False)))
        gain = None if snap.interception or snap.fumble_at is not None or not snap.word \
            else snap.gain
        good = gain is not None and snap.total >= self.rules.field.two_point_spot
        if good:
            self.score[team] += self.rules.points("try_conversion")
        word = snap.word or kind
        text = f"{word} inc." if gain is None else f"{word} {snap.total}"
        self.line(team, "2 pt", f"{text}, {'good' if good else 'no good'}", scored=True)
        self.after_play(1, stops=True)
        self.pending = ("kickoff", team, False)

    # -- scrimmage ------------------------------------------------------------------------
    def scrimmage(self) -> None:
        team = self.offense
        s = self.situation(team)
        choice = self.coach.kick_or_go(s, team, self.down == 4, self.last_chance(s))
        if choice == "punt":
            return self.punt(team, s)
        if choice == "fg":
            return self.field_goal(team)
        deck = self.deck()
        hands, draws = deal_hands(deck, self.rules.cards.hand, self.hurry,
                                  self.book.again(self.deal))
        hand = ranked(hands.offense)
        kind = self.coach.play_kind(s, team, hand, self.running)
        off = self.coach.offense(hand, kind)
        dfn = self.coach.defense(hands.defense)
        if kind == "spike":
            draws = Draws(deck)
        read = self.coach.read(off.cards["QB"], s)
        snap = scrimmage.play(draws, off, dfn, read, self.coach.call(kind, s, team),
                              new_tuple(scrimmage.Field, (FIELD - self.pos, s.late)))
        return self.settle(team, snap, s)

    def last_chance(self, s: Situation) -> bool:
        """The last play of a half within range: kick the field goal."""
        return s.quarter in (2, 4) and s.left <= 8 and not self.running and \
            s.to_goal + 18 <= 55 and (s.quarter == 2 or -3 <= s.lead <= 0)

    def punt(self, team: int, s: Situation) -> None:
        cards, oob = self.coach.punt_cards(s.to_goal)
        draws = Draws(self.deck(), again=self.book.again(self.deal))
        k = kicks.punt(draws, self.rules, self.receiver, self.pos, cards, oob)
        head = self.head()
        other = 1 - team
        if k.blocked:
            return self.blocked_punt(team, k, head)
        text = self.punt_text(k)
        cards_line = self.kick_cards(k)
        if k.kept:
            self.line(team, head, text, cards=cards_line)
            return self.muffed(team, k, head)
        spot = self.kick_spot(k)
        if k.touchdown:
            self.score[other] += self.rules.points("touchdown")
            self.line(team, head, text, scored=True, cards=cards_line)
            self.after_play(k.intervals, stops=True)
            self.pending = ("try", other, False)
            return None
        self.line(team, head, text, cards=cards_line)
        self.side_due = k.recovery is not None and k.ret is None
        self.first_down(other, spot, k.intervals)
        return None

    def muffed(self, team: int, k: kicks.Kick, head: str) -> None:
        """The kicking team recovered the receiver's fumble: its ball where it fell."""
        spot = FIELD - ((k.received or 0) + (k.ret or 0))
        self.side_due = True
        self.first_down(team, min(max(spot, 1), FIELD - 1), max(k.intervals, 2))

    def punt_text(self, k: kicks.Kick) -> str:
        yards = (k.punt or 0) + k.bounce
        if k.bounce:
            sign = "+" if k.bounce > 0 else "-"
            head = f"punt {k.punt} {sign} {abs(k.bounce)} = {yards}"
        else:
            head = f"punt {yards}"
        parts = [head]
        if k.touchback:
            parts.append("touchback")
        elif k.out_of_bounds:
            parts.append("out of bounds")
        elif k.downed:
            parts.append("downed")
        elif k.fair_catch:
            parts.append("fair catch")
        elif k.kept:
            parts.append("fumble, K recovers")
        elif k.ret is not None:
            parts.append(self.returned(k))
        elif k.recovery is not None:
            parts.append("fumble, R recovers")      # a muffed fair catch, not advanced
        if k.foul is not None:
            against = "K" if k.foul.against == "K" else "R"
            parts[-1] += "; " + penalty_text(Foul(k.foul.yards, against),
                                             declined=k.touchdown and against == "K")
        return ", ".join(parts)

    def blocked_punt(self, team: int, k: kicks.Kick, head: str) -> None:
        """A blocked punt: recovered in the kicking team's end zone, a touchdown for the
        blockers or a safety; else the blocking team's ball where it was recovered (the
        kicking team recovering behind the line on fourth down gives it up there too)."""
        other = 1 - team
        if (k.spot or 0) >= FIELD:
            if k.kept:
                self.score[other] += self.rules.points("safety")
                self.line(team, head, "punt blocked, safety", scored=True)
                self.after_play(1, stops=True)
                self.pending = ("kickoff", team, True)
                return
            self.score[other] += self.rules.points("touchdown")
            self.line(team, head, "punt blocked, TD", scored=True)
            self.after_play(1, stops=True)
            self.pending = ("try", other, False)
            return
        self.line(team, head, "punt blocked")
        self.side_due = True
        self.first_down(other, min(max(k.spot or 1, 1), FIELD - 1), 1)

    def head(self) -> str:
        """`D & N @ Y`; after a play whose notes do not say where the ball went (a blocked
        kick, a muff the kickers recovered) the side is written: `@ opp 18` (C3)."""
        dist = "goal" if self.marker >= FIELD else str(self.marker - self.pos)
        side = ""
        if self.side_due:
            side = "own " if self.pos <= FIELD // 2 else "opp "
            self.side_due = False
        return f"{self.down} & {dist} @ {side}{yard(self.pos)}"

    def field_goal(self, team: int) -> None:
        distance = self.rules.field_goal_distance(FIELD - self.pos)
        draws = Draws(self.deck(), again=self.book.again(self.deal))
        g = kicks.field_goal(draws, self.rules, distance, self.pos)
        head = self.head()
        if g.stops:
            return self.settle(team, Snap("", gain=None, foul=g.foul), self.situation(team))
        word = "good" if g.good else "no good"
        text = f"{distance} yd FG {word}" + (", blocked" if g.blocked else "")
        if g.foul is not None:
            text += "; " + penalty_text(g.foul, declined=True)
        if g.good:
            self.score[team] += self.rules.points("field_goal")
            self.line(team, head, text, scored=True, cards=[g.cards] if g.written else None)
            self.after_play(1, stops=True)
            self.pending = ("kickoff", team, False)
            return None
        self.line(team, head, text, cards=[g.cards] if g.written else None)
        if g.blocked:
            spot = FIELD - (g.block_spot or self.pos)
            self.side_due = True
            return self.first_down(1 - team, min(max(spot, 1), FIELD - 1), 1)
        fg = self.rules.field_goal
        spot = max(fg.miss_minimum, FIELD - (self.pos - fg.spot_behind))
        return self.first_down(1 - team, spot, 1)

    # -- the result of a scrimmage play ------------------------------------------------------
    def settle(self, team: int, snap: Snap, s: Situation) -> None:
        settle(self, team, snap, s)

    # -- the game -----------------------------------------------------------------------------
    def play(self) -> None:
        kicker = self.coach.first_kicker()
        self.second_half_kicker = 1 - kicker
        self.pending = ("kickoff", kicker, False)
        plays = 0
        while not self.over and plays < MAX_PLAYS and self.coach.more():
            kind, team, free = self.pending
            plays += 1
            self.coach.begin(kind, team)
            if kind == "kickoff":
                self.kickoff(team, free)
            elif kind == "try":
                self.try_(team)
            else:
                self.scrimmage()
                self.between_plays()
        self.coach.begin("", 0)
        self.stamp()
        self.clock_marker("End of game")


def play(seed: str, rules: Rules, names: tuple[str, str], coach: Source,
         receiver: kicks.Choices) -> Match:
    """A whole game played with these choices: the bots' (a Coach and a Receiver) or a
    decision log's (engine/cardbowl/decisions.py `Scripted`): ONE loop for both."""
    match = Match(seed, rules, names, coach, receiver)
    match.play()
    return match


def play_game(seed: str, rules: Rules | None = None, date: str | None = None,
              home: str | None = None, away: str | None = None) -> Played:
    """One whole game with the play book for `seed`; the teams are named `home` and `away`
    (a class's match: bench/class_drill.py), or drawn from TEAMS."""
    rules = rules or load_rules()
    rng = random.Random(f"cardbowl-bots|{seed}")
    drawn = rng.sample(TEAMS, 2)
    home, away = home or drawn[0], away or drawn[1]
    match = play(seed, rules, (home, away), Coach(rng), Receiver(rng))
    tags = {"Game": GAME.id, "Seed": seed, "Home": home, "Away": away}
    if date:
        tags["Date"] = date
    tags["Result"] = f"{match.score[0]}-{match.score[1]}"
    lines = match.lines
    while lines and not lines[-1]:
        lines.pop()
    return Played(seed, tags, lines, match)


def game_seed(seed: str, number: int) -> str:
    """Game k of a run is played with the play book seed SEED-000k."""
    return f"{seed}-{number:04d}"
