"""Luck of the Draw's printables (its play book's deal slips are in playbook.py)."""

PRINTABLES = ()
