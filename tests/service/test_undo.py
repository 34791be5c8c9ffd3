"""Undo within a seat's own turn (`gamestore.undo`), through REST and GraphQL: a seat takes back
its own decisions of its turn one at a time, each undo a new version whose state is the one
before the decision; the window closes at a move that read a secret, at another seat's decision
and at the end of the turn; the view's `can_undo` says exactly when an undo is accepted; a stale
version is STALE_VERSION and a refusal is UNDO_NOT_ALLOWED (in Spanish too), the game untouched.

In-process (httpx.ASGITransport) against the real Redis, where a real server proves nothing more;
the live stream on a real API process."""

from __future__ import annotations

import random
from typing import Any

import httpx
import jsonschema
import orjson

from gamestore import transcripts
from gamestore.commits import plan_move
from gamestore.records import GameRecord, SeatConfig
from gamestore.settings import Settings
from rules.core import get_game
from service import contracts
from tests.service.test_graphql_http import run
from tests.support.client import EventStream

PAGAN = get_game("pagan")
SCHEMA = jsonschema.Draft202012Validator(orjson.loads(contracts.RECORD_SCHEMA.read_bytes()))
HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
# Seed "7": the Witch's first visit (Doctor Annie) and its first Secret read nothing she cannot
# see; the second Secret does (the rules report it, `Game.apply_traced`).
SEED = "7"


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


class Table:
    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def create(self, seats: list[dict[str, str]] = HUMANS) -> tuple[str, dict[str, str]]:
        r = await self.client.post(
            "/api/v1/games", json={"game": "pagan", "seed": SEED, "seats": seats}
        )
        assert r.status_code == 201, r.text
        return r.json()["id"], r.json()["tokens"]

    async def read(self, game_id: str, token: str | None = None) -> dict[str, Any]:
        r = await self.client.get(f"/api/v1/games/{game_id}", headers=auth(token))
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    async def move(self, game_id: str, token: str, version: int, move: str) -> dict[str, Any]:
        r = await self.client.post(
            f"/api/v1/games/{game_id}/moves",
            headers=auth(token),
            json={"version": version, "move_id": move},
        )
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    async def undo(self, game_id: str, token: str, version: int, **headers: str) -> httpx.Response:
        return await self.client.post(
            f"/api/v1/games/{game_id}/undo",
            headers={**auth(token), **headers},
            json={"version": version},
        )


def test_a_seat_takes_back_its_turn_one_decision_at_a_time_each_undo_a_new_version(
    settings: Settings,
) -> None:
    async def scenario(client: httpx.AsyncClient) -> dict[str, Any]:
        t = Table(client)
        game_id, tokens = await t.create()
        witch = tokens["witch"]
        seen: dict[str, Any] = {"start": await t.read(game_id, witch)}
        seen["visit"] = await t.move(game_id, witch, 0, "visit:doctor-annie")
        seen["hunter after visit"] = await t.read(game_id, tokens["hunter"])
        seen["spectator after visit"] = await t.read(game_id)
        seen["place"] = await t.move(game_id, witch, 1, "place:doctor-annie")
        seen["stale"] = await t.undo(game_id, witch, 1)
        seen["hunter undo"] = await t.undo(game_id, tokens["hunter"], 2)
        seen["undo 1"] = await t.undo(game_id, witch, 2)
        seen["undo 2"] = await t.undo(game_id, witch, 3)
        seen["undo 3"] = await t.undo(game_id, witch, 4)
        seen["undo 3 es"] = await t.undo(game_id, witch, 4, **{"Accept-Language": "es"})
        seen["end"] = await t.read(game_id, witch)
        seen["events"] = (
            await client.get(f"/api/v1/games/{game_id}/events", headers=auth(witch))
        ).json()
        return seen

    seen = run(settings, scenario)
    start, visit, place = seen["start"], seen["visit"], seen["place"]
    assert not start["can_undo"]
    assert visit["can_undo"] and place["can_undo"]
    # Only the seat itself is ever told it may undo.
    assert not seen["hunter after visit"]["can_undo"]
    assert not seen["spectator after visit"]["can_undo"]

    stale = seen["stale"]
    assert stale.status_code == 409 and stale.json()["code"] == "STALE_VERSION"
    assert stale.json()["current_version"] == 2
    refused = seen["hunter undo"]
    assert refused.status_code == 409 and refused.json()["code"] == "UNDO_NOT_ALLOWED"

    first = seen["undo 1"]
    assert first.status_code == 200, first.text
    first_game = first.json()
    assert first_game["version"] == 3
    assert first_game["view"] == visit["view"]
    assert first_game["legal_moves"] == visit["legal_moves"]
    assert first_game["can_undo"]
    (event,) = first_game["events"]
    assert event["kind"] == "undo" and event["seat"] == "witch" and event["restores"] == 1
    assert event["description"]["text"] == "The witch took back a move"

    second = seen["undo 2"].json()
    assert second["version"] == 4 and second["view"] == start["view"]
    assert second["legal_moves"] == start["legal_moves"] and not second["can_undo"]
    assert second["events"][0]["restores"] == 0

    for key, text in (("undo 3", "has no decision to take back"), ("undo 3 es", "deshacer")):
        refused = seen[key]
        assert refused.status_code == 409 and refused.json()["code"] == "UNDO_NOT_ALLOWED"
        assert text in refused.json()["detail"]
    end = seen["end"]
    assert end["version"] == 4 and end["view"] == start["view"]
    # Versions only grow: every decision and every undo stays in the log.
    assert [(e["version"], e["kind"]) for e in seen["events"]["events"]] == [
        (1, "move"),
        (2, "move"),
        (3, "undo"),
        (4, "undo"),
    ]


def test_a_move_that_read_a_secret_closes_the_window_and_the_seat_keeps_what_came_after(
    settings: Settings,
) -> None:
    async def scenario(client: httpx.AsyncClient) -> dict[str, Any]:
        t = Table(client)
        game_id, tokens = await t.create()
        witch = tokens["witch"]
        seen: dict[str, Any] = {}
        await t.move(game_id, witch, 0, "visit:doctor-annie")
        await t.move(game_id, witch, 1, "place:doctor-annie")
        seen["secret"] = await t.move(game_id, witch, 2, "place:doctor-annie")
        seen["refused"] = await t.undo(game_id, witch, 3)
        seen["after secret"] = await t.move(game_id, witch, 3, "visit:beau-johnson")
        seen["undo"] = await t.undo(game_id, witch, 4)
        seen["passed"] = await t.move(game_id, witch, 5, "visit:beau-johnson")
        seen["passed"] = await t.move(game_id, witch, 6, "place:preacher-wulfric")
        seen["witch after pass"] = await t.undo(game_id, witch, 7)
        seen["hunter"] = await t.read(game_id, tokens["hunter"])
        return seen

    seen = run(settings, scenario)
    assert not seen["secret"]["can_undo"]
    refused = seen["refused"]
    assert refused.status_code == 409 and refused.json()["code"] == "UNDO_NOT_ALLOWED"
    assert seen["after secret"]["can_undo"]
    undone = seen["undo"].json()
    assert undone["version"] == 5 and undone["events"][0]["restores"] == 3
    assert undone["view"] == seen["secret"]["view"] and not undone["can_undo"]
    # The decision passed to the Hunter: the Witch's turn is over, nothing to take back.
    assert seen["passed"]["to_move"] == "hunter" and not seen["passed"]["can_undo"]
    assert seen["witch after pass"].json()["code"] == "UNDO_NOT_ALLOWED"
    assert not seen["hunter"]["can_undo"]


def test_graphql_undo_answers_the_game_after_it_and_can_undo_says_when(
    settings: Settings,
) -> None:
    undo = (
        "mutation ($g: ID!, $v: Int!) { undo(gameId: $g, version: $v) "
        "{ version canUndo events { kind restores description { text } } } }"
    )
    read = "query ($g: ID!) { game(gameId: $g) { version canUndo } }"

    async def scenario(client: httpx.AsyncClient) -> list[Any]:
        t = Table(client)
        game_id, tokens = await t.create()
        witch = tokens["witch"]
        await t.move(game_id, witch, 0, "visit:doctor-annie")
        answers = []
        for query, variables in (
            (read, {"g": game_id}),
            (undo, {"g": game_id, "v": 1}),
            (undo, {"g": game_id, "v": 2}),
        ):
            r = await client.post(
                "/graphql",
                json={"query": query, "variables": variables},
                headers={**auth(witch), "Accept-Language": "es"},
            )
            answers.append(r.json())
        return answers

    before, made, refused = run(settings, scenario)
    assert before["data"]["game"] == {"version": 1, "canUndo": True}
    assert made["data"]["undo"] == {
        "version": 2,
        "canUndo": False,
        "events": [
            {
                "kind": "undo",
                "restores": 0,
                "description": {"text": "El asiento witch deshizo una jugada"},
            }
        ],
    }
    (error,) = refused["errors"]
    assert error["extensions"]["code"] == "UNDO_NOT_ALLOWED"


def test_an_ai_seats_moves_are_never_offered_to_undo() -> None:
    """A seat the creator gave to the AI has no token to undo with; and the AI's moves, written
    by a worker task, never open a window (a planned AI move is not `undoable`)."""
    options = PAGAN.validate_options({})
    state = PAGAN.new(options, SEED)
    seats = [SeatConfig("witch", "ai", "easy"), SeatConfig("hunter", "human")]
    record = GameRecord("g", "pagan", options, SEED, seats, 0, b"")
    move = PAGAN.legal_moves(state)[0]
    assert not plan_move(PAGAN, record, state, "witch", move, task="t")[0].undoable
    assert not plan_move(PAGAN, record, state, "witch", move)[0].undoable
    humans = [SeatConfig("witch", "human"), SeatConfig("hunter", "human")]
    record = GameRecord("g", "pagan", options, SEED, humans, 0, b"")
    assert plan_move(PAGAN, record, state, "witch", move)[0].undoable
    assert not plan_move(PAGAN, record, state, "witch", move, task="t")[0].undoable


def test_a_game_with_undos_exports_a_record_that_replays_and_verifies(settings: Settings) -> None:
    """Played over REST with an undo whenever the view offers one (a third of the time), to the
    end; the record holds every undo and `replay` rebuilds every version's state hash."""

    async def scenario(client: httpx.AsyncClient) -> dict[str, Any]:
        t = Table(client)
        r = await client.post(
            "/api/v1/games",
            json={"game": "pagan", "options": {"max_turns": 3}, "seats": HUMANS},
        )
        game_id, tokens = r.json()["id"], r.json()["tokens"]
        rng = random.Random(3)
        while True:
            spectator = await t.read(game_id)
            if spectator["status"] != "active":
                break
            token = tokens[spectator["to_move"]]
            seen = await t.read(game_id, token)
            if seen["can_undo"] and rng.random() < 1 / 3:
                answer = await t.undo(game_id, token, seen["version"])
                assert answer.status_code == 200, answer.text
                continue
            await t.move(game_id, token, seen["version"], rng.choice(seen["legal_moves"])["id"])
        record = await client.get(f"/api/v1/games/{game_id}/record")
        assert record.status_code == 200, record.text
        data: dict[str, Any] = record.json()
        return data

    record = run(settings, scenario)
    SCHEMA.validate(record)
    undos = [d for d in record["decisions"] if d["kind"] == "undo"]
    assert undos and all(d["description"]["text"].endswith("took back a move") for d in undos)
    result = transcripts.replay(record)
    assert result.ok and result.divergence is None, result.divergence
    assert result.checked_hashes == record["version"] + 1


def test_the_live_stream_publishes_an_undo_like_any_new_version(api: str) -> None:
    """A real API process: the seat's server-sent-events stream gets the game after the undo,
    its event and the seat's `can_undo` included; the other seat's stream sees the undo too."""
    with httpx.Client(base_url=api, timeout=30) as http:
        r = http.post("/api/v1/games", json={"game": "pagan", "seed": SEED, "seats": HUMANS})
        game_id, tokens = r.json()["id"], r.json()["tokens"]
        witch = tokens["witch"]
        mine = EventStream(api, game_id, witch)
        theirs = EventStream(api, game_id, tokens["hunter"])
        try:
            assert mine.next()[1]["version"] == 0 and theirs.next()[1]["version"] == 0
            body = {"version": 0, "move_id": "visit:doctor-annie"}
            moved = http.post(f"/api/v1/games/{game_id}/moves", json=body, headers=auth(witch))
            assert moved.status_code == 200, moved.text
            assert mine.next()[1]["can_undo"]
            undone = http.post(
                f"/api/v1/games/{game_id}/undo", json={"version": 1}, headers=auth(witch)
            )
            assert undone.status_code == 200, undone.text
            for stream, offered in ((mine, False), (theirs, False)):
                message = stream.next()[1]
                while message["version"] < 2:
                    message = stream.next()[1]
                assert message["version"] == 2 and message["can_undo"] is offered
                assert message["events"][-1]["kind"] == "undo"
                assert message["events"][-1]["restores"] == 0
        finally:
            mine.close()
            theirs.close()
            http.post(f"/api/v1/games/{game_id}/resign", json={}, headers=auth(witch))


def test_a_batchs_decisions_are_taken_back_one_at_a_time(settings: Settings) -> None:
    async def scenario(client: httpx.AsyncClient) -> list[dict[str, Any]]:
        t = Table(client)
        game_id, tokens = await t.create()
        witch = tokens["witch"]
        start = await t.read(game_id, witch)
        visit = {"version": 0, "moves": [{"move_id": "visit:doctor-annie"}]}
        one = (
            await client.post(f"/api/v1/games/{game_id}/moves", json=visit, headers=auth(witch))
        ).json()
        await t.undo(game_id, witch, 1)
        batch = {
            "version": 2,
            "moves": [{"move_id": "visit:doctor-annie"}, {"move_id": "place:doctor-annie"}],
        }
        two = await client.post(f"/api/v1/games/{game_id}/moves", json=batch, headers=auth(witch))
        assert two.status_code == 200, two.text
        back = [(await t.undo(game_id, witch, v)).json() for v in (4, 5)]
        return [start, one, two.json(), *back]

    start, one, two, back_one, back_two = run(settings, scenario)
    assert two["version"] == 4 and two["can_undo"]
    assert back_one["version"] == 5 and back_one["view"] == one["view"] and back_one["can_undo"]
    assert back_one["events"][0]["restores"] == 3
    assert back_two["version"] == 6 and back_two["view"] == start["view"]
    assert not back_two["can_undo"] and back_two["events"][0]["restores"] == 2
