"""Printables every game offers from one module (printkit.sheets.generic lists them)."""
