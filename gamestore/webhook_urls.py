"""Which webhook URLs the service will call: http(s) only, and (unless
`COVEN_WEBHOOK_ALLOW_PRIVATE`) only public addresses.

A webhook makes the server send requests to an address the player chose, so without a check
anyone could aim it at the server's own network (its Redis, a cloud metadata service at
169.254.169.254). The check runs twice: when the webhook is registered (the API, so the player
gets a typed error at once) and again at every delivery, after resolving the host name then
(the workers), because a name's addresses can change after registration (DNS rebinding). The
delivery then connects to the very address it checked, never resolving the name again.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from rules.core.text import N_

MAX_URL_LENGTH = 2048

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class WebhookUrlRefused(Exception):
    """A webhook URL the service will not call, with the reason (safe to show the seat that
    gave the URL: it names only the URL's own parts and its addresses)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Target:
    """A webhook URL taken apart: what to connect to and what to say in the request."""

    scheme: str
    host: str  # a name or an address literal, without brackets
    port: int

    @property
    def literal(self) -> Address | None:
        """The host as an address, when the URL names one rather than a name."""
        try:
            return ipaddress.ip_address(self.host)
        except ValueError:
            return None


def parse(url: str) -> Target:
    """The URL's scheme, host and port; `WebhookUrlRefused` when it is not an absolute
    http(s) URL with a host and without credentials."""
    if len(url) > MAX_URL_LENGTH:
        raise WebhookUrlRefused(
            N_("a webhook URL has at most {n} characters").format(n=MAX_URL_LENGTH)
        )
    if any(c.isspace() or ord(c) < 32 for c in url):
        raise WebhookUrlRefused(N_("a webhook URL may not contain spaces or control characters"))
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise WebhookUrlRefused(N_("this is not a valid URL: {error}").format(error=exc)) from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise WebhookUrlRefused(
            N_("a webhook URL must be http or https, not {scheme}").format(
                scheme=repr(scheme or "none")
            )
        )
    if not parts.hostname:
        raise WebhookUrlRefused(N_("a webhook URL must name a host"))
    if parts.username is not None or parts.password is not None:
        # Credentials in a URL end up in logs; the webhook's secret is what authenticates.
        raise WebhookUrlRefused(N_("a webhook URL may not contain a user name or password"))
    default = 443 if scheme == "https" else 80
    return Target(scheme, parts.hostname, port or default)


def refusal(address: Address) -> str | None:
    """Why the service will not call `address` (None: it is a public unicast address)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return refusal(address.ipv4_mapped)
    # One whole template per kind: the kind is an adjective, which a translation must agree.
    checks = (
        (address.is_loopback, N_("{address} is a loopback address")),
        (address.is_unspecified, N_("{address} is a unspecified address")),
        (address.is_link_local, N_("{address} is a link-local address")),
        (address.is_multicast, N_("{address} is a multicast address")),
        (address.is_private, N_("{address} is a private address")),
        (address.is_reserved, N_("{address} is a reserved address")),
        (not address.is_global, N_("{address} is a not public address")),
    )
    for refused, template in checks:
        if refused:
            return template.format(address=address)
    return None


def check_addresses(target: Target, addresses: list[Address], allow_private: bool) -> None:
    """`WebhookUrlRefused` unless every address the host has is one the service may call (one
    refused address is enough: the connection could go to any of them)."""
    if not addresses:
        raise WebhookUrlRefused(N_("the host {host} has no address").format(host=repr(target.host)))
    if allow_private:
        return
    for address in addresses:
        why = refusal(address)
        if why is not None:
            raise WebhookUrlRefused(
                N_(
                    "webhooks may not call loopback, private, link-local, multicast or reserved "
                    "addresses: {host} resolves to {why}"
                ).format(host=repr(target.host), why=why)
            )


def _addresses(infos: list[tuple[object, ...]]) -> list[Address]:
    found: list[Address] = []
    for info in infos:
        sockaddr = info[4]
        assert isinstance(sockaddr, tuple)
        address = ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])
        if address not in found:
            found.append(address)
    return found


def _unresolved(target: Target, exc: OSError) -> WebhookUrlRefused:
    return WebhookUrlRefused(
        N_("the host {host} does not resolve ({error})").format(
            host=repr(target.host), error=exc.strerror or exc
        )
    )


async def check(url: str, allow_private: bool) -> Target:
    """(the API, at registration) The URL taken apart, once its host resolves to addresses the
    service may call; `WebhookUrlRefused` otherwise."""
    target = parse(url)
    literal = target.literal
    if literal is not None:
        check_addresses(target, [literal], allow_private)
        return target
    loop = asyncio.get_running_loop()
    try:
        infos = await loop.getaddrinfo(target.host, target.port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise _unresolved(target, exc) from None
    check_addresses(target, _addresses(list(infos)), allow_private)
    return target


def resolve(target: Target, allow_private: bool) -> list[Address]:
    """(the workers, at delivery) The addresses to connect to (in the resolver's order),
    resolved now and checked; `WebhookUrlRefused` when the host has none or any it has may not
    be called."""
    literal = target.literal
    if literal is not None:
        check_addresses(target, [literal], allow_private)
        return [literal]
    try:
        infos = socket.getaddrinfo(target.host, target.port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise _unresolved(target, exc) from None
    addresses = _addresses(list(infos))
    check_addresses(target, addresses, allow_private)
    return addresses
