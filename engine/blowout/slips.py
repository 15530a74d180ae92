"""The slips a student makes writing BLOWOUT!!! down (engine/slips.py): what
`printkit simulate --slips N` plants, each one the verifier sees."""

from printkit_engine.slips import Slip, common

# the lines of play (a line written twice, a line left out)
PLAYS = r'^(?:Q[1-4]|OT) [HA] '

SLIPS = (
    *common(PLAYS),
    Slip('a card value mistyped', r'^(?:Q[1-4]|OT) [HA] [PRK]\d+ ', 'number',
         r'^\S+ [HA] [PRK](\d+) ', step=5),
    Slip('a down or spot miscounted', r'\{[HA] \d&\d+ [HA]\d+ ', 'number',
         r'\{[HA] \d&\d+ [HA](\d+) '),
    Slip('a score added wrong', r' \d+-\d+\}$', 'number',
         r' (\d+)-\d+\}$'),
)
