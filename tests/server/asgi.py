"""A tiny in-process client for the teacher's page: the ASGI callable called directly (no
httpx), a cookie jar of one cookie, multipart bodies built by hand."""

from __future__ import annotations

import asyncio
import json
import re
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

HOST = "127.0.0.1:8000"
BOUNDARY = "printkit-test-boundary-7c1d"


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


class Client:
    def __init__(self, app: Any, client: str = "127.0.0.1") -> None:
        self.app = app
        self.cookie = ""
        self.client = client           # the peer's address: the teacher's laptop, or a phone

    def request(self, method: str, path: str, body: bytes = b"", content_type: str = "",
                host: str = HOST, extra: tuple[tuple[str, str], ...] = ()) -> Reply:
        headers = [(b"host", host.encode())]
        if self.cookie:
            headers.append((b"cookie", self.cookie.encode()))
        if content_type:
            headers.append((b"content-type", content_type.encode()))
        headers.append((b"content-length", str(len(body)).encode()))
        headers += [(k.encode(), v.encode()) for k, v in extra]
        path, _, query = path.partition("?")
        scope = {"type": "http", "method": method, "path": path, "headers": headers,
                 "query_string": query.encode(), "client": (self.client, 50123)}
        sent: list[dict] = []
        chunks = [body[i:i + 65536] for i in range(0, len(body), 65536)] or [b""]

        async def receive() -> dict:
            chunk = chunks.pop(0) if chunks else b""
            return {"type": "http.request", "body": chunk, "more_body": bool(chunks)}

        async def send(message: dict) -> None:
            sent.append(message)

        asyncio.run(self.app(scope, receive, send))
        start = sent[0]
        got = {k.decode(): v.decode() for k, v in start["headers"]}
        if "set-cookie" in got:
            self.cookie = got["set-cookie"].split(";", 1)[0]
        return Reply(start["status"], got, b"".join(m.get("body", b"") for m in sent[1:]))

    def get(self, path: str, **kw: Any) -> Reply:
        return self.request("GET", path, **kw)

    def wait(self, class_id: int = 1, timeout: float = 120) -> dict:
        """The class's audit run once it has ended (polled as a page would): its JSON."""
        end = time.monotonic() + timeout
        while True:
            state = json.loads(self.get(f"/classes/{class_id}/progress").body)
            if state["state"] not in ("queued", "running"):
                return state
            assert time.monotonic() < end, f"the audit did not end in {timeout} s: {state}"
            time.sleep(0.2)

    def token(self, path: str = "/") -> str:
        found = re.search(r'name="csrf" value="([0-9a-f]+)"', self.get(path).text)
        assert found, "no CSRF token on the page"
        return found.group(1)

    def post(self, path: str, fields: dict[str, str], files: tuple[tuple[str, str, bytes], ...]
             = (), multipart: bool = True, **kw: Any) -> Reply:
        if not multipart:
            return self.request("POST", path, urlencode(fields).encode(),
                                "application/x-www-form-urlencoded", **kw)
        return self.request("POST", path, multipart_body(fields, files),
                            f"multipart/form-data; boundary={BOUNDARY}", **kw)


def multipart_body(fields: dict[str, str], files: tuple[tuple[str, str, bytes], ...]) -> bytes:
    """A browser's multipart body: each field, then each (field, file name, bytes)."""
    out = b""
    for name, value in fields.items():
        out += (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n"
                f"{value}\r\n").encode()
    for name, filename, data in files:
        out += (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"; "
                f"filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                ).encode() + data + b"\r\n"
    return out + f"--{BOUNDARY}--\r\n".encode()
