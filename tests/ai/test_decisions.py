"""`ai.decide`: the move `choose_move` plays, with the moves its search weighed and the seat's
belief (the game's `belief` hook), as the worker records them for a finished game's replay."""

from __future__ import annotations

import pytest

import ai
from rules.core import Rng, get_game


@pytest.mark.parametrize("game_name", ["pagan", "pantacle"])
def test_decide_plays_the_move_choose_move_plays_and_says_what_it_weighed(game_name: str) -> None:
    game = get_game(game_name)
    state = game.new(game.validate_options({}), "decide-1")
    searched = 0
    for i in range(12):
        seat = game.to_move(state)
        assert seat is not None
        decision = ai.decide(game, state, seat, "novice", i)
        assert decision.move == ai.choose_move(game, state, seat, "novice", i)
        legal = [m.id for m in game.legal_moves(state)]
        if decision.how == "searched":
            searched += 1
            weighed = decision.weighed
            assert 0 < len(weighed) <= len(legal)
            assert decision.move.id in [w["move"] for w in weighed]  # why it played what it did
            assert all(w["move"] in legal and 0.0 <= float(w["win_rate"]) <= 1.0 for w in weighed)  # type: ignore[arg-type]
            visits = [int(w["visits"]) for w in weighed][:8]  # type: ignore[call-overload]
            assert visits == sorted(visits, reverse=True) and visits[0] > 0
        else:
            assert decision.weighed == []
        state = game.apply(state, decision.move)
    assert searched > 0


def test_the_hunter_believes_in_each_of_the_nine_villagers_and_the_witch_knows() -> None:
    game = get_game("pagan")
    state = game.new(game.validate_options({}), "belief-1")
    rng = Rng(3)
    hunter_seen = witch_seen = False
    for i in range(40):
        seat = game.to_move(state)
        assert seat is not None
        info = game.sample(state, seat, rng)
        decision = ai.decide(game, info, seat, "novice", i)
        if seat == "hunter":
            belief = decision.belief
            assert belief is not None and len(belief) == 9
            assert [v["id"] for v in game.view(state, None)["villagers"]] == list(belief)
            assert abs(sum(belief.values()) - 1.0) < 1e-3
            # The same from the real state: it reads only what the Hunter knows.
            assert ai.seat_belief(game, state, "hunter") == belief
            hunter_seen = True
        else:
            assert decision.belief is None
            witch_seen = True
        state = game.apply(state, decision.move)
    assert hunter_seen and witch_seen
