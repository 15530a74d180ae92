"""reportlab's C accelerator is a runtime dependency, and it changes speed, never bytes: a
board drawn with it and one drawn by reportlab's pure-Python fallback are the same PDF."""

from __future__ import annotations

import subprocess
import sys

RENDER = """
import sys
if sys.argv[1] == "without":
    class _Block:
        def find_spec(self, name, path=None, target=None):
            if name == "_rl_accel":
                raise ImportError("blocked for the test")
    sys.meta_path.insert(0, _Block())
from printkit import sheets
from printkit.layout import load_layout
printable = sheets.get("postcard", "board")
pdf = sheets.render(printable, sheets.RenderOptions(), load_layout(printable.layout))
sys.stdout.buffer.write(pdf)
"""


def _render(mode: str) -> bytes:
    return subprocess.run([sys.executable, "-c", RENDER, mode], capture_output=True,
                          check=True).stdout


def test_the_accelerator_is_installed():
    import _rl_accel  # noqa: F401  (a runtime dependency: pyproject.toml)


def test_the_same_bytes_with_and_without_the_accelerator():
    with_c, without = _render("with"), _render("without")
    assert with_c[:5] == b"%PDF-" and len(with_c) > 10_000
    assert with_c == without
