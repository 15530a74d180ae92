"""A headless Chromium driven over the DevTools protocol through a pipe
(`--remote-debugging-pipe`: JSON messages ended by NUL on file descriptors 3 and 4), so a
test clicks, types, picks files and reads the page as a person would, with nothing but the
standard library (no Playwright, no Selenium, no websocket client)."""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1100,1300", "--remote-debugging-pipe")


class Browser:
    def __init__(self, profile: Path) -> None:
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        # the child's fd 3 reads our commands, its fd 4 writes its answers (a shell puts the
        # pipes there)
        r, w = (fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 20) for fd in (to_chrome_r,
                                                                         from_chrome_w))
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.proc = subprocess.Popen(
            ["bash", "-c", f'exec "$0" "$@" 3<&{r} 4>&{w} {r}<&- {w}>&-', str(CHROMIUM),
             *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            pass_fds=(r, w), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=None if os.environ.get("CDP_DEBUG") else subprocess.DEVNULL)
        os.close(r)
        os.close(w)
        self._buffer = b""
        self._id = 0
        self.events: list[dict] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        for method in ("Page.enable", "DOM.enable", "Runtime.enable"):
            self.call(method, session=True)
        self.call("Page.setBypassCSP", session=True, enabled=True)   # our reads, not the page's

    def _read(self) -> dict:
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method: str, session: bool = False, **params: Any) -> dict:
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        while True:
            got = self._read()
            if got.get("id") == self._id:
                if "error" in got:
                    raise RuntimeError(f"{method}: {got['error']}")
                return got.get("result", {})
            self.events.append(got)

    def wait_load(self, timeout: float = 60) -> None:
        """Until the page in the tab has loaded (a navigation, a form sent, a reload)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if any(e.get("method") == "Page.loadEventFired" for e in self.events):
                self.events.clear()
                return
            self.events.append(self._read())
        raise TimeoutError("the page did not load")

    def go(self, url: str) -> None:
        self.events.clear()
        self.call("Page.navigate", session=True, url=url)
        self.wait_load()

    def js(self, expression: str) -> Any:
        got = self.call("Runtime.evaluate", session=True, expression=expression,
                        returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in got:
            raise RuntimeError(got["exceptionDetails"])
        return got["result"].get("value")

    def text(self) -> str:
        """What the page shows, as a person reads it."""
        return str(self.js("document.body.innerText"))

    def click(self, selector: str) -> None:
        """Click and wait for the page it leads to."""
        self.events.clear()
        self.js(f"document.querySelector({json.dumps(selector)}).click()")
        self.wait_load()

    def type(self, selector: str, value: str) -> None:
        self.js(f"document.querySelector({json.dumps(selector)}).value = {json.dumps(value)}")

    def pick_files(self, selector: str, files: list[Path]) -> None:
        root = self.call("DOM.getDocument", session=True)["root"]["nodeId"]
        node = self.call("DOM.querySelector", session=True, nodeId=root,
                         selector=selector)["nodeId"]
        self.call("DOM.setFileInputFiles", session=True, nodeId=node,
                  files=[str(f) for f in files])

    def downloads_to(self, folder: Path) -> None:
        self.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=str(folder))

    def screenshot(self, path: Path) -> None:
        data = self.call("Page.captureScreenshot", session=True, format="png",
                         captureBeyondViewport=True)["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, OSError):
            self.call("Browser.close")
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        os.close(self._to_chrome)
        os.close(self._from_chrome)
