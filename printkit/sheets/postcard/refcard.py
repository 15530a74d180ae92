"""`printkit render postcard refcard`: PostCard's quick-reference card, two-sided.

Front (a down): the strategy circle, the rushing chart, the passing chart (negative results,
then each catch level with its odds), running with the ball. Back (kicks and the rest): field
goals and punts with their odds, kickoffs, onside kicks, fumble recovery and the hidden
modifiers in one box. Every value is read from engine/postcard/rules.toml through `Rules` (a
player's `--rules` card changes it), the outcome codes are the board's
(printkit/sheets/postcard/board/charts.py) and the odds are `printkit odds postcard`'s tables.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from printkit import refcard
from printkit.layout import Layout
from printkit.pdfdoc import Document
from printkit.refcard import Box, Chart, Heading, Lines, Note, Side
from printkit.sheets import RenderOptions
from printkit.sheets.postcard.board.notes import _pressure as pressure_text
from printkit.sheets.postcard.board.notes import time_triggers
from printkit_engine.odds import OddsTable
from printkit_engine.postcard.game import GAME
from printkit_engine.postcard.rules import DIE, Rules, die_from
from printkit_engine.postcard.rules import Chart as RulesChart

# The board's outcome codes, shortened to fit a 4 x 6 in card at 8 pt; LEGEND explains each.
CODES = {
    "sack": "S-{yards}", "interception_chance": "INT?", "incomplete": "INC", "fumble": "FUM",
    "loss": "-{yards}", "stopped": "0", "gain": "+{yards}", "tackle": "TKL",
    "penalty_offense": "P-{yards}", "penalty_defense": "P+{yards}",
}
LEGEND = (("S-15", "sack, yards lost"), ("INT?", "both roll: grounding or interception"),
          ("INC", "incomplete"), ("FUM", "fumble: both roll to recover"),
          ("TKL", "tackled"), ("P+ / P-", "penalty against the defense / the offense"))


def stars(n: int) -> str:
    """A bonus as the board's star with its count (three stars would not fit a punt cell)."""
    return f"{n}\u2605" if n else "-"


def code(outcome: str, yards: int) -> str:
    return CODES[outcome].format(yards=abs(yards))


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def groups(chart: RulesChart, results: Sequence[int]) -> list[tuple[str, str]]:
    """(results, code) with neighbouring results of the same outcome merged: '-4..0' 'TKL'."""
    out: list[tuple[int, int, str]] = []
    for r in results:
        text = code(chart.row(r).outcome, chart.row(r).yards)
        if out and out[-1][2] == text:
            out[-1] = (out[-1][0], r, text)
        else:
            out.append((r, r, text))
    return [(_signed(a) if a == b else f"{_signed(a)}..{_signed(b)}", t) for a, b, t in out]


def result_chart(label: str, chart: RulesChart, results: Sequence[int]) -> Chart:
    cells = groups(chart, results)
    return Chart((f"{label} O-D", *(r for r, _ in cells)), (("result", *(t for _, t in cells)),))


def strategy_chart(rules: Rules) -> Chart:
    s = rules.strategy
    numbers = sorted(s.numbers)
    return Chart(("pick", *map(str, numbers)), (
        ("play", *("pass" if n in s.passing else "rush" for n in numbers)),
        ("beats", *(" ".join(map(str, s.beats[n])) for n in numbers)),
        ("stars", *(stars(s.stars[n]) for n in numbers)),
    ))


def level_chart(rules: Rules, catch: OddsTable) -> Chart:
    """Each catch level: the O-D results that throw to it, the throw, the catch and pressure
    dice, and the odds of a catch (the `catch` odds table, matched by level)."""
    p = rules.passing
    odds = {str(row[0]): row for row in catch.rows}
    col = catch.columns.index("catch overall")
    rows = []
    for lv in p.levels:
        if lv.first <= 0:                    # the level only a pressured throw reaches
            results, throw = "-", "-"
        else:
            results = _span(lv.first, lv.last)
            throw = _span(rules.throw_yards(lv.first), rules.throw_yards(lv.last))
        row = odds.get(str(lv.level))
        rows.append((f"L{lv.level}", results, throw, die_from(lv.catch),
                     die_from(lv.pressure) if lv.pressure <= DIE else "-",
                     refcard.percent(row[col]) if row else "-"))
    return Chart(("level", "O-D", "yards", "catch", "press.", "caught"), tuple(rows))


def game_lines(rules: Rules) -> Lines:
    """Points, what crosses Time Tracker circles and how many, and the end-of-game phase:
    all from the rules object (scoring, time_tracker, play_tracker)."""
    sc, tt = rules.scoring, rules.time_tracker
    return Lines((
        ("Points", f"TD {sc.touchdown}, then {sc.extra_point} (kick, the "
                   f"{sc.extra_point_spot}) or {sc.two_point} (a play, the {sc.two_point_spot})"
                   f"; FG {sc.field_goal}; safety {sc.safety}."),
        ("Time", time_triggers(rules)),
        ("End", f"All {2 * tt.circles} crossed: erase one end zone's {tt.circles}; a play "
                f"crosses {tt.end_of_game_play}, a TD {tt.end_of_game_touchdown}, no stars; "
                "the last ends the game."),
    ))


def front(rules: Rules, table: Callable[[str], OddsTable]) -> Side:
    p, t = rules.passing, rules.tackle
    negative = [r for r in range(p.min, 1)]
    middle = (t.min + t.max) // 2
    return Side(GAME.title, "quick reference 1/2", (
        Heading("Strategy circle"),
        strategy_chart(rules),
        Note("Each pick beats the numbers under it; the winner adds its stars to its die in "
             "the play's first Challenge (O-D: offense die - defense die)."),
        Heading("Rushing"),
        result_chart("RUSH", rules.rushing, range(rules.rushing.min, rules.rushing.max + 1)),
        Heading("Passing"),
        result_chart("PASS", p, negative),
        level_chart(rules, table("catch")),
        Note(f"catch / press.: the offense's die to catch, the defense's to raise the level by "
             f"one; caught: chance with pressure (exact). Pressure: {pressure_text(rules)}."),
        Heading("Running with the ball (tackle chart)"),
        result_chart("RUN", t, range(t.min, middle + 1)),
        result_chart("RUN", t, range(middle + 1, t.max + 1)),
        Note("  ".join(f"{code}: {text}." for code, text in LEGEND[:3])),
        game_lines(rules),
    ))


def modifiers(rules: Rules) -> Lines:
    """The rules that change a roll without showing on any chart."""
    p, t, b = rules.passing, rules.tackle, rules.bonus
    reduced = sorted({r.yards for r in t.rows if r.outcome.startswith("penalty")})
    return Lines((
        ("Roll of 1", f"any die that counts: gain {b.roll_of_one} bonus (at most {b.max} "
                      "held); bonuses never go on kicks or 2d6 rolls"),
        ("Breakaway", f"first move {t.breakaway}+ keeps the strategy bonus for the run"),
        ("Step 2", "negative first result: the second roll counts half (down); a throw made "
                   f"positive is L{p.negative_to_positive_level}"),
        ("INT", f"no catch after pressure {p.interception_pressure}+: defense intercepts on "
                f"{die_from(p.interception_roll)}; grounding on {p.grounding_roll} "
                f"(-{p.grounding_yards})"),
        ("Sack", f"defense 2d6 {', '.join(map(str, p.sack_strip))} = fumble; each later roll "
                 f"counts {p.sack_penalty_per_roll} less"),
        ("Red zone", f"inside the {t.red_zone}, penalties towards the goal "
                     + ", ".join(f"{y}->{y - t.red_zone_reduction}" for y in reduced)),
    ))


def back(rules: Rules, table: Callable[[str], OddsTable]) -> Side:
    fg, pu, ko, on = rules.field_goal, rules.punt, rules.kickoff, rules.onside
    fg_odds = {str(r[0]): r for r in table("field-goal").rows}
    fg_col = table("field-goal").columns.index("made")
    punt_odds = {str(r[0]): r for r in table("punt").rows}
    punt_col = table("punt").columns.index("on target")
    return Side(GAME.title, "quick reference 2/2", (
        Heading(f"Field goal (ball {fg.snap_back} yd back; blocked at Challenge {fg.block})"),
        Chart(("spot", *(str(r.spot) for r in fg.ranges)), (
            ("2d6", *(_span(r.low, r.high) for r in fg.ranges)),
            ("made", *(refcard.percent(fg_odds[str(r.spot)][fg_col]) if str(r.spot) in fg_odds
                       else "-" for r in fg.ranges)))),
        Heading(f"Punt (ball {pu.snap_back} yd back): target yards"),
        Chart(("yds", *(str(x.distance) for x in pu.targets)), (
            ("2d6", *(_span(x.low, x.high) for x in pu.targets)),
            ("bonus", *(stars(x.bonus) for x in pu.targets)),
            ("on", *(refcard.percent(punt_odds[str(x.distance)][punt_col])
                     if str(x.distance) in punt_odds else "-" for x in pu.targets)))),
        Note(f"Off target: {rules.field.yards_per_step} yd a spot. made / on: chance (exact)."),
        Heading(f"Kickoff from the {ko.from_}; onside"),
        Chart(("die", *(str(k.die) for k in ko.spots)), (
            ("kick to", *("EZ" if k.yard_line < 0 else str(k.yard_line) for k in ko.spots)),
            ("bonus", *(stars(k.bonus) for k in ko.spots)),
            ("onside", *(str(o.distance) for o in on.spots)),
            ("bonus", *(stars(o.bonus) for o in on.spots)))),
        Note(f"EZ: into the end zone (touchback to the {ko.touchback}); onside: yards from "
             "the kick; bonus on the first return Challenge."),
        Box((Heading("Hidden modifiers"), modifiers(rules))),
        Lines(LEGEND[3:]),
    ))


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    rules = GAME.rules(opts.rules_file)
    assert GAME.odds is not None
    tables = GAME.odds(rules)

    def table(key: str) -> OddsTable:
        return refcard.odds_table(tables, key)

    refcard.render(doc, opts, layout, front(rules, table), back(rules, table), GAME.title)
