"""Layout files: geometry, fonts and colours of one printable, in real units, validated on load.

The shipped file in layouts/ is both the default and the schema (engine/datafile.py): a user's
file (``--layout``) may only use keys the shipped file has, each with a value of the same kind
inside the key's range (RANGES below). So a typo or an absurd value is one line naming the
file, the line and the key, never a silently ignored setting, a crash or a broken page.
"""

from __future__ import annotations

import builtins
import copy
import re
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, HexColor

from engine import datafile
from engine.datafile import DataFile, Spec
from engine.errors import ReadError
from printkit.errors import UserError
from printkit.units import MM, PT, UnitError, looks_like_length, parse_length, show_length

LAYOUT_DIR = next(d for d in (Path(__file__).resolve().parent / "layouts",    # installed
                         Path(__file__).resolve().parent.parent / "layouts")  # checkout
                  if d.is_dir())
FONTS = ("DejaVuSans", "DejaVuSans-Bold")
WHAT = "layout file"
_COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")


class LayoutError(UserError):
    """A layout value that is unknown, missing or malformed: names file, line and key."""

    def __init__(self, message: str, file: str = "", line: int = 0) -> None:
        super().__init__(message)
        self.file = file
        self.line = line


# -- ranges: every length, number and list of a layout has one --------------------------------
# Lengths by the last part of their key, in points; a length not named here is geometry on a
# page: more than nothing and at most the long side of A4.
PAGE = (0.1 * MM, 300 * MM, "mm")
FONT_SIZE = (4 * PT, 72 * PT, "pt")
LINE = (0.1 * PT, 10 * PT, "pt")
SIZES = {"title_size", "label_size", "small_size", "number_size", "cell_size", "text_size",
         "tag_size", "value_size", "index_size", "code_size", "card_size", "name_size",
         "legend_size", "endzone_size", "mark_size", "heading_size", "size",
         "caption_size", "deck_size", "team_size", "type_size", "letter_size", "symbol_size",
         "points_size", "subtitle_size"}
LINES = {"line", "frame_line", "group_line", "hole_line", "goal_line", "warning_line",
         "half_minute_line", "line_width", "ten_width", "five_width", "goal_width",
         "sideline_width", "arrow_width", "cell_line_width", "fold_width", "mark_line"}
LENGTHS: dict[str, tuple[float, float, str]] = {
    **{k: FONT_SIZE for k in SIZES}, **{k: LINE for k in LINES},
    "margin": (1 * MM, 40 * MM, "mm"),
    "fold_dash": (0.5 * PT, 50 * PT, "pt"),
    "crosshair": (0.0, 5 * MM, "mm"),                            # 0 mm: no centre mark
    "set_gap": (0.0, 5 * MM, "mm"),              # bubble logs: 0 mm, a set's bubbles abut
    **{k: (0.0, 300 * MM, "mm") for k in ("x", "y", "cx", "cy", "home_x", "away_x", "top")},
    "metric": (10 * MM, 200 * MM, "mm"), "imperial": (10 * MM, 200 * MM, "mm"),  # check bars
    # card sheets (printkit/cardsheet): bleed, gutter between cards, crop marks
    "bleed": (0.5 * MM, 10 * MM, "mm"), "gutter": (0.0, 20 * MM, "mm"),
    "mark_gap": (0.0, 10 * MM, "mm"), "mark_length": (1 * MM, 15 * MM, "mm"),
}
# Play-book blocks must fit under the header of the smallest page: these keys by full name.
BOOKS: dict[str, tuple[float, float, str]] = {
    "header.height": (20 * MM, 60 * MM, "mm"), "header.qr_size": (20 * MM, 60 * MM, "mm"),
    "page.gap": (0.0, 30 * MM, "mm"),
    "dice.row_height": (3 * MM, 20 * MM, "mm"), "dice.label_width": (0.0, 60 * MM, "mm"),
    "cards.row_height": (3 * MM, 20 * MM, "mm"), "cards.label_width": (0.0, 60 * MM, "mm"),
    "cards.min_cell_width": (3 * MM, 40 * MM, "mm"),
    "cards.min_code_width": (3 * MM, 40 * MM, "mm"),
    "deal.title_height": (3 * MM, 20 * MM, "mm"), "deal.row_height": (3 * MM, 15 * MM, "mm"),
    "deal.legend_line": (2 * MM, 10 * MM, "mm"), "deal.label_width": (0.0, 60 * MM, "mm"),
    "deal.max_chip_width": (3 * MM, 60 * MM, "mm"), "deal.chip_gap": (0.0, 10 * MM, "mm"),
}
TEXTS = {"checkbar.label", "checkbar.label_metric", "checkbar.label_imperial"}  # not lengths
# Numbers, lists and texts by their full key (list items as key[]).
RANGES: dict[str, Spec] = {
    "dice.per_row": Spec(1, 24), "dice.rows_per_block": Spec(1, 20),
    "table.rows": Spec(1, 100),
    "track.group": Spec(1, 30), "track.rows": Spec(1, 12), "track.rows_per_half": Spec(1, 12),
    "track.style": Spec(choices=("continuous", "twice")),
    "header.qr_level": Spec(choices=("M", "Q", "H")),
    "field.width_yards": Spec(10, 100), "field.hash_from_sideline": Spec(0, 50),
    "field.number_from_sideline": Spec(0, 50),
    "charts.level_fills": Spec(items=(6, 6)),             # catch levels 0-5
    "pegboard.strip_labels": Spec(items=(1, 12)), "pegboard.strip_labels[]": Spec(chars=20),
    "example.lines": Spec(items=(1, 10)), "example.lines[]": Spec(chars=300),
    "legend.lines": Spec(items=(1, 10)), "legend.lines[]": Spec(chars=300),
    "face.tint": Spec(0, 1),
}


def _kind(value: Any, key: str) -> str:
    """What a shipped value is: the user's value must be the same."""
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
    if isinstance(value, str) and looks_like_length(value) and key not in TEXTS:
        return "length"
    return "text"


def length_range(key: str) -> tuple[float, float, str]:
    """Low..high in points of the length at `key` (`dice.row_height`), and the unit to name
    them in."""
    return BOOKS.get(key) or LENGTHS.get(key.rsplit(".", 1)[-1].removesuffix("[]"), PAGE)


def _check(key: str, shipped: Any, value: Any) -> str | None:
    """The layout's own kinds (length, colour, font) and ranges; datafile checked the rest."""
    kind = _kind(shipped, key.removesuffix("[]"))
    if kind == "length":
        return _check_length(key, value)
    if kind == "colour" and not _COLOUR.match(value):
        return f'expected a colour "#RRGGBB", found {datafile.found(value)}'
    if kind == "font" and value not in FONTS:
        return f"expected a font ({', '.join(FONTS)}), found {datafile.found(value)}"
    return RANGES.get(key, datafile.FALLBACK).check(value)


def _check_length(key: str, value: str) -> str | None:
    try:
        points = parse_length(value)
    except UnitError:
        return f'expected a length such as "12 mm" (mm, cm, in or pt), ' \
               f"found {datafile.found(value)}"
    low, high, unit = length_range(key)
    if low <= points <= high:
        return None
    return f"expected a length from {show_length(low, unit)} to {show_length(high, unit)}, " \
           f"found {datafile.found(value)}"


class Layout:
    """Validated layout values with typed accessors; lengths come back in points."""

    def __init__(self, name: str, data: dict[str, Any], sources: list[DataFile],
                 ink_saver: bool = False) -> None:
        self.name = name
        self.data = data
        self.sources = sources
        self.ink_saver = ink_saver
        self._lengths: dict[str, float] = {}
        self._colours: dict[str, Color] = {}
        self._variants: dict[str, Layout] = {}

    def raw(self, key: str) -> Any:
        node: Any = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                files = " / ".join(str(s.path) for s in self.sources)
                raise LayoutError(f"{files}: {key}: expected a value, found none")
            node = node[part]
        return node

    def length(self, key: str) -> float:
        """The length at `key` in points (read once per key: a sheet asks for the same few
        dozen keys hundreds of times a page)."""
        found = self._lengths.get(key)
        if found is None:
            found = self._lengths[key] = parse_length(self.raw(key))
        return found

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
        """The colour at `key`: one Color object per key (read once; never changed after)."""
        found = self._colours.get(key)
        if found is None:
            found = self._colours[key] = HexColor(self.raw(key))
        return found

    def fill(self, key: str) -> Color:
        """An area colour: with --ink-saver it is washed out towards white to save toner."""
        return self.wash(self.colour(key))

    def fills(self, key: str) -> builtins.list[Color]:     # (`list` here: the method above)
        return [self.wash(HexColor(v)) for v in self.list(key)]

    def wash(self, c: Color, keep: float = 0.2) -> Color:
        if not self.ink_saver:
            return c
        return Color(1 - keep * (1 - c.red), 1 - keep * (1 - c.green), 1 - keep * (1 - c.blue))

    def blame(self, keys: builtins.list[str], message: str) -> LayoutError:
        """An error about values that clash, on the line of the last file that set one of
        `keys` (most telling first); several keys are named after the message."""
        if len(keys) > 1:
            message += f" (from {', '.join(keys)})"
        err = datafile.blame(self.sources, [(tuple(k.split(".")), message) for k in keys])
        return LayoutError(str(err), err.file, err.line)

    def variant(self, name: str) -> Layout:
        """This layout with its `[name]` table's keys laid over the others (a bubble log's
        `[book]` table: the denser bands of a play-book sheet), or itself when it has no such
        table. The variant lives in the same file, so a user's `--layout` reaches it too."""
        over = self.data.get(name) if name else None
        if not isinstance(over, dict):
            return self
        found = self._variants.get(name)
        if found is None:
            data = copy.deepcopy({k: v for k, v in self.data.items() if k != name})
            _lay_over(data, over)
            found = self._variants[name] = Layout(f"{self.name}[{name}]", data, self.sources,
                                                  self.ink_saver)
        return found

    def has(self, key: str) -> bool:
        try:
            self.raw(key)
        except LayoutError:
            return False
        return True


def _lay_over(data: dict[str, Any], over: dict[str, Any]) -> None:
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            _lay_over(data[key], value)
        else:
            data[key] = copy.deepcopy(value)


def default_path(name: str) -> Path:
    return LAYOUT_DIR / f"{name}.toml"


def _shipped(path: Path) -> DataFile:
    """A shipped layout, read and checked once per run."""
    doc = _SHIPPED.get(str(path))
    if doc is None:
        doc = datafile.read(path, WHAT)
        datafile.check_shipped(doc, _check)
        _SHIPPED[str(path)] = doc
    return doc


_SHIPPED: dict[str, DataFile] = {}


def load_layout(name: str, user_file: Path | None = None, ink_saver: bool = False) -> Layout:
    """The shipped layout `name`, validated, with a user's file laid over it."""
    try:
        shipped = _shipped(default_path(name))
        sources = [shipped]
        data = shipped.data
        if user_file is not None:
            user = datafile.read(Path(user_file), WHAT)
            data = datafile.overlay(shipped, user, _check)
            sources.append(user)
    except ReadError as exc:
        raise LayoutError(str(exc), exc.file, exc.line) from None
    return Layout(name, copy.deepcopy(data), sources, ink_saver=ink_saver)
