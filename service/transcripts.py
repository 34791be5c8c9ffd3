"""A game's record for one reader (`GET /games/{id}/record`, GraphQL `record`): the stored game
and its whole move log, made into the record that reader may have by `gamestore.transcripts`
(everything once the game is over, else only what the reader's seat saw)."""

from __future__ import annotations

from typing import Any

from gamestore import transcripts
from gamestore.records import FINISHED
from rules.core import N_, get_game
from service import auth
from service.errors import GameNotFound
from service.games import GameService


async def record(service: GameService, game_id: str, token: str | None) -> dict[str, Any]:
    """The record of `game_id` as the token's seat may have it (no token: a spectator's).
    Its texts are in English; the edge renders them in the reader's language."""
    stored = await service.store.load(game_id)
    if stored is None:
        raise GameNotFound(
            N_("there is no game {game_id} (it may have expired)").format(game_id=repr(game_id))
        )
    seat = auth.seat_of(stored, token)
    # Read after the game: entries of moves made in between are left out by `build`.
    log = await service.store.full_log(game_id)
    # The AI's thoughts are secret until the end: read only for a finished game.
    thoughts = await service.store.thoughts(game_id) if stored.status == FINISHED else None
    return transcripts.build(get_game(stored.game), stored, log, seat, thoughts)
