"""The service's exception tree, mapped to HTTP (RFC 9457 problem+json) and GraphQL errors in
one place each (`service.rest.problem`, `service.graphql_errors`).

ServiceError                      code                      HTTP
├── GameNotFound                  GAME_NOT_FOUND            404
├── UnknownGameType               UNKNOWN_GAME_TYPE         422
├── InvalidOptionsError           INVALID_OPTIONS           422
├── SeedWithOpenSeat              SEED_WITH_OPEN_SEAT       422
├── MalformedInput                MALFORMED_INPUT           400
├── NameRefused                   NAME_REFUSED              422  (a display name's rules)
├── BadToken                      BAD_TOKEN                 401
├── NotYourDecision               NOT_YOUR_DECISION         409
├── StaleVersion                  STALE_VERSION             409  (current_version)
├── IllegalMoveError              ILLEGAL_MOVE              422  (reason)
├── GameOver                      GAME_OVER                 409
├── InvalidClockError             INVALID_CLOCK             422  (docs/clocks.md)
├── TimeIsUp                      TIME_IS_UP                409  (the seat's clock ran out)
├── NotAway                       NOT_AWAY                  409  (no AI plays the seat)
├── UndoNotAllowed                UNDO_NOT_ALLOWED          409  (nothing the seat may take back)
├── GameNotFinished               GAME_NOT_FINISHED         409  (a rematch asked too early)
├── SeatNotOpen                   SEAT_NOT_OPEN             409
├── IdempotencyKeyReused          IDEMPOTENCY_KEY_REUSED    422
├── TooManyOpenGames              TOO_MANY_OPEN_GAMES       429
├── TooManySubscriptions          TOO_MANY_SUBSCRIPTIONS    429  (limit, scope)
├── RateLimited                   RATE_LIMITED              429  (retry_after)
│   └── HintRateLimited           HINT_RATE_LIMITED         429  (retry_after)
├── PayloadTooLarge               PAYLOAD_TOO_LARGE         413
├── UnsupportedMediaType          UNSUPPORTED_MEDIA_TYPE    415
├── HintUnavailable               HINT_UNAVAILABLE          501
├── HintTimeout                   HINT_TIMEOUT              504
├── ServiceUnavailable            SERVICE_UNAVAILABLE       503  (retry_after)
├── StoreUnavailable              STORE_UNAVAILABLE         503  (retry_after)
├── WebhookNotFound               WEBHOOK_NOT_FOUND         404
├── WebhookUrlRefusedError        WEBHOOK_URL_REFUSED       422  (docs/webhooks.md)
├── WebhookSecretRefusedError     WEBHOOK_SECRET_REFUSED    422
├── TooManyWebhooks               TOO_MANY_WEBHOOKS         409  (COVEN_WEBHOOKS_PER_SEAT)
├── RecordRefused                 RECORD_REFUSED            422  (an uploaded record to replay)
├── NoSuchPosition                NO_SUCH_POSITION          422  (a replay's version or viewpoint)
├── NotFound                      NOT_FOUND                 404  (no such route)
└── MethodNotAllowed              METHOD_NOT_ALLOWED        405

The tree is the classes' (tests/service/test_errors.py compares them), and `ALL_ERRORS`
is every subclass, in this order.

The game store's move planning raises the rules' own `IllegalMove`; `from_rules` is the one
place it becomes `IllegalMoveError`, for both REST and GraphQL. A write too few replicas confirmed
is no error: it was made (`service.replication` answers it 202).

Every message is written for the player and names nothing the caller's seat may not see.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rules.core import N_, IllegalMove

INTERNAL_DETAIL = N_("the server failed to answer; nothing was changed")
"""What an unexpected failure is answered with (REST's 500 problem, GraphQL's INTERNAL_ERROR):
never the exception's own text, which may name the server's files. It is true: whatever can
fail is done before the write, and what follows a write cannot fail its answer."""


class ServiceError(Exception):
    code: ClassVar[str] = "INTERNAL_ERROR"
    status: ClassVar[int] = 500
    title: ClassVar[str] = N_("Internal error")

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "title": self.title, "detail": self.detail, **self.extra}


class GameNotFound(ServiceError):
    code = "GAME_NOT_FOUND"
    status = 404
    title = N_("No such game")


class UnknownGameType(ServiceError):
    code = "UNKNOWN_GAME_TYPE"
    status = 422
    title = N_("Unknown game")


class InvalidOptionsError(ServiceError):
    code = "INVALID_OPTIONS"
    status = 422
    title = N_("Invalid game options")


class SeedWithOpenSeat(ServiceError):
    """A chosen seed fixes every hidden card, so only a creator who holds (or gives to the AI)
    every seat may choose it: nobody else may be dealt into a game the creator can see through."""

    code = "SEED_WITH_OPEN_SEAT"
    status = 422
    title = N_("A chosen seed needs every seat taken by the creator")


class MalformedInput(ServiceError):
    code = "MALFORMED_INPUT"
    status = 400
    title = N_("Malformed input")


class NameRefused(ServiceError):
    """A display name the request's schema admits (any string of at most 40 characters) but
    the name policy refuses (`service.names`, docs/display-names.md): nothing visible, a
    control, format, separator or invisible character, or a seat's, role's or level's name."""

    code = "NAME_REFUSED"
    status = 422
    title = N_("Display name refused")


class BadToken(ServiceError):
    code = "BAD_TOKEN"
    status = 401
    title = N_("Missing or wrong seat token")


class NotYourDecision(ServiceError):
    code = "NOT_YOUR_DECISION"
    status = 409
    title = N_("Not your decision")


class StaleVersion(ServiceError):
    code = "STALE_VERSION"
    status = 409
    title = N_("Stale version")


class IllegalMoveError(ServiceError):
    code = "ILLEGAL_MOVE"
    status = 422
    title = N_("Illegal move")


class GameOver(ServiceError):
    code = "GAME_OVER"
    status = 409
    title = N_("The game is over")


class InvalidClockError(ServiceError):
    """A clock or fill-in configuration that cannot be used (`gamestore.clocks`)."""

    code = "INVALID_CLOCK"
    status = 422
    title = N_("Invalid clock")


class TimeIsUp(ServiceError):
    """A move that arrived after its seat's clock ran out (the timeout wins)."""

    code = "TIME_IS_UP"
    status = 409
    title = N_("Time is up")


class NotAway(ServiceError):
    """An "I'm back" call from a seat that no AI plays."""

    code = "NOT_AWAY"
    status = 409
    title = N_("Not away")


class UndoNotAllowed(ServiceError):
    """An undo when the seat has no decision it may take back (`gamestore.undo`)."""

    code = "UNDO_NOT_ALLOWED"
    status = 409
    title = N_("Nothing to take back")


class GameNotFinished(ServiceError):
    code = "GAME_NOT_FINISHED"
    status = 409
    title = N_("The game is not finished")


class SeatNotOpen(ServiceError):
    code = "SEAT_NOT_OPEN"
    status = 409
    title = N_("No such open seat")


class IdempotencyKeyReused(ServiceError):
    code = "IDEMPOTENCY_KEY_REUSED"
    status = 422
    title = N_("Idempotency key reused for another request")


class TooManyOpenGames(ServiceError):
    code = "TOO_MANY_OPEN_GAMES"
    status = 429
    title = N_("Too many open games")


class TooManySubscriptions(ServiceError):
    """A GraphQL WebSocket operation past the connection's, the address's or the process's
    cap (`scope`: connection, address or process; `limit`: the cap)."""

    code = "TOO_MANY_SUBSCRIPTIONS"
    status = 429
    title = N_("Too many subscriptions")


class RateLimited(ServiceError):
    code = "RATE_LIMITED"
    status = 429
    title = N_("Too many requests")


class HintRateLimited(RateLimited):
    """One seat asked for more hints in a window than `Settings.hint_rate_limit_per_seat`."""

    code = "HINT_RATE_LIMITED"
    title = N_("Too many hints")


class PayloadTooLarge(ServiceError):
    code = "PAYLOAD_TOO_LARGE"
    status = 413
    title = N_("Request body too large")


class UnsupportedMediaType(ServiceError):
    code = "UNSUPPORTED_MEDIA_TYPE"
    status = 415
    title = N_("Request body is not JSON")


class HintUnavailable(ServiceError):
    code = "HINT_UNAVAILABLE"
    status = 501
    title = N_("Hints are not available yet")


class HintTimeout(ServiceError):
    code = "HINT_TIMEOUT"
    status = 504
    title = N_("The hint took too long")


class ServiceUnavailable(ServiceError):
    code = "SERVICE_UNAVAILABLE"
    status = 503
    title = N_("The server is busy")


class StoreUnavailable(ServiceError):
    """The game store (Redis) did not answer: nothing was changed or read; ask again later."""

    code = "STORE_UNAVAILABLE"
    status = 503
    title = N_("The game store is unavailable")


class WebhookNotFound(ServiceError):
    code = "WEBHOOK_NOT_FOUND"
    status = 404
    title = N_("No such webhook")


class WebhookUrlRefusedError(ServiceError):
    """Not an http(s) URL, or one whose host is (or resolves to) a loopback, private,
    link-local, multicast or reserved address (unless COVEN_WEBHOOK_ALLOW_PRIVATE)."""

    code = "WEBHOOK_URL_REFUSED"
    status = 422
    title = N_("Webhook URL refused")


class WebhookSecretRefusedError(ServiceError):
    code = "WEBHOOK_SECRET_REFUSED"
    status = 422
    title = N_("Webhook secret refused")


class TooManyWebhooks(ServiceError):
    code = "TOO_MANY_WEBHOOKS"
    status = 409
    title = N_("Too many webhooks")


class RecordRefused(ServiceError):
    """A record sent to be replayed that is no complete record of this build, or that does not
    replay as recorded (`gamestore.transcripts.replay`: the first divergence is the detail)."""

    code = "RECORD_REFUSED"
    status = 422
    title = N_("Record refused")


class NoSuchPosition(ServiceError):
    """A replay asked for a version the game does not have, or from a seat it does not have:
    a request the API's document allows, which this game refuses."""

    code = "NO_SUCH_POSITION"
    status = 422
    title = N_("No such position")


class NotFound(ServiceError):
    code = "NOT_FOUND"
    status = 404
    title = N_("Not found")


class MethodNotAllowed(ServiceError):
    code = "METHOD_NOT_ALLOWED"
    status = 405
    title = N_("Method not allowed")


def _subclasses(cls: type[ServiceError]) -> list[type[ServiceError]]:
    """Every subclass of `cls`, depth first, in the order they are defined."""
    return [c for sub in cls.__subclasses__() for c in (sub, *_subclasses(sub))]


ALL_ERRORS: tuple[type[ServiceError], ...] = tuple(_subclasses(ServiceError))
"""Every error the service answers with (the OpenAPI document's problem codes, the tests)."""


def from_rules(error: IllegalMove) -> ServiceError:
    """The service's error for a move the rules refused, with the rules' reason."""
    return IllegalMoveError(error.reason)
