"""Where GraphQL documents are parsed and validated (`Documents`): in one thread of their own,
off the event loop, and cached; and the GraphQL spec's check of a document's operation name,
before validation (`CheckedDocuments`, the schema extension that runs both).
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from graphql import DocumentNode, GraphQLError, GraphQLSchema, OperationDefinitionNode, parse
from strawberry.extensions import SchemaExtension
from strawberry.schema.schema import validate_document

from rules.core import N_
from service.errors import MalformedInput
from service.graphql_errors import as_graphql_error
from service.unavailable import busy

T = TypeVar("T")


def operation_refusal(ctx: Any) -> GraphQLError | None:
    """The GraphQL spec: a document of several operations needs an operationName (strawberry
    would run the first one)."""
    document = ctx.graphql_document
    if document is None:
        return None
    operations = sum(isinstance(d, OperationDefinitionNode) for d in document.definitions)
    # The request's own operationName: `ctx.operation_name` falls back to the first
    # operation's name, so strawberry keeps what was asked only here.
    if operations > 1 and getattr(ctx, "_provided_operation_name", None) is None:
        return as_graphql_error(
            MalformedInput(
                N_(
                    "the document has {operations} operations: name the one to run in operationName"
                ).format(operations=operations)
            )
        )
    return None


class Documents:
    """Where GraphQL documents are parsed and validated: in one thread of their own, off the
    event loop, and cached (the last `maxsize` texts, as strawberry's ParserCache and
    ValidationCache did).

    Parsing and validating is pure-Python CPU in graphql-core, tens of milliseconds for a
    document of 2,000 tokens on a small machine; on the event loop, every other request of the
    process (a move, a health check) waited behind it. In the thread the loop gets the GIL back
    within the interpreter's switch interval (5 ms). One thread: new documents wait for each
    other, never the loop, and the documents a client sends again (the web client's few) are
    answered from the cache at once; when `max_pending` already wait, a new one is refused as
    busy (SERVICE_UNAVAILABLE, Retry-After). `check` refuses a document before validation
    (`service.graphql_limits.BoundedDocuments`: what validating it would cost)."""

    def __init__(self, maxsize: int = 256, max_pending: int = 64) -> None:
        self.maxsize = maxsize
        self.max_pending = max_pending
        self.parsed: OrderedDict[tuple[str, int | None], DocumentNode] = OrderedDict()
        self.validated: OrderedDict[tuple[str, tuple[Any, ...]], list[GraphQLError]] = OrderedDict()
        self._executor: ThreadPoolExecutor | None = None
        self._pending = 0
        self._lock = threading.Lock()

    def check(self, document: DocumentNode) -> GraphQLError | None:
        """Why `document` is refused unvalidated, if it is (run in the documents' thread)."""
        return None

    async def parse(self, query: str, max_tokens: int | None) -> DocumentNode:
        """The parsed document; graphql-core's GraphQLSyntaxError for a malformed one."""
        key = (query, max_tokens)
        document = _cached(self.parsed, key)
        if document is None:
            document = await self._run(partial(parse, query, max_tokens=max_tokens))
            _keep(self.parsed, key, document, self.maxsize)
        return document

    async def validate(
        self, schema: GraphQLSchema, query: str, document: DocumentNode, rules: tuple[Any, ...]
    ) -> list[GraphQLError]:
        """The document's validation errors (none: it is valid), or `check`'s refusal."""
        # By the rules' names: strawberry's depth and alias limiters make a new rule class for
        # every request, so a key of the classes themselves (ValidationCache's) never matched.
        key = (query, tuple(rule.__qualname__ for rule in rules))
        errors = _cached(self.validated, key)
        if errors is None:
            errors = await self._run(partial(self._validate, schema, document, rules))
            _keep(self.validated, key, errors, self.maxsize)
        # Copies: an answer translates and shapes its errors in place, and the next request of
        # the same document may be in another language.
        return [_copy(error) for error in errors]

    def _validate(
        self, schema: GraphQLSchema, document: DocumentNode, rules: tuple[Any, ...]
    ) -> list[GraphQLError]:
        refusal = self.check(document)
        return [refusal] if refusal is not None else validate_document(schema, document, rules)

    async def _run(self, work: Callable[[], T]) -> T:
        with self._lock:
            if self._pending >= self.max_pending:
                raise as_graphql_error(busy())
            self._pending += 1
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="graphql-documents")
        future = self._executor.submit(work)
        # Counted until the thread is done with it, even when the request went away.
        future.add_done_callback(self._done)
        return await asyncio.wrap_future(future)

    def _done(self, _future: object) -> None:
        with self._lock:
            self._pending -= 1


def _copy(error: GraphQLError) -> GraphQLError:
    return GraphQLError(
        error.message,
        nodes=error.nodes,
        source=error.source,
        positions=error.positions,
        path=error.path,
        original_error=error.original_error,
        extensions=dict(error.extensions) if error.extensions else None,
    )


K = TypeVar("K")
V = TypeVar("V")


def _cached(cache: OrderedDict[K, V], key: K) -> V | None:
    value = cache.get(key)
    if value is not None:
        cache.move_to_end(key)
    return value


def _keep(cache: OrderedDict[K, V], key: K, value: V, maxsize: int) -> None:
    cache[key] = value
    if len(cache) > maxsize:
        cache.popitem(last=False)


class CheckedDocuments(SchemaExtension):
    """Parsing and validation through `Documents` (off the event loop, cached), after the
    spec's check of the operation name."""

    def __init__(self, documents: Documents) -> None:
        super().__init__()
        self.documents = documents

    async def on_parse(self) -> AsyncIterator[None]:
        ctx = self.execution_context
        if ctx.graphql_document is None and isinstance(ctx.query, str) and ctx.query:
            max_tokens = ctx.parse_options.get("max_tokens")
            ctx.graphql_document = await self.documents.parse(ctx.query, max_tokens)
        yield

    async def on_validate(self) -> AsyncIterator[None]:
        ctx = self.execution_context
        refusal = operation_refusal(ctx)
        if refusal is not None:
            # Set before validation runs, so graphql-core's rules never see the document.
            ctx.pre_execution_errors = [refusal]
        elif ctx.graphql_document is not None and isinstance(ctx.query, str):
            ctx.pre_execution_errors = await self.documents.validate(
                ctx.schema._schema, ctx.query, ctx.graphql_document, ctx.validation_rules
            )
        yield
