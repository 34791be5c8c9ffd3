"""Differential hidden-information tests: two games that differ only in what one seat may not
know must look byte-identical to that seat, through every response, event and error, for the
same sequence of requests. Likewise for a spectator, who may know nothing hidden.

The two games live in two stores (two key prefixes, two API processes) under the same game id
and the same seat tokens, so even ids and tokens cannot tell them apart. They have different
seeds and salts, so different seed commitments: every view and the first event carry the
commitment, and apart from its value (a hash of a secret salt, which says nothing of the seed)
the answers are the same bytes; neither seed nor salt is in any of them."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from typing import Any

import httpx
import orjson
import pytest
from redis.asyncio import Redis

from gamestore import provenance
from gamestore.records import GameRecord, SeatConfig
from gamestore.settings import Settings
from gamestore.store import Store
from rules.core import Rng, get_game
from service import auth
from tests.support.client import GAME_FIELDS, bearer
from tests.support.processes import start_api

GAME_ID = "differential"
AT = re.compile(rb'"at":"[^"]*"')
COMMITMENT = re.compile(rb'"(seed_commitment|seedCommitment|commitment)":"[0-9a-f]{64}"')
SEEDS = ("differential-seed-a", "differential-seed-b")
SALTS = ("5a" * 32, "a5" * 32)
TOKENS = {"witch": "witch-token-0123456789", "hunter": "hunter-token-0123456789"}
STEPS = 160


def _store_game(
    env: dict[str, str], state_json: bytes, options: dict[str, Any], seed: str, salt: str
) -> None:
    settings = Settings(redis_url=env["REDIS_URL"], key_prefix=env["COVEN_KEY_PREFIX"])
    record = GameRecord(
        id=GAME_ID,
        game="pagan",
        options=options,
        seed=seed,
        salt=salt,
        seed_commitment=provenance.seed_commitment(seed, salt),
        seed_chosen=False,
        seats=[SeatConfig("witch", "human"), SeatConfig("hunter", "human")],
        version=0,
        state=state_json,
        creator="test",
        created=1.0,
        token_hashes={seat: auth.token_hash(tok) for seat, tok in TOKENS.items()},
    )

    async def put() -> None:
        redis = Redis.from_url(settings.redis_url)
        try:
            assert await Store(redis, settings).create(record)
        finally:
            await redis.aclose()

    asyncio.run(put())


def _twin_states(observer: str | None) -> tuple[Any, Any, dict[str, Any]]:
    """A Pagan game and a twin whose hidden parts (for `observer`) were dealt again."""
    game = get_game("pagan")
    state = game.new(None, "differential-seed")
    options = orjson.loads(orjson.dumps(game.to_json(state)))["options"]
    for i in range(50):
        twin = game.sample(state, observer or "hunter", Rng(1000 + i))
        if observer is None:
            twin = game.sample(twin, "witch", Rng(2000 + i))
        a, b = game.to_json(state), game.to_json(twin)
        if observer is not None:
            # `sample` also reshuffles the observer's own deck, whose order the observer does
            # not know either but will see as it draws: keep it, so that only the other
            # side's hidden parts differ.
            b[observer]["deck"] = a[observer]["deck"]
            twin = game.from_json(b)
        hidden_differs = {
            None: a["true_witch"] != b["true_witch"] and a["hunter"] != b["hunter"],
            "hunter": a["true_witch"] != b["true_witch"] and a["witch"] != b["witch"],
            "witch": a["hunter"] != b["hunter"],
        }[observer]
        if hidden_differs:
            assert game.view(state, observer) == game.view(twin, observer)
            return state, twin, options
    raise AssertionError("no resample changed the hidden parts")


@pytest.fixture(scope="module")
def twin_envs(namespace: dict[str, str]) -> Iterator[tuple[dict[str, str], dict[str, str]]]:
    envs = tuple(
        {**namespace, "COVEN_KEY_PREFIX": namespace["COVEN_KEY_PREFIX"] + f"twin{i}:"}
        for i in (1, 2)
    )
    yield envs  # type: ignore[misc]


class Twins:
    """Sends every request to both games and checks what the observer gets back."""

    def __init__(self, bases: tuple[str, str], observer: str | None) -> None:
        self.clients = [httpx.Client(base_url=b, timeout=30) for b in bases]
        self.observer = observer
        self.token = TOKENS[observer] if observer else None
        self.compared = 0
        self.moves = {"observer": 0, "other": 0}
        self.commitments = [
            provenance.seed_commitment(s, t) for s, t in zip(SEEDS, SALTS, strict=True)
        ]

    def same(
        self, method: str, path: str, *, token: str | None = None, **kw: Any
    ) -> httpx.Response:
        """Send to both; the observer's answers must be byte-identical (but for the events'
        times: the two games are played a few milliseconds apart), descriptions included."""
        answers = [c.request(method, path, headers=bearer(token), **kw) for c in self.clients]
        assert answers[0].status_code == answers[1].status_code, (path, kw)
        for answer in answers:
            for secret in (*SEEDS, *SALTS):
                assert secret.encode() not in answer.content, (path, secret)
        timeless = [_comparable(a.content) for a in answers]
        assert timeless[0] == timeless[1], (path, kw, answers[0].text[:300])
        self.compared += 1
        return answers[0]

    def both(
        self, method: str, path: str, *, token: str | None = None, **kw: Any
    ) -> list[httpx.Response]:
        return [c.request(method, path, headers=bearer(token), **kw) for c in self.clients]

    def close(self) -> None:
        for c in self.clients:
            c.close()


def _comparable(body: bytes) -> bytes:
    """An answer without what may differ: the events' times, and the commitment's value."""
    return COMMITMENT.sub(rb'"\1":"<commitment>"', AT.sub(b'"at":""', body))


def _play(twins: Twins, rng: random.Random, states: list[Any]) -> None:
    """Up to STEPS decisions. The observer's own moves are the same in both games; another
    seat's move in the twin is one whose result the observer sees exactly as in the first
    game (the same move where it is legal there; the rules core, run here on local copies of
    both states, finds it), so the games keep differing only in what the observer may not
    know."""
    game = get_game("pagan")
    path = f"/api/v1/games/{GAME_ID}"
    query = f"query ($id: ID!) {{ game(id: $id) {{ {GAME_FIELDS} seedCommitment }} }}"
    for _ in range(STEPS):
        seen = twins.same("GET", path, token=twins.token).json()
        assert all(e["description"]["text"] for e in seen["events"])  # compared above
        assert seen["seed_commitment"] == twins.commitments[0]
        graphql = twins.same(
            "POST",
            "/graphql",
            token=twins.token,
            json={"query": query, "variables": {"id": GAME_ID}},
        ).json()
        assert graphql["data"]["game"]["seedCommitment"] == twins.commitments[0]
        events = twins.same(
            "GET", path + "/events", token=twins.token, params={"after": 0, "limit": 500}
        ).json()["events"]
        assert [e["version"] for e in events if "seed_commitment" in e] == [1][: len(events)]
        if seen["version"] % 10 == 1 or seen["status"] != "active":
            record = twins.same("GET", path + "/record", token=twins.token).json()
            assert record["seed"]["commitment"] == twins.commitments[0]
            assert record["complete"] is False and record["viewpoint"] == twins.observer
        if seen["status"] != "active":
            return
        version, to_move = seen["version"], seen["to_move"]
        # Errors the observer can provoke, each answered identically and changing nothing.
        twins.same(
            "POST",
            path + "/moves",
            token=twins.token,
            json={"version": version, "move_id": "no-such-move"},
        )
        twins.same(
            "POST",
            path + "/moves",
            token=twins.token,
            json={"version": version + 5, "move_id": "done"},
        )
        twins.same("POST", path + "/moves", token=twins.token, json={"version": "x"})
        twins.same("POST", path + "/hint", token=twins.token, json={"level": "nonsense"})
        if to_move == twins.observer:
            move = rng.choice(seen["legal_moves"])["id"]
            twins.same(
                "POST",
                path + "/moves",
                token=twins.token,
                json={"version": version, "move_id": move},
            )
            states[:] = [game.apply(st, move) for st in states]
            twins.moves["observer"] += 1
            continue
        mover = TOKENS[to_move]
        pair = _matching_moves(game, states, twins.observer, rng)
        if pair is None:
            return
        move_a, move_b, after_a = pair
        for client, move in zip(twins.clients, (move_a, move_b), strict=True):
            r = client.post(
                path + "/moves", headers=bearer(mover), json={"version": version, "move_id": move}
            )
            assert r.status_code == 200, r.text
        states[:] = [after_a, game.apply(states[1], move_b)]
        twins.moves["other"] += 1


def _matching_moves(
    game: Any, states: list[Any], observer: str | None, rng: random.Random
) -> tuple[str, str, Any] | None:
    """A move in each game after which the observer's views are still equal, the first game's
    move drawn at random among those that have a match."""
    options = game.legal_moves(states[0])
    rng.shuffle(options)
    for move_a in options:
        after_a = game.apply(states[0], move_a)
        wanted = game.view(after_a, observer)
        candidates = sorted(game.legal_moves(states[1]), key=lambda m: m.id != move_a.id)
        for move_b in candidates:
            if game.view(game.apply(states[1], move_b), observer) == wanted:
                return move_a.id, move_b.id, after_a
    return None


def _first_stream_message(twins: Twins) -> None:
    firsts = []
    for client in twins.clients:
        with client.stream(
            "GET", f"/api/v1/games/{GAME_ID}/stream", headers=bearer(twins.token)
        ) as response:
            lines = []
            for line in response.iter_lines():
                if line == "" and lines:
                    break
                lines.append(_comparable(line.encode()))
            firsts.append(lines)
    assert firsts[0] == firsts[1]


@pytest.mark.parametrize(
    "observer", ["hunter", "witch", None], ids=["hunter", "witch", "spectator"]
)
@pytest.mark.slow
def test_a_seat_cannot_tell_apart_two_games_that_differ_only_in_what_it_may_not_know(
    twin_envs: tuple[dict[str, str], dict[str, str]], observer: str | None
) -> None:
    a, b, options = _twin_states(observer)
    game = get_game("pagan")
    for env, state, seed, salt in zip(twin_envs, (a, b), SEEDS, SALTS, strict=True):
        _store_game(env, orjson.dumps(game.to_json(state)), options, seed, salt)
    procs = [start_api(env) for env in twin_envs]
    twins = Twins((procs[0][1], procs[1][1]), observer)
    try:
        _play(twins, random.Random(5), [a, b])
        _first_stream_message(twins)
        # The sequence ends where the other side has no move with the same public effect in
        # both games (every option would show a card only one game has).
        assert twins.compared >= 100
        assert twins.moves["other"] >= 5
        if observer is not None:
            assert twins.moves["observer"] >= 5
    finally:
        twins.close()
        for proc, _ in procs:
            proc.stop()
        import redis

        client = redis.Redis.from_url(twin_envs[0]["REDIS_URL"])
        for env in twin_envs:
            keys = list(client.scan_iter(match=env["COVEN_KEY_PREFIX"] + "*"))
            if keys:
                client.delete(*keys)
        client.close()
