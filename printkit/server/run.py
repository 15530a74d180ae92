"""Running the teacher's page: uvicorn on a socket bound to 127.0.0.1 (port 0: any free one),
the browser opened once it listens, Ctrl-C a clean stop (uvicorn's own signal handling:
requests in flight finish; then the CLI exits 130, as on any Ctrl-C)."""

from __future__ import annotations

import socket
import webbrowser
from collections.abc import Callable
from pathlib import Path

from printkit.server.app import App

HOST = "127.0.0.1"


def listening(port: int) -> socket.socket:
    """A socket on 127.0.0.1:`port`, already listening (so the browser's first request waits
    for the server instead of being refused)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((HOST, port))
    sock.listen(128)
    return sock


def serve(root: Path, port: int, browser: bool, say: Callable[[str], None]) -> None:
    """Serve the class folder `root` until Ctrl-C. OSError (the port taken) reaches the
    caller before anything is served."""
    import uvicorn

    app = App(root)
    sock = listening(port)
    url = f"http://{HOST}:{sock.getsockname()[1]}/"
    say(f"printkit serve: {root} at {url} (Ctrl-C stops it)")
    if browser:
        webbrowser.open(url)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
    try:
        uvicorn.Server(config).run(sockets=[sock])   # Ctrl-C: requests finish, then it
    finally:                                         # returns, and the signal is raised
        say("printkit serve: stopped")               # again (printkit exits 130)
