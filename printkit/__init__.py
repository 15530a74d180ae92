"""printkit: printable materials, play books and record audits for paper football games."""

__version__ = "0.1.0"
