"""printkit.imposition: blank backs put in by the rule, on small hand-made lists."""

from __future__ import annotations

from printkit.imposition import BLANK, Item, Part, Sheets, duplex_order, sheet_pairs

BOARD = Part("board", used_with=frozenset({"drivelog", "playbook"}))
LOG = Part("drivelog")
CARD = Part("refcard", sides=2)
FIELD = Part("field", used_with=frozenset({"markers"}))
MARKERS = Part("markers", cut=True)
HOME = Part("playbook HOME", used_with=frozenset({"playbook"}))
AWAY = Part("playbook AWAY", used_with=frozenset({"playbook"}))
B = BLANK


def test_things_used_together_never_back_each_other():
    got = duplex_order([Item(BOARD, ["board"]), Item(LOG, ["log1", "log2", "log3"])])
    # the board alone on sheet 1; the log's own pages back each other (read one after another)
    assert got == ["board", B, "log1", "log2", "log3", B]


def test_either_side_naming_the_other_is_enough():
    assert duplex_order([Item(LOG, ["log"]), Item(BOARD, ["board"])]) == ["log", B, "board", B]


def test_unrelated_parts_share_a_sheet():
    other = Part("schedule")
    assert duplex_order([Item(BOARD, ["board"]), Item(other, ["sched"])]) == ["board", "sched"]


def test_a_card_starts_on_a_front_and_an_odd_card_keeps_its_back_blank():
    other = Part("schedule")
    got = duplex_order([Item(other, ["s"]), Item(CARD, ["c1", "c2", "c3"]), Item(other, ["t"])])
    assert got == ["s", B, "c1", "c2", "c3", B, "t", B]
    assert sheet_pairs(got) == [("s", B), ("c1", "c2"), ("c3", B), ("t", B)]


def test_what_is_cut_out_is_alone_on_its_sheet():
    other = Part("schedule")
    got = duplex_order([Item(FIELD, ["field"]), Item(MARKERS, ["markers"]),
                        Item(other, ["sched"])])
    assert got == ["field", B, "markers", B, "sched", B]


def test_a_play_book_side_starts_a_sheet_and_its_first_word_names_it():
    got = duplex_order([Item(HOME, ["h1", "h2", "h3"]), Item(AWAY, ["a1", "a2"])])
    assert got == ["h1", "h2", "h3", B, "a1", "a2"]
    # the board names "playbook": both sides of the book
    assert duplex_order([Item(BOARD, ["b"]), Item(AWAY, ["a1"])]) == ["b", B, "a1", B]


def test_simplex_is_the_pages_as_they_are():
    items = [Item(BOARD, ["board"]), Item(LOG, ["log"]), Item(CARD, ["c1"]),
             Item(MARKERS, ["m"])]
    assert duplex_order(items, duplex=False) == ["board", "log", "c1", "m"]


def test_a_run_ends_on_a_sheet_boundary_and_nothing_is_given_no_pages():
    assert duplex_order([]) == []
    assert duplex_order([Item(LOG, [])]) == []
    assert len(duplex_order([Item(LOG, ["a", "b", "c"])])) == 4


def test_step_by_step_gives_the_list():
    """A renderer drawing as it goes asks Sheets page by page: same blanks as the list."""
    s = Sheets()
    assert [s.before(BOARD, 0), s.before(LOG, 0), s.before(LOG, 1), s.before(CARD, 0),
            s.before(CARD, 1), s.before(CARD, 2), s.after(CARD, 3), s.end()] == \
        [0, 1, 0, 0, 0, 0, 1, 0]   # board B log log card card card B
