"""The Card Bowl text oracle (tests/oracle/cardbowl_text.py) on the hand-written records and
their slips, and against the verifier on mutated records."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from printkit_engine.cardbowl.verify import verify_text
from tests.engine.cardbowl.mutate import mutations, structural_mutations
from tests.oracle.cardbowl_text import check, gain

RECORDS = Path(__file__).parents[1] / "engine/cardbowl/records"
CLEAN = ["full_game.txt", "turnovers.txt"] + sorted(
    f"clean/{p.name}" for p in (RECORDS / "clean").glob("*.txt"))


def slips(name: str) -> list[tuple[int, str]]:
    return [(s.line, s.invariant) for s in check((RECORDS / name).read_text(encoding="utf-8"))]


@pytest.mark.parametrize("name", CLEAN)
def test_clean_records_keep_every_invariant(name):
    assert slips(name) == []


def test_the_rules_example_shows_its_two_printed_slips():
    """The rules' example as printed: 1 & 10 @ 43, pass 7, then 2 & 7 @ 50 (43 + 7 leaves 3
    to go), and 2 & 10 @ 23, run 6, then 3 & 4 @ 18 (23 - 6 is 17): the two lines the
    verifier's errata name (rules.toml), found here from the text alone."""
    assert slips("rules_example.txt") == [(18, "downs"), (24, "downs")]


# The slipped corpus: what the oracle sees, typed by hand (None: the invariants do not cover
# that slip; it is about cards, rules arithmetic or kick rules the text alone cannot know).
# The oracle puts a possession slip on the heading or --- line itself, the verifier on the
# play line after it: one line apart at most.
SLIPPED = {
    "arith.txt": [(3, "arith")],                  # 5 + 8 written = 14
    "distance.txt": [(4, "downs")],
    "down.txt": [(5, "downs")],
    "extra_separator.txt": [(4, "possession")],   # a --- after a 4-yard run
    "goal_as_number.txt": [(4, "downs")],
    "heading_after_punt.txt": [(9, "possession")],   # a punt, ---, Steelers again
    "third_team.txt": [(8, "team")],              # Colts: neither tag's team
    "third_team_first.txt": [(6, "team")],
    "third_team_twice.txt": [(8, "team")],
    "goal_short.txt": [(4, "downs")],
    "kick_return.txt": [(3, "spot")],             # to 3, 21 yd return to 25
    "line_left_out.txt": [(5, "downs")],          # 16 + 4, then 1 & 10 @ 49
    "repeated_line.txt": [(6, "downs")],          # 2 & 7 @ 23 again after run 2
    "no_separator.txt": [(4, "possession")],      # Cowboys after a lost fumble, no ---
    "other_td_left_out.txt": [(7, "score")],      # a try, no touchdown written before
    "safety_line_left_out.txt": [(8, "score")],   # a free kick, no safety written before
    "score.txt": [(3, "score")],                  # 7-0 after one TD
    "score_slip_then_td.txt": [(6, "score"), (7, "downs")],
    "td_line_left_out.txt": [(5, "score")],      # 7-0 after only a try
    "try_without_td.txt": [(4, "score")],
    "turnover_on_downs_missed.txt": [(12, "possession")],   # 4 & 4, run 2, 1 & 10 again
    "wrong_team.txt": [(5, "possession")],        # a punt, ---, then Steelers again
    "yard.txt": [(4, "downs")],                   # @ 24, pass 16, then @ 41
}
ERRORS = sorted(p.name for p in (RECORDS / "errors").glob("*.txt"))


@pytest.mark.parametrize("name", ERRORS)
def test_slipped_records_as_the_oracle_reads_them(name):
    assert slips(f"errors/{name}") == SLIPPED.get(name, [])


@pytest.mark.parametrize("name", ERRORS)
def test_the_verifier_finds_what_the_oracle_sees(name):
    text = (RECORDS / "errors" / name).read_text(encoding="utf-8")
    found = {f.line for f in verify_text(text, name).findings}
    for line, _ in slips(f"errors/{name}"):
        assert found & {line, line + 1}, (name, line, found)


@pytest.mark.parametrize("result,yards", [
    ("run 5", 5), ("run, -1", -1), ("18 pass + 5 = 23", 23), ("sack loss of 7", -7),
    ("pass inc.", 0), ("run, no gain", 0), ("sack -8", -8),
    ("run 2; 5 yrd pen. vs. d, auto 1 st down", None), ("punt 44, 6 yd return to 16", None)])
def test_plain_gains_read_by_the_oracle(result, yards):
    assert gain(result) == yards


def test_number_mutations_the_oracle_sees_the_verifier_finds():
    """tests/engine/cardbowl/mutate.py changes one number; a mutant the oracle flags must be
    a finding of the verifier (within a line)."""
    seen = 0
    for name in CLEAN:
        for text, line, what in mutations((RECORDS / name).read_text(encoding="utf-8")):
            oracle = {s.line for s in check(text)}
            if not oracle:
                continue
            seen += 1
            found = {f.line for f in verify_text(text, "m").findings}
            assert found, (name, line, what, oracle)
            assert min(oracle) >= line - 1, (name, line, what, oracle)
    assert seen > 40


# -- both ways, on every mutant of the clean records ---------------------------------------
# Number and structural mutations (tests/engine/cardbowl/mutate.py) and every body line
# deleted, written twice and with one token changed (reversed, or a 1 added).
def _line_mutants(text: str, seed: str):
    lines = text.split("\n")
    body = [i for i, line in enumerate(lines) if line.strip() and not line.startswith(("[", ";"))]
    rng = random.Random(seed)
    for i in body:
        yield "\n".join(lines[:i] + lines[i + 1:]), lines[i], "deleted", i
        yield "\n".join(lines[:i + 1] + lines[i:]), lines[i], "twice", i
        tokens = lines[i].split(" ")
        j = rng.randrange(len(tokens))
        tokens[j] = tokens[j][::-1] if len(tokens[j]) > 1 else tokens[j] + "1"
        yield "\n".join(lines[:i] + [" ".join(tokens)] + lines[i + 1:]), lines[i], "token", i


def _corpus():
    for name in CLEAN:
        text = (RECORDS / name).read_text(encoding="utf-8")
        lines = text.split("\n")
        for mutated, line, what in mutations(text):
            yield name, mutated, lines[line - 1], what, line - 1
        for mutated, line, what, _ in structural_mutations(text):
            index = line - (2 if "twice" in what or "added" in what else 1)
            yield name, mutated, lines[index], what, index
        yield from ((name, *m) for m in _line_mutants(text, name))


def _kind(name: str, line: str, what: str, index: int) -> str:
    """What a mutation did, in the words of ORACLE_ONLY."""
    text = line.strip()
    lines = (RECORDS / name).read_text(encoding="utf-8").split("\n")
    near = " ".join(lines[max(0, index - 3):index + 4]).lower()
    if what.startswith("heading") and what.endswith("dropped") or (
            what == "deleted" and text and not text[0].isdigit() and
            not text.startswith(("Kickoff", "Try", "Free", "Onside", "---", "cards"))):
        return "heading left out"
    if text.startswith("---"):
        if what == "twice":
            return "--- written twice"
        if "halftime" in near:
            return "--- left out next to Halftime"
    if text.startswith("Try") and ("deleted" in what):
        return "try left out"
    if what == "deleted" and index == next(i for i, x in enumerate(lines) if x[:1].isdigit()):
        return "first play left out"
    return f"{what}: {text}"


# The oracle is stricter than the rules in these: what it flags and the verifier does not.
ORACLE_ONLY = {
    "heading left out": "a `---` says the ball changed hands: the drive after it is the other "
                        "team's without a heading (C10); the oracle names drives by headings",
    "--- written twice": "two lines are one change of possession; the oracle wants something "
                         "that ends a possession before each",
    "--- left out next to Halftime": "after Halftime a kickoff needs no score and no line (C10)",
    "try left out": "notes may leave the try out (the kickoff follows the touchdown); no "
                    "score column after it shows the point",
    "first play left out": "a record may start with any drive; a `---` before the first play "
                           "line follows nothing to check",
}
# The verifier knows more than the oracle in these: what it finds on a record the oracle
# calls clean, by rule id.
VERIFIER_ONLY = {
    "CB-REC-003": "a line that cannot be read (a result word or card reversed): the oracle "
                  "reads no result words and no cards",
    "CB-REC-004": "a kick or try written twice: the oracle checks downs between scrimmage "
                  "lines only",
    "CB-DIST-001": "a drive's first line after a kick is 1 & 10: the oracle checks downs within "
                   "a possession, from one play line to the next",
    "CB-DOWN-001": "the same: a new series after a kick",
    "CB-LINE-001": "the same, for a line left out at the start of a drive",
    "CB-YARD-001": "the spot after a kick (punt yards, fair catch, touchback): the oracle knows "
                   "only `return to N`",
    "CB-POSS-002": "a `---` after an onside kick the kickers recovered: the oracle takes any "
                   "kick as a possible change",
    "CB-POSS-003": "a kickoff left out after a try: the oracle does not require the kick",
    "CB-TD-002": "yards past the goal line on a touchdown (C14): the oracle does not check "
                 "scoring gains",
    **{f"CB-CARD-00{n}": "the cards: the oracle knows nothing of them" for n in range(1, 10)},
}


def test_the_verifier_finds_what_the_oracle_sees_on_every_mutant():
    seen = 0
    for name, text, line, what, index in _corpus():
        oracle = check(text)
        if not oracle:
            continue
        seen += 1
        if not verify_text(text, "m").findings:
            assert _kind(name, line, what, index) in ORACLE_ONLY, (name, index + 1, what, line)
    assert seen > 300


def test_what_the_verifier_finds_on_a_record_the_oracle_calls_clean_is_known():
    kinds = set()
    for _name, text, _line, _what, _index in _corpus():
        if check(text):
            continue
        kinds |= {f.rule for f in verify_text(text, "m").findings}
    assert kinds <= set(VERIFIER_ONLY), kinds - set(VERIFIER_ONLY)
