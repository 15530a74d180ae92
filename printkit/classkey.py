"""The class key file: created once on first use, private to its owner, never replaced.

Creation is atomic and refuses to overwrite: the key is written to a private temporary file
(mode 0600) beside the target and hard-linked into place, which fails if any file of that name
exists (even one that appeared meanwhile). A class's seeds follow from its key, so a key
silently replaced would orphan every book already printed; printkit never does it.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import tempfile
from pathlib import Path

from printkit.errors import UserError
from printkit_engine.classkey import KEY_BYTES, ClassKey, parse_key
from printkit_engine.errors import ReadError
from printkit_engine.textfile import read_bytes


def read_key(path: Path) -> ClassKey:
    """The key in an existing file (a ReadError naming file and line when it is not one)."""
    data = read_bytes(path, "class key", max_bytes=4096)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ReadError("not a printkit class key (not UTF-8 text)", str(path), 1) from None
    return parse_key(text, str(path))


def create_key(path: Path) -> ClassKey:
    """A new random key written to `path` (0600); UserError if the name is taken."""
    key = ClassKey(secrets.token_bytes(KEY_BYTES))
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".printkit-key-", dir=folder)
    except OSError as exc:
        raise UserError(f"{path}: cannot create the class key ({exc.strerror})") from None
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(key.to_text())
            fh.flush()
            os.fsync(fh.fileno())
        os.link(tmp, path)
    except FileExistsError:
        raise UserError(f"{path}: exists; printkit never replaces a class key") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot create the class key ({exc.strerror})") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    return key


def load_or_create(path: Path) -> tuple[ClassKey, bool]:
    """The class's key, made on first use: (key, True when it was just created)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return create_key(path), True
    except OSError as exc:
        raise UserError(f"{path}: cannot read the class key ({exc.strerror})") from None
    if not stat.S_ISREG(st.st_mode):
        raise UserError(f"{path}: not a regular file (a class key is a small text file)")
    return read_key(path), False
