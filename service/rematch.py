"""Rematch of a finished game: the same seats (AI seats at the same levels), options and
display names, a new secret seed.

The first seat to ask creates the rematch and receives its own new token; the finished game is
linked to it once (a compare-and-set, so two seats asking at once get one rematch). Every other
human seat of the finished game is reserved in the rematch for its player: it is not open to
strangers, and its player receives a new token by asking with the old one. A seat that was
still open in the finished game is open in the rematch. The link lives as long as the finished
game (`COVEN_FINISHED_GAME_TTL_SECONDS`).
"""

from __future__ import annotations

import contextlib
import secrets
from typing import Any

from gamestore import clocks
from gamestore.records import FINISHED, GameRecord
from rules.core import N_
from service import auth
from service.errors import GameNotFinished, GameNotFound, SeatNotOpen
from service.games import GameService


def _answer(finished: GameRecord, rematch_id: str, seat: str, token: str) -> dict[str, Any]:
    return {
        "id": rematch_id,
        "game": finished.game,
        "rematch_of": finished.id,
        "seat": seat,
        "token": token,
        "name": finished.names.get(seat),
    }


async def _claim(
    service: GameService, finished: GameRecord, rematch_id: str, seat: str
) -> dict[str, Any]:
    record = await service.store.load(rematch_id)
    if record is None:
        raise GameNotFound(
            N_("the rematch {rematch_id} has expired").format(rematch_id=repr(rematch_id))
        )
    if seat in record.token_hashes:
        raise SeatNotOpen(
            N_("the {seat}'s seat in the rematch was claimed already").format(seat=seat)
        )
    token = auth.new_token(rematch_id)
    result = await service.store.join(record, seat, auth.token_hash(token))
    if result == -1:
        raise GameNotFound(
            N_("the rematch {rematch_id} has expired").format(rematch_id=repr(rematch_id))
        )
    if result == 0:
        raise SeatNotOpen(
            N_("the {seat}'s seat in the rematch was claimed already").format(seat=seat)
        )
    return _answer(finished, rematch_id, seat, token)


async def rematch(
    service: GameService, game_id: str, token: str | None, address: str
) -> dict[str, Any]:
    finished, game, seat = await service.seat_for(game_id, token)
    if finished.status != FINISHED:
        raise GameNotFinished(N_("a rematch can be asked for only once the game is over"))
    if finished.rematch:
        return await _claim(service, finished, finished.rematch, seat)
    rematch_id = secrets.token_urlsafe(9)
    # Seats the AI filled (`gamestore.clocks`) hold a placeholder token: they stay the AI's.
    others = [
        s
        for s in finished.token_hashes
        if s != seat and finished.token_hashes[s] != clocks.FILLED_TOKEN
    ]
    record, tokens = await service.store_new(
        game,
        finished.game,
        rematch_id,
        finished.options,
        None,
        list(finished.seats),
        [seat],
        dict(finished.names),
        others,
        address,
        clock=clocks.clock_of(finished),
    )
    try:
        done, linked = await service.store.link_rematch(finished, rematch_id)
    except BaseException:
        # Not linked (the store failed, or the request was cancelled): the rematch would be an
        # orphan nobody can reach, so it goes before the error is answered (best effort: a
        # store that cannot be reached leaves it to expire unseen).
        with contextlib.suppress(Exception):
            await service.store.discard(record)
        raise
    if done == 1:
        return _answer(finished, rematch_id, seat, tokens[seat])
    # Another seat linked its rematch first (or the finished game expired): drop ours unseen.
    await service.store.discard(record)
    if done == -1:
        raise GameNotFound(
            N_("there is no game {game_id} (it may have expired)").format(game_id=repr(game_id))
        )
    return await _claim(service, finished, linked, seat)
