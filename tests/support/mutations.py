"""A document for every mutation of the GraphQL schema, its arguments written in: what a
hostile client (or page) tries against a game, in tests/service and tests/web."""

from __future__ import annotations

import json

from service.graphql_api import schema


def mutation_names() -> set[str]:
    """The schema's mutations, so a test that tries each one fails when one is added."""
    mutation = schema._schema.mutation_type
    assert mutation is not None
    return set(mutation.fields)


def mutations(game_id: str, move_id: str) -> dict[str, str]:
    """Each mutation's document against `game_id` (`move_id`: one of its legal moves)."""
    gid = json.dumps(game_id)
    seats = '[{seat: "witch", kind: "human"}, {seat: "hunter", kind: "open"}]'
    return {
        "createGame": (
            f'mutation {{ createGame(input: {{game: "pagan", seats: {seats}}}) {{ id }} }}'
        ),
        "joinGame": f"mutation {{ joinGame(gameId: {gid}) {{ token }} }}",
        "rematch": f"mutation {{ rematch(gameId: {gid}) {{ id }} }}",
        "move": (
            f'mutation {{ move(gameId: {gid}, version: 0, moveId: "{move_id}") {{ version }} }}'
        ),
        "moves": (
            f'mutation {{ moves(gameId: {gid}, version: 0, moves: [{{moveId: "{move_id}"}}]) '
            "{ version } }"
        ),
        "resign": f"mutation {{ resign(gameId: {gid}) {{ status }} }}",
        "back": f"mutation {{ back(gameId: {gid}) {{ version }} }}",
        "undo": f"mutation {{ undo(gameId: {gid}, version: 0) {{ version canUndo }} }}",
        "registerWebhook": (
            f'mutation {{ registerWebhook(gameId: {gid}, url: "http://127.0.0.1:9/h", '
            'secret: "0123456789abcdef0123") { id } }'
        ),
        "deleteWebhook": f'mutation {{ deleteWebhook(gameId: {gid}, webhookId: "w") {{ id }} }}',
        "hint": f"mutation {{ hint(gameId: {gid}) {{ version }} }}",
    }
