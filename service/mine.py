"""A client's games from its seat tokens, in one request (`POST /my-games`, `myGames`).

Tokens name their game (`<game id>.<secret>`, see `service.auth.new_token`), so no index is
needed. A token that names no seat of a live game (mistyped, from another server, or its game
expired) is listed by its position in `unknown` rather than failing the whole request: one
expired game must not hide a client's other games. The answer says nothing a token's own seat
could not read with `GET /games/{id}`.
"""

from __future__ import annotations

import asyncio
from typing import Any

from gamestore.commits import load_state
from gamestore.records import FINISHED
from rules.core import N_, get_game
from service import auth
from service.errors import BadToken, MalformedInput
from service.games import GameService

MAX_TOKENS = 50


async def _one(service: GameService, index: int, token: str) -> dict[str, Any] | None:
    game_id = auth.game_of(token)
    if game_id is None:
        return None
    record = await service.store.load(game_id)
    if record is None:
        return None
    try:
        seat = auth.seat_of(record, token)
    except BadToken:
        return None
    assert seat is not None
    to_move = None
    if record.status != FINISHED:
        to_move = get_game(record.game).to_move(load_state(get_game(record.game), record))
    return {
        "token_index": index,
        "id": record.id,
        "game": record.game,
        "seat": seat,
        "name": record.names.get(seat),
        "status": record.status,
        "to_move": to_move,
        "version": record.version,
        "your_decision": to_move == seat,
        "rematch": record.rematch or None,
    }


async def my_games(service: GameService, tokens: list[str]) -> dict[str, Any]:
    if not 1 <= len(tokens) <= MAX_TOKENS:
        raise MalformedInput(N_("give 1 to {max_tokens} seat tokens").format(max_tokens=MAX_TOKENS))
    if any(not isinstance(t, str) or not 1 <= len(t) <= 200 for t in tokens):
        raise MalformedInput(N_("a seat token is a string of 1 to 200 characters"))
    found = await asyncio.gather(*(_one(service, i, t) for i, t in enumerate(tokens)))
    return {
        "games": [g for g in found if g is not None],
        "unknown": [i for i, g in enumerate(found) if g is None],
    }
