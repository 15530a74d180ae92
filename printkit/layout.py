"""Layout files: geometry, fonts and colours of one printable, in real units, validated on load.

The shipped file in layouts/ is both the default and the schema (engine/datafile.py): a user's
file (``--layout``) may only use keys the shipped file has, each with a value of the same kind
inside the key's range (RANGES below). So a typo or an absurd value is one line naming the
file, the line and the key, never a silently ignored setting, a crash or a broken page.

A shipped file may say `extends = "base"`: layouts/base.toml holds the house style (fonts,
inks, greys, margins, common sizes) typed once, and each of the file's tables is laid over the
base's table of its name (or the one its own `extends` names). The merged data is the schema;
a user's file is laid over it and needs no `extends`.
"""

from __future__ import annotations

import builtins
import copy
import re
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, HexColor

from printkit.errors import UserError
from printkit.units import MM, PT, UnitError, looks_like_length, parse_length, show_length
from printkit_engine import datafile
from printkit_engine.datafile import DataFile, Spec
from printkit_engine.errors import ReadError

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


# -- extends: a shipped layout written as what differs from the house style -------------------
EXTENDS = "extends"
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


class Shipped(DataFile):
    """A shipped layout with its `extends` chain resolved: `data` is the merged schema a
    user's file is checked against, `sources` the files it came from (the base first, each
    seen under this layout's table names). A key's error names the file that set it, so an
    inherited value is blamed on the base's line, not on a sheet that never typed it."""

    def __init__(self, path: str, data: dict[str, Any], sources: list[DataFile]) -> None:
        super().__init__(path, data)
        self.sources = sources

    def error(self, key: datafile.Key, message: str) -> ReadError:
        return datafile.blame(self.sources, [(key, message)])


def _view(doc: DataFile, tables: dict[str, str]) -> DataFile:
    """`doc` as a child sees it: the parent's table `src` under each child table name that
    inherits it (`tables`: child name -> parent name), lines kept, so blame finds a key the
    child inherited on the parent's line."""
    data = {mine: doc.data[src] for mine, src in tables.items() if src in doc.data}
    view = DataFile(doc.path, data)
    view._lines = {(mine,) + key[1:]: line for mine, src in tables.items()
                   for key, line in doc.lines.items() if key and key[0] == src}
    return view


def _inherit(base: dict[str, Any], mine: dict[str, Any], doc: DataFile,
             key: datafile.Key) -> dict[str, Any]:
    """`mine` laid over a copy of `base`; a value of another kind than the one it replaces
    is refused on the child's line (a colour cannot become a number by inheritance)."""
    out = copy.deepcopy(base)
    for name, value in mine.items():
        here = key + (name,)
        if name in base and not datafile.same_kind(base[name], value):
            raise doc.error(here, f"expected {datafile.kind(base[name])} as in the layout it "
                                  f"extends, found {datafile.found(value)}")
        if isinstance(value, dict) and isinstance(base.get(name), dict):
            out[name] = _inherit(base[name], value, doc, here)
        else:
            out[name] = copy.deepcopy(value)
    return out


def _parent_name(doc: DataFile, chain: tuple[str, ...]) -> str | None:
    """The layout `doc` extends (None: none), refusing a bad name, a missing file and a
    cycle on the line of its `extends`."""
    if EXTENDS not in doc.data:
        return None
    name = doc.data[EXTENDS]
    if not isinstance(name, str) or not _NAME.match(name):
        raise doc.error((EXTENDS,), f'expected the name of a shipped layout such as "base", '
                                    f"found {datafile.found(name)}")
    if name in chain:
        loop = " -> ".join(chain[chain.index(name):] + (name,))
        raise doc.error((EXTENDS,), f"expected a layout that does not extend itself, found "
                                    f"the cycle {loop}")
    if not default_path(name).is_file():
        raise doc.error((EXTENDS,), f'expected a shipped layout, found "{name}" '
                                    f"(there is no {name}.toml)")
    return name


def _source_table(doc: DataFile, table: str, parent: dict[str, Any]) -> str | None:
    """The parent's table a child table inherits: its own `extends` ("book_page"; false for
    none), else the parent's table of the same name if there is one."""
    wanted = doc.data[table].get(EXTENDS)
    if wanted is None:
        return table if isinstance(parent.get(table), dict) else None
    if wanted is False:
        return None
    if not isinstance(wanted, str) or not isinstance(parent.get(wanted), dict):
        have = ", ".join(k for k, v in parent.items() if isinstance(v, dict))
        raise doc.error((table, EXTENDS), f"expected false or a table of the layout it "
                                          f"extends ({have}), found {datafile.found(wanted)}")
    return wanted


def _resolve(name: str, chain: tuple[str, ...] = ()) -> Shipped:
    """The shipped layout `name` with its chain of `extends` laid under it, checked.

    Only tables are inherited, and only into tables the child has: a score sheet that
    extends the base gets the base's [page] under its own [page], never the base's
    reference-card table, so every layout's schema holds just the keys its sheet reads."""
    path = default_path(name)
    doc = datafile.read(path, WHAT)
    parent_name = _parent_name(doc, chain + (name,))
    own = {k: ({n: x for n, x in v.items() if n != EXTENDS} if isinstance(v, dict) else v)
           for k, v in doc.data.items() if k != EXTENDS}
    if parent_name is None:
        for table, value in doc.data.items():
            if isinstance(value, dict) and EXTENDS in value:
                raise doc.error((table, EXTENDS), "expected no table extends in a layout "
                                                  "that extends none, found one")
        sources = [doc]
        data = own
    else:
        parent = _SHIPPED.get(str(default_path(parent_name))) or \
            _resolve(parent_name, chain + (name,))
        _SHIPPED[str(default_path(parent_name))] = parent
        tables = {t: src for t, v in own.items() if isinstance(v, dict)
                  if (src := _source_table(doc, t, parent.data)) is not None}
        data = {}
        for key, value in own.items():
            data[key] = _inherit(parent.data[tables[key]], value, doc, (key,)) \
                if key in tables else copy.deepcopy(value)
        sources = [_view(s, tables) for s in parent.sources] + [doc]
    shipped = Shipped(str(path), data, sources)
    datafile.check_shipped(shipped, _check)
    return shipped


def _shipped(path: Path) -> Shipped:
    """A shipped layout, resolved and checked once per run."""
    doc = _SHIPPED.get(str(path))
    if doc is None:
        doc = _SHIPPED[str(path)] = _resolve(path.stem)
    return doc


_SHIPPED: dict[str, Shipped] = {}


def load_layout(name: str, user_file: Path | None = None, ink_saver: bool = False) -> Layout:
    """The shipped layout `name` (its `extends` chain resolved), validated, with a user's
    file laid over it: the user's file may set any key of the merged layout, inherited ones
    too, and needs no `extends` of its own."""
    try:
        shipped = _shipped(default_path(name))
        sources: list[DataFile] = [shipped]
        data = shipped.data
        if user_file is not None:
            user = datafile.read(Path(user_file), WHAT)
            data = datafile.overlay(shipped, user, _check)
            sources.append(user)
    except ReadError as exc:
        raise LayoutError(str(exc), exc.file, exc.line) from None
    return Layout(name, copy.deepcopy(data), sources, ink_saver=ink_saver)
