"""`printkit verify RECORD`: audit a recorded game line by line.

The game is read from the record's `[Game "..."]` tag; an untagged record is offered to each
game's notation detector (Card Bowl play notes written exactly as in its rules' example are
known by their `D & D @ Y` lines). Each game object carries its verifier.
"""

from __future__ import annotations

import re
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from engine import registry
from engine.errors import ReadError
from engine.findings import Report
from engine.game import Game

_GAME_TAG = re.compile(r'[ \t]*\[[ \t]*Game[ \t]+"([^"\n]*)"[ \t]*\]')


class Format(StrEnum):
    text = "text"
    json = "json"


def detect_game(text: str, file: str) -> Game:
    """The game a record is in: its `[Game "..."]` tag, else the one game whose detector
    recognises its notation (each game's `detect`, asked in registry order)."""
    verifiable = registry.with_part("verify")
    for number, line in enumerate(text.splitlines(), start=1):
        if m := _GAME_TAG.match(line):
            game_id = m.group(1).strip().lower()
            game = registry.GAMES.get(game_id)
            if game is None or game.verify is None:
                raise ReadError(f"no verifier for game {game_id!r} (have: "
                                f"{', '.join(g.id for g in verifiable)})", file, number)
            return game
    for game in verifiable:
        if game.detect is not None and game.detect(text):
            return game
    tags = " or ".join(f'[Game "{g.id}"]' for g in verifiable)
    raise ReadError(f"cannot tell the game: add a {tags} tag", file, 1)


def verify_text(text: str, file: str, rules_file: Path | None = None) -> Report:
    """Verify with the game's shipped rules, or with a player's own values laid over them."""
    game = detect_game(text, file)
    rules = None if rules_file is None else game.rules(rules_file)
    return game.verify(text, file, rules)


def read_record(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ReadError(f"cannot read record ({exc.strerror})", str(path)) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ReadError("not UTF-8 text", str(path), line, col) from None


def verify(
    record: Annotated[Path, typer.Argument(help="The record file to audit.")],
    format: Annotated[Format, typer.Option("--format", help="text or json.")] = Format.text,
    rules: Annotated[Path | None, typer.Option(help="Rules TOML with your own chart values "
                                                    "(the same file given to render).")] = None,
) -> None:
    """Audit a game record; exit 0 clean, 1 findings, 2 unreadable input."""
    report = verify_text(read_record(record), str(record), rules)
    typer.echo(report.to_json() if format is Format.json else report.to_text())
    sys.exit(0 if report.clean else 1)


def register(app: typer.Typer) -> None:
    app.command("verify")(verify)
