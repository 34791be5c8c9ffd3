"""The replay of a finished game (`GET /games/{id}/replay`, GraphQL `replay`, `POST /replays`)
on a real API and Redis: every version's views from each seat are the ones that seat read while
the game went on, a stored game and its exported record replay alike, and a running game, a
tampered record or a version out of range are refused with typed errors, in Spanish too."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

from service import i18n, replays
from service.errors import RecordRefused
from tests.support.client import GraphQL, Rest, bearer

REPLAY_QUERY = """
query ($id: ID!, $version: Int!, $viewpoint: String) {
  replay(gameId: $id, version: $version, viewpoint: $viewpoint) {
    version versions viewpoint toMove views { seat viewJson view { __typename } }
    decision { version seat kind move { id label } ai { how } } } }
"""


def _pagan(rest: Rest) -> dict[str, Any]:
    return rest.create(
        game="pagan",
        options={"max_turns": 1},
        seats=[{"seat": "hunter", "kind": "human"}, {"seat": "witch", "kind": "human"}],
    )


def _replay(rest: Rest, game_id: str, version: int, viewpoint: str | None, **kw: Any) -> Any:
    params: dict[str, Any] = {"version": version}
    if viewpoint is not None:
        params["viewpoint"] = viewpoint
    return rest.http.get(f"/api/v1/games/{game_id}/replay", params=params, **kw)


def test_each_seats_replay_shows_what_it_saw_at_every_version(rest: Rest, gql: GraphQL) -> None:
    created = _pagan(rest)
    game_id, tokens = created["id"], created["tokens"]
    seen: dict[tuple[int, str | None], Any] = {}
    running = _replay(rest, game_id, 0, None, headers={"Accept-Language": "es"})
    assert running.status_code == 409
    assert running.json()["code"] == "GAME_NOT_FINISHED"
    assert running.json()["detail"] == "una partida solo puede repetirse cuando ha terminado"
    refused = gql.call(REPLAY_QUERY, None, id=game_id, version=0, viewpoint=None)
    assert refused["errors"][0]["extensions"]["code"] == "GAME_NOT_FINISHED"
    rng = random.Random(3)
    while True:
        spectator = rest.read(game_id, events_limit=0).json()
        version = spectator["version"]
        seen[(version, None)] = spectator["view"]
        for seat, token in tokens.items():
            seen[(version, seat)] = rest.read(game_id, token, events_limit=0).json()["view"]
        if spectator["status"] != "active":
            break
        token = tokens[spectator["to_move"]]
        legal = rest.read(game_id, token, events_limit=0).json()["legal_moves"]
        answer = rest.move(game_id, token, version, rng.choice(legal)["id"])
        assert answer.status_code == 200, answer.text
    last = version
    assert last > 5
    for (version, seat), view in seen.items():
        got = _replay(rest, game_id, version, seat).json()
        assert got["views"] == [{"seat": seat, "view": view}], (version, seat)
        assert got["versions"] == last
    everything = _replay(rest, game_id, 3, "all").json()
    seats = [s["seat"] for s in rest.read(game_id).json()["seats"]]
    assert everything["views"] == [{"seat": s, "view": seen[(3, s)]} for s in seats]
    assert everything["decision"]["version"] == 3 and everything["decision"]["move"]["label"]
    typed = gql.call(REPLAY_QUERY, None, id=game_id, version=3, viewpoint="witch")["data"]
    assert typed["replay"]["views"][0]["viewJson"] == seen[(3, "witch")]
    assert typed["replay"]["views"][0]["view"]["__typename"] == "PaganView"

    # The exported record replays to the same positions, sent whole.
    record = rest.http.get(f"/api/v1/games/{game_id}/record").json()
    for version, seat in ((0, None), (3, "all"), (last, "hunter")):
        sent = rest.http.post(
            "/api/v1/replays", json={"record": record, "version": version, "viewpoint": seat}
        )
        assert sent.status_code == 200, sent.text
        assert sent.json() == _replay(rest, game_id, version, seat).json()

    verdict = rest.http.post("/api/v1/replays/verify", json={"record": record}).json()
    assert verdict["ok"] and verdict["commitment"] == "verified"
    assert verdict["checked_hashes"] == last + 1

    # A view read from a sent record is typed by GraphQL as the stored game's is.
    sent_view = rest.http.post(
        "/api/v1/replays", json={"record": record, "version": 3, "viewpoint": "witch"}
    ).json()["views"][0]["view"]
    shaped = gql.call(
        "query ($v: JSON!) { shapeView(view: $v) { __typename ... on PaganView { turn "
        "villagers { id secrets } } } }",
        None,
        v=sent_view,
    )["data"]["shapeView"]
    assert shaped["__typename"] == "PaganView" and shaped["turn"] == sent_view["turn"]
    assert [v["id"] for v in shaped["villagers"]] == [v["id"] for v in sent_view["villagers"]]
    for bad in ({**sent_view, "turn": "one"}, {**sent_view, "extra": 1}, {"game": "chess"}, []):
        refused_view = gql.call(
            "query ($v: JSON!) { shapeView(view: $v) { __typename } }", None, v=bad
        )
        assert refused_view["errors"][0]["extensions"]["code"] == "MALFORMED_INPUT", bad

    # A tampered record: verify names where it diverges; a position is refused from there on.
    tampered = {**record, "decisions": [dict(d) for d in record["decisions"]]}
    tampered["decisions"][2]["state_hash"] = "0" * 64
    verdict = rest.http.post("/api/v1/replays/verify", json={"record": tampered}).json()
    assert not verdict["ok"] and verdict["divergence_version"] == 3
    before_it = rest.http.post("/api/v1/replays", json={"record": tampered, "version": 2})
    assert before_it.status_code == 200
    refused_record = rest.http.post(
        "/api/v1/replays",
        json={"record": tampered, "version": 3},
        headers={"Accept-Language": "es"},
    )
    assert refused_record.status_code == 422
    assert refused_record.json()["code"] == "RECORD_REFUSED"
    assert refused_record.json()["detail"].startswith("este registro no se repite")
    for broken in ({"format": "coven-record"}, {**record, "decisions": [{"version": 1}]}):
        answer = rest.http.post("/api/v1/replays", json={"record": broken, "version": 1})
        assert answer.status_code == 422 and answer.json()["code"] == "RECORD_REFUSED", broken
    out_of_range = _replay(rest, game_id, last + 1, None, headers={"Accept-Language": "es"})
    assert out_of_range.status_code == 422
    assert out_of_range.json()["code"] == "NO_SUCH_POSITION"
    assert "no está en esta partida" in out_of_range.json()["detail"]
    no_seat = _replay(rest, game_id, 0, "seat-9")
    assert no_seat.status_code == 422 and no_seat.json()["code"] == "NO_SUCH_POSITION"
    wrong_token = _replay(rest, game_id, 0, None, headers=bearer("nope"))
    assert wrong_token.status_code == 401


FIXTURE = Path(__file__).resolve().parents[1] / "records" / "games" / "pagan-1-novice.json"


def _broken_records() -> list[Any]:
    doc = orjson.loads(FIXTURE.read_bytes())
    first = doc["decisions"][0]
    return [
        {},
        [],
        {"format": "coven-record", "format_version": 1, "complete": True, "seed": {"seed": "x"}},
        {**doc, "game": ["pagan"]},
        {**doc, "seats": [1]},
        {**doc, "decisions": [[1]]},
        {**doc, "decisions": [{**first, "move": "x"}]},
        {**doc, "options": {"max_turns": "a"}},
        {**doc, "version": "z"},
        {**doc, "decisions": [{**first, "ai": [1]}, *doc["decisions"][1:]]},
    ]


@pytest.mark.parametrize("broken", _broken_records())
def test_a_sent_document_that_is_no_record_is_refused_typed_never_a_crash(broken: Any) -> None:
    with pytest.raises(RecordRefused):
        replays.uploaded_position(broken, 1, None)
    try:
        verdict = replays.verify(broken)
    except RecordRefused:
        return
    assert verdict["ok"] is False and verdict["divergence"]


def test_a_sent_record_rebuilds_every_version_as_its_hashes_say() -> None:
    doc = orjson.loads(FIXTURE.read_bytes())
    last = replays.uploaded_position(doc, doc["version"], "all")
    assert [v["seat"] for v in last["views"]] == [s["seat"] for s in doc["seats"]]
    assert last["outcome"] == doc["outcome"] and last["to_move"] is None
    assert replays.verify(doc)["ok"]


def _tampered(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    doc = orjson.loads(FIXTURE.read_bytes())
    change(doc)
    return doc


TAMPERED = {
    "a state hash": lambda d: d["decisions"][2].update(state_hash="0" * 64),
    "the seat of a decision": lambda d: d["decisions"][0].update(
        seat=next(s["seat"] for s in d["seats"] if s["seat"] != d["decisions"][0]["seat"])
    ),
    "a move": lambda d: d["decisions"][0].update(move={**d["decisions"][0]["move"], "id": "x"}),
    "the format version": lambda d: d.update(format_version=99),
    "complete": lambda d: d.update(complete=False),
    "the game": lambda d: d.update(game="chess"),
}


@pytest.mark.parametrize("what", TAMPERED)
def test_a_refused_records_reason_is_in_spanish_when_spanish_is_asked(what: str) -> None:
    doc = _tampered(TAMPERED[what])
    with pytest.raises(RecordRefused) as refused:
        replays.uploaded_position(doc, doc["version"], None)
    english = refused.value.detail
    first, reason = english.split(": ", 1)
    spanish = i18n.translator("es")
    assert spanish is not None
    # The refusal and its reason are each a message of the catalog, so both are rendered.
    assert spanish.find(reason) is not None, f"no Spanish for the reason {reason!r}"
    assert not spanish.text(english).startswith(first)
