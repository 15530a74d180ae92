"""engine.frozen.evolve: the fast copy the PostCard engine uses instead of dataclasses.replace."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from engine.frozen import evolve
from engine.postcard.state import Play, State


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
