"""Running the teacher's page: uvicorn on a socket bound to 127.0.0.1 (port 0: any free one),
or with --lan to every address of the machine (0.0.0.0: the teacher's browser still on
127.0.0.1, phones at the machine's address on the local network, behind the passcode); the
browser opened once it listens, Ctrl-C a clean stop (uvicorn's own signal handling: requests
in flight finish; then the CLI exits 130, as on any Ctrl-C)."""

from __future__ import annotations

import socket
import webbrowser
from collections.abc import Callable
from pathlib import Path

from printkit.server.app import App

HOST = "127.0.0.1"
ANY = "0.0.0.0"          # --lan: every interface


def listening(port: int, host: str = HOST) -> socket.socket:
    """A socket on `host`:`port`, already listening (so the browser's first request waits
    for the server instead of being refused)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    return sock


def serve(root: Path, port: int, browser: bool, say: Callable[[str], None],
          lan: bool = False) -> None:
    """Serve the class folder `root` until Ctrl-C (with `lan`, to the local network too).
    OSError (the port taken) reaches the caller before anything is served."""
    import uvicorn

    from printkit.server.lan import lan_address

    sock = listening(port, ANY if lan else HOST)
    port = sock.getsockname()[1]
    url = f"http://{HOST}:{port}/"
    app = App(root, f"http://{lan_address()}:{port}" if lan else None)
    say(f"printkit serve: {root} at {url} (Ctrl-C stops it)")
    if lan:
        say(f"printkit serve: phones on the local network: {app.lan}/ with the passcode "
            f"{app.passcode} (each class's page shows its QR code)")
    if browser:
        webbrowser.open(url)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            proxy_headers=False)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])               # Ctrl-C: requests finish, then it returns,
    finally:                                     # and the signal is raised again (printkit
        say("printkit serve: stopped")           # exits 130)
    if server.started and server.should_exit:
        # uvicorn raises the signal again from inside its event loop, where asyncio's own
        # Ctrl-C handling may end the loop as if it had simply returned (seen on a loaded
        # machine: exit 0): a server stopped by a signal is a Ctrl-C all the same
        raise KeyboardInterrupt
