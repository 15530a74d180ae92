"""The ASGI app: a small router over the request's method and path, a session cookie with
its CSRF token, bodies read with limits, every failure one message on a page (never a
traceback: the server keeps running).

Only 127.0.0.1 is served (the Host header must name the loopback, so a web page elsewhere
cannot reach the server through a name it rebinds to 127.0.0.1). With --lan (`App(lan=...)`)
the local network is served too, by address (a Host header that is an IPv4 address): the
teacher's own browser (a loopback client) as before, every other client only once its session
gave the class folder's passcode (the QR code's link does), and then only the phone pages
(hand in, nothing else: no results, no printouts, no class key).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import re
import secrets
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from math import ceil
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote

from printkit.server import pages
from printkit.server.flow import DOWNLOADS, HANDINS, FlowError, make_class, next_sheets, roster_from
from printkit.server.forms import MAX_BODY, Form, FormError, parse
from printkit.server.lan import PASSCODE, QR_SIZE, WrongTries, new_passcode, normal, qr_svg
from printkit.server.runner import Auditor
from printkit.server.sniff import sniff, suffix
from printkit.server.store import ClassRow, Store

COOKIE = "printkit_session"
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
LOOPBACK_CLIENTS = ("127.0.0.1", "::1")
IPV4 = re.compile(r"(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}")
PHONE_PAGE = re.compile(r"/classes/\d{1,9}/phone")
HEADERS = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
           (b"cache-control", b"no-store"), (b"x-frame-options", b"DENY"),
           (b"content-security-policy", b"default-src 'none'; style-src 'unsafe-inline'; "
                                        b"img-src 'self'; form-action 'self'; "
                                        b"frame-ancestors 'none'")]
log = logging.getLogger("printkit.server")

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


class HttpError(Exception):
    """A request refused: its status and the one sentence the page shows."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Request:
    method: str
    path: str
    headers: dict[str, str]
    receive: Receive
    query: dict[str, str] = field(default_factory=dict)
    client: str = ""
    session: str = ""
    new_session: bool = False
    params: tuple[str, ...] = ()


@dataclass
class Response:
    status: int
    body: bytes
    content_type: str = "text/html; charset=utf-8"
    extra: list[tuple[bytes, bytes]] = field(default_factory=list)


def _hostname(host: str) -> str:
    """A Host header without its port: `127.0.0.1:8000`, `localhost`, `[::1]:8000`."""
    name, colon, port = host.rpartition(":")
    return name if colon and port.isdigit() and not host.endswith("]") else host


def html(text: str, status: int = 200) -> Response:
    return Response(status, text.encode("utf-8"))


def redirect(to: str) -> Response:
    return Response(303, b"", extra=[(b"location", to.encode("ascii"))])


class App:
    """The teacher's page over one class folder (created if missing)."""

    def __init__(self, root: Path, lan: str | None = None) -> None:
        """`lan`: the base address phones reach the server at (`http://192.168.1.20:8000`),
        None to serve the loopback only (no passcode)."""
        root.mkdir(parents=True, exist_ok=True)
        self.root = root
        self.store = Store(root)
        self.lan = lan
        self.passcode = self.store.setting(PASSCODE, new_passcode) if lan else ""
        self.wrong_tries = WrongTries()
        self.clock: Callable[[], float] = time.monotonic     # a test's own clock may stand in
        self.secret = secrets.token_bytes(32)     # signs CSRF tokens; new each start
        self.lock = threading.Lock()              # new class folders, hand-in names
        self.auditor = Auditor(root, self.store)
        for class_id in self.store.cut_short():  # runs a stopped server left: again
            if self.store.wants_run(class_id):
                self.auditor.want(class_id)
        self.routes: list[tuple[str, re.Pattern[str], Callable[[Request],
                                                               Awaitable[Response]]]] = [
            ("GET", re.compile(r"/"), self.home),
            ("POST", re.compile(r"/classes"), self.new_class),
            ("GET", re.compile(r"/classes/(\d{1,9})"), self.show_class),
            ("GET", re.compile(r"/classes/(\d{1,9})/files/([a-z]+\.pdf)"), self.download),
            ("POST", re.compile(r"/classes/(\d{1,9})/handin"), self.handin),
            ("POST", re.compile(r"/classes/(\d{1,9})/audit"), self.audit),
            ("GET", re.compile(r"/classes/(\d{1,9})/results"), self.results),
            ("GET", re.compile(r"/classes/(\d{1,9})/progress"), self.progress),
            ("GET", re.compile(r"/classes/(\d{1,9})/phone"), self.phone),
            ("GET", re.compile(r"/classes/(\d{1,9})/board"), self.board),
            ("GET", re.compile(r"/classes/(\d{1,9})/sheets/([A-Za-z0-9_-]{16})\.pdf"),
             self.sheet),
            ("GET", re.compile(r"/classes/(\d{1,9})/gradebook\.csv"), self.gradebook),
            ("GET", re.compile(r"/classes/(\d{1,9})/more\.pdf"), self.more),
        ]

    @property
    def phone_handlers(self) -> tuple[Callable[[Request], Awaitable[Response]], ...]:
        """What a phone (a client on the network, let in by the passcode) may ask for."""
        return (self.home, self.phone, self.handin)

    # --- ASGI --------------------------------------------------------------------------------

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["type"] != "http":
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"))[:20])
        client = (scope.get("client") or ("", 0))[0]
        req = Request(scope["method"], scope["path"], headers, receive, query, client)
        self._session(req)
        try:
            resp = await self.dispatch(req)
        except HttpError as exc:
            resp = html(pages.error_page(exc.status, exc.message), exc.status)
        except Exception:                          # noqa: BLE001 - the server keeps running
            log.exception("printkit serve: internal error on %s %s", req.method, req.path)
            resp = html(pages.error_page(500, "printkit could not do that (an internal error; "
                                              "the server's console says more)"), 500)
        extra = list(resp.extra)
        if req.new_session:
            extra.append((b"set-cookie", f"{COOKIE}={req.session}; Path=/; HttpOnly; "
                                         "SameSite=Strict".encode("ascii")))
        await send({"type": "http.response.start", "status": resp.status,
                    "headers": [(b"content-type", resp.content_type.encode("ascii")),
                                (b"content-length", str(len(resp.body)).encode("ascii")),
                                *HEADERS, *extra]})
        await send({"type": "http.response.body", "body": resp.body})

    async def dispatch(self, req: Request) -> Response:
        host = _hostname(req.headers.get("host", ""))
        if host not in LOOPBACK and not (self.lan and IPV4.fullmatch(host)):
            raise HttpError(403, "this server answers only on 127.0.0.1" + (
                " and the local network's addresses" if self.lan else ""))
        phone = self.lan is not None and req.client not in LOOPBACK_CLIENTS
        if phone and not self.store.is_in(req.session):
            given = req.query.get(PASSCODE)
            if given is not None and (wait := self.wrong_tries.wait(req.client, self.clock())):
                resp = html(pages.passcode_page(req.path, True, wait), 429)
                resp.extra.append((b"retry-after", str(ceil(wait)).encode("ascii")))
                return resp
            if given is not None and hmac.compare_digest(normal(given), self.passcode):
                self.store.let_in(req.session)
                return redirect(req.path if PHONE_PAGE.fullmatch(req.path) else "/")
            if given is not None:
                self.wrong_tries.failed(req.client, self.clock())
            return html(pages.passcode_page(req.path, given is not None), 401)
        allowed = []
        for method, pattern, handler in self.routes:
            if m := pattern.fullmatch(req.path):
                if phone and handler not in self.phone_handlers:
                    raise HttpError(403, "this page is on the teacher's laptop only; a phone "
                                         "hands in its photos (scan the QR code on the board)")
                if method == req.method:
                    req.params = m.groups()
                    if method == "POST":
                        await self._check_origin(req)
                    return await handler(req)
                allowed.append(method)
        if allowed:
            raise HttpError(405, f"{req.method} is not taken here")
        raise HttpError(404, "no such page")

    # --- sessions and forms ------------------------------------------------------------------

    def _session(self, req: Request) -> None:
        for part in req.headers.get("cookie", "").split(";"):
            name, _, value = part.strip().partition("=")
            if name == COOKIE and re.fullmatch(r"[0-9a-f]{64}", value):
                req.session = value
                return
        req.session, req.new_session = secrets.token_hex(32), True

    def csrf(self, req: Request) -> str:
        """The session's form token: an HMAC of the session id under the server's secret."""
        return hmac.new(self.secret, req.session.encode("ascii"), hashlib.sha256).hexdigest()

    async def _check_origin(self, req: Request) -> None:
        origin = req.headers.get("origin")
        if origin is not None and origin != "null":
            host = origin.split("://", 1)[-1]
            if host != req.headers.get("host"):
                raise HttpError(403, "refused: the form was sent from another site")

    async def form(self, req: Request) -> Form:
        """The request's form, its CSRF token checked; limits on the body's size."""
        length = req.headers.get("content-length", "")
        if length.isdigit() and int(length) > MAX_BODY:
            raise HttpError(413, f"the upload is too big (at most {MAX_BODY // 2**20} MB at once)")
        chunks, size = [], 0
        while True:
            message = await req.receive()
            if message["type"] == "http.disconnect":
                raise HttpError(400, "the upload was cut short")
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                raise HttpError(413, f"the upload is too big (at most {MAX_BODY // 2**20} MB at "
                                     "once)")
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        try:
            form = parse(req.headers.get("content-type", ""), b"".join(chunks))
        except FormError as exc:
            raise HttpError(400, str(exc)) from None
        if req.new_session or not hmac.compare_digest(form.get("csrf"), self.csrf(req)):
            raise HttpError(403, "refused: the form's token is missing or out of date (reload "
                                 "the page and send it again)")
        return form

    # --- pages -------------------------------------------------------------------------------

    def _class(self, req: Request) -> ClassRow:
        c = self.store.get_class(int(req.params[0]))
        if c is None:
            raise HttpError(404, f"no class {req.params[0]}")
        return c

    @staticmethod
    def _games() -> list[tuple[str, str]]:
        from printkit_engine import registry

        return [(g, registry.get(g).title) for g in registry.GAMES]

    @staticmethod
    def _lengths() -> list[tuple[str, tuple[str, ...]]]:
        """Each game with lengths: its title and its rules' lengths (the new-class form's)."""
        from printkit_engine import registry

        return [(g.title, g.lengths(g.rules())) for g in registry.GAMES.values()
                if g.lengths is not None]

    @staticmethod
    def _title(c: ClassRow) -> str:
        from printkit_engine import registry

        return registry.get(c.game).title

    def _is_phone(self, req: Request) -> bool:
        return self.lan is not None and req.client not in LOOPBACK_CLIENTS

    async def home(self, req: Request) -> Response:
        if self._is_phone(req):
            return html(pages.phone_home(self.store.classes(), self._games()))
        return html(pages.home(self.store.classes(), self._games(), self.csrf(req),
                               passcode=self.passcode, lengths=self._lengths()))

    def upload_link(self, c: ClassRow) -> str:
        """The phone upload address of a class with the passcode in it: the QR code's."""
        return f"{self.lan}/classes/{c.id}/phone?{PASSCODE}={self.passcode}"

    async def phone(self, req: Request) -> Response:
        c = self._class(req)
        return html(pages.phone_page(c, self._title(c), self.csrf(req)))

    async def board(self, req: Request) -> Response:
        """The QR code large, the address and the passcode: to project on the board."""
        c = self._class(req)
        if self.lan is None:
            raise HttpError(404, "the phones' QR code is shown when the server runs with "
                                 "--lan")
        link = self.upload_link(c)
        return html(pages.board_page(c, self._title(c), link, self.passcode,
                                     qr_svg(link, 2 * QR_SIZE)))

    async def new_class(self, req: Request) -> Response:
        form = await self.form(req)
        rosters = form.files.get("roster", [])
        try:
            if rosters:
                try:
                    text = rosters[0].data.decode("utf-8")
                except UnicodeDecodeError:
                    raise FlowError(f"{rosters[0].name}: not a text file (a roster is a CSV "
                                    "or a list of names)") from None
                roster = roster_from(text, rosters[0].name or "roster")
            else:
                roster = roster_from(form.get("teams"), "team names")
            made, number = await asyncio.to_thread(self._make, form, roster)
        except FlowError as exc:
            return html(pages.home(self.store.classes(), self._games(), self.csrf(req),
                                   str(exc), form.fields, lengths=self._lengths()), 400)
        return redirect(f"/classes/{number}")

    def _make(self, form: Form, roster: Any) -> tuple[Any, int]:
        with self.lock:
            number = self.store.next_class_id()
            folder = f"class-{number}"
            made = make_class(self.root / folder, form.get("game"), roster, form.get("format"),
                              form.get("paper"), form.get("length"), form.get("log"))
            self.store.add_class(form.get("game"), form.get("format"), form.get("paper"),
                                 made.teams, made.class_id, folder, form.get("length"),
                                 form.get("log"))
        return made, number

    def _class_page(self, req: Request, c: ClassRow, error: str = "", note: str = "",
                    status: int = 200) -> Response:
        phones = None
        if self.lan is not None:
            link = self.upload_link(c)
            phones = (link, self.passcode, qr_svg(link))
        return html(pages.class_page(c, self._title(c), self.store.submissions(c.id),
                                     self.store.readings(c.id), self.store.latest_run(c.id),
                                     self.csrf(req), error=error, note=note, phones=phones,
                                     matches=self._matches(c)),
                    status)

    @staticmethod
    def _matches(c: ClassRow) -> list[tuple[str, str]]:
        """The class's matches as the page lists them: (id, "M1: Home v Away")."""
        from printkit_engine.tournament import schedule

        return [(m.id, f"{m.id}: {m.home} v {m.away}")
                for m in schedule(c.format, c.teams).matches]

    async def show_class(self, req: Request) -> Response:
        c = self._class(req)
        return self._class_page(req, c)

    async def download(self, req: Request) -> Response:
        c = self._class(req)
        name = req.params[1]
        if name not in DOWNLOADS:
            raise HttpError(404, "no such file")
        data = await asyncio.to_thread((self.root / c.folder / name).read_bytes)
        return Response(200, data, "application/pdf", [(
            b"content-disposition",
            f'attachment; filename="class-{c.id}-{name}"'.encode("ascii"))])

    async def more(self, req: Request) -> Response:
        """A match's next bubble sheets, numbered on from its pack's (a long game)."""
        c = self._class(req)
        try:
            name, data = await asyncio.to_thread(
                next_sheets, self.root / c.folder, c.game, c.format, c.paper, c.teams,
                c.length, c.log, req.query.get("match", ""), req.query.get("count", ""))
        except FlowError as exc:
            return self._class_page(req, c, error=str(exc), status=400)
        return Response(200, data, "application/pdf", [(
            b"content-disposition",
            f'attachment; filename="class-{c.id}-{quote(name)}"'.encode("ascii"))])

    def _phone_page(self, req: Request, c: ClassRow, error: str = "", note: str = "",
                    status: int = 200) -> Response:
        return html(pages.phone_page(c, self._title(c), self.csrf(req), error, note), status)

    async def handin(self, req: Request) -> Response:
        c = self._class(req)
        page = self._phone_page if self._is_phone(req) else self._class_page
        try:
            form = await self.form(req)
        except HttpError as exc:
            if exc.status == 403:
                raise
            return page(req, c, error=exc.message, status=exc.status)
        if form.get("from") == "phone":                 # the phone page, on any client
            page = self._phone_page
        uploads = form.files.get("files", [])
        refused = [u.name for u in uploads if sniff(u.data) is None]
        taken = await asyncio.to_thread(self._keep, c, [u for u in uploads
                                                        if sniff(u.data) is not None])
        error = ""
        if not uploads:
            error = "no file chosen: pick the photos, PDFs or typed records to hand in"
        elif refused:
            error = (", ".join(n[:80] or "(no name)" for n in refused) + ": not a photo (JPEG, "
                     "PNG), PDF or typed record; not handed in")
        note = ""
        if taken:
            self.auditor.want(c.id)        # or the running one's successor takes them
            note = f"{taken} file{'s' if taken != 1 else ''} handed in; the audit runs"
        return page(req, c, error=error, note=note, status=400 if error else 200)

    def _keep(self, c: ClassRow, uploads: list) -> int:
        """Each upload under a generated name, its file and row in one transaction (the
        form was read whole first: a hand-in cut short writes nothing; a file left by a
        server stopped before the commit is never counted, and never written over)."""
        from printkit.output import write_atomic

        folder = self.root / c.folder / HANDINS
        with self.lock:       # past every file there, a stray one of a crash included
            n = max(len(self.store.submissions(c.id)), len(list(folder.iterdir())))
            for u in uploads:
                kind = sniff(u.data) or ""
                n += 1
                stored = f"h{n:05d}{suffix(kind)}"
                self.store.add_submission(c.id, u.name[:200], stored, kind, len(u.data),
                                          partial(write_atomic, folder / stored, u.data))
        return len(uploads)

    async def audit(self, req: Request) -> Response:
        c = self._class(req)
        await self.form(req)
        if not self.store.submissions(c.id):
            return self._class_page(req, c, error="nothing handed in yet: nothing to audit",
                                    status=400)
        self.auditor.want(c.id)            # running already: its successor follows it
        return redirect(f"/classes/{c.id}/results")

    async def results(self, req: Request) -> Response:
        c = self._class(req)
        last = self.store.last_audit(c.id)
        sheets = self.store.sheets(last[0]) if last else {}
        return html(pages.results_page(c, self._title(c), last[1] if last else None,
                                       self.store.latest_run(c.id), sheets, self.csrf(req)))

    async def progress(self, req: Request) -> Response:
        """The class's latest run as JSON: what the page's progress bar shows."""
        c = self._class(req)
        run = self.store.latest_run(c.id)
        last = self.store.last_audit(c.id)
        body = {"run": run.id if run else None, "state": run.state if run else "none",
                "done": run.done if run else 0, "total": run.total if run else 0,
                "phase": run.phase if run else "", "message": run.message if run else "",
                "finished": last[0] if last else None}
        return Response(200, json.dumps(body).encode("utf-8"), "application/json")

    async def sheet(self, req: Request) -> Response:
        """A team's annotated sheets by the id the run gave them (never a path)."""
        c = self._class(req)
        found = self.store.sheet_file(c.id, req.params[1])
        if found is None:
            raise HttpError(404, "no such sheet")
        team, file = found
        data = await asyncio.to_thread((self.root / c.folder / file).read_bytes)
        name = quote(f"class-{c.id}-{Path(file).name}")
        return Response(200, data, "application/pdf",
                        [(b"content-disposition", f'inline; filename="{name}"'.encode())])

    async def gradebook(self, req: Request) -> Response:
        c = self._class(req)
        last = self.store.last_audit(c.id)
        if last is None:
            raise HttpError(404, "not audited yet: no gradebook")
        name = quote(f"class-{c.id}-gradebook.csv")
        return Response(200, last[2].encode("utf-8"), "text/csv; charset=utf-8",
                        [(b"content-disposition", f'attachment; filename="{name}"'.encode())])
