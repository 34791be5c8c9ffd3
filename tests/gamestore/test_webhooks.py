"""Webhooks without a network: signatures (as a receiver checks them), which URLs and
addresses the service will call, what notices a change of the game makes, and the backoff."""

from __future__ import annotations

import asyncio
import ipaddress
import re
import time

import orjson
import pytest

from gamestore import webhook_urls
from gamestore.records import ACTIVE, FINISHED, GameRecord, SeatConfig
from gamestore.webhooks import Cursor, plan_notices, sign, verify
from tests.support.receiver import documented_verify
from workers.webhooks import backoff_seconds

SECRET = "s3cret-0123456789abcdef"
BODY = orjson.dumps({"id": "evt_1", "kind": "your_decision", "game_id": "g", "version": 3})


# -- signatures ------------------------------------------------------------------------------


def test_a_signed_body_verifies_with_its_secret() -> None:
    assert verify(SECRET, sign(SECRET, BODY), BODY)


def test_the_documented_receiver_snippet_verifies_a_signed_body() -> None:
    assert documented_verify()(SECRET, sign(SECRET, BODY), BODY)


@pytest.mark.parametrize("check", ["service", "documented"])
def test_a_tampered_body_is_rejected(check: str) -> None:
    header = sign(SECRET, BODY)
    tampered = BODY.replace(b'"version":3', b'"version":4')
    assert tampered != BODY
    checker = verify if check == "service" else documented_verify()
    assert not checker(SECRET, header, tampered)


@pytest.mark.parametrize("check", ["service", "documented"])
def test_a_stale_timestamp_is_rejected(check: str) -> None:
    header = sign(SECRET, BODY, timestamp=int(time.time()) - 301)
    checker = verify if check == "service" else documented_verify()
    assert not checker(SECRET, header, BODY)


def test_another_secret_does_not_verify() -> None:
    assert not verify("another-secret-0123456789", sign(SECRET, BODY), BODY)


def test_the_header_is_a_timestamp_and_a_v1_hex_digest() -> None:
    t, v1 = sign(SECRET, BODY, timestamp=1700000000).split(",")
    assert t == "t=1700000000"
    assert v1.startswith("v1=") and len(v1) == 3 + 64


def test_a_header_without_a_timestamp_is_rejected() -> None:
    assert not verify(SECRET, sign(SECRET, BODY).split(",")[1], BODY)


# -- URLs and addresses ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.com/hook",
        "file:///etc/passwd",
        "javascript:alert(1)",
        "example.com/hook",
        "http:///nohost",
        "https://user:pass@example.com/hook",
        "https://exa mple.com/hook",
        "http://example.com:99999/",
        "https://example.com/" + "x" * 2100,
    ],
)
def test_only_absolute_http_urls_with_a_host_are_accepted(url: str) -> None:
    with pytest.raises(webhook_urls.WebhookUrlRefused):
        webhook_urls.parse(url)


@pytest.mark.parametrize(
    ("address", "kind"),
    [
        ("127.0.0.1", "loopback"),
        ("::1", "loopback"),
        ("10.1.2.3", "private"),
        ("172.16.0.1", "private"),
        ("192.168.1.1", "private"),
        ("fd00::1", "private"),
        ("169.254.169.254", "link-local"),
        ("fe80::1", "link-local"),
        ("224.0.0.1", "multicast"),
        ("ff02::1", "multicast"),
        ("0.0.0.0", "is an unspecified address"),
        ("240.0.0.1", "reserved"),
        ("100.64.0.1", "is not a public address"),
        ("::ffff:127.0.0.1", "loopback"),
        # Every IPv6 form that carries an IPv4 address is judged by the address it carries.
        ("2002:7f00:1::", "carries an IPv4 address: 127.0.0.1 is a loopback"),  # 6to4
        ("2002:a9fe:a9fe::1", "169.254.169.254 is a link-local"),
        ("2002:a00:1::", "10.0.0.1 is a private"),
        ("2002:c0a8:1::", "192.168.0.1 is a private"),
        ("64:ff9b::7f00:1", "127.0.0.1 is a loopback"),  # NAT64, well-known prefix
        ("64:ff9b::a9fe:a9fe", "169.254.169.254 is a link-local"),
        ("64:ff9b:1::a00:1", "10.0.0.1 is a private"),  # NAT64, local-use, /96
        # The same prefix as a /48 (192.168.0.1 around the u octet), public where a /96 puts it.
        ("64:ff9b:1:c0a8:0:100:5db8:d822", "carries an IPv4 address"),
        ("::127.0.0.1", "127.0.0.1 is a loopback"),  # IPv4-compatible
        ("::ffff:0:a9fe:a9fe", "169.254.169.254 is a link-local"),  # IPv4-translated
        # Teredo: server 65.54.227.120, client 192.0.2.45 (documentation: not public).
        ("2001:0:4136:e378:8000:63bf:3fff:fdd2", "192.0.2.45"),
        ("2001:0:7f00:1::a247:2dde", "127.0.0.1 is a loopback"),  # a Teredo server on loopback
    ],
)
def test_addresses_that_are_not_public_are_refused(address: str, kind: str) -> None:
    target = webhook_urls.parse(f"http://[{address}]/" if ":" in address else f"http://{address}/")
    with pytest.raises(webhook_urls.WebhookUrlRefused, match=re.escape(kind)):
        webhook_urls.resolve(target, allow_private=False)


@pytest.mark.parametrize(
    "address",
    [
        "2002:5db8:d822::1",  # 6to4 of 93.184.216.34
        "64:ff9b::5db8:d822",  # NAT64 of it
        "::5db8:d822",  # IPv4-compatible
        "2001:0:5db8:d822::a247:2dde",  # Teredo: server and client both public
        "2606:4700::1111",  # a plain public IPv6 address
    ],
)
def test_an_ipv6_address_carrying_a_public_ipv4_address_is_accepted(address: str) -> None:
    target = webhook_urls.parse(f"https://[{address}]/hook")
    assert [str(a) for a in webhook_urls.resolve(target, allow_private=False)] == [
        str(ipaddress.ip_address(address))
    ]


@pytest.mark.parametrize(
    "url",
    [
        "http://a..b/hook",
        "http://.example.com/hook",
        "http://" + "a" * 64 + ".example.com/hook",
        "http://" + ".".join(["a" * 63] * 4) + "/hook",
        "http://%ff/hook",
        "http://exa!mple.com/hook",
        "http://-example.com/hook",
    ],
)
def test_a_host_name_dns_cannot_hold_is_refused_before_it_is_resolved(url: str) -> None:
    """An empty or 64-character label made the resolver raise a UnicodeError (a 500)."""
    with pytest.raises(webhook_urls.WebhookUrlRefused, match="not a valid host name"):
        webhook_urls.parse(url)
    with pytest.raises(webhook_urls.WebhookUrlRefused, match="not a valid host name"):
        asyncio.run(webhook_urls.check(url, allow_private=True))


@pytest.mark.parametrize(
    "host", ["example.com", "example.com.", "bücher.example", "a_b.example", "xn--bcher-kva.de"]
)
def test_host_names_dns_can_hold_pass_the_syntax_check(host: str) -> None:
    assert webhook_urls.parse(f"https://{host}/hook").host == host


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://example.com:0/", "port must be a number from 1 to 65535"),
        ("http://example.com:99999/", "port must be a number from 1 to 65535"),
        ("http://example.com:x/", "port must be a number from 1 to 65535"),
        ("http://[::1/", "this is not a valid URL"),
    ],
)
def test_a_refusal_gives_a_reason_of_its_own_not_the_parsers(url: str, reason: str) -> None:
    with pytest.raises(webhook_urls.WebhookUrlRefused) as refused:
        webhook_urls.parse(url)
    assert refused.value.reason.endswith(reason), refused.value.reason


def test_with_private_addresses_allowed_they_are_called() -> None:
    target = webhook_urls.parse("http://127.0.0.1:8123/hook")
    assert [str(a) for a in webhook_urls.resolve(target, allow_private=True)] == ["127.0.0.1"]


def test_a_public_address_is_accepted() -> None:
    target = webhook_urls.parse("https://93.184.215.14/hook")
    assert [str(a) for a in webhook_urls.resolve(target, allow_private=False)] == ["93.184.215.14"]


def test_a_name_is_checked_by_the_addresses_it_resolves_to() -> None:
    # What DNS rebinding would do: a name that resolves to a loopback address.
    target = webhook_urls.parse("http://localhost:8123/hook")
    with pytest.raises(webhook_urls.WebhookUrlRefused, match="loopback"):
        webhook_urls.resolve(target, allow_private=False)


def test_registration_checks_the_resolved_addresses_too() -> None:
    with pytest.raises(webhook_urls.WebhookUrlRefused, match="loopback"):
        asyncio.run(webhook_urls.check("http://localhost/hook", allow_private=False))


def test_a_name_that_does_not_resolve_is_refused() -> None:
    with pytest.raises(webhook_urls.WebhookUrlRefused, match="does not resolve"):
        asyncio.run(webhook_urls.check("https://no-such-host.invalid/hook", allow_private=True))


# -- notices ---------------------------------------------------------------------------------


def _record(
    version: int, status: str = ACTIVE, tokens: tuple[str, ...] = ("witch", "hunter")
) -> GameRecord:
    return GameRecord(
        id="g1",
        game="pagan",
        options={},
        seed="s",
        seats=[SeatConfig("witch", "human"), SeatConfig("hunter", "human")],
        version=version,
        state=b"{}",
        status=status,
        outcome={"winners": ["hunter"], "reason": "resigned"} if status == FINISHED else None,
        token_hashes={seat: "h" for seat in tokens},
        names={"hunter": "Ann"},
    )


BOTH = Cursor(4, frozenset({"witch", "hunter"}))


def test_a_decision_passed_to_a_seat_is_its_your_decision_notice() -> None:
    [notice] = plan_notices(_record(5), "witch", "hunter", BOTH)
    assert (notice.seat, notice.kind) == ("witch", "your_decision")
    assert notice.payload["version"] == 5 and notice.payload["to_move"] == "witch"


def test_a_seat_that_keeps_the_decision_after_its_own_move_is_not_told() -> None:
    assert plan_notices(_record(5), "witch", "witch", BOTH) == []


def test_nothing_is_told_when_nothing_changed_since_the_last_hand_out() -> None:
    assert plan_notices(_record(4), "witch", "hunter", BOTH) == []


def test_game_over_is_told_to_every_seat_with_the_winners() -> None:
    notices = plan_notices(_record(5, FINISHED), None, "witch", BOTH)
    assert [(n.seat, n.kind) for n in notices] == [
        ("witch", "game_over"),
        ("hunter", "game_over"),
    ]
    assert all(n.payload["winners"] == ["hunter"] for n in notices)


def test_a_seat_joining_is_told_to_the_other_seats() -> None:
    [notice] = plan_notices(_record(4), "witch", None, Cursor(4, frozenset({"witch"})))
    assert (notice.seat, notice.kind) == ("witch", "seat_joined")
    assert notice.payload["joined_seat"] == "hunter" and notice.payload["joined_name"] == "Ann"


def test_a_notice_keeps_its_id_whenever_it_is_handed_out() -> None:
    first = plan_notices(_record(5), "witch", "hunter", BOTH)
    again = plan_notices(_record(5), "witch", "hunter", Cursor(3, BOTH.seats))
    later = plan_notices(_record(6), "witch", "hunter", BOTH)
    assert first[0].id == again[0].id != later[0].id


def test_a_notice_tells_only_what_every_seat_may_see() -> None:
    [notice] = plan_notices(_record(5), "witch", "hunter", BOTH)
    assert set(notice.payload) == {
        "id",
        "kind",
        "game_id",
        "game",
        "seat",
        "version",
        "status",
        "to_move",
        "created",
    }


def test_retries_wait_twice_as_long_each_time_up_to_the_most() -> None:
    waits = [backoff_seconds(attempt, 2.0, 30.0) for attempt in range(1, 7)]
    assert waits == [2.0, 4.0, 8.0, 16.0, 30.0, 30.0]
