"""Benchmark: how many bubble-log sheets a game takes beside its written log's pages (#18).

Issue #18 asks for bubble logs "designed so a game fits on as few sheets as a written log".
For every game this prints what a page of the written log holds (its own printable, rendered
here: PostCard's, Card Bowl's and BLOWOUT!!!'s drive logs hold record lines, the grid game's
score sheet score lines, Luck of the Draw's score sheet drive blocks) and what a bubble-log
sheet holds, on letter and A4, then whole games on both: the written pages they need and the
bubble sheets `render GAME bubblelog --from RECORD` draws for them.

Games are the game's bots' (`GAME.bots`, as `printkit simulate`), GAMES of them; Card Bowl has
no bots, so its games are the whole-game records shipped with the tests. The grid game's bots
keep a passage log: its score lines (engine/cardgrid/scoresheet.py) are the game here, as the
written score sheet and the score-sheet bubble log (the default) hold them.

    .venv/bin/python bench/bench_sheets_per_game.py [GAMES] [--games ID,ID]

`--games luckdraw-deals`: Luck of the Draw's games without their Seed tag (played without
the play book), so their sheets are the ones with deal bands.

Card Bowl's decision sheet (`--games cardbowl-decisions`, 50 games: some 182 plays a game, 212
sheet lines, 190-233): a row a play and a "more" row every sixth, 30 lines (25 plays) a letter
sheet, 36 lines (30 plays) a portrait A4 one, 8.0 and 6.7 sheets a game against the written
log's 8.1 and 7.8 pages (A4 landscape with letter's 30 lines: 8.0; were 12.7 and 13.6 with two
rows a play, 15.6 and 16.8 with a band a turn; docs/bubblelog.md, "Card Bowl").

Measured (50 games, `--games blowout-decisions`): BLOWOUT!!!'s decision sheet, a portrait
page of 42 rows (letter) or 45 (A4), a row a snap and one a score's further digit (276 rows a
game, 237-312), takes 7.0 / 6.7 sheets a game against 9.5 / 8.6 written pages (the landscape
sheet with the score's tens and ones on every row: 30 / 29 rows, 9.1 / 9.5 sheets).

`--games luckdraw-decisions`: the decision sheets (`render luckdraw bubblelog --decisions`):
a table, a row a drive's events, each once (its 33 columns' words over the first band); the
audible calls and the checkpoint (each player's total at each quarter's end and the game's, a
row a player) on rows of their own kinds taken when needed: a band of five event rows, two
audible rows and two total rows, 36 rows a sheet (20 event rows) on letter and A4; 50 games
(17 drives, 72 events on some 34 rows, 12 audible, about 11 totals: 75 sheet lines as placed,
27-117): 2.4 letter and 2.4 A4 sheets a game against 3.0 and 3.2 written pages (4.1 and 4.1
a row an event on a band of six event rows, an audible row and two total rows; 6.0 and 5.3
with two events a band of five rows and the scorer's total after every event; 8.3 and 7.5
with the earlier band an event of four rows, every word in its oval; 26.2 and 21.0 with a
band a happening of six rows).

What a written page holds is counted by drawing it: the table functions of the written logs
are wrapped to note the rows (drive blocks) they draw, so a layout change shows here.
"""

from __future__ import annotations

import argparse
import importlib
import re
import statistics
import sys
import tempfile
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import printkit  # noqa: E402,F401  (first, as the CLI: one BLAS thread before numpy loads)

SCORE = re.compile(r"(?:^|\s)[A-Z] \d+-\d+")     # grid game: `T 4-0`, `C 6-0`, `P 0-2`
CARDBOWL_GAMES = ("tests/engine/cardbowl/records/full_game.txt",)


@dataclass(frozen=True)
class Written:
    """A game's written log: its printable, the drawing function whose calls count its rows
    (module, name, what its result says), and what one of its rows holds."""

    sheet: str
    module: str
    function: str
    rows: Callable[[object], int]
    unit: str                                  # "line", "score line", "drive"


def _ruled(result) -> int:
    return result.rows


WRITTEN = {
    "postcard": Written("drivelog", "printkit.sheets.postcard.drivelog", "_table", int, "line"),
    "cardbowl": Written("drivelog", "printkit.sheets.cardbowl.drivelog", "ruled_table", _ruled,
                        "line"),
    "blowout": Written("drivelog", "printkit.sheets.blowout.drivelog", "ruled_table", _ruled,
                       "line"),
    "cardgrid": Written("scoresheet", "printkit.sheets.cardgrid.scoresheet", "_table", int,
                        "score line"),
    "luckdraw": Written("scoresheet", "printkit.sheets.luckdraw.scoresheet", "_blocks", int,
                        "drive"),
}


def _unseeded(text: str) -> str:
    """A record without its Seed tag: sheets for a game played without the play book."""
    return "".join(line for line in text.splitlines(True) if not line.startswith("[Seed "))


# A bench id that is not a game id: (its game, what it does to the game's records).
VARIANTS = {"luckdraw-deals": ("luckdraw", _unseeded),
            "postcard-decisions": ("postcard", lambda text: text),
            "luckdraw-decisions": ("luckdraw", lambda text: text),
            "cardgrid-decisions": ("cardgrid", lambda text: text),
            "blowout-decisions": ("blowout", lambda text: text),
            "cardbowl-decisions": ("cardbowl", lambda text: text)}
# A bench id drawn on another of its game's logs (`render --log`; every other id is drawn on
# the dense sheet, `--dense`, the decision sheet being the default with a seed): each game's
# decision sheet (`--decisions`, docs/bubblelog.md), against the same written log.
LOGS = {"postcard-decisions": "decisions", "luckdraw-decisions": "decisions",
        "cardgrid-decisions": "decisions", "blowout-decisions": "decisions",
        "cardbowl-decisions": "decisions"}
# Bench ids whose games are the bots' even where the plain game's are shipped records: Card
# Bowl's decision sheet is written from a bot game (its notes do not hold every decision).
BOT_GAMES = {"cardbowl-decisions"}


@contextmanager
def _counting(written: Written):
    """Note what each call of the written log's table function drew, page by page."""
    module = importlib.import_module(written.module)
    seen: list[int] = []
    if written.function == "_blocks":          # Luck of the Draw: drive blocks placed a page
        original = module._blocks

        def blocks(doc, *args, **kwargs):
            placed: list[str] = []
            place = doc.place
            doc.place = lambda name, *a, **k: (placed.append(name), place(name, *a, **k))[1]
            try:
                return original(doc, *args, **kwargs)
            finally:
                del doc.place
                seen.append(len(placed))

        module._blocks = blocks
        try:
            yield seen
        finally:
            module._blocks = original
        return
    original = getattr(module, written.function)

    def wrapped(*args, **kwargs):
        result = original(*args, **kwargs)
        seen.append(written.rows(result))
        return result

    setattr(module, written.function, wrapped)
    try:
        yield seen
    finally:
        setattr(module, written.function, original)


def written_per_page(game_id: str, paper: str) -> list[int]:
    """Rows (drive blocks) on each page of the game's written log, as drawn."""
    from printkit import sheets
    from printkit.layout import load_layout

    written = WRITTEN[game_id]
    printable = sheets.get(game_id, written.sheet)
    with _counting(written) as seen:
        sheets.render(printable, sheets.RenderOptions(paper=paper),
                      load_layout(printable.layout))
    return seen


def _shadeable(game_id: str, text: str) -> str:
    """The record without the lines no bubble sheet holds (Card Bowl's `run 5 + 6 = 11`
    arithmetic: `--from` names such a line and stops); they still count as written rows."""
    from printkit_engine import registry
    from printkit_engine.bubbles import EncodeError, encode, split_record

    grammar = registry.get(game_id).bubbles()
    tags, lines = split_record(grammar, text)
    keep = []
    for _, line in lines:
        try:
            encode(grammar, line, dict(tags))
        except EncodeError:
            continue
        keep.append(line)
    return "".join(f'[{k} "{v}"]\n' for k, v in tags) + "\n" + "\n".join(keep) + "\n"


def _records(game_id: str, count: int, name: str = "") -> list[str]:
    if game_id == "cardbowl" and name not in BOT_GAMES:
        return [(ROOT / path).read_text() for path in CARDBOWL_GAMES]
    from printkit_engine import registry

    bots = registry.get(game_id).bots
    texts = [bots.play(bots.seed_of("sheets-bench", k), None).text() for k in range(1, count + 1)]
    if game_id == "cardgrid":
        # the bots keep a passage log; the written log is the score sheet, as the bubble log is
        from printkit_engine.cardgrid.scoresheet import score_sheet

        texts = [score_sheet(t) for t in texts]
    return texts


def _units(game_id: str, text: str) -> int:
    """What the written log needs rows for: record lines, score lines or drives."""
    from printkit_engine import registry
    from printkit_engine.bubbles import split_record

    _, lines = split_record(registry.get(game_id).bubbles(), text)
    if game_id == "cardgrid":        # a score line each, or each score a passage's outcome
        return sum(len(SCORE.findall(line.split(" = ", 1)[-1])) if ":" in line
                   else not line.startswith("shuffle") for _, line in lines)
    if game_id == "luckdraw":
        return sum(1 for _, line in lines if line.lower().startswith("drive "))
    plain = [part for _, line in lines for part in line.split("\n")]   # a band's lines each
    if game_id == "cardbowl":
        # the team heading goes in the Team column, a clock marker in the Clock column and
        # `---` is the line drawn between possessions: none of them is a row of its own
        from printkit_engine.cardbowl.bubbles import MARKERS

        markers = {m for m, _ in MARKERS}
        return sum(1 for line in plain
                   if not (line.startswith("####") or line == "---" or line in markers))
    return len(plain)


def _written_pages(per_page: list[int], units: int) -> int:
    """Pages of the written log for so many rows: its first page, then its second as often
    as needed (Luck of the Draw's "more drives" page; the others repeat their only page)."""
    first, more = per_page[0], per_page[-1]
    return 1 + max(0, -(-(units - first) // more))


def bubble_sheets(game_id: str, text: str, paper: str, log: str = "") -> int:
    import pypdfium2 as pdfium

    from printkit import sheets
    from printkit.layout import load_layout

    printable = sheets.get(game_id, "bubblelog")
    with tempfile.TemporaryDirectory() as work:
        record = Path(work) / "game.rec"
        record.write_text(text)
        extra: dict[str, object] = {"from": record, **({"log": log} if log else {"dense": True})}
        pdf = sheets.render(printable, sheets.RenderOptions(paper=paper, extra=extra),
                            load_layout(printable.layout))
    return len(pdfium.PdfDocument(pdf))


def bubble_lines(game_id: str, text: str, paper: str, log: str = "") -> int:
    """Record lines (a decision sheet: plays) a bubble sheet holds (bands x lines a band)."""
    from printkit.layout import load_layout
    from printkit.omr.geometry import sheet_geometry
    from printkit_engine import registry
    from printkit_engine.bubbles import log_named, sheet_lines

    grammar, _, _ = sheet_lines(registry.get(game_id).bubbles(), text)
    if log:
        grammar = log_named(registry.get(game_id).bubbles(), log)
    return sheet_geometry(grammar, load_layout(f"{game_id}-bubblelog"), paper).lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=20)
    parser.add_argument("--games", dest="ids", default=",".join(WRITTEN))
    args = parser.parse_args()
    print(f"{'game':14} {'paper':6} {'written: a page':>22} {'bubble: lines a sheet':>22} "
          f"{'a game (mean, range)':>22} {'written pages':>14} {'bubble sheets':>14} "
          f"{'ratio':>6}")
    for name in args.ids.split(","):
        game_id, change = VARIANTS.get(name, (name, lambda text: text))
        records = [change(t) for t in _records(game_id, args.games, name)]
        units = [_units(game_id, t) for t in records]
        unit = WRITTEN[game_id].unit
        for paper in ("letter", "a4"):
            per_page = written_per_page(game_id, paper)
            written = [_written_pages(per_page, u) for u in units]
            log = LOGS.get(name, "")
            bubbles = [bubble_sheets(game_id, t if log else _shadeable(game_id, t), paper, log)
                       for t in records]
            bands = bubble_lines(game_id, records[0], paper, log)
            page = "/".join(map(str, dict.fromkeys(per_page)))
            print(f"{name:14} {paper:6} {page + ' ' + unit + 's':>22} {bands:>22} "
                  f"{statistics.mean(units):>9.0f} {unit}s ({min(units)}-{max(units)}) "
                  f"{statistics.mean(written):>8.1f} {statistics.mean(bubbles):>14.1f} "
                  f"{statistics.mean(bubbles) / statistics.mean(written):>6.2f}", flush=True)
    print("\nratio: bubble sheets a game / written pages a game (1.00: as few as written; "
          "a game's units are its record lines, score lines or drives, as the written log "
          "has rows for them)")


if __name__ == "__main__":
    main()
