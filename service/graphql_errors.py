"""GraphQL's errors, mapped in one place from the exceptions the service answers with.

Resolvers raise what the services raise: a `ServiceError`, the rules' `IllegalMove`, the store's
unavailability (`service.unavailable.UNREACHABLE`, the pool's `PoolExhausted`). `service_error`
is the one mapping of those to the service's errors and `as_graphql_error` the one shape of a
GraphQL error: `extensions.code` (the same codes as REST's problem+json `code`), `status` and
the same extra members (`current_version`, `problems`, `retry_after`). The schema applies
`map_errors` to every error of every answer (`service.graphql_api.CovenSchema.process_errors`),
so no resolver catches anything; an unreachable store also makes an HTTP answer a 503 with
Retry-After, as REST's.

Then `finish_errors` makes every error ready for the client, the same over HTTP and the
WebSocket: a GraphQL syntax or validation error is MALFORMED_INPUT; anything unexpected leaves
as `internal error` with nothing of the exception (`shaped`); every message is in the request's
language.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from graphql import GraphQLError
from strawberry.extensions import SchemaExtension
from strawberry.schema.exceptions import CannotGetOperationTypeError, InvalidOperationTypeError

from rules.core import N_, IllegalMove
from service import i18n
from service.errors import INTERNAL_DETAIL, ServiceError, StoreUnavailable, from_rules
from service.graphql_context import negotiated
from service.unavailable import UNREACHABLE, error_for

INTERNAL_MESSAGE = INTERNAL_DETAIL
GRAPHQL_INVALID = N_("the GraphQL request is not valid: {reason}")
FINISHED_ERRORS = "finished_errors"
"""The context's set of the errors `finish_errors` has made ready (by id)."""


def service_error(exc: BaseException) -> ServiceError | None:
    """The service's error for an exception a resolver may raise (None: it is a bug)."""
    if isinstance(exc, ServiceError):
        return exc
    if isinstance(exc, IllegalMove):
        return from_rules(exc)
    if isinstance(exc, UNREACHABLE):  # the pool's PoolExhausted too: SERVICE_UNAVAILABLE
        return error_for(exc)
    return None


def as_graphql_error(error: ServiceError) -> GraphQLError:
    return GraphQLError(
        error.detail, extensions={"code": error.code, "status": error.status, **error.extra}
    )


def graphql_error(exc: BaseException) -> GraphQLError | None:
    """The GraphQL error of an exception a resolver may raise (None: it is a bug)."""
    if isinstance(exc, GraphQLError):
        return exc
    error = service_error(exc)
    return None if error is None else as_graphql_error(error)


def map_errors(errors: Sequence[GraphQLError], context: Any) -> None:
    """Each error a resolver raised as the service's error says (`service_error`), in place:
    its message and extensions. A store that cannot be reached makes an HTTP answer a 503 with
    Retry-After (a WebSocket has no status)."""
    for error in errors:
        found = service_error(error.original_error) if error.original_error else None
        if found is None or "code" in (error.extensions or {}):
            continue
        error.message = found.detail
        error.extensions = {"code": found.code, "status": found.status, **found.extra}
        response: Any = context.get("response") if isinstance(context, dict) else None
        if isinstance(found, StoreUnavailable) and hasattr(response, "status_code"):
            response.status_code = found.status
            response.headers["Retry-After"] = str(found.extra["retry_after"])


def finish_errors(errors: Sequence[GraphQLError], context: Any) -> None:
    """The errors of an answer made ready for the client, the same over HTTP and over the
    WebSocket: each has a code (one raised by GraphQL's parser or validator is
    MALFORMED_INPUT), an unexpected one says only that the server failed (its own text may
    name the server's files), and every message is in the request's language. Each error is
    made ready once, however many times it is seen."""
    known = isinstance(context, dict)
    done: set[int] = context.setdefault(FINISHED_ERRORS, set()) if known else set()
    lang = str((context.get("lang") if known else None) or negotiated(context))
    for error in errors:
        if id(error) in done:
            continue
        done.add(id(error))
        extensions = dict(error.extensions or {})
        if unexpected(error):
            error.message = INTERNAL_MESSAGE
            extensions.update(code="INTERNAL_ERROR", status=500)
        elif "code" not in extensions:
            extensions["code"] = "MALFORMED_INPUT"
            if lang != i18n.DEFAULT:
                # GraphQL's parser and validator speak English only: their reason is quoted
                # inside a sentence of the reader's language.
                error.message = GRAPHQL_INVALID.format(reason=error.message)
        error.message = i18n.text(error.message, lang)
        error.extensions = i18n.localise(extensions, lang)


def in_language(error: GraphQLError, lang: str) -> GraphQLError:
    """The error in `lang` (a subscription's errors are in its own language, whatever the
    connection's; strawberry sends them as they are)."""
    tr = i18n.translator(lang)
    if tr is not None:
        error.message = tr.text(error.message)
        if error.extensions:
            error.extensions = tr.localise(error.extensions)
    return error


def unexpected(error: GraphQLError) -> bool:
    """An error that is no answer but a bug: an exception that is not a GraphQL error."""
    if "code" in (error.extensions or {}):
        return False
    return error.original_error is not None and not isinstance(
        error.original_error,
        GraphQLError | CannotGetOperationTypeError | InvalidOperationTypeError,
    )


def shaped(error: GraphQLError) -> GraphQLError:
    """The error as a client may see it, on every channel: with a code. One without a code is
    a malformed document (syntax, validation, variable types: graphql-core's own message);
    anything else is unexpected, and leaves as `internal error` with nothing of the exception
    (`CovenSchema.process_errors` has logged it)."""
    extensions = error.extensions or {}
    if "code" in extensions:
        return error
    if not unexpected(error):
        error.extensions = {**extensions, "code": "MALFORMED_INPUT"}
        return error
    return GraphQLError(
        INTERNAL_MESSAGE,
        nodes=error.nodes,
        source=error.source,
        positions=error.positions,
        path=error.path,
        extensions={"code": "INTERNAL_ERROR"},
    )


def format_error(error: GraphQLError) -> dict[str, Any]:
    """The error as JSON, `shaped`: every error has a code; anything unexpected is masked as an
    internal error."""
    formatted: dict[str, Any] = dict(shaped(error).formatted)
    formatted["extensions"] = dict(formatted.get("extensions") or {})
    return formatted


class ShapeErrors(SchemaExtension):
    """`shaped` on every result an operation gives: over HTTP, and over WebSocket, where
    strawberry would send an exception's own text to the client."""

    def on_operation(self) -> Iterator[None]:
        yield
        _shape(self.execution_context.result)

    def on_stream_result(self, result: Any) -> Iterator[None]:
        _shape(result)
        yield


def _shape(result: Any) -> None:
    errors = getattr(result, "errors", None)
    if errors:
        result.errors = [shaped(e) for e in errors]
