"""Oracles that are not the engine: record checks computed from the record text alone.

Each module here reads a record with its own small parser (never engine/<game>/notation,
verify or steps) and checks invariants that any correct record must keep, whatever the dice
or cards said. They catch slips the replay would share with the bots (a `step()` bug writes
the same wrong number the verifier then expects).
"""
