"""Redis access for the API (asyncio). The workers use `service.sync_store` with the same
scripts and records; neither holds any state of its own between calls."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import orjson
from redis.asyncio import Redis

from service import scripts
from service.commits import Commit, event_for
from service.keys import Keys
from service.records import GameRecord
from service.settings import Settings


@dataclass(frozen=True, slots=True)
class CommitResult:
    ok: bool
    version: int  # the new version on success, else the current one (-1: no such game)


def commit_args(
    keys: Keys,
    record: GameRecord,
    commit: Commit,
    settings: Settings,
    idem_key: str | None,
    idem_value: bytes | None,
) -> tuple[list[str], list[Any]]:
    """KEYS and ARGV of the COMMIT script, shared by the async and the sync store."""
    ttl = (
        settings.finished_game_ttl_seconds
        if commit.status == "finished"
        else settings.idle_game_ttl_seconds
    )
    game_key = keys.game(record.id)
    key_list = [
        game_key,
        keys.log(record.id),
        idem_key or game_key,
        keys.lobby,
        keys.creator(record.creator),
    ]
    args: list[Any] = [
        commit.expected,
        commit.state,
        commit.status,
        orjson.dumps(commit.outcome),
        commit.seat,
        commit.kind,
        commit.move_id,
        orjson.dumps(commit.public),
        orjson.dumps(commit.private),
        commit.task,
        ttl,
        idem_value if idem_key and idem_value is not None else b"",
        settings.idempotency_ttl_seconds,
        keys.channel(record.id),
        record.id,
    ]
    return key_list, args


class Store:
    def __init__(self, redis: Redis, settings: Settings) -> None:
        self.redis = redis
        self.settings = settings
        self.keys = Keys(settings.key_prefix)
        self._commit = redis.register_script(scripts.COMMIT)
        self._create = redis.register_script(scripts.CREATE)
        self._join = redis.register_script(scripts.JOIN)
        self._rate = redis.register_script(scripts.RATE_LIMIT)

    async def load(self, game_id: str) -> GameRecord | None:
        raw: Any = await self.redis.hgetall(self.keys.game(game_id))
        if not raw or b"v" not in raw:
            return None
        return GameRecord.from_fields(game_id, raw)

    async def version(self, game_id: str) -> int | None:
        raw = await self.redis.hget(self.keys.game(game_id), "v")
        return None if raw is None else int(raw)

    async def create(self, record: GameRecord) -> bool:
        """Store a new game; False when its creator already has the most open games allowed."""
        fields: list[Any] = []
        for name, value in record.to_fields().items():
            fields += [name, value]
        done = await self._create(
            keys=[self.keys.game(record.id), self.keys.lobby, self.keys.creator(record.creator)],
            args=[
                record.created,
                self.settings.idle_game_ttl_seconds,
                self.settings.max_open_games_per_address,
                record.id,
                "1" if record.open_seats() else "0",
                *fields,
            ],
        )
        return bool(done)

    async def commit(
        self,
        record: GameRecord,
        commit: Commit,
        idem_key: str | None = None,
        idem_value: bytes | None = None,
    ) -> CommitResult:
        key_list, args = commit_args(self.keys, record, commit, self.settings, idem_key, idem_value)
        ok, version = await self._commit(keys=key_list, args=args)
        return CommitResult(ok == 1, int(version) if ok != -1 else -1)

    async def join(self, record: GameRecord, seat: str, token_hash: str) -> int:
        still_open = [s for s in record.open_seats() if s != seat]
        result = await self._join(
            keys=[self.keys.game(record.id), self.keys.lobby],
            args=[seat, token_hash, record.id, "1" if still_open else "0"],
        )
        return int(result)

    async def events(
        self, game_id: str, viewer: str | None, after: int | None, limit: int
    ) -> list[dict[str, Any]]:
        """Log entries as `viewer` may see them: those after version `after`, or the latest."""
        log = self.keys.log(game_id)
        entries: Any
        if after is None:
            latest: Any = await self.redis.xrevrange(log, count=limit)
            entries = list(reversed(latest))
        else:
            entries = await self.redis.xrange(log, min=f"{after + 1}-0", count=limit)
        return [
            event_for(fields[b"public"], fields[b"private"], fields[b"seat"].decode(), viewer)
            for _, fields in entries
        ]

    async def move_log(self, game_id: str) -> list[dict[str, str]]:
        """Every log entry's version, seat, kind and move id, in order (for replay and audit)."""
        entries: Any = await self.redis.xrange(self.keys.log(game_id))
        return [
            {k: fields[k.encode()].decode() for k in ("v", "seat", "kind", "move", "task")}
            for _, fields in entries
        ]

    async def idempotent_result(self, key: str) -> bytes | None:
        raw: Any = await self.redis.get(key)
        return None if raw is None else bytes(raw)

    async def lobby(self, limit: int) -> list[GameRecord]:
        members: Any = await self.redis.zrevrange(self.keys.lobby, 0, limit - 1)
        ids = [bytes(i).decode() for i in members]
        out: list[GameRecord] = []
        gone: list[str] = []
        for game_id in ids:
            record = await self.load(game_id)
            if record is None or not record.open_seats() or record.status != "active":
                gone.append(game_id)
            else:
                out.append(record)
        if gone:
            await self.redis.zrem(self.keys.lobby, *gone)
        return out

    async def mark_ai_enqueued(self, game_id: str, version: int) -> None:
        """Record that the AI's turn at `version` is being handed to the workers."""
        key = self.keys.ai_enqueued(game_id, version)
        await self.redis.set(key, b"1", ex=self.settings.ai_stall_seconds)

    async def claim_stalled_ai_turn(self, game_id: str, version: int) -> bool:
        """True for exactly one caller when nobody handed out the AI's turn at `version` within
        the stall time: that caller enqueues it again."""
        key = self.keys.ai_enqueued(game_id, version)
        return bool(await self.redis.set(key, b"1", ex=self.settings.ai_stall_seconds, nx=True))

    async def rate_limit(self, address: str, token_hash: str | None) -> int:
        """0 when the request may go on, else the seconds to wait."""
        s = self.settings
        window = int(time.time()) // s.rate_limit_window_seconds
        key_list = [self.keys.rate("addr", address, window)]
        args: list[Any] = [s.rate_limit_window_seconds, s.rate_limit_per_address]
        if token_hash is not None:
            key_list.append(self.keys.rate("tok", token_hash, window))
            args.append(s.rate_limit_per_token)
        wait = await self._rate(keys=key_list, args=args)
        return int(wait)
