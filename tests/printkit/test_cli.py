"""The CLI contract: names, the list table, unknown games and sheets, docs kept in sync."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from printkit.cli import app
from printkit_engine import registry
from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "cli.md"
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
    assert "board" not in cardgrid and "field, scoresheet" in cardgrid
    assert "verify, simulate" in cardgrid
    cardbowl = next(line for line in result.stdout.splitlines() if "cardbowl" in line)
    assert "verify, simulate" in cardbowl


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
    r = run_cli("render", "blowout", "cribbage")
    assert r.code == 2 and "blowout has no cribbage sheet" in r.stderr
    r = run_cli("render", "postcard", "clock")
    assert r.code == 2 and r.stderr == ("printkit: error: postcard has no clock sheet (sheets "
                                        "of postcard: board, drivelog, refcard, bubblelog, "
                                        "tournament)\n")


def test_version_and_short_help():
    from printkit import __version__

    r = run_cli("--version")
    assert r.code == 0 and r.stdout == f"printkit {__version__}\n"
    r = run_cli("render", "-h")
    assert r.code == 0 and "Usage: printkit render" in r.stdout
    assert "<bool>" not in r.stdout and "--png " in r.stdout


def test_usage_errors_are_one_line_naming_the_option():
    r = run_cli("playbook", "cardbowl", "--seed", "x", "--plays", "many")
    assert r.code == 2 and r.stderr.count("\n") == 1
    assert r.stderr.startswith("printkit: error: playbook: Invalid value for '--plays'")
    r = run_cli("playbook", "cardbowl", "--seed", "x", "--plays", "0")
    assert r.code == 2 and r.stderr == ("printkit: error: --plays: must be between 1 and 2000, "
                                        "not 0\n")
    r = run_cli("render", "postcard", "board", "--no-such-option")
    assert r.code == 2 and r.stderr.count("\n") == 1 and "--no-such-option" in r.stderr
    assert "\u256d" not in r.stderr          # no rich box


def test_an_internal_error_is_one_line_exit_70(monkeypatch):
    import rich.console

    def boom(*args, **kwargs):
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(rich.console.Console, "print", boom)
    r = run_cli("list")
    assert r.code == 70 and r.stderr.count("\n") == 1
    assert r.stderr.startswith("printkit: internal error, please report: ZeroDivisionError: "
                               "planted")


def test_an_exception_in_a_games_step_is_an_internal_error_not_unreadable(monkeypatch,
                                                                           tmp_path):
    """A bug in a game's step (here planted in BLOWOUT!!!'s) is printkit's: exit 70, never
    'cannot read this record' (exit 2)."""
    from dataclasses import replace

    from printkit_engine.blowout import verify as blowout

    def broken(state, line):
        raise KeyError("planted")

    monkeypatch.setattr(blowout, "RULEBOOK", replace(blowout.RULEBOOK, step=broken))
    record = tmp_path / "r.rec"
    record.write_text('[Game "blowout"]\nQ1 H R70 D65 +5 {H 2&5 H25 0-0}\n')
    r = run_cli("verify", str(record))
    assert r.code == 70 and r.stderr.count("\n") == 1
    assert r.stderr.startswith("printkit: internal error, please report: KeyError")


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


OUTPUT_COMMANDS = [["list"], ["verify", "examples/game.rec"], ["verify", "examples"],
                   ["odds", "postcard"]]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", OUTPUT_COMMANDS, ids=" ".join)
def test_a_full_disk_is_exit_74_in_one_line(args):
    """Output that cannot be written is the user's world, not a bug: one line, exit 74."""
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "printkit", *args], cwd=ROOT, stdout=full,
                           stderr=subprocess.PIPE, text=True, timeout=120)
    assert r.returncode == 74
    assert r.stderr == "printkit: error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("args", OUTPUT_COMMANDS, ids=" ".join)
def test_a_reader_gone_away_ends_quietly_with_141(args):
    """`printkit ... | head`: the reader closes the pipe; no message, exit 141 (a shell's
    SIGPIPE), never 1 (findings) or 70 (a bug)."""
    p = subprocess.Popen([sys.executable, "-m", "printkit", *args], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait(timeout=120) == 141 and err == b""


@pytest.mark.parametrize("given,paper,width", [("A4", "a4", 595), ("Letter", "letter", 612),
                                               ("LETTER", "letter", 612)])
def test_paper_in_any_case(tmp_path, given, paper, width):
    """`--paper A4` / `Letter` (issue 30): the same page as the lower-case name."""
    import pikepdf

    out = tmp_path / "ref.pdf"
    r = run_cli("render", "postcard", "refcard", "--paper", given, "--out", str(out))
    assert r.code == 0, r.stderr
    with pikepdf.open(out) as pdf:
        assert round(float(pdf.pages[0].MediaBox[2])) == width
    book = tmp_path / "book.pdf"
    r = run_cli("playbook", "postcard", "--seed", "s", "--paper", given, "--out", str(book))
    assert r.code == 0, r.stderr


def test_paper_choices_are_the_library_papers():
    from printkit.commands.paper import Paper
    from printkit.papers import PAPERS

    assert {p.value for p in Paper} == set(PAPERS) == {"letter", "a4"}


def test_an_unknown_paper_is_one_line_exit_2(tmp_path):
    r = run_cli("render", "postcard", "refcard", "--paper", "A5", "--out",
                str(tmp_path / "x.pdf"))
    assert r.code == 2
    assert "--paper" in r.stderr and "A5" in r.stderr and "Traceback" not in r.stderr
