"""Bounds and formats checked at the edge, before any input reaches the game store.

Every number a client sends is bounded here (Redis stream ids and orjson's 64-bit integers
would otherwise turn a large number into a 500), bodies must be JSON (`JsonBodies`, 415
otherwise), and versions travel as whole numbers: `Version` accepts `3` and `3.0` (both are
JSON Schema integers) and refuses `true`, `"3"` and `3.5`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any

import orjson
from pydantic import BeforeValidator, Field
from pydantic_core import PydanticCustomError
from starlette.types import ASGIApp, Receive, Scope, Send

from rules.core import N_
from service.errors import MalformedInput, ServiceError, UnsupportedMediaType
from service.limits import Responder, _header

# GraphQL's Int is a signed 32-bit number, so REST accepts the same range for versions and
# counts: one contract for both, far above any real game's version.
MAX_VERSION = 2**31 - 1
WHOLE_NUMBER = re.compile(r"-?[0-9]+")
LAST_EVENT_ID = re.compile(r"[0-9]{1,10}")
BODY_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def _whole(value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PydanticCustomError(WHOLE, N_("must be a whole number"))
    if isinstance(value, float):
        if not value.is_integer():
            raise PydanticCustomError(WHOLE, N_("must be a whole number"))
        return int(value)
    return value


Version = Annotated[int, Field(ge=0, le=MAX_VERSION), BeforeValidator(_whole)]

# What is wrong with a request body, one message per kind of pydantic error (its own English
# is not passed on: a message of ours is translated, and names the member as the API does).
WHOLE = "whole_number"
THE_BODY = N_("the request body")
BODY_PROBLEMS: dict[str, str] = {
    "missing": N_("{field} is required"),
    "extra_forbidden": N_("{field} is not a member of this request"),
    "string_type": N_("{field} must be a string"),
    "string_too_short": N_("{field} must have at least {min_length} characters"),
    "string_too_long": N_("{field} must have at most {max_length} characters"),
    "bool_type": N_("{field} must be true or false"),
    "int_type": N_("{field} must be a whole number"),
    "int_parsing": N_("{field} must be a whole number"),
    "int_from_float": N_("{field} must be a whole number"),
    WHOLE: N_("{field} must be a whole number"),
    "float_type": N_("{field} must be a number"),
    "float_parsing": N_("{field} must be a number"),
    "finite_number": N_("{field} must be a finite number"),
    "greater_than_equal": N_("{field} must be at least {ge}"),
    "less_than_equal": N_("{field} must be at most {le}"),
    "literal_error": N_("{field} must be one of {expected}"),
    "list_type": N_("{field} must be an array"),
    "too_short": N_("{field} must have at least {min_length} items"),
    "too_long": N_("{field} must have at most {max_length} items"),
    "dict_type": N_("{field} must be an object"),
    "model_type": N_("{field} must be an object"),
    "model_attributes_type": N_("{field} must be an object"),
    "json_invalid": N_("{field} is not valid JSON"),
    "json_type": N_("{field} is not valid JSON"),
}
OTHER_PROBLEM = N_("{field} is not valid")
REFUSED_BY_VALIDATOR = N_("{field} is not valid: {reason}")


def body_problem(error: Mapping[str, Any]) -> str:
    """One pydantic error of a request body as a message of the catalog: the member by its
    path in quotes (`'seats.0.kind'`, as the API names it), or "the request body"."""
    loc = ".".join(str(part) for part in error.get("loc", ()))
    field = repr(loc) if loc else THE_BODY
    kind = str(error.get("type", ""))
    ctx = dict(error.get("ctx") or {})
    if kind == "value_error":
        # Our own validators' reasons (`N_` messages, so translated as an argument).
        return REFUSED_BY_VALIDATOR.format(field=field, reason=str(ctx.get("error", "")))
    template = BODY_PROBLEMS.get(kind, OTHER_PROBLEM)
    if "expected" in ctx:  # pydantic's "'a', 'b' or 'c'": its "or" is English
        ctx["expected"] = str(ctx["expected"]).replace(" or ", ", ")
    try:
        return template.format(field=field, **ctx)
    except (KeyError, IndexError, ValueError):
        return OTHER_PROBLEM.format(field=field)


def query_int(raw: str | None, name: str, minimum: int, maximum: int) -> int | None:
    """A bounded whole-number query parameter; None when it is absent."""
    if raw is None:
        return None
    if not WHOLE_NUMBER.fullmatch(raw):
        raise MalformedInput(
            N_("query parameter {name} must be a whole number").format(name=repr(name))
        )
    # Bounded before int(): a thousand-digit number is refused without being converted.
    if len(raw.lstrip("-")) > 12 or not minimum <= int(raw) <= maximum:
        raise MalformedInput(
            N_("query parameter {name} must be at least {minimum} and at most {maximum}").format(
                name=repr(name), minimum=minimum, maximum=maximum
            )
        )
    return int(raw)


def last_event_id(raw: str | None) -> int | None:
    """The version an SSE client last saw (its `Last-Event-ID`), bounded like every version."""
    if raw is None:
        return None
    if not LAST_EVENT_ID.fullmatch(raw) or int(raw) > MAX_VERSION:
        raise MalformedInput(
            N_("Last-Event-ID must be a game version (0 to {max_version})").format(
                max_version=MAX_VERSION
            )
        )
    return int(raw)


def check_writable(data: Any, error: type[ServiceError] = MalformedInput) -> None:
    """Refuses what pydantic parses but orjson cannot write back: integers beyond 64 bits and
    lone surrogates in strings, which idempotency fingerprints, stored options and error
    messages would have to echo. `error` says what that means for the endpoint (a move value
    that cannot be written is no legal move: 422, as the schema cannot bound nested numbers)."""
    try:
        orjson.dumps(data)
    except TypeError:
        raise error(
            N_(
                "the request body cannot be stored: numbers must fit in 64 bits, strings "
                "must be valid Unicode"
            )
        ) from None


def _is_json(content_type: str | None) -> bool:
    if content_type is None:
        return False
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and "+json" in media)


class JsonBodies:
    """Refuses a request body that is not `application/json` with 415, before the app reads it.

    A request with no body at all (no Content-Length or a zero one, no chunked transfer) passes
    whatever its Content-Type: endpoints whose body is optional accept it, and the others
    answer that the body's fields are missing."""

    def __init__(self, app: ASGIApp, respond: Responder) -> None:
        self.app = app
        self.respond = respond

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in BODY_METHODS:
            await self.app(scope, receive, send)
            return
        length = _header(scope, b"content-length")
        chunked = "chunked" in (_header(scope, b"transfer-encoding") or "").lower()
        has_body = chunked or (length is not None and length.strip() not in ("", "0"))
        content_type = _header(scope, b"content-type")
        if has_body and not _is_json(content_type):
            media = repr(content_type.split(";", 1)[0][:100]) if content_type else None
            error: ServiceError = UnsupportedMediaType(
                N_(
                    "request bodies must be JSON (Content-Type: application/json), not {media}"
                ).format(media=media)
                if media is not None
                else N_(
                    "request bodies must be JSON (Content-Type: application/json); this one "
                    "has no Content-Type"
                )
            )
            await self.respond(error, scope)(scope, receive, send)
            return
        await self.app(scope, receive, send)
