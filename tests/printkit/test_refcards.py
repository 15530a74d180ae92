"""`printkit render GAME refcard`: one two-sided quick-reference card per game.

Geometry, sizes and content are read back from the PDF (pdfplumber); expected values are typed
from the rules texts (docs/rules/GAME.md quotes them) or taken from the game's OddsTable
objects, never recomputed here.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pdfplumber
import pytest

from printkit.errors import UserError
from printkit.layout import load_layout
from printkit.sheets import RenderOptions, get, render
from printkit_engine import registry
from printkit_engine.odds import Figure

GAMES = ("cardbowl", "postcard", "blowout", "luckdraw", "cardgrid")
PAPERS = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
CARD_MM = {"letter": (101.6, 152.4), "a4": (105.0, 148.0)}
MM = 72 / 25.4


def _render(game: str, paper: str = "letter", rules_file: Path | None = None,
            **extra) -> bytes:
    p = get(game, "refcard")
    opts = RenderOptions(paper=paper, rules_file=rules_file, extra=extra)
    return render(p, opts, load_layout(p.layout))


_CACHE: dict[tuple[str, str], bytes] = {}


def _pdf(game: str, paper: str) -> bytes:
    if (game, paper) not in _CACHE:
        _CACHE[game, paper] = _render(game, paper)
    return _CACHE[game, paper]


def _words(page) -> str:
    """The words of the page's first card (the top one) in reading order. The cards are
    turned a quarter on the page on both papers (0.25 in of paper outside the crop marks),
    anticlockwise on a fronts page, clockwise on its backs page."""
    upright = [ch for ch in page.chars if ch["upright"]]
    if len(upright) * 2 > len(page.chars):
        return " ".join(w["text"] for w in page.extract_words(keep_blank_chars=False))
    a, b = page.chars[0]["matrix"][:2]
    card = page.crop((0, 0, page.width, page.height / 2))
    turned = {"line_dir_rotated": "ltr", "char_dir_rotated": "btt"} if b > 0 else \
        {"line_dir_rotated": "rtl", "char_dir_rotated": "ttb"}
    return " ".join(w["text"] for w in card.extract_words(keep_blank_chars=False, **turned))


def _font_size(ch) -> float:
    """A character's font size, also when a card is drawn turned a quarter (A6 on A4): the
    extent across the baseline (pdfminer gives a turned character's advance as its size)."""
    return ch["size"] if ch["upright"] else ch["x1"] - ch["x0"]


def _card_boxes(page) -> list[tuple[float, float]]:
    """Sizes (mm) of the white card backgrounds: filled rects as big as a card."""
    out = []
    for r in page.rects:
        w, h = r["width"] / MM, r["height"] / MM
        if min(w, h) > 90 and max(w, h) > 140:
            out.append((round(min(w, h), 1), round(max(w, h), 1)))
    return out


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("game", GAMES)
def test_two_up_two_sided_true_size_and_nothing_under_8pt(game, paper):
    with pdfplumber.open(io.BytesIO(_pdf(game, paper))) as pdf:
        assert len(pdf.pages) == 2                           # fronts, then backs
        for page in pdf.pages:
            assert (round(page.width, 1), round(page.height, 1)) == \
                tuple(round(v, 1) for v in PAPERS[paper])
            boxes = _card_boxes(page)
            assert boxes.count(CARD_MM[paper]) == 2          # 2-up, true size
            sizes = {round(_font_size(ch), 2) for ch in page.chars}
            assert min(sizes) >= 8.0, f"text under 8 pt: {sorted(sizes)[:3]}"
    front, back = _front_back(game, paper)
    assert "quick reference 1/2" in front and "quick reference 2/2" in back


@pytest.mark.parametrize("game", GAMES)
def test_a4_card_says_what_the_letter_card_says(game):
    """A6 is laid out on its own (wider, shorter, turned on the page); the characters printed
    are the same (wrapping and order aside)."""
    def chars(paper):
        with pdfplumber.open(io.BytesIO(_pdf(game, paper))) as pdf:
            return [sorted(c["text"] for c in p.chars if c["text"].strip()) for p in pdf.pages]
    assert chars("letter") == chars("a4")


@pytest.mark.parametrize("paper", list(PAPERS))
def test_backs_are_mirrored_for_long_edge_duplex(paper):
    """Each card's back sits where its front is, mirrored about the page's vertical centre."""
    with pdfplumber.open(io.BytesIO(_pdf("cardbowl", paper))) as pdf:
        fronts, backs = ([r for r in p.rects if min(r["width"], r["height"]) > 90 * MM]
                         for p in pdf.pages)
        width = pdf.pages[0].width
        f = sorted((round(r["x0"], 1), round(r["top"], 1)) for r in fronts)
        b = sorted((round(width - r["x1"], 1), round(r["top"], 1)) for r in backs)
        assert f == b and len(f) == 2


def test_four_up_is_refused_with_one_line_reason():
    with pytest.raises(UserError, match="at most 2 to a page.*under 8 pt"):
        _render("cardbowl", per_page=4)


def test_one_up_on_request():
    with pdfplumber.open(io.BytesIO(_render("luckdraw", "a4", per_page=1))) as pdf:
        assert _card_boxes(pdf.pages[0]).count(CARD_MM["a4"]) == 1


def _front_back(game: str, paper: str = "letter") -> tuple[str, str]:
    with pdfplumber.open(io.BytesIO(_pdf(game, paper))) as pdf:
        return _words(pdf.pages[0]), _words(pdf.pages[1])


def _pct(f: Figure) -> str:
    return f"{f.value * 100:.0f}%"


# -- Card Bowl ----------------------------------------------------------------------------------

def test_cardbowl_field_goal_row_42_from_the_odds_table():
    """The 42-yard row shows the probability `printkit odds cardbowl field-goal` gives."""
    rules = registry.get("cardbowl").load_rules(None)
    table = next(t for t in registry.get("cardbowl").odds(rules) if t.key == "field-goal")
    row = next(r for r in table.rows if r[0] == "42")
    made = row[table.columns.index("made")]
    assert abs(made.value - 0.479) < 0.001                  # the odds engine's exact figure
    _, back = _front_back("cardbowl")
    assert f"42 {_pct(made)} " in back
    assert "42 48% 7%" in back                               # made, blocked (typed)


def test_cardbowl_values_and_formulas_typed_from_the_rules():
    front, back = _front_back("cardbowl")
    # "J = 11 Q = 12 K = 13 Joker in hand = 15"
    assert "value 1 10 11 12 13 15" in front
    # "Draw two cards. Value - 11 = yard line received."
    assert "2 cards - 11 = yard line received" in front
    # "Total value of drawn cards + 15 = punt yardage"
    assert "+ 15 = yards" in front
    # "Field position + 18 = Field goal distance"; "Kicker draws six cards"
    assert "yard line + 18; 6 cards" in front
    # "20-29 = first two cards ... 50-59 = first five cards; >= 60 = any card"
    assert "20-29 30-39 40-49 50-59 60+" in front and "1st 2 1st 3 1st 4 1st 5 any card" in front


def test_cardbowl_penalty_and_bounce_tables():
    _, back = _front_back("cardbowl")
    # Punt coverage: "A-5 = 5-yard penalty ...; 6-10 = 10 yard penalty; face card ... 15"
    assert "Punt coverage kicking 5 10 15" in back
    # FG second draw: "A-10 = ... 5 yd penalty; face card ... 15 yd ... automatic first down"
    assert "FG 2nd card defense 5 5 15 +1st" in back
    # Fumble bounce, decision C13: "A = 4 yards ... 5-9 = 0 ... K = 4"
    assert "yards 4 3 2 1 0 1 2 3 4" in back
    assert "towards O O O O - D D D D" in back


def test_cardbowl_card_follows_a_rules_file(tmp_path):
    """Never retyped: a house rule file (field goal = yard line + 17, kickoff - 10, a Red
    Joker blocks in the first distance // 20 cards) changes the card's formulas, its block
    windows and its odds."""
    house = tmp_path / "house.toml"
    house.write_text("[field_goal]\nadd = 17\nblock_band = 20\n\n[kickoff]\nsubtract = 10\n")
    with pdfplumber.open(io.BytesIO(_render("cardbowl", rules_file=house))) as pdf:
        front, back = (_words(p) for p in pdf.pages)
    assert "yard line + 17; 6 cards" in front
    assert "2 cards - 10 = yard line received" in front
    assert "RJ blocks <40 40-59 60-79" in front
    game = registry.get("cardbowl")
    table = next(t for t in game.odds(game.load_rules(house)) if t.key == "field-goal")
    row = next(r for r in table.rows if r[0] == "42")
    blocked = _pct(row[table.columns.index("blocked")])
    assert blocked != "7%" and f"42 {_pct(row[table.columns.index('made')])} {blocked}" in back


# -- PostCard ------------------------------------------------------------------------------------

def test_postcard_catch_by_level_from_the_odds_table():
    rules = registry.get("postcard").load_rules(None)
    table = next(t for t in registry.get("postcard").odds(rules) if t.key == "catch")
    col = table.columns.index("catch overall")
    front, _ = _front_back("postcard")
    for row in table.rows:
        assert re.search(rf"L{row[0]} [-0-9]+ {row[1]} \S+ \S+ {_pct(row[col])}", front)
    # typed from the rules' pass levels: results 1-3 throw 5-15 yards, caught on 2-6,
    # pressured on a 6; level 4 is 10-13, 50-65 yards, caught on 5-6, pressured on 5-6
    assert "L1 1-3 5-15 2-6 6 81%" in front
    assert "L4 10-13 50-65 5-6 5-6 28%" in front
    # the strategy circle: "1 beats 2,4,5 (one star) ... 6 beats 1,4 (two stars)"
    assert "beats 2 4 5 3 6 1 4 6 2 5 2 3 6 1 4" in front


def test_postcard_card_has_points_time_tracker_and_end_of_game():
    """Issue 30, typed from the rules text: "6 points for that team"; extra points "1 point:
    ... field goal kick from the 15 yard line", "2 points: ... a single play from the 5";
    safety "2 points"; the Time Tracker triggers: "crosses out two circles" after a
    touchdown, "one circle" on losing the ball or filling the Play Tracker (nine circles);
    END OF GAME: one end zone's circles erased, "After each play, one circle ... If there is
    a touch down, two", "No bonuses"."""
    front, _ = _front_back("postcard")
    assert "Points TD 6, then 1 (kick, the 15) or 2 (a play, the 5); FG 3; safety 2." in front
    assert "Time Cross 2 circles when scored on, 1 on losing the ball, 1 when your Play " \
        "Tracker fills (9); gain the stars." in front
    assert "End All 14 crossed: erase one end zone's 7; a play crosses 1, a TD 2, no " \
        "stars; the last ends the game." in front


def test_postcard_card_follows_a_rules_file(tmp_path):
    """A player's own card values: a field goal from the 50 needs 6-8, blocks at -4."""
    own = tmp_path / "own.toml"
    base = registry.get("postcard").load_rules(None)
    ranges = ", ".join(f"{{ spot = {r.spot}, low = {r.low}, high = {r.high} }}"
                       if r.spot != 50 else "{ spot = 50, low = 6, high = 8 }"
                       for r in base.field_goal.ranges)
    own.write_text(f"[field_goal]\nblock = -4\nranges = [{ranges}]\n")
    with pdfplumber.open(io.BytesIO(_render("postcard", rules_file=own))) as pdf:
        back = _words(pdf.pages[1])
    assert "blocked at Challenge -4" in back
    assert "6-9 6-8 7-8 6-8" in back                         # spots 35, 40, 45, 50
    _, shipped = _front_back("postcard")
    assert "blocked at Challenge -5" in shipped and "7-8 7 made" in shipped


# -- BLOWOUT!!! and Luck of the Draw -------------------------------------------------------------

def test_blowout_card_teaches_the_game():
    """Issue 30: set-up, hands, fourth down, each score with its points and restart,
    halftime and overtime, typed from the rules text; the kick yards the deck holds (25-65,
    B5), never the 20-70 its data is checked against; field-goal odds only in range (B8)."""
    front, back = _front_back("blowout")
    # "Set the LINE OF SCRIMMAGE marker on the 20 yard line, and the FIRST DOWN marker on the 30"
    assert "Ball on the OFFENSE's 20, FIRST DOWN marker on the 30." in front
    # "OFFENSE draws 5 OFFENSE cards and 1 SPECIAL TEAMS card. DEFENSE draws 6 DEFENSE cards."
    assert "Hands OFFENSE 5 OFFENSE + 1 SPECIAL TEAMS, DEFENSE 6 DEFENSE; refill" in front
    assert "FOURTH DOWN: an OFFENSE card" in front and "opponent's 35 in (red line)" in front
    # "OFFENSE gets 7 points", "OFFENSE gets 3 points", "DEFENSE gets 2 points"
    assert "TOUCHDOWN 7 Past the GOAL LINE" in front and "own 20, FIRST DOWN." in front
    assert "FIELD GOAL 3 KICK YARDS more than yard line + 10" in front
    assert "SAFETY 2 OFFENSE pushed past its own GOAL LINE" in front
    assert "QUARTERS 1, HALVES 2, FULL GAME 4" in front and "Halftime (after the 1st of 2, " \
        "2nd of 4)" in front
    assert "Overtime Tied: coin toss, reshuffle." in front
    assert "SPECIAL TEAMS 25-65 KICK YARDS." in front and "20-70" not in front + back
    assert "RUN 45-100, PASS 15-100 YARDS GAINED" in front
    assert "(C" not in front + back and "(B" not in front + back
    assert re.search(r"INT INTERCEPTION: In response to a PASS play\.", back)
    assert "SACK SACK!: In response to a PASS play." in back
    # field goal from the 15-19: kick yards needed 26-30 (yard line + 11), made by 11 of the
    # 12 SPECIAL TEAMS cards (all but the 25) = 92%; from the 35 (the red line, the last
    # line in range): more than 45, K50 x2, K55, K60, K65: 5 of 12 = 42%
    assert "15-19 26-30 92%" in back and "35 46 42%" in back
    assert "35-39" not in back and "50-54" not in back and "55 66" not in back


def test_luckdraw_cheat_sheet():
    front, back = _front_back("luckdraw")
    # the cheat sheet: "Lost Fumble 4 pts ... +3 if returned for a TD"
    assert "FBL Lost Fumble: 4 each (lost fumble); +3 fumble returned for a TD" in front
    assert "PTD Passing TD: 6 per drive" in front
    assert "2 INT, PTD, TOD" in back


def test_ink_saver_renders_every_card():
    for game in GAMES:
        p = get(game, "refcard")
        opts = RenderOptions(paper="a4", ink_saver=True)
        assert render(p, opts, load_layout(p.layout, ink_saver=True)).startswith(b"%PDF")


def _side_text(side) -> str:
    """Every string a Side's blocks would print."""
    from printkit.refcard import Box, Chart, Columns, Heading, Lines, Note

    def walk(block):
        if isinstance(block, Heading | Note):
            yield block.text
        elif isinstance(block, Lines):
            for term, text in block.items:
                yield f"{term} {text}"
        elif isinstance(block, Chart):
            yield " ".join(block.header)
            for row in block.rows:
                yield " ".join(row)
        elif isinstance(block, Columns):
            for col in block.columns:
                for b in col:
                    yield from walk(b)
        elif isinstance(block, Box):
            for b in block.blocks:
                yield from walk(b)
    return "\n".join(t for b in side.blocks for t in walk(b))


def test_blowout_card_is_built_from_the_rules_data():
    """Never retyped: changed points, a moved red line and a changed kick card show on the
    card."""
    from dataclasses import replace

    from printkit.sheets.blowout import refcard as bo
    from printkit_engine.blowout.rules import load_rules

    rules = load_rules(None)
    special = rules.decks.deck("special")
    longer = replace(special, cards=tuple(replace(c, yards=70) if c.code == "K65" else c
                                          for c in special.cards))
    changed = replace(rules, scoring=replace(rules.scoring, touchdown=6),
                      field=replace(rules.field, red_line=30),
                      decks=replace(rules.decks, decks={**rules.decks.decks, "special": longer}))
    text = _side_text(bo.front(changed))
    assert "TOUCHDOWN 6" in text and "opponent's 30 in" in text and "25-70 KICK YARDS" in text
    shipped = _side_text(bo.front(rules))
    assert "TOUCHDOWN 7" in shipped and "25-65 KICK YARDS" in shipped


def test_luckdraw_card_is_built_from_the_card_data():
    """Never retyped: changed points and a changed QB card show on the card."""
    from dataclasses import replace

    from printkit.sheets.luckdraw import refcard as ld
    from printkit_engine.luckdraw.cards import load_cards

    cards = load_cards()
    tables = registry.get("luckdraw").odds(None)

    def changed(c):
        if c.code == "TOD":
            return replace(c, qb_players=None)
        if c.code == "PTD":
            return replace(c, scoring=(replace(c.scoring[0], points=7),))
        return c

    other = replace(cards, cards=tuple(map(changed, cards.cards)))
    assert "PTD Passing TD: 6 per drive" in _side_text(ld.front(cards))
    assert "PTD Passing TD: 7 per drive" in _side_text(ld.front(other))
    assert "2 INT, PTD, TOD" in _side_text(ld.back(cards, tables))
    back = _side_text(ld.back(other, tables))
    assert "2 INT, PTD\n" in back and "2 INT, PTD, TOD" not in back


def test_cardbowl_snap_odds_from_the_odds_table():
    game = registry.get("cardbowl")
    table = next(t for t in game.odds(game.load_rules(None)) if t.key == "snap")
    front, _ = _front_back("cardbowl")
    for row in table.rows:
        fumble = row[table.columns.index("fumble")]
        assert f"{row[0]} {fumble.value * 100:.1f}%" in front
    # "If in regular formation ... A or a 2, snap is fumbled": 2 cards of 54 after the Red
    # Joker, i.e. 1/54 * 8/53 = 0.28%
    assert "regular 0.3%" in front


# -- the grid game -------------------------------------------------------------------------------

def _grid_pct(f: Figure) -> str:
    """How the card shows a chance: '-' for nil, '<1%' for one that rounds to 0%."""
    whole = f"{f.value * 100:.0f}"
    return "-" if f.value == 0 else "<1%" if whole == "0" else f"{whole}%"


def _cardgrid_tables(rules_file: Path | None = None) -> dict:
    game = registry.get("cardgrid")
    return {t.key: t for t in game.odds(game.load_rules(rules_file))}


def test_cardgrid_scoring_and_restarts_typed_from_the_rules():
    """G12: "F field goal 1, P penalty conversion 2, T try 4, C try conversion 2"; the side
    that did not score restarts "after F and P at grid 3, after T and C at grid 2"; G10: after
    dead-in-goal "play resumes from grid 3"."""
    front, _ = _front_back("cardgrid")
    for row in ("field goal F 1 grid 3", "penalty conversion P 2 grid 3", "try T 4 grid 2",
                "try conversion C 2 grid 2", "dead-in-goal - - grid 3"):
        assert row in front


def test_cardgrid_field_grid_landmarks():
    """G3: kick-off on grid 2 (10 m), restarts from grid 3 (22 m), the opposition 22, 10 and
    5 metre lines on grids 7, 10, 11, in-goal 12; field goals from grids 10 and 11 (G11), a
    penalty goal from the offender's grids 1-3 = the taker's 12-10 (G7), a try on 12."""
    front, _ = _front_back("cardgrid")
    assert "grid 2 3 7 10 11 12 " in front
    assert "line 10 m 22 m 22 m 10 m 5 m in-goal " in front
    assert "start kick-off restart - - - - " in front
    assert "scores - - - F P F P P T " in front


def test_cardgrid_card_rules_on_the_front():
    """What each card does, typed from the rules text (G4-G11), on the card built from the
    shipped rules."""
    from printkit.sheets.cardgrid import refcard as cg

    text = _side_text(cg.front(registry.get("cardgrid").load_rules(None))).replace("\n", " ")
    # "Each red card that he deals progresses play by one grid position."
    assert "Red the ball moves 1 grid on." in text
    # "The sixth black card ... kicked-ahead by four (4) grid positions or to grid 11"; "a ten
    # (10) or a picture card ... found touch"
    assert "Tackle 6 the last: kick 4 grids on (grid 11 at most)" in text
    assert "next card 10, J, Q or K finds touch: a scrum" in text
    # "this card is either a Queen or a King possession is deemed to have gone against the feed"
    assert "a first card Q or K goes against the feed" in text
    # penalty: "on or within grids 1, 2 or 3 ... successful when either a 10 or a picture card
    # is dealt" (2 points); "if this card is a King the penalty failed to find touch"
    assert "offender's grid 1-3: goal card 10, J, Q or K (2)" in text
    assert "touch card K: no touch" in text
    # "grid 10 ... or grid 11 ... on dealing a picture card ... field goal (value 1 point)"
    assert "J Q K on grid 10 or 11: a field goal (1) if you choose" in text
    assert "next card black = try (4), red = dead-in-goal" in text
    with pdfplumber.open(io.BytesIO(_pdf("cardgrid", "letter"))) as pdf:
        printed = _words(pdf.pages[0])
    assert "Tackle 6 the last: kick 4 grids on (grid 11 at most), possession" in printed


def test_cardgrid_passage_rows_from_the_odds_table():
    """Every start grid's row shows the `passage` table's figures, and the method is the
    table's: Monte Carlo with its sample size."""
    table = _cardgrid_tables()["passage"]
    cols = [table.columns.index(c) for c in ("try", "converted", "field goal", "penalty goal",
                                             "penalty", "lost", "kick", "dead-in-goal")]
    _, back = _front_back("cardgrid")
    assert [r[0] for r in table.rows] == [str(g) for g in range(2, 12)]   # kick-off grid to 11
    for row in table.rows:
        assert f"{row[0]} " + " ".join(_grid_pct(row[i]) for i in cols) + " " in back
    assert row[1].method == "monte carlo" and f"Monte Carlo: {row[1].samples} passages" in back
    assert "start try conv FG P goal pen lost kick dead" in back


def test_cardgrid_conversion_and_single_cards_exact():
    """A half pack holds each rank twice. Conversion (G10): of the other 25 cards, those of at
    least the try card's value and no King: try card A -> 23/25 = 92%, 7 -> 11/25 = 44%,
    Q -> 1/25 = 4%, K -> none. Single cards: red 13/26, the defender pairing the black card
    2/26 = 8%, a side's own pair 1/25 = 4%, touch after the last tackle 8/26 = 31%, a scrum
    against the feed 4/26 = 15%."""
    _, back = _front_back("cardgrid")
    assert "try card A 2 3 4 5 6 7 " in back and "converted 92% 84% 76% 68% 60% 52% 44% " in back
    assert "try card 8 9 10 J Q K any " in back and "converted 36% 28% 20% 12% 4% - " in back
    for line in ("50% red card", "8% defender's card pairs the black card", "4% a side's next "
                 "card pairs", "31% card after the last tackle finds touch",
                 "15% scrum feed goes against the feed"):
        assert line in back
    tables = _cardgrid_tables()
    conv = tables["conversion"]
    for row in conv.rows:
        assert _grid_pct(row[conv.columns.index("converted")]) in back
    cards = tables["cards"]
    for label, chance in cards.rows:
        assert f"{_grid_pct(chance)} {label}" in back


def test_cardgrid_card_follows_a_rules_file(tmp_path):
    """Never retyped: a house rule of 5 tackles, a 3-grid kick and field goals restarting on
    grid 4 changes the scoring chart, the grid chart, the card rules and the passage odds."""
    house = tmp_path / "house.toml"
    house.write_text("[tackles]\ncount = 5\nkick_ahead = 3\n\n[restarts]\nF = 4\n")
    with pdfplumber.open(io.BytesIO(_render("cardgrid", "a4", rules_file=house))) as pdf:
        assert len(pdf.pages) == 2                         # the extra grid column fits A6
    with pdfplumber.open(io.BytesIO(_render("cardgrid", rules_file=house))) as pdf:
        front, back = (_words(p) for p in pdf.pages)
    assert "field goal F 1 grid 4" in front and "penalty conversion P 2 grid 3" in front
    assert "grid 2 3 4 7 10 11 12 " in front and "start kick-off restart restart -" in front
    assert "Tackle 5 the last: kick 3 grids on (grid 11 at most)" in front
    table = _cardgrid_tables(house)["passage"]
    shipped = _cardgrid_tables()["passage"]
    kick = table.columns.index("kick")
    assert table.rows[0][kick].value != shipped.rows[0][kick].value
    first = table.rows[0]
    assert "2 " + " ".join(_grid_pct(f) for f in first[1:]) + " " in back


def test_cardgrid_card_is_built_from_the_rules_object():
    """A changed rules object (a try worth 5, touch only on a King) changes the card."""
    from dataclasses import replace

    from printkit.sheets.cardgrid import refcard as cg

    rules = registry.get("cardgrid").load_rules(None)
    other = replace(rules, scoring=tuple(replace(s, points=5) if s.code == "T" else s
                                         for s in rules.scoring),
                    tackles=replace(rules.tackles, touch=("K",)))
    before, after = _side_text(cg.front(rules)), _side_text(cg.front(other))
    assert "try T 4 grid 2" in before and "try T 5 grid 2" in after
    assert "black = try (5)" in after.replace("\n", " ")
    assert "next card 10, J, Q or K finds" in before.replace("\n", " ")
    assert "next card K finds touch" in after.replace("\n", " ")


def test_percent_never_rounds_a_real_chance_to_nil():
    """6 in 1200 is 0.5%: printed '<1%', not '0%' (half-to-even rounding would give 0)."""
    from printkit.refcard import percent

    assert percent(Figure(6 / 1200)) == "<1%"
    assert percent(Figure(0.0058)) == "1%"
    assert percent(Figure(0.0)) == "-"
    assert percent(Figure(0.9951)) == ">99%"
    assert percent(Figure(0.005), 1) == "0.5%"


def test_cardgrid_field_sheet_prints_the_same_card_rules():
    """The field sheet's legend and the reference card share one text (common.card_rules)."""
    p = get("cardgrid", "field")
    pdf = render(p, RenderOptions(paper="letter"), load_layout(p.layout))
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        text = doc.pages[0].extract_text()
    assert "Tackle 6: the last: kick 4 grids on (grid 11 at most), possession changes" in text
    assert "Red: the ball moves 1 grid on. Black: a tackle" in text
    assert "Conversion: the next card, of at least the try card's value (aces one), never a " \
           "King (2)." in text
