"""Findings: what a record did wrong, with stable rule ids (never exceptions)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from printkit_engine.frozen import fast_init


@fast_init
@dataclass(frozen=True)
class Finding:
    """One broken rule on one line; `rule` is a stable id such as ``PC-DOWN-002``."""

    line: int
    rule: str
    message: str
    expected: str = ""
    found: str = ""

    def format(self, file: str) -> str:
        text = f"{file}:{self.line}: {self.rule}: {self.message}"
        if self.expected or self.found:
            text += f" (expected {self.expected}, found {self.found})"
        return text


@dataclass(frozen=True)
class Seat:
    """One player's part in a game where each player scores on their own (Luck of the Draw):
    who, for which team, their points and whether they won the table (a tie: each). The
    audit's per-player standings add these up over a class's matches."""

    player: str
    team: str
    points: int
    won: bool = False


@dataclass
class Report:
    """The outcome of verifying one record: findings in line order plus a summary."""

    file: str
    game: str
    findings: list[Finding] = field(default_factory=list)
    lines_checked: int = 0
    summary_extra: str = ""
    notes: list[str] = field(default_factory=list)     # said while reading the record
    more: int = 0                # findings found past the ones listed (a report is bounded)
    seats: tuple[Seat, ...] = ()  # each player's points, where players score on their own

    @property
    def clean(self) -> bool:
        return not self.findings and not self.more

    def sorted_findings(self) -> list[Finding]:
        return sorted(self.findings, key=lambda f: (f.line, f.rule))

    def summary(self) -> str:
        n = len(self.findings) + self.more
        verdict = "clean" if n == 0 else f"{n} finding{'s' if n != 1 else ''}"
        extra = f"; {self.summary_extra}" if self.summary_extra else ""
        return f"{self.file}: {self.game}: {self.lines_checked} lines checked, {verdict}{extra}"

    def to_text(self) -> str:
        lines = [f.format(self.file) for f in self.sorted_findings()]
        if self.more:
            lines.append(f"{self.file}: ... and {self.more} more finding"
                         f"{'s' if self.more != 1 else ''} (fix the first ones: the rest often "
                         "follow from them)")
        lines.append(self.summary())
        return "\n".join(lines)

    def to_json(self) -> str:
        return json.dumps(
            {
                "file": self.file,
                "game": self.game,
                "clean": self.clean,
                "lines_checked": self.lines_checked,
                "findings": [asdict(f) for f in self.sorted_findings()],
                "more_findings": self.more,
                "summary": self.summary(),
            },
            indent=2,
        )
