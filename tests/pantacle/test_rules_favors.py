"""Rule tests for the seven Favors and the five Powers (rulebook: Favors, Power Tokens, Change of
the Moon, Curses' note on Protection), each with 2, 3, 4 and 5 players."""

from __future__ import annotations

import json

import pytest

from rules.core import Rng
from rules.pantacle.state import PantacleState
from tests.pantacle.invariants import check_invariants
from tests.pantacle.positions import (
    GAME,
    PLAYER_COUNTS,
    curses_on_top,
    favor_phase,
    give,
    give_curse,
    give_powers,
    ids,
    moon_phase,
    new_game,
    play,
    set_hand,
    stack_pile,
    start_turn,
)

players = pytest.mark.parametrize("players", PLAYER_COUNTS)


def kind(s: PantacleState) -> str:
    return str(s.stack[-1]["t"])


def ready(players: int, active_hand: list[str] | None = None) -> PantacleState:
    """A game where nobody can bribe seat-0, whose hand is `active_hand` (by default two
    blades, so that its Change of the Moon waits for its choice)."""
    s = new_game(players)
    for seat in range(1, players):
        set_hand(s, seat, [])
    set_hand(s, 0, active_hand or ["scholar-new", "alchemist-new"])
    return s


def receive(s: PantacleState, favor: str) -> PantacleState:
    favor_phase(s, 0)
    return play(s, f"favor:{favor}")


# --- Bewitchment ----------------------------------------------------------------------------------


@players
def test_favor_bewitchment_gives_the_bewitchment_token(players: int) -> None:
    s = receive(ready(players), "bewitchment")
    assert s.players[0].powers == ["bewitchment"]


@players
def test_bewitchment_looks_at_another_players_hand_during_preparation(players: int) -> None:
    s = ready(players)
    target = players - 1
    set_hand(s, target, ["oracle-new", "herald-full", "hound-new"])
    give_powers(s, 0, ["bewitchment"])
    start_turn(s, 0)
    if players > 2:
        assert kind(s) == "look"
        assert ids(s) == [f"look:seat-{k}" for k in range(1, players)]
        s = play(s, f"look:seat-{target}")
    seen = GAME.view(s, "seat-0")["sanctuaries"][f"seat-{target}"]["known_hand"]
    assert [b["id"] for b in seen] == ["herald-full", "hound-new", "oracle-new"]
    for other in ["seat-1", None] if target != 1 else [None]:
        sanctuary = GAME.view(s, other)["sanctuaries"][f"seat-{target}"]
        assert sanctuary.get("known_hand", []) == []
    assert "oracle-new" not in json.dumps(GAME.view(s, None))


@players
def test_what_bewitchment_saw_stays_known_until_the_card_leaves_the_hand(players: int) -> None:
    s = ready(players)
    target = 1
    set_hand(s, target, ["oracle-new", "herald-full", "hound-new"])
    give_powers(s, 0, ["bewitchment"])
    start_turn(s, 0)
    if players > 2:
        s = play(s, "look:seat-1")
    give_powers(s, 0, [])  # so that seat-0 does not look again at its next turn
    # Seat-1's own Change of the Moon: it discards the Oracle and draws an unseen blade.
    stack_pile(s, ["warden-new"])
    moon_phase(s, target, "protection")
    s = play(s, "discard:oracle-new")
    seen = GAME.view(s, "seat-0")["sanctuaries"]["seat-1"]["known_hand"]
    assert [b["id"] for b in seen] == ["herald-full", "hound-new"]
    assert sorted(s.players[1].hand) == ["herald-full", "hound-new", "warden-new"]


@players
def test_sampling_keeps_the_cards_bewitchment_saw(players: int) -> None:
    s = ready(players)
    set_hand(s, 1, ["oracle-new", "herald-full", "hound-new"])
    give_powers(s, 0, ["bewitchment"])
    start_turn(s, 0)
    if players > 2:
        s = play(s, "look:seat-1")
    rng = Rng(3)
    for _ in range(20):
        other = GAME.sample(s, "seat-0", rng)
        assert other.players[1].hand == ["oracle-new", "herald-full", "hound-new"]
        check_invariants(other)
    hands = {tuple(GAME.sample(s, "seat-2" if players > 2 else "seat-1", rng).players[0].hand)}
    hands |= {tuple(GAME.sample(s, "seat-1", rng).players[0].hand) for _ in range(10)}
    assert len(hands) > 1, "what seat-0 holds is unknown to the others and resampled"


# --- Hunt -----------------------------------------------------------------------------------------


@players
def test_favor_hunt_gives_the_hunt_token(players: int) -> None:
    s = receive(ready(players), "hunt")
    assert s.players[0].powers == ["hunt"]


@players
def test_hunt_adds_one_cube_to_every_gain_of_influence(players: int) -> None:
    s = ready(players, ["herald-full"])
    give_powers(s, 0, ["hunt"])
    moon_phase(s, 0, "recruitment")  # Full Moon: 1 cube, +1 for Hunt
    assert s.players[0].influence == 2
    s = ready(players)
    give_powers(s, 0, ["hunt"])
    give(s, 0, adepts=3)
    start_turn(s, 0)
    s = play(s, "disc:curse-free", "point:lower-left")  # 2 cubes, +1
    assert s.players[0].influence == 3
    assert s.players[0].adepts == 0, "Adepts are not Influence: no extra"


@players
def test_hunt_adds_one_cube_to_the_compensation_for_a_bribed_favor(players: int) -> None:
    s = ready(players, ["scholar-new"])
    set_hand(s, 1, ["oracle-new", "herald-waxing"])
    give_powers(s, 0, ["hunt"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe", "pay:oracle-new", "pay:herald-waxing")
    assert s.players[0].influence == 2


@players
def test_hunt_with_conversion_gains_only_one_additional_cube(players: int) -> None:
    s = ready(players)
    for seat in range(1, players):
        give(s, seat, influence=2)
    give_powers(s, 0, ["hunt"])
    s = receive(s, "conversion")
    assert s.players[0].influence == (players - 1) + 1
    assert all(s.players[k].influence == 1 for k in range(1, players))


@players
def test_hunt_adds_nothing_to_a_conversion_that_stole_nothing(players: int) -> None:
    s = ready(players)
    give_powers(s, 0, ["hunt"])
    s = receive(s, "conversion")
    assert s.players[0].influence == 0


# --- Protection -----------------------------------------------------------------------------------


@players
def test_favor_protection_turns_a_curse_face_down_and_its_effect_is_ignored(players: int) -> None:
    s = ready(players, ["herald-full"])
    give_curse(s, 0, "moonblind")
    give_curse(s, 0, "tithe-of-ash")
    favor_phase(s, 0)
    s = play(s, "favor:protection")
    assert ids(s) == ["protect:moonblind", "protect:tithe-of-ash"]
    s = play(s, "protect:moonblind")
    assert [c.face_down for c in s.players[0].curses] == [True, False]
    assert s.players[0].powers == ["protection"]
    set_hand(s, 0, ["herald-full"])
    moon_phase(s, 0, "recruitment")  # Moonblind face down: the Full Moon cube is won
    assert s.players[0].influence == 1


@players
def test_protection_turns_the_first_curse_face_down_when_one_comes(players: int) -> None:
    s = ready(players)
    give_powers(s, 0, ["protection"])
    give(s, 0, adepts=3)
    curses_on_top(s, ["moonblind"])
    start_turn(s, 0)
    s = play(s, "disc:cursed", "point:upper-right")
    assert [(c.id, c.face_down) for c in s.players[0].curses] == [("moonblind", True)]


@players
def test_only_one_curse_is_face_down_at_a_time(players: int) -> None:
    s = ready(players)
    give_powers(s, 0, ["protection"])
    give_curse(s, 0, "moonblind", face_down=True)
    give(s, 0, adepts=3)
    curses_on_top(s, ["tithe-of-ash"])
    start_turn(s, 0)
    s = play(s, "disc:cursed", "point:upper-right")
    assert [(c.id, c.face_down) for c in s.players[0].curses] == [
        ("moonblind", True),
        ("tithe-of-ash", False),
    ]


@players
def test_a_face_down_exhaustion_curse_keeps_its_resources_and_takes_nothing(players: int) -> None:
    s = ready(players, ["herald-full"])
    give_powers(s, 0, ["protection"])
    card = give_curse(s, 0, "drained-purse", face_down=True)
    moon_phase(s, 0, "recruitment")
    assert s.players[0].influence == 1 and card.influence == 2


@players
def test_losing_protection_turns_the_curse_face_up_with_its_resources(players: int) -> None:
    s = ready(players, ["herald-full"])
    give_powers(s, 0, ["protection", "hunt", "enslavement"])
    give_curse(s, 0, "drained-purse", face_down=True)
    start_turn(s, 0)  # Sacrifice of Powers: Protection is discarded
    assert s.players[0].powers == []
    assert [(c.face_down, c.influence) for c in s.players[0].curses] == [(False, 2)]
    s = play(s, "disc:curse-free", "point:lower-left")  # the 2 cubes go to the curse
    assert s.players[0].influence == 0 and s.players[0].curses == []


# --- Enslavement ----------------------------------------------------------------------------------


@players
def test_favor_enslavement_refills_the_hand_to_four(players: int) -> None:
    s = ready(players)
    s = receive(s, "enslavement")
    s = play(s, "discard:scholar-new")
    assert s.players[0].powers == ["enslavement"] and len(s.players[0].hand) == 4


@players
def test_without_enslavement_the_hand_refills_to_three_and_nothing_is_discarded(
    players: int,
) -> None:
    s = ready(players, ["scholar-waxing", "scholar-new", "alchemist-new", "alchemist-waning"])
    give_powers(s, 0, ["enslavement", "hunt", "protection"])
    start_turn(s, 0)  # the Sacrifice of Powers takes Enslavement away
    s = play(s, "disc:curse-free", "point:lower-left", "favor:recruitment")
    s = play(s, "discard:scholar-new")
    assert len(s.players[0].hand) == 3


# --- Recruitment, Conversion, Indoctrination ------------------------------------------------------


@players
def test_favor_recruitment_gains_one_adept(players: int) -> None:
    s = receive(ready(players), "recruitment")
    assert s.players[0].adepts == 2 and s.supply["adepts"] == 25 - players - 1


@players
def test_favor_conversion_steals_one_cube_from_each_opponent_who_has_one(players: int) -> None:
    s = ready(players)
    for seat in range(1, players):
        give(s, seat, influence=seat % 2)  # odd seats have a cube, even seats none
    s = receive(s, "conversion")
    assert s.players[0].influence == players // 2
    assert all(s.players[k].influence == 0 for k in range(1, players))
    assert s.supply["influence"] == 40 - players // 2


@players
def test_favor_indoctrination_gains_two_adepts(players: int) -> None:
    s = receive(ready(players), "indoctrination")
    assert s.players[0].adepts == 3


@players
def test_the_adept_area_holds_five(players: int) -> None:
    s = ready(players)
    give(s, 0, adepts=4)
    s = receive(s, "indoctrination")
    assert s.players[0].adepts == 5 and s.supply["adepts"] == 25 - players - 4


@players
def test_the_power_area_holds_four_tokens(players: int) -> None:
    s = ready(players)
    give_powers(s, 0, ["bewitchment", "hunt", "protection", "demonic-discard"])
    s = receive(s, "enslavement")
    assert s.players[0].powers == ["bewitchment", "hunt", "protection", "demonic-discard"]


# --- Demonic Discard ------------------------------------------------------------------------------


@players
def test_demonic_discard_discards_as_many_blades_as_wanted_the_last_one_counting(
    players: int,
) -> None:
    s = ready(players, ["oracle-full", "oracle-new", "scholar-new"])
    give_powers(s, 0, ["demonic-discard"])
    moon_phase(s, 0, "recruitment")  # Full Moon
    assert "stop" not in ids(s), "at least one blade"
    s = play(s, "discard:oracle-full")
    assert ids(s) == ["discard:oracle-new", "discard:scholar-new", "stop"]
    s = play(s, "discard:oracle-new", "stop")
    assert s.players[0].influence == 0, "the last discard (New Moon) decides"
    assert len(s.players[0].hand) == 3 and s.blade_discard[-2:] == ["oracle-full", "oracle-new"]


@players
def test_demonic_discard_last_blade_of_the_favors_phase_gives_the_cube(players: int) -> None:
    s = ready(players, ["oracle-full", "oracle-new", "scholar-new"])
    give_powers(s, 0, ["demonic-discard"])
    moon_phase(s, 0, "recruitment")
    s = play(s, "discard:oracle-new", "discard:scholar-new", "discard:oracle-full")
    assert s.players[0].influence == 1 and len(s.players[0].hand) == 3
