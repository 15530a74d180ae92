"""Structural mutations of the hand-written clean Card Bowl records (mutate.py): team headings
swapped or renamed, `---` lines removed or added, scoring lines deleted or written twice, a
card moved between groups, a card group dropped.

Never a traceback (a Report or a ReadError); a mutation that changes what the record says is
found: at least one finding, the first one on the mutated line or within the next 3 lines (a
heading's finding lands on the drive's first play line, after blank lines). A deletion or a
renamed first heading shows only where the text next depends on it (a later score column, a
later card line's deal number, the team's name written again): found, wherever that is.
The findings each kind produces are bounded here (aim: one), so a resync that gets worse
fails; `make fuzz` runs the same mutations over every clean record the tests hold.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from printkit_engine.cardbowl.verify import verify_text
from printkit_engine.errors import ReadError
from tests.engine.cardbowl.mutate import mutations, structural_mutations
from tests.fuzzing import fuzz_settings

RECORDS = Path(__file__).parent / "records"
NAMES = ["full_game.txt", "turnovers.txt", "rules_example.txt",
         *(f"clean/{p.name}" for p in sorted((RECORDS / "clean").glob("*.txt")))]
# The rules' example: its errata are keyed to the Cowboys' lines 17-25 (rules.toml)
NEAR_ERRATA = range(14, 26)
WHEREVER = ("scoring line deleted", "heading", "Colts")
# most findings one mutation of each kind gives today (aim: 1)
MOST = {"--- added inside a drive": 1, "--- removed": 1, "card moved from group 1 to group 2": 1,
        "card moved from group 2 to group 1": 1, "heading -> other": 1, "heading -> Colts": 2,
        "heading dropped": 0, "last card group dropped": 1, "scoring line deleted": 1,
        "scoring line written twice": 1}


def kind(what: str) -> str:
    if what.startswith("heading"):
        return "heading dropped" if what.endswith("dropped") else \
            "heading -> Colts" if "Colts" in what else "heading -> other"
    return what


def mutants():
    for name in NAMES:
        text = (RECORDS / name).read_text(encoding="utf-8")
        for mutated, line, what, meaning in structural_mutations(text):
            if name == "rules_example.txt" and line in NEAR_ERRATA:
                continue
            yield name, mutated, line, what, meaning


def test_structural_mutations_are_found_near_their_line():
    counts: dict[str, Counter[int]] = {}
    for name, text, line, what, meaning in mutants():
        try:
            findings = verify_text(text, "m").findings
        except ReadError as err:
            assert err.line >= 1, (name, what)
            continue
        counts.setdefault(kind(what), Counter())[len(findings)] += 1
        if not meaning:
            continue
        assert findings, (name, line, what)
        first = min(f.line for f in findings)
        if not (what == "scoring line deleted" or "Colts" in what or line == 1):
            assert line - 1 <= first <= line + 3, (name, line, what, first)
    assert sum(sum(c.values()) for c in counts.values()) > 150
    worst = {k: max(c) for k, c in counts.items()}
    assert all(worst[k] <= MOST[k] for k in worst), worst


_TEXTS = [(RECORDS / name).read_text(encoding="utf-8") for name in NAMES]


@fuzz_settings(30)
@given(st.sampled_from(_TEXTS), st.lists(st.integers(0, 10_000), min_size=1, max_size=4))
def test_fuzz_stacked_structural_mutations_never_crash(text, picks):
    """Up to four structural or number mutations stacked on one record (PRINTKIT_FUZZ scales
    the run): a Report or a ReadError naming a line, never a traceback."""
    for pick in picks:
        options = [m[0] for m in structural_mutations(text)] + [m[0] for m in mutations(text)]
        if not options:
            break
        text = options[pick % len(options)]
    try:
        report = verify_text(text, "f.txt")
    except ReadError as err:
        assert err.line >= 1
    else:
        assert all(f.rule.startswith("CB-") and f.line >= 1 for f in report.findings)
