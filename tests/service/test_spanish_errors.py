"""Every error code, asked for in Spanish, answers in Spanish: REST's problem `title` and
`detail` (and its `problems`), GraphQL's `message` over HTTP and over the WebSocket, with no
English template left; the machine-readable members (`code`, `index`, `current_version`)
are as in English.

Each code is made to happen for real by an in-process app against the real Redis (a few
through a fault injected where only a broken store or server can cause them). The walk fails
when a code of `service.errors` has no case here, so a new error cannot skip it.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import orjson
import pytest
import redis

import ai
from gamestore.pool import PoolExhausted
from gamestore.settings import Settings
from gamestore.store import Store
from service import games, i18n
from service.app import create_app
from service.errors import ALL_ERRORS
from service.i18n import Translator
from tests.service.test_spanish import assert_spanish
from tests.support.in_process import TestClient
from tests.support.namespace import settings_for

ES = {"Accept-Language": "es"}
HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
SECRET = "whsec-0123456789abcdef"
# What a message may quote as given (ids, seats, URLs, field paths) and the ids the API takes.
QUOTED = re.compile(r"'[^']*'")
IDS = re.compile(r"\b(witch|hunter|seat-\d|ai:[a-z]+|forfeit|[a-z]+(?:_[a-z]+)+)\b")
# Every English template of the catalog, as a translator into itself: an English text is found.
ENGLISH = Translator({k: k for k in i18n.read_messages("es")})
CODES = {e.code for e in ALL_ERRORS} | {"INTERNAL_ERROR"}


@dataclass
class Seen:
    """The answers of one case: (channel, code, texts a player reads, the whole answer)."""

    answers: list[tuple[str, str, list[str], dict[str, Any]]] = field(default_factory=list)


class Env:
    """An app of the test's own, and the three ways to ask it."""

    def __init__(self, client: TestClient, store: redis.Redis, prefix: str) -> None:
        self.client = client
        self.store = store
        self.prefix = prefix
        self.seen = Seen()

    # -- asking --------------------------------------------------------------------------

    def rest(
        self, method: str, path: str, token: str | None = None, **kwargs: Any
    ) -> dict[str, Any]:
        headers = {**ES, **kwargs.pop("headers", {})}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        r = self.client.request(method, "/api/v1" + path, headers=headers, **kwargs)
        body: dict[str, Any] = r.json()
        if r.status_code >= 400:
            assert r.headers["content-type"] == "application/problem+json", r.text
            texts = [body["title"], body["detail"], *body.get("problems", [])]
            self.seen.answers.append(("REST", body["code"], texts, body))
        return body

    def graphql(self, query: str, token: str | None = None, **variables: Any) -> dict[str, Any]:
        headers = {**ES, **({"Authorization": f"Bearer {token}"} if token else {})}
        r = self.client.post(
            "/graphql", json={"query": query, "variables": variables}, headers=headers
        )
        body: dict[str, Any] = r.json()
        for error in body.get("errors") or ():
            code = error.get("extensions", {}).get("code", "NO_CODE")
            self.seen.answers.append(("GraphQL", code, [error["message"]], error))
        return body

    def websocket(self, query: str, token: str | None = None, **variables: Any) -> None:
        with self.client.websocket_connect(
            "/graphql", subprotocols=["graphql-transport-ws"], headers=ES
        ) as ws:
            ws.send_json({"type": "connection_init", "payload": {"token": token} if token else {}})
            assert ws.receive_json()["type"] == "connection_ack"
            payload = {"query": query, "variables": variables}
            ws.send_json({"id": "1", "type": "subscribe", "payload": payload})
            while True:
                message = ws.receive_json()
                if message["type"] == "ping":
                    continue
                errors = message["payload"] if message["type"] == "error" else []
                if message["type"] == "next":
                    errors = message["payload"].get("errors") or []
                for error in errors:
                    code = error.get("extensions", {}).get("code", "NO_CODE")
                    self.seen.answers.append(("WebSocket", code, [error["message"]], error))
                return

    def both(self, query: str, token: str | None = None, **variables: Any) -> None:
        """A GraphQL operation over HTTP and over the WebSocket."""
        self.graphql(query, token, **variables)
        self.websocket(query, token, **variables)

    # -- games ---------------------------------------------------------------------------

    def game(
        self, seats: list[dict[str, str]] = HUMANS, **extra: Any
    ) -> tuple[str, dict[str, str]]:
        r = self.client.post("/api/v1/games", json={"game": "pagan", "seats": seats, **extra})
        assert r.status_code == 201, r.text
        return r.json()["id"], r.json()["tokens"]

    def first_move(self, game_id: str, token: str) -> str:
        read = self.client.get(
            f"/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"}
        )
        move: str = read.json()["legal_moves"][0]["id"]
        return move

    def finished(self) -> tuple[str, dict[str, str]]:
        game_id, tokens = self.game()
        r = self.client.post(
            f"/api/v1/games/{game_id}/resign",
            json={},
            headers={"Authorization": f"Bearer {tokens['witch']}"},
        )
        assert r.status_code == 200, r.text
        return game_id, tokens


MOVE = (
    "mutation ($g: ID!, $v: Int!, $m: String!) "
    "{ move(gameId: $g, version: $v, moveId: $m) { version } }"
)
CREATE = "mutation ($input: CreateGameInput!) { createGame(input: $input) { id } }"
JOIN = "mutation ($g: ID!, $n: String) { joinGame(gameId: $g, name: $n) { seat } }"
READ = "query ($g: ID!) { game(gameId: $g) { version } }"
BACK = "mutation ($g: ID!) { back(gameId: $g) { version } }"
UNDO = "mutation ($g: ID!, $v: Int!) { undo(gameId: $g, version: $v) { version } }"
REMATCH = "mutation ($g: ID!) { rematch(gameId: $g) { id } }"
HINT = "mutation ($g: ID!) { hint(gameId: $g) { version } }"
WEBHOOK = (
    "mutation ($g: ID!, $u: String!, $s: String!) "
    "{ registerWebhook(gameId: $g, url: $u, secret: $s) { id } }"
)
DELETE_WEBHOOK = "mutation ($g: ID!, $w: ID!) { deleteWebhook(gameId: $g, webhookId: $w) { id } }"


def game_not_found(env: Env) -> None:
    env.rest("GET", "/games/no-such-game")
    env.both(READ, g="no-such-game")


def unknown_game_type(env: Env) -> None:
    env.rest("POST", "/games", json={"game": "chess"})
    env.both(CREATE, input={"game": "chess"})


def invalid_options(env: Env) -> None:
    seats = [{"seat": "nobody", "kind": "human"}, {"seat": "witch", "kind": "ai", "level": "x"}]
    env.rest("POST", "/games", json={"game": "pagan", "seats": seats})
    env.both(CREATE, input={"game": "pagan", "seats": seats})


def seed_with_open_seat(env: Env) -> None:
    seats = [{"seat": "witch", "kind": "human"}]
    env.rest("POST", "/games", json={"game": "pagan", "seed": "s", "seats": seats})
    env.both(CREATE, input={"game": "pagan", "seed": "s", "seats": seats})


def malformed_input(env: Env) -> None:
    game_id, tokens = env.game()
    witch = tokens["witch"]
    for body in (
        {},
        {"version": "3", "move_id": "x"},
        {"version": 0, "move_id": "x", "value": {}},
        {"version": 0, "moves": [{}]},
        {"version": -1, "move_id": "", "extra": True},
    ):
        env.rest("POST", f"/games/{game_id}/moves", witch, json=body)
    env.rest(
        "POST",
        f"/games/{game_id}/moves",
        witch,
        content=b"{not json",
        headers={"Content-Type": "application/json"},
    )
    clock = {"decision_seconds": "10", "on_timeout": "forfeit"}
    env.rest("POST", "/games", json={"game": "pagan", "seats": HUMANS, "clock": clock})
    env.rest("POST", "/games", json={"game": "pagan", "seats": [{"seat": "witch", "kind": "x"}]})
    env.rest("GET", f"/games/{game_id}", params={"events_after": "x"})
    query = (
        'mutation ($g: ID!) { move(gameId: $g, version: 0, moveId: "x", value: {}) { version } }'
    )
    env.both(query, witch, g=game_id)
    env.both("query { noSuchField }")  # GraphQL's own validation


def name_refused(env: Env) -> None:
    seats = [{"seat": "witch", "kind": "human", "name": "AI (hard)"}]
    env.rest("POST", "/games", json={"game": "pagan", "seats": seats})
    open_game, _ = env.game([{"seat": "witch", "kind": "human"}])
    env.both(JOIN, g=open_game, n="a\u2028b")


def bad_token(env: Env) -> None:
    game_id, _ = env.game()
    env.rest("POST", f"/games/{game_id}/moves", "forged", json={"version": 0, "move_id": "x"})
    env.both(MOVE, "forged", g=game_id, v=0, m="x")


def not_your_decision(env: Env) -> None:
    game_id, tokens = env.game()
    move = env.first_move(game_id, tokens["witch"])
    env.rest(
        "POST", f"/games/{game_id}/moves", tokens["hunter"], json={"version": 0, "move_id": move}
    )
    env.both(MOVE, tokens["hunter"], g=game_id, v=0, m=move)


def stale_version(env: Env) -> None:
    game_id, tokens = env.game()
    move = env.first_move(game_id, tokens["witch"])
    answer = env.rest(
        "POST", f"/games/{game_id}/moves", tokens["witch"], json={"version": 99, "move_id": move}
    )
    assert answer["current_version"] == 0
    env.both(MOVE, tokens["witch"], g=game_id, v=99, m=move)


def illegal_move(env: Env) -> None:
    game_id, tokens = env.game()
    witch = tokens["witch"]
    env.rest("POST", f"/games/{game_id}/moves", witch, json={"version": 0, "move_id": "nope"})
    move = env.first_move(game_id, witch)
    batch = {"version": 0, "moves": [{"move_id": move}, {"move_id": "nope"}]}
    answer = env.rest("POST", f"/games/{game_id}/moves", witch, json=batch)
    assert answer["index"] in (0, 1)
    env.both(MOVE, witch, g=game_id, v=0, m="nope")


def game_over(env: Env) -> None:
    game_id, tokens = env.finished()
    env.rest(
        "POST", f"/games/{game_id}/moves", tokens["witch"], json={"version": 1, "move_id": "x"}
    )
    env.both(MOVE, tokens["witch"], g=game_id, v=1, m="x")


def invalid_clock(env: Env) -> None:
    clock = {"decision_seconds": 0.5, "budget_seconds": 5, "on_timeout": "never"}
    env.rest("POST", "/games", json={"game": "pagan", "seats": HUMANS, "clock": clock})
    env.both(
        CREATE,
        input={
            "game": "pagan",
            "seats": HUMANS,
            "clock": {"decisionSeconds": 0.5, "onTimeout": "never"},
        },
    )


def _clocked(env: Env) -> tuple[str, dict[str, str], str]:
    game_id, tokens = env.game(clock={"decision_seconds": 600, "on_timeout": "ai:novice"})
    return game_id, tokens, f"{env.prefix}g:{game_id}"


def time_is_up(env: Env) -> None:
    """The Witch's clock started long ago (written into its state: no test waits for it)."""
    for channel in ("REST", "GraphQL", "WebSocket"):
        game_id, tokens, key = _clocked(env)
        move = env.first_move(game_id, tokens["witch"])
        clk = orjson.loads(env.store.hget(key, "clk") or b"{}")
        clk["since"] = clk["since"] - 10_000
        env.store.hset(key, "clk", orjson.dumps(clk))
        if channel == "REST":
            body = {"version": 0, "move_id": move}
            answer = env.rest("POST", f"/games/{game_id}/moves", tokens["witch"], json=body)
            assert answer["current_version"] == 0
        elif channel == "GraphQL":
            env.graphql(MOVE, tokens["witch"], g=game_id, v=0, m=move)
        else:
            env.websocket(MOVE, tokens["witch"], g=game_id, v=0, m=move)


def not_away(env: Env) -> None:
    game_id, tokens, _ = _clocked(env)
    env.rest("POST", f"/games/{game_id}/back", tokens["witch"], json={})
    env.both(BACK, tokens["witch"], g=game_id)


def undo_not_allowed(env: Env) -> None:
    game_id, tokens = env.game()
    env.rest("POST", f"/games/{game_id}/undo", tokens["witch"], json={"version": 0})
    env.both(UNDO, tokens["witch"], g=game_id, v=0)


def game_not_finished(env: Env) -> None:
    game_id, tokens = env.game()
    env.rest("POST", f"/games/{game_id}/rematch", tokens["witch"], json={})
    env.both(REMATCH, tokens["witch"], g=game_id)


REPLAY = "query ($g: ID!, $v: Int!) { replay(gameId: $g, version: $v) { version } }"


def no_such_position(env: Env) -> None:
    game_id, tokens = env.finished()
    env.rest("GET", f"/games/{game_id}/replay?version=9999", tokens["witch"])
    env.both(REPLAY, tokens["witch"], g=game_id, v=9999)


def record_refused(env: Env) -> None:
    game_id, tokens = env.finished()
    record = env.rest("GET", f"/games/{game_id}/record", tokens["witch"])
    record["decisions"] = record["decisions"][:-1]  # the outcome no longer follows
    env.rest("POST", "/replays/verify", json={"record": {"game": "pagan"}})
    env.rest("POST", "/replays", json={"record": record, "version": 0})


def seat_not_open(env: Env) -> None:
    game_id, _ = env.game()
    env.rest("POST", f"/games/{game_id}/join", json={})
    env.both(JOIN, g=game_id)


def idempotency_key_reused(env: Env) -> None:
    game_id, tokens = env.game()
    witch = tokens["witch"]
    move = env.first_move(game_id, witch)
    path = f"/games/{game_id}/moves"
    key = {"Idempotency-Key": "es-key"}
    first = env.client.post(
        "/api/v1" + path,
        json={"version": 0, "move_id": move},
        headers={**key, "Authorization": f"Bearer {witch}"},
    )
    assert first.status_code == 200, first.text
    env.rest("POST", path, witch, json={"version": 1, "move_id": "x"}, headers=key)
    query = (
        'mutation ($g: ID!) { move(gameId: $g, version: 1, moveId: "x", '
        'idempotencyKey: "es-key") { version } }'
    )
    env.both(query, witch, g=game_id)


def too_many_open_games(env: Env) -> None:
    """(the tight app: one open game per address)"""
    env.rest("POST", "/games", json={"game": "pagan", "seats": HUMANS})
    env.rest("POST", "/games", json={"game": "pagan", "seats": HUMANS})
    env.graphql(CREATE, input={"game": "pagan", "seats": HUMANS})


def rate_limited(env: Env) -> None:
    """(the tight app: a handful of requests per window)"""
    for _ in range(12):
        env.rest("GET", "/games/no-such-game")
    env.graphql(READ, g="no-such-game")


def hint_timeout_and_rate_limited(env: Env) -> None:
    """The hint's AI never answers here (no worker serves this app's queue): the first asks
    time out, then the seat has asked its one hint of the window."""
    game_id, tokens = env.game()
    env.rest("POST", f"/games/{game_id}/hint", tokens["witch"], json={})
    env.rest("POST", f"/games/{game_id}/hint", tokens["witch"], json={})
    game_id, tokens = env.game()
    env.both(HINT, tokens["witch"], g=game_id)


def payload_too_large(env: Env) -> None:
    env.rest("POST", "/games", json={"game": "pagan", "seed": "x" * 70_000})


def unsupported_media_type(env: Env) -> None:
    env.rest("POST", "/games", content=b"game=pagan", headers={"Content-Type": "text/plain"})
    env.rest("POST", "/games", content=b"{}", headers={"Content-Type": ""})


def webhooks(env: Env) -> None:
    game_id, tokens = env.game()
    witch = tokens["witch"]
    path = f"/games/{game_id}/webhooks"
    env.rest("DELETE", f"{path}/wh_nothing", witch)
    env.both(DELETE_WEBHOOK, witch, g=game_id, w="wh_nothing")
    for url in ("ftp://example.com/h", "http://a..b/h", "http://[2002:7f00:1::]/h"):
        env.rest("POST", path, witch, json={"url": url, "secret": SECRET})
        env.both(WEBHOOK, witch, g=game_id, u=url, s=SECRET)
    env.rest(
        "POST", path, witch, json={"url": "https://93.184.216.34/h", "secret": "a b c d e f g h i"}
    )
    env.both(WEBHOOK, witch, g=game_id, u="https://93.184.216.34/h", s="with spaces 0123456")
    for i in range(6):
        url = f"https://93.184.216.{i + 1}/h"
        env.rest("POST", path, witch, json={"url": url, "secret": SECRET})
    env.both(WEBHOOK, witch, g=game_id, u="https://93.184.216.99/h", s=SECRET)


def routes(env: Env) -> None:
    env.rest("GET", "/nothing-here")
    env.rest("DELETE", "/games")


def store_unavailable(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    async def unreachable(*args: Any, **kwargs: Any) -> Any:
        raise redis.exceptions.ConnectionError("injected: the store is gone")

    async def exhausted(*args: Any, **kwargs: Any) -> Any:
        raise PoolExhausted("injected: no connection to give")

    for fault in (unreachable, exhausted):
        with monkeypatch.context() as patch:
            patch.setattr(Store, "load", fault)
            env.rest("GET", "/games/some-game")
            env.graphql(READ, g="some-game")


def hint_unavailable(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, tokens = env.game()
    with monkeypatch.context() as patch:
        patch.delattr(ai, "analyse")
        env.rest("POST", f"/games/{game_id}/hint", tokens["witch"], json={})
        env.both(HINT, tokens["witch"], g=game_id)


def internal_error(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, _ = env.game()

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("injected: /srv/coven/a file the client must not see")

    with monkeypatch.context() as patch:
        patch.setattr(games, "seat_game", broken)
        env.rest("GET", f"/games/{game_id}")
        env.both(READ, g=game_id)


def too_many_subscriptions(env: Env) -> None:
    """(the capped app: one subscription per WebSocket) The second is refused, the first goes on."""
    game_id, tokens = env.game()
    watch = "subscription ($g: ID!) { game(gameId: $g) { version } }"
    with env.client.websocket_connect(
        "/graphql", subprotocols=["graphql-transport-ws"], headers=ES
    ) as ws:
        ws.send_json({"type": "connection_init", "payload": {"token": tokens["witch"]}})
        assert ws.receive_json()["type"] == "connection_ack"
        for id in ("1", "2"):
            payload = {"query": watch, "variables": {"g": game_id}}
            ws.send_json({"id": id, "type": "subscribe", "payload": payload})
        while True:
            message = ws.receive_json()
            if message.get("id") == "2" and message["type"] == "error":
                for error in message["payload"]:
                    code = error.get("extensions", {}).get("code", "NO_CODE")
                    env.seen.answers.append(("WebSocket", code, [error["message"]], error))
                return


# -- the apps ------------------------------------------------------------------------------


def _settings(namespace: dict[str, str], **update: Any) -> Settings:
    tag = uuid.uuid4().hex[:6]
    prefix = f"{namespace['COVEN_KEY_PREFIX']}es-errors-{tag}:"
    base = settings_for({**namespace, "COVEN_KEY_PREFIX": prefix})
    return base.model_copy(
        update={
            "hint_queue": f"{namespace['COVEN_HINT_QUEUE']}-es-errors-{tag}",
            "hint_timeout_seconds": 0.2,
            "hint_rate_limit_per_seat": 1,
            **update,
        }
    )


@pytest.fixture(scope="module")
def store(namespace: dict[str, str]) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(namespace["REDIS_URL"])
    yield client
    client.close()


def _env(settings: Settings, store: redis.Redis) -> Iterator[Env]:
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        yield Env(client, store, settings.key_prefix)
    store.delete(settings.hint_queue)


@pytest.fixture(scope="module")
def env(namespace: dict[str, str], store: redis.Redis) -> Iterator[Env]:
    yield from _env(_settings(namespace), store)


@pytest.fixture(scope="module")
def tight(namespace: dict[str, str], store: redis.Redis) -> Iterator[Env]:
    settings = _settings(namespace, max_open_games_per_address=1, rate_limit_per_address=8)
    yield from _env(settings, store)


@pytest.fixture(scope="module")
def capped(namespace: dict[str, str], store: redis.Redis) -> Iterator[Env]:
    yield from _env(_settings(namespace, max_subscriptions_per_connection=1), store)


CASES: list[Callable[[Env], None]] = [
    game_not_found,
    unknown_game_type,
    invalid_options,
    seed_with_open_seat,
    malformed_input,
    name_refused,
    bad_token,
    not_your_decision,
    stale_version,
    illegal_move,
    game_over,
    invalid_clock,
    time_is_up,
    not_away,
    undo_not_allowed,
    game_not_finished,
    no_such_position,
    record_refused,
    seat_not_open,
    idempotency_key_reused,
    hint_timeout_and_rate_limited,
    payload_too_large,
    unsupported_media_type,
    webhooks,
    routes,
]
FAULTS: list[Callable[[Env, pytest.MonkeyPatch], None]] = [
    store_unavailable,
    hint_unavailable,
    internal_error,
]


def _spanish(text: str) -> None:
    assert ENGLISH.find(text) is None, f"an English message: {text!r}"
    assert_spanish(IDS.sub("", QUOTED.sub("", text)))


def test_every_error_code_answers_in_spanish_with_its_machine_readable_members(
    env: Env, tight: Env, capped: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    for case in CASES:
        case(env)
    for fault in FAULTS:
        fault(env, monkeypatch)
    too_many_open_games(tight)
    rate_limited(tight)
    too_many_subscriptions(capped)
    answers = [*env.seen.answers, *tight.seen.answers, *capped.seen.answers]
    seen_codes = {code for _, code, _, _ in answers}
    assert sorted(CODES - seen_codes) == [], "codes without a case"
    channels = {(channel, code) for channel, code, _, _ in answers}
    for code in CODES - {"TOO_MANY_SUBSCRIPTIONS"}:  # that one is of the WebSocket only
        assert ("REST", code) in channels or ("GraphQL", code) in channels, code
    assert len({code for channel, code in channels if channel == "WebSocket"}) >= 20
    graphql_own = {
        channel
        for channel, code, texts, _ in answers
        if code == "MALFORMED_INPUT" and texts[0].startswith("la petición GraphQL no es válida: ")
    }
    assert graphql_own == {"GraphQL", "WebSocket"}
    english: list[str] = []
    for channel, code, texts, answer in answers:
        for text in texts:
            if code == "MALFORMED_INPUT" and text.startswith("la petición GraphQL no es válida"):
                continue  # GraphQL's own reason, quoted in English (docs/localisation.md)
            try:
                _spanish(text)
            except AssertionError as exc:
                english.append(f"{channel} {code}: {exc}")
        assert "/srv" not in orjson.dumps(answer).decode(), answer
    assert english == [], "\n".join(english)
