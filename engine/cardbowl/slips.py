"""The slips a student makes writing Card Bowl down (engine/slips.py): what
`printkit simulate --slips N` plants, each one the verifier sees."""

from printkit_engine.slips import Slip, common

# the lines of play (a line written twice, a line left out)
PLAYS = r'^(?:\d & (?:\d+|goal) @ \d+|Kickoff|Try)\t'

SLIPS = (
    *common(PLAYS),
    Slip('a down or spot miscounted', r'^\d & (?:\d+|goal) @ \d+\t', 'number',
         r'@ (\d+)\t'),
    Slip('a score added wrong', r'\t\d+-\d+ \S', 'number',
         r'\t(\d+)-\d+ '),
    Slip('a card value mistyped', r'\tcards: ', 'card',
         r'((?:10|[2-9AJQK])[CDHS])(?=[ /]|$)'),
)
