"""Layout files are validated key by key: one-line errors naming file, line and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.layout import LayoutError, load_layout
from printkit.units import INCH, MM, UnitError, looks_like_length, parse_length, show_length
from tests.helpers import run_cli


@pytest.mark.parametrize("text,points", [("12 mm", 12 * MM), ("0.5 in", 36.0), ("9 pt", 9.0),
                                          ("2.5cm", 25 * MM), ("-3 mm", -3 * MM)])
def test_lengths(text, points):
    assert abs(parse_length(text) - points) < 1e-9


@pytest.mark.parametrize("text", ["12", "12 furlongs", "mm", "", "1.2.3 mm"])
def test_bad_lengths(text):
    with pytest.raises(UnitError):
        parse_length(text)


@pytest.mark.parametrize("text,length", [("12 mm", True), ("0.5 in", True), ("1st", False),
                                         ("4th", False), ("12", False)])
def test_what_looks_like_a_length(text, length):
    assert looks_like_length(text) is length


def test_show_length():
    assert show_length(4.0, "pt") == "4 pt" and show_length(300 * MM) == "300 mm"


def test_inch_constant():
    assert INCH == 72.0


def _bad(tmp_path: Path, text: str) -> str:
    f = tmp_path / "bad.toml"
    f.write_text(text)
    with pytest.raises(LayoutError) as err:
        load_layout("postcard-board", f)
    return str(err.value)


def test_unknown_key_names_file_line_and_key(tmp_path):
    msg = _bad(tmp_path, '[field]\nstep = "9 mm"\nstpe = "9 mm"\n')
    assert msg == (f"{tmp_path / 'bad.toml'}:3: unknown key 'field.stpe' "
                   "(did you mean 'field.step'?)")


def test_unknown_table(tmp_path):
    assert "unknown key 'feild'" in _bad(tmp_path, '[feild]\nstep = "9 mm"\n')


def test_bad_unit(tmp_path):
    msg = _bad(tmp_path, '\n[field]\nstep = "9 furlongs"\n')
    assert msg == (f"{tmp_path / 'bad.toml'}:3: field.step: expected a length such as "
                   '"12 mm" (mm, cm, in or pt), found "9 furlongs"')


def test_missing_value(tmp_path):
    msg = _bad(tmp_path, '[board]\nhome_colour = ""\n')
    assert msg == f'{tmp_path / "bad.toml"}:2: board.home_colour: expected a colour "#RRGGBB", ' \
                  'found ""'


def test_wrong_kinds(tmp_path):
    black = _bad(tmp_path, '[board]\nink = "black"\n')
    assert black.endswith(': board.ink: expected a colour "#RRGGBB", found "black"')
    assert 'found "Comic"' in _bad(tmp_path, '[board]\nlabel_font = "Comic"\n')
    assert "expected text, found 9" in _bad(tmp_path, '[field]\nstep = 9\n')
    assert "expected a list, found " in _bad(tmp_path, '[charts]\nlevel_fills = "#FFFFFF"\n')
    assert "expected a table, found 3" in _bad(tmp_path, "field = 3\n")


def test_toml_syntax_error_has_line_and_column(tmp_path):
    msg = _bad(tmp_path, '[field]\nstep = "9 mm\n')
    assert msg.startswith(f"{tmp_path / 'bad.toml'}:2:") and "not valid TOML" in msg


def test_cli_bad_layout_is_one_line_exit_2(workdir):
    Path("bad.toml").write_text('[field]\nstep = "9 parsecs"\n')
    result = run_cli("render", "postcard", "board", "--layout", "bad.toml")
    assert result.code == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("printkit: error: bad.toml:2: field.step: expected a length")
    assert not Path("output/postcard-board-letter.pdf").exists()


def test_cli_missing_layout_file(workdir):
    result = run_cli("render", "postcard", "board", "--layout", "nope.toml")
    assert result.code == 2 and "nope.toml: cannot read layout file" in result.stderr


def test_every_shipped_layout_loads():
    for path in sorted(Path("layouts").glob("*.toml")) or sorted(
            (Path(__file__).parents[2] / "layouts").glob("*.toml")):
        assert load_layout(path.stem).data


def test_docs_give_every_length_range():
    """docs/layouts.md "Errors and ranges" names each kind of length and its range."""
    from printkit import layout
    from printkit.units import show_length

    docs = (Path(__file__).resolve().parents[2] / "docs" / "layouts.md").read_text()
    section = docs.split("## Errors and ranges", 1)[1]
    for name in sorted(layout.LINES):
        assert f"`{name}`" in section, name
    for low, high, unit in (layout.FONT_SIZE, layout.LINE, layout.PAGE, layout.LENGTHS["margin"],
                            layout.LENGTHS["fold_dash"], layout.BOOKS["header.height"]):
        assert f"{show_length(low, unit)} to {show_length(high, unit)}" in section
    for key, spec in layout.RANGES.items():
        if spec.low is not None:
            assert f"`{key}`" in section and f"{spec.low:g}-{spec.high:g}" in section, key
