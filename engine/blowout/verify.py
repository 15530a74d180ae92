"""Verifying a BLOWOUT!!! record: ``verify_text(text, file, rules) -> Report``.

Each snap line goes through the pure step (steps.py). The verifier follows what the record
wrote, so a slip is reported once, on its line; it also keeps the rules' own reading as a
second candidate, so a later line that agrees with either reading is clean (a one-off slip
in a written state is not reported again on the next line). With a `Seed` tag every card must
come out of the hand the play book's shuffles dealt (decision B6).
"""

from __future__ import annotations

from engine.blowout.notation import Record, parse
from engine.blowout.rules import Rules, load_rules
from engine.blowout.state import State, score_text
from engine.blowout.steps import Context, start, step
from engine.errors import ReadError
from engine.findings import Finding, Report

MAX_CANDIDATES = 4
GAME_ID = "blowout"


def _unique(states: list[State]) -> list[State]:
    return list(dict.fromkeys(states))[:MAX_CANDIDATES]


def verify_record(record: Record, file: str, rules: Rules) -> Report:
    try:
        ctx = Context(rules, rules.length(record.length), record.seed)
    except ValueError as exc:
        raise ReadError(str(exc), file, record.tag_lines.get("Length", 1)) from None
    candidates = [start(ctx)]
    findings: list[Finding] = []
    after_end = False
    for line in record.lines:
        if after_end:
            continue
        try:
            steps = [step(c, line, ctx) for c in candidates]
        except (ValueError, KeyError, IndexError, AssertionError, TypeError) as exc:
            # a line the engine cannot follow at all: say where, never a traceback
            raise ReadError(f"cannot follow this line ({exc.__class__.__name__}: {exc})",
                            file, line.number, line.column) from None
        clean = [s.state for s in steps if not s.findings]
        if clean:
            candidates = _unique(clean)
            continue
        primary = steps[0]
        findings.extend(primary.findings)
        after_end = any(f.rule in ("BO-SEQ-001", "BO-OT-001") for f in primary.findings)
        candidates = _unique([primary.state, primary.expected, *(s.state for s in steps[1:])])
    # the reading that ends the game, the one whose score is the Result's if there is one
    # (a score written wrong and then left off: its slip is found where it was written)
    result = record.tags.get("Result", "*").strip()
    over = [c for c in candidates if _over(c, ctx)]
    final = next((c for c in over if score_text(c.score) == result), (over or candidates)[0])
    findings += _check_end(record, final, ctx)
    score = score_text(final.score)
    extra = f"final score {score}" if _over(final, ctx) else f"score {score}, game not over"
    return Report(file=file, game=GAME_ID, findings=findings,
                  lines_checked=len(record.lines), summary_extra=extra)


def _over(state: State, ctx: Context) -> bool:
    """Over by the rules; without a Seed the deck's end cannot be seen, so a record that
    stops in the last period of regulation with the scores apart is taken as over."""
    if state.over:
        return True
    return ctx.seed is None and bool(state.ball) and state.period == ctx.length.periods \
        and not state.ot and state.score[0] != state.score[1]


def _check_end(record: Record, final: State, ctx: Context) -> list[Finding]:
    last = record.lines[-1].number if record.lines else max(record.tag_lines.values(),
                                                             default=1)
    if not _over(final, ctx):
        return [Finding(last, "BO-END-002", "the record ends before the game is over",
                        "the game played to its end", "no more snaps")]
    result = record.tags.get("Result", "*").strip()
    score = score_text(final.score)
    if result not in ("*", score):
        return [Finding(record.tag_lines.get("Result", 1), "BO-END-001",
                        "Result tag is not the final score", score, result[:20])]
    return []


def verify_text(text: str, file: str, rules: Rules | None = None) -> Report:
    """The function `printkit verify` calls. Unreadable text raises ReadError."""
    rules = rules or load_rules()
    return verify_record(parse(text, file, rules), file, rules)
