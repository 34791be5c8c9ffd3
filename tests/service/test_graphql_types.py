"""GraphQL's types are derived, never written out again: each object and input type of the
schema comes from a pydantic model of the REST API (`service.graphql_types`) or from a game's
declared shapes (`service.graphql_views`), but the few that exist in GraphQL only; a derived
type has its model's fields, in its order, and an override naming no field of the model is an
error when the module loads. A root field of a module of its own joins the schema by its class
(`service.graphql_api`)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
import strawberry
from graphql import GraphQLInputObjectType, GraphQLObjectType
from pydantic import BaseModel

from rules.core import N_
from service import graphql_api, graphql_types, models
from service.errors import GameNotFound
from service.graphql_api import schema

# GraphQL's own: the root types and the messages of the gamePatches subscription.
GRAPHQL_ONLY = {"Query", "Mutation", "Subscription", "GamePatch"}


def _types() -> dict[str, Any]:
    """Every object and input type of the schema, by name, with the class it was made from."""
    return {
        name: gql.extensions["strawberry-definition"].origin
        for name, gql in schema._schema.type_map.items()
        if isinstance(gql, GraphQLObjectType | GraphQLInputObjectType) and not name.startswith("__")
    }


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def test_every_type_is_derived_but_graphqls_own() -> None:
    derived = set(graphql_types.models_of())
    written = {
        name
        for name, origin in _types().items()
        if origin not in derived and origin.__module__ != "service.graphql_views"
    }
    assert written == GRAPHQL_ONLY


def test_a_derived_type_has_its_models_fields_in_order() -> None:
    renamed = {"view": "view_json"}  # SeatGame: `view` is the typed view, `viewJson` the JSON
    for cls, model in graphql_types.models_of().items():
        gql = schema._schema.type_map[cls.__name__]
        assert isinstance(gql, GraphQLObjectType | GraphQLInputObjectType)
        fields = [_snake(f) for f in gql.fields]
        expected = [renamed.get(f, f) for f in model.model_fields if f != "abridged"]
        assert fields[: len(expected)] == expected, cls.__name__


def test_an_override_of_no_field_is_refused() -> None:
    with pytest.raises(TypeError, match="no fields of Clock"):
        graphql_types.output(models.Clock, seconds="A field Clock does not have.")(
            type("Other", (), {})
        )


def test_a_field_written_out_again_is_refused() -> None:
    class Again(BaseModel):
        seat: str

    with pytest.raises(TypeError, match="a field of Again already"):
        graphql_types.output(Again)(type("Again", (), {"seat": "again"}))
    with pytest.raises(TypeError, match="fields come from the model"):
        graphql_types.output(Again)(type("Again", (), {"__annotations__": {"seat": "str"}}))


def test_a_mutation_of_a_module_of_its_own_is_added_by_listing_its_class(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """How a new operation joins the schema (service.graphql_api): its class is listed after
    the others, its field comes last, and it raises what the services raise."""

    @strawberry.type
    class Extra:
        @strawberry.mutation(description="A mutation of its own module.")
        def extra(self, game_id: strawberry.ID) -> int:
            raise GameNotFound(N_("there is no game {game_id}").format(game_id=game_id))

    before = list(_mutations(graphql_api.schema))
    monkeypatch.setattr(graphql_api, "MUTATIONS", (*graphql_api.MUTATIONS, Extra))
    extended = graphql_api.make_schema()
    assert list(_mutations(extended)) == [*before, "extra"]
    result = asyncio.run(extended.execute('mutation { extra(gameId: "g") }'))
    assert result.errors is not None
    assert result.errors[0].extensions == {"code": "GAME_NOT_FOUND", "status": 404}


def _mutations(schema: Any) -> list[str]:
    mutation = schema._schema.mutation_type
    assert mutation is not None
    return list(mutation.fields)
