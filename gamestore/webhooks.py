"""Webhooks: a seat's URLs that the workers POST a signed notice to when it is that seat's
decision, when the game is over, and when another seat joins.

What is stored (one game's keys share its hash tag, see `gamestore.keys`):
- `webhooks(game, seat)`: a hash, webhook id -> its JSON (URL, secret, events, created);
- `webhook_cursor(game)`: how far the game's notices were handed out: the version (`v`), the
  seats that held a token then (`seats`), and the game hash's field count then (`fields`, which
  changes exactly when a seat joins or a rematch is linked: what lets the sweeper see a join
  without loading the game);
- `webhook_log(game, seat)`: the seat's latest delivery attempts, capped;
- `webhook_games`: every game with webhooks (the sweeper's round).
They expire with the game (each hand-out gives them the game's time to live).

At least once, without touching the move's own write: every writer (an API request, an AI
worker) enqueues a hand-out after its commit, and a hand-out compares the game with the cursor:
whatever changed since (a new version, a seat that joined) becomes notices, one Celery delivery
task per notice and webhook, and only then does the cursor move on. A process that dies after
the commit but before its enqueue leaves the cursor behind: the workers' sweeper finds such
games and hands them out (`workers.webhooks`). A notice has an id fixed by what it tells, so a
notice sent twice (a hand-out repeated, a delivery retried) carries the same `id` and
receivers de-duplicate on it.

Notices tell the state of the game when they are handed out: a version that was already
superseded by then (it was the seat's decision, the seat has moved since) is not announced.
They carry only what every seat may see (the game id, the seat, the version, whose decision it
is, the outcome's winners); never a card.

Signatures (`sign`, `verify`): `Coven-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
"<t>.<body>" under the webhook's secret>`, as Stripe does; receivers reject a `t` older than
`SIGNATURE_TOLERANCE_SECONDS`. See docs/webhooks.md.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final, Literal

import orjson

from gamestore.commits import now_iso
from gamestore.handoff import DISPATCH_WEBHOOKS, Enqueue
from gamestore.keys import Keys
from gamestore.records import FINISHED, GameRecord
from rules.core import N_

log = logging.getLogger(__name__)

EventKind = Literal["your_decision", "game_over", "seat_joined"]
EVENT_KINDS: Final[tuple[EventKind, ...]] = ("your_decision", "game_over", "seat_joined")

SIGNATURE_HEADER: Final = "Coven-Signature"
EVENT_ID_HEADER: Final = "Coven-Event-Id"
EVENT_KIND_HEADER: Final = "Coven-Event"
ATTEMPT_HEADER: Final = "Coven-Delivery-Attempt"
SIGNATURE_TOLERANCE_SECONDS: Final = 300
"""How old a signature's timestamp a receiver should accept (each attempt is signed anew, so a
retry is never older than this when it is sent)."""

MIN_SECRET_LENGTH: Final = 16
MAX_SECRET_LENGTH: Final = 256


class WebhookSecretRefused(Exception):
    """A secret too short, too long, or not printable ASCII."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def check_secret(secret: str) -> None:
    if not MIN_SECRET_LENGTH <= len(secret) <= MAX_SECRET_LENGTH:
        raise WebhookSecretRefused(
            N_(
                "a webhook secret has {low} to {high} characters, not {n}; "
                "use a random one (e.g. 32 hex digits)"
            ).format(low=MIN_SECRET_LENGTH, high=MAX_SECRET_LENGTH, n=len(secret))
        )
    if not all(33 <= ord(c) <= 126 for c in secret):
        raise WebhookSecretRefused(
            N_("a webhook secret is printable ASCII without spaces (letters, digits, punctuation)")
        )


@dataclass(frozen=True, slots=True)
class Webhook:
    id: str
    url: str
    secret: str
    events: tuple[EventKind, ...]
    created: float

    @classmethod
    def new(cls, url: str, secret: str, events: Iterable[EventKind]) -> Webhook:
        chosen = set(events)
        return cls(
            id="wh_" + secrets.token_urlsafe(12),
            url=url,
            secret=secret,
            events=tuple(k for k in EVENT_KINDS if k in chosen),
            created=time.time(),
        )

    def stored(self) -> bytes:
        return orjson.dumps(
            {
                "url": self.url,
                "secret": self.secret,
                "events": list(self.events),
                "created": self.created,
            }
        )

    @classmethod
    def load(cls, webhook_id: str, raw: bytes) -> Webhook:
        data = orjson.loads(raw)
        return cls(webhook_id, data["url"], data["secret"], tuple(data["events"]), data["created"])

    def public(self) -> dict[str, Any]:
        """What the API shows of a webhook: everything but its secret."""
        return {
            "id": self.id,
            "url": self.url,
            "events": list(self.events),
            "created": self.created,
        }


# -- signatures ------------------------------------------------------------------------------


def signature(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return mac.hexdigest()


def sign(secret: str, body: bytes, timestamp: int | None = None) -> str:
    """The `Coven-Signature` header of `body`, signed now (or at `timestamp`)."""
    t = int(time.time()) if timestamp is None else timestamp
    return f"t={t},v1={signature(secret, t, body)}"


def verify(
    secret: str,
    header: str,
    body: bytes,
    tolerance: float = SIGNATURE_TOLERANCE_SECONDS,
    now: float | None = None,
) -> bool:
    """The receiver's check: `header` signs `body` under `secret`, at a time at most
    `tolerance` seconds from now (so a recorded request cannot be replayed later)."""
    fields: dict[str, list[str]] = {}
    for part in header.split(","):
        key, _, value = part.strip().partition("=")
        fields.setdefault(key, []).append(value)
    try:
        t = int(fields["t"][0])
    except (KeyError, ValueError):
        return False
    if abs((time.time() if now is None else now) - t) > tolerance:
        return False
    expected = signature(secret, t, body)
    return any(hmac.compare_digest(expected, v) for v in fields.get("v1", []))


# -- notices ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Notice:
    """One thing to tell one seat; `payload` is the JSON body its webhooks receive."""

    seat: str
    kind: EventKind
    payload: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.payload["id"])


def event_id(game_id: str, kind: str, seat: str, detail: str) -> str:
    """The same for every hand-out of one event, so that receivers can de-duplicate."""
    digest = hashlib.sha256(f"{game_id}\0{kind}\0{seat}\0{detail}".encode()).hexdigest()
    return "evt_" + digest[:32]


@dataclass(frozen=True, slots=True)
class Cursor:
    version: int
    seats: frozenset[str]

    @classmethod
    def load(cls, raw: dict[bytes, bytes]) -> Cursor | None:
        if b"v" not in raw:
            return None
        seats = raw.get(b"seats", b"").decode()
        return cls(int(raw[b"v"]), frozenset(s for s in seats.split(",") if s))


def plan_notices(
    record: GameRecord, to_move: str | None, last_mover: str | None, cursor: Cursor
) -> list[Notice]:
    """What happened since `cursor`, as notices to the seats with tokens:
    - `game_over` to every seat, once the game is over;
    - `your_decision` to the seat to move, unless it made the last move itself (it knows);
    - `seat_joined` to every other seat, for each seat that took its token since.
    `to_move` and `last_mover` are of the game as `record` holds it."""
    notices: list[Notice] = []
    humans = [c.seat for c in record.seats if c.seat in record.token_hashes]

    def notice(seat: str, kind: EventKind, detail: str, **extra: Any) -> Notice:
        payload = {
            "id": event_id(record.id, kind, seat, detail),
            "kind": kind,
            "game_id": record.id,
            "game": record.game,
            "seat": seat,
            "version": record.version,
            "status": record.status,
            "to_move": to_move,
            "created": now_iso(),
            **extra,
        }
        return Notice(seat, kind, payload)

    if record.version > cursor.version:
        if record.status == FINISHED:
            winners = list((record.outcome or {}).get("winners", []))
            notices += [
                notice(seat, "game_over", str(record.version), winners=winners) for seat in humans
            ]
        elif to_move is not None and to_move in humans and to_move != last_mover:
            notices.append(notice(to_move, "your_decision", str(record.version)))
    for joined in [seat for seat in humans if seat not in cursor.seats]:
        name = record.names.get(joined)
        notices += [
            notice(seat, "seat_joined", joined, joined_seat=joined, joined_name=name)
            for seat in humans
            if seat != joined
        ]
    return notices


# -- the API's side (asyncio client) ---------------------------------------------------------

# KEYS: the seat's webhooks, the game's cursor, the game hash
# ARGV: webhook id, its JSON, the most webhooks a seat may have
# Returns 1 when added, 0 when the seat has the most already, -1 when the game is gone. The
# first webhook of a game starts its cursor at the game as it is now: notices tell only what
# happens after registration.
REGISTER: Final = """
if redis.call('EXISTS', KEYS[3]) == 0 then return -1 end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if redis.call('EXISTS', KEYS[2]) == 0 then
  local seats = {}
  for _, field in ipairs(redis.call('HKEYS', KEYS[3])) do
    if string.sub(field, 1, 4) == 'tok:' then table.insert(seats, string.sub(field, 5)) end
  end
  redis.call('HSET', KEYS[2], 'v', redis.call('HGET', KEYS[3], 'v'),
             'seats', table.concat(seats, ','), 'fields', redis.call('HLEN', KEYS[3]))
end
local ttl = redis.call('PTTL', KEYS[3])
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('PEXPIRE', KEYS[2], ttl)
end
return 1
"""


async def register(
    client: Any, keys: Keys, game_id: str, seat: str, hook: Webhook, cap: int
) -> int:
    """1 when stored, 0 when the seat has `cap` webhooks already, -1 when the game is gone."""
    result = await client.eval(
        REGISTER,
        3,
        keys.webhooks(game_id, seat),
        keys.webhook_cursor(game_id),
        keys.game(game_id),
        hook.id,
        hook.stored(),
        cap,
    )
    if result == 1:
        # The sweeper's round (another slot on a cluster, so written on its own; a lost write
        # only means the sweeper does not look after this game until its next webhook).
        await client.zadd(keys.webhook_games, {game_id: time.time()})
    return int(result)


async def seat_webhooks(client: Any, keys: Keys, game_id: str, seat: str) -> list[Webhook]:
    raw = await client.hgetall(keys.webhooks(game_id, seat))
    hooks = [Webhook.load(bytes(k).decode(), bytes(v)) for k, v in raw.items()]
    return sorted(hooks, key=lambda h: (h.created, h.id))


async def delete(client: Any, keys: Keys, game_id: str, seat: str, webhook_id: str) -> bool:
    return bool(await client.hdel(keys.webhooks(game_id, seat), webhook_id))


async def deliveries(
    client: Any, keys: Keys, game_id: str, seat: str, limit: int
) -> list[dict[str, Any]]:
    raw = await client.lrange(keys.webhook_log(game_id, seat), 0, limit - 1)
    return [orjson.loads(entry) for entry in raw]


async def notify(client: Any, keys: Keys, enqueue: Enqueue, game_id: str) -> None:
    """After a write to a game (a move, a join): hand its notices to the workers if any seat
    has a webhook. Never raises: the write is acknowledged already, and a hand-out that could
    not be enqueued is made by the sweeper."""
    try:
        if await client.exists(keys.webhook_cursor(game_id)):
            await enqueue(DISPATCH_WEBHOOKS, game_id, [])
    except Exception as exc:  # the broker or Redis is down: the sweeper will hand it out
        log.warning(
            "game %s: webhook notices not handed out now (%s); the sweeper will", game_id, exc
        )
