"""rules.toml is the one source of the card's values: every key becomes a typed attribute,
every attribute is read by some code, and no code reads the rules by string key."""

from __future__ import annotations

import dataclasses
import keyword
import re
import tomllib
from pathlib import Path

import pytest

from printkit_engine.errors import ReadError
from printkit_engine.postcard.rules import RULES_FILE, build, load_rules

ROOT = Path(__file__).resolve().parents[3]
DATA = tomllib.loads(RULES_FILE.read_text())
CODE = [*sorted((ROOT / "engine" / "postcard").glob("*.py")),
        *sorted((ROOT / "printkit" / "sheets" / "postcard").rglob("*.py"))]
SOURCE = "\n".join(p.read_text() for p in CODE)


def _attribute(key: str) -> str:
    return f"{key}_" if keyword.iskeyword(key) else key


def _leaves(data: object, obj: object, path: str) -> list[tuple[str, str]]:
    """(TOML path, attribute name) of every leaf key, asserting the built object holds the
    same value under the attribute."""
    out: list[tuple[str, str]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            where = f"{path}.{key}" if path else key
            if isinstance(obj, dict):               # a table keyed by number (beats, stars)
                assert int(key) in obj, where
                out += _leaves(value, obj[int(key)], where)
                continue
            name = _attribute(key)
            assert hasattr(obj, name), f"{where}: no attribute {name} on {type(obj).__name__}"
            got = getattr(obj, name)
            if isinstance(value, dict) or (isinstance(value, list) and value
                                           and isinstance(value[0], dict)):
                out += _leaves(value, got, where)
            else:
                assert got == (tuple(value) if isinstance(value, list) else value), where
            out.append((where, name))
    elif isinstance(data, list):                    # a list of tables: rows, levels, spots
        assert len(data) == len(obj), path           # type: ignore[arg-type]
        for n, (item, built) in enumerate(zip(data, obj, strict=True)):  # type: ignore
            out += _leaves(item, built, f"{path}[{n}]")
    else:
        assert obj == data, path
    return out


LEAVES = _leaves(DATA, load_rules(), "")


def test_every_key_of_the_rules_file_is_a_typed_attribute():
    sections = {f.name for f in dataclasses.fields(load_rules())}
    assert sections == {_attribute(k) for k in DATA}
    assert len(LEAVES) > 100


@pytest.mark.parametrize("name", sorted({name for _, name in LEAVES}))
def test_every_attribute_is_read_by_some_code(name):
    """A key that nothing reads is a value the board or the verifier silently ignores."""
    assert re.search(rf"\.{name}\b", SOURCE), f"no code reads .{name}"


def test_a_key_the_typed_rules_do_not_know_is_refused():
    data = tomllib.loads(RULES_FILE.read_text())
    data["bonus"]["wobble"] = 1
    with pytest.raises(ReadError, match="wobble"):
        build(data, "rules.toml")


def test_no_code_reads_rules_by_string_key():
    for path in CODE:
        if path.name == "rules.py":
            continue
        text = path.read_text()
        assert not re.search(r"\.section\(|rules\.data\b|rules[\w.]*\[\"", text), path
