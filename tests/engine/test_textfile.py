"""A text input's lines are bounded: the first line longer than the bound is refused with its
number, however long the text; a text of lines up to the bound is returned as it was."""

from __future__ import annotations

import pytest

from printkit_engine.errors import ReadError
from printkit_engine.textfile import decode


def test_lines_up_to_the_bound_pass():
    text = "a" * 10 + "\n" + "b" * 9 + "\r\n" + "c" * 9     # a `\r` is counted
    assert decode(text.encode(), "t.rec", max_line=10) == text
    assert decode(b"\xef\xbb\xbfab\ncd", "t.rec", max_line=2) == "ab\ncd"


@pytest.mark.parametrize("text, line", [
    ("ab\ncd\n" + "x" * 11 + "\nshort\n" + "y" * 20, 3),
    ("x" * 11, 1),
    ("ok\n" * 5 + "z" * 11, 6),
])
def test_the_first_long_line_is_named(text, line):
    with pytest.raises(ReadError) as err:
        decode(text.encode(), "t.rec", max_line=10)
    assert (err.value.line, err.value.message) == (line, "line longer than 10 characters")
