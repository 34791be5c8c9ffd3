"""Rule tests for Pagan's turn structure and visits.

Each test is one rule of the rulebook (Game Setup, Start of the Game, Upkeep phase, Action phase,
Visiting a Villager) or one reading of `docs/rules-decisions.md`, named after it. A test builds a
position with `tests.pagan.positions`, plays moves by id through the checked path and asserts
exact numbers. Card ids are those of `rules/pagan/data/cards.yaml`.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from rules.pagan.state import HUNTER, WITCH, PaganState
from rules.pagan.tables import CARDS
from tests.pagan.invariants import check_invariants
from tests.pagan.positions import (
    GAME,
    action_phase,
    ids,
    new_game,
    play,
    put_in_play,
    put_investigation,
    put_on_top,
    set_evidence,
    set_hand,
    set_tokens,
    upkeep,
)

# Hunter cards
NATIVE_GUIDE, CLERK, MAGISTRATE, OPERATIVE, SCRIBE = "0001", "0002", "0003", "0004", "0006"
ON_THE_TRAIL, RANSACK, PUBLIC_ACCUSATION = "0010", "0011", "0012"
GOSSIP, LOCK_DOWN, QUARANTINE, PERSUASION, CURFEW, HARSH_TREATMENT = (
    "0013",
    "0014",
    "0015",
    "0017",
    "0018",
    "0019",
)
STUDY = "0022"
# Witch cards
SURPLUS_ELIXIR, EVIL_EYE, HYPNOTISM, WITCHS_MARK = "0030", "0033", "0040", "0043"
LEARN_SECRETS, SERPENT = "0048", "0050"

VILLAGERS = [
    "doctor-annie",
    "beau-johnson",
    "stranger-sue",
    "preacher-wulfric",
    "native-pamuy",
    "mayor-biggs",
    "nestling-mia",
    "herbwife-agnes",
    "ferryman-tobias",
]
BLUE, RED, GREEN = VILLAGERS[0:3], VILLAGERS[3:6], VILLAGERS[6:9]


def places(villagers: list[str]) -> list[str]:
    return [f"place:{v}" for v in villagers]


def visits(villagers: list[str]) -> list[str]:
    return [f"visit:{v}" for v in villagers]


def witch_turn(seed: int = 1, hand: list[str] | None = None) -> PaganState:
    """A new game whose Witch holds `hand` (nothing by default); `start_witch` then opens her
    Action phase of a later turn (2 regular pawns and the Familiar pawn)."""
    s = new_game(seed)
    set_hand(s, WITCH, hand or [])
    return s


def start_witch(s: PaganState) -> PaganState:
    action_phase(s, WITCH)
    return s


def start_hunter(s: PaganState) -> PaganState:
    s.turn = 4
    action_phase(s, HUNTER)
    return s


# --- Game Setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("scenario", "deck"), [("standard", 50), ("1", 30)])
def test_setup_gives_each_player_three_cards_and_two_influence(scenario: str, deck: int) -> None:
    s = new_game(5, scenario)
    for seat in (WITCH, HUNTER):
        p = s.player(seat)
        assert len(p.hand) == 3
        assert len(p.deck) == deck - 3
        assert p.discard == []
        assert p.influence == 2
    assert s.hunter.evidence == 0
    check_invariants(s)


def test_setup_puts_all_tokens_in_the_supply_and_no_card_in_play() -> None:
    s = new_game(5)
    assert s.supply == {"clue": 30, "evidence": 9, "secret": 30, "favor": 20}
    for v in s.villagers:
        assert (v.clues, v.secrets, v.favors, v.investigation) == (0, 0, 0, None)
    assert s.enchantments == []
    assert s.hunter.locations == [None] * 3 and s.hunter.allies == [None] * 3
    assert s.witch.brews == [None] * 3 and s.witch.familiars == [None] * 3
    check_invariants(s)


def test_setup_places_nine_ready_villagers_three_of_each_colour_in_number_order() -> None:
    s = new_game(5)
    assert [v.id for v in s.villagers] == VILLAGERS
    assert Counter(v.colour for v in s.villagers) == {"blue": 3, "red": 3, "green": 3}
    assert [v.colour for v in s.villagers[0:3]] == ["blue"] * 3
    assert [v.colour for v in s.villagers[3:6]] == ["red"] * 3
    assert all(v.alive and v.ready for v in s.villagers)
    check_invariants(s)


def test_setup_true_witch_is_not_in_the_suspect_deck() -> None:
    witches = set()
    for seed in range(12):
        s = new_game(seed)
        assert s.true_witch in VILLAGERS
        assert len(s.suspect_deck) == 8
        assert sorted([*s.suspect_deck, s.true_witch]) == sorted(VILLAGERS)
        assert s.hunter.suspects == []
        witches.add(s.true_witch)
        check_invariants(s)
    assert len(witches) > 1  # the Suspect deck is shuffled


def test_setup_shuffles_both_decks() -> None:
    a, b = new_game(1), new_game(2)
    assert a.witch.deck + a.witch.hand != b.witch.deck + b.witch.hand
    assert a.hunter.deck + a.hunter.hand != b.hunter.deck + b.hunter.hand
    assert GAME.to_json(new_game(1)) == GAME.to_json(a)  # the same seed, the same game
    check_invariants(a)
    check_invariants(b)


# --- Start of the Game: turns ---------------------------------------------------------------------


def test_turns_alternate_and_the_witch_starts() -> None:
    s = new_game(1)
    assert (s.turn, s.active, GAME.to_move(s)) == (1, WITCH, WITCH)
    s = play(s, "visit:herbwife-agnes", "place:herbwife-agnes", "place:herbwife-agnes")
    s = play(s, "visit:nestling-mia", "place:nestling-mia")
    assert (s.turn, s.active, GAME.to_move(s)) == (2, HUNTER, HUNTER)
    s = play(s, "influence", "influence", "influence")
    assert (s.turn, s.active, GAME.to_move(s)) == (3, WITCH, WITCH)
    s = play(s, "influence", "influence", "influence")
    assert (s.turn, s.active, GAME.to_move(s)) == (4, HUNTER, HUNTER)
    # Agnes +1, Mia +3 then 3 x 2; the Hunter: Mia +1 then 3 x 2
    assert s.witch.influence == 2 + 1 + 3 + 6
    assert s.hunter.influence == 2 + 1 + 6
    check_invariants(s)


# --- Action phase ---------------------------------------------------------------------------------


def test_witch_first_turn_has_two_pawns_visiting_one_colour() -> None:
    s = new_game(1)
    assert (s.witch.pawns, s.witch.familiar_pawn) == (2, 0)
    assert ids(s) == visits(VILLAGERS)  # only Visit actions
    s = play(s, "visit:doctor-annie")
    assert ids(s) == places(BLUE)
    s = play(s, "place:beau-johnson", "place:beau-johnson")
    # Annie's skill draws 1; the second visit must be to another blue villager
    assert len(s.witch.hand) == 4
    assert ids(s) == visits(["beau-johnson", "stranger-sue"])
    s = play(s, "visit:stranger-sue", "place:stranger-sue")
    assert len(s.witch.hand) == 6  # Sue's skill: draw 2
    assert (s.witch.pawns, s.witch.familiar_pawn) == (0, 0)
    assert (s.active, s.turn, GAME.to_move(s)) == (HUNTER, 2, HUNTER)
    assert s.villager("doctor-annie").witch_pawns == 1
    assert s.villager("stranger-sue").witch_pawns == 1
    check_invariants(s)


def test_witch_first_turn_has_no_familiar_pawn_even_with_a_familiar_in_play() -> None:
    s = new_game(1)
    set_hand(s, WITCH, [LEARN_SECRETS])
    s = play(s, "visit:preacher-wulfric", "place:native-pamuy", "place:mayor-biggs")
    assert ids(s) == ["play:0048", "done"]  # Wulfric's skill: play 1 card
    s = play(s, "play:0048")
    assert s.witch.familiars[0] is not None and s.witch.influence == 0
    assert ids(s) == visits(["native-pamuy", "mayor-biggs"])  # red, and no Familiar pawn
    check_invariants(s)


def test_witch_has_three_pawns_from_her_second_turn() -> None:
    s = new_game(1)
    s = play(s, "visit:herbwife-agnes", "place:herbwife-agnes", "place:herbwife-agnes")
    s = play(s, "visit:nestling-mia", "place:nestling-mia")
    s = play(s, "influence", "influence", "influence")  # the Hunter's turn 2
    assert s.turn == 3 and GAME.to_move(s) == WITCH
    assert (s.witch.pawns, s.witch.familiar_pawn) == (2, 1)
    assert {"influence", "draw"} <= set(ids(s))
    s = play(s, "influence", "influence")
    assert (s.witch.pawns, s.witch.familiar_pawn) == (0, 1)
    assert GAME.to_move(s) == WITCH
    s = play(s, "influence")
    assert GAME.to_move(s) == HUNTER and s.turn == 4
    check_invariants(s)


def test_each_player_takes_three_actions_and_a_board_spot_can_be_reused() -> None:
    s = new_game(1)
    s.turn = 4
    upkeep(s, HUNTER)
    assert s.hunter.pawns == 3
    s = play(s, "influence", "influence")
    assert GAME.to_move(s) == HUNTER and s.hunter.pawns == 1
    s = play(s, "influence")
    assert s.hunter.influence == 2 + 3 * 2
    assert s.hunter.pawns == 0
    assert (s.active, GAME.to_move(s)) == (WITCH, WITCH)
    check_invariants(s)


def test_pawns_must_all_be_used_there_is_no_pass() -> None:
    s = start_hunter(new_game(1))
    for _ in range(3):
        moves = ids(s)
        assert "influence" in moves  # a basic action is always there
        assert not {"end", "pass", "done", "skip"} & set(moves)
        s = play(s, "draw")
    assert len(s.hunter.hand) == 6
    assert GAME.to_move(s) == WITCH
    check_invariants(s)


def test_regular_pawns_are_spent_before_the_familiar_pawn() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, LEARN_SECRETS)
    start_witch(s)
    assert "visit:doctor-annie" in ids(s) and "visit:doctor-annie:familiar" in ids(s)
    s = play(s, "influence")
    assert (s.witch.pawns, s.witch.familiar_pawn) == (1, 1)
    s = play(s, "draw")
    assert (s.witch.pawns, s.witch.familiar_pawn) == (0, 1)
    # only the Familiar pawn is left: its visits are the Familiar ones
    moves = ids(s)
    assert "visit:doctor-annie:familiar" in moves and "visit:doctor-annie" not in moves
    s = play(s, "influence")  # the Familiar pawn on a board action: no Familiar step
    assert s.witch.familiar_used is False
    assert s.witch.influence == 2 + 2 + 2
    assert GAME.to_move(s) == HUNTER
    check_invariants(s)


def test_familiar_pawn_visit_is_offered_only_with_a_familiar_in_play() -> None:
    s = start_witch(witch_turn())
    assert not [m for m in ids(s) if m.endswith(":familiar")]
    s = play(s, "influence", "influence")
    assert s.witch.familiar_pawn == 1
    s = play(s, "visit:nestling-mia", "place:nestling-mia")  # the Familiar pawn, a plain visit
    assert s.witch.familiar_pawn == 0 and GAME.to_move(s) == HUNTER
    check_invariants(s)


def test_occupied_villager_cannot_be_visited() -> None:
    s = witch_turn()
    s.villager("doctor-annie").hunter_pawns = 1
    start_witch(s)
    moves = ids(s)
    assert "visit:doctor-annie" not in moves
    assert "visit:beau-johnson" in moves
    s = play(s, "visit:beau-johnson", "place:native-pamuy")
    assert "visit:beau-johnson" not in ids(s)  # her own pawn occupies him now
    assert [m for m in ids(s) if m.startswith("visit:")] == visits(
        [v for v in VILLAGERS if v not in ("doctor-annie", "beau-johnson")]
    )
    check_invariants(s)


def test_pawns_stay_until_their_owners_next_upkeep() -> None:
    s = start_witch(witch_turn())
    s = play(s, "visit:herbwife-agnes", "place:herbwife-agnes", "place:nestling-mia")
    s = play(s, "influence", "influence")
    assert GAME.to_move(s) == HUNTER
    agnes, mia = s.villager("herbwife-agnes"), s.villager("nestling-mia")
    assert agnes.witch_pawns == 1  # the Hunter's Upkeep did not return it
    assert "visit:herbwife-agnes" not in ids(s)
    s = play(s, "visit:nestling-mia", "place:ferryman-tobias", "influence", "influence")
    assert GAME.to_move(s) == WITCH
    agnes, mia = s.villager("herbwife-agnes"), s.villager("nestling-mia")
    assert agnes.witch_pawns == 0  # back to the Witch at her Upkeep
    assert mia.hunter_pawns == 1  # the Hunter's pawn stays through her turn
    assert "visit:herbwife-agnes" in ids(s) and "visit:nestling-mia" not in ids(s)
    check_invariants(s)


def test_ready_a_villager_costs_one_own_token_and_frees_it_for_a_visit() -> None:
    s = new_game(1)
    s.villager("doctor-annie").witch_pawns = 1
    s.villager("stranger-sue").hunter_pawns = 1
    set_tokens(s, "doctor-annie", clues=2)
    set_tokens(s, "stranger-sue", clues=2)
    start_hunter(s)
    moves = ids(s)
    assert "ready:doctor-annie" in moves and "visit:doctor-annie" not in moves
    assert "ready:stranger-sue" not in moves  # never your own pawns
    s = play(s, "ready:doctor-annie")
    annie = s.villager("doctor-annie")
    assert (annie.clues, annie.witch_pawns, s.hunter.pawns) == (1, 0, 2)
    assert "visit:doctor-annie" in ids(s)
    check_invariants(s)


def test_ransack_removes_all_secrets_or_one_favor_from_any_villager() -> None:
    """Ransack (designed): "Choose one: remove all Secrets from a villager; or remove 1 Favor from
    a villager." Unlike a Raid it needs no ready villager and no Clues."""
    for option, left in (("option:0", (0, 2)), ("option:1", (4, 1))):
        s = new_game(1)
        set_tokens(s, "doctor-annie", secrets=4, favors=2)
        set_tokens(s, "beau-johnson", secrets=1, favors=1)  # a choice of villager
        s.villager("doctor-annie").witch_pawns = 1  # occupied: no Raid, yet Ransack reaches it
        set_hand(s, HUNTER, [RANSACK])
        start_hunter(s)
        s.hunter.influence = 2
        s = play(s, f"play:{RANSACK}")
        assert ids(s) == ["option:0", "option:1"]
        s = play(s, option)
        s = play(s, next(m for m in ids(s) if m.endswith("doctor-annie")))
        annie = s.villager("doctor-annie")
        assert (annie.secrets, annie.favors) == left
        check_invariants(s)


def test_public_accusation_with_two_evidence_removes_a_favor_from_any_villager() -> None:
    """Public Accusation (designed): "If you have at least 2 Evidence, remove 1 Favor from a
    villager; otherwise place 2 Clues on villagers." Like Ransack it reaches her occupied
    villager, where a rush's Favors sit."""
    s = new_game(1)
    set_tokens(s, "doctor-annie", favors=2)
    set_tokens(s, "beau-johnson", favors=1)  # a choice of villager
    s.villager("doctor-annie").witch_pawns = 1  # occupied, not ready
    set_hand(s, HUNTER, [PUBLIC_ACCUSATION])
    start_hunter(s)
    s.hunter.influence, s.hunter.evidence = 2, 2
    s.supply["evidence"] -= 2
    s = play(s, f"play:{PUBLIC_ACCUSATION}")
    assert sorted(m.rpartition(":")[2] for m in ids(s)) == ["beau-johnson", "doctor-annie"]
    s = play(s, next(m for m in ids(s) if m.endswith("doctor-annie")))
    assert s.villager("doctor-annie").favors == 1
    assert s.villager("beau-johnson").favors == 1
    check_invariants(s)


def test_location_is_ready_again_only_at_the_hunters_next_upkeep() -> None:
    s = new_game(1)
    put_in_play(s, HUNTER, STUDY)
    start_hunter(s)
    hand = len(s.hunter.hand)
    s = play(s, "activate:0")
    assert len(s.hunter.hand) == hand + 3  # Study: draw 3
    assert "activate:0" not in ids(s)
    s = play(s, "influence", "influence")
    s = play(s, "influence", "influence", "influence")  # the Witch's turn
    assert GAME.to_move(s) == HUNTER and "activate:0" in ids(s)
    check_invariants(s)


# --- Upkeep phase ---------------------------------------------------------------------------------


def test_upkeep_returns_pawns_then_start_during_end_effects_in_order() -> None:
    s = new_game(1)
    s.turn = 4
    set_hand(s, HUNTER, [])
    for card in (SCRIBE, CLERK, NATIVE_GUIDE):  # ally spots 0, 1, 2
        put_in_play(s, HUNTER, card)
    put_in_play(s, WITCH, HYPNOTISM)
    put_on_top(s, HUNTER, [ON_THE_TRAIL])
    s.hunter.influence = 1
    s.villager("doctor-annie").hunter_pawns = 1
    s.villager("stranger-sue").witch_pawns = 1
    upkeep(s, HUNTER)
    # 1. his pawns are back (hers stay); 2. Scribe draws 1, Hypnotism takes 1 Influence
    assert s.villager("doctor-annie").hunter_pawns == 0
    assert s.villager("stranger-sue").witch_pawns == 1
    assert s.hunter.hand == [ON_THE_TRAIL]
    assert s.hunter.influence == 0
    # 3. Clerk can discard the card Scribe drew
    assert ids(s) == ["trigger:ally-1/0", "done"]
    s = play(s, "trigger:ally-1/0")
    assert s.hunter.hand == [] and s.hunter.discard == [ON_THE_TRAIL]
    assert s.hunter.influence == 3
    # 4. the Clerk's Influence pays the three Allies
    assert ids(s) == ["keep:0", "dismiss:0"]
    s = play(s, "keep:0", "keep:1", "keep:2")
    assert s.hunter.influence == 0
    # 5. Native Guide places a Clue
    assert ids(s) == places(VILLAGERS)
    s = play(s, "place:doctor-annie")
    assert s.villager("doctor-annie").clues == 1
    # then the Action phase
    assert s.hunter.pawns == 3 and "influence" in ids(s)
    assert [slot.card for slot in s.hunter.allies if slot] == [SCRIBE, CLERK, NATIVE_GUIDE]
    check_invariants(s)


def test_start_of_upkeep_effects_fire_in_the_named_players_upkeep_only() -> None:
    s = new_game(1)
    put_in_play(s, WITCH, HYPNOTISM)  # "At the start of the Hunter's Upkeep, he loses 1"
    s.hunter.influence = 5
    upkeep(s, WITCH)
    assert s.hunter.influence == 5 and GAME.to_move(s) == WITCH
    s = play(s, "influence", "influence", "influence")
    assert GAME.to_move(s) == HUNTER
    assert s.hunter.influence == 4
    check_invariants(s)


def test_influence_lost_in_upkeep_never_goes_below_zero() -> None:
    s = new_game(1)
    put_in_play(s, WITCH, HYPNOTISM)
    s.hunter.influence = 0
    upkeep(s, HUNTER)
    assert s.hunter.influence == 0
    check_invariants(s)


def test_clerk_discards_one_card_to_gain_three_influence_during_upkeep() -> None:
    """The rulebook's Ally example: discard 1 card, gain 3, pay the Clerk's Upkeep of 1."""
    s = new_game(1)
    s.turn = 4
    put_in_play(s, HUNTER, CLERK)
    set_hand(s, HUNTER, [ON_THE_TRAIL, RANSACK])
    s.hunter.influence = 0
    upkeep(s, HUNTER)
    assert GAME.to_move(s) == HUNTER
    assert ids(s) == ["trigger:ally-0/0", "done"]
    s = play(s, "trigger:ally-0/0")
    assert ids(s) == ["discard:0010", "discard:0011"]
    s = play(s, "discard:0011")
    assert s.hunter.hand == [ON_THE_TRAIL] and s.hunter.discard == [RANSACK]
    assert s.hunter.influence == 3
    assert ids(s) == ["keep:0", "dismiss:0"]
    s = play(s, "keep:0")
    assert s.hunter.influence == 2
    assert s.hunter.allies[0] is not None and s.hunter.pawns == 3
    check_invariants(s)


def test_may_during_upkeep_effect_can_be_left_out() -> None:
    s = new_game(1)
    put_in_play(s, HUNTER, CLERK)
    set_hand(s, HUNTER, [ON_THE_TRAIL, RANSACK])
    s.hunter.influence = 4
    upkeep(s, HUNTER)
    s = play(s, "done")
    assert len(s.hunter.hand) == 2 and s.hunter.influence == 4
    s = play(s, "keep:0")
    assert s.hunter.influence == 3
    check_invariants(s)


def test_may_effect_whose_cost_cannot_be_paid_is_not_offered() -> None:
    s = new_game(1)
    put_in_play(s, HUNTER, CLERK)
    set_hand(s, HUNTER, [])
    s.hunter.influence = 4
    upkeep(s, HUNTER)
    assert ids(s) == ["keep:0", "dismiss:0"]  # straight to step 4
    check_invariants(s)


def test_must_during_upkeep_effects_cannot_be_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    """No card of the base set has a "must ... during Upkeep" effect, so Operative is read here
    as "During your Upkeep you MUST remove 1 Secret from a villager" (the same op, optional:
    false). "done" is offered only once it is resolved; the player picks the order."""
    operative = CARDS[OPERATIVE]
    data = dict(operative.data)
    data["triggers"] = [{**operative.data["triggers"][0], "optional": False}]
    monkeypatch.setitem(CARDS, OPERATIVE, dataclasses.replace(operative, data=data))
    s = new_game(1)
    put_in_play(s, HUNTER, OPERATIVE)  # ally-0: must
    put_in_play(s, HUNTER, CLERK)  # ally-1: may
    set_hand(s, HUNTER, [ON_THE_TRAIL])
    set_tokens(s, "doctor-annie", secrets=2)
    set_tokens(s, "mayor-biggs", secrets=1)
    s.hunter.influence = 0
    upkeep(s, HUNTER)
    assert ids(s) == ["trigger:ally-0/0", "trigger:ally-1/0"]  # no "done" yet
    s = play(s, "trigger:ally-1/0")  # the player picks the order: the Clerk first
    assert s.hunter.influence == 3
    # a lone mandatory trigger is taken at once; the removal is a real choice
    assert ids(s) == ["remove:doctor-annie", "remove:mayor-biggs"]
    s = play(s, "remove:mayor-biggs")
    assert s.villager("mayor-biggs").secrets == 0
    assert ids(s) == ["keep:0", "dismiss:0"]
    check_invariants(s)


def test_must_end_of_upkeep_effect_has_no_skip() -> None:
    s = new_game(1)
    put_in_play(s, HUNTER, NATIVE_GUIDE)  # "At the end of your Upkeep, place 1 Clue"
    s.hunter.influence = 1
    upkeep(s, HUNTER)
    s = play(s, "keep:0")
    assert ids(s) == places(VILLAGERS)
    s = play(s, "place:mayor-biggs")
    assert s.villager("mayor-biggs").clues == 1 and s.hunter.pawns == 3
    check_invariants(s)


def test_end_of_upkeep_effect_of_a_discarded_ally_does_not_happen() -> None:
    s = new_game(1)
    put_in_play(s, HUNTER, NATIVE_GUIDE)
    s.hunter.influence = 1
    upkeep(s, HUNTER)
    s = play(s, "dismiss:0")
    assert s.hunter.allies == [None] * 3 and NATIVE_GUIDE in s.hunter.discard
    assert sum(v.clues for v in s.villagers) == 0
    assert s.hunter.influence == 1 and "influence" in ids(s)
    check_invariants(s)


def test_witchs_end_of_upkeep_effect_places_a_secret_in_her_upkeep_only() -> None:
    s = new_game(1)
    put_in_play(s, WITCH, WITCHS_MARK)
    upkeep(s, HUNTER)
    assert "influence" in ids(s)  # nothing happened in the Hunter's Upkeep
    s = play(s, "influence", "influence", "influence")
    assert GAME.to_move(s) == WITCH and ids(s) == places(VILLAGERS)
    s = play(s, "place:herbwife-agnes")
    assert s.villager("herbwife-agnes").secrets == 1
    assert (s.witch.pawns, s.witch.familiar_pawn) == (2, 1)
    check_invariants(s)


def test_hunter_pays_ally_upkeep_or_discards_the_ally() -> None:
    s = new_game(1)
    put_in_play(s, HUNTER, MAGISTRATE)  # ally-0, Upkeep 1
    put_in_play(s, HUNTER, NATIVE_GUIDE)  # ally-1, Upkeep 1
    s.hunter.influence = 1
    upkeep(s, HUNTER)
    assert ids(s) == ["keep:0", "dismiss:0"]
    s = play(s, "dismiss:0")  # he chooses which Ally to keep
    assert ids(s) == ["keep:1", "dismiss:1"]
    s = play(s, "keep:1")
    assert s.hunter.influence == 0
    assert s.hunter.allies[0] is None and s.hunter.allies[1] is not None
    assert s.hunter.discard == [MAGISTRATE]
    s = play(s, "place:doctor-annie")  # the kept Native Guide
    assert "influence" in ids(s)
    check_invariants(s)


def test_ally_upkeep_is_paid_ally_by_ally_while_influence_lasts() -> None:
    s = new_game(1)
    put_in_play(s, HUNTER, MAGISTRATE)
    put_in_play(s, HUNTER, CLERK)
    set_hand(s, HUNTER, [])
    s.hunter.influence = 1
    upkeep(s, HUNTER)
    s = play(s, "keep:0")
    # nothing left to pay the Clerk with: it is discarded without a question
    assert s.hunter.influence == 0
    assert s.hunter.allies[0] is not None and s.hunter.allies[1] is None
    assert s.hunter.discard == [CLERK]
    assert "influence" in ids(s)
    check_invariants(s)


def test_witch_has_no_ally_upkeep_step() -> None:
    s = new_game(1)
    put_in_play(s, HUNTER, MAGISTRATE)
    s.witch.influence = 0
    s.hunter.influence = 0
    upkeep(s, WITCH)
    assert GAME.to_move(s) == WITCH and "influence" in ids(s)
    assert s.hunter.allies[0] is not None
    check_invariants(s)


@pytest.mark.parametrize("seat", [HUNTER, WITCH])
def test_hand_limit_is_seven_at_end_of_upkeep(seat: str) -> None:
    s = new_game(1)
    deck = s.player(seat).deck + s.player(seat).hand
    hand = sorted(set(deck))[:9]
    set_hand(s, seat, hand)
    upkeep(s, seat)
    assert GAME.to_move(s) == seat
    assert ids(s) == [f"discard:{c}" for c in hand]
    s = play(s, f"discard:{hand[0]}")
    assert ids(s) == [f"discard:{c}" for c in hand[1:]]
    s = play(s, f"discard:{hand[5]}")
    p = s.player(seat)
    assert len(p.hand) == 7 and p.discard == [hand[0], hand[5]]
    assert "influence" in ids(s)  # the Action phase
    check_invariants(s)


def test_hand_limit_is_checked_only_in_upkeep() -> None:
    s = new_game(1)
    set_hand(s, HUNTER, sorted(set(s.hunter.deck))[:7])
    start_hunter(s)
    s = play(s, "draw", "draw", "draw")
    assert len(s.hunter.hand) == 10
    assert GAME.to_move(s) == WITCH  # no discard at the end of his turn
    s = play(s, "influence", "influence", "influence")
    assert GAME.to_move(s) == HUNTER and len(s.hunter.hand) == 10
    assert [m.split(":")[0] for m in ids(s)] == ["discard"] * len(set(s.hunter.hand))
    s = play(s, *[f"discard:{c}" for c in sorted(set(s.hunter.hand))[:3]])
    assert len(s.hunter.hand) == 7
    check_invariants(s)


def test_hand_limit_follows_the_cards_in_play_at_step_six() -> None:
    """Scribe (hand limit 9) draws at the start of Upkeep; kept it allows 9 cards, discarded at
    step 4 the limit is 7 again at step 6."""
    for keep, left in (("keep:0", 9), ("dismiss:0", 7)):
        s = new_game(1)
        put_in_play(s, HUNTER, SCRIBE)
        set_hand(s, HUNTER, sorted(set(s.hunter.deck))[:8])
        s.hunter.influence = 1
        upkeep(s, HUNTER)
        assert len(s.hunter.hand) == 9  # Scribe drew
        s = play(s, keep)
        while ids(s)[0].startswith("discard:"):
            s = play(s, ids(s)[0])
        assert len(s.hunter.hand) == left
        check_invariants(s)


def test_witch_may_consume_a_brew_during_upkeep() -> None:
    s = new_game(1)
    put_in_play(s, WITCH, SURPLUS_ELIXIR, secrets=4)
    upkeep(s, WITCH)
    assert ids(s) == ["consume:0", "done"]
    s = play(s, "consume:0")
    assert [v.secrets for v in s.villagers] == [1] * 9
    assert s.witch.brews[0] is None and SURPLUS_ELIXIR in s.witch.discard
    assert s.supply["secret"] == 30 - 9
    assert (s.witch.pawns, s.witch.familiar_pawn) == (2, 1) and "influence" in ids(s)
    check_invariants(s)


# --- Visiting a Villager: the Witch ---------------------------------------------------------------


def test_witch_visit_converts_three_secrets_to_a_favor_at_most_twice() -> None:
    s = witch_turn()
    set_tokens(s, "doctor-annie", secrets=9)
    start_witch(s)
    s = play(s, "visit:doctor-annie")
    assert ids(s) == ["convert", "skip"]
    s = play(s, "convert")
    assert ids(s) == ["convert", "skip"]
    s = play(s, "convert")
    annie = s.villager("doctor-annie")
    assert (annie.secrets, annie.favors) == (3, 2)
    assert ids(s) == places(BLUE)  # no third conversion though 3 are left: on to Distribute
    assert s.supply["favor"] == 18
    s = play(s, "place:doctor-annie", "place:doctor-annie")
    assert s.villager("doctor-annie").secrets == 5
    assert ids(s) == ["again", "skip"]  # 2 Favors now: Annie's skill may be used again
    check_invariants(s)


def test_convert_is_optional() -> None:
    s = witch_turn()
    set_tokens(s, "doctor-annie", secrets=3)
    start_witch(s)
    s = play(s, "visit:doctor-annie", "skip")
    assert ids(s) == places(BLUE)
    annie = s.villager("doctor-annie")
    assert (annie.secrets, annie.favors) == (3, 0)
    check_invariants(s)


def test_convert_needs_three_secrets_on_the_villager_at_that_moment() -> None:
    s = witch_turn()
    set_tokens(s, "doctor-annie", secrets=5)
    start_witch(s)
    s = play(s, "visit:doctor-annie", "convert")
    assert ids(s) == places(BLUE)  # 2 Secrets left: no second conversion
    s = play(s, "place:doctor-annie", "place:doctor-annie")
    annie = s.villager("doctor-annie")
    assert (annie.secrets, annie.favors) == (4, 1)  # distributed after converting
    assert GAME.to_move(s) == WITCH and s.witch.pawns == 1
    check_invariants(s)


def test_visit_distributes_assets_to_the_shown_colour() -> None:
    s = witch_turn()
    start_witch(s)
    s = play(s, "visit:mayor-biggs")  # red, shows 1 to green
    assert ids(s) == places(GREEN)
    s = play(s, "place:ferryman-tobias")
    assert s.villager("ferryman-tobias").secrets == 1
    assert s.villager("mayor-biggs").secrets == 0
    s = new_game(1)
    put_in_play(s, WITCH, SURPLUS_ELIXIR)
    start_hunter(s)
    s = play(s, "visit:beau-johnson")  # blue, shows 1 to red: never onto a Brew
    assert ids(s) == places(RED)
    s = play(s, "place:native-pamuy")
    assert s.villager("native-pamuy").clues == 1
    check_invariants(s)


def test_distributed_assets_may_be_split() -> None:
    """The rulebook's Distribute example: 2 Clues from Doctor Annie to Beau Johnson and
    Stranger Sue."""
    s = start_hunter(new_game(1))
    s = play(s, "visit:doctor-annie", "place:beau-johnson")
    assert ids(s) == places(BLUE)  # distributing is not optional: no "done"
    s = play(s, "place:stranger-sue")
    assert [s.villager(v).clues for v in BLUE] == [0, 1, 1]
    assert s.supply["clue"] == 28
    check_invariants(s)


def test_witch_may_distribute_secrets_onto_a_brew() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, SURPLUS_ELIXIR, secrets=2)
    start_witch(s)
    s = play(s, "visit:beau-johnson")  # shows red; a Brew is always a legal target
    assert ids(s) == [*places(RED), "place:brew-0"]
    s = play(s, "place:brew-0")
    assert s.witch.brews[0] is not None and s.witch.brews[0].secrets == 3
    s = play(s, "visit:doctor-annie", "place:brew-0")
    assert s.witch.brews[0].secrets == 4
    assert ids(s) == [*places(BLUE), "place:brew-0"]  # no Consume inside an action
    s = play(s, "place:stranger-sue")
    assert "consume:0" in ids(s)  # complete: consumable between actions, for free
    s = play(s, "consume:0")
    assert [v.secrets for v in s.villagers] == [1, 1, 2, 1, 1, 1, 1, 1, 1]
    assert s.witch.pawns + s.witch.familiar_pawn == 1
    check_invariants(s)


def test_skill_may_be_used_again_with_two_favors() -> None:
    s = witch_turn()
    set_tokens(s, "nestling-mia", favors=2)
    s.witch.influence = s.hunter.influence = 0
    start_witch(s)
    s = play(s, "visit:nestling-mia", "place:herbwife-agnes")
    assert (s.witch.influence, s.hunter.influence) == (3, 1)
    assert ids(s) == ["again", "skip"]
    s = play(s, "again")
    assert (s.witch.influence, s.hunter.influence) == (6, 2)
    assert s.villager("herbwife-agnes").secrets == 1  # no other step is repeated
    assert "visit:herbwife-agnes" in ids(s)  # back to the action choice
    check_invariants(s)


def test_second_skill_use_is_optional() -> None:
    s = witch_turn()
    set_tokens(s, "nestling-mia", favors=2)
    s.witch.influence = s.hunter.influence = 0
    start_witch(s)
    s = play(s, "visit:nestling-mia", "place:herbwife-agnes", "skip")
    assert (s.witch.influence, s.hunter.influence) == (3, 1)
    check_invariants(s)


def test_favors_converted_in_the_visit_count_for_the_second_skill_use() -> None:
    s = witch_turn()
    set_tokens(s, "nestling-mia", secrets=3, favors=1)
    s.witch.influence = 0
    start_witch(s)
    s = play(s, "visit:nestling-mia", "convert", "place:ferryman-tobias")
    assert s.villager("nestling-mia").favors == 2
    assert ids(s) == ["again", "skip"]
    s = play(s, "again")
    assert s.witch.influence == 6
    check_invariants(s)


def test_no_second_skill_use_below_two_favors() -> None:
    s = witch_turn()
    set_tokens(s, "nestling-mia", favors=1)
    s.witch.influence = 0
    start_witch(s)
    s = play(s, "visit:nestling-mia", "place:nestling-mia")
    assert s.witch.influence == 3 and "influence" in ids(s)
    check_invariants(s)


def test_familiar_step_only_with_the_familiar_pawn() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, LEARN_SECRETS)
    s.witch.influence = 0
    start_witch(s)
    s = play(s, "visit:nestling-mia", "place:nestling-mia")
    assert s.witch.influence == 3  # Mia's skill, and no Familiar step
    assert (s.witch.pawns, s.witch.familiar_pawn, s.witch.familiar_used) == (1, 1, False)
    s = play(s, "visit:herbwife-agnes:familiar", "place:herbwife-agnes", "place:herbwife-agnes")
    assert s.witch.influence == 4  # Agnes' skill, then the Familiar step
    assert ids(s) == ["familiar:0", "skip"]
    s = play(s, "familiar:0")
    assert s.witch.influence == 5 and s.witch.familiar_used
    assert (s.witch.pawns, s.witch.familiar_pawn) == (1, 0)
    check_invariants(s)


def test_familiar_step_comes_after_distributing_and_the_skill() -> None:
    """Serpent turns 4 Secrets on the visited villager into a Favor: the Secrets placed in this
    visit's Distribute step count."""
    s = witch_turn()
    put_in_play(s, WITCH, SERPENT)
    set_tokens(s, "doctor-annie", secrets=2)
    s.witch.influence = 0
    start_witch(s)
    s = play(s, "visit:doctor-annie:familiar")  # 2 Secrets: no conversion
    assert ids(s) == places(BLUE)
    s = play(s, "place:doctor-annie", "place:doctor-annie")
    assert len(s.witch.hand) == 1  # Annie's skill drew 1
    assert ids(s) == ["familiar:0", "skip"]  # Empower needs 1 Influence too
    s = play(s, "familiar:0")
    annie = s.villager("doctor-annie")
    assert (annie.secrets, annie.favors) == (0, 1)
    check_invariants(s)


@pytest.mark.parametrize(
    ("influence", "hand", "offered"),
    [(0, [EVIL_EYE], False), (1, [], False), (1, [EVIL_EYE], True)],
)
def test_empower_is_paid_in_full_or_not_at_all(
    influence: int, hand: list[str], offered: bool
) -> None:
    """Serpent's Empower costs 1 card AND 1 Influence."""
    s = witch_turn(hand=hand)
    put_in_play(s, WITCH, SERPENT)
    set_tokens(s, "preacher-wulfric", secrets=2)
    s.witch.influence = influence
    start_witch(s)
    s = play(s, "visit:preacher-wulfric:familiar", "place:preacher-wulfric", "place:native-pamuy")
    if "done" in ids(s):  # Wulfric's skill: play 1 card (optional)
        s = play(s, "done")
    if not offered:
        assert ids(s) == ["familiar:0", "skip"]
        check_invariants(s)
        return
    assert ids(s) == ["familiar:0", "empower:0", "skip"]
    s = play(s, "empower:0")  # the only card is discarded without a question
    assert s.witch.influence == 0 and s.witch.hand == [] and s.witch.discard == [EVIL_EYE]
    wulfric = s.villager("preacher-wulfric")
    assert (wulfric.secrets, wulfric.favors) == (0, 1)  # Empowered: 3 Secrets are enough
    check_invariants(s)


def test_only_one_familiar_per_turn() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, LEARN_SECRETS)
    put_in_play(s, WITCH, SERPENT)
    s.witch.influence = 0
    start_witch(s)
    s = play(s, "visit:nestling-mia:familiar", "place:nestling-mia")
    assert ids(s) == ["familiar:0", "familiar:1", "skip"]
    s = play(s, "familiar:0")
    assert s.witch.influence == 3 + 1 and s.witch.familiar_used
    assert not [m for m in ids(s) if m.endswith(":familiar")]
    s = play(s, "visit:herbwife-agnes", "place:herbwife-agnes", "place:herbwife-agnes")
    assert s.witch.influence == 5 and "influence" in ids(s)  # no Familiar step
    s = play(s, "influence")
    s = play(s, "influence", "influence", "influence")  # the Hunter's turn
    assert GAME.to_move(s) == WITCH and s.witch.familiar_used is False
    assert "visit:nestling-mia:familiar" in ids(s)  # a new turn, a new Familiar use
    check_invariants(s)


def test_lock_down_makes_the_witch_spend_two_pawns() -> None:
    s = witch_turn()
    put_investigation(s, LOCK_DOWN, "preacher-wulfric")
    put_investigation(s, LOCK_DOWN, "doctor-annie")
    start_witch(s)
    s = play(s, "visit:preacher-wulfric", "place:native-pamuy", "place:native-pamuy")
    assert (s.witch.pawns, s.witch.familiar_pawn) == (0, 1)
    assert s.villager("preacher-wulfric").witch_pawns == 2
    moves = ids(s)
    assert "visit:doctor-annie" not in moves  # one pawn left is not enough
    assert "visit:beau-johnson" in moves
    check_invariants(s)


def test_lock_down_visit_with_the_familiar_pawn_spends_a_regular_pawn_too() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, LEARN_SECRETS)
    put_investigation(s, LOCK_DOWN, "nestling-mia")
    s.witch.influence = 0
    start_witch(s)
    s = play(s, "visit:nestling-mia:familiar", "place:nestling-mia", "familiar:0")
    assert (s.witch.pawns, s.witch.familiar_pawn) == (1, 0)
    assert s.witch.influence == 3 + 1
    check_invariants(s)


def test_lock_down_takes_the_familiar_pawn_when_no_regular_pawn_is_left() -> None:
    s = witch_turn()
    put_investigation(s, LOCK_DOWN, "nestling-mia")
    start_witch(s)
    s = play(s, "influence")
    assert (s.witch.pawns, s.witch.familiar_pawn) == (1, 1)
    s = play(s, "visit:nestling-mia", "place:nestling-mia")
    assert (s.witch.pawns, s.witch.familiar_pawn) == (0, 0)
    assert s.villager("nestling-mia").witch_pawns == 2
    assert GAME.to_move(s) == HUNTER
    check_invariants(s)


def test_witch_side_investigation_does_not_affect_the_hunter() -> None:
    s = new_game(1)
    put_investigation(s, LOCK_DOWN, "preacher-wulfric")
    start_hunter(s)
    s = play(s, "visit:preacher-wulfric", "place:native-pamuy", "place:native-pamuy")
    assert s.hunter.pawns == 2 and s.villager("preacher-wulfric").hunter_pawns == 1
    check_invariants(s)


def test_harsh_treatment_skips_the_convert_step() -> None:
    s = witch_turn()
    put_investigation(s, HARSH_TREATMENT, "doctor-annie")
    set_tokens(s, "doctor-annie", secrets=6)
    start_witch(s)
    s = play(s, "visit:doctor-annie")
    assert ids(s) == places(BLUE)
    check_invariants(s)


def test_quarantine_skips_the_witchs_distribute_step_only() -> None:
    s = witch_turn()
    put_investigation(s, QUARANTINE, "doctor-annie")
    start_witch(s)
    s = play(s, "visit:doctor-annie")
    assert sum(v.secrets for v in s.villagers) == 0
    assert len(s.witch.hand) == 1  # the skill still happens
    assert s.witch.pawns == 1 and "influence" in ids(s)
    s = new_game(1)
    put_investigation(s, QUARANTINE, "doctor-annie")
    start_hunter(s)
    s = play(s, "visit:doctor-annie")
    assert ids(s) == places(BLUE)
    check_invariants(s)


def test_curfew_skips_both_uses_of_the_skill() -> None:
    s = witch_turn()
    put_investigation(s, CURFEW, "nestling-mia")
    set_tokens(s, "nestling-mia", favors=2)
    s.witch.influence = 0
    start_witch(s)
    s = play(s, "visit:nestling-mia", "place:nestling-mia")
    assert s.witch.influence == 0 and "influence" in ids(s)
    check_invariants(s)


def test_curfew_allows_the_witch_one_conversion_a_visit() -> None:
    """Curfew (designed): "... she skips the Use Villager Skill step and converts Secrets into
    Favors at most once." """
    s = witch_turn()
    put_investigation(s, CURFEW, "doctor-annie")
    set_tokens(s, "doctor-annie", secrets=9)
    start_witch(s)
    s = play(s, "visit:doctor-annie")
    assert ids(s) == ["convert", "skip"]
    s = play(s, "convert")
    assert ids(s) == places(BLUE)  # no second conversion: on to Distribute
    check_invariants(s)


def test_lock_down_costs_one_influence() -> None:
    """Lock-down's text is the rulebook's example; its cost is designed (1)."""
    assert CARDS[LOCK_DOWN].cost == 1


# --- Visiting a Villager: the Hunter --------------------------------------------------------------


def test_hunter_visit_gains_one_evidence_at_three_clues_and_clues_stay() -> None:
    s = new_game(1)
    set_tokens(s, "stranger-sue", clues=6)
    set_tokens(s, "beau-johnson", clues=2)
    start_hunter(s)
    s = play(s, "visit:stranger-sue")
    assert s.hunter.evidence == 1  # exactly one, before Distribute
    assert s.villager("stranger-sue").clues == 6
    s = play(s, "place:doctor-annie")
    s = play(s, "visit:beau-johnson", "place:mayor-biggs")
    assert s.hunter.evidence == 1  # 2 Clues are not enough
    assert s.supply["evidence"] == 8
    check_invariants(s)


def test_hunter_gains_no_evidence_when_the_supply_is_empty() -> None:
    s = new_game(1)
    set_tokens(s, "stranger-sue", clues=3)
    set_evidence(s, 9)
    start_hunter(s)
    s = play(s, "visit:stranger-sue", "place:stranger-sue")
    assert s.hunter.evidence == 9 and s.supply["evidence"] == 0
    check_invariants(s)


def test_hunter_uses_the_skill_once_even_with_two_favors() -> None:
    s = new_game(1)
    set_tokens(s, "nestling-mia", favors=2)
    s.witch.influence = s.hunter.influence = 0
    start_hunter(s)
    s = play(s, "visit:nestling-mia", "place:herbwife-agnes")
    assert (s.hunter.influence, s.witch.influence) == (3, 1)
    assert "influence" in ids(s)  # no second use
    check_invariants(s)


def test_investigation_triggers_first_on_its_side() -> None:
    """Persuasion (Hunter's side): the Hunter gains 1 Evidence at step 1 of his visit."""
    s = new_game(1)
    put_investigation(s, PERSUASION, "stranger-sue")
    start_hunter(s)
    s = play(s, "visit:stranger-sue")
    assert s.hunter.evidence == 1  # already, at the Distribute decision
    assert ids(s) == places(BLUE)
    s = play(s, "place:stranger-sue")
    assert s.hunter.evidence == 1
    check_invariants(s)


def test_investigation_clue_counts_for_the_evidence_step_of_the_same_visit() -> None:
    """Gossip (step 1) puts the third Clue on Stranger Sue before step 2 looks for 3 Clues."""
    s = new_game(1)
    put_investigation(s, GOSSIP, "stranger-sue")
    set_tokens(s, "stranger-sue", clues=2)
    start_hunter(s)
    s = play(s, "visit:stranger-sue")
    assert ids(s) == places(BLUE) and s.hunter.evidence == 0
    s = play(s, "place:stranger-sue")
    assert s.hunter.evidence == 1
    s = play(s, "place:doctor-annie")
    assert s.villager("stranger-sue").clues == 3 and s.villager("doctor-annie").clues == 1
    check_invariants(s)


def test_hunter_side_investigation_does_not_trigger_for_the_witch() -> None:
    s = witch_turn()
    put_investigation(s, PERSUASION, "stranger-sue")
    start_witch(s)
    s = play(s, "visit:stranger-sue", "place:stranger-sue")
    assert s.hunter.evidence == 0
    check_invariants(s)


# --- The token supply during visits ---------------------------------------------------------------


def test_convert_with_an_empty_favor_supply_moves_a_favor_in_play() -> None:
    s = witch_turn()
    set_tokens(s, "beau-johnson", favors=20)
    set_tokens(s, "doctor-annie", secrets=3)
    start_witch(s)
    s = play(s, "visit:doctor-annie")
    assert ids(s) == ["convert:beau-johnson", "skip"]
    s = play(s, "convert:beau-johnson")
    assert s.villager("doctor-annie").favors == 1 and s.villager("beau-johnson").favors == 19
    assert s.villager("doctor-annie").secrets == 0
    check_invariants(s)


def test_distribute_with_an_empty_supply_may_move_a_token_in_play() -> None:
    s = witch_turn()
    set_tokens(s, "mayor-biggs", secrets=30)
    start_witch(s)
    s = play(s, "visit:doctor-annie", "place:stranger-sue")
    assert ids(s) == ["take:mayor-biggs", "skip"]
    s = play(s, "take:mayor-biggs", "place:beau-johnson", "skip")
    assert [s.villager(v).secrets for v in BLUE] == [0, 0, 1]
    assert s.villager("mayor-biggs").secrets == 29
    check_invariants(s)


# --- A decision with one option is taken at once; one with none is skipped ------------------------


def test_single_option_decision_is_taken_automatically_ally_dismissed() -> None:
    s = new_game(1)
    put_in_play(s, HUNTER, CLERK)
    set_hand(s, HUNTER, [])
    s.hunter.influence = 0
    before = s.decisions
    upkeep(s, HUNTER)
    # Only "discard the Clerk" was possible: done without asking
    assert s.hunter.allies == [None] * 3 and s.hunter.discard == [CLERK]
    assert s.decisions == before and GAME.to_move(s) == HUNTER
    assert "influence" in ids(s)
    check_invariants(s)


def test_single_option_decision_is_taken_automatically_one_target() -> None:
    s = witch_turn()
    s.true_witch = "doctor-annie"
    s.suspect_deck = [v for v in VILLAGERS if v != "doctor-annie"]
    for v in ("native-pamuy", "mayor-biggs"):
        s.villager(v).alive = False
    s.innocents_eliminated = 2
    start_witch(s)
    before = s.decisions
    s = play(s, "visit:preacher-wulfric")
    # both Secrets had one legal target; the empty hand makes the skill a non-decision
    assert s.villager("preacher-wulfric").secrets == 2
    assert s.decisions == before + 1
    assert "influence" in ids(s) and s.witch.pawns == 1
    check_invariants(s)


def test_single_option_decision_is_taken_automatically_turn_end_and_discard() -> None:
    s = new_game(1)
    put_in_play(s, HUNTER, CLERK)
    set_hand(s, HUNTER, [ON_THE_TRAIL, ON_THE_TRAIL])
    s.hunter.influence = 0
    start_witch(s)
    s = play(s, "influence", "influence", "influence")
    # no Brew to consume: the only "end your turn" is taken, the Hunter's Upkeep begins
    assert GAME.to_move(s) == HUNTER and ids(s) == ["trigger:ally-0/0", "done"]
    s = play(s, "trigger:ally-0/0")  # two copies of one card: one distinct discard
    assert s.hunter.hand == [ON_THE_TRAIL] and s.hunter.influence == 3
    check_invariants(s)


def test_decision_without_options_is_skipped() -> None:
    s = witch_turn()
    set_tokens(s, "preacher-wulfric", secrets=2)
    start_witch(s)
    s = play(s, "visit:preacher-wulfric")
    assert ids(s) == places(RED)  # no conversion to decide with 2 Secrets
    s = play(s, "place:preacher-wulfric", "place:preacher-wulfric")
    # Wulfric's skill "play 1 card" with an empty hand asks nothing
    assert s.villager("preacher-wulfric").secrets == 4
    assert "influence" in ids(s) and s.witch.pawns == 1
    check_invariants(s)


def test_witch_may_consume_a_brew_after_her_last_action() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, SURPLUS_ELIXIR, secrets=3)
    start_witch(s)
    s = play(s, "influence", "influence", "visit:beau-johnson", "place:brew-0")
    assert (s.witch.pawns, s.witch.familiar_pawn) == (0, 0)
    assert GAME.to_move(s) == WITCH and ids(s) == ["consume:0", "end"]
    s = play(s, "consume:0")
    assert [v.secrets for v in s.villagers] == [1] * 9
    assert GAME.to_move(s) == HUNTER  # nothing left to do: the turn ends
    check_invariants(s)


def test_brews_are_consumed_only_in_the_witchs_turn() -> None:
    s = new_game(1)
    put_in_play(s, WITCH, SURPLUS_ELIXIR, secrets=4)
    start_hunter(s)
    assert not [m for m in ids(s) if m.startswith("consume")]
    s = play(s, "influence", "influence", "influence")
    assert GAME.to_move(s) == WITCH and ids(s) == ["consume:0", "done"]  # her Upkeep
    check_invariants(s)


def test_turn_limit_house_rule_ends_the_game_as_a_draw() -> None:
    s = GAME.new({"scenario": "standard", "max_turns": 2}, 1)
    s = play(s, "visit:herbwife-agnes", "place:herbwife-agnes", "place:herbwife-agnes")
    s = play(s, "visit:nestling-mia", "place:nestling-mia")
    s = play(s, "influence", "influence")
    assert GAME.outcome(s) is None
    s = play(s, "influence")
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == () and outcome.reason == "turn-limit"
    assert GAME.to_move(s) is None and ids(s) == []
    check_invariants(s)


def test_witch_may_end_her_turn_keeping_a_completed_brew() -> None:
    """ "You can save a Brew for an opportune moment": a completed Brew never forces her to
    consume it before her turn ends."""
    s = witch_turn()
    put_in_play(s, WITCH, SURPLUS_ELIXIR, secrets=4)
    start_witch(s)
    s = play(s, "influence", "influence", "influence")
    assert ids(s) == ["consume:0", "end"]
    s = play(s, "end")
    assert GAME.to_move(s) == HUNTER and s.active == HUNTER
    assert s.witch.brews[0] is not None and s.witch.brews[0].secrets == 4
    check_invariants(s)


def test_witch_first_turn_ends_when_no_villager_of_her_colour_is_ready() -> None:
    """A prepared position only: if the first visit's colour has no ready villager left, her
    second pawn goes unused instead of the game stalling."""
    s = new_game(1)
    for blue in ("beau-johnson", "stranger-sue"):
        s.villager(blue).hunter_pawns = 1
    s = play(s, "visit:doctor-annie", "place:doctor-annie", "place:doctor-annie")
    assert GAME.to_move(s) == HUNTER and s.active == HUNTER
    check_invariants(s)
