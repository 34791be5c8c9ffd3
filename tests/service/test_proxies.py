"""Forwarded headers name the client only when they come from a trusted proxy
(`COVEN_TRUSTED_PROXIES`, default none), even from 127.0.0.1 (issue 17: 25 creates with a
spoofed X-Forwarded-For all passed the open-games cap of 20)."""

from __future__ import annotations

import httpx
import pytest

from service.proxies import parse_trusted
from tests.support.processes import start_api


def _creates(namespace: dict[str, str], tag: str, trusted: str | None) -> list[int]:
    env = {
        **namespace,
        "COVEN_KEY_PREFIX": namespace["COVEN_KEY_PREFIX"] + f"proxies-{tag}:",
        "COVEN_MAX_OPEN_GAMES_PER_ADDRESS": "20",
    }
    if trusted is not None:
        env["COVEN_TRUSTED_PROXIES"] = trusted
    proc, base = start_api(env)
    try:
        with httpx.Client(base_url=base, timeout=30) as http:
            return [
                http.post(
                    "/api/v1/games",
                    json={"game": "pagan"},
                    headers={
                        "X-Forwarded-For": f"203.0.113.{i}",
                        "Forwarded": f"for=198.51.100.{i}",
                    },
                ).status_code
                for i in range(25)
            ]
    finally:
        proc.stop()


def test_spoofed_forwarded_headers_from_an_untrusted_peer_do_not_escape_the_cap(
    namespace: dict[str, str],
) -> None:
    assert _creates(namespace, "none", None) == [201] * 20 + [429] * 5


def test_a_trusted_proxy_names_the_client(namespace: dict[str, str]) -> None:
    assert _creates(namespace, "trusted", "10.0.0.0/8, 127.0.0.1") == [201] * 25


def test_a_trusted_proxies_setting_with_a_typo_is_refused() -> None:
    assert parse_trusted("") == []
    assert parse_trusted("127.0.0.1, 10.0.0.0/8,::1") == ["127.0.0.1", "10.0.0.0/8", "::1"]
    with pytest.raises(ValueError):
        parse_trusted("10.0.0.0/8, proxy.local")
