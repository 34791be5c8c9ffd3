"""What one GraphQL document may cost, and rate limits that count operations, not requests.

Strawberry's own validation extensions bound a document: aliases (`COVEN_GRAPHQL_MAX_ALIASES`),
depth (`COVEN_GRAPHQL_MAX_DEPTH`) and tokens (`COVEN_GRAPHQL_MAX_TOKENS`); introspection can be
turned off (`COVEN_GRAPHQL_INTROSPECTION=false`). Validation itself is bounded before it runs
(`BoundedDocuments`): graphql-core checks that every two selections of one field at one place
agree (OverlappingFieldsCanBeMerged), which costs the square of their number, so 300 repeats of
`events { version }` in 1,200 tokens took about a second of the event loop. `document_cost`
counts, in one pass, the selections with every fragment spread expanded
(`COVEN_GRAPHQL_MAX_SELECTIONS`) and the pairs of selections of one field at one place, the
pairs that rule checks (`COVEN_GRAPHQL_MAX_FIELD_MERGES`), and a document over either is
refused unvalidated. Both run in the documents' thread (`service.graphql_documents.Documents`),
off the event loop; benchmarks/graphql_cost.py measures the worst documents either side.
`OperationCost` then charges the rate limits once per root field of the operation, so one
request with 30 aliases of `game` counts as 30 reads: the HTTP middleware already charged the
request itself, this charges the rest, and a WebSocket operation (a subscription) pays in full.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
)
from graphql.validation import NoSchemaIntrospectionCustomRule
from strawberry.extensions import (
    AddValidationRules,
    MaxAliasesLimiter,
    MaxTokensLimiter,
    QueryDepthLimiter,
    SchemaExtension,
)

from gamestore.settings import Settings
from rules.core import N_
from service.errors import BadToken, MalformedInput, RateLimited
from service.graphql_context import connection_token
from service.graphql_documents import Documents
from service.graphql_errors import as_graphql_error
from service.limits import charge


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


@dataclass(frozen=True, slots=True)
class DocumentCost:
    """What validating a document costs: its selections with every fragment spread expanded
    (`selections`, counted up to just past the bound asked for) and the pairs of selections
    of one field at one place (`merges`: n selections of one path make n(n-1)/2 pairs, each
    checked by graphql-core), with the most repeated path and its count."""

    selections: int
    merges: int
    path: tuple[str, ...]
    repeats: int


def _cyclic(fragments: dict[str, FragmentDefinitionNode]) -> set[str]:
    """The fragments that spread themselves, directly or not (validation refuses them; the
    count does not expand them, so it always ends)."""
    spreads: dict[str, set[str]] = {}
    for name, fragment in fragments.items():
        found: set[str] = set()
        stack = [fragment.selection_set]
        while stack:
            for node in stack.pop().selections:
                if isinstance(node, FragmentSpreadNode):
                    found.add(node.name.value)
                elif isinstance(node, FieldNode | InlineFragmentNode) and node.selection_set:
                    stack.append(node.selection_set)
        spreads[name] = found & fragments.keys()
    cyclic: set[str] = set()
    for start in fragments:
        # Does `start` reach itself? (Fragments are few: the tokens bound them.)
        seen: set[str] = set()
        stack2 = list(spreads[start])
        while stack2:
            name = stack2.pop()
            if name == start:
                cyclic.add(start)
                break
            if name not in seen:
                seen.add(name)
                stack2.extend(spreads[name])
    return cyclic


def document_cost(document: DocumentNode, max_selections: int) -> DocumentCost:
    """The cost of every operation and fragment definition of `document` (graphql-core
    validates each, used or not), in one iterative pass that stops once `max_selections` is
    passed: a fragment spread twice in a fragment spread twice... would otherwise expand
    exponentially. Linear in the document and the bound, whatever the document."""
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    cyclic = _cyclic(fragments)
    total = 0
    counts: Counter[tuple[str, ...]] = Counter()
    roots: list[OperationDefinitionNode | FragmentDefinitionNode] = [
        d for d in document.definitions if isinstance(d, OperationDefinitionNode)
    ]
    roots.extend(fragments.values())
    for index, root in enumerate(roots):
        # Paths start with the root's index: two definitions are never compared field by field.
        stack: list[tuple[SelectionSetNode, tuple[str, ...]]] = [
            (root.selection_set, (str(index),))
        ]
        while stack and total <= max_selections:
            selection_set, path = stack.pop()
            for node in selection_set.selections:
                if isinstance(node, FieldNode):
                    total += 1
                    here = (*path, (node.alias or node.name).value)
                    counts[here] += 1
                    if node.selection_set is not None:
                        stack.append((node.selection_set, here))
                elif isinstance(node, InlineFragmentNode):
                    stack.append((node.selection_set, path))
                elif isinstance(node, FragmentSpreadNode):
                    fragment = fragments.get(node.name.value)
                    if fragment is not None and node.name.value not in cyclic:
                        stack.append((fragment.selection_set, path))
    merges = sum(n * (n - 1) // 2 for n in counts.values())
    if not counts:
        return DocumentCost(total, 0, (), 0)
    path, repeats = counts.most_common(1)[0]
    return DocumentCost(total, merges, path[1:], repeats)


class BoundedDocuments(Documents):
    """Documents validated within the bounds only: one over them is refused before graphql-core's
    rules see it (the count runs in the documents' thread too)."""

    def __init__(self, max_selections: int, max_merges: int) -> None:
        super().__init__()
        self.max_selections = max_selections
        self.max_merges = max_merges

    def check(self, document: DocumentNode) -> GraphQLError | None:
        cost = document_cost(document, self.max_selections)
        if cost.selections > self.max_selections:
            return as_graphql_error(
                MalformedInput(
                    N_(
                        "the document selects more than {limit} fields (a fragment's fields "
                        "counted wherever it is spread)"
                    ).format(limit=self.max_selections),
                    limit=self.max_selections,
                )
            )
        if cost.merges > self.max_merges:
            return as_graphql_error(
                MalformedInput(
                    N_(
                        "the document selects {path} {repeats} times at one place: its "
                        "repeated selections make {merges} pairs to check, at most {limit}"
                    ).format(
                        path=".".join(cost.path),
                        repeats=cost.repeats,
                        merges=cost.merges,
                        limit=self.max_merges,
                    ),
                    limit=self.max_merges,
                )
            )
        return None


class OperationCost(SchemaExtension):
    """Charges the per-address and per-token rate limits for every root field but the first:
    the HTTP middleware charged the request, the WebSocket handler the operation."""

    async def on_execute(self) -> AsyncIterator[None]:
        ctx = self.execution_context
        request = (ctx.context or {}).get("request") if isinstance(ctx.context, dict) else None
        if request is not None and ctx.graphql_document is not None:
            extra = root_fields(ctx.graphql_document, ctx.operation_name) - 1
            if extra > 0:
                try:
                    token = connection_token(ctx.context)
                except BadToken:
                    token = None
                wait = await charge(request.app.state.store, request.scope, token, extra)
                if wait:
                    # Raised, not set as the result: strawberry would still start a
                    # subscription whose result is set (it runs `subscribe` regardless).
                    raise as_graphql_error(
                        RateLimited(
                            N_("too many operations; try again in {wait} s").format(wait=wait),
                            retry_after=wait,
                        )
                    )
        yield


def bounded_documents(settings: Settings) -> BoundedDocuments:
    """The documents of one process, within `settings`' bounds."""
    return BoundedDocuments(settings.graphql_max_selections, settings.graphql_max_field_merges)


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
