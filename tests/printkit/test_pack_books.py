"""Every match's play book in a class pack carries its own seed: the header's seed line and
the QR code of each book page, read back (zxing-cpp, not printkit's reader) against the
match's row of results.csv. The books of one pack are drawn into one document, and the
header's fixed part is a form: named by its tag alone, the first match's seed, check and code
stood on every later match's books."""

from __future__ import annotations

import csv
import re

import pypdfium2
import pytest
import zxingcpp

from tests.helpers import run_cli


@pytest.mark.parametrize("game", ["postcard", "luckdraw"])
def test_each_match_s_book_pages_carry_its_own_seed(tmp_path, game):
    r = run_cli("classroom", game, "--teams", "3", "--class-key", tmp_path / "k.key",
                "--out", tmp_path / "class")
    assert r.code == 0, r.stderr
    seeds = {row["match"]: row["seed"]
             for row in csv.DictReader((tmp_path / "class" / "results.csv").open())}
    assert len(set(seeds.values())) == 3
    doc = pypdfium2.PdfDocument(tmp_path / "class" / "pack.pdf")
    books: dict[str, int] = {}
    for page in doc:
        text = page.get_textpage().get_text_range().replace("\r", "")
        if "play book" not in text.split("\n")[0]:
            continue
        match = re.search(r"\u00b7 (M\d) \(round", text).group(1)      # the class stamp
        header = text.split("\n")[1]
        assert header.startswith(f"seed: {seeds[match]} "), (match, header)
        codes = [c.text for c in zxingcpp.read_barcodes(page.render(scale=2).to_pil(),
                                                        formats=zxingcpp.BarcodeFormat.QRCode)]
        assert codes and all(seeds[match] in code for code in codes), (match, codes)
        books[match] = books.get(match, 0) + 1
    assert sorted(books) == ["M1", "M2", "M3"]
