"""`printkit verify RECORD`: audit a recorded game line by line.

The game is read from the record's `[Game "..."]` tag; a Card Bowl record written exactly as in
its rules' "Example of Play Notes" (no tags) is recognised by its `D & D @ Y` lines. Each game's
verifier lives in engine/<game>/verify.py as ``verify_text(text, file) -> Report``.
"""

from __future__ import annotations

import importlib
import re
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from engine.errors import ReadError
from engine.findings import Report

VERIFIERS = {
    "postcard": "engine.postcard.verify",
    "cardbowl": "engine.cardbowl.verify",
}
_GAME_TAG = re.compile(r'^\s*\[\s*Game\s+"([^"]*)"\s*\]', re.MULTILINE)
_CARDBOWL_LINE = re.compile(r"^\s*[1-4]\s*&\s*(\d+|goal|G)\s*@\s*(own|opp)?\s*\d+",
                            re.MULTILINE | re.I)


class Format(StrEnum):
    text = "text"
    json = "json"


def detect_game(text: str, file: str) -> str:
    if m := _GAME_TAG.search(text):
        game = m.group(1).strip().lower()
        if game not in VERIFIERS:
            line = text[: m.start(1)].count("\n") + 1
            raise ReadError(f"no verifier for game {game!r} (have: {', '.join(VERIFIERS)})",
                            file, line)
        return game
    if _CARDBOWL_LINE.search(text):
        return "cardbowl"
    raise ReadError('cannot tell the game: add a [Game "postcard"] or [Game "cardbowl"] tag',
                    file, 1)


def verify_text(text: str, file: str, rules_file: Path | None = None) -> Report:
    """Verify with the game's shipped rules, or with a player's own values laid over them."""
    game = detect_game(text, file)
    module = importlib.import_module(VERIFIERS[game])
    if rules_file is None:
        return module.verify_text(text, file)
    rules = importlib.import_module(f"engine.{game}.rules").load_rules(rules_file)
    return module.verify_text(text, file, rules)


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
