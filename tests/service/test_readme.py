"""The README's API walk-through works as written: every bash block runs (curl and jq) and every
GraphQL block is sent, in order, against a live API with a real AI worker."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import orjson
import pytest

from tests.support.client import GraphQL, Subscription
from tests.support.processes import ROOT

BASE_LINE = "BASE=http://127.0.0.1:8000"


def _walkthrough() -> tuple[list[str], list[str]]:
    text = (ROOT / "README.md").read_text()
    section = text.split("### API walk-through", 1)[1].split("\n### ", 1)[0]
    blocks = re.findall(r"```(bash|graphql)\n(.*?)```", section, flags=re.S)
    return [b for lang, b in blocks if lang == "bash"], [
        b for lang, b in blocks if lang == "graphql"
    ]


@pytest.mark.slow
def test_the_readme_curl_walkthrough_runs(api: str, worker: Any, tmp_path: Path) -> None:
    bash, _ = _walkthrough()
    assert len(bash) >= 5 and BASE_LINE in bash[0]
    script = "set -euo pipefail\n" + "\n".join(bash).replace(BASE_LINE, f"BASE={api}")
    result = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert '"your_decision": true' in out  # the Witch's first decision, read as the Witch
    assert '"version": 1' in out  # the move was played
    assert '"code": "STALE_VERSION"' in out and '"current_version"' in out
    assert "event: game" in out  # the live stream's first message


def test_the_readme_graphql_walkthrough_runs(api: str, worker: Any) -> None:
    _, blocks = _walkthrough()
    create, read, move, live = blocks
    gql = GraphQL(api)
    created = gql.call(create)
    assert "errors" not in created, created
    game_id = created["data"]["createGame"]["id"]
    token = {t["seat"]: t["token"] for t in created["data"]["createGame"]["seatTokens"]}["witch"]
    game = gql.call(read, token, id=game_id)["data"]["game"]
    assert game["yourDecision"] and game["viewJson"]["seat"] == "witch"
    moved = gql.call(
        move, token, id=game_id, version=game["version"], moveId=game["legalMoves"][0]["id"]
    )
    assert moved["data"]["move"]["version"] == 1, moved
    stale = gql.call(move, token, id=game_id, version=0, moveId=game["legalMoves"][0]["id"])
    assert stale["errors"][0]["extensions"]["code"] == "STALE_VERSION"
    gql.close()

    from websockets.sync.client import connect

    url = api.replace("http://", "ws://") + "/graphql"
    with connect(url, subprotocols=["graphql-transport-ws"]) as ws:  # type: ignore[list-item]
        sub = Subscription.__new__(Subscription)
        sub.ws, sub.pings = ws, 0
        ws.send(
            orjson.dumps(
                {"type": "connection_init", "payload": {"Authorization": f"Bearer {token}"}}
            ).decode()
        )
        assert orjson.loads(ws.recv(timeout=10))["type"] == "connection_ack"
        ws.send(
            orjson.dumps(
                {
                    "id": "1",
                    "type": "subscribe",
                    "payload": {"query": live, "variables": {"id": game_id}},
                }
            ).decode()
        )
        first = sub.next()
        assert first is not None and first["version"] >= 1
