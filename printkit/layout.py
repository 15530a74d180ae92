"""Layout files: geometry, fonts and colours of one printable, in real units, validated on load.

The shipped file in layouts/ is both the default and the schema: a user's file (``--layout``)
may only use keys the shipped file has, each with a value of the same kind. So a typo is an
error naming the file and line, never a silently ignored setting.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, HexColor

from printkit.errors import UserError
from printkit.units import UnitError, looks_like_length, parse_length

LAYOUT_DIR = next(d for d in (Path(__file__).resolve().parent / "layouts",    # installed
                         Path(__file__).resolve().parent.parent / "layouts")  # checkout
                  if d.is_dir())
FONTS = ("DejaVuSans", "DejaVuSans-Bold")
_COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")
_HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\-\" ]+?)\s*\]\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")


class LayoutError(UserError):
    """A layout value that is unknown, missing or malformed: names file, line and key."""


def _kind(value: Any, key: str) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, dict):
        return "table"
    if isinstance(value, list):
        return "list"
    if key.endswith("font"):
        return "font"
    if isinstance(value, str) and _COLOUR.match(value):
        return "colour"
    if isinstance(value, str) and looks_like_length(value):
        return "length"
    return "text"


def _key_lines(text: str) -> dict[str, int]:
    """Line of each dotted key in a TOML text, for error messages (tomllib gives none)."""
    lines: dict[str, int] = {}
    table = ""
    for number, line in enumerate(text.splitlines(), start=1):
        if m := _HEADER.match(line):
            table = m.group(1).replace('"', "").replace(" ", "")
            lines.setdefault(table, number)
        elif m := _KEY.match(line):
            lines[f"{table}.{m.group(1)}" if table else m.group(1)] = number
    return lines


@dataclass
class _Source:
    path: Path
    lines: dict[str, int]

    def where(self, key: str) -> str:
        line = self.lines.get(key)
        if line is None:
            # fall back to the nearest enclosing table
            parts = key.split(".")
            while parts and line is None:
                parts.pop()
                line = self.lines.get(".".join(parts))
        return f"{self.path}:{line}" if line else str(self.path)


def _read(path: Path) -> tuple[dict[str, Any], _Source]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LayoutError(f"{path}: cannot read layout file ({exc.strerror})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        where = f"{path}:{m.group(1)}:{m.group(2)}" if m else str(path)
        reason = re.sub(r"\s*\(at line.*\)", "", str(exc))
        raise LayoutError(f"{where}: not valid TOML: {reason}") from None
    return data, _Source(path, _key_lines(text))


def _check_value(key: str, kind: str, value: Any, src: _Source) -> None:
    where = src.where(key)
    if isinstance(value, str) and value.strip() == "" and kind != "text":
        raise LayoutError(f"{where}: key '{key}': missing value")
    if kind == "length":
        if not isinstance(value, str):
            raise LayoutError(f"{where}: key '{key}': expected a length such as '12 mm'")
        try:
            parse_length(value)
        except UnitError as exc:
            raise LayoutError(f"{where}: key '{key}': {exc}") from None
    elif kind == "colour":
        if not (isinstance(value, str) and _COLOUR.match(value)):
            raise LayoutError(f"{where}: key '{key}': expected a colour '#RRGGBB', got {value!r}")
    elif kind == "font":
        if value not in FONTS:
            raise LayoutError(f"{where}: key '{key}': unknown font {value!r} "
                              f"(available: {', '.join(FONTS)})")
    elif kind == "number":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise LayoutError(f"{where}: key '{key}': expected a number, got {value!r}")
    elif kind == "bool":
        if not isinstance(value, bool):
            raise LayoutError(f"{where}: key '{key}': expected true or false, got {value!r}")
    elif kind == "list":
        if not isinstance(value, list):
            raise LayoutError(f"{where}: key '{key}': expected a list, got {value!r}")
    elif kind == "text" and not isinstance(value, str):
        raise LayoutError(f"{where}: key '{key}': expected text, got {value!r}")


def _merge(default: dict, user: dict, src: _Source, prefix: str = "") -> dict:
    merged = dict(default)
    for key, value in user.items():
        full = f"{prefix}{key}"
        if key not in default:
            raise LayoutError(f"{src.where(full)}: unknown key '{full}'")
        kind = _kind(default[key], key)
        if kind == "table":
            if not isinstance(value, dict):
                raise LayoutError(f"{src.where(full)}: key '{full}': expected a table")
            merged[key] = _merge(default[key], value, src, f"{full}.")
        else:
            _check_value(full, kind, value, src)
            merged[key] = value
    return merged


def _validate_all(data: dict, src: _Source, prefix: str = "") -> None:
    for key, value in data.items():
        full = f"{prefix}{key}"
        kind = _kind(value, key)
        if kind == "table":
            _validate_all(value, src, f"{full}.")
        else:
            _check_value(full, kind, value, src)


class Layout:
    """Validated layout values with typed accessors; lengths come back in points."""

    def __init__(self, name: str, data: dict[str, Any], sources: list[_Source],
                 ink_saver: bool = False) -> None:
        self.name = name
        self.data = data
        self.sources = sources
        self.ink_saver = ink_saver

    def raw(self, key: str) -> Any:
        node: Any = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                files = " / ".join(str(s.path) for s in self.sources)
                raise LayoutError(f"{files}: key '{key}': missing value")
            node = node[part]
        return node

    def length(self, key: str) -> float:
        return parse_length(self.raw(key))

    def number(self, key: str) -> float:
        return self.raw(key)

    def text(self, key: str) -> str:
        return self.raw(key)

    def font(self, key: str) -> str:
        return self.raw(key)

    def flag(self, key: str) -> bool:
        return bool(self.raw(key))

    def list(self, key: str) -> list[Any]:
        return list(self.raw(key))

    def colour(self, key: str) -> Color:
        return HexColor(self.raw(key))

    def fill(self, key: str) -> Color:
        """An area colour: with --ink-saver it is washed out towards white to save toner."""
        return self.wash(self.colour(key))

    def fills(self, key: str) -> list[Color]:
        return [self.wash(HexColor(v)) for v in self.list(key)]

    def wash(self, c: Color, keep: float = 0.2) -> Color:
        if not self.ink_saver:
            return c
        return Color(1 - keep * (1 - c.red), 1 - keep * (1 - c.green), 1 - keep * (1 - c.blue))

    def has(self, key: str) -> bool:
        try:
            self.raw(key)
        except LayoutError:
            return False
        return True


def default_path(name: str) -> Path:
    return LAYOUT_DIR / f"{name}.toml"


def load_layout(name: str, override: Path | None = None, ink_saver: bool = False) -> Layout:
    """The shipped layout `name`, validated, with a user's file laid over it."""
    data, src = _read(default_path(name))
    _validate_all(data, src)
    sources = [src]
    if override is not None:
        user, usrc = _read(Path(override))
        data = _merge(data, user, usrc)
        sources.append(usrc)
    return Layout(name, data, sources, ink_saver=ink_saver)
