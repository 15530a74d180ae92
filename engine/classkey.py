"""Class keys: one secret per class, from which every match's play-book seed follows.

A teacher keeps the key (a file of 32 random bytes, never printed). Each match's seed is an
HMAC-SHA256 of the key over (game, match id), so a student holding one match's book and seed
learns nothing about another match's draws, and the teacher, holding the key, re-derives any
seed to check that a record belongs to this class and match.

What is printed, all derived from the key, none revealing it:
  * the class id (6 characters): which class a sheet or a record says it is from;
  * a match's seed (``xxxxx-xxxxx``, 50 bits): the play book and drive log carry it;
  * a match's verification code (``M7-K4Q9``: the match id and 20 bits of MAC): printed on
    the match's sheets and listed on the teacher sheet, so the teacher confirms at a glance
    that a book belongs to this class and match.

All text uses Crockford's base 32 (no I, L, O, U): read aloud and typed back without
confusion; :func:`decode_code` takes O for 0 and I or L for 1.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass

from printkit_engine.errors import ReadError

KEY_BYTES = 32
HEADER = "printkit-class-key 1"
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_ALIASES = str.maketrans({"O": "0", "I": "1", "L": "1"})
_KEY_LINE = re.compile(r"[0-9a-f]{64}")
_CODE = re.compile(r"M([1-9][0-9]{0,3})-([0-9A-Z]{4})")
SEED = re.compile(r"[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}")


def base32(data: bytes, length: int) -> str:
    """The first `length` Crockford base-32 digits of `data` (5 bits each, big-endian)."""
    value = int.from_bytes(data, "big")
    bits = len(data) * 8
    return "".join(ALPHABET[(value >> (bits - 5 * (i + 1))) & 31] for i in range(length))


@dataclass(frozen=True)
class ClassKey:
    """A class's secret. `secret` never leaves this object except into the key file."""

    secret: bytes

    def __post_init__(self) -> None:
        if len(self.secret) != KEY_BYTES:
            raise ValueError(f"a class key is {KEY_BYTES} bytes, not {len(self.secret)}")

    def _mac(self, *parts: str) -> bytes:
        message = "\x00".join(parts).encode("utf-8")
        return hmac.new(self.secret, message, hashlib.sha256).digest()

    @property
    def class_id(self) -> str:
        """Six characters naming the class on its sheets and in its records' `[Class]` tag."""
        return base32(self._mac("printkit class id"), 6)

    def seed(self, game: str, match: str) -> str:
        """The play-book seed of one match: 10 base-32 digits (50 bits), lower case, so it is
        also a safe file name (the play book's default output name)."""
        digits = base32(self._mac("printkit match seed", game, match), 10).lower()
        return f"{digits[:5]}-{digits[5:]}"

    def code(self, game: str, match: str) -> str:
        """The verification code printed on a match's sheets: ``M7-K4Q9``."""
        if not re.fullmatch(r"M[1-9][0-9]{0,3}", match):
            raise ValueError(f"a match id is M1..M9999, not {match!r}")
        mac = base32(self._mac("printkit match code", game, match, self.seed(game, match)), 4)
        return f"{match}-{mac}"

    def check_code(self, game: str, code: str) -> bool:
        """Does a code read off a sheet belong to this class (and game)?"""
        try:
            match, _ = decode_code(code)
        except ValueError:
            return False
        return hmac.compare_digest(self.code(game, match), normal_code(code))

    def to_text(self) -> str:
        return (f"# printkit class key: keep this file private. It makes every play-book "
                f"seed of class {self.class_id};\n# without it nobody can derive them, with "
                f"it anyone can.\n{HEADER}\n{self.secret.hex()}\n")


def normal_code(code: str) -> str:
    """A code as typed (any case, O for 0, I or L for 1, spaces) in its printed form."""
    return "-".join(decode_code(code))


def decode_code(code: str) -> tuple[str, str]:
    """(match id, MAC digits) of a verification code; ValueError when it is not one."""
    text = re.sub(r"\s+", "", code).upper().translate(_ALIASES)
    m = _CODE.fullmatch(text)
    if m is None:
        raise ValueError(f"not a verification code: {code!r} (expected M<number>-XXXX)")
    return f"M{m.group(1)}", m.group(2)


def parse_key(text: str, file: str) -> ClassKey:
    """A key file's text: comment lines, the header line, then 64 hex digits."""
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1)
             if line.strip() and not line.lstrip().startswith("#")]
    if not lines or lines[0][1] != HEADER:
        where = lines[0][0] if lines else 1
        raise ReadError(f"not a printkit class key (expected a line {HEADER!r})", file, where)
    if len(lines) != 2 or not _KEY_LINE.fullmatch(lines[1][1]):
        where = lines[1][0] if len(lines) > 1 else lines[0][0]
        raise ReadError("expected one line of 64 lower-case hex digits after the header",
                        file, where)
    return ClassKey(bytes.fromhex(lines[1][1]))
