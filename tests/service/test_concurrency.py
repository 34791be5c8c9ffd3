"""Racing clients and retried requests: exactly one write per version, whoever asks."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from tests.support.client import Rest, bearer
from tests.support.namespace import settings_for
from tests.support.replay import assert_log_replays


def _two_humans(rest: Rest, seed: str) -> tuple[str, dict[str, str]]:
    created = rest.create(
        game="pagan",
        seed=seed,
        seats=[{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}],
    )
    return created["id"], created["tokens"]


def _state(rest: Rest, game_id: str, tokens: dict[str, str]) -> tuple[dict[str, Any], str]:
    spectator = rest.read(game_id).json()
    seat = spectator["to_move"]
    return rest.read(game_id, tokens[seat]).json(), seat


def test_two_clients_racing_for_one_version_one_wins_the_other_gets_stale_version(
    api: str, namespace: dict[str, str]
) -> None:
    rest = Rest(api)
    game_id, tokens = _two_humans(rest, "race")

    async def race(version: int, seat: str, moves: list[str]) -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=api, timeout=30) as client:
            return await asyncio.gather(
                *(
                    client.post(
                        f"/api/v1/games/{game_id}/moves",
                        headers=bearer(tokens[seat]),
                        json={"version": version, "move_id": m},
                    )
                    for m in moves
                )
            )

    for _ in range(15):
        game, seat = _state(rest, game_id, tokens)
        legal = [m["id"] for m in game["legal_moves"]]
        contenders = (legal * 4)[:4]  # four racers, different moves where there are some
        answers = asyncio.run(race(game["version"], seat, contenders))
        codes = sorted(r.status_code for r in answers)
        assert codes == [200, 409, 409, 409], [r.text for r in answers]
        for r in answers:
            if r.status_code == 409:
                problem = r.json()
                assert problem["code"] == "STALE_VERSION"
                assert problem["current_version"] == game["version"] + 1
        assert rest.read(game_id).json()["version"] == game["version"] + 1
    rest.close()
    assert_log_replays(settings_for(namespace), game_id, 15)


def test_a_retried_move_with_the_same_idempotency_key_returns_the_first_result(
    api: str, namespace: dict[str, str]
) -> None:
    rest = Rest(api)
    game_id, tokens = _two_humans(rest, "idem")
    game, seat = _state(rest, game_id, tokens)
    move = game["legal_moves"][0]["id"]
    first = rest.move(game_id, tokens[seat], 0, move, key="k-1")
    again = rest.move(game_id, tokens[seat], 0, move, key="k-1")
    assert first.status_code == again.status_code == 200
    assert again.content == first.content
    assert rest.read(game_id).json()["version"] == 1

    # Concurrent retries of one request: still one move, every answer the same.
    game, seat = _state(rest, game_id, tokens)
    move = game["legal_moves"][-1]["id"]

    async def retries() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=api, timeout=30) as client:
            return await asyncio.gather(
                *(
                    client.post(
                        f"/api/v1/games/{game_id}/moves",
                        headers={**bearer(tokens[seat]), "Idempotency-Key": "k-2"},
                        json={"version": 1, "move_id": move},
                    )
                    for _ in range(5)
                )
            )

    answers = asyncio.run(retries())
    assert {r.status_code for r in answers} == {200}
    assert len({r.content for r in answers}) == 1
    assert rest.read(game_id).json()["version"] == 2

    # The same key for another request of that seat is refused, and changes nothing.
    other = rest.move(game_id, tokens[seat], 2, "done", key="k-2")
    assert other.status_code == 422, other.text
    assert other.json()["code"] == "IDEMPOTENCY_KEY_REUSED"
    assert rest.read(game_id).json()["version"] == 2
    rest.close()
    assert_log_replays(settings_for(namespace), game_id, 2)


def rest_version(api: str, game_id: str) -> int:
    version: int = httpx.get(f"{api}/api/v1/games/{game_id}").json()["version"]
    return version
