"""Loading a game's rules data file, optionally with a user's file laid over it.

The shipped file is the schema (engine/datafile.py): a user's file may only use its keys,
with values of the same kind, inside each key's range (the game's own :class:`Ranges`, kept in
its package), so a player's own chart values cannot silently miss the engine or crash it.
Ranges are what the rules and the printed sheets can carry (a die shows 1-6, two dice 2-12,
13 = never); relations between keys (a chart's rows cover its results, every two strategy
numbers are ranked once) are checked on the merged data. The shared vocabulary of ranges and
relations is here; no game's table is.
"""

from __future__ import annotations

import copy
import keyword
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from printkit_engine import datafile
from printkit_engine.datafile import Key, Spec

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Loader(Protocol[T_co]):
    """A game's `load_rules(user_file=None)`."""

    def __call__(self, user_file: Path | None = None) -> T_co: ...
WHAT = "rules file"

DIE = Spec(1, 6)
DIE_OR_NEVER = Spec(1, 7)            # 7: no die can do it
TWO_DICE = Spec(2, 13)               # 13: no roll of 2d6 can do it
BONUS = Spec(0, 4)
YARDS = Spec(-99, 99)
SPOT = Spec(0, 50)                   # a yard line in one half
POINTS = Spec(0, 12)
SHIPPED = Spec(choices=())           # one of the values the shipped file has at this key


# -- relations between keys -------------------------------------------------------------------
# A problem is a list of (key, message): the same problem told from each key involved, so the
# message names the key the player's file set.
Problems = Iterator[list[tuple[Key, str]]]


def attributes(section: dict[str, Any], **typed: Any) -> dict[str, Any]:
    """A rules table's keys as dataclass attribute names (`from` -> `from_`), lists as tuples,
    with the `typed` values (rows, nested tables) in place of the raw ones."""
    out = {f"{k}_" if keyword.iskeyword(k) else k: tuple(v) if isinstance(v, list) else v
           for k, v in section.items()}
    return {**out, **typed}


def _name(key: Key) -> str:
    return datafile.show_key(key)


def _get(data: Any, key: Key) -> Any:
    for part in key:
        data = data[part]
    return data


def at_most(data: dict[str, Any], low: Key, high: Key) -> Problems:
    """low <= high, told from both keys: either may be the one the player's file moved."""
    a, b = _get(data, low), _get(data, high)
    if a > b:
        yield [(low, f"expected at most {_name(high)} ({b}), found {a}"),
               (high, f"expected at least {_name(low)} ({a}), found {b}")]


def covers(data: dict[str, Any], chart: str, high_key: str | None = "max") -> Problems:
    """A chart's rows: one per result min..max (a result past a limit is set at the limit)."""
    low = data[chart]["min"]
    high = data[chart][high_key] if high_key else 0
    rows = (chart, "rows")
    seen: set[int] = set()
    for i, row in enumerate(data[chart]["rows"]):
        r = row["result"]
        if r in seen or not low <= r <= high:
            twice = " twice" if r in seen else ""
            choices: list[tuple[Key, str]] = [
                (rows + (i, "result"), f"expected each result from {low} to {high} "
                                       f"once, found {r}{twice}")]
            if r < low:     # the limit a user moved may be what is wrong, not the row
                choices.append(((chart, "min"), f"expected at most {r} (a result "
                                                f"{_name(rows)} has), found {low}"))
            elif r > high and high_key:
                choices.append(((chart, high_key), f"expected at least {r} (a result "
                                                   f"{_name(rows)} has), found {high}"))
            yield choices
        seen.add(r)
    if missing := sorted(set(range(low, high + 1)) - seen):
        message = f"expected a row for each result from {low} to {high}, found none for "
        limits = [((chart, "min"), f"expected a result {_name(rows)} has, found {low}")]
        if high_key:
            limits.append(((chart, high_key), f"expected a result {_name(rows)} has, found {high}"))
        yield [(rows, f"{message}{missing[0]}"), *limits]


def unique(data: dict[str, Any], key: tuple[str, str], field: str, every: range | None = None
            ) -> Problems:
    """Each item of a list of tables has its own `field` (and, given `every`, each value of
    it once): two rows for one spot would leave the rules two answers."""
    seen: set[Any] = set()
    for i, item in enumerate(data[key[0]][key[1]]):
        if item[field] in seen:
            yield [(key + (i, field), f"expected each {field} once, found {item[field]} twice")]
        seen.add(item[field])
    if every is not None and (missing := sorted(set(every) - seen)):
        yield [(key, f"expected a {field} {every.start}-{every.stop - 1} each, "
                     f"found none for {missing[0]}")]


def low_high(data: dict[str, Any], key: tuple[str, str]) -> Problems:
    """Every row's `low` at most its `high`: a band a roll can fall in."""
    for i in range(len(data[key[0]][key[1]])):
        yield from at_most(data, key + (i, "low"), key + (i, "high"))


def no_relations(data: dict[str, Any]) -> Problems:
    """A game whose rules keys constrain no other key (each is checked by its range alone)."""
    return iter(())


@dataclass(frozen=True, eq=False)
class Ranges:
    """What a game's rules file may hold: each key's range and the relations between keys.

    A game's ranges live in its own package (engine/<game>/ranges.py) and are handed to its
    rules loader and its game object: a rules file is checked against its own game's table,
    never one looked up by folder name, and a game cannot be made without one (a rules file
    with no ranges would let a player's values through unchecked). Compared and hashed by
    identity (the table holds dicts), so loaded schemas are cached per game.
    """

    game: str
    specs: Mapping[str, Spec]
    relations: Callable[[dict[str, Any]], Problems] = no_relations

    def __post_init__(self) -> None:
        if not self.specs:
            raise ValueError(f"game {self.game!r}: its rules ranges are empty (each number "
                             "its rules file holds needs a range)")


# -- loading ----------------------------------------------------------------------------------
class _Schema:
    """A shipped rules file, checked once, and how to check a user's file against it."""

    def __init__(self, default_path: Path, ranges: Ranges) -> None:
        self.doc = datafile.read(default_path, WHAT)
        self.relations = ranges.relations
        self.specs = {k: Spec(choices=datafile.shipped_values(self.doc, k))
                      if v is SHIPPED else v for k, v in ranges.specs.items()}
        self.check = datafile.spec_check(self.specs)
        datafile.check_shipped(self.doc, self.check)
        self.related([self.doc], self.doc.data)

    def related(self, docs: list[datafile.DataFile], data: dict[str, Any]) -> None:
        for choices in self.relations(data):
            raise datafile.blame(docs, choices)

    def load(self, user_path: Path | None) -> dict[str, Any]:
        if user_path is None:
            return copy.deepcopy(self.doc.data)
        user = datafile.read(user_path, WHAT)
        data = copy.deepcopy(datafile.overlay(self.doc, user, self.check))
        self.related([self.doc, user], data)
        return data


@cache
def _schema(default_path: Path, ranges: Ranges) -> _Schema:
    return _Schema(default_path, ranges)


def load(default_path: Path, ranges: Ranges, user_path: Path | None = None) -> dict[str, Any]:
    """The shipped rules data, with a user's file laid over it (every value checked against
    the game's `ranges`)."""
    return _schema(Path(default_path), ranges).load(
        None if user_path is None else Path(user_path))


def loader(default_path: Path, build: Callable[[dict[str, Any], str], T], ranges: Ranges
           ) -> Loader[T]:
    """A game's `load_rules(user_file=None)`: the shipped rules built once and cached, or the
    shipped rules with a player's file laid over them, built afresh. `ranges` is the game's
    own (engine/<game>/ranges.py): its game object carries the same one."""

    @cache
    def shipped() -> T:
        return build(load(default_path, ranges), str(default_path))

    def load_rules(user_file: Path | None = None) -> T:
        if user_file is None:
            return shipped()
        return build(load(default_path, ranges, Path(user_file)), str(user_file))

    return load_rules

