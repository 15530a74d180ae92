"""Bubble grammars: a game's record lines as shaded bubbles, as data.

A bubble-sheet drive log (`printkit render GAME bubblelog`) has one band of bubbles per record
line. What the bubbles mean is a :class:`Grammar`, written once per game as data
(``engine/<game>/bubbles.py``): the sheet is drawn from it, `--from` shades it from a record
(:func:`encode`) and the reader turns shaded bubbles back into a line (:func:`decode`). The
reader knows nothing of any game: a new game adds its grammar and nothing else.

The data shape, from the bottom up:

* :class:`Part`: one column group of bubbles, at most one shaded. ``choice`` parts write the
  option of the shaded bubble (``rush``, ``H``, ``L3``); ``digits`` parts are a number, one
  column of 0-9 per digit (leading columns left blank). A part writes its ``prefix`` first.
* :class:`Slot`: one token of a line, its parts written one after the other with nothing
  between (a die: side ``H``, value ``2``, re-roll ``/5``, bonus ``+1`` -> ``H2/5+1``).
* :class:`Segment`: slots joined by ``sep``, with a ``lead`` and ``trail`` written around them
  when any is shaded (`` = `` before an outcome, `` {`` and ``}`` around a state). A ``seq``
  segment's tokens come in slot order; a ``set`` segment's tokens may come in any order (the
  sheet writes them in slot order) and tokens no slot holds are left off the sheet.
* :class:`Form`: the segments of one kind of line; a grammar with several forms has a ``kind``
  slot whose shaded option names the form (Card Bowl: a play, a kickoff, a try...).
* A slot may have no bubbles of its own: ``shares`` names the slot whose bubbles it is shaded
  on, for two kinds of line that never use both (Card Bowl: a kick's yards on the play's yard
  digits). Its columns have the host's shape and the host's printed labels serve both, so a
  grammar shares only where the labels mean the same on both kinds (digits, seats).

A slot may be drawn as a table's columns (``Slot.heads``: Luck of the Draw's decision sheet):
its bubbles empty and at the least width, each label printed once, upright, over its column
at the head of the sheet, instead of an oval round each word on every band; what the bubbles
write is the same.

A band may hold several record lines when the grammar's forms have newlines in their fixed
text (Card Bowl: an optional clock marker, ``---`` and team heading before a play, as the
written log's Clock and Team columns): :func:`split_record` joins lines onto one band while
they encode as one (at most :attr:`Grammar.most_lines`), and the reader writes the band's
text back as its lines.

A band is one numbered line of the sheet, its slots flowed into rows; with ``Grammar.band``
a band holds several numbered lines, each its own flow of slots, their rows laid out as the
band says (BLOWOUT!!!: two snaps in three rows, the states of both side by side in the
middle row). Each numbered line is read on its own (and may hold joined record lines, above).

A game bends the plain way of putting record lines on sheets (which lines, one band each,
the record as written) only through :class:`SheetLines`, a class in its own package that
its grammar names (``Grammar.lines``).

The modules: ``shape`` (the data model), ``codec`` (a line to shading and back), ``logs``
(which of a game's grammars a sheet uses), ``records`` (a whole record and its sheets),
``lines`` (the protocol above). Everything is imported from here.

Encoding matches a line against the forms with a memoised walk over (slot, position): every
slot's tokens are enumerated once into a table, so matching is linear in the line's length
times the slot count, with no regular expression.
"""

from __future__ import annotations

from printkit_engine.bubbles.codec import (
    LEFT_OFF,
    MAX_LINE,
    Encoded,
    EncodeError,
    blank_marks,
    bubble_cells,
    decode,
    encode,
    fill_tags,
    placeholders,
    read_tokens,
    sheet_form,
    unwritten,
    unwritten_tokens,
    write_tokens,
)
from printkit_engine.bubbles.lines import (
    PlainLines,
    SheetLines,
)
from printkit_engine.bubbles.logs import (
    for_sheet,
    lines_per_band,
    log_named,
    logs_of,
    play_book,
    record_log,
)
from printkit_engine.bubbles.records import (
    BandNumber,
    join_lines,
    left_off_lines,
    lines_passed,
    placed_lines,
    record_sheets,
    record_tags,
    record_text,
    shaded_slots,
    sheet_lines,
    sheet_record,
    split_record,
)
from printkit_engine.bubbles.shape import (
    LISTED,
    BandRows,
    Form,
    Grammar,
    Marks,
    Part,
    Segment,
    Shading,
    Slot,
    number_part,
)

__all__ = [
    "BandNumber",
    "BandRows",
    "blank_marks",
    "bubble_cells",
    "decode",
    "encode",
    "Encoded",
    "EncodeError",
    "fill_tags",
    "for_sheet",
    "Form",
    "Grammar",
    "join_lines",
    "LEFT_OFF",
    "left_off_lines",
    "lines_passed",
    "lines_per_band",
    "LISTED",
    "log_named",
    "logs_of",
    "Marks",
    "MAX_LINE",
    "number_part",
    "Part",
    "placed_lines",
    "placeholders",
    "PlainLines",
    "play_book",
    "read_tokens",
    "record_log",
    "record_sheets",
    "record_tags",
    "record_text",
    "Segment",
    "shaded_slots",
    "Shading",
    "sheet_form",
    "sheet_lines",
    "sheet_record",
    "SheetLines",
    "Slot",
    "split_record",
    "unwritten",
    "unwritten_tokens",
    "write_tokens",
]
