"""The API and a worker on a real three-master Redis Cluster (`COVEN_REDIS_CLUSTER=true`,
REDIS_URL naming one node; the Celery broker is the plain Redis of the other tests): a human
plays the AI over REST with the AI's turns arriving as server-sent events, and each game's
keys sit in one slot while several games spread over the nodes."""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from redis.asyncio.cluster import RedisCluster

from gamestore.records import GameRecord, SeatConfig
from gamestore.settings import Settings
from gamestore.store import Store, WriteNotReplicated
from rules.core import get_game
from tests.support.client import EventStream, Rest
from tests.support.namespace import REDIS_URL, clear
from tests.support.processes import start_api, start_worker
from tests.support.redis_servers import RedisServer, add_cluster_replica, redis_cluster
from tests.support.tables import to_move, two_humans

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[RedisServer]]:
    with redis_cluster(Path(tmp_path_factory.mktemp("cluster"))) as nodes:
        yield nodes


@pytest.fixture(scope="module")
def cluster_env(cluster: list[RedisServer], namespace: dict[str, str]) -> Iterator[dict[str, str]]:
    env = {
        **namespace,
        "REDIS_URL": cluster[1].url,
        "COVEN_REDIS_CLUSTER": "true",
        "CELERY_BROKER_URL": REDIS_URL,
        # A queue of its own: the session's worker (on the plain Redis) must not take its turns.
        "COVEN_AI_QUEUE": namespace["COVEN_AI_QUEUE"] + "-cluster",
    }
    yield env
    clear(env["COVEN_KEY_PREFIX"], env["COVEN_AI_QUEUE"])  # the broker's side


@pytest.fixture(scope="module")
def cluster_api(cluster_env: dict[str, str]) -> Iterator[str]:
    worker = start_worker(cluster_env, cluster_env["COVEN_AI_QUEUE"], "cluster")
    try:
        proc, base = start_api(cluster_env)
        yield base
        proc.stop()
    finally:
        worker.stop()


def test_a_human_plays_the_ai_to_the_end_on_a_redis_cluster_with_live_updates(
    cluster_api: str,
) -> None:
    rest = Rest(cluster_api)
    created = rest.create(
        game="pagan",
        seed="cluster-1",
        options={"max_turns": 12},
        seats=[
            {"seat": "hunter", "kind": "human"},
            {"seat": "witch", "kind": "ai", "level": "novice"},
        ],
    )
    game_id, token = created["id"], created["tokens"]["hunter"]
    rng = random.Random(3)
    stream = EventStream(cluster_api, game_id, token)
    ai_events = 0
    try:
        kind, game = stream.next()
        assert kind == "game", game
        moved_at = -1
        while game["status"] == "active":
            ai_events += sum(1 for e in game["events"] if e["seat"] == "witch")
            if game["your_decision"] and game["version"] > moved_at:
                moved_at = game["version"]
                move = rng.choice(game["legal_moves"])
                r = rest.move(game_id, token, game["version"], move["id"])
                assert r.status_code == 200, r.text
            kind, game = stream.next(timeout=60)
            assert kind == "game", game
    finally:
        stream.close()
        rest.close()
    assert game["outcome"] is not None
    assert ai_events > 0


def test_each_games_keys_share_one_slot_and_games_spread_over_the_nodes(
    cluster_api: str, cluster: list[RedisServer], cluster_env: dict[str, str]
) -> None:
    rest = Rest(cluster_api)
    ids = []
    for i in range(12):
        game_id, tokens = two_humans(rest, f"spread-{i}")
        seat, mine = to_move(rest, game_id, tokens)
        r = rest.move(game_id, tokens[seat], mine["version"], mine["legal_moves"][0]["id"], "k1")
        assert r.status_code == 200, r.text
        ids.append(game_id)
    rest.close()

    prefix = cluster_env["COVEN_KEY_PREFIX"]
    holders: dict[str, set[int]] = {}  # game id -> the nodes holding any of its keys
    slots: dict[str, set[int]] = {}
    for n, node in enumerate(cluster):
        for raw in node.client.scan_iter(match=prefix + "*", count=1000):
            key = raw.decode()
            game_id = next((g for g in ids if f"{{{g}}}" in key), None)
            if game_id is not None:
                holders.setdefault(game_id, set()).add(n)
                slot: Any = node.client.cluster("keyslot", key)
                slots.setdefault(game_id, set()).add(int(slot))
    assert set(holders) == set(ids)
    assert all(len(s) == 1 for s in slots.values()), slots  # game, log, idempotency key
    assert all(len(h) == 1 for h in holders.values()), holders
    assert len({n for h in holders.values() for n in h}) >= 2  # the games spread out


def test_write_replicas_on_a_cluster_wait_on_the_node_that_holds_the_game(
    cluster: list[RedisServer], tmp_path: Path, settings: Settings
) -> None:
    """WAIT must follow the write on the node of the game's slot: a game on the master with a
    replica is confirmed, one on a master without is not (and is applied all the same)."""
    replica = add_cluster_replica(tmp_path / "replica", cluster[0])

    def waiting(timeout_ms: int) -> Settings:
        return Settings(
            redis_url=cluster[2].url,
            redis_cluster=True,
            celery_broker_url=REDIS_URL,
            key_prefix=settings.key_prefix + "wait:",
            write_replicas=1,
            write_replicas_timeout_ms=timeout_ms,
        )

    # A confirmation may wait long on a loaded machine (CI once saw 0 of 1 within 300 ms); a
    # write no replica can confirm always waits the whole timeout, so that one stays short.
    patient, brief = waiting(10_000), waiting(300)

    async def use(confirmed: Store, unconfirmed: Store) -> None:
        nodes = {n.port: i for i, n in enumerate(cluster)}
        seen: set[int] = set()
        for i in range(40):
            record = _two_human_record(f"wait-{i}")
            home = nodes[confirmed.redis.get_node_from_key(confirmed.keys.game(record.id)).port]
            if home in seen:
                continue
            seen.add(home)
            if home == 0:
                assert await confirmed.create(record)
            else:
                with pytest.raises(WriteNotReplicated):
                    await unconfirmed.create(record)
            assert await confirmed.load(record.id) is not None
        assert seen == {0, 1, 2}

    async def go() -> None:
        client = RedisCluster.from_url(brief.redis_url)
        await client.initialize()
        try:
            await use(Store(client, patient), Store(client, brief))
        finally:
            await client.aclose()

    try:
        asyncio.run(go())
    finally:
        replica.stop()


def _two_human_record(seed: str) -> GameRecord:
    game = get_game("pagan")
    return GameRecord(
        id=uuid.uuid4().hex,
        game="pagan",
        options={},
        seed=seed,
        seats=[SeatConfig("witch", "human"), SeatConfig("hunter", "human")],
        version=0,
        state=orjson.dumps(game.to_json(game.new({}, seed))),
        creator="wait",
        created=time.time(),
        token_hashes={"witch": "w", "hunter": "h"},
    )
