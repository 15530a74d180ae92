"""One loader for every shipped TOML data file: rules, decks, layouts.

The shipped file is the schema. A user's file laid over it (``--rules``, ``--layout``) may
only use the shipped keys, each with a value of the same kind, inside the key's range; a list
of tables takes items with the keys of the shipped items. Every refusal is one ReadError
naming the file, the line and the key::

    card.toml:3: rushing.min: expected a whole number from -12 to 0, found 5

Reading is bounded and linear: at most MAX_BYTES, regular files only, UTF-8 (a BOM is fine),
no NaN or infinity, nesting at most MAX_DEPTH deep; line numbers come from one pass of a small
scanner over the text, since tomllib gives none.
"""

from __future__ import annotations

import difflib
import json
import math
import re
import tomllib
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit_engine.errors import ReadError
from printkit_engine.textfile import decode, read_bytes

MAX_BYTES = 1024 * 1024          # a data file is a few KB; 1 MB is far beyond any real one
MAX_LINE = 10_000                # characters in one line
MAX_DEPTH = 16                   # tables and lists inside each other (shipped files: 4)
MAX_TEXT = 2000                  # characters in one text value

Key = tuple[str | int, ...]      # a path into the data: table keys and list indices
# A per-file hook: (key pattern, shipped value, value) -> "expected ..." or None. The pattern
# is the dotted key with list indices as [] ("rushing.rows[].yards"); a list is checked as a
# whole first (pattern "charts.level_fills"), then each item ("charts.level_fills[]").
Check = Callable[[str, Any, Any], str | None]


# -- reading ----------------------------------------------------------------------------------
class DataFile:
    """A parsed TOML file; the line of each key is found when a message first needs one."""

    def __init__(self, path: str, data: dict[str, Any], text: str = "") -> None:
        self.path = path
        self.data = data
        self.text = text
        self._lines: dict[Key, int] | None = None

    @property
    def lines(self) -> dict[Key, int]:
        if self._lines is None:
            self._lines = key_lines(self.text, self.path)
        return self._lines

    def line(self, key: Key) -> int:
        """The line of `key`, or of the nearest enclosing key that has one (0: unknown)."""
        key = tuple(key)
        while key:
            if key in self.lines:
                return self.lines[key]
            key = key[:-1]
        return 0

    def error(self, key: Key, message: str) -> ReadError:
        """`FILE:LINE: key: message` (no key part for the file as a whole)."""
        text = f"{show_key(key)}: {message}" if key else message
        return ReadError(text, self.path, self.line(key))

    def get(self, key: Key, want: type, spec: Spec | None = None, default: Any = ...) -> Any:
        """The value at `key`, of type `want` (int, str, bool, list, dict) and inside `spec`;
        `default` when the key is absent (absent without a default is an error)."""
        node: Any = self.data
        for part in key:
            if has(node, (part,)):
                node = node[part]
            elif default is not ...:
                return default
            else:
                raise self.error(key, f"expected {_KINDS[want]}, found none")
        if not isinstance(node, want) or (want is int and isinstance(node, bool)):
            raise self.error(key, f"expected {_KINDS[want]}, found {found(node)}")
        if spec is not None and (problem := spec.check(node)):
            raise self.error(key, problem)
        return node


_KINDS = {int: "a whole number", float: "a number", str: "text", bool: "true or false",
          list: "a list", dict: "a table"}


def read(path: Path | str, what: str = "data file") -> DataFile:
    """Read and parse one TOML file; ReadError (file, line, column) if it cannot be."""
    name = str(path)
    raw = read_bytes(Path(path), what, MAX_BYTES)
    return parse(raw, name)


def parse(raw: bytes | str, name: str) -> DataFile:
    """Parse TOML bytes (UTF-8, BOM allowed) or text read from `name`."""
    text = decode(raw, name, MAX_LINE) if isinstance(raw, bytes) else raw.removeprefix("\ufeff")
    if len(text) > MAX_BYTES:
        raise ReadError(f"expected at most {MAX_BYTES // 1024} KB, found more", name)
    if deep := _DEEP_KEY.search(text):
        raise ReadError(f"expected a key of at most {MAX_DEPTH} dotted parts, found more",
                        name, text.count("\n", 0, deep.start()) + 1)
    odd: list[str] = []
    try:
        data = tomllib.loads(text, parse_float=lambda t: _float(t, odd))
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line, col = (int(m.group(1)), int(m.group(2))) if m else (text.count("\n") + 1, 0)
        reason = re.sub(r"\s*\(at (line|end of document).*\)", "", str(exc))
        raise ReadError(f"not valid TOML: {reason}", name, line, col) from None
    except RecursionError:
        raise ReadError(f"lists or tables nested more than {MAX_DEPTH} deep", name) from None
    doc = DataFile(name, data, text)
    if odd:
        _refuse_non_finite(doc)
    return doc


# A dotted key of more than MAX_DEPTH parts (tomllib takes quadratic time over those); a part
# starts where no key character or dot precedes it, so the search stays linear.
_PART = r'''(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+')'''
_DEEP_KEY = re.compile(
    rf'''(?<![A-Za-z0-9_\-"'.]){_PART}(?:[ \t]*+\.[ \t]*+{_PART}){{{MAX_DEPTH}}}''')


def _float(text: str, odd: list[str]) -> float:
    value = float(text)
    if not math.isfinite(value):
        odd.append(text)
    return value


def _refuse_non_finite(doc: DataFile) -> None:
    """NaN and infinity (`nan`, `inf`, `1e400`) are never a game's or a page's value."""
    todo: list[tuple[Key, Any]] = [((), doc.data)]
    while todo:
        key, value = todo.pop()
        if isinstance(value, dict):
            todo.extend((key + (k,), v) for k, v in value.items())
        elif isinstance(value, list):
            todo.extend((key + (i,), v) for i, v in enumerate(value))
        elif isinstance(value, float) and not math.isfinite(value):
            raise doc.error(key, f"expected a finite number, found {found(value)}")


# -- where each key is: one pass over the tokens ----------------------------------------------
_TOKEN = re.compile(r'''
    (?P<nl>\r?\n)
  | (?P<skip>[ \t]+|\#[^\n]*)
  | (?P<str>"""(?:[^"\\]|\\[\s\S]|"{1,2}(?!"))*"{3,5}
      | '\'\'(?:[^']|'{1,2}(?!'))*'{3,5}
      | "(?:[^"\\\n]|\\.)*"
      | '[^'\n]*')
  | (?P<punct>[\[\]{}=,])
  | (?P<bare>[^\s\[\]{}=,\#"']+)
''', re.X)


def _tokens(text: str) -> Iterator[tuple[str, str, int]]:
    line = 1
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or ""
        value = m.group()
        if kind != "skip":
            yield kind, value, line
        if kind in ("nl", "str"):
            line += value.count("\n")


def _key_part(kind: str, value: str) -> list[str]:
    if kind == "str":
        try:
            return [tomllib.loads(f"k = {value}")["k"]]
        except tomllib.TOMLDecodeError:
            return [value.strip("\"'")]
    return [p for p in value.split(".") if p]


class _Scanner:
    """Line of every key of a TOML text tomllib has accepted (so it is well formed)."""

    def __init__(self, text: str, name: str) -> None:
        self.toks = list(_tokens(text))
        self.toks.append(("end", "", self.toks[-1][2] if self.toks else 1))
        self.pos = 0
        self.name = name
        self.lines: dict[Key, int] = {}
        self.arrays: dict[Key, int] = {}       # array-of-tables path -> its last index

    def peek(self) -> tuple[str, str, int]:
        return self.toks[self.pos]

    def take(self) -> tuple[str, str, int]:
        tok = self.toks[self.pos]
        self.pos += 1
        return tok

    def skip_newlines(self) -> None:
        while self.peek()[0] == "nl":
            self.pos += 1

    def key(self, stop: str) -> list[str]:
        parts: list[str] = []
        while self.peek()[0] != "end" and self.peek()[1] != stop:
            kind, value, _ = self.take()
            parts += _key_part(kind, value)
        self.take()
        return parts

    def resolve(self, parts: list[str]) -> Key:
        """A header's dotted key with the current index of each array of tables in it."""
        key: Key = ()
        for part in parts:
            key += (part,)
            if key in self.arrays:
                key += (self.arrays[key],)
        return key

    def scan(self) -> dict[Key, int]:
        table: Key = ()
        while True:
            self.skip_newlines()
            kind, value, line = self.peek()
            if kind == "end":
                return self.lines
            if value == "[":
                self.take()
                double = self.peek()[1] == "["
                if double:
                    self.take()
                parts = self.key("]")
                if double:
                    self.take()
                    parent = self.resolve(parts[:-1]) + (parts[-1],)
                    self.lines.setdefault(parent, line)
                    self.arrays[parent] = self.arrays.get(parent, -1) + 1
                    table = parent + (self.arrays[parent],)
                else:
                    table = self.resolve(parts)
                for end in range(1, len(table) + 1):
                    self.lines.setdefault(table[:end], line)
            else:
                self.pair(table, 0)
            while self.peek()[0] not in ("nl", "end"):
                self.take()

    def pair(self, table: Key, depth: int) -> None:
        line = self.peek()[2]
        key = table + tuple(self.key("="))
        for end in range(len(table) + 1, len(key)):
            self.lines.setdefault(key[:end], line)
        self.lines[key] = line
        self.value(key, depth)

    def value(self, key: Key, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise ReadError(f"lists or tables nested more than {MAX_DEPTH} deep", self.name,
                            self.peek()[2])
        kind, value, line = self.take()
        if value == "[":
            index = 0
            while True:
                self.skip_newlines()
                if self.peek()[1] == "]":
                    self.take()
                    return
                self.lines[key + (index,)] = self.peek()[2]
                self.value(key + (index,), depth + 1)
                index += 1
                self.skip_newlines()
                if self.peek()[1] == ",":
                    self.take()
        elif value == "{":
            while self.peek()[1] != "}" and self.peek()[0] != "end":
                self.pair(key, depth + 1)
                if self.peek()[1] == ",":
                    self.take()
            self.take()
        else:       # a scalar: a date and time can be two bare words
            while self.peek()[0] == "bare":
                self.take()


def key_lines(text: str, name: str = "") -> dict[Key, int]:
    """The line each key (tables, list items, keys of inline tables) starts on."""
    return _Scanner(text, name).scan()


# -- naming keys and values in messages -------------------------------------------------------
def show_key(key: Key) -> str:
    """`rushing.rows[2].yards`: list items counted from 1, as a reader counts lines."""
    out = ""
    for part in key:
        out += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def pattern(key: Key) -> str:
    """The key with its list indices dropped, for range tables: `rushing.rows[].yards`."""
    out = ""
    for part in key:
        out += "[]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def found(value: Any) -> str:
    """A value as a message quotes it: short, one line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        text = repr(value)
        return text if len(text) <= 24 else f"{text[:20]}..."
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 40 else f"{text[:36]}...\""
    if isinstance(value, list):
        return "an empty list" if not value else f"a list of {len(value)}"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"


def kind(value: Any) -> str:
    """The kind of a shipped value a user's value must share."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"


def same_kind(shipped: Any, value: Any) -> bool:
    if isinstance(shipped, bool) or isinstance(value, bool):
        return isinstance(shipped, bool) and isinstance(value, bool)
    if isinstance(shipped, float):
        return isinstance(value, int | float)
    return type(shipped) is type(value)


# -- ranges -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Spec:
    """What one key may hold beyond the kind of its shipped value: a number's low..high, a
    value out of `choices`, a list's length and whether its items may repeat, a text's length.
    """

    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] | None = None
    items: tuple[int, int] | None = None
    unique: bool = False
    chars: int = MAX_TEXT
    empty: bool = False         # a list: `[]` is a value of its own ("none of them"), taken
                                # even where the shipped list has items (else refused)

    def check(self, value: Any) -> str | None:
        if isinstance(value, list):
            if self.items and not self.items[0] <= len(value) <= self.items[1]:
                fewest, most = self.items
                want = f"{fewest}" if fewest == most else f"{fewest} to {most}"
                return f"expected a list of {want} items, found {found(value)}"
            if self.unique and all(isinstance(item, Hashable) for item in value):
                # (a list or table among the items is the item check's to refuse, naming
                # the kind the shipped items have)
                seen: set[Any] = set()
                for item in value:
                    if item in seen:
                        return f"expected no value twice, found {found(item)} twice"
                    seen.add(item)
            return None
        if self.choices is not None and value not in self.choices:
            return f"expected one of {', '.join(map(found, self.choices))}, found {found(value)}"
        if isinstance(value, str) and len(value) > self.chars:
            return f"expected at most {self.chars} characters, found {len(value)}"
        if isinstance(value, int | float) and not isinstance(value, bool):
            low: float = -math.inf if self.low is None else self.low
            high: float = math.inf if self.high is None else self.high
            if not low <= value <= high:
                what = "a whole number" if isinstance(value, int) else "a number"
                return f"expected {what} {span(low, high)}, found {found(value)}"
        return None


def span(low: float, high: float, unit: str = "") -> str:
    """`from 1 to 6`, `at least 0`, `at most 12` (with a unit after each number)."""
    if low == -math.inf:
        return f"at most {_num(high)}{unit}"
    if high == math.inf:
        return f"at least {_num(low)}{unit}"
    return f"from {_num(low)}{unit} to {_num(high)}{unit}"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


FALLBACK = Spec(-10_000, 10_000, items=(0, 1000))     # a key no range table names


class SpecCheck:
    """A Check from a table of patterns (`rushing.rows[].yards`) to specs; it also says which
    lists may be written empty (`Spec.empty`)."""

    def __init__(self, specs: dict[str, Spec]) -> None:
        self.specs = specs

    def __call__(self, key: str, shipped: Any, value: Any) -> str | None:
        return self.specs.get(key, FALLBACK).check(value)

    def allows_empty(self, key: str) -> bool:
        return self.specs.get(key, FALLBACK).empty


def spec_check(specs: dict[str, Spec]) -> Check:
    """A Check from a table of patterns (`rushing.rows[].yards`) to specs."""
    return SpecCheck(specs)


def shipped_values(doc: DataFile, key: str) -> tuple[Any, ...]:
    """Every value the shipped file has at a pattern (`rushing.rows[].outcome`), in order."""
    values: list[Any] = [doc.data]
    for part in re.findall(r"\[\]|[^.\[\]]+", key):
        if part == "[]":
            values = [v for vs in values if isinstance(vs, list) for v in vs]
        else:
            values = [v[part] for v in values if isinstance(v, dict) and part in v]
    return tuple(dict.fromkeys(values))


# -- relations between keys, checked on the merged data ---------------------------------------
def has(data: Any, key: Key) -> bool:
    """Whether `key` leads somewhere in `data`."""
    for part in key:
        if isinstance(part, int):
            if not isinstance(data, list) or not 0 <= part < len(data):
                return False
        elif not isinstance(data, dict) or part not in data:
            return False
        data = data[part]
    return True


def blame(docs: list[DataFile], choices: list[tuple[Key, str]]) -> ReadError:
    """An error about merged values, in the last file that set one of the keys involved (or a
    list holding it); `choices` are (key, message) pairs, one per key, most telling first."""
    for doc in reversed(docs):
        for key, message in choices:
            if any(has(doc.data, key[:end]) for end in range(len(key), 0, -1)
                   if end == len(key) or isinstance(key[end], int)):
                return doc.error(key, message)
    key, message = choices[0]
    return docs[0].error(key, message)


# -- the overlay ------------------------------------------------------------------------------
def check_shipped(doc: DataFile, check: Check | None = None) -> None:
    """Run the per-key checks over a shipped file too: a bad edit there is caught on load."""
    _walk(doc, (), doc.data, doc.data, check)


def overlay(shipped: DataFile, user: DataFile, check: Check | None = None) -> dict[str, Any]:
    """The shipped data with the user's file laid over it, every user value checked."""
    return _merge(shipped.data, user.data, user, (), check)


def _merge(default: dict[str, Any], mine: dict[str, Any], user: DataFile, key: Key,
           check: Check | None) -> dict[str, Any]:
    merged = dict(default)
    for name, value in mine.items():
        here = key + (name,)
        if name not in default:
            raise _unknown(user, here, default)
        if isinstance(default[name], dict) and isinstance(value, dict):
            merged[name] = _merge(default[name], value, user, here, check)
        else:
            _walk(user, here, default[name], value, check)
            merged[name] = value
    return merged


def _unknown(doc: DataFile, key: Key, known: dict[str, Any]) -> ReadError:
    name = str(key[-1])
    close = difflib.get_close_matches(name[:100], [str(k) for k in known], n=1) \
        if len(known) <= 200 else []
    hint = f" (did you mean '{show_key(key[:-1] + (close[0],))}'?)" if close else ""
    return ReadError(f"unknown key '{show_key(key)}'{hint}", doc.path, doc.line(key))


def _walk(doc: DataFile, key: Key, shipped: Any, value: Any, check: Check | None) -> None:
    """Check `value` (at `key` in `doc`) against the shipped value of the same key."""
    if not same_kind(shipped, value):
        raise doc.error(key, f"expected {kind(shipped)}, found {found(value)}")
    if isinstance(shipped, dict):
        for name, v in value.items():
            if name not in shipped:
                raise _unknown(doc, key + (name,), shipped)
            _walk(doc, key + (name,), shipped[name], v, check)
        return
    if isinstance(shipped, list):
        _walk_list(doc, key, shipped, value, check)
        return
    if check is not None and (problem := check(pattern(key), shipped, value)):
        raise doc.error(key, problem)


def _walk_list(doc: DataFile, key: Key, shipped: list[Any], value: list[Any],
               check: Check | None) -> None:
    if check is not None and (problem := check(pattern(key), shipped, value)):
        raise doc.error(key, problem)
    if shipped and not value and not (isinstance(check, SpecCheck) and
                                      check.allows_empty(pattern(key))):
        raise doc.error(key, f"expected {_list_kind(shipped)}, found an empty list")
    if not shipped and value:
        raise doc.error(key, f"expected an empty list, found {found(value)}")
    if not shipped:
        return
    if all(isinstance(s, dict) for s in shipped):
        allowed: dict[str, Any] = {}
        for s in shipped:
            for k, v in s.items():
                allowed.setdefault(k, v)
        required = [k for k in allowed if all(k in s for s in shipped)]
        for i, item in enumerate(value):
            here = key + (i,)
            if not isinstance(item, dict):
                raise doc.error(here, f"expected a table, found {found(item)}")
            for k in required:
                if k not in item:
                    raise doc.error(here, f"expected keys {', '.join(required)}, "
                                          f"found no '{k}'")
            _walk(doc, here, allowed, item, check)
        return
    for i, item in enumerate(value):
        _walk(doc, key + (i,), shipped[min(i, len(shipped) - 1)], item, check)


def _list_kind(shipped: list[Any]) -> str:
    first = kind(shipped[0])
    if all(kind(s) == first for s in shipped):
        plural = {"a whole number": "whole numbers", "a number": "numbers", "text": "texts",
                  "a table": "tables", "a list": "lists", "true or false": "true/false values"}
        return f"a list of {plural.get(first, 'values')}"
    return "a non-empty list"
