"""BLOWOUT!!!: its OFFENSE, DEFENSE and SPECIAL TEAMS decks as data (decks.toml)."""
