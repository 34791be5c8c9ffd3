"""The webhook operations, shared by REST and GraphQL: register, list and delete a seat's
webhooks, and read its delivery log. Every one acts as the seat of the token (a spectator has
no webhooks); the storage, notices and deliveries are `gamestore.webhooks` and
`workers.webhooks`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamestore import webhook_urls, webhooks
from gamestore.records import FINISHED
from rules.core import N_
from service.errors import (
    GameNotFound,
    GameOver,
    MalformedInput,
    TooManyWebhooks,
    WebhookNotFound,
    WebhookSecretRefusedError,
    WebhookUrlRefusedError,
)
from service.games import GameService

MAX_DELIVERIES = 200
"""The most delivery-log entries one read returns."""


def _events(events: Sequence[str] | None) -> list[webhooks.EventKind]:
    if events is None:
        return list(webhooks.EVENT_KINDS)
    chosen: list[webhooks.EventKind] = []
    for kind in events:
        known = next((k for k in webhooks.EVENT_KINDS if k == kind), None)
        if known is None:
            raise MalformedInput(
                N_("unknown webhook event {kind} (events: {events})").format(
                    kind=repr(kind), events=", ".join(webhooks.EVENT_KINDS)
                )
            )
        if known in chosen:
            raise MalformedInput(
                N_("the webhook event {kind} is given twice").format(kind=repr(kind))
            )
        chosen.append(known)
    if not chosen:
        raise MalformedInput(N_("a webhook needs at least one event"))
    return chosen


async def register(
    service: GameService,
    game_id: str,
    token: str | None,
    url: str,
    secret: str,
    events: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Add a webhook of the token's seat: its notices from now on go to `url`, signed with
    `secret`."""
    record, _, seat = await service.seat_for(game_id, token)
    if record.status == FINISHED:
        raise GameOver(N_("the game is over: nothing more will happen in it to notify"))
    kinds = _events(events)
    try:
        webhooks.check_secret(secret)
    except webhooks.WebhookSecretRefused as exc:
        raise WebhookSecretRefusedError(exc.reason) from None
    try:
        await webhook_urls.check(url, service.settings.webhook_allow_private)
    except webhook_urls.WebhookUrlRefused as exc:
        raise WebhookUrlRefusedError(exc.reason) from None
    hook = webhooks.Webhook.new(url, secret, kinds)
    cap = service.settings.webhooks_per_seat
    stored = await webhooks.register(
        service.store.redis, service.store.keys, game_id, seat, hook, cap
    )
    if stored == -1:
        raise GameNotFound(
            N_("there is no game {game_id} (it may have expired)").format(game_id=repr(game_id))
        )
    if stored == 0:
        raise TooManyWebhooks(
            N_("this seat has {n} webhooks in this game already; delete one first").format(n=cap),
            limit=cap,
        )
    return {**hook.public(), "seat": seat}


async def list_webhooks(service: GameService, game_id: str, token: str | None) -> dict[str, Any]:
    _, _, seat = await service.seat_for(game_id, token)
    hooks = await webhooks.seat_webhooks(service.store.redis, service.store.keys, game_id, seat)
    return {
        "seat": seat,
        "webhooks": [h.public() for h in hooks],
        "limit": service.settings.webhooks_per_seat,
    }


async def delete(
    service: GameService, game_id: str, token: str | None, webhook_id: str
) -> dict[str, Any]:
    _, _, seat = await service.seat_for(game_id, token)
    keys = service.store.keys
    if not await webhooks.delete(service.store.redis, keys, game_id, seat, webhook_id):
        raise WebhookNotFound(
            N_("this seat has no webhook {webhook} in this game").format(webhook=repr(webhook_id))
        )
    return {"id": webhook_id, "deleted": True}


async def deliveries(
    service: GameService, game_id: str, token: str | None, limit: int | None = None
) -> dict[str, Any]:
    """The seat's latest delivery attempts, newest first (at most `COVEN_WEBHOOK_LOG_SIZE`
    are kept)."""
    count = 50 if limit is None else limit
    if not 1 <= count <= MAX_DELIVERIES:
        raise MalformedInput(
            N_("a deliveries limit must be between 1 and {n}").format(n=MAX_DELIVERIES)
        )
    _, _, seat = await service.seat_for(game_id, token)
    keys = service.store.keys
    entries = await webhooks.deliveries(service.store.redis, keys, game_id, seat, count)
    return {"seat": seat, "deliveries": entries}
