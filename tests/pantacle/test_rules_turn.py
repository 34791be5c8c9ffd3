"""Rule tests for a Pantacle game turn: Preparation, the Favor phase with its bribes, the Change
of the Moon, the turn order and victory, each with 2, 3, 4 and 5 players.

Each test is one rule of the rulebook (or one reading of docs/rules-decisions.md), named after
it. A test builds a position with `tests.pantacle.positions`, plays moves by id through the
checked path and asserts exact numbers. Blade ids are `keeper-moon` (data/keepers.yaml).
"""

from __future__ import annotations

import pytest

from rules.pantacle.board import FAVORS
from rules.pantacle.state import PantacleState, Pass
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
    place_flames,
    play,
    set_hand,
    stack_pile,
    start_turn,
)

players = pytest.mark.parametrize("players", PLAYER_COUNTS)

# Hands that can pay for Recruitment (The Oracle and The Herald), one per opponent.
RECRUITMENT_HANDS = [
    ["oracle-new", "herald-waxing"],
    ["oracle-waxing", "herald-full"],
    ["oracle-waning", "herald-waning"],
    ["oracle-full", "hound-new", "hound-waxing"],
]
NOTHING_TO_BRIBE_WITH = ["scholar-new"]  # Scholar serves Protection and Conversion only


def kind(s: PantacleState) -> str:
    return str(s.stack[-1]["t"])


def quiet_opponents(s: PantacleState, hand: list[str] | None = None) -> None:
    """Opponents of seat-0 who cannot bribe Recruitment (or anything, with no hand)."""
    for seat in range(1, len(s.players)):
        set_hand(s, seat, [] if hand is None else hand if seat == 1 else [])


# --- A. Preparation -------------------------------------------------------------------------------


@players
def test_preparation_is_skipped_on_each_players_first_turn(players: int) -> None:
    s = new_game(players)
    give(s, 0, influence=5, adepts=3)
    give_powers(s, 0, ["hunt", "protection", "enslavement"])
    start_turn(s, 0, first=True)
    p = s.players[0]
    assert p.turns == 1 and (p.influence, p.adepts) == (5, 3)
    assert p.powers == ["hunt", "protection", "enslavement"] and p.flames == []
    assert kind(s) == "favor"


@players
@pytest.mark.parametrize("flames", [0, 2, 4])
def test_influence_buys_one_adept_for_two_cubes_plus_one_per_flame(
    players: int, flames: int
) -> None:
    s = new_game(players)
    place_flames(s, 0, ["top", "upper-right", "lower-left", "upper-left"][:flames])
    cost = 2 + flames
    give(s, 0, influence=2 * cost + 1, adepts=1)
    start_turn(s, 0)
    assert (s.players[0].influence, s.players[0].adepts) == (cost + 1, 2), "one Adept per turn"
    assert s.supply["influence"] == 40 - (cost + 1)
    assert kind(s) == "favor"


@players
def test_influence_too_short_for_an_adept_is_kept(players: int) -> None:
    s = new_game(players)
    place_flames(s, 0, ["top"])
    give(s, 0, influence=2, adepts=1)
    start_turn(s, 0)
    assert (s.players[0].influence, s.players[0].adepts) == (2, 1)


@players
def test_no_adept_is_bought_into_a_full_adept_area(players: int) -> None:
    s = new_game(players)
    give(s, 0, influence=3, adepts=5)
    start_turn(s, 0)
    p = s.players[0]
    # The Influence step could not buy; the Sacrifice of Adepts then took 3 of the 5.
    assert (p.influence, p.adepts) == (3, 2)
    assert kind(s) == "disc"


@players
def test_sacrifice_of_powers_discards_the_first_three_and_the_fourth_moves_to_location_1(
    players: int,
) -> None:
    s = new_game(players)
    give_powers(s, 0, ["hunt", "protection", "enslavement", "demonic-discard"])
    start_turn(s, 0)
    assert s.players[0].powers == ["demonic-discard"]
    assert kind(s) == "disc" and s.stack[-1]["seat"] == 0


@players
def test_sacrifice_of_powers_needs_three_tokens(players: int) -> None:
    s = new_game(players)
    give_powers(s, 0, ["hunt", "protection"])
    start_turn(s, 0)
    assert s.players[0].powers == ["hunt", "protection"] and kind(s) == "favor"


@players
def test_sacrifice_of_adepts_discards_three_and_keeps_the_rest(players: int) -> None:
    s = new_game(players)
    give(s, 0, adepts=4)
    start_turn(s, 0)
    assert s.players[0].adepts == 1 and s.supply["adepts"] == 25 - players - 1 + 1
    assert kind(s) == "disc"
    s = play(s, "disc:curse-free", "point:lower-left")
    assert s.players[0].flames == ["lower-left"] and s.players[0].influence == 2


@players
def test_preparation_runs_influence_then_powers_then_adepts_each_once(players: int) -> None:
    s = new_game(players)
    give(s, 0, influence=2, adepts=2)
    give_powers(s, 0, ["hunt", "protection", "enslavement"])
    curses_on_top(s, ["drained-purse"])
    start_turn(s, 0)
    # 1) Influence: 2 cubes buy the third Adept. 2) Powers: the first Flame.
    assert (s.players[0].influence, s.players[0].adepts) == (0, 3)
    assert s.players[0].powers == []
    s = play(s, "disc:curse-free", "point:upper-right")
    # 3) Adepts: 3 + 2 from the point, 3 sacrificed; the disc left is cursed (chosen at once).
    assert s.players[0].adepts == 2 and kind(s) == "point"
    s = play(s, "point:top")  # Drained Purse is the only card drawn: kept at once
    p = s.players[0]
    assert p.flames == ["upper-right", "top"]
    # The top point gives 3 x 2 Flames = 6; Drained Purse takes the first 2 and leaves.
    assert p.influence == 4 and p.curses == [] and s.curse_pile[0] == "drained-purse"
    assert kind(s) == "favor", "no second Influence purchase this turn"
    check_invariants(s)


@players
def test_no_sacrifice_without_a_disc_left_on_the_pentagram(players: int) -> None:
    s = new_game(players)
    place_flames(s, 0, ["top", "upper-right", "lower-right", "lower-left", "upper-left"])
    give(s, 0, adepts=3)
    give_powers(s, 0, ["hunt", "protection", "enslavement"])
    start_turn(s, 0)
    assert s.players[0].adepts == 3 and len(s.players[0].powers) == 3
    assert kind(s) == "favor"


# --- B. Favor -------------------------------------------------------------------------------------


@players
def test_the_active_sorcerer_chooses_one_of_the_six_unmarked_favors(players: int) -> None:
    s = new_game(players)
    s.marked = "hunt"
    favor_phase(s, 0)
    assert ids(s) == [f"favor:{f}" for f in FAVORS if f != "hunt"]


@players
def test_a_favor_for_a_power_token_you_hold_cannot_be_announced(players: int) -> None:
    s = new_game(players)
    give_powers(s, 0, ["hunt", "protection"])
    favor_phase(s, 0)
    assert "favor:hunt" not in ids(s) and "favor:protection" not in ids(s)
    assert len(ids(s)) == 5


@players
def test_announcing_moves_the_ongoing_favor_tracker(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s)
    favor_phase(s, 0)
    s = play(s, "favor:recruitment")
    assert s.marked == s.announced == "recruitment"
    assert GAME.view(s, None)["favors"]["marked"] == "recruitment"


@players
def test_an_unbribed_favor_is_received_without_discarding_blades(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s)
    set_hand(s, 0, ["oracle-new", "herald-waxing"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment")
    assert s.players[0].adepts == 2 and s.bribed_by is None
    assert s.players[0].hand == ["oracle-new", "herald-waxing"] and s.blade_discard == []
    assert kind(s) == "moon_discard"


@players
def test_each_opponent_in_clockwise_order_may_bribe_or_pass(players: int) -> None:
    s = new_game(players, first=players - 1)
    active = players - 1
    for k in range(1, players):
        set_hand(s, (active + k) % players, RECRUITMENT_HANDS[k - 1])
    favor_phase(s, active)
    s = play(s, "favor:recruitment")
    asked = []
    while kind(s) == "offer":
        asked.append(GAME.to_move(s))
        assert ids(s) == ["bribe", "pass"]
        s = play(s, "pass")
    assert asked == [f"seat-{(active + k) % players}" for k in range(1, players)]
    assert s.players[active].adepts == 2, "nobody bribed: the Active Sorcerer receives it"


@players
def test_the_first_bribe_ends_the_bribing_round(players: int) -> None:
    s = new_game(players)
    for seat in range(1, players):
        set_hand(s, seat, RECRUITMENT_HANDS[seat - 1])
    set_hand(s, 0, ["scholar-new", "alchemist-new"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe", "pay:oracle-new", "pay:herald-waxing")
    assert s.bribed_by == 1 and s.players[1].adepts == 2 and s.players[0].adepts == 1
    # Seat-1 paid with its only Oracle and Herald; nobody else was asked; seat-0's Moon next.
    for seat in range(2, players):
        assert len(s.players[seat].hand) == len(RECRUITMENT_HANDS[seat - 1])
    assert kind(s) == "moon_discard" and GAME.to_move(s) == "seat-0"
    assert s.blade_discard == ["oracle-new", "herald-waxing"]


@players
def test_an_opponent_who_cannot_pay_is_asked_all_the_same_and_may_only_pass(
    players: int,
) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new", "scholar-new", "warden-new"])  # no Herald, no Hound
    set_hand(s, 0, ["alchemist-new", "alchemist-waxing"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment")
    # Skipping seat-1 would tell the table it holds no Herald: it is asked, and passes.
    assert kind(s) == "offer" and GAME.to_move(s) == "seat-1" and ids(s) == ["pass"]
    s = play(s, "pass")
    assert s.players[0].adepts == 2 and kind(s) == "moon_discard"


@players
def test_every_pass_is_recorded_for_the_whole_table(players: int) -> None:
    """Who passed which Favor is public, and so is which cards each hand held through it: a
    card drawn afterwards carries the number of passes recorded when it arrived."""
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new", "scholar-new", "warden-new"])
    set_hand(s, 0, ["alchemist-new", "alchemist-waxing"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "pass")
    assert s.passes == [Pass(1, "recruitment", False)]
    for seat in (None, *GAME.seats({"players": players})):
        view = GAME.view(s, seat)
        passed = {"seat": "seat-1", "favor": "recruitment", "resolve_hound": False}
        assert view["passes"] == [passed]
        assert view["sanctuaries"]["seat-1"]["hand_since"] == [0, 0, 0]
    s = play(s, "discard:alchemist-new")
    assert s.players[0].since == [0, 1, 1], "the refill drew two blades after the pass"
    assert GAME.view(s, "seat-1")["sanctuaries"]["seat-0"]["hand_since"] == [0, 1, 1]


@players
def test_a_bribe_is_not_recorded_as_a_pass(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new", "herald-waxing", "scholar-new"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe", "pay:oracle-new", "pay:herald-waxing")
    assert s.passes == []


@players
def test_an_opponent_with_fewer_than_two_blades_is_not_asked(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new"])  # everyone sees one blade cannot pay a bribe
    set_hand(s, 0, ["alchemist-new", "alchemist-waxing"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment")
    assert s.players[0].adepts == 2 and kind(s) == "moon_discard"


@players
def test_a_bribe_costs_one_blade_for_each_of_the_favors_two_keepers(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new", "herald-waxing", "scholar-new"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe")
    assert kind(s) == "pay" and ids(s) == ["pay:oracle-new"]
    s = play(s, "pay:oracle-new", "pay:herald-waxing")
    assert s.players[1].hand == ["scholar-new"]
    assert s.blade_discard[:2] == ["oracle-new", "herald-waxing"]
    assert s.players[1].adepts == 2 and s.players[0].adepts == 1


@players
def test_a_pair_of_hounds_replaces_a_keeper_blade(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new", "hound-new", "hound-waxing"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe")
    # The Oracle blade pays for the Oracle (the Hounds are needed for the Herald).
    assert ids(s) == ["pay:oracle-new"]
    s = play(s, "pay:oracle-new")
    assert ids(s) == ["hounds"]
    s = play(s, "hounds")
    assert kind(s) == "hound" and ids(s) == ["hound:hound-new", "hound:hound-waxing"]
    s = play(s, "hound:hound-waxing")
    assert ids(s) == ["hound:hound-new"], "the second Hound, asked like the first"
    s = play(s, "hound:hound-new")
    assert s.players[1].hand == [] and s.players[1].adepts == 2
    assert s.blade_discard[:3] == ["oracle-new", "hound-waxing", "hound-new"]


@players
def test_four_hounds_pay_for_both_keepers(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["hound-new", "hound-waxing", "hound-full", "hound-waning"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe")
    assert ids(s) == ["hounds"]
    while kind(s) in ("pay", "hound"):
        s = play(s, ids(s)[0])
    assert s.players[1].hand == [] and s.players[1].adepts == 2


@players
def test_the_resolve_bonus_hound_pairs_with_a_hound_blade_and_resets_the_tracker(
    players: int,
) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new", "hound-new"])
    s.players[1].resolve = 2
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe", "pay:oracle-new", "hounds")
    assert ids(s) == ["hound:hound-new", "hound:resolve"]
    s = play(s, "hound:resolve", "hound:hound-new")
    assert s.players[1].resolve == 0 and s.players[1].hand == []


@players
def test_a_resolve_tracker_short_of_the_rightmost_position_gives_no_hound(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new", "hound-new"])
    s.players[1].resolve = 1
    favor_phase(s, 0)
    s = play(s, "favor:recruitment")
    assert GAME.to_move(s) == "seat-1" and ids(s) == ["pass"]


@players
def test_only_payments_that_leave_the_bribe_payable_are_offered(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new", "oracle-waxing", "hound-new", "hound-waxing"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe")
    # Paying the Oracle with the Hounds would leave nothing for the Herald.
    assert kind(s) == "pay" and ids(s) == ["pay:oracle-new", "pay:oracle-waxing"]


@players
def test_a_bribed_away_favor_moves_the_resolve_tracker_and_pays_a_compensation_cube(
    players: int,
) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new", "herald-waxing", "oracle-waxing", "herald-full"])
    set_hand(s, 0, ["scholar-new"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe", "pay:oracle-new", "pay:herald-waxing")
    assert s.players[0].resolve == 1 and s.players[0].influence == 1
    s.players[0].resolve = 2
    s.marked = None
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe", "pay:oracle-waxing", "pay:herald-full")
    assert s.players[0].resolve == 2, "the tracker stays at its rightmost position"
    assert s.players[0].influence == 2


@players
def test_an_opponent_may_bribe_a_favor_whose_token_it_already_holds(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["warden-new", "herald-full"])
    give_powers(s, 1, ["hunt"])
    favor_phase(s, 0)
    s = play(s, "favor:hunt")
    assert kind(s) == "offer" and GAME.to_move(s) == "seat-1"
    s = play(s, "bribe", "pay:warden-new", "pay:herald-full")
    assert s.players[1].powers == ["hunt"], "no second Hunt token"
    assert "hunt" not in s.players[0].powers, "but the Active Sorcerer is denied it"


@players
def test_with_no_favor_to_announce_the_favor_phase_passes(players: int) -> None:
    s = new_game(players)
    give_powers(s, 0, ["bewitchment", "hunt", "protection", "enslavement"])
    give_curse(s, 0, "banished-from-the-crowd")
    give_curse(s, 0, "deaf-ears")
    s.marked = "conversion"
    set_hand(s, 0, ["scholar-new"])
    favor_phase(s, 0)
    # Nothing to announce: straight to the Change of the Moon (one blade: discarded at once).
    assert s.announced is None and s.marked == "conversion"
    assert s.blade_discard[-1] == "scholar-new" and s.active == 1


# --- C. Change of the Moon ------------------------------------------------------------------------


@players
def test_the_active_sorcerer_discards_one_blade_and_refills_to_three(players: int) -> None:
    s = new_game(players)
    set_hand(s, 0, ["scholar-new", "alchemist-new", "warden-new"])
    stack_pile(s, ["herald-waxing"])
    moon_phase(s, 0, "protection")
    assert ids(s) == ["discard:alchemist-new", "discard:scholar-new", "discard:warden-new"]
    s = play(s, "discard:alchemist-new")
    assert s.blade_discard[-1] == "alchemist-new"
    assert sorted(s.players[0].hand) == ["herald-waxing", "scholar-new", "warden-new"]


@players
@pytest.mark.parametrize(("blade", "cube"), [("oracle-full", 1), ("oracle-new", 0)])
def test_a_discarded_blade_of_the_favors_moon_phase_gives_an_influence_cube(
    players: int, blade: str, cube: int
) -> None:
    s = new_game(players)
    set_hand(s, 0, [blade])
    moon_phase(s, 0, "recruitment")  # Full Moon
    assert s.players[0].influence == cube
    assert len(s.players[0].hand) == 3


@players
def test_indoctrination_has_no_moon_phase_so_no_blade_matches_it(players: int) -> None:
    s = new_game(players)
    set_hand(s, 0, ["oracle-full"])
    moon_phase(s, 0, "indoctrination")
    assert s.players[0].influence == 0


@players
def test_the_moon_cube_is_won_even_when_the_favor_was_bribed_away(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new", "herald-waxing"])
    set_hand(s, 0, ["warden-full"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe", "pay:oracle-new", "pay:herald-waxing")
    # 1 compensation cube + 1 for the Full Moon blade discarded in the Change of the Moon.
    assert s.players[0].influence == 2 and s.blade_discard[-1] == "warden-full"


@players
def test_the_briber_does_not_refill_its_hand(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new", "herald-waxing", "scholar-new"])
    set_hand(s, 0, ["warden-full"])
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe", "pay:oracle-new", "pay:herald-waxing")
    assert s.active == 1 and s.turn == 2, "seat-0's turn is over"
    assert s.players[1].hand == ["scholar-new"], "still one blade after seat-0's turn"
    assert len(s.players[0].hand) == 3


@players
def test_an_empty_keeper_pile_is_rebuilt_from_the_discards_except_the_last(players: int) -> None:
    s = new_game(players)
    set_hand(s, 0, ["scholar-new"])
    s.blade_discard = s.blade_pile[:]
    s.blade_pile = []
    before = len(s.blade_discard)
    moon_phase(s, 0, "protection")
    assert s.blade_discard == ["scholar-new"], "the last discard stays"
    assert len(s.blade_pile) == before - 3 and len(s.players[0].hand) == 3
    check_invariants(s)


@players
def test_the_next_player_clockwise_becomes_the_active_sorcerer(players: int) -> None:
    s = new_game(players)
    last = players - 1
    set_hand(s, last, ["scholar-new"])
    turns = s.players[0].turns
    moon_phase(s, last, "protection")
    assert s.active == 0 and s.players[0].turns == turns + 1


# --- End of the game ------------------------------------------------------------------------------

ALL_POINTS = ["top", "upper-right", "lower-right", "lower-left", "upper-left"]


@players
def test_five_flames_and_a_received_favor_win_at_once(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s)
    place_flames(s, 0, ALL_POINTS)
    favor_phase(s, 0)
    s = play(s, "favor:recruitment")
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == ("seat-0",) and outcome.reason == "favor"
    assert GAME.to_move(s) is None and GAME.legal_moves(s) == []
    assert s.players[0].adepts == 1, "the game ended before the Favor's effect"


@players
def test_five_flames_and_a_favor_bribed_away_on_anothers_turn_win(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new", "herald-waxing"])
    place_flames(s, 1, ALL_POINTS)
    favor_phase(s, 0)
    s = play(s, "favor:recruitment", "bribe", "pay:oracle-new", "pay:herald-waxing")
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == ("seat-1",) and outcome.reason == "bribe"
    assert outcome.scores["seat-1"] == 1.0 and outcome.scores["seat-0"] == 0.0


@players
def test_the_fifth_flame_alone_does_not_win(players: int) -> None:
    s = new_game(players)
    quiet_opponents(s, hand=["oracle-new", "herald-waxing"])
    place_flames(s, 0, ALL_POINTS[:4])
    give(s, 0, adepts=3)
    curses_on_top(s, ["moonblind"])
    start_turn(s, 0)
    s = play(s, "favor:recruitment", "bribe")  # the last disc is cursed: Moonblind kept at once
    s = play(s, "pay:oracle-new", "pay:herald-waxing")
    assert len(s.players[0].flames) == 5 and GAME.outcome(s) is None
    assert s.players[1].adepts == 2 and kind(s) == "moon_discard"
