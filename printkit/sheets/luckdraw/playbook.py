"""Luck of the Draw deal slips: one per drive, with the QB, each player's game cards (the QB's
automatic cards in yellow, as the rules print them) and the sidelines; cut lines between."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from reportlab.lib.rl_accel import fp_str
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from printkit.books.header import fit_text
from printkit.books.page import Block
from printkit.draw import qr
from printkit.draw.qr import QUIET
from printkit.layout import Layout
from printkit.pdfdoc import Document
from printkit.units import MM
from printkit_engine.luckdraw.cards import GameCard, load_cards
from printkit_engine.luckdraw.deal import Deal, deal_shape
from printkit_engine.playbook import Book, slip_check, slip_payload


def _chip_form(doc: Document, layout: Layout, code: str, w: float, h: float,
               qb_card: bool) -> str:
    """A game card as a chip: one form per card (and QB colouring) for the whole book."""

    def draw(c: Canvas) -> None:
        card = load_cards().card(code)
        fill = layout.fill("deal.qb_fill") if qb_card else layout.fill("deal.chip_fill")
        c.setFillColor(fill)
        c.setStrokeColor(layout.colour("deal.chip_line"))
        c.roundRect(0.5, 0.5, w, h, 1.2 * MM, stroke=1, fill=1)
        c.setFillColor(layout.colour("header.ink"))
        c.setFont(layout.font("deal.code_font"), layout.length("deal.code_size"))
        c.drawCentredString(0.5 + w / 2, 0.5 + h * 0.45, code)
        c.setFillColor(layout.colour("header.muted"))
        font, size = layout.font("deal.name_font"), layout.length("deal.name_size")
        c.setFont(font, size)
        c.drawCentredString(0.5 + w / 2, 0.5 + h * 0.14, fit_text(c, card.name, font, size,
                                                                  w - 1 * MM))

    key = "".join(ch for ch in code if ch.isalnum())
    return doc.form(f"chip{key}{'qb' if qb_card else ''}w{w:.2f}", w + 1, h + 1, draw)


class _Chips:
    """The chips of one book's slips: each chip's form named once per card, QB colouring and
    width (a book places some 16,000 chips of a few dozen kinds)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.names: dict[tuple[str, bool, float], str] = {}

    def place(self, doc: Document, code: str, x: float, y: float, w: float, h: float,
              qb_card: bool) -> None:
        name = self.names.get((code, qb_card, w))
        if name is None:
            name = self.names[code, qb_card, w] = _chip_form(doc, self.layout, code, w, h,
                                                             qb_card)
        doc.place(name, x - 0.5, y - 0.5)


SLIP_MASK = 2          # one fixed QR mask for slips: no mask search per slip (qr.encode)


def _qr(c: Canvas, payload: str, x: float, y: float, size: float, level: str,
        version: int) -> None:
    """A slip's QR as vectors in whole-module coordinates (a scaled frame): each row one line
    a module wide, dashed on its dark runs. Every slip's code is different, so it costs page
    bytes and time: a dash array per row is a few hundred bytes and no Python loop per run
    (rectangles per run were about 1 KB and 400 operators a code)."""
    modules = qr.encode(payload, level, SLIP_MASK, version)
    n = len(modules)
    module = size / (n + 2 * QUIET)
    ox, oy = x + QUIET * module, y + QUIET * module
    # written as operators inside q ... Q, as Document.place does (the canvas's own calls
    # keep state this code never needs): a white square, the module frame, black butt-ended
    # lines a module wide (a run is exactly its modules long)
    c._code.extend(("q", "1 1 1 rg", f"n {fp_str(x, y, size, size)} re f*",
                    f"{fp_str(module, 0, 0, module, ox, oy)} cm", "0 0 0 RG", "1 w", "0 J"))
    c._code.extend(_dashed_rows(modules))
    c._code.append("Q")


# A code's rows as one byte string ("\x02" opens a row, a module is "\x01" dark or "\x00"
# light): a regex splits it into each row's opening light run and then pairs of a dark run
# and the light run after it, and each token maps to its text through a table filled as
# tokens first appear (a book's codes share a hundred or so pairs), so a run costs no
# Python step of its own.
RUNS = re.compile(rb"\x02\x00*|\x01+\x00*")


class _RunText(dict):
    """Token -> text: "\x02" and k light modules -> "\nk|" (a row starting k modules in);
    d dark then g light modules -> "d g" (a dash and the gap after it), or "d" at a row's
    end. At most 178 x 178 entries (a row is at most version 40's 177 modules)."""

    def __missing__(self, token: bytes) -> str:
        if token[0] == 2:
            text = f"\n{len(token) - 1}|"
        else:
            dark = len(token.rstrip(b"\x00"))
            text = f"{dark} {len(token) - dark}" if len(token) > dark else str(dark)
        self[token] = text
        return text


RUN_TEXT = _RunText()


def _dashed_rows(modules: list[list[bool]]) -> list[str]:
    """Each row as a line through its middle from its first dark module to the row's end,
    its dash array the lengths of the dark and light runs in turn (a row ending light ends
    on a gap). Rows with no dark module are left out."""
    n = len(modules)
    text = " ".join(map(RUN_TEXT.__getitem__,
                        RUNS.findall(b"\x02" + b"\x02".join(map(bytes, modules)))))
    out = []
    for mid, row in zip(_middles(n), text[1:].split("\n"), strict=True):
        start, _, dashes = row.partition("|")
        if len(dashes) > 1:                      # " " alone: a row with no dark module
            out.append(f"[{dashes.strip()}] 0 d {start} {mid} m {n} {mid} l S")
    return out


@functools.lru_cache(maxsize=8)
def _middles(n: int) -> tuple[str, ...]:
    """The y of each row's middle, top row first, in module units (a code n modules high)."""
    return tuple(str(n - r - 0.5) for r in range(n))


class _Slip:
    """One drive's slip as a draw function (slots, not closures: a book holds every slip
    until its last page is drawn, and closures cost about 1 KB a slip, issue #28)."""

    __slots__ = ("layout", "deal", "payload", "version", "chips", "fixed", "shape", "stream",
                 "check", "title_h", "row_h", "rows", "max_cards")

    def __init__(self, layout: Layout, deal: Deal, payload: str, version: int, chips: _Chips,
                 fixed: frozenset[str]) -> None:
        self.layout, self.deal, self.payload, self.version = layout, deal, payload, version
        self.chips, self.fixed = chips, fixed
        self.shape = shape = deal_shape(deal.players)
        self.stream = stream = _stream(deal)
        self.check = slip_check(list(deal.shuffled), stream, deal.players)
        self.title_h = layout.length("deal.title_height")
        self.row_h = layout.length("deal.row_height")
        self.rows = deal.players + 1
        self.max_cards = max(shape.hand, shape.sidelines, 1)

    def frame(self, c: Canvas, width: float) -> None:
        """What every slip of this many players shares: the border, the rule under each
        player's label, the sidelines band and its label."""
        layout, rows, row_h, title_h = self.layout, self.rows, self.row_h, self.title_h
        label_w = layout.length("deal.label_width")
        bottom = rows * row_h + 1 * MM          # the slip's top edge above its lower-left
        for i in range(rows):
            y = bottom - (i + 1) * row_h
            if i + 1 == rows:
                c.setFillColor(layout.fill("deal.sideline_fill"))
                c.rect(0, y - 0.5 * MM, width, row_h, stroke=0, fill=1)
                c.setFillColor(layout.colour("header.ink"))
                c.setFont(layout.font("header.text_font"), layout.length("deal.label_size"))
                c.drawString(2 * MM, y + row_h / 2 - 2, "Sidelines")
            else:
                c.setStrokeColor(layout.colour("deal.chip_line"))
                c.setLineWidth(0.3)
                c.line(8 * MM, y + 1.2 * MM, label_w - 2 * MM, y + 1.2 * MM)
        c.setStrokeColor(layout.colour("deal.slip_line"))   # last: the band never hides it
        c.setLineWidth(0.6)
        c.rect(0, 0, width, title_h + bottom)

    def __call__(self, doc: Document, x: float, top: float, width: float) -> None:
        layout, deal, shape, chips, fixed = (self.layout, self.deal, self.shape, self.chips,
                                             self.fixed)
        rows, row_h, title_h = self.rows, self.row_h, self.title_h
        label_w = layout.length("deal.label_width")
        gap = layout.length("deal.chip_gap")
        qr_size = layout.length("deal.qr_size")
        chip_w = min(layout.length("deal.max_chip_width"),
                     (width - label_w - qr_size - 2 * MM) / self.max_cards - gap)
        ink = layout.colour("header.ink")
        height = title_h + rows * row_h + 1 * MM
        name = doc.form(f"slip{rows}w{width:.2f}", width, height,
                        lambda c: self.frame(c, width))
        doc.place(name, x, top - height)
        texts = doc.texts         # set when the page is finished
        label_size = layout.length("deal.label_size")
        bold, text_font = layout.font("header.bold_font"), layout.font("header.text_font")
        texts.add(bold, layout.length("deal.title_size"), ink, x + 2 * MM,
                  top - title_h + 2 * MM, f"Drive {deal.drive} \u2014 QB: P{deal.qb}")
        texts.add(text_font, label_size, ink, x + width - 2 * MM, top - title_h + 2 * MM,
                  f"{deal.players} players \u00b7 {shape.hand} cards each \u00b7 "
                  f"{shape.sidelines} on the sidelines \u00b7 stream {self.stream} \u00b7 "
                  f"check {self.check}", "right")
        entries = [(seat, cards) for seat, cards in sorted(deal.hands)]
        entries.append((0, deal.sidelines))
        for i, (seat, cards) in enumerate(entries):
            y = top - title_h - (i + 1) * row_h
            qb = seat == deal.qb
            if seat:
                texts.add(bold if qb else text_font, label_size, ink, x + 2 * MM,
                          y + row_h / 2 - 2, f"P{seat} QB" if qb else f"P{seat}")
            if not cards:
                texts.add(text_font, label_size, layout.colour("header.muted"), x + label_w,
                          y + row_h / 2 - 2, "none")
            for j, code in enumerate(cards):
                chips.place(doc, code, x + label_w + j * (chip_w + gap), y + 0.6 * MM,
                            chip_w, row_h - 1.6 * MM, qb and code in fixed)
        c = doc.canvas
        rows_h = rows * row_h
        _qr(c, self.payload, x + width - qr_size - 1 * MM,
            top - title_h - rows_h / 2 - qr_size / 2, qr_size, layout.text("header.qr_level"),
            self.version)


def _slip(layout: Layout, deal: Deal, payload: str, version: int, chips: _Chips,
          fixed: frozenset[str]) -> Block:
    """One drive's slip, with a QR of its own stream (and the same check code in words), so
    a slip cut from the book can be scanned (`printkit scan`) or checked on its own. Every
    slip's code is drawn at the book's `version` (slip_version); `fixed` are the QB's
    automatic cards at this many players."""
    draw = _Slip(layout, deal, payload, version, chips, fixed)
    return Block(draw.title_h + draw.rows * draw.row_h + 1 * MM, draw, line_after="cut",
                 keys="deal.title_height, deal.row_height")


def scoring_line(code: str) -> str:
    """'P Punt: 2 per occurrence; +3 punt blocked; ...' from the cheat-sheet data."""
    return card_scoring(load_cards().card(code))


def card_scoring(card: GameCard) -> str:
    """One card's cheat-sheet line (the deal sheets and the reference card print it)."""
    per = {"occurrence": "each", "drive": "per drive"}
    parts = [f"+{s.points} {s.event}" if s.per == "bonus" else
             f"{s.points} {per.get(s.per, s.per)} ({s.event})" for s in card.scoring]
    return f"{card.name}: " + "; ".join(parts)


def _legend(layout: Layout, players: int) -> Block:
    """The cheat sheet, so the table can score without the rules at hand: each card's line
    wrapped to the narrower paper's width (A4 decides), never cut short."""
    from printkit.papers import page_size
    from printkit.pdfdoc import register_fonts

    register_fonts()
    codes = load_cards().codes
    line_h = layout.length("deal.legend_line")
    title_h = layout.length("deal.title_height")
    fixed = set(load_cards().qb_fixed(players))
    size = layout.length("deal.legend_size")
    code_font, name_font = layout.font("deal.code_font"), layout.font("deal.name_font")
    width = page_size("a4")[0] - 2 * layout.length("page.margin")
    entries = [(code, simpleSplit(scoring_line(code), name_font, size, width - 18 * MM))
               for code in codes]
    lines = sum(len(text) for _, text in entries)

    def draw(doc: Document, x: float, top: float, width: float) -> None:
        c = doc.canvas
        ink = layout.colour("header.ink")
        texts = doc.texts
        texts.add(layout.font("header.bold_font"), layout.length("deal.title_size"), ink,
                  x + 2 * MM, top - title_h + 2 * MM,
                  "Game card scoring (the rules' cheat sheet; yellow: the QB's automatic cards)")
        c.saveState()
        c.setFillColor(layout.fill("deal.qb_fill"))
        row = 0
        for code, text in entries:
            y = top - title_h - (row + 1) * line_h
            if code in fixed:
                c.rect(x + 1 * MM, y - 0.8 * MM, 14 * MM, line_h, stroke=0, fill=1)
            texts.add(code_font, size, ink, x + 2 * MM, y, code)
            for k, part in enumerate(text):
                texts.add(name_font, size, ink, x + 16 * MM, y - k * line_h, part)
            row += len(text)
        c.restoreState()

    return Block(title_h + lines * line_h + 2 * MM, draw, line_after="cut",
                 keys="deal.title_height, deal.legend_line")


def _stream(deal: Deal) -> str:
    return f"drive/{deal.drive}"


def slip_version(payloads: list[str], level: str) -> int:
    """The QR version every slip of a book is drawn at: the one its longest payload needs.
    The payloads of one book differ only in their drive number, draw count and check code
    (the same seed, game and players), so the longest needs the largest version, and qrcode
    fits it once per book instead of once per slip; a payload that would not fit anyway is
    fitted on its own (qr.encode)."""
    return _fitted(max(payloads, key=len), level)


@functools.lru_cache(maxsize=8)
def _fitted(payload: str, level: str) -> int:
    """qr.fitted_version, once per payload: a book is laid out twice (counted, then drawn)."""
    return qr.fitted_version(payload, level)


def blocks(book: Book, layout: Layout) -> Iterator[tuple[str, Block]]:
    """Each deal's slip, then the cheat sheet; made one at a time as the pages are laid
    out (the deals are dealt twice: first for the longest slip code, which sets every slip's
    QR version, then for the slips), so a long book holds a page's deals, not its own."""
    longest: str | None = None
    for deal in book.each_deal():
        payload = slip_payload(book.spec, _stream(deal), list(deal.shuffled))
        if longest is None or len(payload) > len(longest):
            longest = payload
    version = slip_version([longest], layout.text("header.qr_level")) if longest else 1
    chips = _Chips(layout)
    fixed: dict[int, frozenset[str]] = {}
    for deal in book.each_deal():
        if deal.players not in fixed:
            fixed[deal.players] = frozenset(load_cards().qb_fixed(deal.players))
        payload = slip_payload(book.spec, _stream(deal), list(deal.shuffled))
        yield "", _slip(layout, deal, payload, version, chips, fixed[deal.players])
    assert book.spec.players is not None        # a Luck of the Draw book has its players
    yield "", _legend(layout, book.spec.players)
