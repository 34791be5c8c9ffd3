"""A game's record over the API, on a real API process and the real Redis: the seed commitment in
every view and the first event and the seed nowhere before the end; each reader's record; the
record of every configuration exported with `coven export` and checked by `coven verify`."""

from __future__ import annotations

import hashlib
import importlib.util
import random
import time
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest
import redis
from typer.testing import CliRunner

from coven.cli import app as cli
from gamestore.keys import Keys
from gamestore.settings import Settings
from rules.core import get_game
from service import contracts
from tests.support.client import EventStream, GraphQL, Rest, bearer
from tests.support.processes import Process
from tests.test_game_conformance import CONFIGURATIONS

SCHEMA = jsonschema.Draft202012Validator(orjson.loads(contracts.RECORD_SCHEMA.read_bytes()))
runner = CliRunner()

GAME_QUERY = """
query ($id: ID!) { game(gameId: $id, eventsAfter: 0, eventsLimit: 500) { version
  seedCommitment viewJson events { version seedCommitment } } }
"""
RECORD_QUERY = """
query ($id: ID!, $lang: Language) { record(gameId: $id, lang: $lang) {
  format formatVersion lang id game status complete viewpoint version
  seats { seat kind level name }
  seed { commitment scheme chosen seed salt }
  decisions { version seat kind move stateHash }
  document } }
"""


def _create(rest: Rest, game: str, options: dict[str, Any], seed: str | None = None) -> Any:
    seats = [
        {"seat": s, "kind": "human"}
        for s in get_game(game).seats(get_game(game).validate_options(dict(options)))
    ]
    body: dict[str, Any] = {"game": game, "options": options, "seats": seats}
    if seed is not None:
        body["seed"] = seed
    return rest.create(**body)


def _secrets(settings: Settings, game_id: str) -> tuple[str, str]:
    """The game's seed and salt, as the store holds them."""
    client = redis.Redis.from_url(settings.redis_url)
    try:
        seed, salt = client.hmget(Keys(settings.key_prefix).game(game_id), "seed", "salt")
    finally:
        client.close()
    assert seed and salt
    return seed.decode(), salt.decode()


def _play_to_end(rest: Rest, created: dict[str, Any], rng: random.Random, each: Any = None) -> None:
    """Random legal moves, each read by the seat to move and made by it, to the end."""
    game_id, tokens = created["id"], created["tokens"]
    while True:
        spectator = rest.read(game_id).json()
        if spectator["status"] != "active":
            return
        token = tokens[spectator["to_move"]]
        seen = rest.read(game_id, token, events_limit=0).json()
        move = rng.choice(seen["legal_moves"])["id"]
        answer = rest.move(game_id, token, seen["version"], move)
        assert answer.status_code == 200, answer.text
        if each is not None:
            each(answer)


def test_the_commitment_is_in_every_view_and_the_first_event_and_the_seed_nowhere_until_the_end(
    rest: Rest, gql: GraphQL, settings: Settings
) -> None:
    created = _create(rest, "pantacle", {"players": 2})
    game_id, tokens = created["id"], created["tokens"]
    seed, salt = _secrets(settings, game_id)
    commitment = hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()
    readers: list[str | None] = [*tokens.values(), None]
    answers: list[tuple[bool, bytes]] = []  # (the game was over, an answer)
    first_events: list[Any] = []

    def look(answer: Any) -> None:
        version = answer.json()["version"]
        answers.append((answer.json()["status"] == "finished", answer.content))
        assert answer.json()["seed_commitment"] == commitment
        for token in readers:
            read = rest.read(game_id, token, events_after=0, events_limit=500)
            body = read.json()
            answers.append((body["status"] == "finished", read.content))
            assert body["seed_commitment"] == commitment
            assert [e["version"] for e in body["events"] if "seed_commitment" in e] == [1]
            first_events.append(body["events"][0]["seed_commitment"])
            if body["status"] == "finished" or version % 3:
                continue  # the other reads every third version: the test stays quick
            for path in ("/events", "/record"):
                other = rest.http.get(f"/api/v1/games/{game_id}{path}", headers=bearer(token))
                assert other.status_code == 200, other.text
                answers.append((False, other.content))
            data = gql.call(GAME_QUERY, token, id=game_id)["data"]["game"]
            assert data["seedCommitment"] == commitment
            assert data["events"][0]["seedCommitment"] == commitment
            if version % 12 == 3:
                record = gql.call(RECORD_QUERY, token, id=game_id)["data"]["record"]
                assert record["seed"]["commitment"] == commitment and not record["complete"]
                answers.append((False, orjson.dumps(record)))

    for token in readers:  # before any move: views, the live stream's first message
        read = rest.read(game_id, token)
        assert read.json()["seed_commitment"] == commitment and read.json()["events"] == []
        answers.append((False, read.content))
    stream = EventStream(rest.base, game_id, None)
    try:
        kind, first = stream.next()
    finally:
        stream.close()
    assert kind == "game" and first["seed_commitment"] == commitment
    answers.append((False, orjson.dumps(first)))
    _play_to_end(rest, created, random.Random(11), look)
    before_end = [body for over, body in answers if not over]
    assert len(before_end) > 100 and set(first_events) == {commitment}
    for body in before_end:
        assert seed.encode() not in body and salt.encode() not in body
    for token in readers:
        record = rest.http.get(f"/api/v1/games/{game_id}/record", headers=bearer(token)).json()
        SCHEMA.validate(record)
        assert record["complete"] is True
        assert record["seed"] == {
            "commitment": commitment,
            "scheme": "sha256(salt:seed)",
            "chosen": False,
            "seed": seed,
            "salt": salt,
        }


def test_a_seats_record_holds_what_its_events_told_it_and_a_spectators_what_everyone_saw(
    rest: Rest, gql: GraphQL
) -> None:
    created = _create(rest, "pantacle", {"players": 2})
    game_id, tokens = created["id"], created["tokens"]
    rng = random.Random(3)
    for _ in range(30):
        spectator = rest.read(game_id).json()
        token = tokens[spectator["to_move"]]
        seen = rest.read(game_id, token, events_limit=0).json()
        rest.move(game_id, token, seen["version"], rng.choice(seen["legal_moves"])["id"])
    for seat, token in [*tokens.items(), (None, None)]:
        record = rest.http.get(f"/api/v1/games/{game_id}/record", headers=bearer(token)).json()
        SCHEMA.validate(record)
        events = rest.http.get(
            f"/api/v1/games/{game_id}/events", headers=bearer(token), params={"limit": 500}
        ).json()["events"]
        assert record["viewpoint"] == seat and record["complete"] is False
        assert record["seed"]["seed"] is None and record["seed"]["salt"] is None
        assert len(record["decisions"]) == len(events) == 30
        for decision, event in zip(record["decisions"], events, strict=True):
            told = decision.get("descriptions", {}).get(seat, decision["description"])
            assert told == event["description"]
            assert decision.get("move") == event.get("move")
            assert decision["changes"] == event["changes"]
            assert "state_hash" not in decision
        # GraphQL's document is the REST record, and its typed fields say the same.
        answer = gql.call(RECORD_QUERY, token, id=game_id)["data"]["record"]
        assert answer["document"] == record
        assert answer["viewpoint"] == seat and answer["version"] == 30
        assert [d["move"] for d in answer["decisions"]] == [
            d.get("move") for d in record["decisions"]
        ]


def test_a_record_of_an_unknown_game_or_with_a_wrong_token_is_refused_as_a_read_is(
    rest: Rest, gql: GraphQL
) -> None:
    missing = rest.http.get("/api/v1/games/no-such-game/record")
    assert missing.status_code == 404 and missing.json()["code"] == "GAME_NOT_FOUND"
    assert missing.headers["content-type"] == "application/problem+json"
    created = _create(rest, "pantacle", {"players": 2})
    wrong = rest.http.get(
        f"/api/v1/games/{created['id']}/record", headers=bearer(created["id"] + ".forged")
    )
    assert wrong.status_code == 401 and wrong.json()["code"] == "BAD_TOKEN"
    spanish = rest.http.get(
        "/api/v1/games/no-such-game/record", headers={"Accept-Language": "es"}
    ).json()
    assert spanish["detail"].startswith("no existe la partida")
    answer = gql.call(RECORD_QUERY, created["id"] + ".forged", id=created["id"])
    assert answer["errors"][0]["extensions"]["code"] == "BAD_TOKEN"


def _export(api: str, game_id: str, out: Path, *extra: str) -> None:
    # After "--": a game id may start with "-".
    result = runner.invoke(cli, ["export", "--url", api, "--out", str(out), *extra, "--", game_id])
    assert result.exit_code == 0, result.output


CONFIGS = [
    pytest.param(config.game_name, options, id=f"{config.id}:{name}")
    for config in CONFIGURATIONS
    for name, options in config.option_sets.items()
]


@pytest.mark.parametrize(("game", "options"), CONFIGS)
def test_every_configurations_record_exports_and_verifies(
    api: str, rest: Rest, tmp_path: Path, game: str, options: dict[str, Any]
) -> None:
    """Export, `coven verify`, an exact replay: a game of every configuration (Pagan's cut
    short with max_turns, so the suite stays quick; benchmarks/records_roundtrip.py plays 200
    whole games)."""
    short = {**options, "max_turns": 6} if game == "pagan" else options
    created = _create(rest, game, short)
    _play_to_end(rest, created, random.Random(hash(created["id"]) & 0xFFFF))
    out = tmp_path / "record.json"
    _export(api, created["id"], out)
    record = orjson.loads(out.read_bytes())
    SCHEMA.validate(record)
    verified = runner.invoke(cli, ["verify", str(out), "--json"])
    assert verified.exit_code == 0, verified.output
    summary = orjson.loads(verified.stdout)
    assert summary["commitment"] == "verified" and summary["divergence"] is None
    assert summary["versions"] == record["version"] == len(record["decisions"]) > 0
    assert summary["checked_hashes"] == record["version"] + 1


def test_a_chosen_seed_says_so_and_a_spanish_record_verifies_on_everything_but_its_texts(
    api: str, rest: Rest, tmp_path: Path
) -> None:
    created = _create(rest, "pagan", {"max_turns": 2}, seed="chosen-by-me")
    _play_to_end(rest, created, random.Random(5))
    out = tmp_path / "es.json"
    _export(api, created["id"], out, "--lang", "es")
    record = orjson.loads(out.read_bytes())
    assert record["lang"] == "es" and record["seed"]["chosen"] is True
    assert record["seed"]["seed"] == "chosen-by-me"
    texts = [d["description"]["text"] for d in record["decisions"]]
    assert any(" eligió: " in t or "colocó" in t or "visitó" in t for t in texts), texts[:5]
    verified = runner.invoke(cli, ["verify", str(out)])
    assert verified.exit_code == 0, verified.output
    assert "the creator chose this game's seed" in verified.stdout
    assert "texts not compared" in verified.stdout


@pytest.mark.slow
def test_an_ai_game_played_by_the_worker_exports_and_verifies(
    api: str, rest: Rest, worker: Process, tmp_path: Path
) -> None:
    """The worker's commits keep state hashes and the first one the commitment, as the API's."""
    created = rest.create(
        game="pantacle",
        options={"players": 2},
        seats=[
            {"seat": "seat-0", "kind": "ai", "level": "novice"},
            {"seat": "seat-1", "kind": "ai", "level": "novice"},
        ],
    )
    for _ in range(600):
        game = rest.read(created["id"], events_limit=0).json()
        if game["status"] != "active":
            break
        time.sleep(0.2)
    assert game["status"] == "finished", game["version"]
    out = tmp_path / "ai.json"
    _export(api, created["id"], out)
    record = orjson.loads(out.read_bytes())
    assert [s["kind"] for s in record["seats"]] == ["ai", "ai"]
    verified = runner.invoke(cli, ["verify", str(out), "--json"])
    assert verified.exit_code == 0, verified.output
    assert orjson.loads(verified.stdout)["checked_hashes"] == record["version"] + 1


def test_the_round_trip_benchmark_plays_every_configuration_of_the_suite() -> None:
    """benchmarks/records_roundtrip.py keeps its own list (a script imports no tests): the same."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "records_roundtrip.py"
    spec = importlib.util.spec_from_file_location("records_roundtrip", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert [(game, options) for game, _, options in module.CONFIGURATIONS] == [
        (config.game_name, options)
        for config in CONFIGURATIONS
        for options in config.option_sets.values()
    ]
