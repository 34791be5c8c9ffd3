"""No cheating, by test: the AI's choice depends only on what its seat may know.

For 200 positions per game, the hidden information is replaced by another sample consistent with
the seat's view; for a fixed seed the search must then choose the same move and see the same
visit counts, so nothing hidden can have reached it.
"""

from __future__ import annotations

import pytest

from ai import analyse, choose_move
from rules.core import Rng, game_names, get_game
from tests.ai.positions import random_positions

SMALL = {"iterations": 24, "time_cap": None}
GAMES = [name for name in ("pagan", "pantacle") if name in game_names()]


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_replacing_hidden_information_never_changes_the_move(name: str) -> None:
    game = get_game(name)
    checked = 0
    for i, state in enumerate(random_positions(game, 200, f"nocheat-{name}")):
        seat = game.to_move(state)
        assert seat is not None
        other = game.sample(state, seat, Rng(1000 + i))
        assert game.view(other, seat) == game.view(state, seat)
        mine = choose_move(game, state, seat, "easy", seed=i, overrides=SMALL)
        theirs = choose_move(game, other, seat, "easy", seed=i, overrides=SMALL)
        assert mine.id == theirs.id, f"position {i}: {mine.id} != {theirs.id}"
        checked += 1
    assert checked == 200


@pytest.mark.parametrize("name", GAMES)
def test_replacing_hidden_information_never_changes_the_analysis(name: str) -> None:
    game = get_game(name)
    for i, state in enumerate(random_positions(game, 20, f"nocheat-analyse-{name}", every=53)):
        seat = game.to_move(state)
        assert seat is not None
        other = game.sample(state, seat, Rng(7 + i))
        a = analyse(game, state, seat, "easy", seed=i, overrides=SMALL, top=50)
        b = analyse(game, other, seat, "easy", seed=i, overrides=SMALL, top=50)
        assert a == b
