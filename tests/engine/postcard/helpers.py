"""Helpers for PostCard Football engine tests: states set up by hand, lines run through the
engine exactly as a record's lines are."""

from __future__ import annotations

from dataclasses import replace

from printkit_engine.postcard.notation import parse_line
from printkit_engine.postcard.rules import load_rules
from printkit_engine.postcard.state import SCRIMMAGE, State
from printkit_engine.postcard.steps import StepResult, step

RULES = load_rules()


def scrimmage(ball: str = "H", spot: int = 25, down: int = 1, to_go: int = 10,
              **changes: object) -> State:
    """A state between plays: `ball` to play from `spot` (yards from the home goal line)."""
    return replace(State(phase=SCRIMMAGE, ball=ball, spot=spot, down=down, to_go=to_go),
                   **changes)


def play(state: State, *texts: str, skills: dict[str, str | None] | None = None,
         follow_written: bool = False) -> tuple[State, list[StepResult]]:
    """Run record lines from `state`; returns the final state and each line's result."""
    results = []
    for number, text in enumerate(texts, start=1):
        line = parse_line(text, number, "test")
        assert line is not None, text
        result = step(state, line, RULES, skills or {"H": None, "A": None}, follow_written)
        results.append(result)
        state = result.state
    return state, results


def outcomes(results: list[StepResult]) -> list[str | None]:
    return [r.outcome for r in results]


def findings(results: list[StepResult]) -> list[str]:
    return [f.rule for r in results for f in r.findings]
