"""The CLI contract: names, the list table, unknown games and sheets, docs kept in sync."""

from __future__ import annotations

from pathlib import Path

import typer.main

from engine import registry
from printkit.cli import app
from tests.helpers import run_cli

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"
README = Path(__file__).resolve().parents[2] / "README.md"


def test_help_lists_commands():
    result = run_cli("--help")
    assert result.code == 0
    for name in ("list", "render", "verify"):
        assert name in result.stdout


def test_list_shows_games_by_sheets(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    result = run_cli("list")
    assert result.code == 0
    for game in registry.GAMES.values():
        assert game.id in result.stdout and game.title in result.stdout
    postcard = next(line for line in result.stdout.splitlines() if "postcard" in line)
    assert "board, drivelog" in postcard and "verify, simulate" in postcard
    cardgrid = next(line for line in result.stdout.splitlines() if "cardgrid" in line)
    assert "board" not in cardgrid and "verify" not in cardgrid


def test_list_fits_80_columns(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    result = run_cli("list")
    assert result.code == 0 and "postcard" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_unknown_game_and_sheet_are_one_line_errors():
    r = run_cli("render", "chess", "board")
    assert r.code == 2 and r.stderr.startswith("printkit: error: unknown game 'chess'")
    r = run_cli("render", "postcard", "poster")
    assert r.code == 2 and "unknown sheet 'poster'" in r.stderr
    r = run_cli("render", "blowout", "tournament")
    assert r.code == 2 and "blowout has no tournament sheet" in r.stderr


def test_every_command_and_option_is_documented():
    """Keeps docs/cli.md in sync with the CLI: a new option without docs fails here."""
    docs = DOCS.read_text()
    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        assert f"printkit {name}" in docs, f"command {name} missing from docs/cli.md"
        for param in command.params:
            for opt in getattr(param, "opts", []):
                if opt.startswith("--") and opt != "--help":
                    assert f"`{opt}" in docs, f"{name} {opt} missing from docs/cli.md"


def test_readme_opens_with_the_two_commands():
    lines = [ln for ln in README.read_text().splitlines() if ln.strip()]
    block = lines[lines.index("```") + 1:]
    assert block[0].startswith("make demo") and block[1].startswith("make test")
    assert block[2] == "```"
