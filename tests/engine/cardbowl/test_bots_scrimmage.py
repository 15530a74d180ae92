"""Scrimmage plays of the Card Bowl bots from formations and decks typed by hand: each
expectation is the rules' own arithmetic (their examples where they give one, and the
hand-written games of tests/handwritten/cardbowl), worked out here by hand."""

from __future__ import annotations

from printkit_engine.cardbowl import scrimmage as sc
from printkit_engine.cardbowl.deal import Draws
from printkit_engine.cardbowl.scrimmage import Call, Defense, Field, Offense, Read


def deck(cards: str) -> Draws:
    return Draws(cards.split())


def offense(**cards: str) -> Offense:
    base = dict(QB="2C", LT="2D", LG="2H", C="3C", RG="3D", RT="3H", TE="4C", WL="4D",
                WR="4H", HB="5C", FB="5D")
    base.update(cards)
    return Offense(base, shotgun=False, centre=2)


def defense(**cards: str) -> Defense:
    base = dict(DLE="6C", DLT="6D", DRT="6H", DRE="6S", LOLB="7C", MLB="7D", ROLB="7H",
                LCB="8C", RCB="8D", FS="8H", SS="8S")
    base.update(cards)
    return Defense(base)


# -- rushing -------------------------------------------------------------------------------
def test_run_through_a_match_up():
    """"The ball carrier counts double. Blocking backs count half ... the difference ...
    divided in half": HB QS 24 + hand-off 7 + C 9 + RG 8 + FB 6 at half (3) = 51; DRT 10 +
    the MLB K (the best card in range) + draws 4 5 2 = 34; 17 / 2 = 8.5, 9 (C20)."""
    off = offense(HB="QS", C="9D", RG="8H", FB="6C")
    dfn = defense(DRT="10H", MLB="KC", ROLB="5D")
    o, d = sc.line_values(off, dfn, Read(), te_blocks=True)
    snap = sc.rushing(deck("7C 4H 5S 2D"), off, dfn, Read(), Call("run", fullback=True), (2,),
                      o, d, Field(70))
    assert snap.gain == 9 and snap.run == 0 and snap.foul is None


def test_run_losses_come_from_the_defences_faces():
    """"If the defensive draw is 3, 7 & J and O < D, the play would be a 1 yard loss; if
    the defensive draw is 4, Q & K, the play would be a 5 yard loss; however, if ... (O - D)
    / 2 = -2, the loss would be only 2 yards"."""
    assert sc.run_yards(40, 60, ["3C", "7C", "JC"]) == -1
    assert sc.run_yards(40, 60, ["4C", "QC", "KC"]) == -5
    assert sc.run_yards(40, 44, ["4C", "QC", "KC"]) == -2
    assert sc.run_yards(44, 44, ["KC", "KD", "KH"]) == 0


def test_run_breaks_into_the_open_field():
    """"if handoff draw=K and defensive draw is J-7-3, draw 2 cards for initial OFR draw":
    HB QS 24 + hand-off K 13 + C 9 + RG 8 = 54 against DRT 10 + MLB 7 + J 7 3 = 38: 8
    yards; two run cards 6 + 5 less the linebackers left (LOLB 2, ROLB 3): 6."""
    off = offense(HB="QS", C="9D", RG="8H")
    dfn = defense(DRT="10H", MLB="7D", LOLB="2S", ROLB="3S")
    o, d = sc.line_values(off, dfn, Read(), te_blocks=True)
    snap = sc.rushing(deck("KC JD 7S 3H 6C 5C"), off, dfn, Read(), Call("run"), (2,), o, d,
                      Field(70))
    assert (snap.gain, snap.run) == (8, 6) and snap.open_field


def test_hand_off_red_joker_is_a_fumble():
    """"Red Joker = Fumble, no replacement handoff card is drawn, 3 defensive cards are
    drawn to determine location of fumble based on face cards": Q and J, 3 yards behind;
    the offence 9 against the defence's 4 recovers."""
    off = offense(HB="QS")
    dfn = defense()
    o, d = sc.line_values(off, dfn, Read(), te_blocks=True)
    snap = sc.rushing(deck("RJ QC JC 2C 9S 4S"), off, dfn, Read(), Call("run"), (2,), o, d,
                      Field(70))
    assert snap.fumble_at == -3 and snap.recovery is not None and snap.recovery.by == "O"


def test_qb_sneak_divides_by_four():
    """The hand-written game: "Sneak: QB KS 13 + C QD 12 + RG QH 12 = 37. D DT2 KC 13 +
    10S KH 23 = 36. O-D = 1: no gain"; and with a 6-point edge, 2 yards."""
    off = offense(QB="KS", C="QD", RG="QH", LG="2C")
    dfn = defense(DRT="KC", DLT="KD")
    o, d = sc.line_values(off, dfn, Read(), te_blocks=False)
    assert sc.sneak(deck("10S KH"), off, dfn, Read(), o, d, Field(69)).gain == 0
    assert sc.sneak(deck("9S 9H"), off, dfn, Read(), o, d, Field(69)).gain == 2   # 37 - 31


# -- the pass rush ---------------------------------------------------------------------------
def test_the_rules_sack_example():
    """"DT=J and a LB=K ... Pass Rush value would be 11+13=24. If the matching OT is a 7 and
    the QB a Q, the Pass Protection value would be 7+12=19 ... If a 3 were drawn, it would be
    a sack for 5-yard loss (2+3)"; a Sack draw of 8: "7 - (19 + 8 - 24) = 4" pressure."""
    assert sc.threats([7, 30, 30, 30], [24, 0, 0, 0], 12) == [(24, 19)]
    assert sc.rush_round(deck("3C"), [(24, 19)]).sack == 5
    rush = sc.rush_round(deck("8C"), [(24, 19)])
    assert rush.sack is None and rush.pressure == 4
    assert sc.rush_round(deck("RJ"), [(24, 19)]).fumble == 24 + 3 - 19
    assert sc.automatic_sack([(33, 19), (32, 19)]) == [(33, 19)]


# -- passing -----------------------------------------------------------------------------------
def test_pass_the_hand_written_touchdown():
    """The hand-written game: "QB KC to WR-L QH: pass 9S < 13, rec 3S < 12. O 13+9+3+12 =
    37. D 6+8 + AD JC 12 = 26. 11 yards from the 11: touchdown" (LCB 6C, LOLB 8C, FS 3C)."""
    off = offense(QB="KC", WL="QH")
    dfn = defense(LCB="6C", LOLB="8C", FS="3C")
    shown = set(sc.RUSHERS)
    snap = sc.passing(deck("9S 3S AD JC"), off, dfn, Read(), Call("pass"), "WL", shown, 0, 0,
                      [], 0, Field(11))
    assert snap.gain == 11 and snap.total == 11 and not snap.interception


def test_pass_incomplete_on_the_pass_draw_and_on_a_suit():
    """"If Pass draw >= QB card value, the pass is incomplete"; "If any pass yardage card is
    the same suit as the Receiver card, the pass is incomplete"."""
    off = offense(QB="10C", WL="QH")
    dfn = defense()
    snap = sc.passing(deck("10D 2S 3S 4S"), off, dfn, Read(), Call("pass"), "WL", set(), 0, 0,
                      [], 0, Field(60))
    assert snap.gain is None
    off = offense(QB="KC", WL="QH")
    snap = sc.passing(deck("2D 5H 2S 3S 4S"), off, dfn, Read(), Call("pass"), "WL", set(), 0,
                      1, [], 0, Field(60))
    assert snap.gain is None


def test_pressure_is_added_to_the_pass_draw():
    """"if a Pass Pressure value is 3 and QB is a Q, Pass draw >= 9 = incomplete"."""
    off = offense(QB="QC", WL="KH")
    snap = sc.passing(deck("9D 2S 3S 4S 5S"), off, defense(), Read(), Call("pass"), "WL",
                      set(), 3, 0, [], 0, Field(60))
    assert snap.gain is None
    snap = sc.passing(deck("8D 2S 3S 4S 5S"), off, defense(), Read(), Call("pass"), "WL",
                      set(), 3, 0, [], 0, Field(60))
    assert snap.gain is not None


def test_reception_red_joker_is_an_interception():
    """"Red Joker = Interception. Field position of interception is determined by total
    match-up value after replacement Reception draw, and the two final defensive draws":
    QB K 13 + pass 2 + rec (replacement) 4 + WL Q 12 = 31 against LCB 8 + the best of LOLB
    7 and FS 8 + K Q = 41: 10 behind, at most 5 behind the line; returned 6 (the
    interceptor's draw, no face)."""
    off = offense(QB="KC", WL="QH")
    snap = sc.passing(deck("2D RJ 4C KS QS 6D"), off, defense(), Read(), Call("pass"), "WL",
                      set(), 0, 0, [], 0, Field(60))
    assert snap.interception and (snap.air, snap.ret) == (-5, 6)


def test_screen_the_hand_written_example():
    """The hand-written game: "Screen to HB KS: pass draw 5C < QB QS 12, reception 3D < 13.
    Run part, into C QC + RG JD: O 2x13 + 3 + 23 = 52; D 10 + 12 + 9S 2D KD 24 = 46; 6/2 =
    3. Automatic open-field draw JC 11" against the linebackers left: stopped."""
    off = offense(QB="QS", HB="KS", C="QC", RG="JD")
    dfn = defense(DRT="10H", MLB="QD", ROLB="JH", LOLB="8H")
    o, d = sc.line_values(off, dfn, Read(), te_blocks=True)
    snap = sc.screen(deck("5C 3D 9S 2D KD JC"), off, dfn, Read(), Call("screen"), (2,), o, d,
                     set(sc.RUSHERS), Field(67), lateral=False)
    assert (snap.gain, snap.run) == (3, 0)


def test_lateral_starts_five_behind_and_fumbles_when_dropped():
    """"An incompletion (Reception draw >= Receiver) is a Fumble 5 yards behind the LoS";
    "The run starts from 5 yards behind the LoS"."""
    off = offense(HB="5S")
    dfn = defense()
    o, d = sc.line_values(off, dfn, Read(), te_blocks=True)
    snap = sc.screen(deck("6C 9C 2D"), off, dfn, Read(), Call("lateral"), (2,), o, d,
                     set(sc.RUSHERS), Field(67), lateral=True)
    assert snap.fumble_at == -5


# -- the snap --------------------------------------------------------------------------------
def test_snap_draws():
    """"Red Joker = draw again: If in regular formation ... A or a 2, snap is fumbled that
    many yards behind LoS"; "If in shotgun formation and card is A to 5, snap is fumbled,
    draw again for number of yards"; "Black Joker = draw again: Black = 5-yd penalty against
    defense (offsides), play continues ...; Red = 5-yard penalty against offense"."""
    assert sc.snap_draw(deck("RJ 2C"), shotgun=False) == (None, 2)
    foul, fumbled = sc.snap_draw(deck("RJ 3C"), shotgun=False)
    assert fumbled is None and foul is not None and foul.stops and foul.against == "O"
    assert sc.snap_draw(deck("RJ 5C 7D"), shotgun=True) == (None, 7)
    foul, _ = sc.snap_draw(deck("BJ 5C"), shotgun=False)
    assert foul is not None and (foul.yards, foul.against, foul.stops) == (5, "D", False)
    foul, _ = sc.snap_draw(deck("BJ 5H"), shotgun=False)
    assert foul is not None and (foul.against, foul.stops) == ("O", True)
    assert sc.snap_draw(deck("7C"), shotgun=False) == (None, None)
