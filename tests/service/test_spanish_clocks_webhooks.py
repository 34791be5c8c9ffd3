"""Webhooks and turn clocks in Spanish: a refused webhook, an invalid clock and a timeout read
Spanish with `Accept-Language: es`, with no English template left (the ids the API takes, such
as `decision_seconds`, stay as they are)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from gamestore import clocks
from service import i18n
from tests.service.test_spanish import ES, assert_spanish, pagan_game, texts
from tests.support.client import bearer
from tests.support.processes import Process

QUOTED = re.compile(r"'[^']*'")
"""What the caller gave, quoted in a message (an event's id such as 'game_over')."""
SEATS = re.compile(r"\b(witch|hunter)\b")
"""Pagan's seats' protocol names: ids inside a sentence, kept as they are."""
HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]


@pytest.fixture
def http(api: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=api, timeout=30) as client:
        yield client


def _problem(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    problem: dict[str, Any] = r.json()
    assert problem["code"] == code and r.headers["content-language"] == "es"
    for text in (problem["title"], problem["detail"], *problem.get("problems", [])):
        assert_spanish(QUOTED.sub("", SEATS.sub("", text)))
    return problem


def _checked(answer: Any) -> int:
    """How many texts a player reads in `answer`, each checked to be Spanish."""
    found = list(texts(answer))
    for text in found:
        assert_spanish(SEATS.sub("", text))
    return len(found)


def test_a_refused_webhook_is_explained_in_spanish(http: httpx.Client) -> None:
    with pagan_game(http, "es-webhooks") as (game_id, tokens):
        headers = {**ES, **bearer(tokens["witch"])}
        path = f"/api/v1/games/{game_id}/webhooks"
        secret = "whsec-0123456789abcdef"
        ftp = http.post(
            path, json={"url": "ftp://example.com/h", "secret": secret}, headers=headers
        )
        problem = _problem(ftp, 422, "WEBHOOK_URL_REFUSED")
        assert problem["title"] == "URL de webhook rechazada"
        assert problem["detail"] == "una URL de webhook debe ser http o https, no 'ftp'"
        body = {"url": "https://user:pw@example.com/h", "secret": secret}
        credentials = _problem(
            http.post(path, json=body, headers=headers), 422, "WEBHOOK_URL_REFUSED"
        )
        assert "contraseña" in credentials["detail"]
        body = {"url": "https://example.com/h", "secret": "with spaces in it 0123"}
        spaced = _problem(
            http.post(path, json=body, headers=headers), 422, "WEBHOOK_SECRET_REFUSED"
        )
        assert spaced["title"] == "Clave secreta de webhook rechazada"
        body = {"url": "https://example.com/h", "secret": secret, "events": ["game_over"] * 2}
        twice = _problem(http.post(path, json=body, headers=headers), 400, "MALFORMED_INPUT")
        assert twice["detail"] == "el tipo de aviso 'game_over' aparece dos veces"
        missing = http.delete(f"{path}/wh_nothing", headers=headers)
        assert _problem(missing, 404, "WEBHOOK_NOT_FOUND")["title"] == "No existe ese webhook"


def test_an_invalid_clock_is_explained_in_spanish_problem_by_problem(http: httpx.Client) -> None:
    clock = {"decision_seconds": 0.5, "budget_seconds": 5, "on_timeout": "never"}
    r = http.post(
        "/api/v1/games", json={"game": "pagan", "seats": HUMANS, "clock": clock}, headers=ES
    )
    problem = _problem(r, 422, "INVALID_CLOCK")
    assert problem["title"] == "Reloj no válido"
    assert problem["detail"].startswith(
        "este reloj no se puede usar: un reloj lleva exactamente uno"
    )
    assert len(problem["problems"]) == 3
    assert problem["detail"].count("; ") == 2
    fill = {"game": "pagan", "seats": HUMANS, "fill_level": "novice"}
    alone = _problem(http.post("/api/v1/games", json=fill, headers=ES), 422, "INVALID_CLOCK")
    assert alone["problems"] == ["fill_level requiere fill_open_seats_after_seconds"]


def test_a_timeout_takeover_and_return_read_spanish() -> None:
    taken = clocks.TAKEN_OVER.format(seat="witch", level="medium")
    back = clocks.IS_BACK.format(seat="witch")
    events = [
        {"description": {"text": text, "actor": "witch", "action": kind}}
        for text, kind in ((taken, "timeout"), (back, "back"))
    ]
    spanish = i18n.localise(events, "es")
    assert spanish[0]["description"]["text"] == (
        "El asiento witch agotó su tiempo; una IA (medium) juega por él hasta que vuelva"
    )
    assert spanish[1]["description"]["text"] == "El asiento witch ha vuelto"
    assert _checked(spanish) == 2


@pytest.mark.slow
def test_a_seat_that_runs_out_of_time_forfeits_in_spanish(
    http: httpx.Client, worker: Process
) -> None:
    body = {
        "game": "pagan",
        "seats": HUMANS,
        "clock": {"decision_seconds": 1, "on_timeout": "forfeit"},
    }
    r = http.post("/api/v1/games", json=body, headers=ES)
    assert r.status_code == 201, r.text
    game_id, tokens = r.json()["id"], r.json()["tokens"]
    try:
        deadline = time.monotonic() + 15
        while True:
            game = http.get(
                f"/api/v1/games/{game_id}", params={"events_limit": 50}, headers=ES
            ).json()
            if game["status"] == "finished":
                break
            assert time.monotonic() < deadline, "the clock never ran out"
            time.sleep(0.2)
        assert game["outcome"]["reason"] == "timeout"
        assert game["outcome"]["detail"] == "El asiento witch agotó su tiempo"
        last = game["events"][-1]
        assert last["kind"] == "timeout"
        assert last["description"]["text"] == (
            "El asiento witch agotó su tiempo y pierde la partida"
        )
        assert _checked(game) >= 2
        late = http.post(
            f"/api/v1/games/{game_id}/back", json={}, headers={**ES, **bearer(tokens["witch"])}
        )
        assert _problem(late, 409, "GAME_OVER")["detail"] == "la partida ha terminado"
    finally:
        http.post(f"/api/v1/games/{game_id}/resign", json={}, headers=bearer(tokens["witch"]))


def test_a_refused_webhook_over_graphql_follows_accept_language(http: httpx.Client) -> None:
    with pagan_game(http, "es-webhooks-graphql") as (game_id, tokens):
        query = (
            'mutation ($g: ID!) { registerWebhook(gameId: $g, url: "gopher://x", '
            'secret: "0123456789abcdef0") { id } }'
        )
        r = http.post(
            "/graphql",
            json={"query": query, "variables": {"g": game_id}},
            headers={**ES, **bearer(tokens["witch"])},
        )
        (error,) = r.json()["errors"]
        assert error["extensions"]["code"] == "WEBHOOK_URL_REFUSED"
        assert error["message"] == "una URL de webhook debe ser http o https, no 'gopher'"
