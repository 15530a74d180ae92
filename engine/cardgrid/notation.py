"""The grid game's record notation: tags, score-sheet lines, passage lines, shuffle lines
(docs/notation.md, "The playing-card 'Football' grid game").

    [Game "cardgrid"]
    [Seed "demo-0001"]            the play book the cards came from (optional)
    [KickOff "H"]                 who won the toss and kicked off (optional)
    [HomeSuits "CH"]              home's half pack, one black and one red suit (G1; default CH)
    [Finish "10:40"]              the agreed finishing time
    [Result "6-3"]

    H T 4-0 > A2                  score sheet: side, code, running score, restart
    H2: 5H 7C 3D QC* 9D = F 1-0 > A3     passage: start, cards in dealt order, outcome, next
    shuffle H                     the home player shuffled his half pack (next play book shuffle)

Tags are read by the kernel's record reader (engine/verify/record.py); this module reads one
line at a time (:func:`read_line`). Reading is by hand (partition and split, no backtracking
regex), so a crafted line costs linear time; a line that is none of these raises ReadError,
which the kernel reports as CG-REC-003 on its line and checks the rest of the record.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import partial

from printkit_engine.cardgrid.passage import Next as Spot
from printkit_engine.cardgrid.rules import Rules, load_rules
from printkit_engine.cards import FULL_DECK, JOKERS
from printkit_engine.errors import ReadError
from printkit_engine.tags import TAG, tag_line, unquote
from printkit_engine.verify.record import Record, Syntax, read, split_lines

SIDE_LETTERS = ("H", "A")
EVENTS = ("lost", "kick", "touch", "dead", "against")
PENALTIES = ("P", "P-", "kick", "notouch")
FG_MARK = "*"
COMMENTS = ("#", ";")
_SPOT = re.compile(r"([HA])[ \t]*(\d{1,2})")
_SCORE = re.compile(r"(\d{1,3})-(\d{1,3})")
_CARDS = frozenset(c for c in FULL_DECK if c not in JOKERS)


@dataclass(frozen=True)
class Written:
    """A written outcome: `event` (lost, kick, touch, dead, against, F, T, pen); `scores` are
    (code, home, away) as written, in order; for a try `converted`; for a penalty the
    `offender` and `penalty` (P, P-, kick, notouch)."""

    event: str
    scores: tuple[tuple[str, int, int], ...] = ()
    converted: bool | None = None
    offender: str = ""
    penalty: str = ""

    def shape(self) -> tuple:
        """What the cards decide, without the running totals."""
        return (self.event, tuple(s[0] for s in self.scores), self.converted, self.offender,
                self.penalty)


@dataclass(frozen=True)
class Entry:
    line: int
    kind: str                       # score, passage, shuffle
    side: str = ""                  # score: who scored; passage: who started in possession
    code: str = ""                  # score line's code
    score: tuple[int, int] = (0, 0)
    grid: int = 0                   # passage: the start grid
    cards: tuple[str, ...] = ()
    fg: tuple[bool, ...] = ()       # per card: marked as a field goal
    outcome: Written | None = None
    next: Spot | None = None
    sides: tuple[str, ...] = ()     # shuffle: who shuffled


KICKOFF_TAG, FINISH_TAG, SUITS_TAG = "KickOff", "Finish", "HomeSuits"
# KickOff and Finish: a blank bubble log writes them as bands, on the line where the player
# shaded them (docs/bubblelog.md), so they may stand after the first record line
SYNTAX = Syntax("CG", (KICKOFF_TAG, FINISH_TAG, SUITS_TAG), line=lambda raw, number: None,
                anywhere=(KICKOFF_TAG, FINISH_TAG))


def parse(text: str, file: str = "<record>", rules: Rules | None = None) -> Record[Entry]:
    """A record's tags and lines (a line that cannot be read is an Unread row, reported on
    its line). Score lines take their codes from the rules (a player's own rules file may
    add one). ReadError only for a file too long to be a game."""
    rules = rules or load_rules()
    return read(text, file, dataclasses.replace(SYNTAX, line=partial(read_line,
                                                                      codes=rules.codes)))


def read_line(raw: str, number: int, codes: tuple[str, ...]) -> Entry | None:
    """One record line: None for a blank line or a comment (`#`, and `;`, which a scanned
    bubble log writes for a band it could not read: docs/bubblelog.md)."""
    line = raw.strip()
    if not line or line.startswith(COMMENTS):
        return None
    return _entry(line, number, codes)


def _entry(line: str, number: int, codes: tuple[str, ...]) -> Entry:
    def bad(why: str) -> ReadError:
        return ReadError(why, "", number, 1)

    words = line.split()
    if words[0].lower() == "shuffle":
        sides = tuple(w.upper() for w in words[1:])
        if not sides or any(s not in SIDE_LETTERS for s in sides) or len(set(sides)) < len(sides):
            raise bad("expected 'shuffle H', 'shuffle A' or 'shuffle H A'")
        return Entry(number, "shuffle", sides=sides)
    if ":" in line:
        return _passage(line, number, bad)
    return _score_line(line, number, bad, codes)


def _spot(text: str, bad) -> Spot:
    text = text.strip()
    scrum = text.lower().startswith("scrum")
    if scrum:
        text = text[5:].strip()
    m = _SPOT.fullmatch(text)
    if not m:
        raise bad(f"expected a side and grid such as A3, found {text[:20]!r}")
    return Spot(m.group(1), int(m.group(2)), scrum)


def _score(text: str, bad) -> tuple[int, int]:
    m = _SCORE.fullmatch(text)
    if not m:
        raise bad(f"expected a running score home-away such as 6-3, found {text[:20]!r}")
    return int(m.group(1)), int(m.group(2))


def _score_line(line: str, number: int, bad, codes: tuple[str, ...]) -> Entry:
    left, arrow, right = line.partition(">")
    words = left.split()
    if not arrow or len(words) != 3:
        raise bad("expected a passage (H2: cards = outcome > A9), a score (H T 4-0 > A2), "
                  "a shuffle or a tag")
    side, code, score = words
    if side not in SIDE_LETTERS:
        raise bad(f"expected the side H or A, found {side[:10]!r}")
    if code not in codes:
        raise bad(f"expected a scoring code ({', '.join(codes)}), found {code[:10]!r}")
    return Entry(number, "score", side=side, code=code, score=_score(score, bad),
                 next=_spot(right, bad))


def _passage(line: str, number: int, bad) -> Entry:
    head, _, rest = line.partition(":")
    start = _spot(head, bad)
    if start.scrum:
        raise bad("a passage starts at a side and grid (the scrum is on the line before)")
    cards_text, eq, rest = rest.partition("=")
    outcome_text, arrow, next_text = rest.partition(">")
    if not eq or not arrow:
        raise bad("expected 'SIDE GRID: cards = outcome > SIDE GRID'")
    cards, fg = [], []
    for word in cards_text.split():
        marked = word.endswith(FG_MARK)
        card = word.removesuffix(FG_MARK).upper()
        if card not in _CARDS:
            raise bad(f"expected a card such as 7H or QS (no jokers), found {word[:10]!r}")
        cards.append(card)
        fg.append(marked)
    if not cards:
        raise bad("a passage has at least one card")
    return Entry(number, "passage", side=start.side, grid=start.grid, cards=tuple(cards),
                 fg=tuple(fg), outcome=_outcome(outcome_text.split(), bad),
                 next=_spot(next_text, bad))


def _outcome(words: list[str], bad) -> Written:
    if len(words) == 1 and words[0] in EVENTS:
        return Written(words[0])
    if len(words) == 2 and words[0] == "F":
        return Written("F", (("F", *_score(words[1], bad)),))
    if len(words) in (3, 4) and words[0] == "T":
        scores = [("T", *_score(words[1], bad))]
        if words[2:] == ["C-"]:
            return Written("T", tuple(scores), converted=False)
        if len(words) == 4 and words[2] == "C":
            scores.append(("C", *_score(words[3], bad)))
            return Written("T", tuple(scores), converted=True)
    if len(words) in (3, 4) and words[0] == "pen" and words[1] in SIDE_LETTERS:
        offender, what = words[1], words[2]
        if what == "P" and len(words) == 4:
            return Written("pen", (("P", *_score(words[3], bad)),), offender=offender,
                           penalty="P")
        if what in PENALTIES and what != "P" and len(words) == 3:
            return Written("pen", offender=offender, penalty=what)
    shown = " ".join(words)[:40]
    raise bad(f"expected an outcome (lost, kick, touch, dead, against, F 1-0, T 4-0 C 6-0, "
              f"T 4-0 C-, pen H P 0-2, pen H P-, pen H kick, pen H notouch), found {shown!r}")


# -- writing ------------------------------------------------------------------------------------
def score_text(score: tuple[int, int]) -> str:
    return f"{score[0]}-{score[1]}"


def outcome_text(w: Written) -> str:
    if w.event == "pen":
        tail = f"P {w.scores[0][1]}-{w.scores[0][2]}" if w.penalty == "P" else w.penalty
        return f"pen {w.offender} {tail}"
    parts = [w.event] if not w.scores else []
    for code, h, a in w.scores:
        parts += [code, f"{h}-{a}"]
    if w.event == "T" and not w.converted:
        parts.append("C-")
    return " ".join(parts)


def passage_line(side: str, grid: int, cards: tuple[str, ...], fg: tuple[bool, ...],
                 outcome: Written, nxt: Spot) -> str:
    shown = " ".join(c + (FG_MARK if m else "") for c, m in zip(cards, fg, strict=True))
    return f"{side}{grid}: {shown} = {outcome_text(outcome)} > {nxt.text()}"


def score_line(side: str, code: str, score: tuple[int, int], nxt: Spot) -> str:
    return f"{side} {code} {score_text(score)} > {nxt.text()}"


def record_text(tags: dict[str, str], lines: list[str]) -> str:
    return "\n".join([*(tag_line(k, v) for k, v in tags.items()), "", *lines]) + "\n"


def leading_tags(text: str) -> list[str]:
    """The tag lines a record opens with (blank lines and comments skipped), as written."""
    out = []
    for raw in split_lines(text):
        line = raw.strip()
        if not line or line.startswith(COMMENTS):
            continue
        m = TAG.fullmatch(line)
        if not m:
            break
        out.append(tag_line(m.group(1), unquote(m.group(2))))
    return out


def detect(text: str) -> bool:
    """An untagged record in this notation: a passage line or score line of its shape."""
    for line in split_lines(text)[:200]:
        head, colon, rest = line.strip().partition(":")
        if colon and _SPOT.fullmatch(head.strip()) and "=" in rest and ">" in rest:
            return True
    return False
