"""docs/layouts.md documents every key of every shipped layout file (Squib's habit)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

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
    section = _section(path.stem)
    missing = [k for k in _keys(tomllib.loads(path.read_text())) if f"`{k}`" not in section]
    assert not missing, f"{path.name}: undocumented keys {missing}"
