"""`printkit render cardbowl refcard`: Card Bowl's quick-reference card, two-sided.

Front: card values and jokers, the kicking formulas (kickoff, punt, returns, open-field run),
the field goal (distance, six cards, block windows by distance), snap and sack numbers, and
the legend of every code. Back: the field-goal odds by distance (the `field-goal` table of
`printkit odds cardbowl`), the penalty-card chart and the fumble bounce (decision C13).
Every number comes from engine/cardbowl/rules.toml (through `Rules`) or from the odds tables
computed from it, so a player's `--rules` file changes the card.
"""

from __future__ import annotations

from printkit import refcard
from printkit.layout import Layout
from printkit.pdfdoc import Document
from printkit.refcard import Chart, Columns, Heading, Lines, Note, Side
from printkit.sheets import RenderOptions
from printkit_engine.cardbowl.game import GAME
from printkit_engine.cardbowl.rules import Rules
from printkit_engine.odds import OddsTable

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def rules_for(opts: RenderOptions) -> Rules:
    return GAME.rules(opts.rules_file)


def _span(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{items[0]}-{items[-1]}"


def value_chart(rules: Rules) -> Chart:
    """Card values as the rules' arithmetic uses them (A-10 face value, J 11, Q 12, K 13)."""
    return Chart(("card", *RANKS[:1], *RANKS[9:], "Jkr"),
                 (("value", *(str(rules.value(r + "S")) for r in RANKS[:1] + RANKS[9:]),
                   str(rules.cards.joker_in_hand)),))


def block_windows(rules: Rules) -> list[tuple[str, str]]:
    """Field goal distances grouped by how many first cards a Red Joker blocks in."""
    fg = rules.field_goal
    groups: dict[int, list[int]] = {}
    low = fg.add + 1                                  # the shortest attempt: the 1-yard line
    for distance in range(low, 100 + fg.add):
        groups.setdefault(fg.block_draws(distance), []).append(distance)
    out = []
    for draws, ds in sorted(groups.items()):
        span = (f"{ds[0]}+" if draws >= fg.cards else
                f"<{ds[-1] + 1}" if ds[0] == low else f"{ds[0]}-{ds[-1]}")
        out.append((span, "any card" if draws >= fg.cards else
                    f"first {draws}" if draws > 1 else "first card"))
    return out


def front(rules: Rules, tables: list[OddsTable]) -> Side:
    k, p, fg, ofr = rules.kickoff, rules.punt, rules.field_goal, rules.open_field_run
    faces = ", ".join(f"{f}={n}" for f, n in ofr.face_draws.items())
    windows = block_windows(rules)
    return Side(GAME.title, "quick reference 1/2", (
        Heading("Card values"),
        value_chart(rules),
        Lines((("RJ", "Red Joker drawn: turnover (fumble, interception) or block; "
                      "no value"),
               ("BJ", "Black Joker drawn: penalty, draw the penalty card (back); no value"),
               ("Jkr", "a joker held in the hand"))),
        Heading("Kicks"),
        Lines((("Kickoff", f"{k.cards} cards - {k.subtract} = yard line received "
                           f"(free kick after a safety: - {k.free_kick_subtract}); "
                           f"kicked from the {k.kick_spot}"),
               ("Return", f"{k.return_cards} return draws - {k.coverage_cards} coverage "
                          f"draw = yards (punt: {p.return_cards} draws)"),
               ("Punt", f"{p.min_cards}-{p.max_cards} cards + {p.add} = yards (free kick: "
                        f"+ {p.free_kick_add}); {p.min_cards}-{p.fair_catch_max_cards} "
                        "cards: fair catch"),
               ("Touchback", f"ball at the {rules.field.touchback}"),
               ("Open field", f"faces {faces}: final return draw - coverage draw = first "
                              "run draws; each face drawn adds that many draws"))),
        Heading("Field goal"),
        Lines((("Distance", f"yard line + {fg.add}; {fg.cards} cards totalling at least "
                            "the distance: good"),
               ("Miss", f"ball at the spot, {fg.spot_behind} behind the line, never inside "
                        f"the {fg.miss_minimum}"),
               ("Try", f"extra point = a {fg.extra_point_distance}-yard kick"))),
        Chart(("RJ blocks", *(span for span, _ in windows)),
              (("drawn in", *(when.replace("first ", "1st ") for _, when in windows)),)),
        Heading("Snap, sack, scoring (O: offense, D: defense)"),
        Lines((("Snap", f"RJ, then A-{rules.snap.regular_fumble_max} (shotgun "
                        f"A-{rules.snap.shotgun_fumble_max}): fumbled snap"),
               ("Sack", f"rush >= protection + draw; lost = difference + "
                        f"{rules.pass_rush.sack_loss}; automatic over + "
                        f"{rules.pass_rush.automatic_over}"),
               ("Points", f"TD {rules.scoring.touchdown}, FG {rules.scoring.field_goal}, "
                          f"safety {rules.scoring.safety}, try {rules.scoring.try_kick} "
                          f"(kick) / {rules.scoring.try_conversion} (from the "
                          f"{rules.field.two_point_spot})"))),
        refcard.odds_chart(refcard.odds_table(tables, "snap"),
                           ("formation", "fumble", "penalty on the offense",
                            "offside (defence)", "clean snap"),
                           ("snap", "fumble", "pen. O", "offside D", "clean"), digits=1),
    ))


def field_goal_charts(table: OddsTable, parts: int = 3) -> Columns:
    """The field-goal odds by distance, in `parts` side-by-side runs of rows."""
    n = len(table.rows)
    step = -(-n // parts)
    cols = ("distance", "made", "blocked")
    head = ("yds", "made", "blkd")
    return Columns(tuple((refcard.odds_chart(table, cols, head, range(i, min(n, i + step))),)
                         for i in range(0, n, step)))


def penalty_chart(rules: Rules) -> Chart:
    cards = rules.fumble.penalty_cards
    rows = []
    for d in rules.penalty_draws:
        cells = [str(y) for y in d.yards]
        if d.first_down:
            cells[-1] += " +1st"
        rows.append((d.play, d.against, *cells))
    return Chart(("BJ on", "against", *cards), tuple(rows))


def bounce_chart(rules: Rules) -> Chart:
    f = rules.fumble
    towards_o = [r for r in RANKS if r in f.bounce_towards_offense]
    towards_d = [r for r in RANKS if r in f.bounce_towards_defense]
    still = [r for r in RANKS if r not in towards_o and r not in towards_d]
    return Chart(("card", *towards_o, _span(still), *towards_d),
                 (("yards", *(str(f.bounce_towards_offense[r]) for r in towards_o), "0",
                   *(str(f.bounce_towards_defense[r]) for r in towards_d)),
                  ("towards", *("O" for _ in towards_o), "-", *("D" for _ in towards_d))))


def back(rules: Rules, tables: list[OddsTable]) -> Side:
    fg = refcard.odds_table(tables, "field-goal")
    return Side(GAME.title, "quick reference 2/2", (
        Heading("Field goal odds: yds distance, blkd blocked"),
        field_goal_charts(fg),
        Heading("Penalty card (after a Black Joker)"),
        penalty_chart(rules),
        Heading("Fumble tie: a bounce card before each redraw"),
        bounce_chart(rules),
        Note("Penalty yards by the next card drawn; +1st: automatic first down; Run: "
             "open-field run. Bounce: O towards the offense's goal, D the defense's."),
    ))


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    rules = rules_for(opts)
    assert GAME.odds is not None
    tables = GAME.odds(rules)
    refcard.render(doc, opts, layout, front(rules, tables), back(rules, tables),
                   GAME.title)
