"""Fillable PDF drive logs: the bubble log's grammar as a form, one text field per cell.

`printkit render GAME bubblelog --fillable` draws a table with one row per record line and
one column per token of the game's grammar (engine/<game>/bubbles.py): the same cells a band
of bubbles has, typed instead of shaded, on a laptop or tablet. `verify` and `audit` read the
filled PDF's field values back (pikepdf) into the record: each cell must hold one of the tokens
its column allows (letters in either case), a cell that does not is reported with its line
and column and the line is left out, never guessed.

Fields are named `L017.die1` (line 17, column die1), `tag.Seed` for the header's tags, and a
read-only `printkit.game` holds the game id, which is how such a PDF is recognised.

A log for a play book (a Seed) keeps the same columns: its cells take what the game's book
grammar writes as well (PostCard: a die `H?` left to the book, or the die as rolled), and
its hint shows the book's way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas

from printkit.errors import UserError
from printkit.layout import Layout
from printkit.omr.sheet import LEFT_OFF_LOG
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.text import printable
from printkit.units import MM
from printkit_engine import registry
from printkit_engine.bubbles import (
    EncodeError,
    Grammar,
    Slot,
    encode,
    fill_tags,
    left_off_lines,
    log_named,
    logs_of,
    placeholders,
    play_book,
    record_log,
    split_record,
    unwritten_tokens,
    write_tokens,
)

if TYPE_CHECKING:
    from printkit.sheets import RenderOptions

GAME_FIELD = "printkit.game"
LOG_FIELD = "printkit.log"       # which of the game's logs, when it has several
PAGES = 6                        # a grammar without typical_lines; --sheets N for another
HEAD_ROOM = 4 * MM                # free space between the tag boxes and the table
MAX_FIELDS = 20_000              # a filled PDF with more fields than this is not a printkit log


GROUP_LEAST = 4                  # this many neighbouring small slots share one cell
GROUP_TOKENS = 4                 # a slot writing at most this many tokens is small
SEPARATOR = ", "                 # between the tokens of a shared cell


@dataclass(frozen=True)
class Column:
    """One cell of a row: a slot, or a run of small neighbouring slots whose tokens differ
    (Luck of the Draw's sixteen card columns, its eight seats' calls): a line fills few of
    them, so one cell takes their tokens comma-separated, `DP, FBL`. A field per slot made
    that log 16,000 fields and 14 MB."""

    name: str
    slots: tuple[Slot, ...]

    @property
    def longest(self) -> int:
        return max(s.longest for s in self.slots) * min(len(self.slots), 3)

    @property
    def maxlen(self) -> int:
        return sum(s.longest + len(SEPARATOR) for s in self.slots) + 4


def _small(slot: Slot) -> bool:
    return len(slot.table) <= GROUP_TOKENS


def columns(grammar: Grammar) -> tuple[Column, ...]:
    """The grammar's slots as the fillable log's cells: a run of at least GROUP_LEAST small
    slots with no token in common is one cell named `first-last` (DP-TOD), any other slot
    a cell of its own named as the slot."""
    out: list[Column] = []
    run: list[Slot] = []

    def flush() -> None:
        if len(run) >= GROUP_LEAST:
            out.append(Column(f"{run[0].name}-{run[-1].name}", tuple(run)))
        else:
            out.extend(Column(r.name, (r,)) for r in run)
        run.clear()

    for slot in grammar.slots:
        taken = {t.lower() for r in run for t in r.table}
        if _small(slot) and not taken & {t.lower() for t in slot.table}:
            run.append(slot)
            continue
        flush()
        if _small(slot):
            run.append(slot)
        else:
            out.append(Column(slot.name, (slot,)))
    flush()
    return tuple(out)


def _widths(cols: tuple[Column, ...], width: float) -> list[float]:
    """Column widths in proportion to the longest token each column takes."""
    want = [max(6 * MM, min(32 * MM, (min(s.longest, 14) * 1.7 + 2.5) * MM))
            for s in cols]
    scale = width / sum(want)
    return [w * scale for w in want]


def _heading(col: Column) -> str:
    return col.name


def default_pages(grammar: Grammar, rows: int) -> int:
    """Pages enough for a typical whole game of this grammar's game (six without one)."""
    if grammar.typical_lines <= 0:
        return PAGES
    return -(-grammar.typical_lines // rows)


def draw_fillable(doc: Document, opts: RenderOptions, layout: Layout,
                  game_id: str) -> None:
    """The fillable log's pages (values filled in from `--from` when given)."""
    from printkit.omr.sheet import blank_tags, grammar_of, pick_log, record_players

    grammar = pick_log(game_id, opts.extra.get("log"))
    w, h = page_size(opts.paper, "landscape")
    m = layout.length("page.margin")
    c = doc.canvas
    tags: dict[str, str] = {}
    values: list[dict[str, str]] = []
    notes: list[str] = []
    source = opts.extra.get("from")
    if source:
        from printkit_engine.textfile import read_text

        text = read_text(Path(str(source)), "record")
        found, lines = split_record(grammar, text)
        name = printable(str(source))
        tags = dict(record_players(found, opts.players, name))
        if not opts.extra.get("log"):
            grammar = record_log(grammar, lines, tags)
        for number, line in lines:
            try:
                enc = encode(grammar, line, tags)
            except EncodeError as exc:
                raise UserError(f"{name}:{number}: cannot be put in the fillable log: "
                                f"{exc}") from None
            notes += [f"{name}:{n}{LEFT_OFF_LOG}{' '.join(words)}"
                      for n, words in left_off_lines(number, line, enc.dropped)]
            slots = ((grammar.slot(s), token) for s, token in enc.tokens)
            row = {slot.name: fill_tags(slot.read(slot.table[token]), tags)
                   for slot, token in slots}      # each token as the log writes it
            values.append({col.name: SEPARATOR.join(row[sl.name] for sl in col.slots
                                                    if sl.name in row)
                           for col in columns(grammar)
                           if any(sl.name in row for sl in col.slots)})
    else:                                  # a blank sheet's code's tags (its Length too)
        tags = {k: v for k, v in blank_tags(opts, game_id) if k != "Game"}
    row_h = layout.length("fillable.row_height")
    head_h = 26 * MM
    widths = _widths(columns(grammar), w - 2 * m - 10 * MM)
    band = heading_band(c, layout, grammar, widths, row_h)
    head_h -= min(HEAD_ROOM, band - row_h)     # a tall band first takes the room above it
    rows = int((h - 2 * m - head_h - band) // row_h)
    need = -(-len(values) // rows) if values else 0
    count = max(need, int(opts.extra.get("sheets") or default_pages(grammar, rows)))
    form = c.acroForm
    size = layout.length("fillable.text_size")
    header_tags = [*grammar.tags, *(t for t, _ in grammar.header)]
    for page in range(count):
        doc.page_size((w, h))
        c.setFillColor(layout.colour("page.ink"))
        c.setFont(layout.font("page.title_font"), layout.length("page.title_size"))
        title = f"{registry.get(game_id).title} fillable log" + \
            (f" ({grammar.log})" if grammar.log else "")
        c.drawString(m, h - m - 4 * MM, f"{title}   page {page + 1} of {count}")
        c.setFont(layout.font("page.label_font"), layout.length("page.small_size"))
        c.setFillColor(layout.colour("page.muted"))
        _hint(c, layout, play_book(grammar, tags), m, h - m - 7.5 * MM, w - 2 * m)
        if page == 0:
            form.textfield(name=GAME_FIELD, value=game_id, x=w - m - 20 * MM, y=h - m - 6 * MM,
                           width=20 * MM, height=5 * MM, fieldFlags="readOnly",
                           annotationFlags="print", fontSize=7, borderWidth=0,
                           tooltip="game id (do not change)")
            if len(logs_of(grammar_of(game_id))) > 1:
                form.textfield(name=LOG_FIELD, value=grammar.log, x=w - m - 42 * MM,
                               y=h - m - 6 * MM, width=20 * MM, height=5 * MM,
                               fieldFlags="readOnly", annotationFlags="print", fontSize=7,
                               borderWidth=0, tooltip="which log (do not change)")
            x = m
            tag_w = (w - 2 * m) / len(header_tags)
            for tag in header_tags:
                c.setFillColor(layout.colour("page.ink"))
                c.setFont(layout.font("page.bold_font"), layout.length("page.label_size"))
                c.drawString(x, h - m - 13 * MM, tag)
                c.setStrokeColor(layout.colour("bubble.ink"))
                c.rect(x, h - m - 20 * MM, tag_w - 2 * MM, 6 * MM, stroke=1, fill=0)
                form.textfield(name=f"tag.{tag}", value=tags.get(tag, ""), x=x,
                               y=h - m - 20 * MM, width=tag_w - 2 * MM, height=6 * MM,
                               fontSize=size, borderWidth=0.5, tooltip=tag, maxlen=80)
                x += tag_w
        top = h - m - head_h
        _table(c, layout, grammar, widths, m, top, row_h, rows, page, values, form, size,
               band)
        doc.show_page()
    doc.notes.extend(notes)


def _hint(c: Canvas, layout: Layout, grammar: Grammar, x: float, y: float,
          width: float) -> None:
    """The line under the title: what a cell takes, in the game's own notation, on one line
    (two when it does not fit at the small size)."""
    font = layout.font("page.label_font")
    size = layout.length("page.small_size")
    text = (f"One token per cell, as docs/notation.md writes it ({grammar.fill_hint()}). "
            "Leave a cell empty when the line has no such part; verify reads this PDF as it is.")
    lines = [text]
    if c.stringWidth(text, font, size) > width:
        words, lines = text.split(" "), [""]
        for word in words:
            trial = f"{lines[-1]} {word}".strip()
            if c.stringWidth(trial, font, size) > width and lines[-1]:
                lines.append(word)
            else:
                lines[-1] = trial
        lines = lines[:2]
    c.setFont(font, size)
    for n, line in enumerate(lines):
        c.drawString(x, y - n * size * 1.2, line)


def _fits(c: Canvas, text: str, font: str, size: float, width: float) -> bool:
    return c.stringWidth(text, font, size) <= width - 1 * MM


def heading_band(c: Canvas, layout: Layout, grammar: Grammar, widths: list[float],
                 row_h: float) -> float:
    """The height of the column headings: one row, or as tall as the longest heading that
    must stand upright because its column is narrower than its name (a crushed 4 pt heading
    cannot be read)."""
    font, small = layout.font("page.bold_font"), layout.length("page.small_size")
    upright = [c.stringWidth(_heading(s), font, small) for s, w in
               zip(columns(grammar), widths, strict=True)
               if not _fits(c, _heading(s), font, small, w)]
    return max(row_h, max(upright, default=0) + 2 * MM)


def _table(c: Canvas, layout: Layout, grammar: Grammar, widths: list[float], x0: float,
           top: float, row_h: float, rows: int, page: int, values, form, size: float,
           band: float) -> None:
    font = layout.font("page.bold_font")
    small = layout.length("page.small_size")
    c.setFillColor(layout.colour("page.ink"))
    c.setFont(font, small)
    c.drawString(x0, top - band + row_h * 0.3, "#")
    x = x0 + 10 * MM
    cols = columns(grammar)
    for col, width in zip(cols, widths, strict=True):
        text = _heading(col)
        if _fits(c, text, font, small, width):
            c.drawString(x + 0.5 * MM, top - band + row_h * 0.3, text)
        else:                       # a narrow column: its heading reads upwards
            c.saveState()
            c.translate(x + width / 2 + small * 0.35, top - band + 1 * MM)
            c.rotate(90)
            c.drawString(0, 0, text)
            c.restoreState()
        x += width
    top -= band - row_h             # the rows start under the heading band
    # the grid is printed too: a fillable log is also a paper log
    right = x
    c.setFillColor(layout.fill("band.stripe_fill"))
    for r in range(1, rows, 2):
        c.rect(x0, top - (r + 2) * row_h, right - x0, row_h, stroke=0, fill=1)
    c.setStrokeColor(layout.colour("bubble.ink"))
    c.setLineWidth(0.4)
    for r in range(rows + 1):
        y = top - (r + 1) * row_h
        c.line(x0, y, right, y)
    x = x0 + 10 * MM
    for width in (0, *widths):
        x += width
        c.line(x, top - row_h, x, top - (rows + 1) * row_h)
    c.setFillColor(layout.colour("page.ink"))
    for r in range(rows):
        line = page * rows + r + 1
        y = top - (r + 2) * row_h
        c.setFont(layout.font("page.label_font"), layout.length("page.small_size"))
        c.drawRightString(x0 + 8 * MM, y + row_h * 0.3, str(line))
        row = values[line - 1] if line - 1 < len(values) else {}
        x = x0 + 10 * MM
        for col, width in zip(cols, widths, strict=True):
            slot = col.slots[0]
            what = slot.title or slot.name if len(col.slots) == 1 else \
                f"{col.name}, comma-separated"
            form.textfield(name=f"L{line:03d}.{col.name}", value=row.get(col.name, ""), x=x,
                           y=y + 0.3 * MM, width=width - 0.6 * MM, height=row_h - 0.6 * MM,
                           fontSize=size, borderWidth=0.4, maxlen=col.maxlen,
                           tooltip=f"line {line}: {what}")
            x += width


# -- reading ------------------------------------------------------------------------------

def _fields(path: Path) -> dict[str, str] | None:
    """Field name -> value of a printkit fillable log, or None for any other PDF.

    Read with qpdf (pikepdf), which reads only the objects it is asked for: a scan of bubble
    sheets (a 100 MB PDF of photos) has no form and costs one look at its catalogue. Names
    are the fields' full names (parents' names and the field's joined by dots), values the
    fields' own /V as text (a name as `/Name`), as the reader before it gave them."""
    import logging

    import pikepdf

    logging.getLogger("pikepdf").setLevel(logging.ERROR)
    try:
        with pikepdf.open(path) as pdf:
            form = pdf.Root.get("/AcroForm")
            if not isinstance(form, pikepdf.Dictionary):
                return None
            fields = _walk_fields(form.get("/Fields"))
    except Exception:   # noqa: BLE001 - any PDF qpdf cannot read is no printkit log
        return None
    if fields is None or GAME_FIELD not in fields:
        return None
    return fields


def _walk_fields(top: object) -> dict[str, str] | None:
    """Every field under the form's /Fields array by full name (None past MAX_FIELDS): a
    node with a name (/T) is a field, its /Kids are looked in too (a node without a name is
    a widget of its parent). Each node is visited once, however the file links them."""
    import pikepdf

    out: dict[str, str] = {}
    seen: set[tuple[int, int]] = set()
    stack: list[tuple[object, str]] = []
    if isinstance(top, pikepdf.Array):
        stack = [(node, "") for node in reversed(list(top))]
    while stack:
        node, prefix = stack.pop()
        if not isinstance(node, pikepdf.Dictionary):
            continue
        if node.is_indirect:
            if node.objgen in seen:
                continue
            seen.add(node.objgen)
        name = node.get("/T")
        full = prefix
        if name is not None:
            full = f"{prefix}.{name}" if prefix else str(name)
            value = node.get("/V")
            out[full] = "" if value is None else _text(value)
            if len(out) > MAX_FIELDS:
                return None
        kids = node.get("/Kids")
        if isinstance(kids, pikepdf.Array):
            stack += [(kid, full) for kid in reversed(list(kids))]
    return out


def _text(value: object) -> str:
    """A field value as text: a string decoded (PDFDocEncoding or UTF-16), a name as
    `/Name`, anything else as pikepdf writes it."""
    try:
        return str(value)
    except Exception:   # noqa: BLE001 - an odd value reads as nothing rather than failing
        return ""


def is_fillable(path: Path) -> bool:
    return _fields(path) is not None


def _lookup(slot: Slot) -> dict[str, str]:
    """A cell's text (lower case) -> its token. A token the notation writes after a comma or
    semicolon (Card Bowl's `, 20 yd return to 24`, `; 5 yd pen. vs. D`) is also found as
    typed without it, as a hint shows it; an exact token wins."""
    out = {t.lower(): t for t in slot.table}
    for t in slot.table:
        bare = t.lstrip(",; ")
        if bare and bare != t:
            out.setdefault(bare.lower(), t)
    return out


def _pieces(col: Column, value: str) -> list[tuple[str | None, str]]:
    """A cell's text as (slot name, text) pairs: the whole text for a one-slot cell; for a
    shared cell each comma-separated piece (or space-separated, `DP FBL`) with the slot that
    writes it (None: no slot of the cell does)."""
    if len(col.slots) == 1:
        return [(col.slots[0].name, value)]
    owner = {t.lower(): s.name for s in col.slots for t in _lookup(s)}
    out: list[tuple[str | None, str]] = []
    for piece in (p.strip() for p in value.split(",")):
        if not piece:
            continue
        if piece.lower() in owner:
            out.append((owner[piece.lower()], piece))
        else:
            out += [(owner.get(w.lower()), w) for w in piece.split()]
    return out


def record_from_pdf(path: Path) -> tuple[str, str, list[str]]:
    """(game id, record text, notes) from a filled fillable log."""
    from printkit_engine.bubbles import record_text

    name = printable(str(path))
    fields = _fields(path)
    if fields is None:
        raise UserError(f"{name}: not a printkit fillable log")
    game_id = fields[GAME_FIELD].strip().lower()
    game = registry.GAMES.get(game_id)
    if game is None or game.bubbles is None:
        raise UserError(f"{name}: fillable log of an unknown game {printable(game_id, 20)!r}")
    grammar: Grammar = game.bubbles()
    if fields.get(LOG_FIELD, "").strip():
        try:
            grammar = log_named(grammar, fields[LOG_FIELD].strip())
        except KeyError:
            raise UserError(f"{name}: fillable log of an unknown kind "
                            f"{printable(fields[LOG_FIELD], 20)!r}") from None
    tags = [("Game", game_id)]
    for tag in (*grammar.tags, *(t for t, _ in grammar.header)):
        value = fields.get(f"tag.{tag}", "").strip()
        if value:
            tags.append((tag, printable(value, 80)))
    cols = {col.name: col for col in columns(grammar)}
    rows: dict[int, dict[str, str]] = {}
    for key, value in fields.items():
        if key.startswith("L") and "." in key and value.strip():
            row_no, _, cell = key[1:].partition(".")
            if row_no.isdigit() and cell in cols:
                rows.setdefault(int(row_no), {})[cell] = value.strip()
    lookup = {s.name: _lookup(s) for s in grammar.slots}
    book = play_book(grammar, tags)
    if book is not grammar:               # a play-book log: a die may be written `H?` too
        for s in book.slots:
            if s.name in lookup:
                lookup[s.name] = {**_lookup(s), **lookup[s.name]}
    body, notes = [], []
    for number in sorted(rows):
        tokens: dict[str, str] = {}
        bad: list[str] = []
        for cell, value in rows[number].items():
            for slot, piece in _pieces(cols[cell], value):
                token = lookup[slot].get(placeholders(piece, dict(tags)).lower()) \
                    if slot else None
                if slot is None or token is None or slot in tokens:
                    bad.append(f"{cell} {printable(piece, 20)!r}")
                else:
                    tokens[slot] = token
        if bad:
            notes.append(f"{name}:{number}: unreadable cell{'s' if len(bad) > 1 else ''}: "
                         f"{', '.join(bad)}")
            body.append(f"; line {number}: not read: {', '.join(bad)}")
            continue
        line = write_tokens(grammar, tokens, dict(tags))
        if not line:            # cells that write no line (its kind left empty): say so
            notes.append(f"{name}:{number}: cells but no line: is its kind filled in?")
            body.append(f"; line {number}: not read: no line kind")
            continue
        if stray := unwritten_tokens(grammar, tokens):   # cells the line has no place for
            what = f"{', '.join(stray)} filled in, which this line does not write"
            notes.append(f"{name}:{number}: {what}")
            body.append(f"; line {number}: not read: {what}")
            continue
        body.append(line)
    return game_id, record_text(tags, body), notes
