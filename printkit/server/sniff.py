"""What an uploaded file is, from its first bytes, never from its name: a photo (JPEG, PNG),
a PDF (a scan, a copier's many pages, a fillable log) or a typed record (UTF-8 text). The
kind gives the suffix the file is stored under, which is what the audit's readers go by."""

from __future__ import annotations

# kind -> (the bytes it starts with, or None for text; the suffix it is stored under)
KINDS: dict[str, tuple[bytes | None, str]] = {
    "JPEG photo": (b"\xff\xd8\xff", ".jpg"),
    "PNG image": (b"\x89PNG\r\n\x1a\n", ".png"),
    "PDF": (b"%PDF-", ".pdf"),
    "typed record": (None, ".rec"),
}


def sniff(data: bytes) -> str | None:
    """The kind of `data` (a KINDS key), or None when it is none of them."""
    for kind, (magic, _) in KINDS.items():
        if magic is not None and data.startswith(magic):
            return kind
    if not data.strip() or b"\x00" in data:
        return None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return "typed record"


def suffix(kind: str) -> str:
    return KINDS[kind][1]
