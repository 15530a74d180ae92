"""Every command shown in README.md and docs/cli.md runs as written, and no file of the
repository points outside it.

The commands run in a fresh folder set up the way `make demo` leaves a checkout: the demo's
renders in output/ and the shipped examples/ beside them. Lines of a block run in order (a
later line may use what an earlier one wrote); `make ...` lines are the set-up itself.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = ("README.md", "docs/cli.md")
FENCE = re.compile(r"^```([a-z]*)\n(.*?)^```", re.S | re.M)


def commands(doc: str) -> list[str]:
    text = (ROOT / doc).read_text(encoding="utf-8")
    out = []
    for lang, body in FENCE.findall(text):
        if lang not in ("", "sh", "bash", "console"):
            continue
        for line in body.splitlines():
            line = line.strip()
            if line.startswith("printkit "):
                out.append(line)
    return out


def _argv(line: str) -> list[str]:
    words = shlex.split(line, comments=True)
    assert words[0] == "printkit"
    return words[1:]


PREVIEW_DPI = 12      # the demo's previews drawn coarse here: no command shown reads them


@pytest.fixture(scope="module")
def demo_dir(tmp_path_factory) -> Path:
    """A folder as `make demo` leaves it: output/ rendered (every printable on both papers,
    each game's kit, each with its PNG previews: the same files), examples/ shipped. The
    previews are rasterised at PREVIEW_DPI instead of 150 dpi (three quarters of the demo's
    time): the files are there, as a command writing beside them meets them; what a preview
    at 150 dpi holds is checked where `--png` is (the commands below, tests/printkit/
    test_memory.py)."""
    from printkit import demo, preview

    where = tmp_path_factory.mktemp("demo")
    shutil.copytree(ROOT / "examples", where / "examples")
    old = Path.cwd()
    real = preview.rasterise
    try:
        os.chdir(where)
        preview.rasterise = lambda pdf, dpi=preview.DPI: real(pdf, PREVIEW_DPI)
        demo.main()
    finally:
        preview.rasterise = real
        os.chdir(old)
    return where


@pytest.mark.parametrize("doc", DOCS)
def test_every_command_shown_runs_as_written(doc, demo_dir, tmp_path):
    lines = commands(doc)
    assert len(lines) >= 5, f"{doc}: no commands found"
    work = tmp_path / "work"
    shutil.copytree(demo_dir, work)
    before = _repository_state()
    for line in lines:
        result = run_cli(*_argv(line), cwd=work)
        assert result.code == 0, f"{doc}: `{line}` exit {result.code}: {result.stderr}"
        assert "Traceback" not in result.stderr
    assert _repository_state() == before          # nothing written into the repository
    if doc == "README.md":
        from PIL import Image

        # a preview at 150 dpi: the board's A4 page lies turned, 297 x 210 mm = 1753.9 x
        # 1240.2 pixels, rounded up
        with Image.open(work / "lions.png") as image:
            assert image.size == (1754, 1241)


def _repository_state() -> dict[Path, tuple[int, int]]:
    """Every file of the checkout but its tools' (git, the virtual environment, caches), with
    its size and modification time: a command that wrote into the repository (ignored output/
    included) adds a file or changes one."""
    skip = {".git", ".venv", "build", "__pycache__", ".mypy_cache", ".ruff_cache",
            ".hypothesis", ".pytest_cache", "printkit.egg-info"}
    found = {}
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in skip]
        for name in files:
            path = Path(folder, name)
            try:
                st = path.stat()
            except FileNotFoundError:       # a file another test's process just removed
                continue
            found[path] = (st.st_size, st.st_mtime_ns)
    return found


def test_the_readme_opens_with_the_two_commands():
    first = FENCE.search((ROOT / "README.md").read_text(encoding="utf-8")).group(2)
    assert [line.split("#")[0].strip() for line in first.splitlines()] == ["make demo",
                                                                           "make test"]


LINK = re.compile(r"\]\(([^)\s]+)\)")


def _tracked_text_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    files = [ROOT / name for name in listed.stdout.splitlines()] if listed.returncode == 0 \
        else [p for p in ROOT.rglob("*") if ".git" not in p.parts and ".venv" not in p.parts]
    return [p for p in files if p.is_file() and p.suffix in (".md", ".py", ".toml", ".txt",
                                                             ".rec", ".cfg", "")]


def test_no_file_points_outside_the_repository():
    outside = []
    for path in _tracked_text_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        rel = path.relative_to(ROOT)
        if path.name == Path(__file__).name:
            continue
        for n, line in enumerate(text.splitlines(), start=1):
            if "../shared" in line or "/work/" in line:
                outside.append(f"{rel}:{n}: {line.strip()}")
        if path.suffix == ".md":
            for target in LINK.findall(text):
                if re.match(r"[a-z]+:", target) or target.startswith("#"):
                    continue
                resolved = (path.parent / target.split("#")[0]).resolve()
                if not resolved.is_relative_to(ROOT) or not resolved.exists():
                    outside.append(f"{rel}: link {target}")
    assert outside == []
