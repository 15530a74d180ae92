"""`printkit render blowout refcard`: BLOWOUT!!!'s quick-reference card, two-sided.

Front: the game on one side (set-up, hands and their refill, a snap, downs and fourth down,
each score with its points and the restart after it, periods, halftime, overtime), then every
card type with its deck, its yards and when it may be played. Back: each named card
(penalties, turnovers, SACK!, CHALLENGE), what each deck holds, the yards-per-play odds and the
field-goal odds over FIELD GOAL range (the `yards` and `field-goal` tables of `printkit odds
blowout`). Every number comes from the rules object (engine/blowout/rules.toml, the decks of
decks.toml and the odds computed from them): a card's yards are what the deck holds.
"""

from __future__ import annotations

from printkit import refcard
from printkit.layout import Layout
from printkit.pdfdoc import Document
from printkit.refcard import Chart, Columns, Heading, Lines, Note, Side
from printkit.sheets import RenderOptions
from printkit_engine.blowout.decks import DECK_NAMES, Decks
from printkit_engine.blowout.game import GAME
from printkit_engine.blowout.rules import Rules, load_rules
from printkit_engine.odds import Figure, OddsTable


def _yards(low: int | None, high: int | None) -> str:
    if low is None or high is None:
        return ""
    return f"{low} to {high}" if low < 0 else f"{low}-{high}"


def held(decks: Decks, kind: str) -> tuple[int | None, int | None]:
    """The least and most yards the decks hold of a card type: what a player meets at the
    table (SPECIAL TEAMS 25-65), not the type's allowed range (20-70, what decks.toml is
    checked against, B5)."""
    yards = [c.yards for name in DECK_NAMES for c in decks.deck(name).cards
             if c.type.key == kind and c.yards is not None]
    return (min(yards), max(yards)) if yards else (None, None)


def named_lines(decks: Decks) -> Lines:
    """The cards with a name (not yards): when each may be played and what it does."""
    seen, items = set(), []
    for name in DECK_NAMES:
        for card in decks.deck(name).cards:
            if card.yards is not None or card.code in seen:
                continue
            seen.add(card.code)
            items.append((card.code, f"{card.label}: {card.timing} {card.effect}"))
    return Lines(tuple(items))


def _nth(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


# what the rules call each game length (rules.toml's keys are the record's Length tag)
LENGTH_NAMES = {"quarter": "QUARTERS", "halves": "HALVES", "full": "FULL GAME"}


def play_lines(rules: Rules) -> Lines:
    """Set-up, hands, a snap and the downs: the rules' words, the rules object's numbers."""
    f, h = rules.field, rules.hands
    return Lines((
        ("Set-up", "Shuffle your three decks; the coin toss winner picks OFFENSE or DEFENSE. "
                   f"Ball on the OFFENSE's {f.start}, FIRST DOWN marker on the "
                   f"{f.start + f.first_down}."),
        ("Hands", f"OFFENSE {h.offense} OFFENSE + {h.special} SPECIAL TEAMS, DEFENSE "
                  f"{h.defense} DEFENSE; refill each card played from its deck."),
        ("A snap", "On \"Hut, hut, hike!\" both show a card: YARDS GAINED minus YARDS LOST "
                   "(a PASS never loses yards: 0 and a down)."),
        ("Downs", f"{f.first_down} yards: FIRST DOWN. FOURTH DOWN: an OFFENSE card (short: "
                  "DEFENSE's ball there) or SPECIAL TEAMS: a punt, or a FIELD GOAL from the "
                  f"opponent's {f.red_line} in (red line)."),
    ))


def score_lines(rules: Rules) -> Lines:
    """Each score: points and the restart after it."""
    f, s = rules.field, rules.scoring
    return Lines((
        (f"TOUCHDOWN {s.touchdown}", "Past the GOAL LINE, not the back of the END ZONE (a RUN "
                                     "may). Then the other side's ball on its own "
                                     f"{f.start}, FIRST DOWN."),
        (f"FIELD GOAL {s.field_goal}", f"KICK YARDS more than yard line + {f.end_zone}; then "
                                       f"as a TOUCHDOWN. No good: their ball at the spot."),
        (f"SAFETY {s.safety}", "OFFENSE pushed past its own GOAL LINE: DEFENSE scores and "
                               f"gets the ball on its own {f.start}."),
    ))


def end_lines(rules: Rules) -> Lines:
    """Periods, halftime and overtime from the rules' game lengths."""
    lengths = ", ".join(f"{LENGTH_NAMES.get(n, n.upper())} {g.periods}"
                        for n, g in rules.lengths.items())
    halves = ", ".join(f"{_nth(g.halftime)} of {g.periods}"
                       for g in rules.lengths.values() if g.halftime)
    return Lines((
        ("Periods", f"{lengths}: a period ends when all OFFENSE cards are played; reshuffle. "
                    f"Halftime (after the {halves}): who began on OFFENSE, now on DEFENSE, "
                    f"from the {rules.field.start}."),
        ("Overtime", "Tied: coin toss, reshuffle. The first possession scores: the other side "
                     "gets one (lead wins, tie plays on). Else first score wins."),
    ))


def kind_lines(decks: Decks) -> Lines:
    """Each deck's card types, a valued type with the yards its cards hold (the named cards'
    timing and effect are on the back)."""
    items = []
    for name in DECK_NAMES:
        kinds = [t for t in decks.types.values() if name in t.decks]
        words = []
        for k, t in enumerate(kinds):
            ends = k + 1 == len(kinds) or kinds[k + 1].value != t.value   # "RUN 45-100, PASS
            value = f" {t.value}" if t.value and ends else ""            # 15-100 YARDS GAINED"
            title = "" if t.title == decks.deck(name).title else f"{t.title} "
            words.append(f"{title}{_yards(*held(decks, t.key))}{value}" if t.value
                         else t.title)
        items.append((decks.deck(name).title, ", ".join(words) + "."))
    return Lines(tuple(items))


def front(rules: Rules) -> Side:
    return Side(GAME.title, "quick reference 1/2", (
        Heading("Set-up and play"),
        play_lines(rules),
        Heading("Scoring, then the restart"),
        score_lines(rules),
        Heading("How it ends: the highest score wins"),
        end_lines(rules),
        Heading("The decks (named cards: the back)"),
        kind_lines(rules.decks),
    ))


def field_goal_chart(table: OddsTable) -> Columns:
    """The `field-goal` odds table with neighbouring yard lines of equal odds merged."""
    line, need, good = (table.columns.index(c) for c in ("yard line", "kick yards needed",
                                                         "good"))
    runs: list[list] = []
    for row in table.rows:
        odds = row[good]
        assert isinstance(odds, Figure)
        if runs and runs[-1][2].value == odds.value:
            runs[-1][1] = row
        else:
            runs.append([row, row, odds])
    cells = [(_yards(int(a[line]), int(b[line])) if a is not b else str(a[line]),
              _yards(int(a[need]), int(b[need])) if a is not b else str(a[need]),
              refcard.percent(f)) for a, b, f in runs]
    half = (len(cells) + 1) // 2
    head = ("yd line", "KICK YDS", "good")
    return Columns(((Chart(head, tuple(cells[:half])),), (Chart(head, tuple(cells[half:])),)))


def back(decks: Decks, tables: list[OddsTable]) -> Side:
    yards = refcard.odds_table(tables, "yards")
    return Side(GAME.title, "quick reference 2/2", (
        Heading("Named cards (code: card, when, effect)"),
        named_lines(decks),

        Heading("Yards per play"),
        refcard.odds_chart(yards, ("play", "gain", "no gain", "loss", "10+ yards"),
                           ("play", "gain", "no gain", "loss", "10+ yds")),
        Note("A random RUN or PASS card against a random DEFENSIVE PLAY (exact)."),
        Heading("Field goal from each yard line in range"),
        field_goal_chart(refcard.odds_table(tables, "field-goal")),
    ))


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    rules = load_rules(opts.rules_file)
    assert GAME.odds is not None
    refcard.render(doc, opts, layout, front(rules), back(rules.decks, GAME.odds(rules)),
                   GAME.title)
