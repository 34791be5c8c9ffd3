"""Redis access for the API and the workers: one implementation, two faces.

Every operation is written once, in `_Ops`, as a generator that yields the Redis calls it needs
(a command, a script, a pipeline) and returns what it makes of their answers; it never touches
a connection itself. `Store` drives the operations on the asyncio client (the API), `SyncStore`
on the blocking one (the workers), so both use the same keys, the same script arguments and the
same reading of the answers. Neither holds any state of its own between calls.

Each Lua script writes one game's keys (one slot, so it runs on a Redis Cluster too); the
cross-game indexes are written by separate calls around it, in an order that makes a lost
write harmless and repaired:
- create: the creator's open-games entry first (the cap check), then the game, then its lobby
  entry. A game without its lobby entry was never acknowledged (nobody has its id); a creator
  entry without its game is dropped when the creator reaches the cap (`reserve_open_game`).
- a finished game, or a join that took the last open seat: the game first, then the lobby and
  creator entries are removed. Lost removals are made by the next lobby read (which drops
  every entry whose game is missing, full or over) and the next cap check.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from dataclasses import replace as _replace
from typing import Any, Generic, TypeVar

import orjson
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import NoScriptError

from gamestore import clocks, provenance, replication, scripts, undo
from gamestore.commits import Commit, event_for
from gamestore.connect import AsyncClient, SyncClient
from gamestore.keys import Keys
from gamestore.records import ACTIVE, FINISHED, GameRecord, SeatConfig
from gamestore.settings import Settings
from gamestore.transcripts import LogEntry

T = TypeVar("T")

AI_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
"""Bucket bounds (seconds) of the AI task histogram the workers keep in Redis (read by the API's
/metrics)."""

HINT_TTL_SECONDS = 120
"""How long a finished analysis waits for the API to read it."""

ORPHAN_GRACE_SECONDS = 60
"""A creator's open-games entry whose game is missing this long after it was counted is a lost
create (the process died between the two writes), no longer one in flight."""

_SCRIPTS = {
    "commit": scripts.COMMIT,
    "reserve_open_game": scripts.RESERVE_OPEN_GAME,
    "create": scripts.CREATE,
    "join": scripts.JOIN,
    "link_rematch": scripts.LINK_REMATCH,
    "rate_limit": scripts.RATE_LIMIT,
    "reschedule": scripts.RESCHEDULE,
    "fill_seats": scripts.FILL_SEATS,
}


class WriteNotReplicated(Exception):
    """The write was applied on the primary but fewer than `COVEN_WRITE_REPLICAS` replicas
    confirmed it in time: it may survive or be lost with the primary."""

    def __init__(self, wanted: int, confirmed: int) -> None:
        super().__init__(f"{confirmed} of {wanted} replicas confirmed the write in time")
        self.wanted = wanted
        self.confirmed = confirmed


@dataclass(frozen=True, slots=True)
class CommitResult:
    ok: bool
    version: int  # the new version on success, else the current one (-1: no such game)
    timed_out: bool = False  # refused: the move came after its seat's clock ran out


class _Face:
    """A client and the scripts registered on it: what an operation's calls run on."""

    def __init__(self, client: Any, settings: Settings) -> None:
        self.redis = client
        self.settings = settings
        self.keys = Keys(settings.key_prefix, tagged=settings.redis_cluster)
        self.scripts = {name: client.register_script(src) for name, src in _SCRIPTS.items()}
        self._ops = _Ops(self.keys, settings)

    def write(self, name: str, keys: list[str], args: list[Any]) -> Any:
        """Run a script that writes an acknowledged change (the API's face waits for
        replicas, see `Store.write`)."""
        return self.scripts[name](keys=keys, args=args)


Call = Callable[[_Face], Any]
"""One round trip, the same on either client: its answer, or (asyncio) an awaitable of it."""

Op = Generator[Call, Any, T]


def _command(name: str, *args: Any, **kwargs: Any) -> Call:
    return lambda face: getattr(face.redis, name)(*args, **kwargs)


def _script(name: str, keys: list[str], args: list[Any]) -> Call:
    return lambda face: face.scripts[name](keys=keys, args=args)


def _write(name: str, keys: list[str], args: list[Any]) -> Call:
    return lambda face: face.write(name, keys, args)


def _batch(*commands: tuple[Any, ...]) -> Call:
    """Several commands in one round trip, not atomic (their keys may be on different nodes)."""

    def run(face: _Face) -> Any:
        pipe = face.redis.pipeline(transaction=False)
        for name, *args in commands:
            getattr(pipe, name)(*args)
        return pipe.execute()

    return run


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
        if not (yield from self.reserve_open_game(record)):
            return False
        fields: list[Any] = []
        for name, value in record.to_fields().items():
            fields += [name, value]
        # The clock's entry before the game: a game whose entry was lost would never time out;
        # an entry whose game was never written is dropped by the sweeper.
        yield from self.schedule(record)
        yield _write(
            "create", [self.keys.game(record.id)], [self.settings.idle_game_ttl_seconds, *fields]
        )
        if record.open_seats():
            yield _command("zadd", self.keys.lobby, {record.id: record.created})
        return True

    def reserve_open_game(self, record: GameRecord) -> Op[bool]:
        """Count the game against its creator's cap; at the cap, first drop the entries of
        games that are over or were never written, and try once more."""
        s = self.settings
        key = self.keys.creator(record.creator)
        args = [record.created, s.idle_game_ttl_seconds, s.max_open_games_per_address, record.id]
        if (yield _script("reserve_open_game", [key], args)):
            return True
        entries = yield _command("zrange", key, 0, -1, withscores=True)
        stale: list[str] = []
        for member, score in entries:
            game_id = bytes(member).decode()
            status = yield _command("hget", self.keys.game(game_id), "status")
            lost = status is None and score < record.created - ORPHAN_GRACE_SECONDS
            if lost or status == FINISHED.encode():
                stale.append(game_id)
        if not stale:
            return False
        yield _command("zrem", key, *stale)
        return bool((yield _script("reserve_open_game", [key], args)))

    def commit(
        self,
        record: GameRecord,
        commits: list[Commit],
        idem_key: str | None,
        idem_value: bytes | None,
    ) -> Op[CommitResult]:
        """Write one move, or a batch of consecutive moves, all or none (with the clock they
        run, see `gamestore.clocks.stamp`)."""
        s = self.settings
        # Each entry keeps its state hash, the first one the seed commitment (provenance).
        commits = provenance.stamp(record, clocks.stamp(record, commits, time.time()))
        last = commits[-1]
        after = clocks.after(record, commits)
        # The clock's entry is lowered before the write (a lost later call leaves it early,
        # never late) and after it (a sweeper that read the game before this write may have
        # moved the entry to that version's deadline in between).
        yield from self.schedule(after)
        ttl = s.finished_game_ttl_seconds if last.status == FINISHED else s.idle_game_ttl_seconds
        game_key = self.keys.game(record.id)
        window = undo.stack_write(record, commits)
        op = "reset" if window.reset else "pop" if window.pop else ""
        entries: list[Any] = [window.field, op, len(window.push), *window.push]
        for c in commits:
            entries += [c.seat, c.kind, c.move_id, orjson.dumps(c.public)]
            entries += [orjson.dumps(c.private), c.task]
        ok, version = yield _write(
            "commit",
            [game_key, self.keys.log(record.id), idem_key or game_key, self.keys.undo(record.id)],
            [
                commits[0].expected,
                last.state,
                last.status,
                orjson.dumps(last.outcome),
                ttl,
                idem_value if idem_key and idem_value is not None else b"",
                s.idempotency_ttl_seconds,
                self.keys.channel(record.id),
                last.clock,
                "" if commits[0].guard is None else repr(commits[0].guard),
                *entries,
            ],
        )
        if ok == -2:
            return CommitResult(False, int(version), timed_out=True)
        if ok == 1:
            yield from self.schedule(after)
        if ok == 1 and last.status == FINISHED:
            yield _batch(
                ("zrem", self.keys.lobby, record.id),
                ("zrem", self.keys.creator(record.creator), record.id),
                # The AI's thoughts go with the finished game (`put_thought` set an idle TTL).
                ("expire", self.keys.ai_thoughts(record.id), ttl),
            )
        return CommitResult(ok == 1, int(version) if ok != -1 else -1)

    def join(
        self, record: GameRecord, seat: str, token_hash: str, name: str | None = None
    ) -> Op[int]:
        still_open = [s for s in record.open_seats() if s != seat]
        extra = [f"name:{seat}", name] if name else []
        now = time.time()
        if record.clock is not None:
            extra += [f"joined:{seat}", repr(now)]  # the seat's clock starts at its join
        args = [seat, token_hash, self.keys.channel(record.id), *extra]
        result = yield _write("join", [self.keys.game(record.id)], args)
        if result == 1 and not still_open:
            yield _command("zrem", self.keys.lobby, record.id)
        if result == 1 and record.clock is not None:
            joined = dict(record.joined, **{seat: now})
            taken = dict(record.token_hashes, **{seat: token_hash})
            yield from self.schedule(_replace(record, joined=joined, token_hashes=taken))
        return int(result)

    # -- the clock scheduler (gamestore.clocks) --------------------------------------------

    def schedule(self, record: GameRecord) -> Op[None]:
        """Make the scheduler look at the game no later than its next wake-up (an entry
        already earlier stays: early is harmless, the sweeper moves it on)."""
        at = clocks.wakeup(record)
        if at is not None:
            yield _command("zadd", self.keys.clock_index, {record.id: at}, lt=True)

    def clock_due(self, now: float, limit: int) -> Op[list[tuple[str, float]]]:
        """The games the scheduler should look at by `now`, with their entries' scores."""
        raw = yield _command(
            "zrangebyscore", self.keys.clock_index, "-inf", now, 0, limit, withscores=True
        )
        return [(bytes(m).decode(), float(score)) for m, score in raw]

    def look_again(self, game_id: str, at: float) -> Op[None]:
        yield _command("zadd", self.keys.clock_index, {game_id: at}, lt=True)

    def reschedule(self, game_id: str, score: float, at: float | None) -> Op[bool]:
        """Move the game's entry from `score` to `at` (None: drop it) unless it changed."""
        args = [game_id, repr(score), "" if at is None else repr(at)]
        moved = yield _script("reschedule", [self.keys.clock_index], args)
        return bool(moved)

    def fill_seats(self, record: GameRecord, seats: list[str], level: str) -> Op[int]:
        """The AI at `level` takes the open `seats`: 1 when done, 0 when one was taken first
        or the game is over, -1 when it is gone."""
        configs = [SeatConfig(c.seat, "ai", level) if c.seat in seats else c for c in record.seats]
        new_seats = orjson.dumps([c.to_json() for c in configs])
        args = [new_seats, clocks.FILLED_TOKEN, self.keys.channel(record.id), *seats]
        done = yield _write("fill_seats", [self.keys.game(record.id)], args)
        if done == 1:
            yield _command("zrem", self.keys.lobby, record.id)
        return int(done)

    def link_rematch(self, finished: GameRecord, rematch_id: str) -> Op[tuple[int, str]]:
        done, linked = yield _script("link_rematch", [self.keys.game(finished.id)], [rematch_id])
        return int(done), bytes(linked).decode() if linked else ""

    def discard(self, record: GameRecord) -> Op[None]:
        """Remove a game nobody has seen (a rematch that lost the race to be linked)."""
        yield _command("delete", self.keys.game(record.id))
        yield _command("zrem", self.keys.lobby, record.id)
        yield _command("zrem", self.keys.creator(record.creator), record.id)

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

    def full_log(self, game_id: str) -> Op[list[LogEntry]]:
        entries = yield _command("xrange", self.keys.log(game_id))
        return [
            LogEntry(
                version=int(fields[b"v"]),
                seat=fields[b"seat"].decode(),
                kind=fields[b"kind"].decode(),
                public=orjson.loads(fields[b"public"]),
                private=orjson.loads(fields[b"private"]),
            )
            for _, fields in entries
        ]

    def put_thought(self, game_id: str, version: int, thought: bytes, finished: bool) -> Op[None]:
        """Keep what the AI weighed and believed at the decision that made `version` (written
        by the worker right after that decision's commit, see `workers.turns`), for as long as
        the game is kept."""
        s = self.settings
        ttl = s.finished_game_ttl_seconds if finished else s.idle_game_ttl_seconds
        key = self.keys.ai_thoughts(game_id)
        yield _batch(("hset", key, str(version), thought), ("expire", key, ttl))

    def thoughts(self, game_id: str) -> Op[dict[int, dict[str, Any]]]:
        """Every AI thought of the game by version. Secret until the game is over: only a
        complete record reads them (`service.transcripts`)."""
        raw = yield _command("hgetall", self.keys.ai_thoughts(game_id))
        return {int(k): orjson.loads(v) for k, v in raw.items()}

    def log_entry(self, game_id: str, version: int) -> Op[dict[str, str] | None]:
        at = f"{version}-0"
        entries = yield _command("xrange", self.keys.log(game_id), min=at, max=at)
        if not entries:
            return None
        return {k.decode(): v.decode() for k, v in entries[0][1].items()}

    def undo_state(self, game_id: str) -> Op[bytes | None]:
        raw = yield _command("lindex", self.keys.undo(game_id), -1)
        return None if raw is None else bytes(raw)

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

    def rate_limit(self, address: str, token_hash: str | None, cost: int = 1) -> Op[int]:
        # One script per counter: the counters of an address and of a token are in different
        # slots on a cluster.
        s = self.settings
        window = int(time.time()) // s.rate_limit_window_seconds
        counters = [(self.keys.rate("addr", address, window), s.rate_limit_per_address)]
        if token_hash is not None:
            counters.append((self.keys.rate("tok", token_hash, window), s.rate_limit_per_token))
        wait = 0
        for key, limit in counters:
            if limit > 0:
                args = [s.rate_limit_window_seconds, cost, limit]
                ttl = yield _script("rate_limit", [key], args)
                wait = max(wait, int(ttl))
        return wait


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

    redis: AsyncClient

    def __init__(self, client: AsyncClient, settings: Settings) -> None:
        super().__init__(client, settings)

    async def _run(self, op: Op[T]) -> T:
        step = _Step(op)
        while step.call is not None:
            step.answer(await step.call(self))
        return step.result

    async def write(self, name: str, keys: list[str], args: list[Any]) -> Any:
        """Run the script, then (`COVEN_WRITE_REPLICAS`) WAIT for that many replicas on the
        same connection, one round trip: WAIT counts the replicas that have every write this
        connection made. When too few confirmed in time, the write is still made: noted for
        the answer (`gamestore.replication`), or `WriteNotReplicated` when nobody takes note."""
        wanted = self.settings.write_replicas
        if not wanted:
            return await self.scripts[name](keys=keys, args=args)
        timeout = self.settings.write_replicas_timeout_ms
        if not isinstance(self.redis, RedisCluster):
            pipe = self.redis.pipeline(transaction=False)
            await self.scripts[name](keys=keys, args=args, client=pipe)
            pipe.wait(wanted, timeout)
            result, confirmed = await pipe.execute()
        else:
            result, confirmed = await self._write_on_cluster(name, keys, args, wanted, timeout)
        if int(confirmed) < wanted and not replication.note(wanted, int(confirmed)):
            raise WriteNotReplicated(wanted, int(confirmed))
        return result

    async def _write_on_cluster(
        self, name: str, keys: list[str], args: list[Any], wanted: int, timeout: int
    ) -> tuple[Any, Any]:
        """A cluster pipeline sends each node's commands on one connection, in order: the
        script goes to the node of its keys' slot, and WAIT is sent to that same node."""
        assert isinstance(self.redis, RedisCluster)
        script = self.scripts[name]
        await self.redis.initialize()  # a no-op once the client knows the slots
        node = self.redis.get_node_from_key(keys[0])
        for attempt in (1, 2):
            pipe = self.redis.pipeline(transaction=False)
            pipe.execute_command("EVALSHA", script.sha, len(keys), *keys, *args)
            pipe.execute_command("WAIT", wanted, timeout, target_nodes=node)
            result, confirmed = await pipe.execute(raise_on_error=False)
            if isinstance(result, NoScriptError) and attempt == 1:
                # The node had not seen the script (it did not run): load it and send again.
                await self.redis.script_load(script.script)
                continue
            if isinstance(result, Exception):
                raise result
            return result, confirmed
        raise AssertionError("unreachable")

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
        return await self._run(self._ops.commit(record, [commit], idem_key, idem_value))

    async def commit_batch(
        self,
        record: GameRecord,
        commits: list[Commit],
        idem_key: str | None = None,
        idem_value: bytes | None = None,
    ) -> CommitResult:
        """Write several consecutive moves of one seat (`commits`, planned one after another
        from `record`) in one compare-and-set: all of them, or none when the game moved on."""
        return await self._run(self._ops.commit(record, commits, idem_key, idem_value))

    async def join(
        self, record: GameRecord, seat: str, token_hash: str, name: str | None = None
    ) -> int:
        """1 when the seat was free and is now taken, 0 when taken already, -1 no game."""
        return await self._run(self._ops.join(record, seat, token_hash, name))

    async def link_rematch(self, finished: GameRecord, rematch_id: str) -> tuple[int, str]:
        """Link a finished game to its rematch, once: (1, id) when linked, (0, the rematch
        linked before) when another seat was first, (-1, '') when the game is gone."""
        return await self._run(self._ops.link_rematch(finished, rematch_id))

    async def discard(self, record: GameRecord) -> None:
        await self._run(self._ops.discard(record))

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

    async def full_log(self, game_id: str) -> list[LogEntry]:
        """Every log entry whole, private parts included: only for a game's record
        (`gamestore.transcripts`), which decides what of them its reader may see."""
        return await self._run(self._ops.full_log(game_id))

    async def undo_state(self, game_id: str) -> bytes | None:
        """The state the game's next undo returns to (`gamestore.undo`), None when its window
        is empty. Read it with the record it goes with: a commit planned from both is refused
        when either changed, since they change only together."""
        return await self._run(self._ops.undo_state(game_id))

    async def thoughts(self, game_id: str) -> dict[int, dict[str, Any]]:
        return await self._run(self._ops.thoughts(game_id))

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

    async def rate_limit(self, address: str, token_hash: str | None, cost: int = 1) -> int:
        """0 when the request may go on, else the seconds to wait; `cost` counts it as that
        many requests (a GraphQL document with several operations)."""
        return await self._run(self._ops.rate_limit(address, token_hash, cost))


class SyncStore(_Face):
    """The workers' face (blocking client)."""

    redis: SyncClient

    def __init__(self, client: SyncClient, settings: Settings) -> None:
        super().__init__(client, settings)

    def _run(self, op: Op[T]) -> T:
        step = _Step(op)
        while step.call is not None:
            step.answer(step.call(self))
        return step.result

    def load(self, game_id: str) -> GameRecord | None:
        return self._run(self._ops.load(game_id))

    def commit(self, record: GameRecord, commit: Commit) -> CommitResult:
        return self._run(self._ops.commit(record, [commit], None, None))

    def clock_due(self, now: float, limit: int) -> list[tuple[str, float]]:
        """(game id, entry score) of the games the clock scheduler should look at by `now`."""
        return self._run(self._ops.clock_due(now, limit))

    def reschedule(self, game_id: str, score: float, at: float | None) -> bool:
        """Move a game's scheduler entry from `score` to `at` (None: drop), unless changed."""
        return self._run(self._ops.reschedule(game_id, score, at))

    def schedule(self, record: GameRecord) -> None:
        """Have the scheduler look at the game no later than its next wake-up."""
        self._run(self._ops.schedule(record))

    def look_again(self, game_id: str, at: float) -> None:
        """Have the scheduler look at the game again no later than `at`."""
        self._run(self._ops.look_again(game_id, at))

    def version(self, game_id: str) -> int | None:
        return self._run(self._ops.version(game_id))

    def fill_seats(self, record: GameRecord, seats: list[str], level: str) -> int:
        """The AI takes the open `seats` (1), unless one was taken first (0) or no game (-1)."""
        return self._run(self._ops.fill_seats(record, seats, level))

    def put_thought(self, game_id: str, version: int, thought: bytes, finished: bool) -> None:
        self._run(self._ops.put_thought(game_id, version, thought, finished))

    def thoughts(self, game_id: str) -> dict[int, dict[str, Any]]:
        return self._run(self._ops.thoughts(game_id))

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
