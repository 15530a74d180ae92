"""Start-up stays light: `printkit --help` and `--version` load no PDF, image or rules engine
library, and each command loads what it uses only (issue #12: `printkit --help` <= 120 ms).

Each check runs in a fresh interpreter (this process has long since imported everything) and
lists the modules loaded after the command ran, so a module-level import added to a command
module, to printkit.cli or to something they import fails here by name.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECORD = next((ROOT / "tests" / "engine" / "postcard" / "records" / "clean").glob("*"))

# libraries no command line needs before it knows what it is asked to do
HEAVY = ("reportlab", "PIL", "pypdfium2", "qrcode", "cv2", "numpy", "rich", "pdfplumber",
         "pypdf", "zxingcpp")

RUN = """
import contextlib, io, json, sys
from printkit.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit as exc:
        code = exc.code
print(json.dumps({"code": code, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""


def _run(*args: str) -> dict:
    done = subprocess.run([sys.executable, "-c", RUN, *args], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    return json.loads(done.stdout)


def _loaded(modules: list[str], roots: tuple[str, ...]) -> list[str]:
    return [m for m in modules if m.split(".")[0] in roots]


@pytest.mark.parametrize("args", [("--help",), ("--version",), ()])
def test_help_and_version_load_no_heavy_library_and_no_game(args):
    result = _run(*args)
    assert result["code"] == 0
    assert "printkit" in result["out"]
    # pydantic: Typer converts option values with it, and --help converts none
    assert _loaded(result["modules"], (*HEAVY, "pydantic")) == []
    # the games, their rules data and the sheets are not needed to list the commands
    game_modules = [m for m in result["modules"] if m.startswith(
        ("printkit_engine.registry", "printkit_engine.game", "printkit_engine.postcard",
         "printkit_engine.cardbowl", "printkit_engine.blowout", "printkit_engine.luckdraw",
         "printkit_engine.cardgrid", "printkit_engine.datafile", "printkit_engine.tournament",
         "printkit.sheets", "printkit.pdfdoc", "printkit.output",
         "printkit.books"))]
    assert game_modules == []


def test_help_lists_every_command_with_its_docstring_line():
    """The command list is made without building the commands: it must still say what each
    one's docstring says (first words; click shortens the rest)."""
    out = _run("--help")["out"]
    rows = out.split("Commands:\n")[1].splitlines()
    names = [row.split()[0] for row in rows if row.strip()]
    assert names == ["list", "render", "kit", "verify", "playbook", "scan", "simulate", "odds",
                     "classroom", "audit", "serve"]
    assert "  render     Render one printable to PDF." in rows
    assert "  simulate   Play complete games with seeded bots and write their records." in rows


def test_subcommand_help_loads_no_heavy_library():
    result = _run("render", "--help")
    assert result["code"] == 0 and "--paper" in result["out"]
    assert _loaded(result["modules"], HEAVY) == []


def test_verifying_a_record_loads_no_pdf_or_image_library():
    result = _run("verify", str(RECORD))
    assert result["code"] == 0, result["out"]
    assert _loaded(result["modules"], HEAVY) == []


@pytest.mark.parametrize("command", ["verify", "audit"])
def test_checking_a_tagged_record_loads_no_other_game(command):
    """A record's [Game] tag names its game: `verify` and `audit` load that game's package
    and no other (every game's was a fifth of `audit`'s start-up, issue 28)."""
    result = _run(command, str(RECORD if command == "verify" else RECORD.parent))
    assert result["code"] == 0, result["out"]
    assert "printkit_engine.postcard.verify" in result["modules"]
    others = [m for m in result["modules"] if m.startswith(
        ("printkit_engine.cardbowl", "printkit_engine.blowout", "printkit_engine.luckdraw",
         "printkit_engine.cardgrid"))]
    assert others == []


def test_a_mistyped_command_is_still_suggested():
    from tests.helpers import run_cli

    r = run_cli("verif", "x")
    assert r.code == 2
    assert r.stderr == "printkit: error: No such command 'verif'. Did you mean 'verify'?\n"


@pytest.mark.parametrize("words, cword, expected", [
    ("printkit re", 1, ["render"]),
    ("printkit render post", 2, ["postcard"]),
    ("printkit render postcard boa", 3, ["board"]),
])
def test_shell_completion_still_offers_commands_games_and_sheets(words, cword, expected):
    """Commands are built when completion reaches them: names, then each one's arguments."""
    env = {"_PRINTKIT_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword),
           "PATH": "", "HOME": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", "from printkit.cli import main; main()"],
                          capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    assert done.stdout.split() == expected, done.stderr


def test_a_one_page_render_loads_no_pydantic_and_no_other_game(tmp_path):
    """`render postcard board` (issue #12: a one-page render <= 0.4 s) loads what drawing the
    board needs and nothing more: Typer 0.29 coerced every option through pydantic (+90-160
    ms a command; pyproject pins typer <0.29), the QR, rasterising and scanning libraries are
    for books, previews and scans, and the other games' engines are not this sheet's."""
    out = tmp_path / "board.pdf"
    result = _run("render", "postcard", "board", "--out", str(out))
    assert result["code"] == 0, result["out"]
    assert out.read_bytes().startswith(b"%PDF-")
    assert _loaded(result["modules"], ("pydantic", "pydantic_core", "qrcode", "pypdfium2",
                                       "cv2", "numpy", "pdfplumber", "pypdf", "zxingcpp",
                                       "rich")) == []
    others = [m for m in result["modules"] if m.startswith(
        ("printkit_engine.cardbowl", "printkit_engine.blowout", "printkit_engine.luckdraw",
         "printkit_engine.cardgrid", "printkit_engine.tournament"))]
    assert others == []
