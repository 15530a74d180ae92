"""Play books as data: labels, draws, JSON form, checksum, QR payload and its verification."""

from __future__ import annotations

import hashlib
import json

import pytest

from printkit_engine.blowout.decks import load_decks
from printkit_engine.draws import SCHEME
from printkit_engine.playbook import (
    BookError,
    build,
    canonical_text,
    checksum,
    labels,
    make_spec,
    parse_payload,
    to_json,
    verify_payload,
)
from tests.engine.test_draws import AWAY, DEAL_1, HOME, HOME_1


def test_labels_are_the_specs():
    assert labels(make_spec("postcard", "s", plays=2)) == ["home", "away"]
    assert labels(make_spec("cardbowl", "s", plays=2)) == ["deal/1", "deal/2"]
    assert labels(make_spec("cardgrid", "s", plays=2)) == ["home/1", "home/2", "away/1",
                                                           "away/2"]
    assert labels(make_spec("blowout", "s", plays=1)) == [
        "home/offense/1", "home/defense/1", "home/special/1",
        "away/offense/1", "away/defense/1", "away/special/1"]
    assert labels(make_spec("luckdraw", "s", drives=3, players=5)) == ["drive/1", "drive/2",
                                                                       "drive/3"]


def test_books_carry_the_spec_vectors():
    postcard = build(make_spec("postcard", "demo", plays=2))
    assert postcard.streams["home"] == HOME and postcard.streams["away"] == AWAY
    assert build(make_spec("cardbowl", "demo", plays=1)).streams["deal/1"] == DEAL_1
    assert build(make_spec("cardgrid", "demo", plays=1)).streams["home/1"] == HOME_1


def test_counts():
    assert build(make_spec("postcard", "x", plays=10)).draws == 2 * 60
    assert build(make_spec("blowout", "x", plays=2)).draws == 2 * 2 * (40 + 40 + 12)
    book = build(make_spec("luckdraw", "x", drives=4, players=6))
    assert book.draws == 4 * 14 and len(book.deals()) == 4
    assert sorted(build(make_spec("blowout", "x", plays=1)).streams["away/defense/1"]) == sorted(
        load_decks().deck("defense").order)


def test_json_object():
    book = build(make_spec("postcard", "demo", plays=2))
    obj = json.loads(to_json(book))
    assert obj["scheme"] == SCHEME and obj["game"] == "postcard" and obj["seed"] == "demo"
    assert obj["streams"] == {"home": HOME, "away": AWAY}
    assert obj["options"] == {"plays": 2, "dice_per_play": 6}
    assert obj["checksum"] == book.checksum and obj["payload"] == book.payload()
    assert to_json(book) == to_json(build(make_spec("postcard", "demo", plays=2)))
    deals = json.loads(to_json(build(make_spec("luckdraw", "demo", drives=2, players=6))))
    assert deals["deals"][1]["qb"] == "P2" and len(deals["deals"][1]["sidelines"]) == 4


def test_checksum_is_sha256_of_the_canonical_text():
    streams = {"home": [4, 2], "away": [1]}
    assert canonical_text(streams) == "home:4 2\naway:1\n"
    assert checksum(streams) == hashlib.sha256(b"home:4 2\naway:1\n").hexdigest()[:16]


def test_documented_checksum_vector():
    """docs/draws.md prints this book's checksum and payload; keep them true."""
    book = build(make_spec("postcard", "demo", plays=2))
    assert book.payload() == ("printkit-draws/1;game=postcard;seed=demo;plays=2;draws=24;"
                              "check=273de43ebb63970f")


def test_payload_round_trip_and_match():
    book = build(make_spec("luckdraw", "a;b=c%d é", drives=3, players=7))
    text = book.payload()
    assert text.startswith("printkit-draws/1;game=luckdraw;seed=a%3Bb%3Dc%25d%20%C3%A9;")
    payload = parse_payload(text)
    assert payload.spec == book.spec and payload.draws == book.draws
    assert verify_payload(text).match


@pytest.mark.parametrize("old, new", [
    ("check=", "check=0"),              # checksum altered
    ("seed=demo", "seed=demO"),         # seed altered
    ("draws=600", "draws=601"),         # draw count altered
    ("plays=50", "plays=49"),           # count altered
])
def test_tampered_payload_does_not_match(old, new):
    text = build(make_spec("postcard", "demo")).payload()
    assert old in text
    bad = text.replace(old, new)
    if old == "check=":
        bad = bad[:-1]
    assert not verify_payload(bad).match


@pytest.mark.parametrize("text, message", [
    ("hello", "not a printkit-draws/1"),
    ("printkit-draws/1;game=postcard;seed=x;plays=2;draws=24", "lacks field 'check'"),
    ("printkit-draws/1;game=postcard;seed=x;plays=two;draws=24;check=0", "malformed"),
    ("printkit-draws/1;game=chess;seed=x;plays=2;draws=24;check=0", "unknown game"),
    ("printkit-draws/1;game=luckdraw;seed=x;drives=2;players=12;draws=24;check=0", "2-8"),
    ("printkit-draws/1;game=postcard;seed=x;seed=y;plays=2;draws=24;check=0", "bad payload"),
])
def test_bad_payloads(text, message):
    with pytest.raises(BookError, match=message):
        parse_payload(text)


def test_spec_checks():
    with pytest.raises(BookError, match="empty"):
        make_spec("postcard", "")
    with pytest.raises(BookError, match="between 1 and"):
        make_spec("cardbowl", "x", plays=0)
    with pytest.raises(BookError, match="--drives"):
        make_spec("luckdraw", "x", plays=3)
    with pytest.raises(BookError, match="not an option of"):
        make_spec("postcard", "x", players=3)
    assert make_spec("luckdraw", "x").plays == 24
    assert make_spec("postcard", "s" * 96).seed == "s" * 96
    with pytest.raises(BookError, match="seed too long"):
        make_spec("postcard", "\u00e9" * 17)      # 17 x "%C3%A9" = 102 characters


def test_a_seed_typed_in_nfc_or_nfd_is_one_book():
    nfc, nfd = "caf\u00e9 week", "cafe\u0301 week"
    assert nfc != nfd
    a, b = build(make_spec("postcard", nfc, plays=2)), build(make_spec("postcard", nfd, plays=2))
    assert a.streams == b.streams and a.payload() == b.payload()
    # the words are those of the NFC seed (docs/draws.md), re-derived here from the spec text
    import hashlib
    import hmac
    import struct

    key = hashlib.sha256(f"printkit-draws/1|postcard|{nfc}|home".encode()).digest()
    first = struct.unpack(">8I", hmac.new(key, (0).to_bytes(8, "big"), hashlib.sha256).digest())
    assert first[0] < 2**32 - 2**32 % 6            # not rejected: the first word is the die
    assert a.streams["home"][0] == first[0] % 6 + 1
