"""`printkit render GAME SHEET`: one printable, on Letter or A4, to PDF (and PNG previews)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from printkit.commands.paper import Paper, paper_option
from printkit.completion import game_ids, sheet_names
from printkit.errors import UserError
from printkit.renderfile import render_to_file
from printkit_engine.teams import MAX_TEAMS

if TYPE_CHECKING:
    from printkit.sheets import Extra


def card_extra(bleed: bool, per_page: int | None, back_offset: str | None,
               calibration: bool) -> Extra:
    """The card options given, as RenderOptions.extra (absent when not given)."""
    extra: Extra = {}
    if bleed:
        extra["bleed"] = True
    if per_page is not None:
        extra["per_page"] = per_page
    if back_offset is not None:
        extra["back_offset"] = back_offset
    if calibration:
        extra["calibration"] = True
    return extra
def check_players(game: str, sheet: str, players: int | None) -> int | None:
    """The player count for a sheet drawn per player count (a game whose play book counts
    players): the book's default when not given (None for a sheet whose codes carry the
    count only when given: `Printable.players_tag`), a one-line error outside its range or
    for a sheet that has no players option."""
    from printkit import sheets
    from printkit_engine import registry

    printable = sheets.get(game, sheet)
    scheme = registry.get(game).book.players
    if printable.player_range is not None:
        (low, high, default), what = printable.player_range, f"the {sheet} sheet"
    elif scheme is not None and (printable.players or printable.players_tag):
        (low, high, default), what = (scheme.low, scheme.high, scheme.default), \
            registry.get(game).title
    else:
        if players is not None:
            raise UserError(f"--players is not an option of the {game} {sheet} sheet")
        return None
    if players is None and not printable.players:
        return None
    players = default if players is None else players
    if not low <= players <= high:
        raise UserError(f"--players: {what} is for {low}-{high} players, not {players}")
    return players


def render(
    game: Annotated[str, typer.Argument(help="Game id (printkit list shows every game and "
                                             "its sheets).", autocompletion=game_ids)],
    sheet: Annotated[str, typer.Argument(help="Sheet of that game (printkit list).",
                                         autocompletion=sheet_names)],
    paper: Annotated[Paper, paper_option()] = Paper.letter,
    out: Annotated[Path | None, typer.Option(help="Output PDF path "
                                                  "(default output/GAME-SHEET-PAPER.pdf).")] = None,
    png: Annotated[bool, typer.Option("--png", help="Also write a 150 dpi PNG per page.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
    layout: Annotated[Path | None, typer.Option(help="Your layout TOML laid over the shipped "
                                                     "one.")] = None,
    rules: Annotated[Path | None, typer.Option(help="Rules TOML with your own chart values "
                                                    "(games that support it).")] = None,
    home: Annotated[str, typer.Option(help="Home team name.")] = "HOME",
    away: Annotated[str, typer.Option(help="Away team name.")] = "AWAY",
    ink_saver: Annotated[bool, typer.Option("--ink-saver", help="Pale fills to save "
                                                                "toner.")] = False,
    bleed: Annotated[bool, typer.Option("--bleed", help="Card sheets: artwork runs 3 mm past "
                                                        "each card's trim.")] = False,
    per_page: Annotated[int | None, typer.Option("--per-page", min=1, max=64,
                                                 help="Card sheets: cards per page (default: "
                                                      "as many as fit).")] = None,
    back_offset: Annotated[str | None, typer.Option("--back-offset", metavar="X,Y",
                                                    help="Card sheets: move the backs by X,Y "
                                                         "mm (from the calibration sheet).")
                           ] = None,
    calibration: Annotated[bool, typer.Option("--calibration", help="Card sheets: only the "
                                                                    "duplex calibration "
                                                                    "sheet.")] = False,
    players: Annotated[int | None, typer.Option(
        "--players", help="Sheets drawn for a number of players or teams: Luck of the Draw's "
                          "score sheet and bubble log (the game's player count: the bubble "
                          "sheets' codes carry it, so a scan is replayed for that many), the "
                          f"tournament sheet (2-{MAX_TEAMS} teams, default 8).")] = None,
    roster: Annotated[Path | None, typer.Option(
        help="tournament: a CSV of team or student names (header: team, student).")] = None,
    from_record: Annotated[Path | None, typer.Option(
        "--from", help="bubblelog: shade the sheets from this record (demos, tests).")] = None,
    seed: Annotated[str | None, typer.Option(help="bubblelog: the play-book seed the sheets' "
                                                  "QR codes carry (PostCard: sheets without "
                                                  "die values, the book gives them).")] = None,
    match: Annotated[str | None, typer.Option(help="bubblelog: a match name for the QR "
                                                   "codes.")] = None,
    sheets_count: Annotated[int | None, typer.Option(
        "--sheets", min=1, max=99, help="bubblelog: blank sheets to print, numbered 1..N "
                                        "(default 1; --fillable: enough for a typical "
                                        "game).")] = None,
    first_sheet: Annotated[int | None, typer.Option(
        "--first-sheet", min=1, max=99, help="bubblelog: the first of the --sheets to print "
                                             "(a long game's next sheets: --sheets 6 "
                                             "--first-sheet 4 prints sheets 4-6).")] = None,
    fillable: Annotated[bool, typer.Option("--fillable", help="bubblelog: a fillable PDF "
                                           "form (one field per cell) instead of bubbles.")]
    = False,
    log: Annotated[str | None, typer.Option(
        "--log", help="bubblelog: which of the game's logs (the grid game: scores, the "
                      "default, or passages; --from picks by the record).")] = None,
    decisions: Annotated[bool, typer.Option(
        "--decisions", help="bubblelog: the decision sheet, only what the table decided "
                            "(the default when the game's is and a seed is known; needs "
                            "--seed or a record with a Seed).")] = False,
    dense: Annotated[bool, typer.Option(
        "--dense", help="bubblelog: the full-line sheet (every line's state), not the "
                        "decision sheet.")] = False,
    length: Annotated[str | None, typer.Option(
        "--length", help="bubblelog: how long the game is, one of the game's lengths (games "
                         "that have them: a short game is read as short; default the whole "
                         "game).")] = None,
) -> None:
    """Render one printable to PDF."""
    from printkit import sheets
    from printkit.teamnames import check_name, read_roster

    if back_offset is not None:
        from printkit.cardsheet.style import parse_offset

        parse_offset(back_offset)               # a bad value fails before any work
    extra = card_extra(bleed, per_page, back_offset, calibration)
    if dense and (decisions or log == "decisions"):
        raise UserError("--dense and --decisions: give one (the dense sheet or the decision "
                        "sheet)")
    if decisions:
        if log and log != "decisions":
            raise UserError("--decisions and --log: give one (--decisions is --log decisions)")
        if fillable:
            raise UserError("--decisions and --fillable: the decision log has no fillable "
                            "form")
        log = "decisions"
    if (from_record or seed or match or sheets_count or first_sheet or fillable or log or dense
            or length):
        if sheet != "bubblelog":
            raise UserError("--from, --seed, --match, --sheets, --first-sheet, --fillable, "
                            "--log, --decisions, --dense and --length are options of the "
                            "bubblelog sheet")
        if first_sheet is not None:
            check_first_sheet(first_sheet, sheets_count, from_record, fillable)
        if length is not None:
            from printkit.omr.sheet import check_length
            from printkit.text import printable

            if from_record is not None:
                raise UserError(f"--length and --from: give one ({printable(str(from_record))}"
                                "'s Length tag says how long its game is)")
            check_length(game, length, rules)
        extra.update({"from": from_record, "seed": seed, "match": match,
                      "sheets": sheets_count, "first_sheet": first_sheet,
                      "fillable": fillable, "dense": dense,
                      "length": length})
        if log:
            from printkit.omr.sheet import pick_log
            from printkit_engine import registry

            if game in registry.GAMES:
                pick_log(game, log)             # a bad name fails before any work
            extra["log"] = log
    opts = sheets.RenderOptions(paper=paper.value, home=check_name("--home", home),
                                away=check_name("--away", away), ink_saver=ink_saver,
                                layout_file=layout, rules_file=rules, extra=extra,
                                players=check_players(game, sheet, players))
    if roster is not None:
        if players is not None:
            raise UserError("--roster and --players: give one (the roster counts the teams)")
        if sheet != "tournament":
            raise UserError(f"{roster}: --roster is used by the tournament sheet only")
        opts.extra["teams"] = read_roster(roster).teams
    notes: list[str] = []
    for path in render_to_file(game, sheet, opts, out, png, force, notes):
        typer.echo(str(path))
    for note in summed_notes(notes):                # bubblelog --from
        typer.echo(note, err=True)


def check_first_sheet(first: int, last: int | None, from_record: Path | None,
                      fillable: bool) -> None:
    """`--first-sheet` goes with the blank sheets of `--sheets` (the last one printed), at
    or before it: a game's next sheets, numbered on."""
    if from_record is not None or fillable:
        raise UserError("--first-sheet: blank bubble sheets only (not with --from or "
                        "--fillable)")
    if last is None:
        raise UserError("--first-sheet needs --sheets, the last sheet to print (--sheets 6 "
                        "--first-sheet 4: sheets 4-6)")
    if first > last:
        raise UserError(f"--first-sheet {first} is past --sheets {last}, the last sheet to "
                        "print")


NOTES_SHOWN = 5


def summed_notes(notes: list[str]) -> list[str]:
    """What `--from` left off, a line each up to NOTES_SHOWN, then one line for the rest: a
    PostCard record leaves a state's score and counts off nearly every line by design, and
    200 notes would bury the one that matters. Notes of any other kind (a die that is not the
    play book's draw) are each shown: they say the sheet holds something else than the record."""
    if len(notes) <= NOTES_SHOWN + 1:
        return notes
    from printkit.omr.sheet import left_off  # loaded already: only sheets make notes

    summed = [n for n in notes if left_off(n)]
    if len(summed) <= NOTES_SHOWN + 1:
        return notes
    shown = set(summed[:NOTES_SHOWN])
    return [*(n for n in notes if n in shown or not left_off(n)),
            f"... and {len(summed) - NOTES_SHOWN} more lines with parts not on the sheet "
            "(docs/bubblelog.md says what each game's sheet leaves off)"]


def register(app: typer.Typer) -> None:
    app.command("render")(render)
