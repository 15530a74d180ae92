"""The slips a student makes writing PostCard down (engine/slips.py): what
`printkit simulate --slips N` plants, each one the verifier sees."""

from printkit_engine.slips import Slip, common

# the lines of play (a line written twice, a line left out)
PLAYS = r'^[a-z]+ '

SLIPS = (
    *common(PLAYS),
    Slip('a die value mistyped',
         r'^(?:rush|run|pass|again|ground|catch|intercept|pressure) ', 'die',
         r'\b[HA]([1-6])\b'),
    Slip('a down or spot miscounted', r'\{[HA] \d&\d+ [HA]\d+ ', 'number',
         r'\{[HA] \d&\d+ [HA](\d+) '),
    Slip('a score added wrong', r'\{[HA] .* \d+-\d+ T', 'number',
         r' (\d+)-\d+ T'),
)
