"""The pages, rendered on the server: every value a person or a file gave goes through
html.escape; forms carry the session's CSRF token; no script."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from math import ceil

from printkit.schedule_check import PACK, SCHEDULE, TEACHER
from printkit.server.flow import DOWNLOADS, MORE_SHEETS
from printkit.server.forms import MAX_FILE, MAX_FILES
from printkit.server.store import ClassRow, Run, Submission

STYLE = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:1.5rem auto;padding:0 1rem;
color:#222;line-height:1.4}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:1.6rem}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #bbb;padding:.25rem .5rem;
text-align:left}th{background:#eee}
.error{background:#fdd;border:1px solid #c00;padding:.5rem .75rem}
.note{background:#ffd;border:1px solid #cc0;padding:.5rem .75rem}
label{display:block;margin:.5rem 0 .2rem}textarea{width:100%;max-width:30rem}
nav a{margin-right:1rem}.clean{color:#060}.findings{color:#a00}.unreadable{color:#a60}
progress{width:100%;max-width:30rem;height:1.2rem}
.phones{display:flex;gap:1.5rem;align-items:flex-start;flex-wrap:wrap}
.passcode{font:bold 2rem ui-monospace,monospace;letter-spacing:.2em}
.phone button,.phone .pick{display:block;width:100%;font-size:1.4rem;padding:1rem;
margin:.6rem 0;border-radius:.6rem}
.phone input[type=file]{font-size:1.1rem;width:100%;padding:.6rem 0}
.phone input[type=file]::file-selector-button{font-size:1.3rem;padding:.8rem 1.2rem;
border-radius:.6rem;margin-right:.8rem}
.phone label{font-size:1.2rem}
.board{text-align:center}.board .passcode{font-size:3rem}
"""
REFRESH = 2          # seconds between a page's reloads while its class's audit runs


def layout(title: str, body: str, refresh: bool = False) -> str:
    """A whole page; `refresh`: it reloads itself every REFRESH seconds (no script)."""
    again = f'<meta http-equiv="refresh" content="{REFRESH}">' if refresh else ""
    return (f"<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">{again}"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)} - printkit</title><style>{STYLE}</style></head><body>"
            f"<nav><a href=\"/\">Classes</a></nav><h1>{escape(title)}</h1>{body}</body></html>")


def _token(csrf: str) -> str:
    return f'<input type="hidden" name="csrf" value="{escape(csrf)}">'


def _message(error: str) -> str:
    return f'<p class="error" role="alert">{escape(error)}</p>' if error else ""


def _options(values: Sequence[tuple[str, str]], chosen: str) -> str:
    return "".join(f'<option value="{escape(v)}"{" selected" if v == chosen else ""}>'
                   f"{escape(label)}</option>" for v, label in values)


def _format(c: ClassRow) -> str:
    """A class's format, and its game length when not the whole game."""
    return f"{c.format}, {c.length}" if c.length else c.format


LOGS = (("", "decision sheet: what the table decided, big bubbles"),
        ("dense", "full-line sheet: every line's state, small bubbles, each line checked alone"))


def home(classes: list[ClassRow], games: list[tuple[str, str]], csrf: str, error: str = "",
         given: dict[str, str] | None = None, passcode: str = "",
         lengths: Sequence[tuple[str, Sequence[str]]] = ()) -> str:
    """The list of classes and the new-class form (kept filled in after a refusal).
    `lengths`: each game title's game lengths, offered under its name (the whole game
    first, for every game)."""
    given = given or {}
    rows = "".join(f'<tr><td><a href="/classes/{c.id}">Class {c.id}</a></td>'
                   f"<td>{escape(dict(games).get(c.game, c.game))}</td>"
                   f"<td>{len(c.teams)} teams</td><td>{escape(_format(c))}</td>"
                   f"<td>{escape(c.paper)}</td><td>{escape(c.class_id)}</td></tr>"
                   for c in classes)
    listing = (f"<table><tr><th>class</th><th>game</th><th>teams</th><th>format</th>"
               f"<th>paper</th><th>class id</th></tr>{rows}</table>" if classes
               else "<p>No class yet.</p>")
    form = (
        '<form method="post" action="/classes" enctype="multipart/form-data">' + _token(csrf)
        + '<label for="game">Game</label><select id="game" name="game">'
        + _options(games, given.get("game", "")) + "</select>"
        + '<label for="teams">Team names, one a line</label>'
        + f'<textarea id="teams" name="teams" rows="6">{escape(given.get("teams", ""))}'
        + "</textarea>"
        + '<label for="roster">or a roster file (CSV: a list of names, or a header naming '
        + 'team, student, name, or first and last name)</label>'
        + '<input id="roster" type="file" name="roster" accept=".csv,.txt,text/csv">'
        + '<label for="format">Format</label><select id="format" name="format">'
        + _options([("round-robin", "round robin (everyone meets everyone)"),
                    ("knockout", "knockout")], given.get("format", "round-robin"))
        + '</select><label for="length">Game length</label><select id="length" name="length">'
        + _options([("", "the whole game")], given.get("length", ""))
        + "".join(f'<optgroup label="{escape(title)}">'
                  + _options([(n, n) for n in names], given.get("length", "")) + "</optgroup>"
                  for title, names in lengths)
        + '</select><label for="log">Bubble log</label><select id="log" name="log">'
        + _options(LOGS, given.get("log", ""))
        + '</select><label for="paper">Paper</label><select id="paper" name="paper">'
        + _options([("letter", "letter"), ("a4", "A4")], given.get("paper", "letter"))
        + '</select><p><button type="submit">Make the class</button></p></form>')
    lan = (f'<p class="note">On the local network: phones hand in with the passcode '
           f'<span class="passcode">{escape(passcode)}</span> (each class page shows its '
           f"QR code).</p>" if passcode else "")
    return layout("Classes", _message(error) + lan + listing + "<h2>New class</h2>" + form)


def passcode_page(path: str, wrong: bool, wait: float = 0.0) -> str:
    """Asked of a phone that has not given the passcode (the QR code's link gives it); `wait`:
    seconds before another try is looked at, after too many wrong ones."""
    said = (f"too many wrong passcodes: try again in {ceil(wait)} s" if wait else
            "that is not the passcode" if wrong else "")
    return layout("Passcode", _message(said)
                  + '<div class="phone"><p>Scan the QR code on the board, or type the '
                  + "passcode it shows.</p>"
                  + f'<form method="get" action="{escape(path)}">'
                  + '<label for="passcode">Passcode</label>'
                  + '<input id="passcode" name="passcode" autocomplete="off" '
                  + 'autocapitalize="characters" maxlength="40" style="font-size:1.6rem">'
                  + '<button type="submit">Go</button></form></div>')


def phone_home(classes: list[ClassRow], games: list[tuple[str, str]]) -> str:
    """A phone's first page: the classes to hand in to."""
    rows = "".join(f'<li><a class="pick" href="/classes/{c.id}/phone">Class {c.id}: '
                   f"{escape(dict(games).get(c.game, c.game))}</a></li>" for c in classes)
    return layout("Hand in", f'<div class="phone"><ul>{rows}</ul></div>' if rows
                  else "<p>No class yet.</p>")


def phone_page(c: ClassRow, title: str, csrf: str, error: str = "", note: str = "") -> str:
    """A phone's hand-in page: take photos of the team's sheets (or pick them), send."""
    return layout(f"Class {c.id}: hand in", (
        _message(error) + (f'<p class="note">{escape(note)}</p>' if note else "")
        + f'<div class="phone"><p>{escape(title)}. Photograph each sheet of your team\'s '
        + "bubble log flat, in good light, the whole sheet in the picture.</p>"
        + f'<form method="post" action="/classes/{c.id}/handin" '
        + 'enctype="multipart/form-data">' + _token(csrf)
        + '<input type="hidden" name="from" value="phone">'
        + '<label for="camera">Take a photo</label>'
        + '<input id="camera" type="file" name="files" accept="image/*" capture="environment">'
        + '<label for="photos">or choose photos</label>'
        + '<input id="photos" type="file" name="files" accept="image/*" multiple>'
        + '<button type="submit">Send</button></form></div>'))


def board_page(c: ClassRow, title: str, link: str, passcode: str, qr: str) -> str:
    """To project on the board: the QR code of the phones' upload address, the passcode."""
    return layout(f"Class {c.id}: hand in from your phone", (
        f'<div class="board">{qr}<p>Scan to hand in ({escape(title)}), or open '
        f"<code>{escape(link.split('?', 1)[0])}</code> and type the passcode</p>"
        f'<p class="passcode">{escape(passcode)}</p></div>'))


def run_status(c: ClassRow, run: Run | None, finished: bool, results: bool = False) -> str:
    """The class's latest audit run: a progress bar while it runs, why it did not finish
    (`results`: on the results page, which reloads itself meanwhile)."""
    if run is None:
        return ""
    if run.running:
        phase = run.phase or "waiting for the audit before it"
        bar = (f'<progress id="audit-progress" value="{run.done}" max="{max(run.total, 1)}">'
               f"{run.done} of {run.total}</progress>")
        where = ("The page updates when it is done." if results else
                 f'<a href="/classes/{c.id}/results">The results page</a> updates itself '
                 "until it is done.")
        return (f'<div class="note" id="audit-run"><p>Auditing the hand-ins: '
                f"{escape(phase)}. {where}</p>{bar}</div>")
    if run.state != "done":
        shown = " Showing the last finished audit." if finished else ""
        return (f'<p class="error" role="alert" id="audit-run">The last audit run did not '
                f"finish: {escape(run.message or run.state)}.{shown}</p>")
    return ""


def _phones(c: ClassRow, link: str, passcode: str, qr: str) -> str:
    """The class page's part for --lan: the QR code of the phones' upload page, the passcode."""
    return ("<h2>Phones</h2>"
            f'<div class="phones">{qr}<div><p>Students scan the QR code to hand in photos of '
            f"their sheets from a phone on this network, or open "
            f"<code>{escape(link.split('?', 1)[0])}</code> and type the passcode:</p>"
            f'<p class="passcode" id="passcode">{escape(passcode)}</p>'
            f'<p><a href="/classes/{c.id}/board">Show it large, for the board</a></p>'
            "</div></div>")


# what each of a class's printouts is, on its page (docs/classroom.md says the same at length)
FILE_WORDS = {
    PACK: "every match's sheets, bubble sheets and play book, match after match, ordered "
          "for printing on both sides: hand each table its match's pages; the bubble sheets "
          "are what comes back",
    SCHEDULE: "the tournament: who plays whom in each round, to put up",
    TEACHER: "for you alone: each match's seed and code, to check what is handed in",
}


def _more_sheets(c: ClassRow, matches: Sequence[tuple[str, str]]) -> str:
    """The form for a match's next bubble sheets (a game longer than its pack's)."""
    if not matches:
        return ""
    return ("<h3>More bubble sheets for a long game</h3>"
            f'<form method="get" action="/classes/{c.id}/more.pdf" class="more">'
            '<p>A game that runs past its pack\'s bubble sheets goes on to the next ones, '
            "numbered on from the pack's last and stamped with the match:</p>"
            '<label for="match">Match</label><select id="match" name="match">'
            + _options(matches, matches[0][0]) + "</select>"
            + '<label for="count">How many sheets</label><input id="count" name="count" '
            'type="number"'
            f' min="1" max="{MORE_SHEETS}" value="2">'
            + '<p><button type="submit">Print the next sheets</button></p></form>')


def class_page(c: ClassRow, title: str, subs: list[Submission], readings: dict[int, str],
               run: Run | None, csrf: str, error: str = "", note: str = "",
               phones: tuple[str, str, str] | None = None,
               matches: Sequence[tuple[str, str]] = ()) -> str:
    """One class: its downloads, the hand-in form, what was handed in and what each file
    was read as (by the last audit that took it)."""
    downloads = "".join(f'<li><a href="/classes/{c.id}/files/{name}">{name}</a>: '
                        f"{escape(FILE_WORDS[name])}</li>" for name in DOWNLOADS)
    handed = "".join(f"<tr><td>{escape(s.original)}</td><td>{escape(s.kind)}</td>"
                     f'<td class="read">{escape(readings.get(s.id, "not audited yet"))}</td>'
                     f"<td>{s.size:,} bytes</td><td>{escape(s.stored)}</td></tr>" for s in subs)
    listing = (f"<table><tr><th>handed in as</th><th>kind</th><th>read as</th><th>size</th>"
               f"<th>kept as</th></tr>{handed}</table>" if subs else "<p>Nothing yet.</p>")
    body = (
        _message(error) + (f'<p class="note">{escape(note)}</p>' if note else "")
        + f"<p>{escape(title)}, {escape(_format(c))}, {escape(c.paper)}; class id "
        + f"{escape(c.class_id)}. Teams: {escape(', '.join(c.teams))}.</p>"
        + f"<h2>Print</h2><ul>{downloads}</ul>" + _more_sheets(c, matches)
        + "<h2>Hand in</h2>"
        + f'<form method="post" action="/classes/{c.id}/handin" enctype="multipart/form-data">'
        + _token(csrf)
        + '<label for="files">Photos or scans of the bubble logs, PDFs, typed records (at most '
        + f"{MAX_FILES} files, {MAX_FILE // (1024 * 1024)} MB each)</label>"
        + '<input id="files" type="file" name="files" multiple>'
        + '<p><button type="submit">Hand in</button></p></form>'
        + (_phones(c, *phones) if phones else "")
        + f"<h2>Handed in</h2>{listing}"
        + "<h2>Results</h2>" + run_status(c, run, False)
        + f'<p><a href="/classes/{c.id}/results">Standings and findings</a> (each hand-in '
        + "is audited in the background)</p>")
    return layout(f"Class {c.id}: {title}", body)     # never reloads: a choice of files stays


def results_page(c: ClassRow, title: str, report: dict | None, run: Run | None,
                 sheets: dict[str, str], csrf: str) -> str:
    """The last finished audit run: counts, standings, matches not simply one clean record,
    then each team's findings (and its annotated sheets) and every record; above them the
    run in progress, if one is."""
    status = run_status(c, run, report is not None, results=True)
    again = (f'<form method="post" action="/classes/{c.id}/audit">' + _token(csrf)
             + '<p><button type="submit">Audit again</button></p></form>')
    refresh = run is not None and run.running
    if report is None:
        return layout(f"Class {c.id}: results", status + (
            "" if refresh else f'<p>Not audited yet: hand in from the <a '
            f'href="/classes/{c.id}">class page</a>.</p>'), refresh=refresh)
    head = (f"<p>{escape(report['summary'].removeprefix('audit: '))}. "
            f'<a href="/classes/{c.id}/gradebook.csv">Gradebook (CSV)</a></p>')
    standing_rows = "".join(
        f"<tr><td>{n}</td><td>{escape(s['team'])}</td><td>{s['played']}</td><td>{s['won']}</td>"
        f"<td>{s['drawn']}</td><td>{s['lost']}</td><td>{s['for']}</td><td>{s['against']}</td>"
        f"<td>{s['points']}</td></tr>" for n, s in enumerate(report["standings"], start=1))
    standings = ("<h2>Standings</h2><table><tr><th>#</th><th>team</th><th>P</th><th>W</th>"
                 "<th>D</th><th>L</th><th>PF</th><th>PA</th><th>Pts</th></tr>"
                 f"{standing_rows}</table>")
    player_rows = "".join(
        f"<tr><td>{n}</td><td>{escape(p['player'])}</td><td>{escape(p['team'])}</td>"
        f"<td>{p['played']}</td><td>{p['won']}</td><td>{p['points']}</td>"
        f"<td>{p['average']:.1f}</td></tr>" for n, p in enumerate(report["players"], start=1))
    if player_rows:                   # games whose players score alone (Luck of the Draw)
        standings += ("<h2>Players</h2><table><tr><th>#</th><th>player</th><th>team</th>"
                      "<th>played</th><th>won</th><th>points</th><th>average</th></tr>"
                      f"{player_rows}</table>")
    matches = "".join(f'<li class="{escape(a["state"])}">{escape(a["text"])}</li>'
                      for a in report["matches"])
    matches_html = f"<h2>Matches</h2><ul>{matches}</ul>" if matches else ""
    by_team: dict[str, list[str]] = {}
    for r in report["records"]:
        for f in r["findings"]:
            where = f["sheet"] or f"{r['file']} line {f['line']}"
            text = f"{where}: {f['rule']}: {f['message']}"
            if f["expected"] or f["found"]:
                text += f" (expected {f['expected']}, found {f['found']})"
            for team in r["of"] or [""]:
                by_team.setdefault(team, []).append(text)

    def sheet_link(team: str) -> str:
        token = sheets.get(team)
        return (f' <a class="sheets" href="/classes/{c.id}/sheets/{escape(token)}.pdf">'
                "annotated sheets (PDF)</a>" if token else "")

    teams = "".join(f"<h3>{escape(team or '(no team)')}{sheet_link(team)}</h3><ul>"
                    + "".join(f"<li>{escape(t)}</li>" for t in found) + "</ul>"
                    for team, found in by_team.items())
    teams_html = f"<h2>Findings by team</h2>{teams}" if teams else ""
    records = "".join(
        f"<tr><td>{escape(r['file'])}</td><td>{escape(r['match'])}</td>"
        f"<td>{escape(r['teams'])}</td>"
        f"<td>{'-'.join(map(str, r['points'])) if r['points'] else ''}</td>"
        f'<td class="{escape(r["status"])}">{escape(r["status"])}'
        f"{': ' + escape(r['error']) if r['error'] else ''}"
        f"{' (' + str(len(r['findings'])) + ')' if r['findings'] else ''}</td></tr>"
        for r in report["records"])
    records_html = ("<h2>Records</h2><table><tr><th>file</th><th>match</th><th>teams</th>"
                    f"<th>score</th><th>status</th></tr>{records}</table>")
    return layout(f"Class {c.id}: results ({title})",
                  status + head + standings + matches_html + teams_html + records_html
                  + ("" if refresh else again), refresh=refresh)


def error_page(status: int, message: str) -> str:
    return layout({400: "Cannot do that", 403: "Refused", 404: "Not found",
                   405: "Not allowed", 413: "Too big"}.get(status, "Error"),
                  _message(message) + '<p><a href="/">Back to the classes</a></p>')
