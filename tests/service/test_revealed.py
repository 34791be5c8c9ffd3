"""Once a game is over, however it ended, every reader is shown what the game kept from the table
(`Game.revealed`: Pagan's true witch), and nobody is shown it before: a resignation ends a game
outside the rules, whose own view reveals the Witch only at an end of its own. An in-process app
against the real Redis, since a real server proves nothing more here."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import orjson
import pytest

from gamestore.settings import Settings
from service.app import create_app
from tests.support.in_process import TestClient
from tests.support.namespace import settings_for

HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
READ = "query ($g: ID!) { game(gameId: $g) { status revealed } }"


@pytest.fixture(scope="module")
def settings(namespace: dict[str, str]) -> Settings:
    prefix = f"{namespace['COVEN_KEY_PREFIX']}revealed-{uuid.uuid4().hex[:6]}:"
    return settings_for({**namespace, "COVEN_KEY_PREFIX": prefix})


@pytest.fixture(scope="module")
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings), raise_server_exceptions=False) as test_client:
        yield test_client


def _readers(tokens: dict[str, str]) -> dict[str, dict[str, str]]:
    readers = {seat: {"Authorization": f"Bearer {token}"} for seat, token in tokens.items()}
    return {**readers, "spectator": {}}


@pytest.mark.parametrize("resigning", ["witch", "hunter"])
def test_after_a_resignation_every_reader_is_told_who_the_witch_was(
    client: TestClient, resigning: str
) -> None:
    created = client.post("/api/v1/games", json={"game": "pagan", "seats": HUMANS}).json()
    game_id, tokens = created["id"], created["tokens"]
    truth = client.get(f"/api/v1/games/{game_id}", headers=_readers(tokens)["witch"]).json()
    witch = truth["view"]["players"]["witch"]["true_witch"]
    for headers in _readers(tokens).values():
        during = client.get(f"/api/v1/games/{game_id}", headers=headers).json()
        assert during["revealed"] is None
        assert b"revealed" not in orjson.dumps(during["view"])
        answer = client.post(
            "/graphql", json={"query": READ, "variables": {"g": game_id}}, headers=headers
        ).json()
        assert answer["data"]["game"]["revealed"] is None
    resigned = client.post(f"/api/v1/games/{game_id}/resign", headers=_readers(tokens)[resigning])
    assert resigned.status_code == 200, resigned.text
    for headers in _readers(tokens).values():
        after = client.get(f"/api/v1/games/{game_id}", headers=headers).json()
        assert after["status"] == "finished"
        assert after["revealed"] == {"true_witch": witch}
        answer = client.post(
            "/graphql", json={"query": READ, "variables": {"g": game_id}}, headers=headers
        ).json()
        assert answer["data"]["game"]["revealed"] == {"true_witch": witch}
