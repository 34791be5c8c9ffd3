"""Rule tests for the Curse cards (rulebook: Curses, Effects of Each Sacrifice) and for each
effect primitive of the 27 designed cards (data/curses.yaml), with 2, 3, 4 and 5 players."""

from __future__ import annotations

import pytest

from rules.core import Rng
from rules.pantacle.board import CURSES
from rules.pantacle.state import PantacleState
from tests.pantacle.invariants import check_invariants
from tests.pantacle.positions import (
    GAME,
    PLAYER_COUNTS,
    curses_on_top,
    favor_phase,
    give,
    give_curse,
    ids,
    moon_phase,
    new_game,
    play,
    set_hand,
    start_turn,
)

players = pytest.mark.parametrize("players", PLAYER_COUNTS)
EXHAUSTION = [c.id for c in CURSES.values() if c.kind == "exhaustion"]


def kind(s: PantacleState) -> str:
    return str(s.stack[-1]["t"])


def table(players: int, hand: list[str] | None = None) -> PantacleState:
    """Nobody can bribe seat-0, whose two blades make its Change of the Moon wait."""
    s = new_game(players)
    for seat in range(1, players):
        set_hand(s, seat, [])
    set_hand(s, 0, hand or ["scholar-new", "alchemist-new"])
    return s


def at_cursed_disc(players: int) -> PantacleState:
    """Seat-0 sacrificing 3 Adepts, about to choose its disc."""
    s = table(players)
    give(s, 0, adepts=3)
    start_turn(s, 0)
    assert kind(s) == "disc"
    return s


def keep(players: int, curse: str, point: str = "lower-right") -> PantacleState:
    """Seat-0 moves a cursed disc to `point` and keeps `curse`, the only card it can draw."""
    s = at_cursed_disc(players)
    curses_on_top(s, [curse])
    return play(s, "disc:cursed", f"point:{point}")


# --- drawing --------------------------------------------------------------------------------------


@players
def test_the_first_curse_card_is_free(players: int) -> None:
    s = keep(players, "moonblind")
    assert s.players[0].influence == 0 and [c.id for c in s.players[0].curses] == ["moonblind"]


@players
def test_extra_curse_cards_cost_1_4_9_16_influence_in_all(players: int) -> None:
    s = at_cursed_disc(players)
    give(s, 0, influence=20)
    s = play(s, "disc:cursed", "point:upper-right")
    paid = []
    while "draw" in ids(s):
        before = s.players[0].influence
        s = play(s, "draw")
        paid.append(before - s.players[0].influence)
    assert paid == [1, 3, 5, 7] and sum(paid) == 16
    assert len(s.stack[-1]["drawn"]) == 5 and s.supply["influence"] == 40 - 4


@players
def test_an_extra_curse_card_must_be_paid_for(players: int) -> None:
    s = at_cursed_disc(players)
    give(s, 0, influence=3)
    s = play(s, "disc:cursed", "point:upper-right", "draw")
    assert s.players[0].influence == 2 and "draw" not in ids(s), "the second extra costs 3"


@players
def test_unkept_curse_cards_go_to_the_bottom_known_only_to_their_drawer(players: int) -> None:
    s = at_cursed_disc(players)
    give(s, 0, influence=4)
    curses_on_top(s, ["moonblind", "tithe-of-ash", "deserters"])
    s = play(s, "disc:cursed", "point:upper-right", "draw", "draw", "keep:tithe-of-ash")
    assert s.curse_pile[:2] == ["deserters", "moonblind"] and s.curse_seen[:2] == [1, 1]
    known = GAME.view(s, "seat-0")["curse_pile_known"]
    bottom = len(s.curse_pile) - 1
    assert known == [
        {"from_top": bottom - 1, "curse": "moonblind"},
        {"from_top": bottom, "curse": "deserters"},
    ]
    assert GAME.view(s, "seat-1")["curse_pile_known"] == []
    rng = Rng(1)
    assert all(GAME.sample(s, "seat-0", rng).curse_pile[:2] == s.curse_pile[:2] for _ in range(9))
    others = {tuple(GAME.sample(s, "seat-1", rng).curse_pile[:2]) for _ in range(9)}
    assert len(others) > 1


@players
def test_the_curse_cards_being_chosen_are_seen_by_their_drawer_only(players: int) -> None:
    s = at_cursed_disc(players)
    give(s, 0, influence=1)
    curses_on_top(s, ["moonblind", "tithe-of-ash"])
    s = play(s, "disc:cursed", "point:upper-right", "draw")
    mine = GAME.view(s, "seat-0")["decision"]
    assert mine["drawn"] == ["moonblind", "tithe-of-ash"] and mine["drawn_count"] == 2
    theirs = GAME.view(s, "seat-1")["decision"]
    assert "drawn" not in theirs and theirs["drawn_count"] == 2


@players
def test_a_kept_curse_is_face_up_in_front_of_its_player_for_all_to_see(players: int) -> None:
    s = keep(players, "moonblind")
    shown = GAME.view(s, None)["sanctuaries"]["seat-0"]["curses"]
    assert shown[0]["id"] == "moonblind" and shown[0]["face_down"] is False


@players
@pytest.mark.parametrize("curse", EXHAUSTION)
def test_an_exhaustion_curse_takes_its_resources_from_the_reserve(players: int, curse: str) -> None:
    s = keep(players, curse)
    c = s.players[0].curses[0]
    holds = CURSES[curse].holds
    assert (c.influence, c.adepts) == (holds.get("influence", 0), holds.get("adepts", 0))
    assert s.supply["influence"] == 40 - c.influence
    check_invariants(s)


@players
def test_an_exhaustion_curse_takes_gains_until_spent_then_goes_to_the_bottom(players: int) -> None:
    s = at_cursed_disc(players)
    give_curse(s, 0, "broken-vow")  # 2 Influence, 1 Adept
    s = play(s, "disc:curse-free", "point:lower-left")
    card = s.players[0].curses[0]
    assert s.players[0].influence == 0 and (card.influence, card.adepts) == (0, 1)
    s = play(s, "favor:recruitment")
    p = s.players[0]
    assert p.adepts == 0 and p.curses == [], "the Adept came off the card, which left"
    assert s.curse_pile[0] == "broken-vow" and s.curse_seen[0] == (1 << players) - 1
    # Adepts: 3 given (2 from the supply), 3 sacrificed, 1 onto the card and back again.
    assert s.supply == {"influence": 40, "adepts": 25 - players - 2 + 3}
    check_invariants(s)


@players
def test_an_exhaustion_curse_gets_what_is_left_of_a_short_reserve(players: int) -> None:
    s = at_cursed_disc(players)
    give(s, 1, influence=39)
    curses_on_top(s, ["debt-of-blood"])
    s = play(s, "disc:cursed", "point:upper-right")
    assert s.players[0].curses[0].influence == 1 and s.supply["influence"] == 0


@players
def test_an_exhaustion_curse_that_gets_nothing_goes_straight_back(players: int) -> None:
    s = at_cursed_disc(players)
    give(s, 1, influence=40)
    curses_on_top(s, ["drained-purse"])
    s = play(s, "disc:cursed", "point:upper-right")
    assert s.players[0].curses == [] and s.curse_pile[0] == "drained-purse"


@players
def test_a_curse_that_went_straight_back_is_shown_to_every_reader_where_it_lies(
    players: int,
) -> None:
    """ "Put it face up in front of you, so that all the players may check it": the table saw
    it, spectators included, though it went back to the bottom of the pile at once."""
    s = at_cursed_disc(players)
    give(s, 1, influence=40)
    curses_on_top(s, ["drained-purse"])
    s = play(s, "disc:cursed", "point:upper-right")
    bottom = {"from_top": len(s.curse_pile) - 1, "curse": "drained-purse"}
    for reader in [None, *GAME.seats({"players": players})]:
        assert GAME.view(s, reader)["curse_pile_known"] == [bottom], reader


@players
@pytest.mark.parametrize("curse", sorted(CURSES))
def test_every_curse_can_be_kept_and_the_game_goes_on(players: int, curse: str) -> None:
    s = keep(players, curse)
    assert curse in [c.id for c in s.players[0].curses] + s.curse_pile[:1]
    check_invariants(s)
    rng = Rng(len(curse) * players)
    while GAME.outcome(s) is None and s.decisions < 400:
        moves = GAME.legal_moves(s)
        GAME.apply_unchecked(s, moves[rng.below(len(moves))])
        check_invariants(s)


# --- Permanent curse primitives -------------------------------------------------------------------


@players
@pytest.mark.parametrize(("influence", "bought"), [(2, 0), (3, 1)])
def test_leaden_tongue_adepts_cost_one_more(players: int, influence: int, bought: int) -> None:
    s = table(players)
    give_curse(s, 0, "leaden-tongue")
    give(s, 0, influence=influence)
    start_turn(s, 0)
    assert s.players[0].adepts == 1 + bought


@players
def test_withered_hand_refills_to_one_blade_fewer(players: int) -> None:
    s = table(players, ["scholar-new"])
    give_curse(s, 0, "withered-hand")
    moon_phase(s, 0, "protection")
    assert len(s.players[0].hand) == 2


@players
def test_moonblind_never_gives_the_moon_cube(players: int) -> None:
    s = table(players, ["oracle-full"])
    give_curse(s, 0, "moonblind")
    moon_phase(s, 0, "recruitment")
    assert s.players[0].influence == 0


@players
def test_greedy_hounds_a_bribe_also_costs_an_influence_cube(players: int) -> None:
    s = table(players)
    set_hand(s, 1, ["oracle-new", "herald-waxing"])
    give_curse(s, 1, "greedy-hounds")
    favor_phase(s, 0)
    s = play(s, "favor:recruitment")
    assert kind(s) != "offer", "without a cube seat-1 cannot bribe"
    s = table(players)
    set_hand(s, 1, ["oracle-new", "herald-waxing"])
    give_curse(s, 1, "greedy-hounds")
    give(s, 1, influence=2)
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe", "pay:oracle-new", "pay:herald-waxing")
    assert s.players[1].influence == 1 and s.players[1].adepts == 2


@players
def test_empty_cells_the_adept_area_holds_four(players: int) -> None:
    s = table(players)
    give_curse(s, 0, "empty-cells")
    give(s, 0, adepts=3)
    favor_phase(s, 0)
    s = play(s, "favor:indoctrination")
    assert s.players[0].adepts == 4


@players
def test_leaking_coffers_at_most_six_influence_cubes(players: int) -> None:
    s = at_cursed_disc(players)
    give_curse(s, 0, "leaking-coffers")
    give(s, 0, influence=5)
    s = play(s, "disc:curse-free", "point:lower-left")
    assert s.players[0].influence == 6 and s.supply["influence"] == 34


@players
@pytest.mark.parametrize(("adepts", "left"), [(3, 3), (4, 0)])
def test_reluctant_faithful_the_sacrifice_of_adepts_needs_four(
    players: int, adepts: int, left: int
) -> None:
    s = table(players)
    give_curse(s, 0, "reluctant-faithful")
    give(s, 0, adepts=adepts)
    start_turn(s, 0)
    assert s.players[0].adepts == left
    assert kind(s) == ("disc" if left == 0 else "favor")


@players
def test_fading_sigils_targets_the_sacrifice_its_owner_chooses(players: int) -> None:
    s = keep(players, "fading-sigils")
    assert ids(s) == ["target:powers", "target:adepts"]
    s = play(s, "target:powers")
    assert s.players[0].curses[0].target == "powers"
    s.players[0].powers = ["hunt", "protection", "enslavement"]
    give(s, 0, adepts=3)
    start_turn(s, 0)
    # Powers now need 4 (none sacrificed); Adepts still 3.
    assert len(s.players[0].powers) == 3 and s.players[0].adepts == 0 and kind(s) == "disc"


@players
@pytest.mark.parametrize(
    ("curse", "favor"),
    [("banished-from-the-crowd", "recruitment"), ("deaf-ears", "indoctrination")],
)
def test_a_forbidden_favor_can_be_neither_announced_nor_bribed(
    players: int, curse: str, favor: str
) -> None:
    s = table(players)
    give_curse(s, 0, curse)
    favor_phase(s, 0)
    assert f"favor:{favor}" not in ids(s)
    s = table(players)
    set_hand(s, 1, ["oracle-new", "herald-waxing", "warden-new"])
    give_curse(s, 1, curse)
    favor_phase(s, 0)
    s = play(s, f"favor:{favor}")
    assert kind(s) != "offer" or GAME.to_move(s) != "seat-1"


@players
@pytest.mark.parametrize(("influence", "left"), [(2, 1), (0, 0)])
def test_tithe_of_ash_returns_a_cube_at_the_start_of_your_turn(
    players: int, influence: int, left: int
) -> None:
    s = table(players)
    give_curse(s, 0, "tithe-of-ash")
    give(s, 0, influence=influence)
    start_turn(s, 0, first=True)
    assert s.players[0].influence == left


@players
@pytest.mark.parametrize(("adepts", "left"), [(4, 3), (3, 3)])
def test_deserters_return_an_adept_at_the_start_of_your_turn_from_four(
    players: int, adepts: int, left: int
) -> None:
    s = table(players)
    give_curse(s, 0, "deserters")
    give(s, 0, adepts=adepts)
    start_turn(s, 0, first=True)
    assert s.players[0].adepts == left


@players
def test_gossiping_flames_the_next_player_gains_two_cubes_when_you_place_a_flame(
    players: int,
) -> None:
    s = at_cursed_disc(players)
    give_curse(s, 0, "gossiping-flames")
    s = play(s, "disc:curse-free", "point:upper-right")
    assert s.players[1].influence == 2
    assert all(s.players[k].influence == 0 for k in range(2, players))


@players
def test_bitter_resolve_the_tracker_never_moves_but_the_cube_comes(players: int) -> None:
    s = table(players)
    set_hand(s, 1, ["oracle-new", "herald-waxing"])
    give_curse(s, 0, "bitter-resolve")
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe", "pay:oracle-new", "pay:herald-waxing")
    assert s.players[0].resolve == 0 and s.players[0].influence == 1


@players
def test_envious_neighbours_each_opponent_gains_a_cube_when_you_receive_a_favor(
    players: int,
) -> None:
    s = table(players)
    give_curse(s, 0, "envious-neighbours")
    favor_phase(s, 0)
    s = play(s, "favor:recruitment")
    assert [p.influence for p in s.players] == [0] + [1] * (players - 1)


@players
def test_slipping_grip_discard_a_blade_when_you_place_a_flame(players: int) -> None:
    s = at_cursed_disc(players)
    give_curse(s, 0, "slipping-grip")
    s = play(s, "disc:curse-free", "point:upper-right")
    assert ids(s) == ["discard:alchemist-new", "discard:scholar-new"], "sorted, as the hand shows"
    s = play(s, "discard:alchemist-new")
    assert s.players[0].hand == ["scholar-new"] and s.blade_discard[-1] == "alchemist-new"


# --- Exhaustion curses with an effect while they hold resources -----------------------------------


@players
def test_clouded_moon_no_moon_cube_while_it_holds_cubes(players: int) -> None:
    s = table(players, ["oracle-full"])
    card = give_curse(s, 0, "clouded-moon")
    moon_phase(s, 0, "recruitment")
    assert s.players[0].influence == 0 and card.influence == 3, "no cube, so none taken either"


@players
def test_chained_tongue_no_bribe_while_it_holds_adepts(players: int) -> None:
    s = table(players)
    set_hand(s, 1, ["oracle-new", "herald-waxing"])
    give_curse(s, 1, "chained-tongue")
    favor_phase(s, 0)
    s = play(s, "favor:recruitment")
    assert s.players[0].adepts == 2, "nobody could bribe"


@players
def test_weary_rites_every_sacrifice_needs_one_more_while_it_holds_cubes(players: int) -> None:
    s = table(players)
    give_curse(s, 0, "weary-rites")
    give(s, 0, adepts=3)
    s.players[0].powers = ["hunt", "protection", "enslavement"]
    start_turn(s, 0)
    assert s.players[0].adepts == 3 and len(s.players[0].powers) == 3 and kind(s) == "favor"


@players
def test_sour_tribute_adepts_cost_one_more_while_it_holds_resources(players: int) -> None:
    s = table(players)
    give_curse(s, 0, "sour-tribute")
    give(s, 0, influence=2)
    start_turn(s, 0)
    assert s.players[0].adepts == 1 and s.players[0].influence == 2


@players
def test_a_face_down_curse_has_no_effect(players: int) -> None:
    s = table(players, ["oracle-full"])
    s.players[0].powers = ["protection"]
    give_curse(s, 0, "moonblind", face_down=True)
    moon_phase(s, 0, "recruitment")
    assert s.players[0].influence == 1
