"""Hand-written grid-game records (worked out by hand from the rules text and
docs/rules/cardgrid.md; no code computed them) and their one-slip variants."""

SHEET = """\
[Game "cardgrid"]
[Home "Ann"]
[Away "Ben"]
[Finish "10:40"]
[Result "7-3"]

H T 4-0 > A2
H C 6-0 > A2
A F 6-1 > H3
A P 6-3 > H3
H F 7-3 > A3
"""

# Passages by hand (G3-G11): the comment says why each line ends as it does.
LOG = """\
[Game "cardgrid"]
[Home "Ann"]
[Away "Ben"]
[KickOff "H"]
[Finish "10:40"]
[Result "9-4"]

# six tackles, 4 reds from grid 2 to 8; the kick goes to 11 (8 + 4 is past 11); 2D no touch
H2: 3H 5C 9D 7H 2C KD 4H 6C 3S 8H 9C 5D 10H JC AS QH KC 2D = kick > A2
# 4D to grid 3, 6S a tackle answered by 6H: a pair, possession lost on the spot (13 - 3)
A2: 4D 6S 6H = lost > H10
shuffle A
# a picture card on grid 10 taken as a field goal
H10: JH* = F 1-0 > A3
# 7D to 4; 8S then 8D: away's own consecutive pair, a penalty on grid 4 = home's grid 9:
# kicked 4 on to 11 at most; away's touch card 3D is no King
A3: 7D 8S 4C 8D 3D = pen A kick > H11
shuffle H A
# 5H reaches the in-goal, 3C grounds it, 9H (9 >= 3) converts
H11: 5H 3C 9H = T 5-0 C 7-0 > A2
# JS then JD: away's pair on its grid 3 = home's grid 10: a goal attempt, KH is good
A2: 9S QC 10D JS 7C JD KH = pen A P 9-0 > A3
# six tackles from grid 3 with 5 reds to 8; kick to 11; defender's JC finds touch
A3: 2S 8C AD 3S 10C 5D 4S 2H 6D 5S 4H 9D 7S 6H QD KS JC = touch > scrum H2
# the feed card is a Queen: against the feed, away has the ball on the spot (13 - 2)
H2: QC = against > A11
# 7D reaches the in-goal, 8D red: dead-in-goal
A11: 7D 8D = dead > H3
# home 4C answered by 5D after 5S: away's own pair, home takes it on its grid 4, kicks to 8;
# away's touch card is a King: no touch, away has the ball at 13 - 8
H3: 2C 5S 3H 4C 5D KD = pen A notouch > A5
# seven reds to the in-goal, 8S grounds it, KS never converts
A5: AD 2D 3D 4D 6D 9D 10D 8S KS = T 9-4 C- > H2
"""

# The play book for seed "demo" (printkit playbook cardgrid --seed demo --format json):
#   home/1 JH 7C AC KC 10H 10C 2C QH KH 4C 9H 5H 8H QC 3C 8C 3H JC 6C 2H AH 7H 6H 5C 4H 9C
#   home/2 6C 8C 7H 4H 9H 7C 3C 5C AC JC 4C KC 8H 6H 9C QC KH 2H 3H QH 2C 10C AH 10H JH 5H
#   away/1 QS 2D AD AS 10D 5S 10S JD 3D 9D 4S 8S 9S 2S 3S 5D 8D 7S KD JS QD 4D 6D 7D KS 6S
SEEDED = """\
[Game "cardgrid"]
[Seed "demo"]
[KickOff "H"]
[Finish "15:00"]
[Result "0-6"]

# JH to 3; 10H to 4 then 10C: home's pair, away takes it on its grid 9, kick to 11; 2C touch
H2: JH 7C QS AC 2D KC AD 10H 10C AS 2C = pen H kick > A11
# 10D reaches the in-goal, 5S grounds it, 10S converts
A11: 10D 5S 10S = T 0-4 C 0-6 > H2
shuffle H
# home reads shuffle 2 from its first card; six tackles, 3 reds to grid 5, kick to 9
H2: 6C JD 8C 3D 7H 4H 9H 7C 9D 3C 4S 5C 8S AC 9S = kick > A4
"""


# The passage log with its score sheet kept beside it: each score line copies a score of the
# passage just before it (docs/notation.md).
BOTH = (LOG.replace("JH* = F 1-0 > A3\n", "JH* = F 1-0 > A3\nH F 1-0 > A3\n")
        .replace("C 7-0 > A2\n", "C 7-0 > A2\nH T 5-0 > A2\nH C 7-0 > A2\n")
        .replace("P 9-0 > A3\n", "P 9-0 > A3\nH P 9-0 > A3\n")
        .replace("C- > H2\n", "C- > H2\nA T 9-4 > H2\n"))


def slip(text: str, old: str, new: str) -> str:
    """The record with one slip: `old` (which must occur once) written as `new`."""
    assert text.count(old) == 1, old
    return text.replace(old, new)


# G1: "each half comprising one complete red suit and one complete black suit". A table that
# gave home spades + hearts and away clubs + diamonds, and wrote it: LOG played with that
# split (every club of LOG is a spade here and every spade a club; colours and values, all
# the rules look at, are the same, so every passage ends as in LOG).
SPLIT_LOG = """\
[Game "cardgrid"]
[Home "Ann"]
[Away "Ben"]
[KickOff "H"]
[HomeSuits "SH"]
[Finish "10:40"]
[Result "9-4"]

H2: 3H 5S 9D 7H 2S KD 4H 6S 3C 8H 9S 5D 10H JS AC QH KS 2D = kick > A2
A2: 4D 6C 6H = lost > H10
shuffle A
H10: JH* = F 1-0 > A3
A3: 7D 8C 4S 8D 3D = pen A kick > H11
shuffle H A
H11: 5H 3S 9H = T 5-0 C 7-0 > A2
A2: 9C QS 10D JC 7S JD KH = pen A P 9-0 > A3
A3: 2C 8S AD 3C 10S 5D 4C 2H 6D 5C 4H 9D 7C 6H QD KC JS = touch > scrum H2
H2: QS = against > A11
A11: 7D 8D = dead > H3
H3: 2S 5C 3H 4S 5D KD = pen A notouch > A5
A5: AD 2D 3D 4D 6D 9D 10D 8C KC = T 9-4 C- > H2
"""

# SEEDED dealt by a table with home spades + hearts from the same play book ("demo"): it
# reads the book's clubs as its spades and the book's spades as its clubs (G1), so home/1
# JH 7C AC KC ... is dealt JH 7S AS KS ... and away/1 QS 2D AD AS ... is dealt QC 2D AD AC.
SPLIT_SEEDED = """\
[Game "cardgrid"]
[Seed "demo"]
[KickOff "H"]
[HomeSuits "SH"]
[Finish "15:00"]
[Result "0-6"]

H2: JH 7S QC AS 2D KS AD 10H 10S AC 2S = pen H kick > A11
A11: 10D 5C 10C = T 0-4 C 0-6 > H2
shuffle H
H2: 6S JD 8S 3D 7H 4H 9H 7S 9D 3S 4C 5S 8C AS 9C = kick > A4
"""
