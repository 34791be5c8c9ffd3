"""Rule tests for Pagan's actions, cards and win conditions, one test per rule.

Each test prepares a position with `tests.pagan.positions`, plays moves by id through the checked
path (`play`, i.e. `GAME.apply`) and asserts exact numbers. The rules are the rulebook's
(/work/shared/rulebooks/pagan-fate-of-roanoke.txt) as read in docs/rules-decisions.md; card and
villager texts are rules/pagan/data/*.yaml.

Villagers (board order): blue doctor-annie (2 to blue, draw 1), beau-johnson (1 to red, +2
Influence), stranger-sue (1 to blue, draw 2); red preacher-wulfric (2 to red, play 1),
native-pamuy (1 to red, play 1 at -1), mayor-biggs (1 to green, look 3 draw 1); green
nestling-mia, herbwife-agnes, ferryman-tobias.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from rules.core import IllegalMove, InvalidOptions
from rules.pagan.state import HUNTER, WITCH, PaganState
from rules.pagan.tables import CATALOG
from tests.pagan.invariants import check_invariants
from tests.pagan.positions import (
    GAME,
    action_phase,
    deck_counts,
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

SEED = 1  # the true witch of seed 1 is Mayor Biggs
BLUE = ["doctor-annie", "beau-johnson", "stranger-sue"]
RED = ["preacher-wulfric", "native-pamuy", "mayor-biggs"]
GREEN = ["nestling-mia", "herbwife-agnes", "ferryman-tobias"]
ALL = BLUE + RED + GREEN

# Card ids (rules/pagan/data/cards.yaml)
CLERK, OPERATIVE, THUG, SCRIBE = "0002", "0004", "0005", "0006"
ON_THE_TRAIL = "0010"
GOSSIP, LOCK_DOWN, PERSUASION, CURFEW = "0013", "0014", "0017", "0018"
MAIN_HALL, HEADQUARTERS, STUDY, ARMORY, COURTHOUSE = (
    "0020",
    "0021",
    "0022",
    "0023",
    "0025",
)
FLAGON, BLEND, POTION, SURPLUS_ELIXIR = "0026", "0028", "0029", "0030"
EVIL_EYE, ALLURE = "0033", "0038"
ENTRANCED, HYPNOTISM, OBSCURING_MIST, WITCHS_MARK, BLIGHTED_HARVEST = (
    "0039",
    "0040",
    "0041",
    "0043",
    "0044",
)
ASSIST, GATHER, LEARN_SECRETS, QUALM = "0045", "0047", "0048", "0049"


def hunter_turn(hand: list[str] | None = None, influence: int = 2, seed: int = SEED) -> PaganState:
    """The Hunter's Action phase with 3 pawns, the given hand and Influence."""
    s = new_game(seed)
    set_hand(s, HUNTER, hand or [])
    s.hunter.influence = influence
    action_phase(s, HUNTER)
    return s


def witch_turn(hand: list[str] | None = None, influence: int = 2, seed: int = SEED) -> PaganState:
    """The Witch's Action phase (not her first turn) with 2 pawns and the Familiar pawn."""
    s = new_game(seed)
    set_hand(s, WITCH, hand or [])
    s.witch.influence = influence
    action_phase(s, WITCH)
    return s


def refresh(s: PaganState) -> PaganState:
    """Recompute the pending decision's moves after editing the state by hand."""
    action_phase(s, s.active, s.player(s.active).pawns, s.player(s.active).familiar_pawn)
    return s


def assert_over(s: PaganState, winner: str, reason: str) -> None:
    outcome = GAME.outcome(s)
    assert outcome is not None
    assert outcome.winners == (winner,)
    assert outcome.reason == reason
    assert GAME.to_move(s) is None
    assert GAME.legal_moves(s) == []
    check_invariants(s)


def clue_every_villager(s: PaganState, n: int = 1) -> None:
    for v in ALL:
        set_tokens(s, v, clues=n)


# --- basic actions --------------------------------------------------------------------------------


def test_basic_action_gain_2_influence() -> None:
    s = hunter_turn(influence=3)
    s = play(s, "influence")
    assert s.hunter.influence == 5
    assert s.hunter.pawns == 2
    w = witch_turn(influence=0)
    w = play(w, "influence")
    assert w.witch.influence == 2
    assert w.witch.pawns == 1 and w.witch.familiar_pawn == 1
    check_invariants(s)
    check_invariants(w)


def test_basic_action_draw_1_card_takes_the_top_card_of_the_deck() -> None:
    s = hunter_turn(hand=[CLERK])
    put_on_top(s, HUNTER, [STUDY, ARMORY])
    deck_before = len(s.hunter.deck)
    s = play(s, "draw")
    assert s.hunter.hand == [CLERK, STUDY]
    assert len(s.hunter.deck) == deck_before - 1
    assert s.hunter.deck[-1] == ARMORY
    assert s.hunter.pawns == 2
    check_invariants(s)


def test_basic_action_play_1_card_pays_its_cost() -> None:
    s = hunter_turn(hand=[STUDY, CLERK], influence=5)
    assert "play:0022" in ids(s) and "play:0002" in ids(s)
    s = play(s, "play:0022")  # Study costs 3
    assert s.hunter.influence == 2
    assert s.hunter.hand == [CLERK]
    assert s.hunter.locations[0] is not None and s.hunter.locations[0].card == STUDY
    assert s.hunter.pawns == 2
    check_invariants(s)


def test_a_card_you_cannot_afford_cannot_be_played() -> None:
    s = hunter_turn(hand=[STUDY, ARMORY], influence=2)  # Study costs 3, Armory 1
    assert "play:0023" in ids(s)
    assert "play:0022" not in ids(s)
    before = GAME.to_json(s)
    with pytest.raises(IllegalMove):
        GAME.apply(s, "play:0022")
    assert GAME.to_json(s) == before
    w = witch_turn(hand=[SURPLUS_ELIXIR], influence=1)  # costs 2
    assert "play:0030" not in ids(w)
    check_invariants(s)


# --- Ready a Villager ----------------------------------------------------------------------------


def test_ready_a_villager_costs_the_hunter_1_clue_from_that_villager() -> None:
    s = hunter_turn()
    set_tokens(s, "doctor-annie", clues=2)
    s.villager("doctor-annie").witch_pawns = 1
    s = refresh(s)
    s = play(s, "ready:doctor-annie")
    annie = s.villager("doctor-annie")
    assert annie.witch_pawns == 0 and annie.hunter_pawns == 0 and annie.ready
    assert annie.clues == 1
    assert s.supply["clue"] == 29
    assert s.hunter.pawns == 2
    assert "visit:doctor-annie" in ids(s)  # ready again: the Hunter may now visit her
    check_invariants(s)


def test_ready_a_villager_costs_the_witch_1_secret_from_that_villager() -> None:
    s = witch_turn()
    set_tokens(s, "preacher-wulfric", secrets=3)
    s.villager("preacher-wulfric").hunter_pawns = 1
    s = refresh(s)
    s = play(s, "ready:preacher-wulfric")
    wulfric = s.villager("preacher-wulfric")
    assert wulfric.hunter_pawns == 0 and wulfric.ready
    assert wulfric.secrets == 2
    assert s.supply["secret"] == 28
    assert s.witch.pawns == 1
    check_invariants(s)


def test_ready_a_villager_needs_an_opponent_pawn_and_one_of_your_tokens_there() -> None:
    s = hunter_turn()
    set_tokens(s, "doctor-annie", clues=2)  # own Clues, but only the Hunter's own pawn
    s.villager("doctor-annie").hunter_pawns = 1
    set_tokens(s, "stranger-sue", secrets=2)  # a Witch pawn, but no Clue to pay
    s.villager("stranger-sue").witch_pawns = 1
    set_tokens(s, "nestling-mia", clues=1)  # a Witch pawn and a Clue: the only legal Ready
    s.villager("nestling-mia").witch_pawns = 1
    s = refresh(s)
    assert [m for m in ids(s) if m.startswith("ready")] == ["ready:nestling-mia"]
    for bad in ("ready:doctor-annie", "ready:stranger-sue"):
        with pytest.raises(IllegalMove):
            GAME.apply(s, bad)
    s = play(s, "ready:nestling-mia")
    assert s.villager("nestling-mia").clues == 0 and s.villager("nestling-mia").ready
    assert s.villager("doctor-annie").hunter_pawns == 1  # never the Hunter's own pawns
    check_invariants(s)


def test_ready_a_villager_never_returns_your_own_pawns() -> None:
    s = witch_turn()
    v = s.villager("native-pamuy")
    set_tokens(s, "native-pamuy", secrets=2)
    v.witch_pawns, v.hunter_pawns = 1, 1  # both sides' pawns on one villager
    s = refresh(s)
    s = play(s, "ready:native-pamuy")
    v = s.villager("native-pamuy")
    assert v.hunter_pawns == 0
    assert v.witch_pawns == 1
    assert v.secrets == 1
    check_invariants(s)


# --- Consume Brew ---------------------------------------------------------------------------------


def test_consume_brew_is_a_free_action_effect_then_secrets_to_supply_then_discard() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, SURPLUS_ELIXIR, secrets=4)
    s = refresh(s)
    assert "consume:0" in ids(s)
    s = play(s, "consume:0")
    assert all(s.villager(v).secrets == 1 for v in ALL)  # 1 Secret on every villager
    assert s.witch.brews[0] is None
    assert s.witch.discard.count(SURPLUS_ELIXIR) == 1
    assert s.supply["secret"] == 30 - 9
    assert s.witch.pawns == 2 and s.witch.familiar_pawn == 1  # no pawn spent
    assert GAME.to_move(s) == WITCH
    check_invariants(s)
    # Not in the middle of another action: while a visit distributes, no Brew is consumed.
    w = witch_turn()
    put_in_play(w, WITCH, BLEND, secrets=2)
    w = refresh(w)
    w = play(w, "visit:doctor-annie")
    assert "place:brew-0" in ids(w)
    assert not [m for m in ids(w) if m.startswith("consume")]


def test_consume_brew_applies_its_effect_before_its_secrets_return_to_the_supply() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, SURPLUS_ELIXIR, secrets=4)
    set_tokens(s, "mayor-biggs", secrets=26)  # the supply is now empty
    s = refresh(s)
    assert s.supply["secret"] == 0
    s = play(s, "consume:0")
    # The effect found no Secret to place; only then did the Brew's 4 go back to the supply.
    assert [s.villager(v).secrets for v in ALL] == [0, 0, 0, 0, 0, 26, 0, 0, 0]
    assert s.supply["secret"] == 4
    assert s.witch.brews[0] is None and SURPLUS_ELIXIR in s.witch.discard
    check_invariants(s)


def test_consume_brew_is_allowed_after_the_last_pawn_is_spent() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, BLEND, secrets=2)
    s.witch.pawns, s.witch.familiar_pawn = 0, 0
    s = refresh(s)
    assert sorted(ids(s)) == ["consume:0", "end"]
    s = play(s, "consume:0")
    assert [s.villager(v).secrets for v in GREEN] == [1, 1, 1]
    assert s.active == HUNTER  # no pawn and no Brew left: the turn passes
    check_invariants(s)


def test_consume_brew_is_allowed_during_the_witchs_upkeep() -> None:
    s = new_game(SEED)
    put_in_play(s, WITCH, POTION, secrets=3)
    put_on_top(s, WITCH, [ALLURE, EVIL_EYE, ASSIST])
    upkeep(s, WITCH)
    assert GAME.to_move(s) == WITCH
    assert sorted(ids(s)) == ["consume:0", "done"]
    hand = len(s.witch.hand)
    s = play(s, "consume:0")
    assert len(s.witch.hand) == hand + 3  # Potion of Knowledge: draw 3
    assert s.witch.hand[-3:] == [ALLURE, EVIL_EYE, ASSIST]
    assert s.witch.brews[0] is None and POTION in s.witch.discard
    assert s.supply["secret"] == 30
    check_invariants(s)


def test_an_incomplete_brew_cannot_be_consumed() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, SURPLUS_ELIXIR, secrets=3)  # needs 4
    put_in_play(s, WITCH, BLEND, secrets=2)  # needs 2
    s = refresh(s)
    assert [m for m in ids(s) if m.startswith("consume")] == ["consume:1"]
    with pytest.raises(IllegalMove):
        GAME.apply(s, "consume:0")
    check_invariants(s)


# --- Perform Ritual ------------------------------------------------------------------------------


def test_perform_ritual_on_the_ready_true_witch_with_3_favors_wins_at_once() -> None:
    s = witch_turn()
    assert s.true_witch == "mayor-biggs"
    set_tokens(s, "mayor-biggs", favors=3)
    s = refresh(s)
    assert "ritual:mayor-biggs" in ids(s)
    s = play(s, "ritual:mayor-biggs")
    assert_over(s, WITCH, "ritual")
    assert s.witch.pawns + s.witch.familiar_pawn == 2  # won with pawns still in hand


def test_perform_ritual_is_not_offered_for_another_villager_2_favors_or_an_occupied_witch() -> None:
    s = witch_turn()
    set_tokens(s, "doctor-annie", favors=5)  # innocent
    set_tokens(s, "mayor-biggs", favors=2)  # the true witch, one Favor short
    s = refresh(s)
    assert not [m for m in ids(s) if m.startswith("ritual")]
    set_tokens(s, "mayor-biggs", favors=3)
    s.villager("mayor-biggs").hunter_pawns = 1  # occupied
    s = refresh(s)
    assert not [m for m in ids(s) if m.startswith("ritual")]
    with pytest.raises(IllegalMove):
        GAME.apply(s, "ritual:mayor-biggs")
    s.villager("mayor-biggs").hunter_pawns = 0
    s.villager("mayor-biggs").witch_pawns = 1  # occupied by her own pawn
    s = refresh(s)
    assert not [m for m in ids(s) if m.startswith("ritual")]
    check_invariants(s)


# --- Activate Location ---------------------------------------------------------------------------


def test_activate_study_draws_3_cards_and_once_per_turn_until_the_next_upkeep() -> None:
    s = hunter_turn(hand=[CLERK])
    put_in_play(s, HUNTER, STUDY)
    put_on_top(s, HUNTER, [ARMORY, THUG, GOSSIP])
    s = refresh(s)
    s = play(s, "activate:0")
    assert s.hunter.hand == [CLERK, ARMORY, THUG, GOSSIP]
    assert s.hunter.locations[0] is not None and s.hunter.locations[0].occupied
    assert s.hunter.pawns == 2
    assert "activate:0" not in ids(s)  # the pawn stays on the Location
    s.hunter.pawns = 0
    s.witch.pawns = s.witch.familiar_pawn = 0
    upkeep(s, HUNTER)  # the Hunter's next turn: his pawns come back
    assert s.hunter.locations[0] is not None and not s.hunter.locations[0].occupied
    assert "activate:0" in ids(s)
    check_invariants(s)


def test_activate_armory_removes_up_to_2_secrets_from_up_to_2_villagers() -> None:
    s = hunter_turn()
    put_in_play(s, HUNTER, ARMORY)
    set_tokens(s, "beau-johnson", secrets=3)
    set_tokens(s, "nestling-mia", secrets=2)
    set_tokens(s, "native-pamuy", secrets=1)
    s = refresh(s)
    s = play(s, "activate:0")
    assert sorted(ids(s)) == [
        "done",
        "remove:beau-johnson",
        "remove:native-pamuy",
        "remove:nestling-mia",
    ]
    s = play(s, "remove:beau-johnson", "remove:nestling-mia")
    assert s.villager("beau-johnson").secrets == 2
    assert s.villager("nestling-mia").secrets == 1
    assert s.villager("native-pamuy").secrets == 1
    assert s.supply["secret"] == 30 - 4
    assert s.stack[-1]["t"] == "act"  # the action is over: the next action is chosen
    # "Up to": one Secret, then stop.
    s2 = hunter_turn()
    put_in_play(s2, HUNTER, ARMORY)
    set_tokens(s2, "beau-johnson", secrets=3)
    set_tokens(s2, "nestling-mia", secrets=2)
    s2 = refresh(s2)
    s2 = play(s2, "activate:0", "remove:beau-johnson", "done")
    assert s2.villager("beau-johnson").secrets == 2 and s2.villager("nestling-mia").secrets == 2
    check_invariants(s)
    check_invariants(s2)


def test_activate_location_pays_its_cost_and_is_not_offered_when_it_cannot_be_paid() -> None:
    # Courthouse: pay 2 Evidence and 2 Influence to exonerate.
    s = hunter_turn(influence=2)
    put_in_play(s, HUNTER, COURTHOUSE)
    set_evidence(s, 1)
    s = refresh(s)
    assert "activate:0" not in ids(s)
    set_evidence(s, 2)
    s.hunter.influence = 1
    s = refresh(s)
    assert "activate:0" not in ids(s)
    s.hunter.influence = 2
    s = refresh(s)
    deck = s.suspect_deck[:]
    s = play(s, "activate:0")
    assert s.hunter.evidence == 0 and s.hunter.influence == 0
    assert s.supply["evidence"] == 9
    assert s.hunter.suspects == [deck[-1]] and s.suspect_deck == deck[:-1]
    check_invariants(s)


# --- Lift Enchantment ----------------------------------------------------------------------------


def test_lift_enchantment_pays_the_printed_cost_discards_it_and_slides_the_rest_left() -> None:
    s = hunter_turn(influence=1)
    for card in (ENTRANCED, HYPNOTISM, OBSCURING_MIST):
        put_in_play(s, WITCH, card)
    s = refresh(s)
    # Entranced lifts for 3 Influence (unaffordable), Obscuring Mist for 1 Clue (none in play).
    assert [m for m in ids(s) if m.startswith("lift")] == ["lift:1"]
    s = play(s, "lift:1")  # Hypnotism: 1 Influence
    assert s.hunter.influence == 0
    assert s.enchantments == [ENTRANCED, OBSCURING_MIST]
    assert s.witch.discard.count(HYPNOTISM) == 1
    assert s.hunter.pawns == 2
    check_invariants(s)


def test_lift_enchantment_with_a_clue_cost_takes_clues_from_villagers_of_the_hunters_choice() -> (
    None
):
    s = hunter_turn(influence=0)
    put_in_play(s, WITCH, HYPNOTISM)
    put_in_play(s, WITCH, OBSCURING_MIST)  # Lift: 1 Clue
    set_tokens(s, "doctor-annie", clues=1)
    set_tokens(s, "herbwife-agnes", clues=2)
    s = refresh(s)
    assert [m for m in ids(s) if m.startswith("lift")] == ["lift:1"]
    s = play(s, "lift:1")
    assert sorted(ids(s)) == ["pay:doctor-annie", "pay:herbwife-agnes"]
    s = play(s, "pay:herbwife-agnes")
    assert s.villager("herbwife-agnes").clues == 1 and s.villager("doctor-annie").clues == 1
    assert s.supply["clue"] == 28
    assert s.enchantments == [HYPNOTISM]
    assert OBSCURING_MIST in s.witch.discard
    check_invariants(s)


# --- Exonerate -----------------------------------------------------------------------------------


def test_exonerate_pays_3_evidence_and_draws_the_top_suspect() -> None:
    s = hunter_turn()
    set_evidence(s, 2)
    s = refresh(s)
    assert "exonerate" not in ids(s)
    set_evidence(s, 4)
    s = refresh(s)
    deck = s.suspect_deck[:]
    s = play(s, "exonerate")
    assert s.hunter.evidence == 1
    assert s.supply["evidence"] == 8
    assert s.hunter.suspects == [deck[-1]]
    assert s.suspect_deck == deck[:-1]
    assert s.hunter.pawns == 2
    assert GAME.outcome(s) is None
    check_invariants(s)


def test_exonerating_all_8_innocents_wins_for_the_hunter() -> None:
    s = hunter_turn()
    s.hunter.suspects = s.suspect_deck[1:]  # 7 drawn, one left
    s.suspect_deck = s.suspect_deck[:1]
    set_evidence(s, 3)
    s = refresh(s)
    s = play(s, "exonerate")
    assert len(s.hunter.suspects) == 8 and s.suspect_deck == []
    assert_over(s, HUNTER, "exonerated")
    assert s.hunter.pawns == 2  # at once, with pawns left


# --- Raid ----------------------------------------------------------------------------------------


def test_raid_pays_3_clues_from_villagers_of_the_targets_colour_and_removes_1_favor() -> None:
    s = hunter_turn()
    set_tokens(s, "beau-johnson", clues=1, secrets=4, favors=2)
    set_tokens(s, "doctor-annie", clues=2)
    set_tokens(s, "stranger-sue", clues=1)
    set_tokens(s, "preacher-wulfric", clues=5)  # red Clues cannot pay for a blue raid
    s = refresh(s)
    assert "raid:beau-johnson" in ids(s)
    s = play(s, "raid:beau-johnson")
    assert sorted(ids(s)) == ["pay:beau-johnson", "pay:doctor-annie", "pay:stranger-sue"]
    s = play(s, "pay:doctor-annie", "pay:beau-johnson")
    # Only Annie (1) and Sue (1) hold blue Clues now.
    s = play(s, "pay:stranger-sue")
    assert sorted(ids(s)) == ["favor", "secrets"]
    s = play(s, "favor")
    beau = s.villager("beau-johnson")
    assert (beau.clues, beau.secrets, beau.favors) == (0, 4, 1)
    assert s.villager("doctor-annie").clues == 1 and s.villager("stranger-sue").clues == 0
    assert s.villager("preacher-wulfric").clues == 5
    assert s.supply["clue"] == 30 - 6 and s.supply["favor"] == 19
    assert beau.hunter_pawns == 1  # the pawn stays on the raided villager
    assert s.hunter.pawns == 2
    check_invariants(s)


def test_raid_may_remove_all_secrets_instead_of_a_favor() -> None:
    s = hunter_turn()
    set_tokens(s, "native-pamuy", clues=3, secrets=5, favors=1)
    s = refresh(s)
    s = play(s, "raid:native-pamuy")  # the only red Clues are Pamuy's own: paid at once
    s = play(s, "secrets")
    pamuy = s.villager("native-pamuy")
    assert (pamuy.clues, pamuy.secrets, pamuy.favors) == (0, 0, 1)
    assert s.supply["secret"] == 30 and s.supply["clue"] == 30
    check_invariants(s)


def test_raid_is_not_available_with_fewer_than_3_clues_on_the_targets_colour() -> None:
    s = hunter_turn()
    set_tokens(s, "beau-johnson", favors=1)
    set_tokens(s, "doctor-annie", clues=1)
    set_tokens(s, "stranger-sue", clues=1)
    set_tokens(s, "mayor-biggs", clues=9)  # other colours do not count
    set_tokens(s, "herbwife-agnes", clues=9)
    s = refresh(s)
    assert "raid:beau-johnson" not in ids(s)
    with pytest.raises(IllegalMove):
        GAME.apply(s, "raid:beau-johnson")
    set_tokens(s, "stranger-sue", clues=2)
    s = refresh(s)
    assert "raid:beau-johnson" in ids(s)
    assert "raid:doctor-annie" not in ids(s)  # nothing to remove from Annie
    s.villager("beau-johnson").witch_pawns = 1  # a raid needs a ready villager
    set_tokens(s, "beau-johnson", clues=1, favors=1)
    s = refresh(s)
    assert "raid:beau-johnson" not in ids(s)
    check_invariants(s)


# --- Eliminate -----------------------------------------------------------------------------------


def test_eliminating_the_true_witch_wins_for_the_hunter() -> None:
    s = hunter_turn()
    clue_every_villager(s)
    set_tokens(s, "mayor-biggs", clues=3, favors=2)
    s = refresh(s)
    s = play(s, "eliminate:mayor-biggs")
    assert_over(s, HUNTER, "eliminated-witch")
    assert s.hunter.pawns == 2  # at once, with pawns left


def test_eliminate_needs_a_ready_target_with_3_clues_and_a_clue_on_every_other_villager() -> None:
    s = hunter_turn()
    clue_every_villager(s)
    set_tokens(s, "doctor-annie", clues=2)
    s = refresh(s)
    assert not [m for m in ids(s) if m.startswith("eliminate")]
    set_tokens(s, "doctor-annie", clues=3)
    set_tokens(s, "ferryman-tobias", clues=0)  # one villager without a Clue
    s = refresh(s)
    assert not [m for m in ids(s) if m.startswith("eliminate")]
    set_tokens(s, "ferryman-tobias", clues=1)
    s.villager("doctor-annie").witch_pawns = 1  # not ready
    s = refresh(s)
    assert not [m for m in ids(s) if m.startswith("eliminate")]
    with pytest.raises(IllegalMove):
        GAME.apply(s, "eliminate:doctor-annie")
    s.villager("doctor-annie").witch_pawns = 0
    s = refresh(s)
    assert [m for m in ids(s) if m.startswith("eliminate")] == ["eliminate:doctor-annie"]
    check_invariants(s)


def test_eliminating_an_innocent_returns_its_tokens_and_every_clue_and_removes_it_for_good() -> (
    None
):
    s = hunter_turn()
    clue_every_villager(s, 2)
    set_tokens(s, "stranger-sue", clues=4, secrets=2, favors=1)
    set_tokens(s, "doctor-annie", clues=2, secrets=3, favors=2)
    put_investigation(s, CURFEW, "stranger-sue")
    suspects_before = s.suspect_deck[:]
    s = refresh(s)
    s = play(s, "eliminate:stranger-sue")
    sue = s.villager("stranger-sue")
    assert not sue.alive
    assert (sue.clues, sue.secrets, sue.favors, sue.investigation) == (0, 0, 0, None)
    assert all(v.clues == 0 for v in s.villagers)  # ALL Clues go back
    annie = s.villager("doctor-annie")
    assert (annie.secrets, annie.favors) == (3, 2)  # other villagers keep Secrets and Favors
    assert s.supply == {"clue": 30, "evidence": 9, "secret": 27, "favor": 18}
    assert CURFEW in s.hunter.discard
    assert s.innocents_eliminated == 1
    assert s.suspect_deck == suspects_before and s.hunter.suspects == []
    assert GAME.outcome(s) is None
    assert s.hunter.pawns == 2
    # Gone for the rest of the game: no visit, no target, not needed for the next elimination.
    assert "visit:stranger-sue" not in ids(s)
    clue_every_villager(s, 1)
    set_tokens(s, "stranger-sue", clues=0)
    set_tokens(s, "beau-johnson", clues=3, secrets=1)
    set_tokens(s, "doctor-annie", clues=1)
    s = refresh(s)
    moves = ids(s)
    assert "eliminate:beau-johnson" in moves
    assert not [m for m in moves if m.endswith("stranger-sue")]
    s = play(s, "raid:beau-johnson")
    assert "pay:stranger-sue" not in ids(s)
    check_invariants(s)


def test_eliminating_a_third_innocent_wins_for_the_witch() -> None:
    s = hunter_turn()
    for gone in ("doctor-annie", "nestling-mia"):
        s.villager(gone).alive = False
    s.innocents_eliminated = 2
    for v in ALL:
        if s.villager(v).alive:
            set_tokens(s, v, clues=1)
    set_tokens(s, "preacher-wulfric", clues=3)
    s = refresh(s)
    s = play(s, "eliminate:preacher-wulfric")
    assert s.innocents_eliminated == 3
    assert not s.villager("preacher-wulfric").alive
    assert_over(s, WITCH, "innocents-eliminated")
    assert s.hunter.pawns == 2  # at once, with pawns left


# --- card placement -------------------------------------------------------------------------------


PLACEMENT = [
    (HUNTER, "location", [STUDY, ARMORY, MAIN_HALL], HEADQUARTERS, 3),
    (HUNTER, "ally", [CLERK, THUG, OPERATIVE], SCRIBE, 3),
    (WITCH, "brew", [SURPLUS_ELIXIR, BLEND, POTION], FLAGON, 1),
    (WITCH, "familiar", [ASSIST, GATHER, QUALM], LEARN_SECRETS, 2),
]


def turn_of(seat: str, hand: list[str], influence: int) -> PaganState:
    return hunter_turn(hand, influence) if seat == HUNTER else witch_turn(hand, influence)


def cards_in(s: PaganState, seat: str, kind: str) -> list[str | None]:
    return [slot.card if slot else None for slot in s.player(seat).slots(kind)]


@pytest.mark.parametrize(("seat", "kind", "in_play", "new", "influence"), PLACEMENT)
def test_a_lasting_card_takes_the_first_free_of_its_3_spots(
    seat: str, kind: str, in_play: list[str], new: str, influence: int
) -> None:
    s = turn_of(seat, [new], influence)
    put_in_play(s, seat, in_play[0])
    s = refresh(s)
    s = play(s, f"play:{new}")
    assert cards_in(s, seat, kind) == [in_play[0], new, None]
    assert s.player(seat).influence == 0
    assert s.stack[-1]["t"] == "act"  # no question asked
    check_invariants(s)


@pytest.mark.parametrize(("seat", "kind", "in_play", "new", "influence"), PLACEMENT)
def test_with_3_spots_full_the_player_picks_the_card_replaced_which_is_discarded(
    seat: str, kind: str, in_play: list[str], new: str, influence: int
) -> None:
    s = turn_of(seat, [new], influence)
    for card in in_play:
        put_in_play(s, seat, card, secrets=2 if card == SURPLUS_ELIXIR else 0)
    s = refresh(s)
    s = play(s, f"play:{new}")
    assert sorted(ids(s)) == ["replace:0", "replace:1", "replace:2"]
    s = play(s, "replace:0")
    assert cards_in(s, seat, kind) == [new, *in_play[1:]]
    assert s.player(seat).discard.count(in_play[0]) == 1
    assert s.player(seat).influence == 0
    if kind == "brew":
        assert s.supply["secret"] == 30  # the replaced Brew's 2 Secrets went back
    check_invariants(s)


def test_enchantments_go_leftmost_and_cost_1_more_for_each_enchantment_in_play() -> None:
    s = witch_turn(hand=[ENTRANCED, HYPNOTISM], influence=3)
    put_in_play(s, WITCH, WITCHS_MARK)
    s = refresh(s)
    # Entranced costs 3, +1 for the Enchantment in play: 4; Hypnotism 1 + 1 = 2.
    assert "play:0039" not in ids(s)
    assert "play:0040" in ids(s)
    s.witch.influence = 4
    s = refresh(s)
    s = play(s, "play:0039")
    assert s.witch.influence == 0
    assert s.enchantments == [WITCHS_MARK, ENTRANCED]
    s.witch.influence = 3
    s = refresh(s)
    s = play(s, "play:0040")  # 1 + 2
    assert s.witch.influence == 0
    assert s.enchantments == [WITCHS_MARK, ENTRANCED, HYPNOTISM]
    check_invariants(s)


def test_with_3_enchantments_in_play_one_is_discarded_and_the_rest_slide_left() -> None:
    s = witch_turn(hand=[BLIGHTED_HARVEST], influence=4)
    for card in (ENTRANCED, HYPNOTISM, OBSCURING_MIST):
        put_in_play(s, WITCH, card)
    s.witch.influence = 3  # Blighted Harvest costs 1 + 3
    s = refresh(s)
    assert "play:0044" not in ids(s)
    s.witch.influence = 4
    s = refresh(s)
    s = play(s, "play:0044")
    assert sorted(ids(s)) == ["replace:0", "replace:1", "replace:2"]
    s = play(s, "replace:0")
    assert s.enchantments == [HYPNOTISM, OBSCURING_MIST, BLIGHTED_HARVEST]
    assert s.witch.discard.count(ENTRANCED) == 1
    assert s.witch.influence == 0
    check_invariants(s)


def test_one_investigation_per_villager_placed_on_the_side_it_affects() -> None:
    s = hunter_turn(hand=[PERSUASION], influence=2)
    put_investigation(s, GOSSIP, "stranger-sue")
    s = refresh(s)
    s = play(s, "play:0017")
    targets = sorted(ids(s))
    assert targets == sorted(f"target:{v}" for v in ALL if v != "stranger-sue")
    s = play(s, "target:doctor-annie")
    assert s.villager("doctor-annie").investigation == PERSUASION
    assert s.villager("stranger-sue").investigation == GOSSIP
    # Persuasion is on the Hunter's side: his visit gains 1 Evidence, the Witch's does not.
    hunter = play(s.copy(), "visit:doctor-annie")
    assert hunter.hunter.evidence == 1
    witch = s.copy()
    witch.villager("doctor-annie").hunter_pawns = 0
    action_phase(witch, WITCH)
    witch = play(witch, "visit:doctor-annie")
    assert witch.hunter.evidence == 0
    check_invariants(hunter)
    check_invariants(witch)


def test_an_investigation_with_every_villager_taken_replaces_one_the_hunter_picks() -> None:
    s = hunter_turn(hand=[PERSUASION], influence=2)
    cards = [GOSSIP, GOSSIP, LOCK_DOWN, LOCK_DOWN, CURFEW, CURFEW, "0015", "0015", "0016"]
    for card, v in zip(cards, ALL, strict=True):
        put_investigation(s, card, v)
    s = refresh(s)
    s = play(s, "play:0017")
    assert sorted(ids(s)) == sorted(f"target:{v}" for v in ALL)
    s = play(s, "target:preacher-wulfric")
    assert s.villager("preacher-wulfric").investigation == PERSUASION
    assert s.hunter.discard.count(LOCK_DOWN) == 1
    check_invariants(s)


def test_a_witch_side_investigation_affects_only_the_witch() -> None:
    s = witch_turn()
    put_investigation(s, LOCK_DOWN, "preacher-wulfric")
    s = refresh(s)
    s = play(s, "visit:preacher-wulfric")  # Lock-down: 2 pawns
    assert s.villager("preacher-wulfric").witch_pawns == 2
    assert s.witch.pawns + s.witch.familiar_pawn == 1
    h = hunter_turn()
    put_investigation(h, LOCK_DOWN, "preacher-wulfric")
    h = refresh(h)
    h = play(h, "visit:preacher-wulfric")
    assert h.villager("preacher-wulfric").hunter_pawns == 1
    check_invariants(s)
    check_invariants(h)


def test_events_and_charms_go_to_the_discard_pile_after_their_effect() -> None:
    s = hunter_turn(hand=[ON_THE_TRAIL], influence=2)
    s = play(s, "play:0010", "place:mayor-biggs")
    assert ON_THE_TRAIL not in s.hunter.discard  # still resolving
    assert ON_THE_TRAIL not in s.hunter.hand
    s = play(s, "place:mayor-biggs", "place:nestling-mia")
    assert s.hunter.discard == [ON_THE_TRAIL]
    assert s.villager("mayor-biggs").clues == 2 and s.villager("nestling-mia").clues == 1
    assert s.hunter.influence == 0
    check_invariants(s)
    w = witch_turn(hand=[ALLURE], influence=2)
    put_in_play(w, WITCH, SURPLUS_ELIXIR)
    w = refresh(w)
    w = play(w, "play:0038", "place:brew-0")
    assert ALLURE not in w.witch.discard
    w = play(w, "place:herbwife-agnes")
    assert w.witch.discard == [ALLURE]
    assert w.witch.brews[0] is not None and w.witch.brews[0].secrets == 1
    assert w.villager("herbwife-agnes").secrets == 1
    check_invariants(w)


# --- decks ----------------------------------------------------------------------------------------


def test_drawing_from_an_empty_deck_reshuffles_the_discard_pile_into_a_new_deck() -> None:
    s = hunter_turn(hand=[])
    h = s.hunter
    h.discard.extend(h.deck)
    h.deck = []
    pile = Counter(h.discard)
    s = play(s, "draw")
    h = s.hunter
    assert len(h.hand) == 1
    assert h.discard == []
    assert len(h.deck) == sum(pile.values()) - 1
    assert Counter(h.deck) + Counter(h.hand) == pile
    check_invariants(s)
    # Mid-effect: Study draws the last card of the deck, then reshuffles for the other two.
    s = hunter_turn(hand=[])
    put_in_play(s, HUNTER, STUDY)
    h = s.hunter
    put_on_top(s, HUNTER, [ARMORY])
    h.discard.extend(h.deck[:-1])
    h.deck = h.deck[-1:]
    pile = Counter(h.discard)
    s = refresh(s)
    s = play(s, "activate:0")
    h = s.hunter
    assert len(h.hand) == 3 and h.hand[0] == ARMORY
    assert h.discard == []
    assert Counter(h.deck) + Counter(h.hand[1:]) == pile
    check_invariants(s)


# --- limited token supplies -----------------------------------------------------------------------


def test_token_supplies_are_limited_to_the_box() -> None:
    s = new_game(SEED)
    assert s.supply == {"clue": 30, "evidence": 9, "secret": 30, "favor": 20}
    check_invariants(s)


def test_with_no_clue_in_the_supply_the_hunter_may_move_one_in_play_or_place_nothing() -> None:
    s = hunter_turn()
    set_tokens(s, "native-pamuy", clues=15)
    set_tokens(s, "nestling-mia", clues=15)
    s = refresh(s)
    assert s.supply["clue"] == 0
    s = play(s, "visit:doctor-annie", "place:stranger-sue")  # Annie: 2 Clues to blue
    assert sorted(ids(s)) == ["skip", "take:native-pamuy", "take:nestling-mia"]
    s = play(s, "take:native-pamuy")
    assert s.villager("stranger-sue").clues == 1 and s.villager("native-pamuy").clues == 14
    s = play(s, "place:doctor-annie")
    assert sorted(ids(s)) == ["skip", "take:native-pamuy", "take:nestling-mia", "take:stranger-sue"]
    s = play(s, "skip")
    assert s.villager("doctor-annie").clues == 0
    assert s.supply["clue"] == 0
    check_invariants(s)


def test_with_no_favor_in_the_supply_the_witch_may_move_one_in_play_when_converting() -> None:
    s = witch_turn()
    set_tokens(s, "beau-johnson", favors=10)
    set_tokens(s, "herbwife-agnes", favors=10)
    set_tokens(s, "preacher-wulfric", secrets=3)
    s = refresh(s)
    s = play(s, "visit:preacher-wulfric")
    assert sorted(ids(s)) == ["convert:beau-johnson", "convert:herbwife-agnes", "skip"]
    s = play(s, "convert:beau-johnson")
    wulfric = s.villager("preacher-wulfric")
    assert (wulfric.secrets, wulfric.favors) == (0, 1)
    assert s.villager("beau-johnson").favors == 9
    assert s.supply["favor"] == 0 and s.supply["secret"] == 30
    check_invariants(s)


def test_with_no_secret_in_the_supply_the_witch_may_move_one_in_play_or_place_nothing() -> None:
    s = witch_turn()
    set_tokens(s, "nestling-mia", secrets=30)
    s = refresh(s)
    s = play(s, "visit:stranger-sue", "place:doctor-annie")  # Sue: 1 Secret to blue
    assert sorted(ids(s)) == ["skip", "take:nestling-mia"]
    s = play(s, "take:nestling-mia")
    assert s.villager("doctor-annie").secrets == 1 and s.villager("nestling-mia").secrets == 29
    check_invariants(s)
    s2 = witch_turn()
    set_tokens(s2, "nestling-mia", secrets=30)
    s2 = refresh(s2)
    s2 = play(s2, "visit:stranger-sue", "place:doctor-annie", "skip")
    assert s2.villager("doctor-annie").secrets == 0 and s2.villager("nestling-mia").secrets == 30
    check_invariants(s2)


def test_with_no_evidence_in_the_supply_a_visit_gains_none() -> None:
    s = hunter_turn()
    set_evidence(s, 9)
    set_tokens(s, "ferryman-tobias", clues=3)
    s = refresh(s)
    s = play(s, "visit:ferryman-tobias")
    assert s.hunter.evidence == 9 and s.supply["evidence"] == 0
    check_invariants(s)


# --- Influence ------------------------------------------------------------------------------------


def test_influence_never_goes_below_0() -> None:
    s = new_game(SEED)
    put_in_play(s, WITCH, HYPNOTISM)  # start of the Hunter's Upkeep: he loses 1 Influence
    s.hunter.influence = 0
    upkeep(s, HUNTER)
    assert s.hunter.influence == 0
    assert GAME.to_move(s) == HUNTER
    check_invariants(s)
    w = witch_turn(hand=[BLIGHTED_HARVEST], influence=1)  # on play: the Hunter loses 1
    w.hunter.influence = 0
    w = refresh(w)
    w = play(w, "play:0044")
    assert w.hunter.influence == 0 and w.witch.influence == 0
    check_invariants(w)


# --- options and deck validation -----------------------------------------------------------------


def base(side: str) -> dict[str, int]:
    return dict(CATALOG.decks[f"base-{side}"])


def problems(options: dict[str, object]) -> list[str]:
    with pytest.raises(InvalidOptions) as err:
        GAME.new(options, SEED)
    return err.value.problems


def test_the_default_game_uses_the_50_card_base_decks() -> None:
    s = GAME.new(None, SEED)
    for side in (HUNTER, WITCH):
        assert deck_counts(s, side) == Counter(base(side))
        assert sum(deck_counts(s, side).values()) == 50
        assert len(s.player(side).hand) == 3 and s.player(side).influence == 2
    check_invariants(s)


def test_scenario_1_welcome_to_roanoke_uses_the_30_card_starter_decks() -> None:
    s = GAME.new({"scenario": "1"}, SEED)
    for side in (HUNTER, WITCH):
        starter = Counter(CATALOG.decks[f"starter-{side}"])
        assert deck_counts(s, side) == starter
        assert sum(starter.values()) == 30
    check_invariants(s)


def test_a_valid_custom_deck_is_used() -> None:
    # Scenario 1 decks hold 30 cards: the starter Hunter deck, Studies swapped for Armories.
    deck = dict(CATALOG.decks["starter-hunter"])
    del deck[STUDY]
    deck[ARMORY] = 2
    s = GAME.new({"scenario": "1", "decks": {HUNTER: deck}}, SEED)
    assert deck_counts(s, HUNTER) == Counter(deck)
    assert deck_counts(s, WITCH) == Counter(CATALOG.decks["starter-witch"])
    # A deck may also be given as a list of card ids.
    listed = [card for card, n in base(WITCH).items() for _ in range(n)]
    s = GAME.new({"decks": {WITCH: listed}}, SEED)
    assert deck_counts(s, WITCH) == Counter(listed)
    check_invariants(s)


def test_a_deck_must_hold_exactly_50_cards() -> None:
    deck = base(HUNTER)
    deck["0001"] = 1
    assert problems({"decks": {HUNTER: deck}}) == [
        "hunter deck: a deck needs exactly 50 cards, this one has 49"
    ]


def test_a_deck_may_hold_at_most_2_copies_of_a_card() -> None:
    deck = base(WITCH)
    deck["0030"], deck["0028"] = 3, 1
    assert problems({"decks": {WITCH: deck}}) == [
        "witch deck: a deck may hold at most 2 copies of a card, this one has 3 of Surplus Elixir"
    ]


def test_a_deck_may_hold_only_its_own_sides_cards() -> None:
    deck = base(HUNTER)
    deck["0001"] = 1
    deck["0030"] = 1
    assert problems({"decks": {HUNTER: deck}}) == [
        "hunter deck: Surplus Elixir (0030) is a Witch card; a Hunter deck may hold only "
        "Hunter cards"
    ]


def test_a_deck_needs_10_cards_of_each_type() -> None:
    deck = base(HUNTER)
    for event in ("0007", "0008", "0009"):
        deck[event] = 1  # 9 Events, 47 cards
    assert problems({"decks": {HUNTER: deck}}) == [
        "hunter deck: a deck needs exactly 50 cards, this one has 47",
        "hunter deck: a Hunter deck of 50 cards needs at least 10 Events, this one has 9",
    ]


def test_unknown_scenarios_and_options_are_rejected() -> None:
    assert problems({"scenario": "99"}) == [
        "unknown scenario '99' (known: standard, 1, 10, 11, 12, 13)"
    ]
    assert problems({"speed": "fast"}) == [
        "unknown option 'speed' (known: decks, expansion, factions, max_turns, scenario)"
    ]


# --- illegal moves --------------------------------------------------------------------------------


def test_an_illegal_move_raises_a_readable_reason_and_leaves_the_state_unchanged() -> None:
    s = hunter_turn(hand=[STUDY], influence=2)
    before = json.dumps(GAME.to_json(s), sort_keys=True)
    for bad in ("play:0022", "exonerate", "eliminate:doctor-annie", "consume:0", "nonsense"):
        with pytest.raises(IllegalMove) as err:
            GAME.apply(s, bad)
        assert repr(bad) in err.value.reason
        assert "not a legal move" in err.value.reason
        assert "Hunter" in err.value.reason
        assert json.dumps(GAME.to_json(s), sort_keys=True) == before
    s = play(s, "influence")
    assert s.hunter.influence == 4
    check_invariants(s)
