"""GraphQL at /graphql (strawberry): the schema, assembled from modules that each do one job.

    service.graphql_types       the types, derived from the REST models (service.models)
    service.graphql_views       the typed game views and move values, from the games' shapes
    service.graphql_resolvers   Query, Mutation, Subscription: thin resolvers over the services
    service.graphql_undo        the `undo` mutation (gamestore.undo)
    service.graphql_context     what a resolver reads from its request: service, token, language
    service.graphql_errors      exceptions to GraphQL errors, mapped once; errors made ready
    service.graphql_documents   parsing and validation, off the event loop and cached
    service.graphql_limits      what a document may cost; rate limits per operation
    service.graphql_transport   HTTP and WebSocket (strawberry's ASGI view, `CovenGraphQL`)

Errors carry `extensions.code` (the same codes as REST's problem+json `code`) and the same extra
members (`current_version`, `problems`, `retry_after`), on every channel (`CovenSchema`).

A root field is added by listing the class that declares it (`@strawberry.type` with one or more
`@strawberry.field`, `@strawberry.mutation` or `@strawberry.subscription` resolvers, in a module
of its own) in `QUERIES`, `MUTATIONS` or `SUBSCRIPTIONS`: their fields come in the order listed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import strawberry
from graphql import GraphQLError
from strawberry.extensions import SchemaExtension
from strawberry.tools import merge_types

from service.graphql_documents import CheckedDocuments, Documents
from service.graphql_errors import ShapeErrors, finish_errors, map_errors, unexpected
from service.graphql_resolvers import Mutation, Query, Subscription
from service.graphql_undo import UndoMutation
from service.replication import ReplicationExtension

QUERIES: tuple[type, ...] = (Query,)
MUTATIONS: tuple[type, ...] = (Mutation, UndoMutation)
SUBSCRIPTIONS: tuple[type, ...] = (Subscription,)


def merged(name: str, roots: tuple[type, ...]) -> type:
    """One root type of the fields of `roots`, in their order (a field named twice warns)."""
    return roots[0] if len(roots) == 1 else merge_types(name, roots)


class CovenSchema(strawberry.Schema):
    """Maps the errors resolvers raised to the service's (`map_errors`), logs only unexpected
    ones (a typed service error, with its code, is an answer), then makes every error ready
    for the client (`finish_errors`): this runs for every answer, queries and mutations over
    HTTP and the WebSocket, and every message of a subscription."""

    def process_errors(self, errors: list[GraphQLError], execution_context: Any = None) -> None:
        context = execution_context.context if execution_context is not None else None
        map_errors(errors, context)
        super().process_errors([e for e in errors if unexpected(e)], execution_context)
        finish_errors(errors, context)


def make_schema(
    extensions: Sequence[Callable[[], SchemaExtension]] = (),
    documents: Documents | None = None,
) -> CovenSchema:
    """The schema, its documents parsed and validated by `documents` (the bounded ones of
    `service.graphql_limits` in the app) and `extensions` (the cost limits of the same module)."""
    checked = documents or Documents()
    return CovenSchema(
        query=merged("Query", QUERIES),
        mutation=merged("Mutation", MUTATIONS),
        subscription=merged("Subscription", SUBSCRIPTIONS),
        extensions=[
            lambda: CheckedDocuments(checked),
            ShapeErrors,
            ReplicationExtension,
            *extensions,
        ],
    )


schema = make_schema()
