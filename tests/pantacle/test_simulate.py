"""Random play through the Game protocol: every game ends well inside the decision budget and
no seat is favoured beyond chance (the issue's acceptance run: 500 games per player count)."""

from __future__ import annotations

import pytest

from coven.simulate import play_random
from tests.pantacle.positions import GAME, PLAYER_COUNTS

GAMES = 500
BUDGET = 2_000  # decisions a random game may take before it counts as unfinished


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_500_random_games_all_end_within_2000_decisions_with_wins_spread(players: int) -> None:
    tally = play_random(GAME, GAMES, "acceptance", {"players": players}, BUDGET)
    assert tally.errors == 0, tally.first_error
    assert tally.unfinished == 0
    assert sum(tally.wins.values()) == GAMES
    assert set(tally.reasons) <= {"favor", "bribe"} and tally.reasons["favor"] > 0
    # Every seat wins a fair share: at least half of an even split.
    assert all(tally.wins[seat] >= GAMES / players / 2 for seat in GAME.seats({"players": players}))
