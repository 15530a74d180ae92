"""Play books keep their artwork shared: the number of form XObjects does not grow with the
book, and each added page costs a few KB, so a later change cannot quietly undo it."""

from __future__ import annotations

import io

import pikepdf
import pytest

from printkit.books import render_book
from printkit_engine.playbook import build, make_spec

BOOKS = [("postcard", "plays", 40), ("cardbowl", "plays", 90), ("cardgrid", "plays", 60),
         ("blowout", "plays", 12), ("luckdraw", "drives", 60)]
MAX_KB_PER_PAGE = 5.0


def _book(game: str, count_name: str, n: int) -> tuple[int, int, int]:
    """(pages, form XObjects, bytes) of a book of `n` plays or drives."""
    kwargs = {count_name: n}
    if game == "luckdraw":
        kwargs["players"] = 6
    pdf = render_book(build(make_spec(game, "shared", **kwargs)), "letter")
    doc = pikepdf.open(io.BytesIO(pdf))
    forms = sum(1 for o in doc.objects if isinstance(o, pikepdf.Stream)
                and o.get("/Subtype") == "/Form")
    return len(doc.pages), forms, len(pdf)


@pytest.mark.parametrize("game, count_name, n", BOOKS)
def test_forms_do_not_grow_with_the_book_and_pages_stay_small(game, count_name, n):
    pages1, forms1, bytes1 = _book(game, count_name, n)
    pages2, forms2, bytes2 = _book(game, count_name, 2 * n)
    assert pages2 > pages1 >= 2
    assert forms1 >= 2, "the header and the blocks are forms"
    assert forms2 - forms1 <= 2, (forms1, forms2)   # at most a last block's shape is new
    per_page = (bytes2 - bytes1) / (pages2 - pages1) / 1024
    assert per_page <= MAX_KB_PER_PAGE, f"{per_page:.1f} KB per added page"


MAX_TEXT_OBJECTS = 8   # one per font, size and colour in use on a page (a book uses about 5)


@pytest.mark.parametrize("game, count_name, n", BOOKS)
def test_a_page_sets_its_text_in_a_few_text_objects(game, count_name, n):
    """Variable text is batched per page (printkit.draw.texts via Document.texts): a page of
    hundreds of strings has a handful of BT..ET objects, not one per string or per block."""
    kwargs = {count_name: n}
    if game == "luckdraw":
        kwargs["players"] = 6
    pdf = render_book(build(make_spec(game, "shared", **kwargs)), "letter")
    doc = pikepdf.open(io.BytesIO(pdf))
    for number, page in enumerate(doc.pages, start=1):
        operators = [op for _, op in pikepdf.parse_content_stream(page)]
        shown = sum(1 for op in operators if str(op) in ("Tj", "TJ"))
        objects = sum(1 for op in operators if str(op) == "BT")
        assert objects <= MAX_TEXT_OBJECTS, f"page {number}: {objects} text objects"
        assert shown >= 2, f"page {number} shows no text of its own"
