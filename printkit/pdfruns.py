"""A run of pages of a long PDF opened by qpdf (pikepdf) without the pages around it.

qpdf keeps an entry for every object listed in an opened file's cross-reference table (about
2 KB an object with qpdf 12: 7.7 MB for a 1,920-page classroom pack, before any page is
read), so copying each match out of a class's pack cost memory that grew with the class
(issue 28). A run is opened instead through a view of the file: its own bytes, followed by
a page tree naming only the run's pages and a cross-reference table that lists every object
but the other pages and their content streams. qpdf reads the run's pages, the fonts and
forms they share, and nothing of the others; what it holds is the run's, whatever the length
of the file.

The view is made for a file as printkit/pdfstream.py writes it (one classic cross-reference
section, a flat page tree of /Count, /Kids and /Type, each page's own content stream); for
any other file `index` returns None and the caller opens the file whole.
"""

from __future__ import annotations

import io
import re
from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO

if TYPE_CHECKING:
    import pikepdf

_ENTRY = 20                                  # bytes of one cross-reference entry
_READ = 4096
_REF = re.compile(rb"(\d+) 0 R")
_PAGES = re.compile(rb"/Pages (\d+) 0 R")
_CONTENTS = re.compile(rb"/Contents (\d+) 0 R")
_TREE = re.compile(rb"\s*<<\s*/Count \d+\s*/Kids \[([0-9R\s]*)\]\s*/Type /Pages\s*>>\s*endobj")


@dataclass(frozen=True)
class Index:
    """Where a file's objects are: what a run's view is made from (a few bytes a page)."""

    size: int                    # bytes of the file
    offsets: array               # object number -> byte offset (0: the free entry)
    pages: array                 # page index -> the page's object number
    contents: array              # page index -> its content stream's object number
    tree: int                    # the page tree's object number
    trailer: bytes               # `trailer ... >>` as the file writes it


def _object(fh: BinaryIO, at: int) -> bytes:
    """The text of the object at `at`, up to its `endobj` (a page tree: however long)."""
    fh.seek(at)
    data = b""
    while b"endobj" not in data:
        chunk = fh.read(_READ)
        if not chunk:
            break
        data += chunk
    return data[:data.find(b"endobj") + len(b"endobj")]


def index(fh: BinaryIO) -> Index | None:
    """The index of a PDF printkit wrote (None for any other: the caller opens it whole)."""
    fh.seek(0, io.SEEK_END)
    size = fh.tell()
    fh.seek(max(0, size - 1024))
    tail = fh.read()
    at = tail.rfind(b"startxref")
    if at < 0:
        return None
    start = int(tail[at + len(b"startxref"):].split()[0])
    fh.seek(start)
    head = fh.read(64)
    m = re.match(rb"xref\r?\n0 (\d+)\r?\n", head)
    if m is None:
        return None
    count = int(m.group(1))
    fh.seek(start + m.end())
    table = fh.read(count * _ENTRY)
    offsets = array("q", (int(table[k:k + 10]) for k in range(0, len(table), _ENTRY)))
    rest = fh.read(4096)
    end = rest.find(b"startxref")
    trailer = rest[:end] if rest.startswith(b"trailer") and end > 0 else b""
    root = re.search(rb"/Root (\d+) 0 R", trailer)
    if len(offsets) != count or root is None or b"/Prev" in trailer:
        return None
    catalog = _PAGES.search(_object(fh, offsets[int(root.group(1))]))
    if catalog is None:
        return None
    tree = int(catalog.group(1))
    body = _object(fh, offsets[tree])
    kids = _TREE.search(body, body.find(b"obj") + 3)
    if kids is None:
        return None
    pages = array("l", (int(n) for n in _REF.findall(kids.group(1))))
    contents = array("l")
    for page in pages:
        found = _CONTENTS.search(_object(fh, offsets[page]))
        if found is None:
            return None
        contents.append(int(found.group(1)))
    if len(set(contents)) != len(contents):
        return None
    return Index(size, offsets, pages, contents, tree, trailer)


class _View(io.RawIOBase):
    """The file's bytes, then `tail`: what qpdf reads for one run."""

    def __init__(self, fh: BinaryIO, size: int, tail: bytes) -> None:
        super().__init__()
        self._fh, self._size, self._tail, self._at = fh, size, tail, 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._at

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._at,
                io.SEEK_END: self._size + len(self._tail)}[whence]
        self._at = base + offset
        return self._at

    def readinto(self, buffer: Any) -> int:
        want = len(buffer)
        got = b""
        if self._at < self._size:
            self._fh.seek(self._at)
            got = self._fh.read(min(want, self._size - self._at))
        if len(got) < want:
            k = self._at + len(got) - self._size
            got += self._tail[k:k + want - len(got)]
        buffer[:len(got)] = got
        self._at += len(got)
        return len(got)


def view(fh: BinaryIO, ix: Index, first: int, count: int) -> BinaryIO:
    """The file as qpdf should see it for pages `first` .. `first + count - 1` (0-based): the
    page tree names only those (in order, so page k of the run is its k-th kid), and the other
    pages and their content streams are not in the cross-reference table."""
    kids = ix.pages[first:first + count]
    gone = {*ix.pages, *ix.contents} - {*kids, *ix.contents[first:first + count]}
    tree = (b"\n%d 0 obj\n<<\n/Count %d /Kids [ %s ] /Type /Pages\n>>\nendobj\n"
            % (ix.tree, len(kids), b" ".join(b"%d 0 R" % k for k in kids)))
    moved = ix.size + 1                          # the new page tree, after the newline
    lines = [b"xref\n0 1\n0000000000 65535 f \n"]
    run: list[int] = []

    def section() -> None:
        if run:
            lines.append(b"%d %d\n" % (run[0], len(run)))
            lines.extend(b"%010d 00000 n \n" % (moved if n == ix.tree else ix.offsets[n])
                         for n in run)

    for n in range(1, len(ix.offsets)):
        if n in gone:
            continue
        if run and n != run[-1] + 1:
            section()
            run = []
        run.append(n)
    section()
    at = ix.size + len(tree)
    tail = tree + b"".join(lines) + ix.trailer + b"startxref\n%d\n%%%%EOF\n" % at
    return io.BufferedReader(_View(fh, ix.size, tail))


def open_run(fh: BinaryIO, ix: Index | None, first: int, count: int) -> pikepdf.Pdf:
    """The pages `first` .. `first + count - 1` of the file opened by pikepdf, as the pages
    0 .. count - 1 of what it opens; the whole file (the same pages at their own indexes)
    when it has no index."""
    import pikepdf

    if ix is None:
        fh.seek(0)
        return pikepdf.open(fh)
    return pikepdf.open(view(fh, ix, first, count))
