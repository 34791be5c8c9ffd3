"""Redis access for the workers (blocking client), with the same scripts and records as the
API's `service.store`."""

from __future__ import annotations

from typing import Any

import redis

from service import scripts
from service.commits import Commit
from service.keys import Keys
from service.metrics import AI_BUCKETS
from service.records import GameRecord
from service.settings import Settings
from service.store import CommitResult, commit_args


class SyncStore:
    def __init__(self, client: redis.Redis, settings: Settings) -> None:
        self.redis = client
        self.settings = settings
        self.keys = Keys(settings.key_prefix)
        self._commit = client.register_script(scripts.COMMIT)

    def load(self, game_id: str) -> GameRecord | None:
        raw: dict[bytes, bytes] = self.redis.hgetall(self.keys.game(game_id))  # type: ignore[assignment]
        if not raw or b"v" not in raw:
            return None
        return GameRecord.from_fields(game_id, raw)

    def commit(self, record: GameRecord, commit: Commit) -> CommitResult:
        key_list, args = commit_args(self.keys, record, commit, self.settings, None, None)
        ok, version = self._commit(keys=key_list, args=args)
        return CommitResult(ok == 1, int(version) if ok != -1 else -1)

    def log_entry(self, game_id: str, version: int) -> dict[str, str] | None:
        entries: Any = self.redis.xrange(
            self.keys.log(game_id), min=f"{version}-0", max=f"{version}-0"
        )
        if not entries:
            return None
        return {k.decode(): v.decode() for k, v in entries[0][1].items()}

    def mark_ai_enqueued(self, game_id: str, version: int) -> None:
        """Record that the AI's turn at `version` is being handed to the workers (see
        `Store.claim_stalled_ai_turn`)."""
        key = self.keys.ai_enqueued(game_id, version)
        self.redis.set(key, b"1", ex=self.settings.ai_stall_seconds)

    def record_ai_task(self, seconds: float, failed: bool = False) -> None:
        """Add one AI turn to the workers' shared histogram (read by the API's /metrics)."""
        pipe = self.redis.pipeline(transaction=False)
        key = self.keys.ai_metrics
        pipe.hincrbyfloat(key, "sum", seconds)
        pipe.hincrby(key, "count", 1)
        for bound in AI_BUCKETS:
            if seconds <= bound:
                pipe.hincrby(key, f"le:{bound}", 1)
        if failed:
            pipe.hincrby(key, "failures", 1)
        pipe.execute()

    def put_hint(self, request_id: str, data: bytes) -> None:
        self.redis.set(self.keys.hint(request_id), data, ex=120)
