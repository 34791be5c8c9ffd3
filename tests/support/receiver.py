"""A real webhook receiver for the tests: an HTTP server on a free local port, in a thread,
that checks every request's signature as docs/webhooks.md tells receivers to (the snippet of
that document, run as it is written) and keeps what it got. It can be told to fail its first
requests, to see the retries."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[2]

Verify = Callable[[str, str, bytes], bool]


def documented_verify() -> Verify:
    """`verify(secret, header, body)` exactly as docs/webhooks.md's receiver snippet has it."""
    text = (ROOT / "docs/webhooks.md").read_text()
    match = re.search(r"```python\n(.*?def verify\(.*?)```", text, re.S)
    assert match, "docs/webhooks.md has no Python verify snippet"
    scope: dict[str, Any] = {}
    exec(compile(match.group(1), "docs/webhooks.md", "exec"), scope)
    verify: Verify = scope["verify"]
    return verify


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    signed: bool
    at: float

    @property
    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = orjson.loads(self.body)
        return data


class Receiver:
    def __init__(self, secret: str, fail_first: int = 0, status: int = 500) -> None:
        self.secret = secret
        self.fail_first = fail_first
        self.fail_status = status
        self.verify = documented_verify()
        self.received: list[Received] = []
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                header = self.headers.get("Coven-Signature", "")
                signed = receiver.verify(receiver.secret, header, body)
                with receiver.lock:
                    receiver.received.append(
                        Received(self.path, dict(self.headers), body, signed, time.time())
                    )
                    failing = len(receiver.received) <= receiver.fail_first
                status = receiver.fail_status if failing else (200 if signed else 400)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler

    def wait_for(
        self, what: Callable[[Received], bool], count: int = 1, timeout: float = 30
    ) -> list[Received]:
        """The first `count` requests `what` accepts, once there are that many."""
        deadline = time.monotonic() + timeout
        while True:
            with self.lock:
                found = [r for r in self.received if what(r)]
            if len(found) >= count or time.monotonic() > deadline:
                assert len(found) >= count, (
                    f"{len(found)} of {count} requests came in {timeout} s; got "
                    f"{[r.payload for r in self.received]}"
                )
                return found[:count]
            time.sleep(0.05)


@contextmanager
def receiving(secret: str, fail_first: int = 0) -> Iterator[Receiver]:
    receiver = Receiver(secret, fail_first)
    receiver._thread.start()
    try:
        yield receiver
    finally:
        receiver.server.shutdown()
        receiver.server.server_close()
