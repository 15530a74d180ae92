"""Comparing the state a record writes (`{A 1&10 H25 7-3 T3/2 P4/7 B2/1}`) with the engine's,
and resynchronising to it: the written state is where the verifier picks up after a finding.
Only what is written is checked.
"""

from __future__ import annotations

from printkit_engine.findings import Finding
from printkit_engine.frozen import evolve
from printkit_engine.postcard.notation import Note
from printkit_engine.postcard.rules import Rules
from printkit_engine.postcard.state import (
    KICKOFF,
    OVER,
    SAFETY_KICK,
    SCRIMMAGE,
    TRY,
    State,
    at_own,
    format_spot,
    to_goal,
)

PHASE_WORDS = {KICKOFF: "KO", TRY: "TRY", SAFETY_KICK: "SK", OVER: "END"}
WORD_PHASES = {v: k for k, v in PHASE_WORDS.items()}


def phase_word(state: State) -> str:
    if state.play is not None:
        return "a play in progress"
    if state.phase == SCRIMMAGE:
        return f"{state.down}&{to_go_text(state)}"
    return PHASE_WORDS.get(state.phase, state.phase)


def to_go_text(state: State) -> str:
    if state.to_go == to_goal(state.ball, state.spot):
        return "G"
    return str(state.to_go)


def _pair(p: tuple[int, int], letter: str) -> str:
    return f"{letter}{p[0]}/{p[1]}"


def expected_spot(state: State, rules: Rules) -> int | None:
    if state.play is not None:
        return state.play.spot
    if state.phase == SCRIMMAGE:
        return state.spot
    if state.phase == KICKOFF and state.ball:
        return at_own(state.ball, rules.kickoff.from_)
    if state.phase == SAFETY_KICK:
        return at_own(state.ball, rules.scoring.safety_kick_spot)
    return None


def compare_note(state: State, note: Note, line: int, rules: Rules,
                 follow_written: bool = True) -> tuple[State, list[Finding]]:
    findings: list[Finding] = []

    def find(rule: str, message: str, expected: object, found: object) -> None:
        findings.append(Finding(line, rule, message, str(expected), str(found)))

    limit = rules.bonus.max
    circles = rules.time_tracker.circles
    written_phase = note.phase if note.phase else (SCRIMMAGE if note.down else None)
    if written_phase is not None:
        written = note.phase or f"{note.down}&{note.to_go}"
        ours = state.phase if state.play is None else "play"
        theirs = WORD_PHASES.get(written_phase, written_phase)
        if ours != theirs:
            find("PC-PHASE-001", "what comes next is not that", phase_word(state), written)
            if follow_written:
                state = evolve(state, phase=theirs, play=None)
                if note.ball:
                    state = evolve(state, ball=note.ball)
                if theirs == KICKOFF and state.ball:
                    state = evolve(state, spot=at_own(state.ball, rules.kickoff.from_))
                if theirs == SAFETY_KICK:
                    state = evolve(state, spot=at_own(state.ball,
                                                       rules.scoring.safety_kick_spot))
    carrier = state.play.carrier if state.play is not None else state.ball
    if note.ball and carrier and note.ball != carrier:
        find("PC-POSS-001", "the wrong side has the ball", carrier, note.ball)
        if follow_written:
            state = evolve(state, ball=note.ball) if state.play is None else \
                state.with_play(carrier=note.ball)
    spot = expected_spot(state, rules)
    if note.spot is not None and spot is not None and note.spot != spot:
        find("PC-SPOT-001", "ball spot", format_spot(spot), format_spot(note.spot))
        if follow_written:
            state = evolve(state, spot=note.spot) if state.play is None else \
                state.with_play(spot=note.spot)
    if note.down is not None and state.play is None and state.phase == SCRIMMAGE:
        if note.down != state.down:
            find("PC-DOWN-001", "down", state.down, note.down)
            if follow_written:
                state = evolve(state, down=note.down)
        written_to_go = to_goal(state.ball, state.spot) if note.to_go == "G" else note.to_go
        if written_to_go != state.to_go:
            find("PC-DOWN-002", "yards to go", to_go_text(state), note.to_go)
            if follow_written and isinstance(written_to_go, int):
                state = evolve(state, to_go=written_to_go)
        # every part of a state is optional: a missing `sack` states nothing (notation.md)
        if note.sack and state.sack != state.ball:
            minus = rules.passing.sack_penalty_per_roll
            find("PC-SACK-001", f"sack penalty (rolls {minus} less for the rest of the "
                 "possession)",
                 "sack" if state.sack == state.ball else "none",
                 "sack" if note.sack else "none")
            if follow_written:
                state = evolve(state, sack=state.ball if note.sack else "")
    if note.score is not None and note.score != state.score:
        find("PC-SCORE-001", "score", f"{state.score[0]}-{state.score[1]}",
             f"{note.score[0]}-{note.score[1]}")
        if follow_written:
            state = evolve(state, score=note.score)
    if note.time is not None and note.time != state.time:
        find("PC-TIME-001", "Time Tracker circles crossed out", _pair(state.time, "T"),
             _pair(note.time, "T"))
        if follow_written:
            state = evolve(state, time=(min(circles, note.time[0]),
                                         min(circles, note.time[1])))
    if note.final is not None and note.final != state.final:
        find("PC-TIME-005", "end of game circles crossed out",
             f"F{state.final}" if state.final >= 0 else "no F (not the end of game yet)",
             f"F{note.final}")
        if follow_written:
            state = evolve(state, final=min(circles, note.final))
    if note.plays is not None and note.plays != state.plays:
        find("PC-PLAY-001", "Play Tracker circles crossed out", _pair(state.plays, "P"),
             _pair(note.plays, "P"))
        if follow_written:
            state = evolve(state, plays=note.plays)
    if note.bonus is not None and note.bonus != state.bonus:
        if max(note.bonus) > limit:
            find("PC-BONUS-004", f"a player never holds more than {limit} bonuses",
                 _pair(state.bonus, "B"), _pair(note.bonus, "B"))
        else:
            find("PC-BONUS-003", "bonuses held", _pair(state.bonus, "B"),
                 _pair(note.bonus, "B"))
        if follow_written:
            state = evolve(state, bonus=(min(limit, note.bonus[0]), min(limit, note.bonus[1])))
    return state, findings
