"""The slips a student makes writing Luck of the Draw down (engine/slips.py): what
`printkit simulate --slips N` plants, each one the verifier sees."""

from printkit_engine.slips import Slip, common

# the lines of play (a line written twice, a line left out)
PLAYS = r'^(?!deal |drive |total |winner )[A-Z][A-Z/]* [a-z+]+ '

SLIPS = (
    *common(PLAYS),
    Slip('points miscounted', r'^[A-Z][A-Z/]* [a-z+]+ P\d \d+$', 'number',
         r' (\d+)$'),
    Slip('a total added wrong', r'^total P\d', 'number',
         r'P\d (\d+)'),
    Slip('a seat mistyped', r'^[A-Z][A-Z/]* [a-z+]+ P\d \d+$', 'seat',
         r' (P\d) \d+$'),
)
