"""What a game's decision log is, as data on the game object (`DecisionLog`).

A row is one play. Its fields are the slots of one bubble grammar line (engine/bubbles): each
slot is one decision, its parts' options the plain words or symbols a child reads and shades
(`rush`, `touchback`, `H`, `+2`); the same grammar draws the sheet, reads it back and parses
the typed text form, so the words are typed once. Each field says in words when it applies
(`Field.applies`: printed in docs and on the sheet's legend). One field is the checkpoint:
the score the table writes after the play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from printkit_engine.bubbles import Grammar
from printkit_engine.findings import Finding

LOG_TAG = "Log"              # `[Log "decisions"]`: this record is a decision log
LOG_VALUE = "decisions"


@dataclass(frozen=True)
class Field:
    """One decision of a play: the grammar slot holding it, and when it applies (words)."""

    slot: str
    applies: str


@dataclass(frozen=True)
class Row:
    """One play of a decision log: its line in the file, and each field's parts as written
    (slot -> the text of each part, prefixes off; a part left blank is "")."""

    line: int
    values: dict[str, tuple[str, ...]]
    text: str

    def get(self, slot: str, part: int = 0) -> str:
        """The text of one part of a field ("" when the field or part is not written)."""
        parts = self.values.get(slot, ())
        return parts[part] if part < len(parts) else ""

    def has(self, slot: str) -> bool:
        return any(self.values.get(slot, ()))

    def shown(self, slot: str) -> str:
        """A field as the sheet shows it, its parts run together: what a finding quotes."""
        return "".join(self.values.get(slot, ()))


def applies(fields: tuple[Field, ...], slot: str) -> str:
    """When the decision in `slot` applies, in words (its game's `Field`): what a finding
    for a decision left out says."""
    return next(f.applies for f in fields if f.slot == slot)


@dataclass
class Replayed:
    """A decision log replayed: the record lines the game's own engine writes for it (exact:
    every state in full), the lines to verify (the same, each state's score replaced by the
    score written at that play's checkpoint, or left off where none is written), which row
    each record line came from (None: a line no decision made, a coin toss), and findings on
    the decision rows themselves (a decision missing or one that has no place in its play)."""

    tags: dict[str, str]
    lines: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    rows: list[int | None] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)      # said of the replay (a tag inferred)


@dataclass(frozen=True)
class DecisionLog:
    """A game's decision log: its row grammar (one line a play), the fields with when each
    applies, the checkpoint field, and the game's replay and record functions.

    `replay(tags, rows, rules)` plays the game from the tags' Seed with the rows' decisions;
    `from_record(text, file)` is a typed record's decision log text (`render --decisions
    --from`, and the round trip every bot game must survive); `verify(text, file, rules)`
    is the game's own record verifier (the kernel with its rulebook)."""

    game: str
    prefix: str                          # the game's rule-id prefix (`PC`)
    grammar: Grammar
    fields: tuple[Field, ...]
    checkpoint: str                      # the slot of the score written after a play
    replay: Callable[[dict[str, str], list[Row], Any], Replayed]
    from_record: Callable[[str, str], str]
    verify: Callable[[str, str, Any], Any]
    load_rules: Callable[[], Any]
    tags: tuple[str, ...] = ()           # the game's own tags a log may carry (Team Skills)
    legend: tuple[str, ...] = ()         # what the sheet's foot says (each field's words)
    # the game's own rules that judge the game as a whole (its end, the checkpoint at its
    # end), besides the kernel's END-001 and END-002: a log whose replay stopped at a line
    # the sheet reader could not read is no whole game, so none of them is said of it (it
    # would be a false accusation: "the winner declared in Q1")
    whole_game: frozenset[str] = frozenset()
    default: bool = True                 # the default bubble log when the seed is known; False
                                         # while it takes far more sheets a game than the
                                         # written log takes pages (the dense sheet stays)
