"""No seat token and no token hash appears in any log line of the API (access log on) or the
worker after a whole game played every way a token can be sent: the Authorization header,
`?access_token=` on the event stream, GraphQL over HTTP and over WebSocket (issue 17: the
container's uvicorn logged `?access_token=<raw token>` in full). Nor does either game's secret
seed or its commitment's salt."""

from __future__ import annotations

import logging
import random
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from service import auth
from service.logfilter import RedactSecrets, redact
from tests.support.client import GraphQL, Rest, Subscription, bearer
from tests.support.processes import Process, start_api


def _stream_first_message(base: str, game_id: str, token: str) -> str:
    """One server-sent event read with the token in the query string, as EventSource sends it."""
    with (
        httpx.Client(base_url=base, timeout=30) as http,
        http.stream(
            "GET", f"/api/v1/games/{game_id}/stream", params={"access_token": token}
        ) as response,
    ):
        assert response.status_code == 200
        for line in response.iter_lines():
            if line.startswith("data:"):
                return line
    raise AssertionError("the stream ended before its first message")


@pytest.mark.slow
def test_a_whole_game_leaves_no_token_or_token_hash_in_any_log_line(
    namespace: dict[str, str], worker: Process
) -> None:
    proc, base = start_api(namespace, log_level="info")
    rest, gql = Rest(base), GraphQL(base)
    tokens: list[str] = []
    hidden: list[str] = []  # the games' seeds and salts
    try:
        created = rest.create(
            game="pagan",
            seed="no-secrets",
            options={"max_turns": 6},
            seats=[
                {"seat": "witch", "kind": "human"},
                {"seat": "hunter", "kind": "ai", "level": "novice"},
            ],
        )
        game_id, token = created["id"], created["tokens"]["witch"]
        tokens.append(token)
        joined = rest.create(game="pagan")  # open seats: no chosen seed
        seat = rest.http.post(f"/api/v1/games/{joined['id']}/join", json={}).json()
        tokens.append(seat["token"])
        rest.read(joined["id"], seat["token"], events_limit=0)
        resigned = rest.http.post(
            f"/api/v1/games/{joined['id']}/resign", headers=bearer(seat["token"])
        )
        assert resigned.status_code == 200, resigned.text  # finished: it holds no open-game slot
        assert "data:" in _stream_first_message(base, game_id, token)
        with connect(
            base.replace("http", "ws") + "/graphql", subprotocols=["graphql-transport-ws"]
        ) as ws:
            assert Subscription(ws, game_id, token).next() is not None
        hint = rest.http.post(
            f"/api/v1/games/{game_id}/hint", json={"level": "novice"}, headers=bearer(token)
        )
        assert hint.status_code == 200, hint.text
        rest.read(game_id, "a-forged-token-" + token[::-1])
        rng = random.Random(5)
        for _ in range(200):
            game: dict[str, Any] = rest.read(game_id, token).json()
            if game["status"] != "active":
                break
            if game["your_decision"]:
                move = rng.choice(game["legal_moves"])
                if rng.random() < 0.5:
                    rest.move(
                        game_id, token, game["version"], move["id"], key=f"k{game['version']}"
                    )
                else:
                    gql.call(
                        "mutation ($id: ID!, $v: Int!, $m: String) "
                        "{ move(gameId: $id, version: $v, moveId: $m) { version } }",
                        token,
                        id=game_id,
                        v=game["version"],
                        m=move["id"],
                    )
            else:
                _stream_first_message(base, game_id, token)
        assert game["status"] == "finished", game
        # Both games are over: their records reveal seed and salt (the body is never logged).
        for finished in (game_id, joined["id"]):
            revealed = rest.http.get(f"/api/v1/games/{finished}/record").json()["seed"]
            assert revealed["seed"] and revealed["salt"]
            hidden.append(revealed["salt"])
            if finished == joined["id"]:  # the other's seed was chosen: its creator knows it
                hidden.append(revealed["seed"])
    finally:
        rest.close()
        gql.close()
        proc.stop()
    lines = proc.lines + worker.lines
    assert any("access_token=[redacted]" in line for line in proc.lines), proc.output()
    assert worker.lines  # the worker played the AI seat and logged at INFO
    secrets = tokens + [auth.token_hash(t) for t in tokens] + hidden
    assert len(hidden) == 3
    leaks = [line for line in lines for secret in secrets if secret in line]
    assert leaks == []


def test_the_log_filter_redacts_tokens_in_messages_and_arguments() -> None:
    assert (
        redact("GET /s?access_token=abc&x=1 HTTP/1.1")
        == "GET /s?access_token=[redacted]&x=1 HTTP/1.1"
    )
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s"',
        ("1.2.3.4", "GET", "/a?token=s3cr3t"),
        None,
    )
    assert RedactSecrets().filter(record)
    assert "s3cr3t" not in record.getMessage()
