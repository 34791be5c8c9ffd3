"""What one GraphQL document may cost, and rate limits that count operations, not requests.

Strawberry's own validation extensions bound a document: aliases (`COVEN_GRAPHQL_MAX_ALIASES`),
depth (`COVEN_GRAPHQL_MAX_DEPTH`) and tokens (`COVEN_GRAPHQL_MAX_TOKENS`); introspection can be
turned off (`COVEN_GRAPHQL_INTROSPECTION=false`). `OperationCost` then charges the rate limits
once per root field of the operation, so one request with 30 aliases of `game` counts as 30
reads: the HTTP middleware already charged the request itself, this charges the rest.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

from graphql import (
    DocumentNode,
    ExecutionResult,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
)
from graphql.validation import NoSchemaIntrospectionCustomRule
from starlette.websockets import WebSocket
from strawberry.extensions import (
    AddValidationRules,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    QueryDepthLimiter,
    SchemaExtension,
)

from gamestore.settings import Settings
from rules.core.text import N_
from service import auth, metrics
from service.errors import BadToken, RateLimited
from service.graphql_api import as_graphql_error
from service.limits import client_address


def _operation(document: DocumentNode, name: str | None) -> OperationDefinitionNode | None:
    for definition in document.definitions:
        if isinstance(definition, OperationDefinitionNode) and (
            name is None or (definition.name is not None and definition.name.value == name)
        ):
            return definition
    return None


def root_fields(document: DocumentNode, operation_name: str | None) -> int:
    """How many root fields the operation resolves, through fragments and inline fragments."""
    operation = _operation(document, operation_name)
    if operation is None:
        return 1
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    seen: set[str] = set()

    def count(selections: SelectionSetNode) -> int:
        total = 0
        for node in selections.selections:
            if isinstance(node, FieldNode):
                total += node.name.value != "__typename"
            elif isinstance(node, InlineFragmentNode):
                total += count(node.selection_set)
            elif isinstance(node, FragmentSpreadNode) and node.name.value not in seen:
                seen.add(node.name.value)
                fragment = fragments.get(node.name.value)
                if fragment is not None:
                    total += count(fragment.selection_set)
        return total

    return max(count(operation.selection_set), 1)


class OperationCost(SchemaExtension):
    """Charges the per-address and per-token rate limits for every root field."""

    async def on_execute(self) -> AsyncIterator[None]:
        ctx = self.execution_context
        request = (ctx.context or {}).get("request") if isinstance(ctx.context, dict) else None
        if request is not None and ctx.graphql_document is not None:
            cost = root_fields(ctx.graphql_document, ctx.operation_name)
            # An HTTP request was charged once by the middleware; a WebSocket connection was
            # charged once when it opened, so each of its operations pays in full.
            extra = cost if isinstance(request, WebSocket) else cost - 1
            if extra > 0:
                wait = await self._charge(request, extra)
                if wait:
                    error = RateLimited(
                        N_("too many operations; try again in {wait} s").format(wait=wait),
                        retry_after=wait,
                    )
                    ctx.result = ExecutionResult(data=None, errors=[as_graphql_error(error)])
        yield

    @staticmethod
    async def _charge(request: Any, cost: int) -> int:
        token_hash = None
        try:
            token = auth.bearer(request.headers.get("authorization"))
        except BadToken:
            token = None
        if token is not None:
            token_hash = auth.token_hash(token)
        store = request.app.state.store
        wait: int = await store.rate_limit(
            auth.address_hash(client_address(request.scope)), token_hash, cost
        )
        if wait:
            metrics.RATE_LIMITED.labels("token" if token_hash else "address").inc()
        return wait


def graphql_extensions(settings: Settings) -> list[Callable[[], SchemaExtension]]:
    """The cost limits of `settings`, as strawberry extension factories."""
    extensions: list[Callable[[], SchemaExtension]] = [
        lambda: MaxTokensLimiter(max_token_count=settings.graphql_max_tokens),
        lambda: MaxAliasesLimiter(max_alias_count=settings.graphql_max_aliases),
        lambda: QueryDepthLimiter(max_depth=settings.graphql_max_depth),
        OperationCost,
    ]
    if not settings.graphql_introspection:
        extensions.append(lambda: AddValidationRules([NoSchemaIntrospectionCustomRule]))
    return extensions
