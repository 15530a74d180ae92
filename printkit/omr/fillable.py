"""Fillable PDF logs (placeholder until written below)."""
from pathlib import Path


def is_fillable(path: Path) -> bool:
    return False


def record_from_pdf(path: Path):
    raise NotImplementedError
