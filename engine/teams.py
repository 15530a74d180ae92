"""How many teams a tournament may have: on their own so the command line can state and check
the limit (`--teams`, `--players`) without loading the scheduler (engine/tournament.py)."""

DEFAULT_TEAMS = 8        # a tournament sheet without --players or --roster
MAX_TEAMS = 64          # a sheet, a pack and a bracket stay printable and quick
