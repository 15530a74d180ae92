"""`serve --lan`: the page on the local network, for the class's phones, behind a passcode.

The passcode is made once per class folder (kept in its SQLite file, never the class key):
easy characters (no 0/O, 1/I/L), typed from the board if the QR code will not scan. The QR
code on the teacher's page is the phone upload address with the passcode in it; opening it
lets the phone's session in (a cookie), and the address loses the passcode at once.
"""

from __future__ import annotations

import re
import secrets
import socket
from collections import OrderedDict, deque

PASSCODE_CHARS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
PASSCODE_LENGTH = 8
PASSCODE = "passcode"        # the setting's name, and the query parameter of the QR link
QR_SIZE = 320                # px: the QR code on the class page (the board page doubles it)
TRIES = 10                   # wrong passcodes a client address may give in WINDOW seconds
WINDOW = 60.0
CLIENTS = 4096               # client addresses remembered (the least recently wrong let go)


def new_passcode() -> str:
    """A fresh passcode: PASSCODE_LENGTH easy characters (31**8: about 8.5e11 of them)."""
    return "".join(secrets.choice(PASSCODE_CHARS) for _ in range(PASSCODE_LENGTH))


def normal(typed: str) -> str:
    """A passcode as a person types it: case and spaces and dashes do not matter."""
    return re.sub(r"[\s-]", "", typed).upper()[:40]


def lan_address() -> str:
    """The machine's address on its local network: the one its traffic out would leave from
    (a UDP socket connected, nothing sent); 127.0.0.1 when it has no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            address = str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"
    return address if address != "0.0.0.0" else "127.0.0.1"


def qr_svg(text: str, size: int = QR_SIZE) -> str:
    """`text` as a QR code, an inline SVG `size` px square (black on white)."""
    import qrcode
    import qrcode.image.svg

    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=4)
    svg = image.to_string(encoding="unicode")
    return re.sub(r'^<svg width="[^"]*" height="[^"]*"',
                  f'<svg class="qr" role="img" aria-label="QR code of the upload address" '
                  f'width="{size}" height="{size}"', svg, count=1)


class WrongTries:
    """Wrong passcodes given, per client address: after TRIES in WINDOW seconds the address
    waits until the oldest of them is WINDOW old. A phone that mistyped twice never notices;
    a program trying every passcode gets ten a minute (31**8 of them: 160,000 years). The
    memory is bounded: CLIENTS addresses, TRIES times each."""

    def __init__(self, tries: int = TRIES, window: float = WINDOW,
                 clients: int = CLIENTS) -> None:
        self.tries, self.window, self.clients = tries, window, clients
        self.wrong: OrderedDict[str, deque[float]] = OrderedDict()

    def wait(self, client: str, now: float) -> float:
        """Seconds `client` must wait before its next try is looked at (0: now)."""
        times = self.wrong.get(client)
        if times is None or len(times) < self.tries:
            return 0.0
        return max(0.0, times[0] + self.window - now)

    def failed(self, client: str, now: float) -> None:
        """Note a wrong passcode from `client`."""
        times = self.wrong.pop(client, None) or deque(maxlen=self.tries)
        times.append(now)
        self.wrong[client] = times
        while len(self.wrong) > self.clients:
            self.wrong.popitem(last=False)
