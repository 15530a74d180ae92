"""`printkit render luckdraw scoresheet --players N`: the online scoreboard on paper.

One landscape page: the agreed game length (with the trade cut-off each length implies), the
audible, penalty and tie-break rules, then one block per drive (the QB, a row per seat and one
for the sidelines, a column per game card where the holder's scoring events are ticked, the
audible call, audible and penalty points, the drive's points, the running total and the trades
made), the scoring legend with the record's event words, and the final tally by seat.
Every number printed is read from engine/luckdraw (cards.toml, rules.toml): a house rules file
given with --rules changes the sheet too. A filled sheet typed up line by line is a transcript
`printkit verify` reads (docs/notation.md).
"""

from __future__ import annotations

from math import ceil

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from printkit.books.header import fit_text
from printkit.draw.text import draw_fitted
from printkit.layout import Layout
from printkit.papers import page_size
from printkit.pdfdoc import Document, probe
from printkit.sheets import RenderOptions
from printkit.sheets.common.copies import copies
from printkit.sheets.common.heading import floor, match_teams
from printkit.units import MM
from printkit_engine.luckdraw.deal import deal_shape
from printkit_engine.luckdraw.game import GAME
from printkit_engine.luckdraw.rules import SIDELINES, Rules, load_rules

TAIL = (("call", "Call", ""), ("audible", "Aud.", "pts"), ("penalty", "Pen.", "pts"),
        ("points", "Drive", "pts"), ("total", "Total", ""))


def _players(opts: RenderOptions) -> int:
    scheme = GAME.book.players
    assert scheme is not None
    return scheme.default if opts.players is None else opts.players


def _say(c: Canvas, layout: Layout, x: float, y: float, text: str, size: str = "label_size",
         bold: bool = False, colour: str = "page.ink", width: float | None = None) -> float:
    """One line of text (fitted to `width`); returns its width."""
    font = layout.font("page.bold_font" if bold else "page.label_font")
    pt = layout.length(f"page.{size}")
    if width is not None:
        text = fit_text(c, text, font, pt, width)
    c.setFont(font, pt)
    c.setFillColor(layout.colour(colour))
    c.drawString(x, y, text)
    return c.stringWidth(text, font, pt)


def _wrapped(c: Canvas, layout: Layout, x: float, y: float, width: float, text: str,
             head: str = "", colour: str = "page.ink") -> float:
    """A paragraph in the small size, `head` in bold before it; returns the height used."""
    font = layout.font("page.label_font")
    size = layout.length("page.small_size")
    step = size * 1.3
    hw = _say(c, layout, x, y, f"{head}:", "small_size", bold=True) + size * 0.4 if head else 0
    lines = simpleSplit(text, font, size, width - hw)
    for i, line in enumerate(lines):
        _say(c, layout, x + hw, y - i * step, line, "small_size", colour=colour)
    return step * len(lines)


def _box(c: Canvas, layout: Layout, x: float, y: float) -> float:
    box = layout.length("header.box")
    c.setStrokeColor(layout.colour("page.ink"))
    c.setLineWidth(layout.length("table.line"))
    c.rect(x, y, box, box, stroke=1, fill=0)
    return box


# -- the header: who, the game length, the rules in force ---------------------------------
def _info(c: Canvas, layout: Layout, x: float, y: float, width: float, players: int,
          rules: Rules, seed: str = "", match: str = "") -> float:
    """Title, seed/date boxes (the seed filled in when known: a class pack's match), the
    match box (a class pack's "M7 (round 2): Team 3 v Team 8") and the deal's shape; returns
    the height used."""
    shape = deal_shape(players)
    _say(c, layout, x, y, f"{layout.text('page.title')} \u2014 {players} players",
         "title_size", bold=True)
    size = layout.length("page.label_size")
    box = layout.length("header.box") * 1.4
    right = x + width
    for label, key in (("Sheet ___ of ___", None), ("Date", "header.date_width"),
                       ("Seed", "header.seed_width")):
        w = layout.length(key) if key else 0
        if w:
            c.setStrokeColor(layout.colour("page.ink"))
            c.rect(right - w, y - size * 0.3, w, box, stroke=1, fill=0)
            if label == "Seed" and seed:
                c.setFillColor(layout.colour("page.ink"))
                c.setFont(layout.font("page.label_font"), size)
                c.drawString(right - w + size * 0.4, y, fit_text(
                    c, seed, layout.font("page.label_font"), size, w - size * 0.8))
        right -= w + size * 0.4
        label_w = c.stringWidth(label, layout.font("page.bold_font"), size)
        _say(c, layout, right - label_w, y, label, bold=True)
        right -= label_w + size * 2
    y -= size * 1.9
    if match:
        c.setFillColor(layout.colour("page.ink"))
        draw_fitted(c, x, y, f"Match {match}", layout.font("page.bold_font"), size, width)
        y -= size * 1.6
    fixed = " ".join(rules.cards.qb_fixed(players))
    used = _wrapped(c, layout, x, y, width, f"Seats P1-P{players} in the QB order the first "
                    f"QB sets: P1 is the QB of drive 1, then the next seat each drive. Each "
                    f"player holds {shape.hand} of the {len(rules.cards.codes)} cards; the QB "
                    f"holds {fixed} automatically (yellow) + {shape.qb_extra} dealt; "
                    f"{shape.sidelines} on the sidelines. Deals: the play book's slips "
                    "(printkit playbook luckdraw).", colour="page.muted")
    return size * 1.9 + (size * 1.6 if match else 0) + used


def _lengths(c: Canvas, layout: Layout, x: float, y: float, width: float,
             rules: Rules) -> float:
    """The agreed game length, one tick box per choice, each with its trade cut-off."""
    size = layout.length("page.label_size")
    small = layout.length("page.small_size")
    _say(c, layout, x, y, "Game length (agree before kickoff, tick one):", bold=True)
    y -= size * 1.5
    cell = width / len(rules.lengths)
    box = layout.length("header.box")
    for i, length in enumerate(rules.lengths):
        cx = x + i * cell
        tx = cx + box + size * 0.4
        _box(c, layout, cx, y - size * 0.15)
        _say(c, layout, tx, y, length.name, width=cell - box - size)
        notes = [f"no trades from {length.no_trades_from}"]
        if length.finish_drive:
            notes.append("drive under way may finish")
        for k, note in enumerate(notes, start=1):
            _say(c, layout, tx, y - size * 0.2 - small * 1.25 * k, note, "small_size",
                 colour="page.muted", width=cell - box - size)
    return size * 1.5 + size * 0.2 + small * 1.25 * 2 + small * 1.2


def rules_lines(rules: Rules, players: int) -> list[tuple[str, str]]:
    """The audible, penalty, trade and winner rules as (heading, text), from the data."""
    a = rules.audible
    loner = (f"; Loner bonus +{a.loner_bonus} when only one player is right "
             f"({a.loner_min_players}+ players: {a.points + a.loner_bonus} points)"
             if players >= a.loner_min_players else
             f"; no Loner bonus with {players} players (it needs {a.loner_min_players}+)")
    penalties = " \u00b7 ".join(f"{p.name} ({p.infraction}) \u2212{p.points}"
                                for p in rules.penalties)
    breakers = "; ".join(f"{i}. {t.name}" for i, t in enumerate(rules.tiebreakers, start=1))
    return [
        ("Audible", f"the QB may pick {a.per_drive} play per drive; each player calls "
                    f"{' or '.join(a.calls)} (a sack is a pass): {a.points} points per "
                    f"correct call{loner}."),
        ("Penalties", f"against the QB, called before the next drive ends: {penalties}."),
        ("Trades", "between players other than the QB, an equal number of cards each way, "
                   "before the scoring event they affect; never the sidelines' cards; none "
                   "in the final quarter (see the game length)."),
        ("Winner", f"most points (game card points + audible points \u2212 penalty points); "
                   f"ties: {breakers}."),
    ]


def _rules(c: Canvas, layout: Layout, x: float, y: float, width: float, rules: Rules,
           players: int) -> float:
    used = 0.0
    for head, text in rules_lines(rules, players):
        used += _wrapped(c, layout, x, y - used, width, text, head)
    return used + layout.length("page.small_size") * 0.3


# -- the drive table ----------------------------------------------------------------------
def columns(layout: Layout, width: float, cards: int) -> list[tuple[str, float]]:
    """(name, width) left to right; the game cards share what the other columns leave."""
    head = [("drive", layout.length("table.drive_width")),
            ("seat", layout.length("table.seat_width"))]
    tail = [(k, layout.length(f"table.{k}_width")) for k, _, _ in TAIL]
    tail.append(("trades", layout.length("table.trades_width")))
    rest = width - sum(w for _, w in head + tail)
    return head + [(f"card{i}", rest / cards) for i in range(cards)] + tail


def _headings(c: Canvas, layout: Layout, x: float, top: float, width: float, rules: Rules,
              players: int) -> float:
    h = layout.length("table.heading_height")
    cols = columns(layout, width, len(rules.cards.codes))
    fixed = set(rules.cards.qb_fixed(players))
    c.setFillColor(layout.fill("table.heading_fill"))
    c.rect(x, top - h, width, h, stroke=0, fill=1)
    size = layout.length("page.label_size")
    labels = {"drive": ("Drive / QB", "quarter, play"), "seat": ("Seat", ""),
              "trades": ("Trades", "P_ card \u2194 P_ card"),
              **{k: (a, b) for k, a, b in TAIL},
              "call": ("Call", "  ".join(c[0].upper() for c in rules.audible.calls))}
    cx = x
    for i, (name, w) in enumerate(cols):
        if name.startswith("card"):
            card = rules.cards.cards[i - 2]
            if card.code in fixed:
                c.setFillColor(layout.fill("table.qb_fill"))
                c.rect(cx, top - h, w, h, stroke=0, fill=1)
            base = [str(s.points) for s in card.scoring if s.per != "bonus"]
            bonus = "+" if any(s.per == "bonus" for s in card.scoring) else ""
            top_line, second = card.code, "/".join(base) + bonus
            bold = True
        else:
            (top_line, second), bold = labels[name], True
        for text, dy, key, b in ((top_line, size * 1.25, "label_size", bold),
                                 (second, size * 2.4, "small_size", False)):
            font = layout.font("page.bold_font" if b else "page.label_font")
            pt = layout.length(f"page.{key}")
            text = fit_text(c, text, font, pt, w - 1)
            c.setFont(font, pt)
            c.setFillColor(layout.colour("page.ink" if b else "page.muted"))
            c.drawCentredString(cx + w / 2, top - dy, text)
        cx += w
    c.setStrokeColor(layout.colour("page.ink"))
    c.setLineWidth(layout.length("table.frame_line"))
    c.rect(x, top - h, width, h, stroke=1, fill=0)
    return h


def block_rows(players: int) -> list[str]:
    """The rows of one drive block: a seat each, the sidelines when a deal leaves any, and
    never fewer than the three lines the drive column needs."""
    rows = [f"P{s}" for s in range(1, players + 1)]
    if deal_shape(players).sidelines:
        rows.append(SIDELINES)
    return rows + [""] * max(0, 3 - len(rows))


def _block_form(doc: Document, layout: Layout, width: float, rules: Rules,
                players: int) -> tuple[str, float]:
    """One drive block as a form XObject (the same artwork placed once per drive)."""
    rows = block_rows(players)
    rh = layout.length("table.row_height")
    height = len(rows) * rh
    cols = columns(layout, width, len(rules.cards.codes))
    codes = rules.cards.codes

    def draw(c: Canvas) -> None:
        size = layout.length("page.label_size")
        small = layout.length("page.small_size")
        xs = [0.5]
        for _, w in cols:
            xs.append(xs[-1] + w)
        grey = layout.fill("table.sidelines_fill")
        for r, row in enumerate(rows):
            y = 0.5 + height - (r + 1) * rh
            if row == SIDELINES:
                c.setFillColor(grey)
                c.rect(xs[1], y, xs[2] - xs[1], rh, stroke=0, fill=1)
                c.rect(xs[-7], y, xs[-2] - xs[-7], rh, stroke=0, fill=1)
            if row:
                _say(c, layout, xs[1] + size * 0.4, y + rh / 2 - size * 0.35, row,
                     bold=row != SIDELINES)
            for i, code in enumerate(codes if row else ()):
                c.setFont(layout.font("page.label_font"), small)
                c.setFillColor(layout.colour("page.hint"))
                c.drawCentredString((xs[2 + i] + xs[3 + i]) / 2, y + rh / 2 - small * 0.35,
                                    code)
            if row and row != SIDELINES:
                box = layout.length("header.box")
                cx = (xs[-7] + xs[-6]) / 2
                for bx in (cx - box - 0.6 * MM, cx + 0.6 * MM):
                    c.setStrokeColor(layout.colour("page.muted"))
                    c.setLineWidth(layout.length("table.line"))
                    c.rect(bx, y + (rh - box) / 2, box, box, stroke=1, fill=0)
        dx = xs[0] + size * 0.4
        lines = ["Drive _____  Q ___", "QB  P _____", "Play"]
        for r, text in enumerate(lines):
            _say(c, layout, dx, 0.5 + height - (r + 1) * rh + rh / 2 - size * 0.35, text)
        play_y = 0.5 + height - 3 * rh + (rh - layout.length("header.box")) / 2
        px = dx + c.stringWidth("Play", layout.font("page.label_font"), size) + size * 0.5
        for call in rules.audible.calls:
            px += _box(c, layout, px, play_y) + size * 0.25
            px += _say(c, layout, px, play_y + size * 0.1, call, "small_size") + size * 0.5
        c.setStrokeColor(layout.colour("page.ink"))
        c.setLineWidth(layout.length("table.line"))
        for r in range(1, len(rows)):
            y = 0.5 + height - r * rh
            c.line(xs[1], y, xs[-2], y)
        for x in xs[1:-1]:
            c.line(x, 0.5, x, 0.5 + height)
        c.setLineWidth(layout.length("table.frame_line"))
        c.rect(0.5, 0.5, width, height, stroke=1, fill=0)

    name = doc.form(f"ldblock{players}w{width:.1f}", width + 1, height + 1, draw)
    return name, height


# -- the foot: scoring legend, final tally, check bars -------------------------------------
def legend_entries(rules: Rules) -> list[tuple[str, str]]:
    """(card, 'word points · +bonus points ...') for every card, in deck order."""
    return [(card.code, " \u00b7 ".join(f"{'+' if e.bonus else ''}{e.word} {e.points}"
                                        for e in rules.card_events(card.code)))
            for card in rules.cards.cards]


def _legend_height(layout: Layout, rules: Rules) -> float:
    per = -(-len(rules.cards.codes) // int(layout.number("legend.columns")))
    return (per + 1) * layout.length("legend.line_height")


def _legend(c: Canvas, layout: Layout, x: float, top: float, width: float,
            rules: Rules) -> None:
    line = layout.length("legend.line_height")
    ncol = int(layout.number("legend.columns"))
    entries = legend_entries(rules)
    per = -(-len(entries) // ncol)
    _say(c, layout, x, top - line * 0.8, "Scoring per card (points per event; +: a bonus on "
         "the event before it). Typed up, an event is CARD word+bonus HOLDER POINTS, e.g. "
         "FBL fumble+td P3 7.", "small_size", bold=True, width=width)
    cw = width / ncol
    code_w = 12 * MM
    for i, (code, text) in enumerate(entries):
        cx = x + (i // per) * cw
        cy = top - line * (1.8 + i % per)
        _say(c, layout, cx, cy, code, "small_size", bold=True)
        _say(c, layout, cx + code_w, cy, text, "small_size", width=cw - code_w - 2 * MM)


FINAL_ROWS = ("Final total", "Audible points", "Best single drive", "Place")


def _final(c: Canvas, layout: Layout, x: float, y: float, width: float, players: int) -> float:
    rh = layout.length("final.row_height")
    lw = layout.length("final.label_width")
    cw = min(24 * MM, (width - lw) / players)
    height = (len(FINAL_ROWS) + 1) * rh
    c.setFillColor(layout.fill("table.heading_fill"))
    c.rect(x, y + height - rh, lw + players * cw, rh, stroke=0, fill=1)
    size = layout.length("page.label_size")
    _say(c, layout, x + size * 0.4, y + height - rh + rh / 2 - size * 0.35, "At the end",
         bold=True)
    for s in range(players):
        _say(c, layout, x + lw + s * cw + size * 0.4, y + height - rh + rh / 2 - size * 0.35,
             f"P{s + 1}", bold=True)
    for r, label in enumerate(FINAL_ROWS):
        _say(c, layout, x + size * 0.4, y + height - (r + 2) * rh + rh / 2 - size * 0.35,
             label)
    c.setStrokeColor(layout.colour("page.ink"))
    c.setLineWidth(layout.length("table.line"))
    for r in range(1, len(FINAL_ROWS) + 1):
        c.line(x, y + r * rh, x + lw + players * cw, y + r * rh)
    for s in range(players + 1):
        c.line(x + lw + s * cw, y, x + lw + s * cw, y + height)
    c.setLineWidth(layout.length("table.frame_line"))
    c.rect(x, y, lw + players * cw, height, stroke=1, fill=0)
    return lw + players * cw


def _check_bars(doc: Document, layout: Layout, right: float, y: float) -> float:
    """The two check bars, right-aligned at `right`; returns the width they take."""
    font = layout.font("page.label_font")
    size = layout.length("page.small_size")
    step = size * 2.2
    bars = [(layout.length(f"checkbar.{k}"), layout.text(f"checkbar.label_{k}"))
            for k in ("metric", "imperial")]
    width = max(length + 4 + doc.canvas.stringWidth(label, font, size) for length, label in bars)
    for k, (length, label) in enumerate(bars):
        doc.check_bar(right - width, y + step * (1 - k), length, label, font, size)
    return width


def _blocks(doc: Document, layout: Layout, x: float, top: float, bottom: float,
            width: float, rules: Rules, players: int) -> tuple[float, int]:
    """Column headings and as many drive blocks as fit above `bottom`; returns the y under
    the last block and how many."""
    top -= _headings(doc.canvas, layout, x, top, width, rules, players)
    name, block_h = _block_form(doc, layout, width, rules, players)
    gap = layout.length("table.gap")
    count = max(1, int((top - bottom + gap) // (block_h + gap)))
    for k in range(count):
        doc.place(name, x - 0.5, top - (k + 1) * block_h - k * gap - 0.5)
    return top - count * (block_h + gap) + gap, count


def _first_page(doc: Document, layout: Layout, width: float, rules: Rules,
                players: int, seed: str = "", match: str = "") -> int:
    """The first page; the drive blocks it holds."""
    c = doc.canvas
    margin = layout.length("page.margin")
    gap = layout.length("header.line_gap")
    y = doc.height - margin - layout.length("page.title_size")
    y -= _info(c, layout, margin, y, width, players, rules, seed, match) + gap
    y -= _lengths(c, layout, margin, y, width, rules) + gap
    y -= _rules(c, layout, margin, y, width, rules, players)
    final_h = (len(FINAL_ROWS) + 1) * layout.length("final.row_height")
    low = floor(layout)               # clear of a class pack's stamp strip
    bottom = low + final_h + _legend_height(layout, rules) + 2 * gap
    y, count = _blocks(doc, layout, margin, y, bottom, width, rules, players)
    _legend(c, layout, margin, y - gap, width, rules)
    bars = _check_bars(doc, layout, margin + width, low + 2 * MM)
    _final(c, layout, margin, low, width - bars - 8 * MM, players)
    doc.show_page()
    return count


def _next_page(doc: Document, layout: Layout, width: float, rules: Rules,
               players: int) -> int:
    """More drives: the headings and blocks only (print this page as often as needed); the
    drive blocks it holds."""
    c = doc.canvas
    margin = layout.length("page.margin")
    y = doc.height - margin - layout.length("page.title_size")
    _say(c, layout, margin, y, f"{layout.text('page.title')} — {players} players, more "
         "drives", "title_size", bold=True)
    label = "Sheet ___ of ___"
    size = layout.length("page.label_size")
    _say(c, layout, margin + width - c.stringWidth(label, layout.font("page.bold_font"), size),
         y, label, bold=True)
    y -= layout.length("header.line_gap") * 2
    _, count = _blocks(doc, layout, margin, y, floor(layout), width, rules, players)
    doc.show_page()                       # (its floor clear of a class pack's stamp)
    return count


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    _pages(doc, opts, layout, max(1, copies(opts) - 1))


def game_pages(opts: RenderOptions, layout: Layout) -> int:
    """Pages a whole game fills: the first, then the more-drives page as often as the play
    book's drives (a game's worth of deals) need."""
    first, more = _pages(probe(opts.paper), opts, layout, 1)
    return 1 + max(1, ceil((GAME.book.default_count - first) / more))


def _pages(doc: Document, opts: RenderOptions, layout: Layout, more: int) -> tuple[int, int]:
    """The first page and `more` more-drives pages; the drive blocks each kind holds."""
    rules = load_rules(opts.rules_file)
    players = _players(opts)
    doc.page_size(page_size(opts.paper, "landscape"))
    width = doc.width - 2 * layout.length("page.margin")
    first = _first_page(doc, layout, width, rules, players, str(opts.extra.get("seed") or ""),
                        match_teams(opts) if opts.extra.get("match") else "")
    blocks = [_next_page(doc, layout, width, rules, players) for _ in range(more)]
    return first, blocks[0]
