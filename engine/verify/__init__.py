"""One verifier for every game: the kernel (the only loop over a record's lines) and the
record reader every game's notation reads its lines through."""

from printkit_engine.verify.kernel import MAX_READINGS, Ending, Rulebook, Step, verify, walk
from printkit_engine.verify.record import COMMON_TAGS, NOTES, Record, Row, Syntax, Unread, read

__all__ = ["COMMON_TAGS", "MAX_READINGS", "NOTES", "Ending", "Record", "Row", "Rulebook",
           "Step", "Syntax", "Unread", "read", "verify", "walk"]
