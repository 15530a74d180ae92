"""Writing files safely: a set of files is replaced as a whole or not at all.

Every file is first written to a temporary file beside its target; only when all are written
are they moved into place, with signals held off for that short moment and the old files
kept until the last new one stands, so an interrupted or failed run leaves the old set (and
no temporary file) behind. An existing target is replaced only with --force, and never when it
is anything but a regular file (a symlink, a device, a FIFO, a directory).
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

from printkit.errors import UserError
from printkit.text import printable

OUTPUT_DIR = Path("output")
_HOLD = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def _shown(path: Path) -> str:
    return printable(str(path))


def check_writable(path: Path, force: bool) -> None:
    """Refuse a target that exists without --force, or that is not a regular file."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except NotADirectoryError:
        blocking = next(p for p in reversed(Path(path).parents) if p.exists() and not p.is_dir())
        raise UserError(f"{_shown(blocking)}: not a directory") from None
    except OSError as exc:
        raise UserError(f"{_shown(path)}: cannot write ({exc.strerror})") from None
    if stat.S_ISDIR(st.st_mode):
        raise UserError(f"{_shown(path)}: is a directory")
    if not stat.S_ISREG(st.st_mode):
        raise UserError(f"{_shown(path)}: exists and is not a regular file; printkit never "
                        "replaces it")
    if not force:
        raise UserError(f"{_shown(path)}: file exists (use --force to overwrite)")


def _error(path: Path, exc: OSError) -> UserError:
    reason = exc.strerror or str(exc)
    return UserError(f"{_shown(path)}: cannot write ({reason})")


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _HOLD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class FileSet:
    """Files staged one by one, then put in place together by :meth:`commit`.

    Use as a context manager: leaving the block normally commits, an exception (or Ctrl-C)
    removes every staged temporary file and leaves the old files as they were.
    """

    def __init__(self, force: bool) -> None:
        self.force = force
        self._staged: list[tuple[Path, str]] = []
        self._targets: set[Path] = set()

    def check(self, path: Path) -> None:
        """Refuse a target early, before any work is done for it."""
        check_writable(Path(path), self.force)

    def add(self, path: Path, data: bytes | str) -> Path:
        """Stage `data` to be written at `path`."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        with self.writing(path) as fh:
            fh.write(data)
        return Path(path)

    @contextlib.contextmanager
    def writing(self, path: Path) -> Iterator[BinaryIO]:
        """Stage a file written bit by bit (a PDF streamed page by page): yields the open
        temporary file; it is put in place with the rest of the set at commit."""
        path = Path(path)
        key = Path(os.path.abspath(path))
        if key in self._targets:
            raise UserError(f"{_shown(path)}: would be written twice by one command")
        check_writable(path, self.force)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            raise UserError(f"{_shown(path.parent)}: not a directory") from None
        except OSError as exc:
            raise _error(path.parent, exc) from None
        try:
            fd, tmp = tempfile.mkstemp(prefix=".printkit-", suffix=".tmp", dir=path.parent)
        except OSError as exc:
            raise _error(path, exc) from None
        self._staged.append((path, tmp))
        self._targets.add(key)
        try:
            with os.fdopen(fd, "w+b") as fh:
                yield fh
            os.chmod(tmp, 0o644)
        except OSError as exc:
            raise _error(path, exc) from None

    def commit(self) -> list[Path]:
        """Move every staged file into place, old files replaced only once all are ready."""
        done: list[tuple[Path, str | None]] = []
        with _signals_held():
            try:
                for path, tmp in self._staged:
                    check_writable(path, self.force)       # nothing swapped in meanwhile
                    backup = None
                    if os.path.lexists(path):
                        backup = tempfile.mktemp(prefix=".printkit-old-", dir=path.parent)
                        os.replace(path, backup)
                    done.append((path, backup))
                    os.replace(tmp, path)
            except BaseException as exc:
                for path, backup in reversed(done):
                    with contextlib.suppress(OSError):
                        if backup is not None:
                            os.replace(backup, path)
                        elif os.path.lexists(path):
                            os.unlink(path)
                self.discard()
                if isinstance(exc, OSError):
                    raise _error(path, exc) from None
                raise
            for _, backup in done:
                if backup is not None:
                    with contextlib.suppress(OSError):
                        os.unlink(backup)
        written = [path for path, _ in self._staged]
        self._staged = []
        return written

    def discard(self) -> None:
        """Remove every staged temporary file."""
        for _, tmp in self._staged:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        self._staged = []

    def __enter__(self) -> FileSet:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


def write_atomic(path: Path, data: bytes | str, force: bool = False) -> Path:
    """One file, as a set of one."""
    with FileSet(force) as files:
        files.add(path, data)
    return Path(path)


def pdf_target(path: Path, option: str = "--out") -> Path:
    """A PDF is written to a name ending in .pdf (so it can never be one of its own PNGs)."""
    if Path(path).suffix.lower() != ".pdf":
        raise UserError(f"{option}: a PDF file name ends in .pdf, not {_shown(path)!r}")
    return Path(path)
