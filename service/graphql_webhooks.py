"""The GraphQL types of webhooks (`service.graphql_api` has their queries and mutations, over
`service.webhooks`, as REST does)."""

from __future__ import annotations

import enum
from typing import Any

import strawberry


@strawberry.enum(description="What a webhook is told of.")
class WebhookEvent(enum.Enum):
    YOUR_DECISION = "your_decision"
    GAME_OVER = "game_over"
    SEAT_JOINED = "seat_joined"


@strawberry.type(description="A seat's webhook (its secret is never shown again).")
class Webhook:
    id: strawberry.ID
    url: str
    events: list[WebhookEvent]
    created: float = strawberry.field(description="When it was registered (Unix seconds).")


@strawberry.type
class SeatWebhooks:
    seat: str
    webhooks: list[Webhook]
    limit: int = strawberry.field(description="The most webhooks one seat may have in a game.")


@strawberry.type
class DeletedWebhook:
    id: strawberry.ID
    deleted: bool


@strawberry.type(description="One delivery attempt of a webhook notice.")
class WebhookDelivery:
    webhook_id: strawberry.ID
    event_id: str = strawberry.field(description="The notice's id (the same in every attempt).")
    kind: WebhookEvent
    version: int = strawberry.field(description="The game version the notice tells of.")
    attempt: int = strawberry.field(description="1 for the first attempt, 2 for the first retry.")
    at: str = strawberry.field(description="When the attempt was made (ISO 8601, UTC).")
    status_code: int | None = strawberry.field(description="The receiver's HTTP status.")
    delivered: bool = strawberry.field(description="Whether the receiver answered 2xx.")
    error: str | None = strawberry.field(description="Why there was no 2xx answer.")
    duration_ms: float
    next_attempt_in_seconds: float | None = strawberry.field(
        description="The wait before the next attempt; null when none follows."
    )


def webhook(d: dict[str, Any]) -> Webhook:
    return Webhook(
        id=strawberry.ID(d["id"]),
        url=d["url"],
        events=[WebhookEvent(e) for e in d["events"]],
        created=d["created"],
    )


def seat_webhooks(d: dict[str, Any]) -> SeatWebhooks:
    return SeatWebhooks(
        seat=d["seat"], webhooks=[webhook(h) for h in d["webhooks"]], limit=d["limit"]
    )


def delivery(d: dict[str, Any]) -> WebhookDelivery:
    return WebhookDelivery(
        webhook_id=strawberry.ID(d["webhook_id"]),
        event_id=d["event_id"],
        kind=WebhookEvent(d["kind"]),
        version=d["version"],
        attempt=d["attempt"],
        at=d["at"],
        status_code=d["status_code"],
        delivered=d["delivered"],
        error=d["error"],
        duration_ms=d["duration_ms"],
        next_attempt_in_seconds=d["next_attempt_in_seconds"],
    )
