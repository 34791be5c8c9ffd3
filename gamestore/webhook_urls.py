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
import re
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from rules.core import N_

MAX_URL_LENGTH = 2048
MAX_HOST_LENGTH = 253
LABEL = re.compile(r"[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?", re.IGNORECASE)
# The IPv6 prefixes whose addresses carry an IPv4 address (`embedded`; 6to4, Teredo and
# IPv4-mapped are known to `ipaddress` already).
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
NAT64_LOCAL = ipaddress.IPv6Network("64:ff9b:1::/48")
TRANSLATED = ipaddress.IPv6Network("::ffff:0:0:0/96")
COMPATIBLE = ipaddress.IPv6Network("::/96")

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
    # The parser's own reasons are not passed on (they are its English, and a message holds
    # no exception's text): each refusal has its own.
    try:
        parts = urlsplit(url)
    except ValueError:
        raise WebhookUrlRefused(N_("this is not a valid URL")) from None
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0:
        raise WebhookUrlRefused(N_("a webhook URL's port must be a number from 1 to 65535"))
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
    target = Target(scheme, parts.hostname, port or default)
    if target.literal is None:
        check_host_name(target.host)
    return target


def check_host_name(host: str) -> None:
    """`WebhookUrlRefused` unless `host` is a name DNS can hold: labels of 1 to 63 letters,
    digits, hyphens or underscores once IDNA-encoded, 253 characters at most (a final dot
    aside). The resolver would raise a UnicodeError (not an OSError) for an empty or long
    label ("a..b"), so the name is checked here, with a reason of ours."""
    try:
        ascii_name = host.encode("idna").decode("ascii")
    except UnicodeError:
        ascii_name = ""
    name = ascii_name[:-1] if ascii_name.endswith(".") else ascii_name
    if not (0 < len(name) <= MAX_HOST_LENGTH and all(LABEL.fullmatch(x) for x in name.split("."))):
        raise WebhookUrlRefused(
            N_(
                "the host {host} is not a valid host name (labels of 1 to 63 letters, digits "
                "or hyphens, separated by dots)"
            ).format(host=repr(host[:MAX_HOST_LENGTH]))
        )


def embedded(address: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries, which a connection to it reaches through a
    gateway or tunnel: IPv4-mapped (::ffff:0:0/96) and IPv4-translated (::ffff:0:0:0/96),
    IPv4-compatible (::/96 but :: and ::1), 6to4 (2002::/16), Teredo (2001::/32: its server
    and its client) and NAT64, the well-known 64:ff9b::/96 and the local-use 64:ff9b:1::/48
    (RFC 8215), where the IPv4 address sits where RFC 6052 puts it for a /48, /56, /64 or /96
    prefix (/96 first): the network's operator chooses which, so every place is judged."""
    raw = address.packed
    if address.ipv4_mapped is not None:
        return [address.ipv4_mapped]
    if address.sixtofour is not None:
        return [address.sixtofour]
    if address.teredo is not None:
        return list(address.teredo)
    if address in NAT64_LOCAL:
        places = (raw[12:16], raw[9:13], raw[7:8] + raw[9:12], raw[6:8] + raw[9:11])
        return [ipaddress.IPv4Address(p) for p in places]
    if address in NAT64 or address in TRANSLATED or (address in COMPATIBLE and int(address) > 1):
        return [ipaddress.IPv4Address(raw[12:16])]
    return []


def refusal(address: Address) -> str | None:
    """Why the service will not call `address` (None: it is a public unicast address). An IPv6
    address that carries an IPv4 address is judged by what it carries (`embedded`)."""
    if isinstance(address, ipaddress.IPv6Address):
        carried = embedded(address)
        for ipv4 in carried:
            why = refusal(ipv4)
            if why is not None:
                return N_("{address} carries an IPv4 address: {why}").format(
                    address=address, why=why
                )
        if carried:
            return None
    # One whole template per kind: the kind is an adjective, which a translation must agree.
    checks = (
        (address.is_loopback, N_("{address} is a loopback address")),
        (address.is_unspecified, N_("{address} is an unspecified address")),
        (address.is_link_local, N_("{address} is a link-local address")),
        (address.is_multicast, N_("{address} is a multicast address")),
        (address.is_private, N_("{address} is a private address")),
        (address.is_reserved, N_("{address} is a reserved address")),
        (not address.is_global, N_("{address} is not a public address")),
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


def _unresolved(target: Target, exc: OSError | UnicodeError) -> WebhookUrlRefused:
    """The refusal of a name the resolver could not resolve: whether to try again later is
    said, the resolver's own text is not (it is the operating system's English)."""
    if isinstance(exc, socket.gaierror) and exc.errno == socket.EAI_AGAIN:
        template = N_("the host {host} could not be resolved just now; try again later")
    else:
        template = N_("the host {host} does not resolve")
    return WebhookUrlRefused(template.format(host=repr(target.host)))


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
    except (OSError, UnicodeError) as exc:
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
    except (OSError, UnicodeError) as exc:
        raise _unresolved(target, exc) from None
    addresses = _addresses(list(infos))
    check_addresses(target, addresses, allow_private)
    return addresses
