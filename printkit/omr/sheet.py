"""A game's bubble log as pages: blank (numbered sheets) or shaded from a record (`--from`).

The render options carry `from` (a record path), `seed`, `match` and `length` (tags a blank
log's QR carries); everything else comes from the game's grammar and the layout.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import ceil
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import UserError
from printkit.layout import Layout
from printkit.omr.draw import Page, draw_page
from printkit.omr.geometry import Geometry, sheet_geometry, sheet_layout
from printkit.omr.payload import PayloadError, SheetId
from printkit.pdfdoc import Document
from printkit.text import printable
from printkit_engine import registry
from printkit_engine.bubbles import (
    LEFT_OFF,
    EncodeError,
    Grammar,
    Marks,
    encode,
    for_sheet,
    left_off_lines,
    lines_passed,
    log_named,
    logs_of,
    play_book,
    record_sheets,
    record_tags,
    shaded_slots,
)
from printkit_engine.errors import ReadError
from printkit_engine.game import LENGTH_TAG, PLAYERS_TAG
from printkit_engine.textfile import read_text

if TYPE_CHECKING:
    from printkit.sheets import RenderOptions

BLANK_SHEETS = 1       # a blank log is one numbered sheet; --sheets N prints N


# `--from` notes of parts a fillable log does not hold (a sheet's: printkit_engine.bubbles.LEFT_OFF)
LEFT_OFF_LOG = ": not in the log: "


def left_off(note: str) -> bool:
    return LEFT_OFF in note or LEFT_OFF_LOG in note


def grammar_of(game_id: str) -> Grammar:
    game = registry.get(game_id)
    if game.bubbles is None:
        raise UserError(f"{game_id} has no bubble log")
    return game.bubbles()


def pick_log(game_id: str, name: str | None) -> Grammar:
    """The game's bubble log named by `--log` (its default without one); a one-line error
    naming the logs there are for any other name."""
    grammar = grammar_of(game_id)
    if not name:
        return grammar
    try:
        return log_named(grammar, name)
    except KeyError:
        names = [g.log for g in logs_of(grammar) if g.log]
        if not names:
            raise UserError(f"--log: {game_id} has one bubble log (leave --log out)") from None
        default = "" if grammar.log else "the default one (leave --log out) and "
        raise UserError(f"--log: the {game_id} bubble logs are {default}{', '.join(names)}, "
                        f"not {printable(name, 20)!r}") from None


def decision_log_of(game_id: str) -> Grammar | None:
    """The game's decision log (issue 31: one play a band, replayed from the seed), when one
    of its bubble logs is one (its `log` is the decision logs' name): data, not a game list."""
    from printkit_engine.decisions import LOG_VALUE

    return next((g for g in logs_of(grammar_of(game_id)) if g.log == LOG_VALUE), None)


def _decisions_by_default(game_id: str) -> bool:
    """Is the game's decision sheet its default bubble log (`DecisionLog.default`: not while
    it takes more sheets a game than the written log takes pages)?"""
    source = registry.get(game_id).decisions
    return source is None or bool(source().default)


def default_log(game_id: str, opts: RenderOptions) -> tuple[str | None, str]:
    """The log a bubble log is drawn with when `--log` names none, and a note for stderr:
    the decision sheet when the game has one and the play book's seed is known (`--seed`, a
    class match's, or the `--from` record's Seed tag), else the game's default (dense) sheet,
    the note then saying why a game with a decision sheet did not get it. `--dense` or
    `--fillable` (a form has the dense sheet's columns) keep the default sheet, no note."""
    log = opts.extra.get("log")
    if log or opts.extra.get("dense") or opts.extra.get("fillable"):
        return (str(log) if log else None), ""
    decisions = decision_log_of(game_id)
    if decisions is None or not _decisions_by_default(game_id):
        return None, ""
    seed = opts.extra.get("seed")
    source = opts.extra.get("from")
    if not seed and source:
        seed = dict(record_tags(grammar_of(game_id),
                                read_text(Path(str(source)), "record"))).get("Seed")
    if seed:
        return decisions.log, ""
    where = f"{printable(str(source))}: " if source else ""
    return None, (f"{where}the dense {game_id} bubble log: a decision sheet is replayed from "
                  "the play book, and no seed is known (give --seed S, or --from a record "
                  "with a Seed tag; --dense says you want this one)")


def sheet_grammar(game_id: str, tags: Iterable[tuple[str, str]], paper: str, key: str
                  ) -> tuple[Grammar, Geometry]:
    """The log a sheet was drawn with, and its geometry: of the game's logs (each a
    play-book one when the tags carry a Seed, else its dense sheets' when it has them), the
    one whose geometry key the sheet's QR names; else the default log's, whose key the caller
    then refuses. A sheet drawn before the game had dense sheets (Luck of the Draw's with
    deals, a band a line) is the plain grammar's, and one drawn with an earlier form of a log
    (`Grammar.earlier`: Luck of the Draw's decision sheet of an event a row) that form's:
    still read, by its key."""
    from printkit.layout import load_layout

    layout = load_layout(f"{game_id}-bubblelog")
    found = []
    for log in logs_of(grammar_of(game_id)):
        drawn = for_sheet(log, tags)
        earlier = play_book(log, tags)
        forms = (drawn, earlier) if earlier is not drawn else (drawn,)
        for grammar in (*forms, *drawn.earlier):
            geo = sheet_geometry(grammar, layout, paper)
            if geo.key == key:
                return grammar, geo
            found.append((grammar, geo))
    return found[0]


def geometry(grammar: Grammar, layout: Layout, paper: str) -> Geometry:
    try:
        return sheet_geometry(grammar, layout, paper)
    except ValueError as exc:
        raise UserError(f"bubble log layout: {exc}") from None


def _record(path: Path, game_id: str, seed: str | None, log: str | None = None,
            players: int | None = None,
            ) -> tuple[Grammar, list[tuple[str, str]], list[tuple[int, str]], list[str]]:
    """A `--from` record: its sheets' grammar, tags and lines as those sheets hold them, and
    notes on what they change (a book sheet's dice). `seed` (`--seed`) is the play book of a
    record that names none; a record naming another is refused; `players` (`--players`)
    likewise its table's size (:func:`record_players`). The log is `log` (`--log`) or the
    first of the game's logs holding every line (printkit_engine.bubbles.record_sheets)."""
    text = read_text(path, "record")
    name = printable(str(path))
    tags = record_tags(grammar_of(game_id), text)
    if seed:
        written = dict(tags).get("Seed")
        if written is not None and written != seed:
            raise UserError(f"--seed {printable(seed, 40)!r}: {name} was played from the play "
                            f"book {printable(written, 40)!r} (its Seed tag)")
        if written is None:
            tags.insert(1 if tags[:1] and tags[0][0] == "Game" else 0, ("Seed", seed))
    tags = record_players(tags, players, name)
    return record_sheets(grammar_of(game_id), text, tags, log or "", name)


def record_players(tags: list[tuple[str, str]], players: int | None,
                   name: str) -> list[tuple[str, str]]:
    """A `--from` record's tags with `--players`: its Players tag written in when it has
    none (or `*`, a header bubble left blank), after the Seed; one naming another count is
    refused, as a record naming another seed is (the sheets would say one table and the
    record another)."""
    if players is None:
        return tags
    written = dict(tags).get(PLAYERS_TAG, "").strip()
    if written and written != "*":
        if written != str(players):
            raise UserError(f"--players {players}: {name} was played by "
                            f"{printable(written, 20)} players (its {PLAYERS_TAG} tag)")
        return tags
    kept = [(k, v) for k, v in tags if k != PLAYERS_TAG]
    at = next((k + 1 for k, (t, _) in enumerate(kept) if t == "Seed"),
              1 if kept[:1] and kept[0][0] == "Game" else 0)
    return [*kept[:at], (PLAYERS_TAG, str(players)), *kept[at:]]


def players_words(game_id: str, grammar: Grammar, tags: Iterable[tuple[str, str]]) -> str:
    """What a sheet of a game whose play book counts players says of its table in its header
    (so the table sees which count it is for): `for 5 players` when its code or record says
    so, else the book's default, which a scan of it is replayed for ("" for a sheet with a
    Players bubble left for the table to shade, and for other games)."""
    scheme = registry.get(game_id).book.players
    if scheme is None:
        return ""
    value = dict(tags).get(PLAYERS_TAG, "").strip()
    if value.isdigit():
        return f"for {int(value)} players"
    if any(tag == PLAYERS_TAG for tag, _ in grammar.header):
        return ""
    return f"for {scheme.default} players"


def _from_record(path: Path, grammar: Grammar, tags: list[tuple[str, str]],
                 lines: list[tuple[int, str]], geo: Geometry) -> tuple[list[Page], list[str]]:
    name = printable(str(path))
    shaded: list[Marks | None] = []
    notes: list[str] = []
    for number, line in lines:
        try:
            enc = encode(grammar, line, dict(tags))
            shaded += [None] * lines_passed(grammar, shaded_slots(enc.marks), len(shaded))
        except EncodeError as exc:
            raise UserError(f"{name}:{number}: cannot be shaded on a bubble sheet: {exc} "
                            f"({printable(line, 60)!r})") from None
        notes += [f"{name}:{n}{LEFT_OFF}{' '.join(words)}"
                  for n, words in left_off_lines(number, line, enc.dropped)]
        shaded.append(enc.marks)
    header = {}
    for tag, slot in grammar.header:
        value = dict(tags).get(tag)
        if value and value in slot.table:
            header[slot.name] = slot.table[value]
    per = geo.lines                     # bands x lines a band: an odd last line leaves
    count = max(1, -(-len(shaded) // per))   # its band's second line blank
    pages = [Page(k + 1, count, k * per + 1, tuple(shaded[k * per:(k + 1) * per]),
                  header if k == count - 1 else None, last=k == count - 1)
             for k in range(count)]
    return pages, notes


def check_length(game_id: str, length: str, rules_file: Path | None = None,
                 option: str = "--length") -> str:
    """`--length`: one of the game's lengths, which its blank sheets' codes then carry, so a
    class playing a quarter or halves has its sheets replayed and checked as that (a sheet
    saying nothing is the whole game, and a short game read as a whole one is a false
    finding). A one-line error naming `option` for a game without lengths or a name its rules
    do not know."""
    try:
        game = registry.get(game_id)
    except registry.UnknownGame as exc:
        raise UserError(str(exc)) from None
    if game.lengths is None:
        raise UserError(f"{option}: {game.title} has no game lengths (a game is always the "
                        "whole game)")
    known = game.lengths(game.rules(rules_file))
    if length not in known:
        raise UserError(f"{option} {printable(length, 40)!r}: not a {game.title} game length "
                        f"({', '.join(known)})")
    return length


def blank_tags(opts: RenderOptions, game_id: str) -> list[tuple[str, str]]:
    """The tags a blank log's QR carries, from the options."""
    tags = [("Game", game_id)]
    for value, tag in ((opts.extra.get("seed"), "Seed"), (opts.players, PLAYERS_TAG),
                       (opts.extra.get("match"), "Match"),
                       (opts.extra.get("length"), LENGTH_TAG)):
        if value:
            tags.append((tag, str(value)))
    if opts.home != "HOME":
        tags.append(("Home", opts.home))
    if opts.away != "AWAY":
        tags.append(("Away", opts.away))
    return tags


def game_sheets(game_id: str, opts: RenderOptions, layout: Layout) -> int:
    """Blank sheets enough for a typical game (the grammar's `typical_lines`, times the share
    of a whole game the class's `--length` is): what a classroom pack prints, since each
    sheet carries its own number in its code and a copy of sheet 1 cannot stand in for
    sheet 2."""
    grammar = blank_grammar(game_id, opts)
    lines = geometry(grammar, layout, opts.paper).lines
    typical = grammar.typical_lines
    length, game = opts.extra.get("length"), registry.get(game_id)
    if length and game.length_share is not None:
        typical = ceil(typical * game.length_share(game.rules(), str(length)))
    return max(BLANK_SHEETS, -(-typical // lines))


def blank_layout(game_id: str, opts: RenderOptions, layout: Layout) -> Layout:
    """The layout a game's blank sheets are drawn with on `opts.paper` (its log's variant and
    that variant's paper table: Card Bowl's portrait A4 decision sheet): a classroom pack
    takes its stamp's place from it (`[stamp]` there, on the header's line for it)."""
    return sheet_layout(layout, blank_grammar(game_id, opts), opts.paper)


def blank_grammar(game_id: str, opts: RenderOptions) -> Grammar:
    """The grammar of a game's blank sheets as `opts` asks for them (its default or chosen
    log, the tags the blank sheets' codes carry)."""
    log, _ = default_log(game_id, opts)
    return for_sheet(pick_log(game_id, log), blank_tags(opts, game_id))


def draw_log(doc: Document, opts: RenderOptions, layout: Layout,
             game_id: str) -> list[str]:
    """Draw the pages; returns notes (record parts the sheet leaves off), also added to
    the document's (`doc.notes`, what `render` prints on stderr). A log with a Seed
    (`--seed`, or the record's) is drawn with the game's play-book grammar when it has one."""
    source = opts.extra.get("from")
    log, why = default_log(game_id, opts)
    chosen = pick_log(game_id, log)
    notes: list[str] = [why] if why else []
    if source:
        path = Path(str(source))
        try:
            grammar, tags, lines, found = _record(path, game_id, opts.extra.get("seed"),
                                                  chosen.log if log else None, opts.players)
        except ReadError as exc:
            if not log or opts.extra.get("log"):        # the dense sheet's, or asked for
                raise
            # the default decision sheet cannot hold this record (Card Bowl's play notes do
            # not say the defense's answers: only a game its bots played can be one): the
            # dense sheet holds every line of it (issue 31: the rules' own example), and
            # the first note says why
            notes = [f"{printable(str(source))}: the dense {game_id} bubble log: "
                     f"{exc.message} (--dense says you want this one)"]
            grammar, tags, lines, found = _record(path, game_id, opts.extra.get("seed"),
                                                  players=opts.players)
        notes += found
        geo = geometry(grammar, layout, opts.paper)
        pages, more = _from_record(path, grammar, tags, lines, geo)
        notes += more
        said = players_words(game_id, grammar, tags)
        tags = [(k, v) for k, v in tags if k not in dict(grammar.header)]
    else:
        tags = blank_tags(opts, game_id)
        grammar = for_sheet(chosen, tags)
        geo = geometry(grammar, layout, opts.paper)
        said = players_words(game_id, grammar, tags)
        count = int(opts.extra.get("sheets") or BLANK_SHEETS)
        first = int(opts.extra.get("first_sheet") or 1)      # a long game's next sheets
        pages = [Page(k + 1, count, k * geo.lines + 1) for k in range(first - 1, count)]
    if grammar.seeded and not dict(tags).get("Seed"):
        raise UserError(f"the {grammar.log or game_id} sheets need the play book's seed (--seed, "
                        "or a record with a Seed tag): its draws are the game's dice")
    title = f"{registry.get(game_id).title} bubble log" + \
        (f" ({grammar.log})" if grammar.log else "")
    # the code names the game already, and its geometry key the log (whose stamp a scan
    # writes back: printkit.omr.Scanned.result_tags)
    tags = [(k, v) for k, v in tags if k != "Game" and (k, v) not in grammar.stamp]
    layout = sheet_layout(layout, grammar, opts.paper)
    # a classroom pack's match box: its round printed beside the Match tag (not in the code)
    shown = (("Match", ("Round", str(opts.extra["round"]))),) if opts.extra.get("round") \
        else ()
    for page in pages:
        try:
            sheet = SheetId(game_id, opts.paper, geo.key, page.sheet, tuple(tags))
            sheet.text()
        except PayloadError as exc:
            raise UserError(str(exc)) from None
        draw_page(doc, geo, layout, grammar, title, sheet, page, shown,
                  (PLAYERS_TAG, said) if said else None)
    doc.notes.extend(notes)
    return notes
