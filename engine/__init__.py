"""Pure rules engine of printkit: rules data, seeded draws, records and verification.

Nothing here imports printkit (the CLI and renderers), so the engine can be reused, tested and
reasoned about without reportlab or a terminal.
"""
