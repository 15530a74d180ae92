"""Season figures of Card Bowl records, read from the play notes' text (any record: the
bots' or one written by hand), and the table of the rules' own claims about a whole game.

`game_stats(text)` counts plays (kickoffs, scrimmage lines, tries), points (the running score
the lines give), drives (a team's run of scrimmage lines until the ball changes hands) and the
drives that end in the offence's touchdown or field goal, plus the counts `claims()` needs:
scrimmage plays, quarters, open-field runs (the second term of `run 5 + 8 = 13`, the fourth
cards group of a return), runs and passes that gain, their turnovers, and QB sneaks.
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit_engine.cardbowl.cardplay import value
from printkit_engine.cardbowl.notation import Entry, parse
from printkit_engine.odds import GameStats, OddsTable
from printkit_engine.oddsmath import estimate, mean_interval, wilson

RUNS = ("run", "rush", "sweep", "draw")
KICKS = ("kickoff", "free_kick")


def game_stats(text: str) -> GameStats:
    """One record's figures (docstring of the module)."""
    record = parse(text, "<simulated>")
    entries = [row.item for row in record.rows if isinstance(row.item, Entry)]
    counts: dict[str, float] = dict.fromkeys(COUNTS, 0)
    plays = [e for e in entries if e.kind == "play"]
    counts["quarters"] = 1 + sum(e.kind == "marker" and e.name in ("Q2", "Halftime", "Q4")
                                 for e in entries)
    for e in plays:
        _count(counts, e)
    drives, scoring = _drives(entries)
    return GameStats(plays=len(plays), points=_points(record.tags.get("Result", "")),
                     drives=drives, scoring_drives=scoring, counts=tuple(counts.items()))


COUNTS = ("scrimmage", "quarters", "ofr", "ofr under 10", "ofr yards", "return ofr",
          "return ofr yards", "runs", "runs gaining", "run yards gained", "run losses",
          "run losses 1-9", "run turnovers", "passes", "passes gaining", "pass yards gained",
          "pass turnovers", "sneaks", "sneak longest")


def _points(result: str) -> int:
    try:
        return sum(int(p) for p in result.split("-"))
    except ValueError:
        return 0


def _count(c: dict[str, float], e: Entry) -> None:
    res = e.result
    if e.name in KICKS or res.punt_play:
        _return_run(c, e)
        return
    if e.name != "scrimmage" or res.field_goal:
        return
    c["scrimmage"] += 1
    for added in res.sums[:1]:
        if len(added.terms) == 2 and res.play in (*RUNS, "pass", "screen", "lateral"):
            c["ofr"] += 1
            c["ofr under 10"] += added.terms[1] < 10
            c["ofr yards"] += added.terms[1]
    lost = res.interception or (res.fumble and res.recovered in ("D", "K"))
    gain = None if res.incomplete else res.gain
    if res.play in RUNS:
        _tally(c, "run", gain, lost)
        if gain is not None and gain < 0 and not lost:
            c["run losses"] += 1
            c["run losses 1-9"] += -9 <= gain <= -1
    elif res.play == "pass":
        _tally(c, "pass", gain, lost)
    elif res.play == "sneak" and gain is not None:
        c["sneaks"] += 1
        c["sneak longest"] = max(c["sneak longest"], gain)


def _tally(c: dict[str, float], kind: str, gain: int | None, lost: bool) -> None:
    c[f"{kind}s" if kind == "run" else "passes"] += 1
    c[f"{kind} turnovers"] += lost
    if gain is not None and gain > 0 and not lost:
        c["runs gaining" if kind == "run" else "passes gaining"] += 1
        c[f"{kind} yards gained"] += gain


def _return_run(c: dict[str, float], e: Entry) -> None:
    """A kick return's open-field run: the cards line's fourth group."""
    cards = e.cards
    if cards is None or len(cards.groups) < 4 or not cards.groups[3]:
        return
    c["return ofr"] += 1
    c["return ofr yards"] += sum(map(value, cards.groups[3]))


def _drives(entries: list[Entry]) -> tuple[int, int]:
    """Runs of scrimmage lines by one team (a `---`, another heading or a kick ends one)
    and those that ended in the offence's touchdown or field goal."""
    drives = scoring = 0
    section: str | None = None
    team: str | None = None
    scored = in_drive = False
    for e in entries:
        ends = e.kind == "separator" or (e.kind == "play" and e.name != "scrimmage")
        if e.kind == "heading":
            section = e.name
            ends = in_drive and section != team
        if ends and in_drive:
            scoring += scored
            in_drive, scored = False, False
        if e.kind == "separator":
            section = None
        if e.kind == "play" and e.name == "scrimmage":
            if not in_drive:
                drives += 1
                in_drive, team = True, section
            scored = scored or _offense_scored(e)
    return drives, scoring + (scored and in_drive)


def _offense_scored(e: Entry) -> bool:
    res = e.result
    if res.field_goal:
        return bool(res.good)
    lost = res.interception or res.punt_play or res.blocked or \
        (res.fumble and res.recovered in ("D", "K"))
    return res.touchdown and not lost


# -- the rules' claims about a whole game ---------------------------------------------------
def _total(stats: Sequence[GameStats], name: str) -> float:
    return sum(s.count(name) for s in stats)


def _per_game(stats: Sequence[GameStats], num: str, den: str) -> tuple[float, tuple]:
    return mean_interval([s.count(num) / max(s.count(den), 1) for s in stats])


def _share(stats: Sequence[GameStats], num: str, den: str):
    hits, trials = int(_total(stats, num)), int(_total(stats, den))
    if not trials:
        return None
    value_, interval = wilson(hits, trials)
    return estimate(value_, interval, trials)


def _mean(stats: Sequence[GameStats], num: str, den: str):
    n = _total(stats, den)
    if not n:
        return None
    per = [s.count(num) / s.count(den) for s in stats if s.count(den)]
    m, interval = mean_interval(per)
    return estimate(_total(stats, num) / n, (min(interval[0], _total(stats, num) / n),
                                             max(interval[1], _total(stats, num) / n)),
                    int(n))


CLAIMS = (
    ("scrimmage plays per quarter", "about 31 scrimmage plays per quarter (the NFL's)",
     lambda st: _quarterly(st, "scrimmage")),
    ("plays per quarter, special teams too", "about 36 total plays per quarter",
     lambda st: _quarterly(st, "plays")),
    ("open-field runs under 10 yards (scrimmage)",
     "An open field run will typically go less than 10 yards before being tackled",
     lambda st: _share(st, "ofr under 10", "ofr")),
    ("open-field run, average yards (scrimmage)", "(same: typically less than 10 yards)",
     lambda st: _mean(st, "ofr yards", "ofr")),
    ("open-field run, average yards (kick returns)", "(longer for a punt or kickoff return)",
     lambda st: _mean(st, "return ofr yards", "return ofr")),
    ("runs gaining yards", "the rush/run has a greater chance of getting some yardage",
     lambda st: _share(st, "runs gaining", "runs")),
    ("passes gaining yards", "... while the pass can have ... a greater risk of getting no "
     "yardage", lambda st: _share(st, "passes gaining", "passes")),
    ("average gain of a run that gains", "... but shorter yardage",
     lambda st: _mean(st, "run yards gained", "runs gaining")),
    ("average gain of a pass that gains", "... the pass can have a greater chance of getting "
     "longer yardage", lambda st: _mean(st, "pass yards gained", "passes gaining")),
    ("turnovers per run", "(the run: less risk)", lambda st: _share(st, "run turnovers", "runs")),
    ("turnovers per pass", "... and a greater risk of a turnover",
     lambda st: _share(st, "pass turnovers", "passes")),
    ("run losses of 1-9 yards (of all run losses)",
     "this usually results in only a few yard loss, in this case 1-9",
     lambda st: _share(st, "run losses 1-9", "run losses")),
    ("longest QB sneak (yards)", "it will never gain more than a few yards",
     lambda st: _longest(st, "sneak longest")),
)


def _quarterly(stats: Sequence[GameStats], name: str):
    values = [(s.plays if name == "plays" else s.count(name)) / max(s.count("quarters"), 1)
              for s in stats]
    m, interval = mean_interval(values)
    return estimate(m, interval, len(values))


def _longest(stats: Sequence[GameStats], name: str):
    top = max((s.count(name) for s in stats), default=0)
    return estimate(top, (top, top), len(stats))


def claims(stats: Sequence[GameStats], seed: str) -> OddsTable:
    """The rules' sentences about a whole game, each beside the simulated games' figure."""
    rows = []
    for label, said, figure in CLAIMS:
        f = figure(stats)
        if f is not None:
            rows.append((label, said, f))
    n = len(stats)
    return OddsTable(
        key="claims", title=f"The rules' claims about a game, against {n} bot game"
                            f"{'s' if n != 1 else ''}",
        columns=("figure", "the rules say", "simulated"), rows=tuple(rows),
        note=(f"Seeded bots (game k: seed {seed}-000k), Complex Timing; read back from the "
              "records' text. 95% intervals: normal for means per game, Wilson for shares; "
              "'longest' is the largest seen (no interval). docs/odds.md discusses them."))
