"""Pantacle's own properties of random legal play, for every player count. The Game protocol's,
which Pantacle shares with every game, are in tests/test_game_conformance.py ([pantacle-3p]...)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import get_game
from rules.pantacle.game import PantacleGame
from tests.conformance import positions
from tests.pantacle.conformance import PANTACLE
from tests.pantacle.positions import PLAYER_COUNTS
from tests.support.search import examples

GAME = get_game("pantacle")
assert isinstance(GAME, PantacleGame)
LIMIT = PANTACLE[0].spacing.limit
SEEDS = st.integers(min_value=0, max_value=2**32)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@settings(max_examples=examples(6), deadline=None)
@given(seed=SEEDS)
def test_views_show_each_seat_its_own_hand_only(players: int, seed: int) -> None:
    options = {"players": players}
    for s in positions(GAME, options, seed, every=11, limit=LIMIT):
        spectator = GAME.view(s, None)
        json.dumps(spectator)
        for sanctuary in spectator["sanctuaries"].values():
            assert "hand" not in sanctuary and "known_hand" not in sanctuary
        everyone = (1 << players) - 1
        top = len(s.curse_pile) - 1
        assert spectator["curse_pile_known"] == [
            {"from_top": top - i, "curse": c}
            for i, c in reversed(list(enumerate(s.curse_pile)))
            if s.curse_seen[i] == everyone
        ], "a spectator knows only the Curse pile cards every seat saw"
        for seat in GAME.seats(options):
            v = GAME.view(s, seat)
            json.dumps(v)  # JSON-ready
            for other, sanctuary in v["sanctuaries"].items():
                p = s.players[int(other.rpartition("-")[2])]
                assert sanctuary["hand_count"] == len(p.hand)
                if other == seat:
                    assert sorted(b["id"] for b in sanctuary["hand"]) == sorted(p.hand)
                else:
                    assert "hand" not in sanctuary
                    assert {b["id"] for b in sanctuary["known_hand"]} <= set(p.hand)
            assert v["keeper_pile_count"] == len(s.blade_pile)
            assert v["curse_pile_count"] == len(s.curse_pile)
