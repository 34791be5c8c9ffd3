"""Games played in Spanish over the real API: `Accept-Language: es` (REST and GraphQL) and
GraphQL's `lang` argument give Spanish move labels, prompts, log entries, outcomes and error
messages, with no English template left; English stays the default, unchanged."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import orjson
import pytest

from service import i18n
from service.games import catalog
from service.i18n import PLACEHOLDER
from tests.support.client import GAME_FIELDS, bearer

ES = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}
WORD = re.compile(r"[A-Za-z]{3,}")
SEAT_ID = re.compile(r"seat-\d+")
# The keys of a game answer whose texts are translated ("text" only in a log entry: a card's
# own text stays as printed, like its name; an outcome's "reason" is an id).
GAME_TEXT_KEYS = {"label", "prompt", "detail"}


def _english_words() -> set[str]:
    """The words of the English templates that no translation and no printed name uses."""
    names: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "name" and isinstance(value, str):
                    names.update(WORD.findall(value))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(catalog())
    spanish = i18n.read_messages("es")
    english = {w for msgid in spanish for w in WORD.findall(PLACEHOLDER.sub(" ", msgid))}
    kept = {w for msgstr in spanish.values() for w in WORD.findall(PLACEHOLDER.sub(" ", msgstr))}
    return english - kept - names


ENGLISH = _english_words()


def texts(answer: Any) -> Iterator[str]:
    """Every text a player reads in a game answer (REST or GraphQL names)."""
    if isinstance(answer, list):
        for item in answer:
            yield from texts(item)
    elif isinstance(answer, dict):
        for key, value in answer.items():
            if isinstance(value, str) and (
                key in GAME_TEXT_KEYS or (key == "text" and "actor" in answer)
            ):
                yield value
            else:
                yield from texts(value)


def assert_spanish(text: str) -> None:
    """No word of an English template in `text` (a seat's protocol name, "seat-1", is an id)."""
    left = [w for w in WORD.findall(SEAT_ID.sub("", text)) if w in ENGLISH]
    assert not left, f"English left in {text!r}: {left}"


def check(answer: Any) -> int:
    found = list(texts(answer))
    for text in found:
        assert_spanish(text)
    return len(found)


Mover = Callable[[str, str, int, str], dict[str, Any]]


def play(
    read: Callable[[str, str], dict[str, Any]],
    move: Mover,
    resign: Callable[[str, str, int], dict[str, Any]],
    game_id: str,
    tokens: dict[str, str],
    moves: int,
) -> dict[str, Any]:
    """Random legal moves by whichever seat decides, every answer checked; then a resignation
    when the game is not over by then. Returns the last answer."""
    rng = random.Random(7)
    seat = next(iter(tokens))
    game = read(game_id, tokens[seat])
    checked = check(game)
    for _ in range(moves):
        if game["status"] != "active":
            break
        seat = game["toMove"] if "toMove" in game else game["to_move"]
        game = read(game_id, tokens[seat])
        checked += check(game)
        legal = game["legalMoves"] if "legalMoves" in game else game["legal_moves"]
        game = move(game_id, tokens[seat], game["version"], rng.choice(legal)["id"])
        checked += check(game)
    if game["status"] == "active":
        game = resign(game_id, tokens[seat], game["version"])
        checked += check(game)
    assert game["outcome"] is not None and game["outcome"]["detail"]
    assert checked > moves
    return game


def _seats(game: str) -> list[dict[str, str]]:
    seats = {"pagan": ["witch", "hunter"], "pantacle": ["seat-0", "seat-1", "seat-2"]}
    return [{"seat": s, "kind": "human"} for s in seats[game]]


OPTIONS: dict[str, dict[str, Any]] = {"pagan": {"max_turns": 4}, "pantacle": {}}


@pytest.fixture
def http(api: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=api, timeout=30) as client:
        yield client


def _create(http: httpx.Client, game: str, seed: str) -> tuple[str, dict[str, str]]:
    body = {"game": game, "seed": seed, "options": OPTIONS[game], "seats": _seats(game)}
    r = http.post("/api/v1/games", json=body, headers=ES)
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]


@contextlib.contextmanager
def pagan_game(http: httpx.Client, seed: str) -> Iterator[tuple[str, dict[str, str]]]:
    """A Pagan game of two human seats, resigned afterwards (the open-games cap)."""
    game_id, tokens = _create(http, "pagan", seed)
    try:
        yield game_id, tokens
    finally:
        http.post(f"/api/v1/games/{game_id}/resign", json={}, headers=bearer(tokens["witch"]))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["pagan", "pantacle"])
def test_a_game_played_over_rest_in_spanish_reads_spanish_throughout(
    http: httpx.Client, game: str
) -> None:
    game_id, tokens = _create(http, game, f"es-rest-{game}")

    def read(gid: str, token: str) -> dict[str, Any]:
        r = http.get(f"/api/v1/games/{gid}", headers={**ES, **bearer(token)})
        assert r.status_code == 200 and r.headers["content-language"] == "es", r.text
        return dict(r.json())

    def move(gid: str, token: str, version: int, move_id: str) -> dict[str, Any]:
        body = {"version": version, "move_id": move_id}
        r = http.post(f"/api/v1/games/{gid}/moves", json=body, headers={**ES, **bearer(token)})
        assert r.status_code == 200, r.text
        return dict(r.json())

    def resign(gid: str, token: str, version: int) -> dict[str, Any]:
        body = {"version": version}
        r = http.post(f"/api/v1/games/{gid}/resign", json=body, headers={**ES, **bearer(token)})
        assert r.status_code == 200, r.text
        return dict(r.json())

    last = play(read, move, resign, game_id, tokens, 120)
    events = http.get(f"/api/v1/games/{game_id}/events", headers=ES).json()["events"]
    assert check(events) >= len(events) > 0
    assert last["events"]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["pagan", "pantacle"])
def test_a_game_played_over_graphql_with_lang_reads_spanish_throughout(
    http: httpx.Client, game: str
) -> None:
    game_id, tokens = _create(http, game, f"es-graphql-{game}")

    def call(query: str, token: str, **variables: Any) -> dict[str, Any]:
        r = http.post(
            "/graphql", json={"query": query, "variables": variables}, headers=bearer(token)
        )
        assert r.status_code == 200 and "errors" not in r.json(), r.text
        return dict(r.json()["data"])

    def read(gid: str, token: str) -> dict[str, Any]:
        query = f"query($g: ID!) {{ game(gameId: $g, lang: ES) {{ {GAME_FIELDS} }} }}"
        return dict(call(query, token, g=gid)["game"])

    def move(gid: str, token: str, version: int, move_id: str) -> dict[str, Any]:
        query = (
            "mutation($g: ID!, $v: Int!, $m: String!) "
            f"{{ move(gameId: $g, version: $v, moveId: $m, lang: ES) {{ {GAME_FIELDS} }} }}"
        )
        return dict(call(query, token, g=gid, v=version, m=move_id)["move"])

    def resign(gid: str, token: str, version: int) -> dict[str, Any]:
        query = (
            "mutation($g: ID!, $v: Int) "
            f"{{ resign(gameId: $g, version: $v, lang: ES) {{ {GAME_FIELDS} }} }}"
        )
        return dict(call(query, token, g=gid, v=version)["resign"])

    play(read, move, resign, game_id, tokens, 120)


@pytest.mark.slow
def test_an_illegal_move_and_other_errors_are_explained_in_spanish(http: httpx.Client) -> None:
    with pagan_game(http, "es-errors") as (game_id, tokens):
        r = http.post(
            f"/api/v1/games/{game_id}/moves",
            json={"version": 0, "move_id": "nope"},
            headers={**ES, **bearer(tokens["witch"])},
        )
        assert r.status_code == 422
        problem = r.json()
        assert problem["code"] == "ILLEGAL_MOVE" and problem["title"] == "Jugada ilegal"
        assert problem["detail"].startswith("'nope' no es una jugada legal ahora: la decisión es")
        for text in (problem["title"], problem["detail"]):
            assert_spanish(text)
        missing = http.get("/api/v1/games/nosuchgame", headers=ES).json()
        assert missing["title"] == "No existe esa partida"
        assert_spanish(missing["detail"])
        nowhere = http.get("/api/v1/nothing-here", headers=ES).json()
        assert nowhere["title"] == "No encontrado"

        query = 'mutation($g: ID!) { move(gameId: $g, version: 0, moveId: "nope") { version } }'
        r = http.post(
            "/graphql",
            json={"query": query, "variables": {"g": game_id}},
            headers={**ES, **bearer(tokens["witch"])},
        )
        (error,) = r.json()["errors"]
        assert error["extensions"]["code"] == "ILLEGAL_MOVE"
        assert error["message"].startswith("'nope' no es una jugada legal ahora")
        assert_spanish(error["message"])
        bad_token = "query($g: ID!) { game(gameId: $g, lang: ES) { version } }"
        body = {"query": bad_token, "variables": {"g": game_id}}
        r = http.post("/graphql", json=body, headers=bearer("wrong"))
        assert r.json()["errors"][0]["message"] == (
            "este token no es un token de asiento de esta partida"
        )


@pytest.mark.slow
def test_english_stays_the_default_and_each_language_has_its_own_etag(
    http: httpx.Client,
) -> None:
    with pagan_game(http, "es-etag") as (game_id, tokens):
        auth = bearer(tokens["witch"])
        plain = http.get(f"/api/v1/games/{game_id}", headers=auth)
        english = http.get(
            f"/api/v1/games/{game_id}", headers={**auth, "Accept-Language": "fr, en;q=0.5"}
        )
        spanish = http.get(f"/api/v1/games/{game_id}", headers={**auth, **ES})
        assert plain.content == english.content and "content-language" not in plain.headers
        assert "Accept-Language" in plain.headers["vary"]
        assert "Accept-Language" in spanish.headers["vary"]
        labels = [m["label"] for m in plain.json()["legal_moves"]]
        assert any(label.startswith("Visit ") for label in labels)
        assert any(m["label"].startswith("Visitar a ") for m in spanish.json()["legal_moves"])
        assert spanish.headers["etag"] != plain.headers["etag"]
        again = http.get(
            f"/api/v1/games/{game_id}",
            headers={**auth, **ES, "If-None-Match": spanish.headers["etag"]},
        )
        assert again.status_code == 304 and again.headers["etag"] == spanish.headers["etag"]
        cross = http.get(
            f"/api/v1/games/{game_id}",
            headers={**auth, **ES, "If-None-Match": plain.headers["etag"]},
        )
        assert cross.status_code == 200 and cross.content == spanish.content


@pytest.mark.slow
def test_graphql_follows_accept_language_without_lang(http: httpx.Client) -> None:
    with pagan_game(http, "es-graphql-header") as (game_id, tokens):
        query = (
            "query($g: ID!, $l: Language) { game(gameId: $g, lang: $l) { legalMoves { label } } }"
        )
        auth = bearer(tokens["witch"])

        def labels(headers: dict[str, str], lang: str | None = None) -> list[str]:
            body = {"query": query, "variables": {"g": game_id, "l": lang}}
            r = http.post("/graphql", json=body, headers={**auth, **headers}).json()
            return [m["label"] for m in r["data"]["game"]["legalMoves"]]

        assert labels(ES)[0].startswith("Visitar a ")
        assert labels({})[0].startswith("Visit ")
        assert labels(ES, "EN")[0].startswith("Visit ")
        assert labels({}, "ES")[0].startswith("Visitar a ")


@pytest.mark.slow
def test_a_server_sent_events_stream_sends_the_game_in_spanish(http: httpx.Client) -> None:
    with pagan_game(http, "es-stream") as (game_id, tokens):
        path = f"/api/v1/games/{game_id}/stream"
        with http.stream("GET", path, headers={**ES, **bearer(tokens["witch"])}) as response:
            assert response.status_code == 200
            data = next(
                line.removeprefix("data: ")
                for line in response.iter_lines()
                if line.startswith("data: ")
            )
        game = orjson.loads(data)
        assert game["legal_moves"][0]["label"].startswith("Visitar a ")
        assert check(game) > 0


def test_a_patch_mode_stream_patches_the_spanish_document(http: httpx.Client) -> None:
    with pagan_game(http, "es-patch") as (game_id, tokens):
        witch = bearer(tokens["witch"])
        path = f"/api/v1/games/{game_id}/stream?mode=patch"
        with http.stream("GET", path, headers={**ES, **witch}) as response:
            assert response.status_code == 200
            messages = (
                orjson.loads(line.removeprefix("data: "))
                for line in response.iter_lines()
                if line.startswith("data: ")
            )
            game = next(messages)
            move = game["legal_moves"][0]
            answer = http.post(
                f"/api/v1/games/{game_id}/moves",
                json={"version": game["version"], "move_id": move["id"]},
                headers=witch,
            )
            assert answer.status_code == 200, answer.text
            patch = next(messages)
        assert patch["base"] == game["version"]
        # The patch carries the new decision's prompt and moves: Spanish, like the log entry.
        values = [op["value"] for op in patch["patch"] if "value" in op]
        assert check(values) > 0
        assert check(patch["events"]) > 0
