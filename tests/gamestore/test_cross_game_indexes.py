"""The cross-game indexes (the lobby, a creator's open games) are written apart from the game
(so each script touches one slot on a cluster), and a lost write between them is repaired:
the lobby read drops entries whose game says otherwise, the cap check drops entries of games
that are over or were never written. On the real Redis."""

from __future__ import annotations

import time
import uuid

import orjson

from gamestore.keys import Keys
from gamestore.records import GameRecord, SeatConfig
from gamestore.settings import Settings
from gamestore.store import ORPHAN_GRACE_SECONDS, Store
from rules.core import get_game
from tests.support.tables import on_store


def _open_game(creator: str, created: float | None = None) -> GameRecord:
    game_id = uuid.uuid4().hex
    game = get_game("pagan")
    return GameRecord(
        id=game_id,
        game="pagan",
        options={},
        seed=game_id,
        seats=[SeatConfig("witch", "human"), SeatConfig("hunter", "human")],
        version=0,
        state=orjson.dumps(game.to_json(game.new(None, game_id))),
        creator=creator,
        created=created if created is not None else time.time(),
        token_hashes={"witch": "w"},
    )


def test_one_redis_keeps_the_old_key_names_and_a_cluster_tags_the_game_id() -> None:
    plain, tagged = Keys("p:"), Keys("p:", tagged=True)
    assert plain.game("x") == "p:g:x" and plain.log("x") == "p:log:x"
    assert tagged.game("x") == "p:g:{x}" and tagged.log("x") == "p:log:{x}"
    assert tagged.idempotency("x", "witch", "k") == "p:idem:{x}:witch:k"
    assert tagged.channel("x") == "p:ev:{x}" and tagged.ai_enqueued("x", 3) == "p:aiq:{x}:3"
    assert tagged.lobby == plain.lobby == "p:lobby"  # cross-game: no tag


def test_a_lobby_read_drops_the_entries_of_games_missing_or_full_whose_removal_was_lost(
    settings: Settings,
) -> None:
    async def use(store: Store) -> None:
        listed, full = _open_game("lobby-a"), _open_game("lobby-b")
        assert await store.create(listed) and await store.create(full)
        # A join whose lobby removal was lost: the game's own script ran, the ZREM did not.
        channel = store.keys.channel(full.id)
        await store.scripts["join"](keys=[store.keys.game(full.id)], args=["hunter", "h", channel])
        await store.redis.zadd(store.keys.lobby, {"never-written": time.time()})
        ids = [r.id for r in await store.lobby(200)]
        assert listed.id in ids and full.id not in ids and "never-written" not in ids
        left = {bytes(m).decode() for m in await store.redis.zrange(store.keys.lobby, 0, -1)}
        assert full.id not in left and "never-written" not in left and listed.id in left

    on_store(settings, use)


def test_the_open_games_cap_drops_lost_creates_and_finished_games_but_counts_creates_in_flight(
    settings: Settings,
) -> None:
    capped = Settings(
        redis_url=settings.redis_url,
        key_prefix=settings.key_prefix,
        ai_queue=settings.ai_queue,
        max_open_games_per_address=2,
    )
    creator = uuid.uuid4().hex

    async def use(store: Store) -> None:
        now = time.time()
        key = store.keys.creator(creator)
        # A create that died between counting the game and writing it, long ago, and one
        # that may still be on its way.
        await store.redis.zadd(key, {"lost": now - ORPHAN_GRACE_SECONDS - 5, "in-flight": now})
        assert await store.create(_open_game(creator, now))  # the lost one was dropped
        assert not await store.create(_open_game(creator, now))  # in flight + the new one
        members = {bytes(m).decode() for m in await store.redis.zrange(key, 0, -1)}
        assert "lost" not in members and "in-flight" in members

    on_store(capped, use)
