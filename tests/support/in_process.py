"""The API in-process, for tests where a real server proves nothing more: starlette's TestClient
(a synchronous httpx client that runs the app's lifespan and speaks WebSockets), which the
clients of `tests.support.client` accept in place of a URL."""

from __future__ import annotations

import warnings

from starlette.exceptions import StarletteDeprecationWarning

with warnings.catch_warnings():
    # Starlette's test client asks for `httpx2` instead of the httpx it still works with.
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

__all__ = ["TestClient"]
