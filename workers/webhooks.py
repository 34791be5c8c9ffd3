"""Webhook hand-outs and deliveries, as plain functions over the worker's store (no Celery
here; `workers.tasks` wraps them). See `gamestore.webhooks` for what is stored and why it is
at least once.

- `dispatch`: compare a game with its cursor, enqueue one delivery per notice and webhook,
  then move the cursor on. One hand-out per game at a time (a short lock); a second one waits
  its turn (the task retries shortly), so two never announce the same change twice over.
- `deliver`: sign and POST one notice to one webhook, at the address its host resolves to
  now and only if that address may be called; record the attempt in the seat's delivery log.
  Any answer but 2xx, or no answer, is retried by the task with exponential backoff.
- `sweep_once`: the sweeper's round over the games with webhooks: every game whose cursor is
  behind (a writer died between its commit and its enqueue) gets a hand-out.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

import httpx
import orjson

from gamestore import webhook_urls
from gamestore.commits import load_state, now_iso
from gamestore.records import ACTIVE, FINISHED, GameRecord
from gamestore.store import SyncStore
from gamestore.webhooks import (
    ATTEMPT_HEADER,
    EVENT_ID_HEADER,
    EVENT_KIND_HEADER,
    SIGNATURE_HEADER,
    Cursor,
    Webhook,
    plan_notices,
    sign,
)
from rules.core import get_game

log = logging.getLogger(__name__)

LOCK_MILLISECONDS: Final = 30_000
"""How long one hand-out may hold its game's lock (far longer than a hand-out takes)."""
SWEEP_BATCH: Final = 500
"""Games the sweeper looks at per round; the rest wait for the next one (least recently seen
first)."""
USER_AGENT: Final = "Coven-Webhooks/1"

EnqueueDelivery = Callable[[str, str, str, dict[str, Any]], None]
"""(game id, seat, webhook id, notice payload): hand one delivery to the workers."""


def _lock(store: SyncStore, game_id: str) -> str:
    return f"{store.keys.webhook_cursor(game_id)}:lock"


# KEYS: the cursor; ARGV: version, seats, fields. Moves the cursor on, never back; nothing when
# the cursor is gone (the game expired).
ADVANCE: Final = """
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return 0 end
if tonumber(ARGV[1]) < tonumber(v) then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'seats', ARGV[2], 'fields', ARGV[3])
return 1
"""


def dispatch(store: SyncStore, game_id: str, enqueue: EnqueueDelivery) -> int | None:
    """Hand out the game's notices: how many deliveries were enqueued, or None when another
    hand-out of this game holds the lock (try again shortly)."""
    redis: Any = store.redis
    keys = store.keys
    lock = _lock(store, game_id)
    if not redis.set(lock, b"1", nx=True, px=LOCK_MILLISECONDS):
        return None
    try:
        raw = redis.hgetall(keys.game(game_id))
        cursor = Cursor.load(redis.hgetall(keys.webhook_cursor(game_id)))
        if not raw or b"v" not in raw or cursor is None:  # expired, or no webhooks
            redis.zrem(keys.webhook_games, game_id)
            return 0
        record = GameRecord.from_fields(game_id, raw)
        hooks = {seat: _webhooks(store, game_id, seat) for seat in record.token_hashes}
        game = get_game(record.game)
        to_move = game.to_move(load_state(game, record)) if record.status == ACTIVE else None
        entry = store.log_entry(game_id, record.version) if record.version else None
        last_mover = entry.get("seat") if entry else None
        sent = 0
        for notice in plan_notices(record, to_move, last_mover, cursor):
            for hook in hooks.get(notice.seat, []):
                if notice.kind in hook.events:
                    enqueue(game_id, notice.seat, hook.id, notice.payload)
                    sent += 1
        seats = ",".join(sorted(record.token_hashes))
        redis.eval(ADVANCE, 1, keys.webhook_cursor(game_id), record.version, seats, len(raw))
        _keep_with_game(store, record)
        if record.status == FINISHED:
            redis.zrem(keys.webhook_games, game_id)  # nothing more can happen in it
        return sent
    finally:
        redis.delete(lock)


def _webhooks(store: SyncStore, game_id: str, seat: str) -> list[Webhook]:
    redis: Any = store.redis
    raw = redis.hgetall(store.keys.webhooks(game_id, seat))
    return [Webhook.load(bytes(k).decode(), bytes(v)) for k, v in raw.items()]


def _keep_with_game(store: SyncStore, record: GameRecord) -> None:
    """The webhook keys expire with the game (whose time to live every write renews)."""
    keys = store.keys
    ttl = store.redis.pttl(keys.game(record.id))
    if ttl is None or ttl <= 0:
        return
    pipe = store.redis.pipeline(transaction=False)
    pipe.pexpire(keys.webhook_cursor(record.id), ttl)
    for config in record.seats:
        pipe.pexpire(keys.webhooks(record.id, config.seat), ttl)
        pipe.pexpire(keys.webhook_log(record.id, config.seat), ttl)
    pipe.execute()


# -- deliveries ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Attempt:
    """One delivery attempt: delivered (a 2xx), or why not, and whether to try again."""

    delivered: bool
    retry: bool
    status_code: int | None = None
    error: str | None = None


def backoff_seconds(attempt: int, base: float, most: float) -> float:
    """The wait after failed attempt `attempt` (1, 2, ...): base, 2 base, 4 base, ... at most
    `most`."""
    return float(min(most, base * 2 ** (attempt - 1)))


def deliver(
    store: SyncStore,
    game_id: str,
    seat: str,
    webhook_id: str,
    payload: dict[str, Any],
    attempt: int,
) -> Attempt:
    """POST `payload` to the webhook, signed now; record the attempt in the seat's log."""
    settings = store.settings
    redis: Any = store.redis
    raw = redis.hget(store.keys.webhooks(game_id, seat), webhook_id)
    if raw is None:  # deleted since (or expired with the game): nobody to tell
        return Attempt(delivered=False, retry=False, error="the webhook was deleted")
    hook = Webhook.load(webhook_id, bytes(raw))
    body = orjson.dumps(payload)
    started = time.monotonic()
    result = _post(
        hook,
        body,
        payload,
        attempt,
        settings.webhook_allow_private,
        settings.webhook_timeout_seconds,
    )
    elapsed_ms = round((time.monotonic() - started) * 1000, 1)
    will_retry = result.retry and attempt < settings.webhook_max_attempts
    next_in = (
        backoff_seconds(
            attempt, settings.webhook_backoff_seconds, settings.webhook_backoff_max_seconds
        )
        if will_retry
        else None
    )
    _record(
        store,
        game_id,
        seat,
        {
            "webhook_id": webhook_id,
            "event_id": payload["id"],
            "kind": payload["kind"],
            "version": payload["version"],
            "attempt": attempt,
            "at": now_iso(),
            "status_code": result.status_code,
            "delivered": result.delivered,
            "error": result.error,
            "duration_ms": elapsed_ms,
            "next_attempt_in_seconds": next_in,
        },
    )
    return Attempt(result.delivered, will_retry, result.status_code, result.error)


def _post(
    hook: Webhook,
    body: bytes,
    payload: dict[str, Any],
    attempt: int,
    allow_private: bool,
    timeout: float,
) -> Attempt:
    try:
        target = webhook_urls.parse(hook.url)
        addresses = webhook_urls.resolve(target, allow_private)
    except webhook_urls.WebhookUrlRefused as exc:
        # Not retried: the address is not one the service calls (a name that now resolves to
        # a private address is what DNS rebinding looks like).
        return Attempt(delivered=False, retry=False, error=exc.reason)
    url = httpx.URL(hook.url)
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        # The URL's own host, though the connection goes to the address checked above.
        "Host": url.netloc.decode("ascii"),
        SIGNATURE_HEADER: sign(hook.secret, body),
        EVENT_ID_HEADER: str(payload["id"]),
        EVENT_KIND_HEADER: str(payload["kind"]),
        ATTEMPT_HEADER: str(attempt),
    }
    # Over https the certificate is checked for the URL's name, though the address is given.
    extensions = {"sni_hostname": target.host} if target.scheme == "https" else {}
    error = "no address"
    # Each checked address in turn, as a browser would (a name may have an IPv6 address that
    # does not answer and an IPv4 one that does); the first answer counts.
    for address in addresses:
        try:
            response = _client().post(
                url.copy_with(host=str(address)),
                content=body,
                headers=headers,
                extensions=extensions,
                timeout=timeout,
            )
        except httpx.ConnectError as exc:
            error = f"could not connect to {address}: {exc}"
            continue
        except httpx.TimeoutException:
            return Attempt(False, retry=True, error="the receiver did not answer in time")
        except httpx.HTTPError as exc:
            return Attempt(False, retry=True, error=f"no answer: {type(exc).__name__}")
        ok = 200 <= response.status_code < 300
        return Attempt(delivered=ok, retry=not ok, status_code=response.status_code)
    return Attempt(delivered=False, retry=True, error=error)


@lru_cache(maxsize=1)
def _client() -> httpx.Client:
    """One client per worker process: building one (its TLS context) costs more than most
    deliveries, and its pool keeps connections to busy receivers open. Connections are keyed
    by the checked address, so a pooled one never goes anywhere unchecked."""
    return httpx.Client(follow_redirects=False, trust_env=False)


def _record(store: SyncStore, game_id: str, seat: str, entry: dict[str, Any]) -> None:
    key = store.keys.webhook_log(game_id, seat)
    pipe = store.redis.pipeline(transaction=False)
    pipe.lpush(key, orjson.dumps(entry))
    pipe.ltrim(key, 0, store.settings.webhook_log_size - 1)
    ttl = store.redis.pttl(store.keys.game(game_id))
    if ttl is not None and ttl > 0:
        pipe.pexpire(key, ttl)
    pipe.execute()


# -- the sweeper's round ---------------------------------------------------------------------


def sweep_once(store: SyncStore, hand_out: Callable[[str], None]) -> int:
    """Hand out every game (of the least recently seen `SWEEP_BATCH`) whose cursor is behind
    the game: a new version, or a changed field count (a seat joined). Returns how many."""
    redis: Any = store.redis
    keys = store.keys
    games = [bytes(g).decode() for g in redis.zrange(keys.webhook_games, 0, SWEEP_BATCH - 1)]
    if not games:
        return 0
    pipe = redis.pipeline(transaction=False)
    for game_id in games:
        pipe.hget(keys.game(game_id), "v")
        pipe.hlen(keys.game(game_id))
        pipe.hmget(keys.webhook_cursor(game_id), "v", "fields")
    answers = pipe.execute()
    behind = 0
    now = time.time()
    for i, game_id in enumerate(games):
        version, fields, (seen_version, seen_fields) = answers[3 * i : 3 * i + 3]
        if version is None or seen_version is None:  # expired, or its webhooks are gone
            redis.zrem(keys.webhook_games, game_id)
            continue
        redis.zadd(keys.webhook_games, {game_id: now})
        if int(version) > int(seen_version) or int(fields) != int(seen_fields or 0):
            hand_out(game_id)
            behind += 1
    return behind
