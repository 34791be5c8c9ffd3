"""Which peers may say who the client is: `X-Forwarded-For` is believed only from the proxies
in `COVEN_TRUSTED_PROXIES` (addresses or CIDRs, comma-separated; default none).

uvicorn's `ProxyHeadersMiddleware` does the parsing (the rightmost untrusted address of
`X-Forwarded-For` becomes the client, and `X-Forwarded-Proto` the scheme). It runs inside the
app, so the servers that start it must not rewrite the client themselves: `coven serve`, the
Dockerfile and the tests start uvicorn with its own proxy handling off (`--no-proxy-headers`),
because uvicorn otherwise believes any peer at 127.0.0.1. The RFC 7239 `Forwarded` header is
never read, so nobody can set the client address with it.
"""

from __future__ import annotations

import ipaddress

from starlette.middleware import Middleware
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware


def parse_trusted(value: str) -> list[str]:
    """The trusted proxies of a setting; ValueError for an entry that is not an address or
    a network, so a typo stops the process at start instead of trusting nobody silently."""
    entries = [part.strip() for part in value.split(",") if part.strip()]
    for entry in entries:
        ipaddress.ip_network(entry, strict=False)
    return entries


def proxy_middleware(trusted: str) -> list[Middleware]:
    """The middleware that believes forwarded headers from `trusted`; none when it is empty."""
    hosts = parse_trusted(trusted)
    return [Middleware(ProxyHeadersMiddleware, trusted_hosts=hosts)] if hosts else []
