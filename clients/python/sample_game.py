"""A sample game played with the typed client that ariadne-codegen generated from
openapi/schema.graphql and queries.graphql (coven_client/): mypy --strict checks this file against
the generated types, and tests/service/test_generated_client.py runs it against a real server.

    python clients/python/sample_game.py http://127.0.0.1:8000
"""

from __future__ import annotations

import sys

from coven_client import Client, CreateGameInput, MoveKind, SeatInput
from coven_client.seat_view import (
    SeatViewGame,
    SeatViewGameViewPaganView,
    SeatViewGameViewPantacleView,
)


def seat_client(base: str, token: str) -> Client:
    return Client(url=f"{base}/graphql", headers={"Authorization": f"Bearer {token}"})


def pagan_sample(base: str) -> list[str]:
    """Create a Pagan game, read the Witch's hand with costs and text, and play her moves."""
    created = Client(url=f"{base}/graphql").create_game(
        CreateGameInput(
            game="pagan",
            seed="codegen-sample",
            seats=[SeatInput(seat="witch", kind="human"), SeatInput(seat="hunter", kind="human")],
        )
    )
    game_id = created.create_game.id
    tokens = {t.seat: t.token for t in created.create_game.tokens}
    lines: list[str] = []
    for _ in range(3):
        game: SeatViewGame = seat_client(base, tokens["witch"]).seat_view(game_id).game
        view = game.view
        assert isinstance(view, SeatViewGameViewPaganView)
        hand = view.players.witch.hand or []
        lines.append(f"turn {view.turn}: {sum(c.cost for c in hand)} Influence of cards in hand")
        lines += [f"  {c.name} ({c.type_}, {c.cost}): {c.text}" for c in hand]
        if not game.your_decision:
            break
        move = game.legal_moves[0]
        if move.kind is MoveKind.VISIT:
            lines.append(f"  visiting {move.args.villager}")
        seat_client(base, tokens["witch"]).make_move(game_id, game.version, move.id)
    return lines


def pantacle_sample(base: str) -> list[str]:
    """Create a Pantacle game and read the sanctuaries and the pending decision."""
    seats = [SeatInput(seat=f"seat-{i}", kind="human") for i in range(3)]
    created = Client(url=f"{base}/graphql").create_game(
        CreateGameInput(game="pantacle", seed="codegen-sample", seats=seats)
    )
    token = created.create_game.tokens[0].token
    view = seat_client(base, token).seat_view(created.create_game.id).game.view
    assert isinstance(view, SeatViewGameViewPantacleView)
    decision = view.pantacle_decision
    lines = [f"{view.player_count} players, {decision.kind.value if decision else 'no'} decision"]
    lines += [
        f"  {s.key}: {s.value.influence} Influence, {s.value.hand_count} cards"
        for s in view.sanctuaries
    ]
    return lines


if __name__ == "__main__":
    url = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"
    print("\n".join(pagan_sample(url) + pantacle_sample(url)))
