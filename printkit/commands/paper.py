"""The `--paper` option every printing command takes: letter or a4, in any case."""

from __future__ import annotations

from enum import StrEnum

import typer


class Paper(StrEnum):
    """The papers of printkit.papers.PAPERS (a test holds them equal): `--paper A4` is
    `--paper a4`."""

    letter = "letter"
    a4 = "a4"


def paper_option() -> typer.models.OptionInfo:
    """The option's help and case-blind matching, the same on every command."""
    return typer.Option(help="Paper size (any case: a4, A4).", case_sensitive=False)
