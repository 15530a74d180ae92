"""The BLOWOUT!!! step: ``step(state, line) -> Step`` (state after, findings, the rules'
reading as an alternative). Pure; the record's context (rules, length, seed) rides on the
state (``state.ctx``), set by :func:`start`.

A step checks one snap line against the state before it: the period, who has the ball, that
each card was in the hand the play book dealt (with a Seed) or that no deck gave more copies
than it holds (without), that each card may be played there, the yards, and the state the
line writes after the snap. It follows what the record wrote (so one slip is one finding) and
also returns the state the rules give, which the verifier kernel keeps as a second reading.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from printkit_engine.blowout import hands as handsmod
from printkit_engine.blowout.consequence import After, after, restart, settle
from printkit_engine.blowout.hands import Hands
from printkit_engine.blowout.notation import Line, Written
from printkit_engine.blowout.rules import Length, Rules, kept
from printkit_engine.blowout.snap import (
    FIELD_GOAL,
    PLAY,
    PUNT,
    REPEAT,
    TURNOVER,
    Plan,
    answer,
    plan_of,
    resolve,
    slips,
)
from printkit_engine.blowout.state import State, ball_on, index, other, to_goal
from printkit_engine.findings import Finding
from printkit_engine.frozen import evolve
from printkit_engine.verify.kernel import Step

# the rule a wrong state breaks, by what the snap did (else by the field that is wrong)
EVENT_RULE = {"td": "BO-TD-001", "safety": "BO-SAFE-001", "fg": "BO-FG-001",
              "nogood": "BO-FG-001", "punt": "BO-PUNT-001", "touchback": "BO-PUNT-001",
              "turnover": "BO-TO-001", "downs": "BO-4TH-002"}


UNPLAYABLE = ("BO-CARD-001", "BO-CARD-002")     # snap cards that cannot lead a snap
# a response card played where the rules do not allow it
RESPONSE_SLIPS = ("BO-CARD-003", "BO-CHAL-001", "BO-PEN-002", "BO-PEN-004")
HAND_READINGS = 4        # hands kept for one line's cards after a slip
# the rules a written state that is not the rules' breaks (_compare)
STATE_RULES = frozenset({*EVENT_RULE.values(), "BO-POSS-002", "BO-SCORE-001", "BO-DOWN-001",
                         "BO-DOWN-002", "BO-SPOT-001"})


@dataclass(frozen=True, eq=False)
class Context:
    """What is fixed for a whole record (one object per record: compared by identity)."""

    rules: Rules
    length: Length
    seed: str | None = None

    def period_name(self, k: int) -> str:
        names = self.names
        return names[k] if k < len(names) else self.length.period_name(k)

    @cached_property
    def names(self) -> tuple[str, ...]:
        """Period k's name at [k] (index 0 unused), regulation and a few overtime periods:
        a snap asks for two (the period it is in and the next), one look each."""
        return ("", *(self.length.period_name(k) for k in range(1, self.length.periods + 9)))


def start(ctx: Context) -> State:
    hands = handsmod.deal(ctx.seed, 1, ctx.rules) if ctx.seed is not None else None
    return State(hands=hands, ctx=ctx)


def begin_period(state: State, k: int, side: str, ctx: Context) -> State:
    """The state at the first snap of period k (k > 1), `side` being the line's offense
    (the coin toss of overtime)."""
    rules = ctx.rules
    hands = handsmod.deal(ctx.seed, k, rules) if ctx.seed is not None else None
    state = evolve(state, period=k, played=(), hands=hands)
    if ctx.length.halftime and k == ctx.length.halftime + 1:
        # "Whoever started the game on OFFENSE will now be on DEFENSE. Play begins on 20"
        return with_written(state, restart(rules, other(state.first), state.score))
    if k == ctx.length.periods + 1 and not state.ot:
        # "flip a coin to see who will go first in OVERTIME" (B14: from its own 20)
        return evolve(with_written(state, restart(rules, side, state.score)), ot="first",
                       ot_first=side)
    return state


def with_written(state: State, w: Written) -> State:
    assert w.score is not None      # a score left off is filled in first (_scored)
    return evolve(state, ball=w.ball, down=w.down, to_go=w.to_go, x=w.x, score=w.score)


def _written(state: State) -> Written:
    return Written(state.ball, state.down, state.to_go, state.x, state.score)


def _period(state: State, line: Line,
            ctx: Context) -> tuple[State, list[Finding], State | None]:
    """The state the line's snap is played from, a finding for a wrong period, and the other
    period's state where the record and the rules disagree (the next line may follow
    either). With hands holding cards gone unknown (after a slip), a period that may have
    ended is taken as the record says."""
    rules = ctx.rules
    if not state.ball:                     # first snap: the coin toss winner's own 20
        first = with_written(evolve(state, first=line.side),
                             restart(rules, line.side, state.score))
        if line.period != ctx.period_name(1):
            return first, [Finding(line.number, "BO-QTR-001", "the game starts in the first "
                                   "period", ctx.period_name(1), line.period)], None
        return first, [], None
    k = state.period
    now, nxt = ctx.period_name(k), ctx.period_name(k + 1)
    over = handsmod.period_over(state, rules)
    if line.period == now:
        if over:
            return begin_period(state, k + 1, line.side, ctx), [Finding(
                line.number, "BO-QTR-001", "every card the side due to lead could play has "
                "been played: the period is over (B7), reshuffle", nxt, line.period)], state
        return state, [], None
    if line.period == nxt:
        found = []
        if ctx.seed is not None and not handsmod.period_over(state, rules, maybe=True):
            # the cards still come from this period's hands: stay in it
            return state, [Finding(line.number, "BO-QTR-001", "the period goes on while "
                                   "both sides hold a card to lead with (B7)", now,
                                   line.period)], begin_period(state, k + 1, line.side, ctx)
        if k == ctx.length.periods and state.score[0] != state.score[1]:
            found.append(Finding(line.number, "BO-OT-001", "OVERTIME only if at the end of "
                                 "regulation the scores are tied", "no overtime",
                                 f"{line.period} at {state.score[0]}-{state.score[1]}"))
        return begin_period(state, k + 1, line.side, ctx), found, None
    if ctx.seed is not None and over:
        return begin_period(state, k + 1, line.side, ctx), [Finding(
            line.number, "BO-QTR-001", "the period after this one", nxt, line.period)], None
    return state, [Finding(line.number, "BO-QTR-001", "periods follow each other",
                           f"{now} or {nxt}", line.period)], None


Plays = tuple[tuple[tuple[str, str, str], ...], tuple[tuple[str, str], ...]]


def _plays(line: Line, rules: Rules) -> Plays:
    """The cards the line plays, (side, deck, code), and the hands a code that is no card of
    its deck was written for, (side, deck): something was played from them all the same.
    (A table under the rules: the answer depends on the line's cards and sides alone.)"""
    return kept(rules, "plays", (line.offense, line.defense, line.side, line.response),
                lambda: _cards(line, rules))


def _cards(line: Line, rules: Rules) -> Plays:
    plays: list[tuple[str, str, str]] = []
    unknown: list[tuple[str, str]] = []
    deck = "special" if rules.card("special", line.offense) and \
        not rules.card("offense", line.offense) else "offense"
    wanted = [(line.side, deck, line.offense), (other(line.side), "defense", line.defense)]
    if line.response:
        side, code = line.response
        wanted.append((side, "offense" if side == line.side else "defense", code))
    for side, d, code in wanted:
        (plays.append((side, d, code)) if rules.card(d, code) else unknown.append((side, d)))
    return tuple(plays), tuple(unknown)


def _hands(state: State, line: Line, ctx: Context) -> tuple[list[Hands], list[Finding]]:
    """Each card the line plays out of the hands the play book dealt (B6): the hands after
    the line, the record's reading first (a card not held was played after snaps the record
    does not show, or is a slip for a held card: handsmod.readings), and the findings."""
    assert ctx.seed is not None and state.hands is not None
    plays, unknown = _plays(line, ctx.rules)
    options, found, seed, k = [state.hands], [], ctx.seed, state.period
    for side, deck in unknown:
        options = [handsmod.unseen(h, seed, k, side, deck, 1) for h in options]
    for side, deck, code in plays:
        after: list[Hands] = []
        for i, hands in enumerate(options):
            new = handsmod.play(hands, seed, k, side, deck, code)
            if new is not None:
                after.append(new)
                continue
            if i == 0:
                held = " ".join(sorted(dict(hands)[(side, deck)].cards)) or "no card"
                found.append(Finding(line.number, "BO-HAND-001", f"{code} is not in the "
                                     f"{deck.upper()} hand the play book dealt {side}",
                                     f"one of {held}", code))
            after += handsmod.readings(hands, seed, k, side, deck, code)
        # one reading (a card held, most snaps): nothing to make unique, no hands hashed
        options = after if len(after) == 1 else list(dict.fromkeys(after))[:HAND_READINGS]
    return options, found


def _counted(state: State, line: Line, rules: Rules) -> tuple[State, list[Finding]]:
    """Without a Seed: each card counted against its deck (no more copies than it holds)."""
    found: list[Finding] = []
    played = Counter(dict(state.played))
    for side, deck, code in _plays(line, rules)[0]:
        played[f"{side}/{deck}/{code}"] += 1
        have = rules.decks.deck(deck).card(code).count
        if played[f"{side}/{deck}/{code}"] > have:
            found.append(Finding(line.number, "BO-HAND-002", f"{side} has played more {code} "
                                 f"cards this period than its {deck.upper()} deck holds",
                                 f"at most {have}", str(played[f"{side}/{deck}/{code}"])))
    return evolve(state, played=tuple(sorted(played.items()))), found


# the decks a snap the record does not show may have played from: (offense side's, defense
# side's); a response card is one more from either
GAP_PLAYS = ((("offense",), ("defense",)), (("special",), ("defense",)),
             (("offense",), ("defense", "defense")), (("offense", "offense"), ("defense",)),
             (("special",), ("defense", "defense")))


def gap(state: State) -> tuple[State, ...]:
    """The states after one snap the record does not show (a line left out or unreadable):
    the side with the ball played an OFFENSE or SPECIAL TEAMS card, the other a DEFENSE card,
    perhaps with a response card, which ones unknown (their replacements were drawn)."""
    ctx = state.ctx
    if ctx is None or ctx.seed is None or state.hands is None or not state.ball:
        return ()
    out = []
    for offense, defense in GAP_PLAYS:
        hands = state.hands
        for side, decks in ((state.ball, offense), (state.defense, defense)):
            for deck, n in Counter(decks).items():
                hands = handsmod.unseen(hands, ctx.seed, state.period, side, deck, n)
        out.append(evolve(state, hands=hands))
    return tuple(out)


def _kinds(rules: Rules, state: State, line: Line) -> list[str]:
    """The kinds of snap the line's cards could be read as (a play or a repeated down; a
    kick or a repeated down)."""
    if rules.kind("special", line.offense) == "kick":
        return [FIELD_GOAL if rules.in_range(state.to_goal) else PUNT, REPEAT]
    return [PLAY, REPEAT]


def _claimed(w: Written, state: State, rules: Rules) -> str | None:
    """The rule of a score the written state claims (its points say which)."""
    assert w.score is not None      # a score left off is filled in first (_scored)
    gained = [w.score[i] - state.score[i] for i in (0, 1)]
    mine = gained[index(state.ball)] if state.ball else 0
    theirs = gained[1 - index(state.ball)] if state.ball else 0
    if mine == rules.scoring.touchdown:
        return "BO-TD-001"
    if mine == rules.scoring.field_goal:
        return "BO-FG-001"
    if theirs == rules.scoring.safety:
        return "BO-SAFE-001"
    return None


def _agrees(w: Written, e: Written, rules: Rules) -> bool:
    """The written state is the reading's, where a FIRST DOWN nearer the goal line than the
    FIRST DOWN marker's 10 yards may be written either way (B17): the rules' own words, the
    marker "10 yards from that" and the YARDS TO GO counter at 10, or football's goal to go
    (`1&5` at the A5, `1&G`)."""
    if w == e:
        return True
    goal = to_goal(e.ball, e.x)
    return e.down == w.down == 1 and e.to_go == goal < rules.field.first_down == w.to_go \
        and evolve(w, to_go=e.to_go) == e


def _compare(w: Written, want: After, alts: list[After], line: Line, state: State,
             rules: Rules) -> list[Finding]:
    """One finding for a written state that is neither the rules' nor what the written yards
    give. The rule is the one of what the snap did, or of the score the record claims."""
    if w == want.state or any(_agrees(w, r.state, rules) for r in (want, *alts)):
        return []
    e = want.state
    rule = EVENT_RULE.get(want.event) or _claimed(w, state, rules)
    if rule is None:
        if w.ball != e.ball:
            rule = "BO-POSS-002"
        elif w.score != e.score:
            rule = "BO-SCORE-001"
        elif w.down != e.down:
            rule = "BO-DOWN-001"
        elif w.to_go != e.to_go:
            rule = "BO-DOWN-002"
        else:
            rule = "BO-SPOT-001"
    return [Finding(line.number, rule, want.why, e.text(), line.state.text())]


def _overtime(prev: State, new: State, rules: Rules) -> State:
    """Overtime after a snap: "If OFFENSE scores on their first possession, DEFENSE gets 1
    possession to tie or take the lead ... The first to score wins." (B14)"""
    if not prev.ot or new.over:
        return new
    f = prev.ot_first
    o = other(f)
    scored = [s for s in (f, o) if new.score[index(s)] > prev.score[index(s)]]
    changed = new.ball != prev.ball
    phase, over = prev.ot, False
    if phase == "first":
        if o in scored:
            over = True
        elif f in scored:
            phase = "answer"
        elif changed:
            phase = "sudden"
    elif phase == "answer":
        lead = new.score[index(o)] - new.score[index(f)]
        if f in scored or lead > 0 or (changed and lead < 0):
            over = True
        elif changed:
            phase = "sudden"
    elif scored:
        over = True
    return evolve(new, ot=phase, over=over)


def _ended(state: State, ctx: Context) -> State:
    """Regulation ends when its last period is over and the score is not tied."""
    if state.over or state.period != ctx.length.periods or state.ot:
        return state
    if handsmod.period_over(state, ctx.rules) and state.score[0] != state.score[1]:
        return evolve(state, over=True)
    return state


def step(state: State, line: Line) -> Step[State]:
    """One snap line from `state`: the state after (following the record), the findings (one
    per slip), and the other readings: the rules' state after, the other hands the cards
    could leave, the period the record did not write, and a snap left out before the line.

    A line explained by a snap the record does not show is one finding (BO-SEQ-002), and the
    state it writes is taken as written (what the left-out snap did cannot be checked): its
    cards are in the hands only once such a snap is put before it, or the other side has the
    ball while the line's own cards and yards are right."""
    followed = _followed(state, line)
    if followed is not None:
        return Step(followed)
    done = _snap(state, line)
    if not done.findings:
        return done
    misses = [_snap_of(g, line) for g in gap(state)]
    extra = [m.state for m in misses]
    found = {f.rule for f in done.findings}
    held = [m for m in misses if not any(f.rule == "BO-HAND-001" for f in m.findings)]
    cards = "BO-HAND-001" not in found or bool(held)
    turned = "BO-POSS-001" in found and len(done.findings) > 1 and \
        found <= {"BO-POSS-001", "BO-HAND-001", *STATE_RULES}
    if cards and ("BO-HAND-001" in found or turned):
        why = "its cards were drawn after cards the record does not show" \
            if "BO-HAND-001" in found else "the ball changed hands on it"
        taken = held[0].state if held else done.state
        return Step(taken, (Finding(line.number, "BO-SEQ-002", f"a snap seems left out before "
                                    f"this one: {why}", "a snap before this line",
                                    line.text()[:40]),),
                    (done.state, *done.alternatives, *extra))
    return Step(done.state, done.findings, (*done.alternatives, *extra))


def _snap_of(state: State, line: Line) -> Step[State]:
    """`_snap`, through `_followed` first (the same step for a line it follows)."""
    followed = _followed(state, line)
    return _snap(state, line) if followed is None else Step(followed)


def _followed(state: State, line: Line) -> State | None:
    """The state after a snap line with nothing to report, in one pass: a record with a Seed,
    the period going on, the side with the ball on offense, every card in its hand, the
    yards and the written state the rules' own (most lines of a record). What `_snap` gives
    such a line, without the findings it looks for; None for any other line (a first snap,
    a new period, no Seed, a slip of any kind), which `_snap` then reads in full."""
    ctx = state.ctx
    hands = state.hands
    k = state.period
    names = ctx.names
    if hands is None or state.over or line.side != state.ball or line.past_midfield or \
            not state.ball or k >= len(names) or line.period != names[k]:
        return None
    rules = ctx.rules
    w = line.state
    known = _plain_cards(rules, line)
    if known is None or w.score is None:
        return None
    plays, plan, kick = known
    if kick and state.down < rules.field.downs:     # SPECIAL TEAMS before fourth down
        return None
    snap = answer(rules, plan, state.to_goal)       # `resolve`'s, the line having no slips
    if line.yards != snap.yards or handsmod.period_over(state, rules):
        return None
    held = handsmod.play_all(hands, ctx.seed, k, plays)
    if held is None:
        return None
    ball, down, to_go, x, score, _event = settle(rules, state, snap.kind, snap.yards)
    if w.ball != ball or w.down != down or w.to_go != to_go or w.x != x or w.score != score:
        return None
    # evolve(state, hands=held, ball=w.ball, ...), the names known good: one dictionary
    new = _new(State)
    _set(new, "__dict__", {**state.__dict__, "hands": held, "ball": w.ball, "down": w.down,
                           "to_go": w.to_go, "x": w.x, "score": w.score})
    if state.ot:
        new = _overtime(state, new, rules)
    return _ended(new, ctx)


_new = object.__new__
_set = object.__setattr__


def _plain_cards(rules: Rules,
                 line: Line) -> tuple[tuple[tuple[str, str, str], ...], Plan, bool] | None:
    """The cards a line plays (`_plays`), what they do (`snap.plan_of`) and whether the snap
    card is a kick, where they are all cards of their decks played where the rules allow
    them on fourth down (no `slips`); None for any other line. The down enters the slips only
    for a kick (SPECIAL TEAMS before fourth down, the caller's question), so one look in a
    table under the rules, by the cards and sides alone."""
    def plain() -> tuple[tuple[tuple[str, str, str], ...], Plan, bool] | None:
        plays, unknown = _plays(line, rules)
        return None if unknown or slips(rules, rules.field.downs, line) else \
            (plays, plan_of(rules, line), rules.kind("special", line.offense) == "kick")

    return kept(rules, "plain cards", (line.offense, line.defense, line.side, line.response),
                plain)


def _snap(state: State, line: Line) -> Step[State]:
    ctx = state.ctx
    rules = ctx.rules
    if state.over:
        f = Finding(line.number, "BO-SEQ-001", "the game is over", "no more snaps",
                    line.text()[:40])
        return Step(state, (f,), adrift=True)
    state, found, other_period = _period(state, line, ctx)
    if found and any(f.rule == "BO-OT-001" for f in found):   # regulation had ended: stop
        return Step(evolve(state, over=True), tuple(found), adrift=True)
    if line.past_midfield:
        found.append(Finding(line.number, "BO-SPOT-002", "a yard line is counted from the "
                             "nearer goal line", ball_on(line.state.x), line.past_midfield))
    if line.side != state.ball:
        found.append(Finding(line.number, "BO-POSS-001", "the side on offense is the side with "
                             "the ball", state.ball, line.side))
    hands: list[Hands] = []
    if ctx.seed is None:
        state, more = _counted(state, line, rules)
    else:
        hands, more = _hands(state, line, ctx)
        state = evolve(state, hands=hands[0])
    found += more
    snap = resolve(rules, state.down, state.to_goal, line)
    slips = snap.slips                  # none on most snaps: nothing to look through
    if slips:
        found += [Finding(line.number, s.rule, s.message, s.expected, s.found) for s in slips]
    other_snap = None
    if slips and any(s.rule in RESPONSE_SLIPS for s in slips):
        # a response card the rules do not allow there: worked out as if it were allowed (the
        # card is the one slip), or as having no effect (the rules); the record may write
        # either, and the next line may follow either
        bare = resolve(rules, state.down, state.to_goal, evolve(line, response=None))
        snap, other_snap = (bare, snap) if line.yards == bare.yards != snap.yards else \
            (snap, bare)
    want = after(rules, state, snap.kind, snap.yards)
    alts: list[After] = []
    if other_snap is not None:
        alts.append(after(rules, state, other_snap.kind, other_snap.yards))
    if snap.slips and any(s.rule in UNPLAYABLE for s in snap.slips):
        # a card that cannot lead has no effect the rules give: take the written yards
        # (or of whatever the card was: a repeated down, a turnover, a kick)
        want = after(rules, state, PLAY, line.yards)
        kick = FIELD_GOAL if rules.in_range(state.to_goal) else PUNT
        alts = [after(rules, state, kind, line.yards) for kind in (REPEAT, TURNOVER, kick)]
    elif line.yards != snap.yards:
        found.append(Finding(line.number, snap.rule, snap.arithmetic, f"{snap.yards:+d}",
                             f"{line.yards:+d}"))
        # the written state may follow the written yards read as any kind of snap (a kick
        # taken through a penalty, a penalty read as a play): the slip is the yards
        kinds = dict.fromkeys([snap.kind, *_kinds(rules, state, line)])
        alts += [after(rules, state, kind, line.yards) for kind in kinds]
    written = _scored(line.state, want, alts)
    found += _compare(written, want, alts, line, state, rules)
    followed = _finish(state, written, ctx)
    if not found:
        return Step(followed)
    ruled = [want, alts[0]] if other_snap is not None else [want]
    readings = [_finish(state, r.state, ctx) for r in ruled]
    readings += [evolve(followed, hands=h) for h in hands[1:]]
    if other_period is not None:        # the period the record did not write, played on
        readings += [evolve(followed, period=other_period.period, played=(),
                             hands=_hands(other_period, line, ctx)[0][0]
                             if ctx.seed is not None else None)]
    return Step(followed, tuple(found), tuple(readings))


def _scored(w: Written, want: After, alts: list[After]) -> Written:
    """A state written without its score, with the score of the reading it follows: the
    rules' when its other parts are the rules', else that of the written yards' reading they
    are (so a score left off is never a finding, and the score goes on as the snaps give)."""
    if w.score is not None:
        return w
    for reading in (want, *alts):
        if evolve(reading.state, score=None) == w:
            return reading.state
    return evolve(w, score=want.state.score)


def _finish(prev: State, w: Written, ctx: Context) -> State:
    new = with_written(prev, w)
    return _ended(_overtime(prev, new, ctx.rules), ctx)


__all__ = ["Context", "Step", "begin_period", "start", "step", "with_written"]
