"""QR module matrices for byte-mode payloads with a fixed mask, about twenty times faster than
qrcode's own path, and the same matrix module for module.

A Luck of the Draw book prints a QR on every deal slip, each with its own payload: qrcode
spends ~4 ms on one (bit-by-bit buffers, polynomial objects for the Reed-Solomon code, the
data walked module by module). Here what depends only on the version, the error correction
and the mask is worked out once per process with qrcode's own code (the function patterns,
the order the data modules are filled in, the mask), so only the payload's codewords are
computed per code: a table-driven Reed-Solomon remainder and one pass over the data modules.

Used when qrcode would encode the payload as one byte-mode segment (anything else: None, and
the caller asks qrcode). tests/printkit/test_qrfast.py compares the matrices with qrcode's.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from operator import itemgetter

from qrcode import base, util
from qrcode.main import QRCode

PAD = (0xEC, 0x11)


@functools.cache
def _blocks(version: int, level: int) -> tuple[tuple[int, int], ...]:
    """(data codewords, error-correction codewords) per block."""
    return tuple((b.data_count, b.total_count - b.data_count)
                 for b in base.rs_blocks(version, level))


@functools.cache
def _generator(count: int) -> tuple[int, ...]:
    """The Reed-Solomon generator polynomial of `count` error codewords, as logs of its
    coefficients after the leading 1."""
    poly = [1]
    for i in range(count):                       # times (x - a^i)
        nxt = [0] * (len(poly) + 1)
        for j, coef in enumerate(poly):
            nxt[j] ^= coef
            if coef:
                nxt[j + 1] ^= base.gexp(base.glog(coef) + i)
        poly = nxt
    return tuple(base.glog(c) for c in poly[1:])


@functools.cache
def _rows(count: int) -> tuple[int, ...]:
    """For each feedback byte, the generator times it, packed big-endian into one integer:
    the shift register of the remainder then steps a whole codeword at a time."""
    gen = _generator(count)
    exp = base.EXP_TABLE
    rows = [0]
    for factor in range(1, 256):
        lf = base.glog(factor)
        rows.append(int.from_bytes(bytes(exp[(lf + g) % 255] for g in gen), "big"))
    return tuple(rows)


def _remainder(data: list[int], count: int) -> list[int]:
    """The error codewords of a block: the remainder of data(x) * x^count by the generator."""
    rows = _rows(count)
    shift, keep = 8 * (count - 1), (1 << 8 * count) - 1
    rem = 0
    for byte in data:
        rem = ((rem << 8) & keep) ^ rows[byte ^ (rem >> shift)]
    return list(rem.to_bytes(count, "big"))


@functools.cache
def _template(version: int, level: int, mask: int) -> tuple[int, int, int, Callable]:
    """What a code of this version, error correction and mask shares: its side, the number of
    data modules, their mask as one integer (in fill order, first module highest), and a
    picker that lays the data bits out as the matrix's rows. The function patterns, format and
    version information and the fill order are qrcode's own steps."""
    qr = QRCode(version=version, error_correction=level, border=0, box_size=1,
                mask_pattern=mask)
    n = qr.modules_count = version * 4 + 17
    qr.modules = [[None] * n for _ in range(n)]
    qr.setup_position_probe_pattern(0, 0)
    qr.setup_position_probe_pattern(n - 7, 0)
    qr.setup_position_probe_pattern(0, n - 7)
    qr.setup_position_adjust_pattern()
    qr.setup_timing_pattern()
    qr.setup_type_info(False, mask)
    if version >= 7:
        qr.setup_type_number(False)
    flip = util.mask_func(mask)
    order: list[tuple[int, int]] = []
    row, inc = n - 1, -1
    for col in range(n - 1, 0, -2):
        if col <= 6:
            col -= 1
        while True:
            for c in (col, col - 1):
                if qr.modules[row][c] is None:
                    order.append((row, c))
            row += inc
            if row < 0 or n <= row:
                row -= inc
                inc = -inc
                break
    count = len(order)
    flips = int("".join("1" if flip(r, c) else "0" for r, c in order), 2)
    # each cell of the matrix picks from (data bits in fill order) + "0" + "1"
    index = {cell: k for k, cell in enumerate(order)}
    picks = [index[(r, c)] if (r, c) in index else count + bool(qr.modules[r][c])
             for r in range(n) for c in range(n)]
    return n, count, flips, itemgetter(*picks)


def _version(size: int, level: int) -> int | None:
    for version in range(1, 41):
        bits = 4 + util.length_in_bits(util.MODE_8BIT_BYTE, version) + 8 * size
        if bits <= 8 * sum(d for d, _ in _blocks(version, level)):
            return version
    return None


def byte_matrix(data: bytes, level: int, mask: int) -> tuple[tuple[bool, ...], ...] | None:
    """The module matrix (no border, True = dark) of `data` at error correction `level` (a
    qrcode constant) and `mask`, or None when qrcode would not encode it as one byte
    segment."""
    rows = byte_rows(data, level, mask)
    return None if rows is None else tuple(tuple(ch == "1" for ch in row) for row in rows)


def byte_rows(data: bytes, level: int, mask: int) -> tuple[str, ...] | None:
    """The matrix as rows of "0" (light) and "1" (dark), top to bottom; None as byte_matrix."""
    chunks = list(util.optimal_data_chunks(data, minimum=20))
    if len(chunks) != 1 or chunks[0].mode != util.MODE_8BIT_BYTE:
        return None
    version = _version(len(data), level)
    if version is None:
        return None
    blocks = _blocks(version, level)
    capacity = sum(d for d, _ in blocks)
    # the bit stream: mode, count, bytes, terminator (up to 4 zero bits), pad to a byte
    count_bits = util.length_in_bits(util.MODE_8BIT_BYTE, version)
    value = (util.MODE_8BIT_BYTE << count_bits | len(data)) << 8 * len(data)
    value |= int.from_bytes(data, "big")
    bits = 4 + count_bits + 8 * len(data)
    term = min(capacity * 8 - bits, 4)
    value <<= term
    bits += term
    value <<= -bits % 8
    bits += -bits % 8
    codewords = list(value.to_bytes(bits // 8, "big"))
    codewords += [PAD[i % 2] for i in range(capacity - len(codewords))]
    # blocks, their error codewords, interleaved
    data_blocks, ec_blocks, at = [], [], 0
    for count, ec in blocks:
        part = codewords[at:at + count]
        at += count
        data_blocks.append(part)
        ec_blocks.append(_remainder(part, ec))
    stream = [blk[i] for i in range(max(d for d, _ in blocks)) for blk in data_blocks
              if i < len(blk)]
    stream += [blk[i] for i in range(max(e for _, e in blocks)) for blk in ec_blocks
               if i < len(blk)]
    n, count, flips, pick = _template(version, level, mask)
    extra = count - 8 * len(stream)                    # remainder bits: light, then masked
    placed = (int.from_bytes(bytes(stream), "big") << extra) ^ flips
    cells = "".join(pick(format(placed, f"0{count}b") + "01"))
    return tuple(cells[r * n:(r + 1) * n] for r in range(n))
