"""Redis access for the API and the workers: one implementation, two faces.

Every operation is written once, in `_Ops`, as a generator that yields the Redis calls it needs
(a command, a script, a pipeline) and returns what it makes of their answers; it never touches
a connection itself. `Store` drives the operations on the asyncio client (the API), `SyncStore`
on the blocking one (the workers), so both use the same keys, the same script arguments and the
same reading of the answers. Neither holds any state of its own between calls.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import orjson
from redis import Redis as BlockingRedis
from redis.asyncio import Redis

from gamestore import scripts
from gamestore.commits import Commit, event_for
from gamestore.keys import Keys
from gamestore.records import ACTIVE, FINISHED, GameRecord
from gamestore.settings import Settings

T = TypeVar("T")

AI_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
"""Bucket bounds (seconds) of the AI task histogram the workers keep in Redis (read by the API's
/metrics)."""

HINT_TTL_SECONDS = 120
"""How long a finished analysis waits for the API to read it."""

_SCRIPTS = {
    "commit": scripts.COMMIT,
    "create": scripts.CREATE,
    "join": scripts.JOIN,
    "rate_limit": scripts.RATE_LIMIT,
}


@dataclass(frozen=True, slots=True)
class CommitResult:
    ok: bool
    version: int  # the new version on success, else the current one (-1: no such game)


class _Face:
    """A client and the scripts registered on it: what an operation's calls run on."""

    def __init__(self, client: Any, settings: Settings) -> None:
        self.redis = client
        self.settings = settings
        self.keys = Keys(settings.key_prefix)
        self.scripts = {name: client.register_script(src) for name, src in _SCRIPTS.items()}
        self._ops = _Ops(self.keys, settings)


Call = Callable[[_Face], Any]
"""One round trip, the same on either client: its answer, or (asyncio) an awaitable of it."""

Op = Generator[Call, Any, T]


def _command(name: str, *args: Any, **kwargs: Any) -> Call:
    return lambda face: getattr(face.redis, name)(*args, **kwargs)


def _script(name: str, keys: list[str], args: list[Any]) -> Call:
    return lambda face: face.scripts[name](keys=keys, args=args)


class _Ops:
    """Every store operation, written once (see the module docstring)."""

    def __init__(self, keys: Keys, settings: Settings) -> None:
        self.keys = keys
        self.settings = settings

    # -- games -----------------------------------------------------------------------------

    def load(self, game_id: str) -> Op[GameRecord | None]:
        raw = yield _command("hgetall", self.keys.game(game_id))
        if not raw or b"v" not in raw:
            return None
        return GameRecord.from_fields(game_id, raw)

    def version(self, game_id: str) -> Op[int | None]:
        raw = yield _command("hget", self.keys.game(game_id), "v")
        return None if raw is None else int(raw)

    def create(self, record: GameRecord) -> Op[bool]:
        fields: list[Any] = []
        for name, value in record.to_fields().items():
            fields += [name, value]
        done = yield _script(
            "create",
            [self.keys.game(record.id), self.keys.lobby, self.keys.creator(record.creator)],
            [
                record.created,
                self.settings.idle_game_ttl_seconds,
                self.settings.max_open_games_per_address,
                record.id,
                "1" if record.open_seats() else "0",
                *fields,
            ],
        )
        return bool(done)

    def commit(
        self, record: GameRecord, commit: Commit, idem_key: str | None, idem_value: bytes | None
    ) -> Op[CommitResult]:
        s = self.settings
        ttl = s.finished_game_ttl_seconds if commit.status == FINISHED else s.idle_game_ttl_seconds
        game_key = self.keys.game(record.id)
        ok, version = yield _script(
            "commit",
            [
                game_key,
                self.keys.log(record.id),
                idem_key or game_key,
                self.keys.lobby,
                self.keys.creator(record.creator),
            ],
            [
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
                s.idempotency_ttl_seconds,
                self.keys.channel(record.id),
                record.id,
            ],
        )
        return CommitResult(ok == 1, int(version) if ok != -1 else -1)

    def join(self, record: GameRecord, seat: str, token_hash: str) -> Op[int]:
        still_open = [s for s in record.open_seats() if s != seat]
        result = yield _script(
            "join",
            [self.keys.game(record.id), self.keys.lobby],
            [seat, token_hash, record.id, "1" if still_open else "0"],
        )
        return int(result)

    def lobby(self, limit: int) -> Op[list[GameRecord]]:
        members = yield _command("zrevrange", self.keys.lobby, 0, limit - 1)
        out: list[GameRecord] = []
        gone: list[str] = []
        for game_id in [bytes(i).decode() for i in members]:
            record = yield from self.load(game_id)
            if record is None or not record.open_seats() or record.status != ACTIVE:
                gone.append(game_id)
            else:
                out.append(record)
        if gone:
            yield _command("zrem", self.keys.lobby, *gone)
        return out

    # -- the move log ----------------------------------------------------------------------

    def events(
        self, game_id: str, viewer: str | None, after: int | None, limit: int
    ) -> Op[list[dict[str, Any]]]:
        log = self.keys.log(game_id)
        if after is None:
            latest = yield _command("xrevrange", log, count=limit)
            entries = list(reversed(latest))
        else:
            entries = yield _command("xrange", log, min=f"{after + 1}-0", count=limit)
        return [
            event_for(fields[b"public"], fields[b"private"], fields[b"seat"].decode(), viewer)
            for _, fields in entries
        ]

    def move_log(self, game_id: str) -> Op[list[dict[str, str]]]:
        entries = yield _command("xrange", self.keys.log(game_id))
        return [
            {k: fields[k.encode()].decode() for k in ("v", "seat", "kind", "move", "task")}
            for _, fields in entries
        ]

    def log_entry(self, game_id: str, version: int) -> Op[dict[str, str] | None]:
        at = f"{version}-0"
        entries = yield _command("xrange", self.keys.log(game_id), min=at, max=at)
        if not entries:
            return None
        return {k.decode(): v.decode() for k, v in entries[0][1].items()}

    def idempotent_result(self, key: str) -> Op[bytes | None]:
        raw = yield _command("get", key)
        return None if raw is None else bytes(raw)

    # -- AI turns and hints ----------------------------------------------------------------

    def mark_ai_enqueued(self, game_id: str, version: int) -> Op[None]:
        key = self.keys.ai_enqueued(game_id, version)
        yield _command("set", key, b"1", ex=self.settings.ai_stall_seconds)

    def claim_stalled_ai_turn(self, game_id: str, version: int) -> Op[bool]:
        key = self.keys.ai_enqueued(game_id, version)
        claimed = yield _command("set", key, b"1", ex=self.settings.ai_stall_seconds, nx=True)
        return bool(claimed)

    def record_ai_task(self, seconds: float, failed: bool) -> Op[None]:
        key = self.keys.ai_metrics

        def add(face: _Face) -> Any:
            pipe = face.redis.pipeline(transaction=False)
            pipe.hincrbyfloat(key, "sum", seconds)
            pipe.hincrby(key, "count", 1)
            for bound in AI_BUCKETS:
                if seconds <= bound:
                    pipe.hincrby(key, f"le:{bound}", 1)
            if failed:
                pipe.hincrby(key, "failures", 1)
            return pipe.execute()

        yield add

    def put_hint(self, request_id: str, data: bytes) -> Op[None]:
        yield _command("set", self.keys.hint(request_id), data, ex=HINT_TTL_SECONDS)

    def hint(self, request_id: str) -> Op[bytes | None]:
        raw = yield _command("get", self.keys.hint(request_id))
        return None if raw is None else bytes(raw)

    # -- abuse limits ----------------------------------------------------------------------

    def rate_limit(self, address: str, token_hash: str | None) -> Op[int]:
        s = self.settings
        window = int(time.time()) // s.rate_limit_window_seconds
        key_list = [self.keys.rate("addr", address, window)]
        args: list[Any] = [s.rate_limit_window_seconds, s.rate_limit_per_address]
        if token_hash is not None:
            key_list.append(self.keys.rate("tok", token_hash, window))
            args.append(s.rate_limit_per_token)
        wait = yield _script("rate_limit", key_list, args)
        return int(wait)


class _Step(Generic[T]):
    """Where a face is in running an operation: the call it is to make next (None when the
    operation is done), or the operation's result."""

    def __init__(self, op: Op[T]) -> None:
        self._op = op
        self.call: Call | None = None
        self.answer(None)

    def answer(self, value: Any) -> None:
        """Hand the operation the answer to its last call."""
        try:
            self.call = self._op.send(value)
        except StopIteration as done:
            self.call = None
            self.result: T = done.value


class Store(_Face):
    """The API's face (asyncio client)."""

    redis: Redis

    def __init__(self, client: Redis, settings: Settings) -> None:
        super().__init__(client, settings)

    async def _run(self, op: Op[T]) -> T:
        step = _Step(op)
        while step.call is not None:
            step.answer(await step.call(self))
        return step.result

    async def load(self, game_id: str) -> GameRecord | None:
        return await self._run(self._ops.load(game_id))

    async def version(self, game_id: str) -> int | None:
        return await self._run(self._ops.version(game_id))

    async def create(self, record: GameRecord) -> bool:
        """Store a new game; False when its creator already has the most open games allowed."""
        return await self._run(self._ops.create(record))

    async def commit(
        self,
        record: GameRecord,
        commit: Commit,
        idem_key: str | None = None,
        idem_value: bytes | None = None,
    ) -> CommitResult:
        return await self._run(self._ops.commit(record, commit, idem_key, idem_value))

    async def join(self, record: GameRecord, seat: str, token_hash: str) -> int:
        """1 when the seat was free and is now taken, 0 when taken already, -1 no game."""
        return await self._run(self._ops.join(record, seat, token_hash))

    async def lobby(self, limit: int) -> list[GameRecord]:
        return await self._run(self._ops.lobby(limit))

    async def events(
        self, game_id: str, viewer: str | None, after: int | None, limit: int
    ) -> list[dict[str, Any]]:
        """Log entries as `viewer` may see them: those after version `after`, or the latest."""
        return await self._run(self._ops.events(game_id, viewer, after, limit))

    async def move_log(self, game_id: str) -> list[dict[str, str]]:
        """Every log entry's version, seat, kind and move id, in order (for replay and audit)."""
        return await self._run(self._ops.move_log(game_id))

    async def idempotent_result(self, key: str) -> bytes | None:
        return await self._run(self._ops.idempotent_result(key))

    async def mark_ai_enqueued(self, game_id: str, version: int) -> None:
        """Record that the AI's turn at `version` is being handed to the workers."""
        await self._run(self._ops.mark_ai_enqueued(game_id, version))

    async def claim_stalled_ai_turn(self, game_id: str, version: int) -> bool:
        """True for exactly one caller when nobody handed out the AI's turn at `version` within
        the stall time: that caller enqueues it again."""
        return await self._run(self._ops.claim_stalled_ai_turn(game_id, version))

    async def hint(self, request_id: str) -> bytes | None:
        """The analysis a worker left for `request_id`, if it is there yet."""
        return await self._run(self._ops.hint(request_id))

    async def rate_limit(self, address: str, token_hash: str | None) -> int:
        """0 when the request may go on, else the seconds to wait."""
        return await self._run(self._ops.rate_limit(address, token_hash))


class SyncStore(_Face):
    """The workers' face (blocking client)."""

    redis: BlockingRedis

    def __init__(self, client: BlockingRedis, settings: Settings) -> None:
        super().__init__(client, settings)

    def _run(self, op: Op[T]) -> T:
        step = _Step(op)
        while step.call is not None:
            step.answer(step.call(self))
        return step.result

    def load(self, game_id: str) -> GameRecord | None:
        return self._run(self._ops.load(game_id))

    def commit(self, record: GameRecord, commit: Commit) -> CommitResult:
        return self._run(self._ops.commit(record, commit, None, None))

    def log_entry(self, game_id: str, version: int) -> dict[str, str] | None:
        """The log entry that wrote `version`, if any."""
        return self._run(self._ops.log_entry(game_id, version))

    def mark_ai_enqueued(self, game_id: str, version: int) -> None:
        """Record that the AI's turn at `version` is being handed to the workers (see
        `Store.claim_stalled_ai_turn`)."""
        self._run(self._ops.mark_ai_enqueued(game_id, version))

    def claim_stalled_ai_turn(self, game_id: str, version: int) -> bool:
        """See `Store.claim_stalled_ai_turn` (the workers' sweeper claims with it)."""
        return self._run(self._ops.claim_stalled_ai_turn(game_id, version))

    def record_ai_task(self, seconds: float, failed: bool = False) -> None:
        """Add one AI turn to the workers' shared histogram (read by the API's /metrics)."""
        self._run(self._ops.record_ai_task(seconds, failed))

    def put_hint(self, request_id: str, data: bytes) -> None:
        self._run(self._ops.put_hint(request_id, data))
