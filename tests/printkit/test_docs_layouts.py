"""docs/layouts.md documents every key of every shipped layout file (Squib's habit)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from printkit.layout import load_layout

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "docs" / "layouts.md").read_text()
LAYOUTS = sorted((ROOT / "layouts").glob("*.toml"))


def _keys(data: dict, prefix: str = "") -> list[str]:
    keys = []
    for k, v in data.items():
        keys += _keys(v, f"{prefix}{k}.") if isinstance(v, dict) else [f"{prefix}{k}"]
    return keys


def _section(name: str) -> str:
    m = re.search(rf"^## {re.escape(name)}\s*$(.*?)(?=^## |\Z)", DOCS, re.M | re.S)
    assert m, f"docs/layouts.md has no '## {name}' section"
    return m.group(1)


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.stem)
def test_every_key_documented(path):
    """A sheet's section names every key a user may set, the inherited ones too (the
    merged layout); the base's section names the base's own keys."""
    section = _section(path.stem)
    data = tomllib.loads(path.read_text()) if path.stem == "base" else \
        load_layout(path.stem).data
    missing = [k for k in _keys(data) if f"`{k}`" not in section]
    assert not missing, f"{path.name}: undocumented keys {missing}"
