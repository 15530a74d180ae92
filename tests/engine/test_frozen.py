"""printkit_engine.frozen: evolve, the fast copy the PostCard engine uses instead of
dataclasses.replace, build, the fast constructor its record reader uses for lines and written
states, and fast_init, the one-step __init__ of the kernel's rows, steps and findings."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field, replace

import pytest

from printkit_engine.findings import Finding
from printkit_engine.frozen import build, evolve, fast_init
from printkit_engine.postcard.notation import Line, Note, Roll
from printkit_engine.postcard.state import Play, State


def test_evolve_equals_replace_on_the_engine_state():
    state = State(phase="scrimmage", ball="A", spot=35, score=(7, 3))
    for changes in ({}, {"down": 3}, {"spot": 12, "sack": "A"}, {"score": (14, 3)}):
        new = evolve(state, **changes)
        assert new == replace(state, **changes)
        assert hash(new) == hash(replace(state, **changes))
        assert type(new) is State
    assert state == State(phase="scrimmage", ball="A", spot=35, score=(7, 3))  # untouched


def test_evolve_keeps_frozen_and_nested():
    play = Play("rush", "run", "H", "H", "H", 20, 20)
    state = evolve(State(), play=play)
    assert evolve(state, play=evolve(play, spot=25)).play.spot == 25
    with pytest.raises(AttributeError):
        state.down = 2          # still frozen


def test_unknown_field_is_refused_like_replace():
    with pytest.raises(TypeError, match="no field colour"):
        evolve(State(), colour="red")


def test_classes_with_post_init_are_refused():
    @dataclass(frozen=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            if self.x < 0:
                raise ValueError

    with pytest.raises(TypeError, match="plain frozen dataclasses"):
        evolve(Checked(1), x=-1)


def test_build_equals_the_constructor():
    roll = Roll("H", (4,), bonus=1, column=7)
    values = {"number": 12, "verb": "rush", "picks": (5, 3), "rolls": (roll,), "side": None,
              "value": None, "outcome": "+10", "crosses": (), "td": False, "safety": False,
              "note": Note(ball="A", down=1, to_go=10, spot=30, column=25), "column": 1,
              "outcome_column": 18}
    built = build(Line, dict(values))
    assert built == Line(**values)
    assert hash(built) == hash(Line(**values))
    assert repr(built) == repr(Line(**values))
    assert type(built) is Line
    with pytest.raises(AttributeError):
        built.verb = "pass"     # still frozen
    # the instance's fields read back as given (a dict of its own, not the caller's copy)
    assert (built.number, built.rolls[0].bonus, built.note.spot) == (12, 1, 30)


def test_build_refuses_a_missing_or_unknown_field():
    values = {"number": 1, "verb": "toss"}
    with pytest.raises(TypeError, match="missing .*crosses"):
        build(Line, values)
    note = {f: None for f in ("ball", "phase", "down", "to_go", "spot", "score", "time",
                              "final", "plays", "bonus")}
    with pytest.raises(TypeError, match="unknown colour"):
        build(Note, {**note, "sack": False, "column": 0, "colour": "red"})
    assert build(Note, {**note, "sack": False, "column": 3}) == Note(column=3)


def test_fast_init_takes_the_dataclass_arguments():
    found = Finding(12, "PC-DOWN-002", "yards to go", found="7")
    assert (found.line, found.rule, found.message, found.expected, found.found) == \
        (12, "PC-DOWN-002", "yards to go", "", "7")
    assert found == Finding(line=12, rule="PC-DOWN-002", message="yards to go", found="7")
    assert repr(found) == ("Finding(line=12, rule='PC-DOWN-002', message='yards to go', "
                           "expected='', found='7')")
    assert list(found.__dict__) == ["line", "rule", "message", "expected", "found"]  # JSON order
    assert hash(found) == hash((12, "PC-DOWN-002", "yards to go", "", "7"))
    assert replace(found, line=13).line == 13
    assert pickle.loads(pickle.dumps(found)) == found
    with pytest.raises(TypeError):
        Finding(12, "PC-DOWN-002")              # message missing, as the dataclass says
    with pytest.raises(AttributeError):
        found.line = 2                          # still frozen


def test_fast_init_refuses_what_it_cannot_copy():
    @dataclass(frozen=True)
    class Listed:
        items: list = field(default_factory=list)

    @dataclass(frozen=True, slots=True)
    class Slotted:
        x: int

    for cls in (Listed, Slotted):
        with pytest.raises(TypeError, match="fast_init"):
            fast_init(cls)
