"""The slips a student makes writing the grid game down (engine/slips.py): what
`printkit simulate --slips N` plants, each one the verifier sees."""

from printkit_engine.slips import Slip, common

# the lines of play (a line written twice, a line left out)
PLAYS = r'^[HA]\d+: '

SLIPS = (
    *common(PLAYS),
    Slip('a card value mistyped', r'^[HA]\d+: ', 'card',
         r'(?<=[: ])((?:10|[2-9AJQK])[CDHS])(?=[ *])'),
    Slip('a score added wrong', r'= [TF] \d+-\d+', 'number',
         r'= [TF] (\d+)-\d+'),
)
