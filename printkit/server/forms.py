"""Forms as browsers post them: url-encoded or multipart, read with limits.

The standard library has no multipart reader any more (cgi is gone), so this is a small one:
the body split on its boundary, each part's Content-Disposition read for its field name and
file name. A file's name is kept only to be shown; it is never a path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

MAX_BODY = 64 * 1024 * 1024        # one request, all its files
MAX_FILE = 20 * 1024 * 1024        # one photo, scan or PDF
MAX_FILES = 40                     # files in one hand-in
MAX_FIELD = 64 * 1024              # a text field (a list of team names)

_BOUNDARY = re.compile(r'boundary="?([^";]{1,200})"?')
_PARAM = re.compile(r';\s*([a-zA-Z*]+)="((?:[^"\\]|\\.)*)"')


class FormError(ValueError):
    """A form that cannot be taken: the message is shown on the page as it is."""


@dataclass(frozen=True)
class Upload:
    name: str           # the file name the browser sent (shown only)
    data: bytes


@dataclass
class Form:
    fields: dict[str, str] = field(default_factory=dict)
    files: dict[str, list[Upload]] = field(default_factory=dict)

    def get(self, name: str, default: str = "") -> str:
        return self.fields.get(name, default)


def parse(content_type: str, body: bytes) -> Form:
    """The form in `body`; a FormError says what is wrong with it in one sentence."""
    kind = content_type.split(";", 1)[0].strip().lower()
    if kind == "application/x-www-form-urlencoded":
        try:
            pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True,
                              max_num_fields=100)
        except (UnicodeDecodeError, ValueError):
            raise FormError("the form could not be read") from None
        return Form(dict(pairs))
    if kind == "multipart/form-data":
        found = _BOUNDARY.search(content_type)
        if not found:
            raise FormError("the form could not be read (no multipart boundary)")
        return _multipart(body, found.group(1).encode("latin-1"))
    raise FormError("the form could not be read (unexpected content type)")


def _multipart(body: bytes, boundary: bytes) -> Form:
    form = Form()
    delimiter = b"--" + boundary
    chunks = body.split(delimiter)
    if len(chunks) < 3 or not chunks[-1].startswith(b"--"):
        raise FormError("the form could not be read (the upload was cut short)")
    count = 0
    for chunk in chunks[1:-1]:
        if not chunk.startswith(b"\r\n") or not chunk.endswith(b"\r\n"):
            raise FormError("the form could not be read (a malformed part)")
        head, sep, data = chunk[2:-2].partition(b"\r\n\r\n")
        if not sep:
            raise FormError("the form could not be read (a part without headers)")
        params: dict[str, str] = {}
        for line in head.decode("utf-8", "replace").split("\r\n"):
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-disposition":
                params = {k.lower(): v.replace('\\"', '"') for k, v in _PARAM.findall(value)}
        if "name" not in params:
            raise FormError("the form could not be read (a part without a name)")
        if "filename" in params:
            if not params["filename"] and not data:
                continue                      # a file input left empty
            count += 1
            if count > MAX_FILES:
                raise FormError(f"too many files in one hand-in (at most {MAX_FILES})")
            if len(data) > MAX_FILE:
                raise FormError(f"{params['filename'][:80]}: too big (at most "
                                f"{MAX_FILE // (1024 * 1024)} MB a file)")
            form.files.setdefault(params["name"], []).append(Upload(params["filename"], data))
        else:
            if len(data) > MAX_FIELD:
                raise FormError(f"the field {params['name'][:40]!r} is too long")
            try:
                form.fields[params["name"]] = data.decode("utf-8")
            except UnicodeDecodeError:
                raise FormError(f"the field {params['name'][:40]!r} is not text") from None
    return form
