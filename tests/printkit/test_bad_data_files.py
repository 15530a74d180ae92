"""Bad rules and layout files through the real CLI: exit 2, exactly one line on stderr naming
the file, the line and the key, never a traceback (issue: one loader for every data file)."""

from __future__ import annotations

import json
import os
import shutil
import time
import tomllib
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.layout import load_layout
from printkit_engine.datafile import MAX_BYTES
from tests.fuzzing import fuzz_settings
from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "game.rec"
BOARD = ("render", "postcard", "board", "--rules")
VERIFY = ("verify", "game.rec", "--rules")
CLOCK = ("render", "cardbowl", "clock", "--layout")


@pytest.fixture
def here(workdir):
    shutil.copy(RECORD, workdir / "game.rec")
    return workdir


def _refused(command: tuple[str, ...], data: bytes | str, message: str) -> None:
    Path("f.toml").write_bytes(data.encode() if isinstance(data, str) else data)
    r = run_cli(*command, "f.toml")
    assert r.code == 2, (r.code, r.stdout, r.stderr)
    assert r.stderr == f"printkit: error: {message}\n"
    assert "Traceback" not in r.stderr and not list(Path("output").glob("*.pdf"))


# -- rules files: the board and the verifier read the same file -------------------------------

RULES_DEFECTS = [
    ("[rushing]\nmin = 0\n", "f.toml:2: rushing.min: expected at most -6 (a result "
                              "rushing.rows has), found 0"),
    ("[punt]\nsnap_back = 15\nwobble = 3\n", "f.toml:3: unknown key 'punt.wobble'"),
    ("[punt]\nsnap_bak = 15\n", "f.toml:2: unknown key 'punt.snap_bak' (did you mean "
                                "'punt.snap_back'?)"),
    ("[scoring]\ntouchdown = \"six\"\n",
     'f.toml:2: scoring.touchdown: expected a whole number, found "six"'),
    ("[scoring]\ntouchdown = 6.5\n", "f.toml:2: scoring.touchdown: expected a whole number, "
                                     "found 6.5"),
    ("[scoring]\n\ntouchdown = nan\n", "f.toml:3: scoring.touchdown: expected a finite number, "
                                       "found nan"),
    ("[scoring]\ntouchdown = inf\n", "f.toml:2: scoring.touchdown: expected a finite number, "
                                     "found inf"),
    ("[scoring]\ntouchdown = 1e400\n", "f.toml:2: scoring.touchdown: expected a finite number, "
                                       "found inf"),
    ("[scoring]\ntouchdown = -6\n", "f.toml:2: scoring.touchdown: expected a whole number from "
                                    "0 to 12, found -6"),
    ("[play_tracker]\ncircles = 0\n", "f.toml:2: play_tracker.circles: expected a whole number "
                                      "from 1 to 12, found 0"),
    ("[time_tracker]\nstars = []\n", "f.toml:2: time_tracker.stars: expected a list of 1 to 8 "
                                     "items, found an empty list"),
    ("[passing]\nsack_strip = [11, 11]\n", "f.toml:2: passing.sack_strip: expected no value "
                                           "twice, found 11 twice"),
    ("[punt]\nshort = [40, 20]\n", "f.toml:2: punt.short[1]: expected at most punt.short[2] "
                                   "(20), found 40"),
    ("[rushing]\nmax = 5\n", "f.toml:2: rushing.max: expected a result rushing.rows has, "
                             "found 5"),
    ("[field_goal]\nranges = [\n  { spot = 20, low = 2, high = 12 },\n  { spot = 25, low = 3 },"
     "\n]\n", "f.toml:4: field_goal.ranges[2]: expected keys spot, low, high, found no 'high'"),
    ("[onside]\nspots = [\n" + "".join(f"  {{ die = {d}, distance = 10, bonus = 1 }},\n"
                                       for d in (1, 2, 3, 4, 5, 5)) + "]\n",
     "f.toml:8: onside.spots[6].die: expected each die once, found 5 twice"),
    (b"[scoring]\ntouchdown = 6 # \xe9\n", "f.toml:2:17: not UTF-8 text"),
    ("[scoring\n", "f.toml:1:9: not valid TOML: Expected ']' at the end of a table declaration"),
    ("a" + ".b" * 20 + " = 1\n", "f.toml:1: expected a key of at most 16 dotted parts, "
                                 "found more"),
    (b"# " + b"x" * 80 + b"\n" * MAX_BYTES, "f.toml: rules file larger than 1 MB"),
]


@pytest.mark.parametrize("command", [BOARD, VERIFY], ids=["render", "verify"])
@pytest.mark.parametrize("data, message", RULES_DEFECTS)
def test_bad_rules_file_is_one_line_exit_2(here, command, data, message):
    _refused(command, data, message)


@pytest.mark.parametrize("command", [BOARD, VERIFY], ids=["render", "verify"])
def test_rules_file_with_a_bom_is_read(here, command):
    Path("f.toml").write_bytes(b"\xef\xbb\xbf[scoring]\ntouchdown = 6\n")
    assert run_cli(*command, "f.toml").code == 0


@pytest.mark.parametrize("command", [BOARD, VERIFY], ids=["render", "verify"])
def test_rules_file_that_is_not_a_file(here, command):
    r = run_cli(*command, "nope.toml")
    assert r.code == 2 and r.stderr == ("printkit: error: nope.toml: cannot read rules file "
                                        "(No such file or directory)\n")
    os.mkfifo("pipe.toml")
    r = run_cli(*command, "pipe.toml")
    assert r.stderr == "printkit: error: pipe.toml: cannot read rules file: not a regular file\n"


# -- layout files -----------------------------------------------------------------------------

CLOCK_DEFECTS = [
    ('[page]\nmargin = "200 mm"\n', 'f.toml:2: page.margin: expected a length from 1 mm to '
                                   '40 mm, found "200 mm"'),
    ('[grid]\ncell = "0 mm"\n', 'f.toml:2: grid.cell: expected a length from 0.1 mm to 300 mm, '
                               'found "0 mm"'),
    ('[legend]\nrow_gap = "-9 mm"\n', 'f.toml:2: legend.row_gap: expected a length from 0.1 mm '
                                     'to 300 mm, found "-9 mm"'),
    ('[page]\nlabel_size = "99999 mm"\n', 'f.toml:2: page.label_size: expected a length from '
                                         '4 pt to 72 pt, found "99999 mm"'),
    ('[grid]\nline = "-1 pt"\n', 'f.toml:2: grid.line: expected a length from 0.1 pt to 10 pt, '
                                'found "-1 pt"'),
    ('[grid]\nline = "1 furlong"\n', 'f.toml:2: grid.line: expected a length such as "12 mm" '
                                    '(mm, cm, in or pt), found "1 furlong"'),
    ("[grid]\ncell = nan\n", "f.toml:2: grid.cell: expected a finite number, found nan"),
    ("[grid]\ncell = 5\n", "f.toml:2: grid.cell: expected text, found 5"),
    ('[grid]\nwarning = "red"\n', 'f.toml:2: grid.warning: expected a colour "#RRGGBB", '
                                 'found "red"'),
    ('[grid]\nwarning = ""\n', 'f.toml:2: grid.warning: expected a colour "#RRGGBB", found ""'),
    ('[page]\ntitle_font = "Comic"\n', 'f.toml:2: page.title_font: expected a font '
                                      '(DejaVuSans, DejaVuSans-Bold), found "Comic"'),
    ('[grid]\ncel = "5 mm"\n', "f.toml:2: unknown key 'grid.cel' (did you mean 'grid.cell'?)"),
    ('[grids]\ncell = "5 mm"\n', "f.toml:1: unknown key 'grids' (did you mean 'grid'?)"),
    ('[page]\ntitle = "' + "x" * 2001 + '"\n',
     "f.toml:2: page.title: expected at most 2000 characters, found 2001"),
    (b'[grid]\ncell = "5 mm" # \xff\n', "f.toml:2:17: not UTF-8 text"),
    (b"# " + b"x" * 80 + b"\n" * MAX_BYTES, "f.toml: layout file larger than 1 MB"),
]


@pytest.mark.parametrize("data, message", CLOCK_DEFECTS)
def test_bad_layout_file_is_one_line_exit_2(here, data, message):
    _refused(CLOCK, data, message)


def test_layout_file_with_a_bom_is_read(here):
    Path("f.toml").write_bytes(b'\xef\xbb\xbf[grid]\ncell = "4.2 mm"\n')
    assert run_cli(*CLOCK, "f.toml").code == 0


# The absurd values of the issue, each through the command that reads its layout.
@pytest.mark.parametrize("command, data, message", [
    (("playbook", "postcard", "--seed", "x", "--layout"), "[dice]\nper_row = 0\n",
     "f.toml:2: dice.per_row: expected a whole number from 1 to 24, found 0"),
    (("playbook", "postcard", "--seed", "x", "--layout"), "[dice]\nper_row = -3\n",
     "f.toml:2: dice.per_row: expected a whole number from 1 to 24, found -3"),
    (("render", "postcard", "board", "--layout"), '[field]\nstep = "0 mm"\n',
     'f.toml:2: field.step: expected a length from 0.1 mm to 300 mm, found "0 mm"'),
    (("render", "postcard", "board", "--layout"), "[charts]\nlevel_fills = []\n",
     "f.toml:2: charts.level_fills: expected a list of 6 items, found an empty list"),
    (("render", "postcard", "board", "--layout"), '[charts]\nlevel_fills = ["#FFFFFF"]\n',
     "f.toml:2: charts.level_fills: expected a list of 6 items, found a list of 1"),
    (("playbook", "postcard", "--seed", "x", "--layout"), '[page]\nfold_dash = "-3 pt"\n',
     'f.toml:2: page.fold_dash: expected a length from 0.5 pt to 50 pt, found "-3 pt"'),
    (("render", "postcard", "drivelog", "--layout"), '[table]\nrow_height = "-9 mm"\n',
     'f.toml:2: table.row_height: expected a length from 0.1 mm to 300 mm, found "-9 mm"'),
    (("render", "postcard", "board", "--layout"), '[board]\nlabel_size = "99999 mm"\n',
     'f.toml:2: board.label_size: expected a length from 4 pt to 72 pt, found "99999 mm"'),
    (("playbook", "luckdraw", "--seed", "x", "--layout"), '[deal]\nlegend_line = "90 mm"\n',
     'f.toml:2: deal.legend_line: expected a length from 2 mm to 10 mm, found "90 mm"'),
    (("render", "cardbowl", "cribbage", "--layout"), '[track]\nstyle = "spiral"\n',
     'f.toml:2: track.style: expected one of "continuous", "twice", found "spiral"'),
    (("playbook", "postcard", "--seed", "x", "--layout"),
     '[dice]\nrows_per_block = 20\nrow_height = "20 mm"\n',
     "f.toml:2: dice.rows_per_block: expected a block that fits the letter page under the "
     # 300 dice at 18 a row: one block of 17 rows of 20 mm, its heading and gap 10 mm
     "header (222 mm), found 350 mm (from dice.rows_per_block, dice.row_height)"),
    (("playbook", "cardbowl", "--seed", "x", "--layout"),
     '[cards]\nmin_cell_width = "40 mm"\nrow_height = "20 mm"\n',
     "f.toml:3: cards.row_height: expected a block that fits the letter page under the "
     "header (222 mm), found 280 mm (from cards.row_height, cards.min_cell_width, "
     "cards.label_width)"),
    (("render", "cardbowl", "field", "--layout"), '[field]\nyard = "5 mm"\n',
     'f.toml:2: field.yard: expected a field that fits letter (at most 3.06 mm a yard with '
     'these margins and titles), found "5 mm" a yard (from field.yard, page.margin, '
     'field.overlap, page.title_size, page.label_size, field.width_yards)'),
    (("render", "cardbowl", "field", "--layout"),
     '[page]\nmargin = "40 mm"\ntitle_size = "40 pt"\n[field]\noverlap = "30 mm"\n',
     'f.toml:2: page.margin: expected a field that fits letter (at most 1.79 mm a yard with '
     'these margins and titles), found "2 mm" a yard (from field.yard, page.margin, '
     'field.overlap, page.title_size, page.label_size, field.width_yards)'),
])
def test_absurd_layout_values(here, command, data, message):
    _refused(command, data, message)


# -- fuzzing: random values for random keys of every shipped file -----------------------------

LAYOUTS = {
    "postcard-board": [("render", "postcard", "board")],
    "postcard-drivelog": [("render", "postcard", "drivelog")],
    "cardbowl-field": [("render", "cardbowl", "field")],
    "cardbowl-cribbage": [("render", "cardbowl", "cribbage")],
    "cardbowl-clock": [("render", "cardbowl", "clock")],
    "cardbowl-drivelog": [("render", "cardbowl", "drivelog")],
    "playbook-dice": [("playbook", "postcard", "--seed", "f", "--plays", "3")],
    "playbook-cards": [("playbook", "cardbowl", "--seed", "f", "--plays", "3"),
                       ("playbook", "blowout", "--seed", "f", "--plays", "2"),
                       ("playbook", "cardgrid", "--seed", "f", "--plays", "2")],
    "playbook-deal": [("playbook", "luckdraw", "--seed", "f", "--drives", "3")],
}
RULES = {
    "postcard": [("render", "postcard", "board"), ("verify", str(RECORD))],
    "cardbowl": [("render", "cardbowl", "clock"), ("render", "cardbowl", "drivelog"),
                 ("verify", str(ROOT / "tests" / "engine" / "cardbowl" / "records"
                                / "full_game.txt"))],
}
SECONDS = 2.0


def _shipped(name: str) -> Path:
    return ROOT / "engine" / name / "rules.toml" if name in RULES else \
        ROOT / "layouts" / f"{name}.toml"


@cache
def _data(name: str) -> dict[str, Any]:
    """The keys a user's file may set: a layout's merged data (its inherited keys too)."""
    if name in RULES:
        return tomllib.loads(_shipped(name).read_text(encoding="utf-8"))
    return load_layout(name).data


def _leaves(data: Any, key: tuple = ()) -> list[tuple]:
    """Every key down to scalars and lists of scalars (list items of tables too)."""
    if isinstance(data, dict):
        return [k for name, v in data.items() for k in _leaves(v, key + (name,))]
    if isinstance(data, list) and data and all(isinstance(v, dict) for v in data):
        return [key] + [k for i, v in enumerate(data) for k in _leaves(v, key + (i,))]
    return [key]


@cache
def _keys(name: str) -> tuple[tuple, ...]:
    return tuple(_leaves(_data(name)))


UNITS = st.sampled_from(["mm", "pt", "in", "cm", "", "px", "furlongs"])
NUMBERS = st.one_of(st.integers(-1000, 1000), st.floats(-1e6, 1e6),
                    st.sampled_from([0, 0.0, -0.5, 1e-9, 1e400, -1e400]))


# lists and tables inside lists and tables (a rules key of distinct values given [[1]] once
# crashed on an unhashable list, issue #27)
NESTED_VALUES = st.recursive(st.one_of(st.integers(-20, 20), st.booleans(), st.text(max_size=5)),
                      lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(
                          st.text("abcxyz", min_size=1, max_size=3), inner, max_size=3)),
                      max_leaves=8)


def _like(value: Any) -> st.SearchStrategy:
    """Values of the shipped value's kind (mostly near and past its range), or of any kind,
    nested lists and tables among them."""
    anything = st.one_of(st.booleans(), st.integers(-10**20, 10**20), st.floats(),
                         st.text(st.characters(codec="utf-8"), max_size=30),
                         st.lists(st.integers(-20, 20), max_size=10),
                         st.lists(NESTED_VALUES, min_size=1, max_size=4))
    if isinstance(value, bool):
        near = st.booleans()
    elif isinstance(value, int):
        near = st.one_of(st.integers(-3 * abs(value) - 30, 3 * abs(value) + 30),
                         st.sampled_from([0, -1, value, value + 1, value - 1, 10**6]))
    elif isinstance(value, float):
        near = st.one_of(st.floats(-10 * value - 100, 10 * value + 100), st.floats())
    elif isinstance(value, str) and value[:1] == "#":
        near = st.from_regex(r"\A#[0-9A-Fa-f]{6}\Z")
    elif isinstance(value, str) and value[:1].isdigit():
        near = st.builds(lambda n, u: f"{n:g} {u}".strip(), NUMBERS, UNITS)
    elif isinstance(value, str):
        near = st.one_of(st.just(value), st.text(st.characters(codec="utf-8"), max_size=80),
                         st.just(value * 30))
    elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        near = st.lists(st.sampled_from(value), max_size=12)
    elif isinstance(value, list) and value:
        near = st.one_of(st.lists(_like(value[0]), max_size=12),
                         st.lists(st.one_of(_like(value[0]), NESTED_VALUES), min_size=1,
                                  max_size=6))
    else:
        near = anything
    return st.one_of(near, near, near, anything)


@st.composite
def _edits(draw) -> tuple[str, dict[str, Any], tuple]:
    """One shipped file and a user file setting one to three random keys (in a list item: the
    whole list with that item's key changed) to random values: values fine alone can clash."""
    name = draw(st.sampled_from(sorted(LAYOUTS) + sorted(RULES)))
    data = _data(name)
    keys = draw(st.lists(st.sampled_from(_keys(name)), min_size=1, max_size=3, unique=True))
    user: dict[str, Any] = {}
    for key in keys:
        top = key[:next((i for i, k in enumerate(key) if isinstance(k, int)), len(key))]
        node, src = user, data
        for part in top[:-1]:
            node, src = node.setdefault(part, {}), src[part]
        if top[-1] not in node:
            node[top[-1]] = json.loads(json.dumps(src[top[-1]]))
        target: Any = node
        try:        # an earlier key may have replaced a list or table on this key's path
            for part in key[len(top) - 1:-1]:
                target = target[part]
            old = target[key[-1]]
        except (TypeError, IndexError, KeyError):
            continue
        target[key[-1]] = draw(_like(old))
    return name, user, tuple(keys)


def _toml(data: dict[str, Any]) -> str:
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, float):
            return "nan" if v != v else repr(v)
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str):
            return json.dumps(v, ensure_ascii=False)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return "{" + ", ".join(f"{json.dumps(k)} = {value(x)}" for k, x in v.items()) + "}"

    lines: list[str] = []

    def table(prefix: list[str], t: dict[str, Any]) -> None:
        if prefix:
            lines.append("[" + ".".join(json.dumps(p) for p in prefix) + "]")
        lines.extend(f"{json.dumps(k)} = {value(v)}" for k, v in t.items()
                     if not isinstance(v, dict))
        for k, v in t.items():
            if isinstance(v, dict):
                table(prefix + [k], v)

    table([], data)
    return "\n".join(lines) + "\n"


@settings(fuzz_settings(200), deadline=timedelta(seconds=4 * SECONDS))
@given(edit=_edits())
def test_fuzz_random_values_for_random_keys(tmp_path_factory, edit):
    name, user, _ = edit
    path = tmp_path_factory.mktemp("data") / "f.toml"
    path.write_text(_toml(user), encoding="utf-8")
    option = "--rules" if name in RULES else "--layout"
    for command in (RULES if name in RULES else LAYOUTS)[name]:
        out = [] if command[0] == "verify" else ["--out", str(path.with_suffix(".pdf")),
                                                 "--force"]
        started = time.perf_counter()
        r = run_cli(*command, option, str(path), *out)
        assert time.perf_counter() - started < SECONDS
        assert r.code in ((0, 1, 2) if command[0] == "verify" else (0, 2)), (r.code, r.stderr)
        assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
        if r.code == 2:
            assert r.stderr.count("\n") == 1 and "f.toml" in r.stderr, r.stderr


NESTED = [   # a list or a table inside a rules key that holds distinct values (issue #27)
    ("cardgrid", "cardgrid.rec", "[penalty]\ngoal = [[1]]\n",
     "f.toml:2: penalty.goal[1]: expected text, found a list of 1"),
    ("cardgrid", "cardgrid.rec", "[penalty]\ngoal = [{a=1}]\n",
     "f.toml:2: penalty.goal[1]: expected text, found a table"),
    ("postcard", "game.rec", "[strategy]\npassing = [[2]]\n",
     "f.toml:2: strategy.passing[1]: expected a whole number, found a list of 1"),
    ("cardbowl", "notes.txt", "[field]\npenalty_yards = [[5]]\n",
     "f.toml:2: field.penalty_yards[1]: expected a whole number, found a list of 1"),
    ("luckdraw", "luckdraw.rec", "[audible]\ncalls = [[1],[2]]\n",
     "f.toml:2: audible.calls[1]: expected text, found a list of 1"),
]


# (Luck of the Draw's reference card takes no --rules: it says so, tested elsewhere)
CASES = [(command, *case) for case in NESTED for command in ("verify", "odds", "refcard")
         if (command, case[0]) != ("refcard", "luckdraw")]


@pytest.mark.parametrize("command, game, record, data, message", CASES,
                         ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_a_list_or_table_inside_a_list_of_distinct_values(workdir, command, game, record,
                                                          data, message):
    shutil.copy(ROOT / "examples" / record, workdir / record)
    args = {"verify": ("verify", record), "odds": ("odds", game),
            "refcard": ("render", game, "refcard", "--out", "c.pdf")}[command]
    Path("f.toml").write_text(data)
    r = run_cli(*args, "--rules", "f.toml")
    assert (r.code, r.stderr) == (2, f"printkit: error: {message}\n"), r.stderr
