"""Layouts extend a house style (layouts/base.toml): the chain is resolved on load, errors name
the file and line that typed a value, and no shipped layout retypes a value of the base."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from printkit import layout as layout_module
from printkit.layout import EXTENDS, LayoutError, load_layout

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "layouts").glob("*.toml"))

BASE = '''[page]
margin = "10 mm"
ink = "#1A1A1A"
muted = "#5A5A5A"

[book_header]
qr_size = "10 mm"

[refcard]
ink = "#1A1A1A"
'''


@pytest.fixture
def layouts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Write layout files into a folder of their own and load them from there (each test
    starts with nothing read)."""
    monkeypatch.setattr(layout_module, "LAYOUT_DIR", tmp_path)
    monkeypatch.setattr(layout_module, "_SHIPPED", {})

    def write(**files: str) -> Path:
        for name, text in files.items():
            (tmp_path / f"{name.replace('_', '-')}.toml").write_text(text, encoding="utf-8")
        return tmp_path
    return write


def _refused(name: str, user: Path | None = None) -> str:
    with pytest.raises(LayoutError) as exc:
        load_layout(name, user)
    message = str(exc.value)
    assert "\n" not in message
    return message


def test_a_table_takes_the_base_table_of_its_name(layouts):
    layouts(base=BASE, sheet='extends = "base"\n\n[page]\nmuted = "#6A6A6A"\ntitle = "T"\n')
    assert load_layout("sheet").data == {
        "page": {"margin": "10 mm", "ink": "#1A1A1A", "muted": "#6A6A6A", "title": "T"}}


def test_tables_the_layout_lacks_are_not_inherited(layouts):
    layouts(base=BASE, sheet='extends = "base"\n\n[grid]\ncell = "4 mm"\n')
    assert load_layout("sheet").data == {"grid": {"cell": "4 mm"}}


def test_a_table_names_the_base_table_it_extends_or_none(layouts):
    layouts(base=BASE, book='extends = "base"\n\n[header]\nextends = "book_header"\n'
                            'qr_size = "25 mm"\n\n[page]\nextends = false\nmargin = "3 mm"\n')
    assert load_layout("book").data == {"header": {"qr_size": "25 mm"},
                                         "page": {"margin": "3 mm"}}


def test_a_chain_is_followed_to_its_end(layouts):
    layouts(base=BASE, family='extends = "base"\n\n[page]\nmargin = "7 mm"\n',
            sheet='extends = "family"\n\n[page]\nink = "#000000"\n')
    assert load_layout("sheet").data == {
        "page": {"margin": "7 mm", "ink": "#000000", "muted": "#5A5A5A"}}


def test_a_cycle_is_refused_on_the_line_of_its_extends(layouts):
    folder = layouts(a='# a\nextends = "b"\n\n[page]\nink = "#000000"\n',
                     b='extends = "a"\n')
    assert _refused("a") == f"{folder / 'b.toml'}:1: extends: expected a layout that does " \
                            "not extend itself, found the cycle a -> b -> a"


def test_a_layout_extending_itself_is_a_cycle(layouts):
    folder = layouts(a='extends = "a"\n')
    assert _refused("a") == f"{folder / 'a.toml'}:1: extends: expected a layout that does " \
                            "not extend itself, found the cycle a -> a"


def test_a_missing_base_is_refused_naming_file_and_line(layouts):
    folder = layouts(sheet='# the sheet\n\nextends = "nope"\n[page]\n')
    assert _refused("sheet") == f'{folder / "sheet.toml"}:3: extends: expected a shipped ' \
                                'layout, found "nope" (there is no nope.toml)'


@pytest.mark.parametrize("value", ['"../base"', '"Base/x"', "3", '""'])
def test_an_extends_that_is_no_layout_name_is_refused(layouts, value):
    folder = layouts(base=BASE, sheet=f"extends = {value}\n")
    assert _refused("sheet").startswith(f"{folder / 'sheet.toml'}:1: extends: expected the "
                                        "name of a shipped layout")


def test_a_table_extends_naming_no_base_table_is_refused(layouts):
    folder = layouts(base=BASE, sheet='extends = "base"\n\n[page]\nextends = "pgae"\n')
    assert _refused("sheet") == f'{folder / "sheet.toml"}:4: page.extends: expected false ' \
                                'or a table of the layout it extends (page, book_header, ' \
                                'refcard), found "pgae"'


def test_a_value_of_another_kind_than_the_inherited_one_is_refused(layouts):
    folder = layouts(base=BASE, sheet='extends = "base"\n\n[page]\nink = 3\n')
    assert _refused("sheet") == f'{folder / "sheet.toml"}:4: page.ink: expected text as in ' \
                                'the layout it extends, found 3'


def test_an_inherited_value_out_of_range_is_blamed_on_the_base_line(layouts):
    """10 mm is a fine length in the base's [book_header] but under the sheet's [header] it
    is the QR's size (20 to 60 mm): the error is on the base's line, which typed it."""
    folder = layouts(base=BASE, book='extends = "base"\n\n[header]\n'
                                     'extends = "book_header"\n')
    assert _refused("book") == f'{folder / "base.toml"}:7: header.qr_size: expected a ' \
                               'length from 20 mm to 60 mm, found "10 mm"'


def test_a_user_file_overrides_an_inherited_key_without_extends(layouts, tmp_path):
    layouts(base=BASE, sheet='extends = "base"\n\n[page]\ntitle = "T"\n')
    user = tmp_path / "mine" / "f.toml"
    user.parent.mkdir()
    user.write_text('[page]\nmuted = "#000000"\n', encoding="utf-8")
    lay = load_layout("sheet", user)
    assert lay.text("page.muted") == "#000000" and lay.text("page.ink") == "#1A1A1A"


@pytest.mark.parametrize("text,message", [
    ('[page]\n\nmuted = "grey"\n', 'f.toml:3: page.muted: expected a colour "#RRGGBB", '
                                   'found "grey"'),
    ('[page]\nmargin = "99 mm"\n', 'f.toml:2: page.margin: expected a length from 1 mm to '
                                   '40 mm, found "99 mm"'),
    ('extends = "base"\n', "f.toml:1: unknown key 'extends'"),
    ('[refcard]\nink = "#000000"\n', "f.toml:1: unknown key 'refcard'"),
])
def test_a_users_bad_value_names_the_users_file_line_and_key(layouts, tmp_path, text, message):
    layouts(base=BASE, sheet='extends = "base"\n\n[page]\ntitle = "T"\n')
    user = tmp_path / "mine" / "f.toml"
    user.parent.mkdir()
    user.write_text(text, encoding="utf-8")
    assert _refused("sheet", user) == f"{user.parent}/{message}"


def test_blame_on_an_inherited_key_names_the_base(layouts):
    folder = layouts(base=BASE, sheet='extends = "base"\n\n[page]\ntitle = "T"\n')
    err = load_layout("sheet").blame(["page.margin"], "expected a smaller margin")
    assert str(err) == f"{folder / 'base.toml'}:2: page.margin: expected a smaller margin"


# -- the shipped layouts ----------------------------------------------------------------------
def _raw(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", [p for p in SHIPPED if EXTENDS in _raw(p)], ids=lambda p: p.stem)
def test_no_layout_retypes_a_value_of_the_layout_it_extends(path):
    """The house style is typed once: a key a layout repeats must differ from the value it
    would inherit (else delete the line), so the duplication does not come back."""
    raw = _raw(path)
    parent = load_layout(raw[EXTENDS]).data
    same = []
    for table, values in raw.items():
        if not isinstance(values, dict) or values.get(EXTENDS) is False:
            continue
        source = parent.get(values.get(EXTENDS, table))
        if not isinstance(source, dict):
            continue
        same += [f"{table}.{k} = {v!r}" for k, v in values.items()
                 if k != EXTENDS and k in source and source[k] == v]
    assert not same, f"{path.name} retypes the value it inherits: {same}"


def test_every_sheet_layout_extends_the_base():
    """A sheet's fonts and inks come from the house style; only the base itself and the
    board (whose [board] and [checkbar] have keys of their own) stand alone."""
    alone = sorted(p.stem for p in SHIPPED if EXTENDS not in _raw(p))
    assert alone == ["base", "postcard-board"]
