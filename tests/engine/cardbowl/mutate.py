"""Mutations of correct Card Bowl records: each changes one number on one play line."""

from __future__ import annotations

import re
from collections.abc import Iterator

_STATE = re.compile(r"^([1-4]) & (\d+|goal) @ (\d+)")
_SCORE = re.compile(r"\t(\d+)-(\d+)")


def mutations(text: str) -> Iterator[tuple[str, int, str]]:
    """(mutated text, 1-based line changed, what changed) for every applicable mutation."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        variants = []
        if m := _STATE.match(line):
            down, dist, yard = m.groups()
            rest = line[m.end():]
            if down != "4":
                variants.append((f"{int(down) + 1} & {dist} @ {yard}{rest}", "down"))
            if dist != "goal":
                variants.append((f"{down} & {int(dist) + 1} @ {yard}{rest}", "distance"))
            if 0 < int(yard) < 49:
                variants.append((f"{down} & {dist} @ {int(yard) + 1}{rest}", "yard line"))
        if m := _SCORE.search(line):
            a, b = m.groups()
            variants.append((line[:m.start()] + f"\t{int(a) + 1}-{b}" + line[m.end():], "score"))
        for new, what in variants:
            yield "\n".join(lines[:i] + [new] + lines[i + 1:]), i + 1, what


# -- structure -------------------------------------------------------------------------------
_SEPARATOR = re.compile(r"^\s*(?:-{3,}|_{3,}|={3,}|\*{3,})\s*$")
_HEADING = re.compile(r"^(#+\s*)?([A-Z][A-Za-z .'-]*?)\s*$")
_TAG_TEAM = re.compile(r'^\[(?:Home|Away) "(.*)"\]$')
_CARDS = re.compile(r"(cards(?: deal \d+)?:\s*)([^\t]*?)\s*$")
_SCORE_FIELD = re.compile(r"\t(?:[A-Za-z][\w .'-]*\s+)?\d+-\d+(?:\s+[A-Za-z][\w .'-]*)?\s*$")
_MARKER = re.compile(r"^(?:Q[1-5]|OT|Halftime|End of .*|Two-minute warning|\d\w* quarter)$",
                     re.I)
_PLAY = re.compile(r"^[1-4] & ")


def _headings(lines: list[str]) -> list[tuple[int, str, str]]:
    """(index, prefix, team) of every team heading line."""
    out = []
    for i, line in enumerate(lines):
        if line.startswith(("[", ";", "cards")) or _MARKER.match(line.strip()) \
                or "\t" in line or "  " in line.strip():
            continue
        if (m := _HEADING.match(line)) and not line.strip().lower().startswith(
                ("kickoff", "free kick", "onside", "try", "2 pt", "xp")):
            out.append((i, m[1] or "", m[2]))
    return out


def _teams(lines: list[str], headings: list[tuple[int, str, str]]) -> list[str]:
    teams = [m[1] for line in lines if (m := _TAG_TEAM.match(line))]
    for _, _, team in headings:
        if team not in teams:
            teams.append(team)
    return teams


def _has_score(lines: list[str]) -> bool:
    return any(_SCORE_FIELD.search(x) for x in lines)


def structural_mutations(text: str) -> Iterator[tuple[str, int, str, bool]]:
    """(mutated text, 1-based line where the record now differs, what changed, whether the
    change alters the game the record tells: True when a finding is due).

    Headings swapped to the other team or renamed to a third, `---` lines removed or added
    inside a drive, scoring lines deleted or written twice, a card moved to the next group,
    the last card group dropped, a heading dropped. Alters nothing: a heading dropped after
    a `---` (the line says the ball changed hands), the receiving team swapped after an end
    of half (either may receive), a `---` at the end or next to an end of half, a third
    team's name for a team named nowhere else, a score nobody writes again (unless a play
    book's deal numbers show the line gone), a kick's last card group but its open-field run
    cards (a card line may list the first draws only).
    """
    lines = text.split("\n")
    headings = _headings(lines)
    teams = _teams(lines, headings)

    def out(i: int, new: list[str]) -> str:
        return "\n".join(lines[:i] + new + lines[i + 1:])

    def after_half(i: int) -> bool:
        before = [x.strip() for x in lines[:i] if x.strip()]
        tail = [x for x in before[-3:] if not _SEPARATOR.match(x)]
        return bool(tail) and bool(_MARKER.match(tail[-1]))

    for n, (i, prefix, team) in enumerate(headings):
        others = [t for t in teams if t != team]
        if n and others:
            yield out(i, [f"{prefix}{others[0]}"]), i + 1, f"heading {team} -> {others[0]}", \
                not after_half(i)
        named = sum(team in x for x in lines if not x.startswith(";")) > 1
        yield out(i, [f"{prefix}Colts"]), i + 1, f"heading {team} -> Colts", named
        if n and any(_SEPARATOR.match(x) for x in lines[max(0, i - 3):i]):
            yield out(i, []), i + 1, f"heading {team} dropped", False
    for i, line in enumerate(lines):
        if _SEPARATOR.match(line):
            plays_after = any(_PLAY.match(x) or x.startswith(("Kickoff", "Try")) for x in
                              lines[i + 1:])
            yield out(i, []), i + 1, "--- removed", plays_after and not after_half(i)
        if _PLAY.match(line) and i + 1 < len(lines) and _PLAY.match(lines[i + 1]) and \
                not re.search(r"\b(?:punt|FG|int|TD|safety|recovers)\b", line):
            yield out(i, [line, "---"]), i + 2, "--- added inside a drive", True
        if _SCORE_FIELD.search(line):
            seeded = any(x.startswith("[Seed") for x in lines) and any(
                "cards" in x for x in lines[i + 1:])
            yield out(i, []), i + 1, "scoring line deleted", \
                _has_score(lines[i + 1:]) or seeded
            yield out(i, [line, line]), i + 2, "scoring line written twice", True
        if (m := _CARDS.search(line)) and "/" in m[2]:
            groups = [g.split() for g in m[2].split("/")]
            head = line[:m.start(2)]
            if len(groups[0]) > 1:
                moved = [groups[0][:-1], [groups[0][-1], *groups[1]], *groups[2:]]
                yield out(i, [head + " / ".join(" ".join(g) for g in moved)]), i + 1, \
                    "card moved from group 1 to group 2", True
            if groups[1]:
                moved = [[*groups[0], groups[1][0]], groups[1][1:], *groups[2:]]
                moved = [g for g in moved if g]
                yield out(i, [head + " / ".join(" ".join(g) for g in moved)]), i + 1, \
                    "card moved from group 2 to group 1", True
            # the open-field run cards count into the return written; earlier groups may be
            # left off (a card line may list the first draws only)
            yield out(i, [head + " / ".join(" ".join(g) for g in groups[:-1])]), i + 1, \
                "last card group dropped", len(groups) == 4
