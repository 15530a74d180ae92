"""Writing files safely: atomic (temp file then rename) and never over a file without --force."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from printkit.errors import UserError

OUTPUT_DIR = Path("output")


def check_writable(path: Path, force: bool) -> None:
    if path.exists() and not force:
        raise UserError(f"{path}: file exists (use --force to overwrite)")
    if path.exists() and path.is_dir():
        raise UserError(f"{path}: is a directory")


def write_atomic(path: Path, data: bytes | str, force: bool = False) -> Path:
    path = Path(path)
    check_writable(path, force)
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path
