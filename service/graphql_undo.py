"""GraphQL's `undo`: the seat takes back its latest decision of its turn (`gamestore.undo`),
as REST's `POST /games/{id}/undo`."""

from __future__ import annotations

import strawberry
from strawberry.types import Info

from service import graphql_context as ctx
from service import i18n
from service.graphql_context import LangArg
from service.graphql_types import SeatGame, build


@strawberry.type
class UndoMutation:
    @strawberry.mutation(
        description="Take back this seat's latest decision of its turn, while nothing hidden "
        "was revealed and no other seat decided since (the view's `canUndo` says when). "
        "`version` is the version the seat read; the answer is the game after the undo."
    )
    async def undo(
        self, info: Info, game_id: strawberry.ID, version: int, lang: LangArg = None
    ) -> SeatGame:
        code = ctx.lang(info, lang)
        data = await ctx.service(info).undo(str(game_id), ctx.token(info), version)
        return build(SeatGame, i18n.localise(data, code))
