"""Difficulty levels: the presets, per-request overrides, and clear errors for bad ones."""

from __future__ import annotations

import pytest

from ai import LEVELS, InvalidLevel, choose_move, params_for
from ai.levels import PRESETS
from rules.core import game_names, get_game
from rules.pagan.game import PAGAN


def test_the_five_levels_grow_in_budget() -> None:
    assert LEVELS == ("novice", "easy", "medium", "hard", "expert")
    budgets = [PRESETS[name].iterations * PRESETS[name].trees for name in LEVELS]
    assert budgets == sorted(budgets)
    assert len(set(budgets)) == len(budgets)


def test_novice_draws_its_move_by_the_root_values_and_the_others_play_their_best() -> None:
    assert PRESETS["novice"].select == "softmax"
    assert all(PRESETS[name].select == "robust" for name in LEVELS[1:])


def test_pagan_easy_and_novice_draw_their_moves_with_noise_other_games_keep_the_presets() -> None:
    pagan_novice, pagan_easy = params_for("novice", game="pagan"), params_for("easy", game="pagan")
    assert pagan_easy.select == pagan_novice.select == "softmax"
    assert pagan_easy.temperature < pagan_novice.temperature
    assert pagan_novice.iterations < pagan_easy.iterations == PRESETS["easy"].iterations
    assert params_for("easy", game="pantacle") == PRESETS["easy"] == params_for("easy")
    assert set(PAGAN.info.level_params) == {"novice", "easy"}


def test_every_game_tunes_only_levels_and_parameters_that_exist() -> None:
    for name in game_names():
        tuned = get_game(name).info.level_params
        assert set(tuned) <= set(LEVELS), name
        for level, params in tuned.items():  # a bad name or value is refused, as an override
            assert params_for(level, game=name) == params_for(level, params), (name, level)


def test_a_game_unknown_to_the_registry_plays_the_shared_presets() -> None:
    assert params_for("easy", game="no-such-game") == PRESETS["easy"]


def test_a_search_in_a_game_uses_that_games_preset() -> None:
    from ai import Session

    assert Session(PAGAN, "witch", "easy").params == params_for("easy", game="pagan")
    assert Session(PAGAN, "witch", "medium").params == PRESETS["medium"]


def test_expert_runs_several_independent_trees() -> None:
    assert PRESETS["expert"].trees > 1
    assert all(PRESETS[name].trees == 1 for name in LEVELS[:-1])


def test_overrides_change_only_what_they_name() -> None:
    p = params_for("hard", {"iterations": 50, "beliefs": False, "time_cap": None})
    assert (p.iterations, p.beliefs, p.time_cap) == (50, False, None)
    assert p.c == PRESETS["hard"].c


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"iterations": 0}, "iterations must be between"),
        ({"iterations": 2.5}, "whole number"),
        ({"c": "big"}, "c must be a number"),
        ({"rollout": "smart"}, "rollout must be one of"),
        ({"beliefs": 1}, "beliefs must be true or false"),
        ({"speed": 3}, "unknown parameter 'speed'"),
    ],
)
def test_a_bad_override_is_refused_with_its_reason(overrides: dict, message: str) -> None:
    with pytest.raises(InvalidLevel, match=message):
        params_for("medium", overrides)


def test_an_unknown_level_is_refused() -> None:
    s = PAGAN.new(None, 1)
    with pytest.raises(InvalidLevel, match="unknown level 'grandmaster'"):
        choose_move(PAGAN, s, "witch", "grandmaster")


def test_softmax_selection_draws_among_visited_moves_by_their_values() -> None:
    from ai.parallel import pick

    stats = {"best": (10, 6.0), "close": (10, 5.9), "blunder": (10, 1.0), "unseen": (0, 0.0)}
    params = params_for("novice", {"select": "softmax", "temperature": 0.05})
    picks = [pick(stats, list(stats), params, seed) for seed in range(200)]
    # The spread is 0.5: exp(-0.4) for a move 0.01 worse, exp(-20) for the blunder 0.5 worse;
    # never an unvisited move.
    assert picks.count("best") > picks.count("close") > 40
    assert "blunder" not in picks and "unseen" not in picks


def test_the_softmax_temperature_is_in_units_of_the_spread_of_the_root_values() -> None:
    from ai.parallel import pick

    params = params_for("novice", {"select": "softmax", "temperature": 0.05})
    near = {"best": (10, 6.0), "close": (10, 5.9), "blunder": (10, 1.0)}
    # The same values ten times closer together: the same draws.
    far = {mid: (n, 5.0 + (r - 5.0) / 10) for mid, (n, r) in near.items()}
    for seed in range(50):
        assert pick(near, list(near), params, seed) == pick(far, list(far), params, seed)
