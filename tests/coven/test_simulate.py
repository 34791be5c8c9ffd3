"""`coven simulate`'s random playouts (coven/simulate.py) over the Game protocol, on the toy game
(no real game needed)."""

import orjson
import pytest

from coven.simulate import play_random, simulate
from rules.core import Outcome
from tests.core.toy_game import TOY, BrokenNim, HiddenNim


def test_counts_add_up() -> None:
    result = simulate(TOY, games=200, seed=1)
    assert result["games"] == 200
    assert set(result["wins"]) == {"p1", "p2"}
    finished = 200 - result["unfinished"] - result["errors"]
    assert result["unfinished"] == 0
    assert result["errors"] == 0
    assert sum(result["wins"].values()) == finished  # one winner a game
    assert sum(result["reasons"].values()) == finished
    assert set(result["reasons"]) == {"last-stone", "showdown"}
    assert 2 <= result["avg_decisions"] <= 15
    assert result["decisions_per_second"] > 0


def test_same_seed_same_games() -> None:
    first = play_random(TOY, 100, "same")
    second = play_random(TOY, 100, "same")
    assert (first.wins, first.reasons, first.decisions) == (
        second.wins,
        second.reasons,
        second.decisions,
    )
    assert play_random(TOY, 100, "other").to_json() != first.to_json()


def test_games_hitting_the_cap_count_as_unfinished() -> None:
    tally = play_random(TOY, 30, 1, max_decisions=1)
    assert tally.unfinished == 30
    assert tally.decisions == 30
    assert sum(tally.wins.values()) == 0
    assert tally.to_json()["avg_decisions"] == 1.0


def test_a_game_that_raises_is_counted_and_the_run_goes_on() -> None:
    tally = play_random(BrokenNim(), 40, 1)
    assert 0 < tally.errors < 40
    assert sum(tally.wins.values()) + tally.errors == 40
    assert tally.first_error is not None
    assert "BrokenNim breaks here on purpose" in tally.first_error


def test_progress_reports_every_game() -> None:
    done: list[int] = []
    play_random(TOY, 5, 1, progress=done.append)
    assert done == [1, 2, 3, 4, 5]


def test_json_shape() -> None:
    result = simulate(TOY, games=10, seed="s", options={"players": 3})
    assert list(result) == [
        "game",
        "games",
        "players",
        "wins",
        "reasons",
        "avg_decisions",
        "decisions_per_second",
        "unfinished",
        "errors",
    ]
    assert result["game"] == "toy-nim"
    assert result["players"] == 3
    assert list(result["wins"]) == ["p1", "p2", "p3"]
    assert all(isinstance(n, int) for n in result["wins"].values())
    assert isinstance(result["avg_decisions"], float)
    assert isinstance(result["decisions_per_second"], float)
    assert orjson.loads(orjson.dumps(result)) == result


def test_players_only_reported_for_games_with_a_player_count() -> None:
    class FixedSeats(HiddenNim):
        def default_options(self) -> dict[str, object]:
            return {}

    assert "players" not in simulate(FixedSeats(), games=3, seed=1)


def test_draws_count_a_reason_and_no_win() -> None:
    class AlwaysDraw(HiddenNim):
        def outcome(self, state: object) -> Outcome | None:
            result = super().outcome(state)  # type: ignore[arg-type]
            return None if result is None else Outcome(winners=(), reason="draw")

    result = simulate(AlwaysDraw(), games=5, seed=1)
    assert result["wins"] == {"p1": 0, "p2": 0}
    assert result["reasons"] == {"draw": 5}


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        play_random(TOY, 1, 1, max_decisions=0)
    with pytest.raises(ValueError):
        play_random(TOY, -1, 1)
