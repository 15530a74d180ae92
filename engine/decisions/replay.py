"""The replay kernel: a decision log verified by replaying it (every game, one loop).

`verify_log(log, text, file)` reads the log (tags and rows, text.py), has the game replay it
from the Seed through its own engine (`DecisionLog.replay`), verifies the lines the replay
wrote with the game's own verifier (the kernel with the game's rulebook: the same rules, the
same rule ids), and names each finding by the decision log's line of the play it came from,
the replayed line quoted after it. A record line no decision made (a coin toss) is named by
the first play's line; a tag's finding (the Result) by the log's own tag line.

A line the row grammar cannot read stops the replay there (the plays after it cannot be
placed): its `XX-REC-003`, then the record ends before the game is over.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from printkit_engine.decisions.model import LOG_TAG, LOG_VALUE, DecisionLog, Row
from printkit_engine.decisions.text import NOT_READ, read_log
from printkit_engine.findings import Finding, Report
from printkit_engine.tags import TAG, record_text, unquote
from printkit_engine.verify.record import Unread, split_lines


def is_decision_log(text: str) -> bool:
    """Does the text's head carry `[Log "decisions"]` (before its first play line)?"""
    for raw in split_lines(text)[:40]:
        stripped = raw.strip()
        if not stripped or stripped.startswith(";"):
            continue
        m = TAG.fullmatch(stripped)
        if m is None:
            return False
        if m.group(1).lower() == LOG_TAG.lower() and unquote(m.group(2)) == LOG_VALUE:
            return True
    return False


def _found(text: str) -> str:
    """What a finding on an unreadable line says was found: the line typed (its start), or,
    for a sheet's line the reader could not read (its comment names the file and the
    problems, which the message already gives), that."""
    if text.lstrip().startswith(";") and NOT_READ in text:
        return "marks the sheet reader could not read"
    return text.strip()[:40]


# a finding's words naming a line of the record it was found in (`ended on line 44`): in a
# decision log's report, the log's line that made it
LINE_SAID = re.compile(r"\bline (\d+)\b")


def verify_log(log: DecisionLog, text: str, file: str, rules: Any = None) -> Report:
    """The report of a decision log: the replay's findings, by the log's own lines."""
    rules = log.load_rules() if rules is None else rules
    record = read_log(log, text, file)
    findings: list[Finding] = list(record.notes)
    rows: list[Row] = []
    stopped = False
    for row in record.rows:
        if isinstance(row.item, Unread):
            findings.append(Finding(row.number, f"{log.prefix}-REC-003",
                                    f"a play line that cannot be read: {row.item.message} "
                                    "(the replay stops here)", "a decision line",
                                    _found(row.text)))
            stopped = True
            break
        rows.append(row.item)
    tags = {k: v for k, v in record.tags.items() if k != LOG_TAG}
    replayed = log.replay(tags, rows, rules)
    findings += replayed.findings
    checked = record_text(replayed.tags, replayed.checked)
    report = log.verify(checked, file, rules)
    first = len(replayed.tags) + 2 if replayed.tags else 1
    tag_at = {n + 1: name for n, name in enumerate(replayed.tags)}
    fallback = rows[0].line if rows else record.last_line
    def log_line(k: int) -> int:
        """The log's line of the replay's checked line k (0-based)."""
        row = replayed.rows[k]
        return row if row is not None else fallback

    def relined(text: str) -> str:
        """A message's `line N` of the replayed record as the log's line that made it."""
        return LINE_SAID.sub(lambda m: f"line {log_line(int(m[1]) - first)}"
                             if 0 <= int(m[1]) - first < len(replayed.rows) else m[0], text)

    for f in report.findings:
        if f.line >= first and f.line - first < len(replayed.rows):
            k = f.line - first
            said = replayed.checked[k]
            findings.append(Finding(log_line(k), f.rule, f"{relined(f.message)} [play: {said}]",
                                    relined(f.expected), relined(f.found)))
        elif f.line in tag_at:
            findings.append(Finding(record.line_of(tag_at[f.line]), f.rule, f.message,
                                    f.expected, f.found))
        else:
            findings.append(Finding(record.last_line, f.rule, f.message, f.expected, f.found))
    if stopped:           # no whole game: nothing said of its end (the kernel's END-001 and
        # END-002, the record's Result and its end; the game's own, DecisionLog.whole_game)
        ends = {f"{log.prefix}-END-001", f"{log.prefix}-END-002", *log.whole_game}
        # nor a decision missing on the last row read (DEC-001): it may be on the line that
        # could not be read
        cut = rows[-1].line if rows else 0
        findings = [f for f in findings if f.rule not in ends
                    and not (f.rule == f"{log.prefix}-DEC-001" and f.line == cut)]
    findings.sort(key=lambda f: f.line)
    return Report(file=file, game=log.game, findings=findings, lines_checked=len(rows),
                  summary_extra=report.summary_extra, more=report.more,
                  notes=replayed.notes + list(report.notes))


def verify_either(decisions: Callable[..., Any] | None,
                  record_report: Callable[[str, str, Any], Report],
                  text: str, file: str, rules: Any = None) -> Report:
    """A game's `verify_text`: a decision log (`[Log "decisions"]`) replayed from its Seed and
    the lines the replay writes verified (`verify_log`), any other record verified as
    written (`record_report`, the kernel with the game's rulebook). `decisions(rules)` is the
    game's decision log (its game object's `decisions`; None: the game has none)."""
    if decisions is not None and is_decision_log(text):
        return verify_log(decisions(rules), text, file, rules)
    return record_report(text, file, rules)


def replayed_record(log: DecisionLog, tags: dict[str, str], rows: list[Row],
                    rules: Any = None) -> str:
    """The record a decision log replays to, every state in full: the round trip every bot
    game must survive (record -> decision log -> this record)."""
    done = log.replay(tags, rows, rules)
    return record_text(done.tags, done.lines)
