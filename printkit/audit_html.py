"""The audit as one self-contained HTML page a teacher opens in a browser: standings, then
each record with its findings beside the lines they point at. Inline CSS and JS, no network;
a "findings only" filter; prints cleanly (controls hidden, records not split across pages)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from printkit.audit import Entry
    from printkit_engine.tournament import Standing

CSS = """
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#1a1a1a}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:22px 0 8px}
.sum{color:#555;margin-bottom:12px}
table.st{border-collapse:collapse;min-width:420px}
.st th,.st td{border:1px solid #ccd;padding:3px 8px;text-align:right}
.st th{background:#e8eef4}.st td.t,.st th.t{text-align:left}
.controls{margin:12px 0;padding:8px;background:#f4f6f8;border-radius:6px}
.rec{border:1px solid #ccd;border-radius:6px;margin:10px 0;padding:8px 12px;
  break-inside:avoid}
.rec h3{font-size:15px;margin:0 0 6px}
.badge{display:inline-block;padding:1px 8px;border-radius:9px;font-size:12px;color:#fff}
.clean .badge{background:#2e7d32}.findings .badge{background:#c62828}
.unreadable .badge{background:#6d4c41}.foreign{color:#c62828;font-weight:bold}
pre{margin:0;font:12px/1.45 ui-monospace,Menlo,Consolas,monospace}
.ln{display:grid;grid-template-columns:3.5em minmax(0,1fr) minmax(0,1fr);gap:0 12px}
.ln .n{color:#999;text-align:right}.ln .f{color:#c62828;font:12px/1.45 system-ui,sans-serif}
.ln.hit{background:#fdecea}
.more{color:#999}
@media print{.controls{display:none}body{margin:10mm}.rec{border-color:#999}}
"""

JS = """
document.getElementById('only').addEventListener('change', function (e) {
  document.querySelectorAll('.rec.clean').forEach(function (r) {
    r.hidden = e.target.checked;
  });
});
document.getElementById('game').addEventListener('change', function (e) {
  document.querySelectorAll('.rec').forEach(function (r) {
    r.style.display = (!e.target.value || r.dataset.game === e.target.value) ? '' : 'none';
  });
});
"""

CONTEXT = 2          # record lines shown around a finding


def _standings(table) -> str:
    if not table:
        return "<p>No clean results yet.</p>"
    head = "".join(f"<th>{h}</th>" for h in ("P", "W", "D", "L", "PF", "PA", "Pts"))
    rows = "".join(
        f"<tr><td>{n}</td><td class=t>{escape(s.team)}</td><td>{s.played}</td><td>{s.won}"
        f"</td><td>{s.drawn}</td><td>{s.lost}</td><td>{s.points_for}</td>"
        f"<td>{s.points_against}</td><td><b>{s.table_points}</b></td></tr>"
        for n, s in enumerate(table, start=1))
    return (f"<table class=st id=standings><tr><th>#</th><th class=t>Team</th>{head}</tr>"
            f"{rows}</table>")


def _lines(e) -> str:
    """The record's lines near each finding, the finding beside its line."""
    by_line: dict[int, list[dict]] = {}
    for f in e.findings:
        by_line.setdefault(int(f["line"]), []).append(f)
    show = sorted({n for line in by_line for n in range(line - CONTEXT, line + CONTEXT + 1)
                   if 1 <= n <= len(e.lines)})
    out, last = [], 0
    for n in show:
        if n > last + 1:
            out.append("<div class=more>\u22ee</div>")
        notes = "<br>".join(
            escape(f"{f['rule']}: {f['message']}" + (f" (expected {f['expected']}, found "
                                                     f"{f['found']})" if f.get("expected")
                                                     or f.get("found") else ""))
            for f in by_line.get(n, []))
        hit = " hit" if n in by_line else ""
        out.append(f"<div class='ln{hit}'><pre class=n>{n}</pre><pre>"
                   f"{escape(e.lines[n - 1])}</pre><span class=f>{notes}</span></div>")
        last = n
    return "".join(out)


def _record(e) -> str:
    status = e.status
    badge = {"clean": "clean", "unreadable": "unreadable"}.get(
        status, f"{len(e.findings)} finding{'s' if len(e.findings) != 1 else ''}")
    teams = f" \u2014 {escape(e.home)} v {escape(e.away)}" if e.home else ""
    score = f" {e.points[0]}-{e.points[1]}" if e.points else ""
    foreign = " <span class=foreign>not from this class</span>" if e.belongs is False else ""
    head = (f"<h3><span class=badge>{badge}</span> {escape(e.file)} "
            f"<small>{escape(e.game)} {escape(e.match)}{teams}{score}</small>{foreign}</h3>")
    if status == "unreadable":
        body = f"<pre>{escape(e.error)}</pre>"
    elif e.findings:
        body = _lines(e)
    else:
        body = ""
    return (f"<section class='rec {status}' data-game='{escape(e.game)}'>{head}{body}"
            f"</section>")


def html_report(entries: Sequence[Entry], table: Sequence[Standing], summary: str,
                class_id: str = "", matches: tuple[str, ...] = (), players: str = "") -> str:
    """The page: summary, the scheduled matches not simply one clean record (missing,
    pending, twice), standings (and `players`, the per-player table's HTML), then every
    record."""
    unsettled = ("<h2>Matches</h2><ul id=matches>" + "".join(
        f"<li>{escape(m)}</li>" for m in matches) + "</ul>") if matches else ""
    games = sorted({e.game for e in entries if e.game})
    options = "".join(f"<option value='{escape(g)}'>{escape(g)}</option>" for g in games)
    title = f"Audit, class {class_id}" if class_id else "Audit"
    return f"""<!DOCTYPE html>
<html lang=en><head><meta charset=utf-8>
<meta name=viewport content="width=device-width,initial-scale=1">
<title>{escape(title)}</title><style>{CSS}</style></head><body>
<h1>{escape(title)}</h1><div class=sum id=summary>{escape(summary)}</div>
{unsettled}<h2>Standings</h2>{_standings(table)}{players}
<h2>Records</h2>
<div class=controls><label><input type=checkbox id=only> findings only</label>
&nbsp; <label>game <select id=game><option value=''>all</option>{options}</select></label>
&nbsp; <button type=button onclick="window.print()">print</button></div>
{''.join(_record(e) for e in entries)}
<script>{JS}</script></body></html>
"""
