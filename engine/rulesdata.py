"""Loading a game's rules data file, optionally with a user's file laid over it.

The shipped file is the schema: a user's file may only use its keys, with values of the same
shape, so a player's own chart values cannot silently miss the engine.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from engine.errors import ReadError

T = TypeVar("T")

_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"]+)\s*=")


def _line_of(text: str, key: str) -> int:
    leaf = key.rsplit(".", 1)[-1]
    for number, line in enumerate(text.splitlines(), start=1):
        m = _KEY.match(line)
        if m and m.group(1).strip('"') == leaf:
            return number
    return 0


def read_toml(path: Path) -> tuple[dict[str, Any], str]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ReadError(f"cannot read rules file ({exc.strerror})", str(path)) from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line, col = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
        reason = re.sub(r"\s*\(at line.*\)", "", str(exc))
        raise ReadError(f"not valid TOML: {reason}", str(path), line, col) from None


def _shape(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


def overlay(default: dict, user: dict, path: Path, text: str, prefix: str = "") -> dict:
    merged = dict(default)
    for key, value in user.items():
        full = f"{prefix}{key}"
        if key not in default:
            raise ReadError(f"unknown key '{full}'", str(path), _line_of(text, full))
        want, got = _shape(default[key]), _shape(value)
        if want != got:
            raise ReadError(f"key '{full}': expected a {want}, found a {got}", str(path),
                            _line_of(text, full))
        merged[key] = overlay(default[key], value, path, text, f"{full}.") \
            if isinstance(value, dict) else value
    return merged


def load(default_path: Path, user_path: Path | None = None) -> dict[str, Any]:
    data, _ = read_toml(default_path)
    if user_path is not None:
        user, text = read_toml(user_path)
        data = overlay(data, user, Path(user_path), text)
    return data


def loader(default_path: Path, build: Callable[[dict[str, Any], str], T]
           ) -> Callable[[Path | None], T]:
    """A game's `load_rules(user_file=None)`: the shipped rules built once and cached, or the
    shipped rules with a player's file laid over them, built afresh."""

    @cache
    def shipped() -> T:
        return build(load(default_path), str(default_path))

    def load_rules(user_file: Path | None = None) -> T:
        if user_file is None:
            return shipped()
        return build(load(default_path, Path(user_file)), str(user_file))

    return load_rules
