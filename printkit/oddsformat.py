"""Odds tables as text, JSON and CSV: formatting only, never a probability computed here.

Text: one aligned table per question, each figure with its exact fraction when it is small
("0.3846 5/13") and each row with its method (exact, or Monte Carlo with the sample size and
95% interval). JSON keeps every figure as an object (value, method, exact fraction, interval,
samples); CSV has one line per figure, so a spreadsheet can filter by game, table, row and
column.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence

from printkit_engine.odds import EXACT, Figure, OddsTable

SMALL = 1000          # exact fractions with a denominator up to this are printed


def fraction_text(f: Figure) -> str:
    return f"{f.exact.numerator}/{f.exact.denominator}" if f.exact is not None else ""


def cell(value: str | Figure) -> str:
    if isinstance(value, str):
        return value
    text = f"{value.value:.4f}"
    if value.method == EXACT:
        if value.exact is not None and 1 < value.exact.denominator <= SMALL:
            text += f" {fraction_text(value)}"
        return text
    low, high = value.interval or (value.value, value.value)
    return f"{text} [{low:.4f}, {high:.4f}]"


def row_method(row: Sequence[str | Figure]) -> str:
    figures = [v for v in row if isinstance(v, Figure)]
    methods = {f.method for f in figures}
    if methods == {EXACT}:
        return "exact"
    samples = max((f.samples or 0) for f in figures)
    return f"monte carlo, n={samples}, 95% interval"


def text(game: str, tables: Sequence[OddsTable]) -> str:
    out: list[str] = []
    for t in tables:
        header = [*t.columns, "method"]
        body = [[cell(v) for v in row] + [row_method(row)] for row in t.rows]
        widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
        out.append(f"{game} {t.key}: {t.title}")
        out.append("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)).rstrip())
        out.append("  ".join("-" * w for w in widths))
        for r in body:
            out.append("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
        if t.note:
            out.append(f"note: {t.note}")
        for claim, label in t.claims:
            out.append(f"rules claim: \"{claim}\" (row {label})")
        out.append("")
    return "\n".join(out) + "\n"


def figure_json(f: Figure) -> dict[str, object]:
    return {"value": f.value, "method": f.method, "exact": fraction_text(f) or None,
            "interval": list(f.interval) if f.interval else None, "samples": f.samples}


def as_json(game: str, tables: Sequence[OddsTable]) -> str:
    data = {"game": game, "tables": [{
        "key": t.key, "title": t.title, "columns": list(t.columns), "note": t.note,
        "claims": [{"text": c, "row": r} for c, r in t.claims],
        "rows": [[v if isinstance(v, str) else figure_json(v) for v in row] for row in t.rows],
    } for t in tables]}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


CSV_HEADER = ("game", "table", "row", "column", "value", "method", "exact", "low", "high",
              "samples")


def as_csv(game: str, tables: Sequence[OddsTable]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEADER)
    for t in tables:
        for row in t.rows:
            labels = " / ".join(v for v in row if isinstance(v, str))
            for column, v in zip(t.columns, row, strict=True):
                if isinstance(v, str):
                    continue
                low, high = v.interval or ("", "")
                w.writerow((game, t.key, labels, column, repr(v.value), v.method,
                            fraction_text(v), low, high, v.samples or ""))
    return buf.getvalue()


FORMATS = {"text": text, "json": as_json, "csv": as_csv}
