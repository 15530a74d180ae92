"""Decision logs: a game's record kept as what the table DECIDED each play (issue 31).

With a play book every die and card is known from the match's seed, so a sheet need only
carry the table's choices each play (strategy numbers, a punt's distance, a bonus used, a
Time Tracker end zone...) and the score written at checkpoints. The verifier replays the game
from the seed and the decisions through the game's own engine (the same loop its bots play
with): the record lines it writes are exact, and the existing verifier kernel then checks
them, so an illegal decision is a finding at its play and a checkpoint score that is not the
replay's is a finding at that checkpoint (a child's arithmetic slip).

The modules: ``model`` (what a game's decision log is, as data on the game: its fields, the
words a child reads, when each applies), ``text`` (the text form, typed by hand or read off
a sheet: tags, then one play a line), ``replay`` (the kernel: decision log -> replayed
record -> the game's verifier -> findings named by the play's line).
"""

from __future__ import annotations

from printkit_engine.decisions.model import (
    LOG_TAG,
    LOG_VALUE,
    DecisionLog,
    Field,
    Replayed,
    Row,
    applies,
)
from printkit_engine.decisions.replay import (
    is_decision_log,
    replayed_record,
    verify_either,
    verify_log,
)
from printkit_engine.decisions.text import log_text, read_log, row_text

__all__ = [
    "applies",
    "DecisionLog",
    "Field",
    "is_decision_log",
    "LOG_TAG",
    "LOG_VALUE",
    "log_text",
    "read_log",
    "Replayed",
    "replayed_record",
    "Row",
    "row_text",
    "verify_either",
    "verify_log",
]
