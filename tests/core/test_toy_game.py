"""The toy game the core and command tests run on implements the Game protocol faithfully."""

import pytest

from rules.core import Game, Rng, seed_state
from tests.core.toy_game import TOY


def test_toy_game_implements_the_protocol() -> None:
    assert isinstance(TOY, Game)


def test_toy_game_hides_and_samples_only_what_a_seat_does_not_know() -> None:
    state = TOY.new({}, "hidden")
    view = TOY.view(state, "p1")
    assert view["cards"] == {"p1": state.cards["p1"], "p2": None}
    assert TOY.view(state, None)["cards"] == {"p1": None, "p2": None}
    samples = [TOY.sample(state, "p1", Rng(seed_state(i))) for i in range(50)]
    assert all(s.cards["p1"] == state.cards["p1"] for s in samples)
    assert len({s.cards["p2"] for s in samples}) > 1
    assert TOY.to_json(state) == TOY.to_json(TOY.from_json(TOY.to_json(state)))


def test_toy_game_replays_and_rejects_illegal_moves() -> None:
    state = TOY.new({}, 7)
    after = TOY.apply(state, "take:2")
    assert after.pile == state.pile - 2
    assert state.history == []
    assert TOY.to_json(TOY.replay({}, 7, ["take:2"])) == TOY.to_json(after)
    with pytest.raises(Exception, match="not a legal move"):
        TOY.apply(state, "take:4")
