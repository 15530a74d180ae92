"""Hand-written slips planted in simulated records, and the answer key that says where they
are (`printkit simulate ... --slips N`): a rehearsal of the audit in which the teacher knows
what the audit must find.

The slips are each game's data (`GAME.bots.slips`, engine/slips.py). N records, drawn with a
seeded generator, get one slip each; a slip is kept only when the audit can see it: the
record's own verifier (or, for a team name, the class's schedule) reports a finding, and at
most one line stops being readable. The key row names the file, the line changed, what was
there and what is now, and the first finding the audit gives for that file (rule and line),
with how many it gives.
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.errors import UserError
from printkit.schedule_check import Fixture, team_finding
from printkit_engine.slips import Planted, Slip, candidates
from printkit_engine.verify.record import split_lines

TRIES = 24                  # places tried per slip kind before the next kind is tried
KEY_NAME = "answer-key.csv"
KEY_HEAD = ("file", "line", "slip", "was", "now", "rule", "finding_line", "findings")


@dataclass(frozen=True)
class KeyRow:
    """One planted slip: where, what, and what the audit must say about it."""

    file: str
    line: int                # the line the slip is on (in the file as written)
    slip: str                # what the student did (Slip.kind)
    was: str                 # the line as the bots wrote it ("" for a line written twice)
    now: str                 # the line as it is now ("" for a line left out)
    rule: str                # the first finding the audit gives for the file
    finding_line: int
    findings: int            # how many findings the audit gives for the file

    def row(self) -> tuple[str | int, ...]:
        return (self.file, self.line, self.slip, self.was, self.now, self.rule,
                self.finding_line, self.findings)


Seer = Callable[[str, str], list[tuple[int, str]]]


def seer(game: Any, rules: Any, fixtures: Sequence[Fixture] = ()) -> Seer:
    """What the audit sees in a record text: its verifier's findings and, with a class
    schedule, a record naming other teams than its match's (sorted by line, then rule, as the
    audit lists them)."""
    from printkit.audit import tags_of

    by_id = {f.match: f for f in fixtures}

    def see(text: str, file: str) -> list[tuple[int, str]]:
        found = [(f.line, f.rule) for f in game.verify(text, file, rules).findings]
        tags = tags_of(text)
        match = tags.get("Match", ("", 0))[0]
        if by_id and match:
            home, line = tags.get("Home", ("", 1))
            team = team_finding(by_id, match, home, tags.get("Away", ("", 0))[0], line or 1)
            if team is not None:
                found.append((team["line"], team["rule"]))
        return sorted(found)
    return see


def plant(slips: Sequence[Slip], records: Sequence[tuple[str, str]], count: int, seed: str,
          see: Seer) -> tuple[list[tuple[str, str]], list[KeyRow]]:
    """`records` (file name, text) with `count` of them given one slip each, and the key.
    The same seed plants the same slips. A record none of the game's slips can be seen in
    (rare: a very short game) is passed over for another."""
    if count > len(records):
        raise UserError(f"--slips {count}: only {len(records)} record"
                        f"{'s' if len(records) != 1 else ''} to plant them in")
    rng = random.Random(f"printkit slips {seed}")
    order = list(range(len(records)))
    rng.shuffle(order)
    kinds = list(slips)
    rng.shuffle(kinds)
    out = list(records)
    key: list[KeyRow] = []
    for index in order:
        if len(key) == count:
            break
        name, text = records[index]
        turn = len(key) % len(kinds)          # the kinds taken in turn, so N slips vary
        for slip in kinds[turn:] + kinds[:turn]:
            made = _first_seen(slip, name, text, rng, see)
            if made is not None:
                planted, found = made
                out[index] = (name, "".join(line + "\n" for line in planted.lines))
                key.append(KeyRow(name, planted.line, slip.kind, planted.was, planted.now,
                                  found[0][1], found[0][0], len(found)))
                break
    if len(key) < count:
        raise UserError(f"--slips {count}: could plant only {len(key)} slips the audit can "
                        "see in these records")
    key.sort(key=lambda r: _natural(r.file))
    return out, key


def _first_seen(slip: Slip, name: str, text: str, rng: random.Random,
                see: Seer) -> tuple[Planted, list[tuple[int, str]]] | None:
    """The first place (in `rng`'s order) where `slip` gives exactly one finding, else the
    one of TRIES places with the fewest (a slip can carry on: a team misspelt in the tag but
    not in the headings), at most one line unreadable; None when no place gives any."""
    best: tuple[Planted, list[tuple[int, str]]] | None = None
    for k, planted in enumerate(candidates(slip, split_lines(text), rng)):
        if k == TRIES:
            break
        found = see("".join(line + "\n" for line in planted.lines), name)
        if not found or sum(rule.endswith("-REC-003") for _, rule in found) > 1:
            continue
        if len(found) == 1:
            return planted, found
        if best is None or len(found) < len(best[1]):
            best = planted, found
    return best


def _natural(name: str) -> tuple[Any, ...]:
    import re

    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name))


def key_csv(rows: Sequence[KeyRow]) -> str:
    """The answer key as CSV (one row per slip, files in natural order)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(KEY_HEAD)
    writer.writerows(r.row() for r in rows)
    return buf.getvalue()


def read_key(text: str) -> list[KeyRow]:
    """The answer key read back (a test, a teacher's script)."""
    rows = csv.DictReader(io.StringIO(text))
    return [KeyRow(r["file"], int(r["line"]), r["slip"], r["was"], r["now"], r["rule"],
                   int(r["finding_line"]), int(r["findings"])) for r in rows]


__all__ = ["KEY_HEAD", "KEY_NAME", "KeyRow", "key_csv", "plant", "read_key", "seer"]
