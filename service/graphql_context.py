"""What a GraphQL resolver reads from its request: the game service, the seat token and the
language of its texts.

Texts (move labels, prompts, log entries, outcomes, error messages) are in the language of the
`lang` argument of the field that returns them, else of the request's Accept-Language
(`service.i18n`); error messages follow the last `lang` given, else Accept-Language.
"""

from __future__ import annotations

import enum
from typing import Annotated, Any

import strawberry
from strawberry.types import Info

from rules.core import N_
from service import auth, i18n
from service.errors import BadToken
from service.games import GameService


@strawberry.enum(description="The language of the texts of an answer.")
class Language(enum.Enum):
    EN = "en"
    ES = "es"


LangArg = Annotated[
    Language | None,
    strawberry.argument(
        description="The language of the texts in the answer (default: the Accept-Language "
        "header's, else English)."
    ),
]


def lang(info: Info, chosen: Language | None = None) -> str:
    """The language of a field's texts: its `lang`, else the request's Accept-Language. A
    field's `lang` is kept in the context for the error messages of the request."""
    if chosen is not None:
        info.context["lang"] = chosen.value
        return chosen.value
    return str(info.context.get("lang") or negotiated(info.context))


def negotiated(context: Any) -> str:
    """The language of the request's (or the WebSocket upgrade's) Accept-Language."""
    request = context.get("request") if isinstance(context, dict) else None
    headers = getattr(request, "headers", None)
    return i18n.negotiate(headers.get("accept-language") if headers is not None else None)


def service(info: Info) -> GameService:
    found: GameService = info.context["request"].app.state.service
    return found


def token(info: Info) -> str | None:
    """The seat token: the Authorization header, or for WebSockets the connection_init payload
    (`{"Authorization": "Bearer <token>"}` or `{"token": "<token>"}`)."""
    return connection_token(info.context)


def connection_token(context: Any) -> str | None:
    """The seat token of a request or WebSocket: its Authorization header, else its
    connection_init payload; `BadToken` for one that is not a string."""
    found = auth.bearer(context["request"].headers.get("authorization"))
    if found is not None:
        return found
    params = context.get("connection_params") or {}
    if not isinstance(params, dict):
        return None
    raw = params.get("token")
    if raw is not None:
        if not isinstance(raw, str):
            raise BadToken(N_("the token of connection_init must be a string"))
        return raw
    header = params.get("Authorization", params.get("authorization"))
    if header is not None and not isinstance(header, str):
        raise BadToken(N_("the Authorization header must be 'Bearer <seat token>'"))
    return auth.bearer(header)
