"""Writing records in the notation: lines and states as a person would write them."""

from __future__ import annotations

from printkit_engine.postcard.notation import Line
from printkit_engine.postcard.state import SCRIMMAGE, TOSS, State, format_spot
from printkit_engine.postcard.statenote import PHASE_WORDS, to_go_text
from printkit_engine.tags import tag_line

TAG_ORDER = ("Game", "Seed", "Home", "Away", "Date", "HomeSkill", "AwaySkill", "Result")


def format_note(state: State) -> str:
    """The state between plays, e.g. ``{A 1&10 H25 7-3 T3/2 P4/7 B2/1}``."""
    parts: list[str] = []
    if state.ball:
        parts.append(state.ball)
    if state.phase == SCRIMMAGE:
        parts.append(f"{state.down}&{to_go_text(state)}")
        parts.append(format_spot(state.spot))
    elif state.phase != TOSS:
        parts.append(PHASE_WORDS.get(state.phase, state.phase))
    parts.append(f"{state.score[0]}-{state.score[1]}")
    parts.append(f"T{state.time[0]}/{state.time[1]}")
    if state.final >= 0:
        parts.append(f"F{state.final}")
    parts.append(f"P{state.plays[0]}/{state.plays[1]}")
    parts.append(f"B{state.bonus[0]}/{state.bonus[1]}")
    if state.phase == SCRIMMAGE and state.sack == state.ball:
        parts.append("sack")
    return "{" + " ".join(parts) + "}"


def format_line(line: Line, note: str | None = None) -> str:
    parts = [line.verb]
    if line.side:
        parts.append(line.side)
    if line.value is not None:
        parts.append(str(line.value))
    if line.picks:
        parts.append(f"{line.picks[0]}v{line.picks[1]}")
    parts.extend(r.text() for r in line.rolls)
    tail: list[str] = []
    if line.outcome is not None:
        tail.append(line.outcome)
    if line.td:
        tail.append("TD")
    if line.safety:
        tail.append("safety")
    tail.extend(f"{c.owner}x{c.zone}" for c in line.crosses)
    if tail:
        parts.append("=")
        parts.extend(tail)
    if note:
        parts.append(note)
    return " ".join(parts)


def format_tags(tags: dict[str, str]) -> list[str]:
    keys = [k for k in TAG_ORDER if k in tags] + [k for k in tags if k not in TAG_ORDER]
    return [tag_line(k, tags[k]) for k in keys]


def format_record(tags: dict[str, str], lines: list[str]) -> str:
    return "\n".join([*format_tags(tags), "", *lines]) + "\n"
