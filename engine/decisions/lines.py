"""What a decision sheet holds, line by line (every game's: set by data, the game's own
`log_of_record`): a typed record becomes its decision log (`render --from RECORD`, the
record's Seed, or the sheets' `--seed`, written on top), a typed decision log stays as it is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from printkit_engine.bubbles.lines import PlainLines
from printkit_engine.decisions.replay import is_decision_log
from printkit_engine.errors import ReadError
from printkit_engine.tags import tag_line


def _none(text: str, file: str) -> str:
    raise ReadError("this game has no decision log", file, 1, 1)


@dataclass(frozen=True)
class DecisionLines(PlainLines):
    """A decision sheet's lines: `of_record(text, file)` is the game's decision log of a
    typed record (its bots' loop, replayed; a record it cannot hold is a ReadError)."""

    of_record: Callable[[str, str], str] = _none

    def rewrite(self, text: str, file: str,
                tags: dict[str, str]) -> tuple[str, list[str]] | None:
        if is_decision_log(text):
            return None
        seed = dict(tags).get("Seed")
        if seed and "[Seed " not in text:
            text = tag_line("Seed", seed) + "\n" + text
        try:
            return self.of_record(text, file), []
        except ReadError as e:                  # said of this file already: its reason
            raise ReadError(e.message, file, 1, 1) from None
        except ValueError as e:
            raise ReadError(str(e), file, 1, 1) from None
