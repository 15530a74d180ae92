"""Class keys: seeds and verification codes follow from the key alone, differ per key, game
and match, and decode back; the key file is private and never replaced."""

from __future__ import annotations

import stat

import pytest

from printkit_engine.classkey import ClassKey, base32, decode_code, parse_key
from printkit_engine.errors import ReadError

KEY = ClassKey(bytes(range(32)))
OTHER = ClassKey(bytes(range(1, 33)))


def test_base32_by_hand():
    # 0b00001 00010 00011 ... : 0x08 0x86 0x42 = 00001000 10000110 01000010
    assert base32(bytes([0x08, 0x86, 0x42]), 4) == "1234"
    assert base32(b"\xff\xff", 3) == "ZZZ"


def test_seed_shape_and_independence():
    seed = KEY.seed("postcard", "M1")
    assert len(seed) == 11 and seed[5] == "-"
    assert seed == seed.lower() and not set(seed) & set("ilou")
    assert KEY.seed("postcard", "M1") == seed                 # deterministic
    assert KEY.seed("postcard", "M2") != seed
    assert KEY.seed("cardbowl", "M1") != seed
    assert OTHER.seed("postcard", "M1") != seed
    seeds = {KEY.seed("postcard", f"M{n}") for n in range(1, 600)}
    assert len(seeds) == 599


def test_seed_is_the_hmac_of_the_key():
    import hashlib
    import hmac

    mac = hmac.new(bytes(range(32)), b"printkit match seed\x00postcard\x00M3",
                   hashlib.sha256).digest()
    digits = base32(mac, 10).lower()
    assert KEY.seed("postcard", "M3") == f"{digits[:5]}-{digits[5:]}"


def test_code_decodes_and_checks():
    code = KEY.code("postcard", "M17")
    match, mac = decode_code(code)
    assert match == "M17" and len(mac) == 4 and code == f"M17-{mac}"
    assert KEY.check_code("postcard", code)
    assert KEY.check_code("postcard", f"  m17 - {mac.lower()} ")
    assert not OTHER.check_code("postcard", code)
    assert not KEY.check_code("cardbowl", code)
    assert not KEY.check_code("postcard", f"M18-{mac}")
    assert not KEY.check_code("postcard", "nonsense")


def test_decode_takes_look_alikes():
    assert decode_code("M1O-1ILO") == ("M10", "1110")
    with pytest.raises(ValueError, match="M<number>-XXXX"):
        decode_code("M0-ABCD")


def test_key_file_round_trip_and_errors():
    text = KEY.to_text()
    assert bytes(range(32)).hex() in text and KEY.class_id in text
    assert parse_key(text, "k").secret == KEY.secret
    with pytest.raises(ReadError, match="k:1: not a printkit class key"):
        parse_key("hello\n", "k")
    with pytest.raises(ReadError, match="k:2: expected one line of 64"):
        parse_key("printkit-class-key 1\nabc\n", "k")


def test_create_private_and_never_replaced(tmp_path):
    from printkit.classkey import create_key, load_or_create
    from printkit.errors import UserError

    path = tmp_path / "sub" / "class.key"
    key, created = load_or_create(path)
    assert created
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again, created = load_or_create(path)
    assert not created and again.secret == key.secret
    with pytest.raises(UserError, match="never replaces"):
        create_key(path)
    assert list(path.parent.iterdir()) == [path]              # no temporary file left
