"""Every worked example in the PostCard Football Rules (docs/rules/postcard.md names the
source), replayed through the engine.

Each test quotes the example it replays. Where the text's example cannot happen on the chart
(a 20-yard first movement of a rushing play) the decision that settles it is named (P-ids in
docs/rules/postcard.md).
"""

from __future__ import annotations

from printkit_engine.postcard.state import from_own
from tests.engine.postcard.helpers import RULES, findings, outcomes, play, scrimmage


# -- Challenge and strategies -------------------------------------------------------------
def test_challenge_formula():
    """'if Offense rolled a 5 and Defense rolled a 3, the result of the Challenge would be 2.
    Or, if Offense rolled a 2 and Defense rolled a 6, the result ... would be -4'"""
    assert outcomes(play(scrimmage(), "pass 2v2 H5 A3")[1]) == ["+2"]
    assert outcomes(play(scrimmage(), "pass 2v2 H2 A6")[1]) == ["-4"]


def test_strategy_five_beats_three():
    """'Offense chooses strategy 3, and Defense chooses strategy 5. Strategy number 5 beats
    number 3, so Defense gains a bonus of 1 during the upcoming play.' (and 'whoever lost
    must cross out one of the circles on their play tracker')"""
    state, results = play(scrimmage(), "pass 3v5 H4 A2")
    assert outcomes(results) == ["+1"]                   # 4 - (2 + 1)
    assert state.play.strat == ("A", 1) and state.plays == (1, 0)
    assert RULES.strategy_winner(1, 2) == RULES.strategy_winner(1, 4) == 1
    assert RULES.strategy_winner(1, 5) == 1


def test_same_strategy_no_bonus_both_mark():
    """'If both players choose the same strategy, they both mark their play tracker.'"""
    state, _ = play(scrimmage(), "rush 5v5 H3 A3")
    assert state.plays == (1, 1)


# -- Rushing examples ---------------------------------------------------------------------
def test_rushing_example_1():
    """'If Offense rolls a 4, and Defense rolls a 2, the result of the Challenge is 2. The
    ball would move 10 yards ... The player on Offense can now attempt to continue to run'"""
    state, results = play(scrimmage(spot=25), "rush 5v5 H4 A2")
    assert outcomes(results) == ["+10"]
    assert state.play.spot == 35 and state.play.step == "run"


def test_rushing_example_2():
    """'If Offense rolls a 2, and Defense rolls a 4, the result ... is -2. The ball would not
    move and the play would be end.'"""
    state, results = play(scrimmage(spot=25), "rush 5v5 H2 A4")
    assert outcomes(results) == ["stop"] and state.spot == 25 and state.down == 2


def test_rushing_example_3():
    """'If Offense rolls a 1, and Defense rolls a 8 (using a bonus), the result ... is -7.
    ... treated as a -6. The ball is fumbled with a loss of yards of 5.' (C2)"""
    state, results = play(scrimmage(spot=25, bonus=(0, 2)), "rush 5v5 H1 A6+2")
    assert outcomes(results) == ["fumble"]
    assert state.play.spot == 20 and state.play.step == "fumble"


# -- Passing examples ---------------------------------------------------------------------
def test_passing_example_1():
    """'Offense rolls a 4, and Defense rolls a 1, the result ... is 3. ... They roll their
    dice again, and get a 2. The final result ... is 5, or 25 yards. ... Defense rolls a 4
    ... The Offense needs to roll a 3 to a 6 ... Offense rolls a 5, and catches the ball.
    Because the Catch-Defense Pressure = 1, there is an additional 5 yard gain'"""
    state, results = play(scrimmage(spot=25), "pass 2v2 H4 A1", "again H2", "pressure A4",
                          "catch H5")
    assert outcomes(results) == ["+3", "+5", "L2", "+5"]
    assert state.play.spot == 25 + 25 + 5 and state.play.step == "run"


def test_passing_example_2():
    """'Offense rolls a 4, and Defense rolls a 5, the result ... -1. The Offense player rolls
    again and gets a 5, which when halved ... equals 2. The final result ... is 1, or a 5 yard
    throw; but it comes with a level 3 difficulty. ... Defense rolls a 6, which increases the
    difficulty ... to a Level 4. ... They roll a 4, and fail to catch the ball. ... They do
    roll a 6, and the ball is intercepted.'"""
    state, results = play(scrimmage(spot=25), "pass 2v2 H4 A5", "again H5", "pressure A6",
                          "catch H4", "intercept A6", "run A1 H3")
    assert outcomes(results) == ["-1", "+1", "L4", "miss", "int", "tackle"]
    assert state.ball == "A" and state.spot == 30
    assert results[-1].due == ["H"]          # Home lost possession: one Time Tracker circle


def test_passing_example_3():
    """'Offense rolls a 1, and Defense rolls a 6, the result ... -5. The Offense player rolls
    again and gets a 2, which halved is 1, so the final result ... is -4, which is a sack with
    a 5 yard loss. Defense rolls 2 dice ... The sum of their dice is 9, which isn't high
    enough. Move the ball back 5 yards'"""
    state, results = play(scrimmage(spot=25), "pass 2v2 H1 A6", "again H2", "sack A4,5")
    assert outcomes(results) == ["-5", "-4", "held"]
    assert state.spot == 20 and state.down == 2 and state.sack == "H"


def test_passing_example_4():
    """'If Offense rolls a 2, and Defense rolls an 8 (using a bonus), the result ... is -6.
    Offense rolls again and gets a 6, which halved is 3. The final result ... is -3. They
    avoided the sack, but the Defense can try and intercept the ball with a 6. They roll and
    get a 3, so the ball is dead and the play is over.'"""
    state, results = play(scrimmage(spot=25, bonus=(0, 2)), "pass 2v2 H2 A6+2", "again H6",
                          "intercept H4 A3")
    assert outcomes(results) == ["-6", "-3", "inc"]
    assert state.spot == 25 and state.down == 2


def test_catch_levels():
    """'Level 1 (5-15 yards) requires the Offense to roll a 2 to 6 ... Level 4 (50-65 yards)
    requires ... 5 to 6. * If the Defense successfully applies pressure on a Level 4, then the
    Offense must roll a 6'"""
    assert [RULES.passing.level_of(r).catch for r in (1, 3, 4, 6, 7, 9, 10, 13)] == [
        2, 2, 3, 3, 4, 4, 5, 5]
    assert RULES.passing.level(5).catch == 6


def test_running_after_catch_examples():
    """'if the Catch attempt was a 5, and Defense Pressure was a 3, then Offense would move
    the ball 10 yards down the field. If the Catch attempt was a 4 and the Defense Pressure
    was a 5, then the catcher would be tackled at the location of the catch'"""
    _, results = play(scrimmage(), "pass 2v2 H4 A1", "pressure A3", "catch H5")
    assert outcomes(results)[-1] == "+10"
    state, results = play(scrimmage(), "pass 2v2 H6 A1", "again H4", "pressure A4",
                          "catch H4")
    assert outcomes(results)[-2:] == ["L3", "+0"]
    assert state.spot == 25 + 45 and state.down == 1


def test_intentional_grounding():
    """'If the value after Step 2 is 0 or -1, only Offense rolls ... If Offense rolls a 1,
    the ball is intentionally grounded, and there is a penalty of 10 yards.' (P3)"""
    state, results = play(scrimmage(spot=40), "pass 2v2 H3 A3", "ground H1")
    assert outcomes(results) == ["+0", "grounding"]
    assert state.spot == 30 and state.down == 2 and state.to_go == 20


def test_grounding_wins_over_interception():
    """'In the event that Offense rolls a 1, and Defense rolls a 6, then the ball is grounded
    and the penalty is applied.'"""
    _, results = play(scrimmage(spot=40), "pass 2v2 H3 A5", "intercept H1 A6")
    assert outcomes(results) == ["-2", "grounding"]


# -- Running with the ball ----------------------------------------------------------------
def test_running_example_1_breakaway():
    """'During a Rushing Play, the Offense has a +1 bonus ... In the upcoming tackle
    attempt(s), the Offense retains their +1 bonus ... moves another 15 yards ... moves the
    ball 5 yards ... Defense rolls higher ... the play is stopped.' The first movement of a
    rushing play is at most 15 yards on the chart (P1): a result of 4 or more is a
    breakaway."""
    state, results = play(scrimmage(spot=20), "rush 5v3 H5 A1", "run H4 A2", "run H2 A2",
                          "run H2 A4")
    # with the kept +1: 4+1-2 = 3 (15 yards), 2+1-2 = 1 (5 yards), 2+1-4 = -1 (tackle)
    assert outcomes(results) == ["+15", "+15", "+5", "tackle"]
    assert state.spot == 20 + 35


def test_running_example_2_no_breakaway_after_catch():
    """'Offense makes a 30 yard throw using a +2 bonus. After successfully catching the ball,
    Offense moves an additional 15 yards ... The bonus earned does not carry forward ...
    because they moved less than 20 yards.'"""
    state, results = play(scrimmage(spot=25), "pass 2v6 H4 A2", "again H2", "pressure A2",
                          "catch H5", "run H3 A1", "run H6 A1")
    # 2 beats 6 (two stars): 4+2-2 = 4, +2 -> 6 = 30 yards; catch 5 - pressure 2 = 3: 15
    assert outcomes(results) == ["+4", "+6", "L2", "+15", "+10", "+25"]
    assert not state.play or state.play.breakaway is False
    assert results[-1].td


def test_tackle_examples():
    """'Offense rolls a 6, and Defense rolls a 2. The result ... is 4, so Offense moves the
    ball ... 4 spaces (20 yards)' and 'Offense rolls a 3, and Defense rolls a 5. The result
    ... is -2, so the Defense tackles the Offense.'"""
    _, results = play(scrimmage(), "rush 5v5 H4 A2", "run H6 A2", "run H3 A5")
    assert outcomes(results)[1:] == ["+20", "tackle"]


# -- Fumbles ------------------------------------------------------------------------------
def _fumbled(spot: int = 40):
    state, _ = play(scrimmage(spot=spot, bonus=(0, 1)), "rush 5v5 H1 A6+1")
    return state


def test_fumble_example_1():
    """'Offense rolls a 6 and Defense rolls a 4. Offense recovers the ball but is unable to
    advance the ball. No change in yards.'"""
    state, results = play(_fumbled(), "fumble H6 A4")
    assert outcomes(results) == ["H"] and state.ball == "H" and state.spot == 35


def test_fumble_example_2():
    """'Offense rolls a 2 and Defense rolls a 6. Defense recovers the ball and is able to move
    the ball 5 yards towards the Offense end zone.'"""
    state, results = play(_fumbled(), "fumble H2 A6")
    assert outcomes(results) == ["A+5"] and state.play.carrier == "A"
    assert state.play.spot == 30 and state.play.step == "run"


def test_fumble_example_3():
    """'Offense rolls a 3 and Defense rolls a 3. Offense recovers the ball'"""
    state, results = play(_fumbled(), "fumble H3 A3")
    assert outcomes(results) == ["H"] and state.ball == "H"


def test_fumble_while_tackled():
    """'During a tackle, if the result of the Challenge is -5 or -6, the ball is fumbled.'"""
    _, results = play(scrimmage(), "rush 5v5 H4 A2", "run H1 A6")
    assert outcomes(results)[-1] == "fumble"


# -- Kicks --------------------------------------------------------------------------------
def test_field_goal_example():
    """'if the ball is at the 20 yard line, the player must roll a value between 4 and 10'"""
    chart = RULES.field_goal.at(20)
    assert chart and (chart.low, chart.high) == (4, 10)
    # 4th down at the away 10: the kick is from the 20
    state, results = play(scrimmage(spot=90, down=4, to_go=5), "fg H3 A3", "kick H2,2")
    assert outcomes(results) == ["ok", "good"] and state.score == (3, 0)
    _, results = play(scrimmage(spot=90, down=4, to_go=5), "fg H3 A3", "kick H6,5")
    assert outcomes(results)[-1] == "miss"


def test_punt_example():
    """'if you are targeting a 40 yard punt (target range of rolling 5-9), and you roll 11,
    you are two higher. Move the ball 2 spots (10 yards) ... If you rolled a 2, then you are
    3 lower. Move the ball 3 spots (15 yards) towards your end zone. The bonus of 3 would be
    given to the receiving team'"""
    start = scrimmage(spot=40, down=4, to_go=8)
    state, results = play(start, "punt 40 H4 A4", "kick H5,6")
    assert outcomes(results) == ["ok", "long 2"]
    assert state.play.spot == 40 - 15 + 40 + 10
    state, results = play(start, "punt 40 H4 A4", "kick H1,1")
    assert outcomes(results) == ["ok", "short 3"]
    assert state.play.spot == 40 - 15 + 40 - 15 and state.play.kick_bonus == ("A", 3)


def test_kickoff_return_goal_line_note():
    """'to cross the goal line, a player only needs to move the ball 1 position/5 yards' and
    'If the player chooses to run and is tackled before they cross the goal line, then it is
    a safety.'"""
    from printkit_engine.postcard.state import KICKOFF, State

    state, results = play(State(phase=KICKOFF, ball="H", spot=35), "kickoff H 6v6",
                          "run A3 H2", "run A1 H4")
    assert outcomes(results)[1:] == ["+5", "tackle"]
    assert from_own("A", state.spot) == 0 and not results[-1].safety
    state, results = play(State(phase=KICKOFF, ball="H", spot=35), "kickoff H 6v6",
                          "run A2 H4")
    assert results[-1].safety and state.score == (2, 0)


# -- Team skill ---------------------------------------------------------------------------
def test_team_skill_example_1():
    """'Your team skill is Offense Rushing. ... You roll a 2 and your opponent rolls a 3. ...
    you choose to re-roll and get a 5, gaining you 10 yards.'"""
    _, results = play(scrimmage(), "rush 5v5 H2/5 A3",
                      skills={"H": "offense-rushing", "A": None})
    assert outcomes(results) == ["+10"] and findings(results) == []


def test_team_skill_example_2():
    """'Your team skill is Defense Passing. ... You roll a 1 and they roll a 4. ... you choose
    to re-roll (and do not gain your bonus from rolling a 1) and get a 3. Your opponent can
    now only throw the ball 5 yards.'"""
    state, results = play(scrimmage(), "pass 2v2 H4 A1/3",
                          skills={"H": None, "A": "defense-passing"})
    assert outcomes(results) == ["+1"] and state.bonus == (0, 0)


def test_team_skill_needed():
    _, results = play(scrimmage(), "rush 5v5 H2/5 A3")
    assert findings(results) == ["PC-SKILL-001"]


# -- Sacks --------------------------------------------------------------------------------
def test_sack_minus_one_for_the_rest_of_the_possession():
    """'If the Offense retains possession of the ball after a sack, each dice roll for all
    following plays during that possession of the ball will be worth 1 less' (P2)"""
    state, _ = play(scrimmage(spot=50), "pass 2v2 H1 A6", "again H2", "sack A4,5")
    assert state.sack == "H"
    state, results = play(state, "rush 5v5 H4 A2")          # 4-1-2 = 1: 5 yards, not 10
    assert outcomes(results) == ["+5"]
    state, _ = play(state, "run H2 A5", "rush 5v5 H3 A3")
    assert state.sack == "H" and state.down == 4
    state, _ = play(state, "punt 40 H4 A1", "kick H3,4", "fair")
    assert state.sack == "" and state.ball == "A"


def test_sack_strip():
    """'If their dice add up to 11 or 12, then they also strip the QB of the ball'"""
    state, results = play(scrimmage(spot=50), "pass 2v2 H1 A6", "again H2", "sack A5,6")
    assert outcomes(results)[-1] == "fumble" and state.play.step == "fumble"


def test_team_skill_example_3_competing_skills():
    """'Your team skill is Offense Passing, and your opponent is Defense Passing. Anytime you
    choose to throw, both you and your opponent have the option to re-roll'"""
    _, results = play(scrimmage(), "pass 2v2 H2/5 A1/3",
                      skills={"H": "offense-passing", "A": "defense-passing"})
    assert outcomes(results) == ["+2"] and findings(results) == []
    _, results = play(scrimmage(), "again H1/4")
    assert "PC-SEQ-001" in findings(results)
