"""Rule tests for Beyond the Palisades, one test per rule, named after it.

The rules are the expansion rulebook's (/work/shared/rulebooks/pagan-beyond-the-palisades.txt)
and the base rulebook's Advanced Rules (factions, scenarios, deckbuilding), as read in
docs/rules-decisions.md ("Beyond the Palisades"); card texts are
rules/pagan/data/palisades-*.yaml. Positions are prepared with `tests.pagan.positions` and moves
played by id through the checked path.

Villagers of `palisades_game` (the expansion's own factions): blue Craftsmen woodcutter-oswald,
mason-hazel, prospector-ashley; red Wardens houndskeeper-willam, ranger-hollis, scout-edda; the
scenario's green faction (the base Caretakers without a scenario, The Household in 10 and 11,
The Tainted in 12 and 13: trapper-judy, mother-grace, miller-blossom).
"""

from __future__ import annotations

import json

import pytest

from rules.core import InvalidOptions, Rng
from rules.pagan.decks import validate_deck
from rules.pagan.gloom_places import gloom_at, gloom_limit
from rules.pagan.state import HUNTER, WITCH, PaganState
from rules.pagan.tables import CATALOG
from tests.pagan.invariants import check_invariants
from tests.pagan.positions import (
    GAME,
    action_phase,
    ids,
    new_game,
    palisades_game,
    play,
    put_in_play,
    put_investigation,
    set_gloom,
    set_hand,
    set_tokens,
    upkeep,
)

# Hunter cards
CANDLE_MAKER, GUILD_LEADER, FRONTIERS_MAN = "0053", "0054", "0055"
EXPOSE, TRACKING_PARTY = "0058", "0059"
TRIANGULATE, WANTED_POSTER, STAKEOUT, MARKED_TRAIL = "0063", "0064", "0065", "0066"
WATCHFUL_EYE, INTERROGATION, SEALED_DOOR = "0067", "0068", "0069"
BONFIRE = "0060"
WILLOW_SHRUB, PEAT_BOG, WATCHTOWER, CHAPEL, TRADING_POST, OLD_MILL = (
    "0070",
    "0071",
    "0072",
    "0073",
    "0074",
    "0075",
)
# Witch cards
DARK_HONEY, ENCROACHING_FOG, VAPORS = "0078", "0080", "0081"
PERPLEX, EMIT, GLOAMING = "0083", "0084", "0085"
TINTED_MOON, LOST_IN_PLAIN_SIGHT, MIRAGE, CREEPING_DREAD, WITCHLIGHT = (
    "0089",
    "0090",
    "0091",
    "0092",
    "0094",
)
BLUR, TOAD, FEN_CAT = "0095", "0097", "0100"
SUGGESTION, QUALM = "0037", "0049"  # base Witch cards

BLUE = ["woodcutter-oswald", "mason-hazel", "prospector-ashley"]
RED = ["houndskeeper-willam", "ranger-hollis", "scout-edda"]
TAINTED = ["trapper-judy", "mother-grace", "miller-blossom"]
MIXED = {"hunter": "frontier-hunter", "witch": "frontier-witch"}


def hunter_turn(
    hand: list[str] | None = None, influence: int = 2, scenario: str = "standard", **opts: object
) -> PaganState:
    s = palisades_game(3, scenario, **opts)
    set_hand(s, HUNTER, hand or [])
    s.hunter.influence = influence
    action_phase(s, HUNTER)
    return s


def witch_turn(
    hand: list[str] | None = None, influence: int = 2, scenario: str = "standard", **opts: object
) -> PaganState:
    s = palisades_game(3, scenario, **opts)
    set_hand(s, WITCH, hand or [])
    s.witch.influence = influence
    action_phase(s, WITCH)
    return s


def refresh(s: PaganState) -> PaganState:
    """Recompute the pending decision after editing the state by hand."""
    action_phase(s, s.active, s.player(s.active).pawns, s.player(s.active).familiar_pawn)
    return s


# --- Gloom ----------------------------------------------------------------------------------------


def test_gloom_supply_is_30_tokens_and_only_in_expansion_games() -> None:
    assert "gloom" not in new_game().supply
    assert palisades_game().supply["gloom"] == 30
    check_invariants(palisades_game())


def test_a_gloom_card_enters_play_with_its_printed_gloom_from_the_supply() -> None:
    s = hunter_turn([WILLOW_SHRUB], influence=2)
    s = play(s, f"play:{WILLOW_SHRUB}")
    slot = s.hunter.locations[0]
    assert slot is not None and (slot.card, slot.gloom) == (WILLOW_SHRUB, 2)
    assert s.supply["gloom"] == 28
    check_invariants(s)


def test_a_gloom_card_cannot_be_put_in_play_without_its_gloom_in_the_supply() -> None:
    s = hunter_turn([WILLOW_SHRUB, CHAPEL], influence=5)
    put_in_play(s, WITCH, MIRAGE, gloom=29)  # the supply keeps 1 Gloom; Willow Shrub needs 2
    s = refresh(s)
    assert f"play:{WILLOW_SHRUB}" not in ids(s)
    assert f"play:{CHAPEL}" in ids(s)
    set_gloom(s, "enchantment-0", 28)
    assert f"play:{WILLOW_SHRUB}" in ids(refresh(s))


def test_gloom_is_added_only_to_gloom_cards_and_never_past_their_limit() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, VAPORS, secrets=3)
    put_in_play(s, WITCH, TINTED_MOON)  # 2 of 2: at its limit
    put_in_play(s, WITCH, MIRAGE, gloom=2)  # 2 of 3
    put_in_play(s, WITCH, CREEPING_DREAD)  # not a Gloom card
    put_in_play(s, HUNTER, PEAT_BOG, gloom=2)  # 2 of 3: anyone's Gloom card
    put_in_play(s, HUNTER, WILLOW_SHRUB)  # 2 of 2
    s = play(refresh(s), "consume:0", "option:0", "yes")
    assert ids(s) == ["add_gloom:location-0", "add_gloom:enchantment-1"]
    s = play(s, "add_gloom:enchantment-1")
    assert gloom_at(s, "enchantment-1") == 3
    check_invariants(s)


def test_a_card_whose_gloom_cannot_be_added_cannot_be_played() -> None:
    s = witch_turn([EMIT, GLOAMING], influence=5)
    assert f"play:{EMIT}" not in ids(s)  # no Gloom card in play to add to
    mirage = put_in_play(s, WITCH, MIRAGE, gloom=2)
    peat_bog = put_in_play(s, HUNTER, PEAT_BOG, gloom=2)
    s = refresh(s)
    assert f"play:{EMIT}" in ids(s)
    # Gloaming adds 2 Gloom to one card: room for 1 on each of two cards is not enough.
    assert f"play:{GLOAMING}" not in ids(s)
    set_gloom(s, mirage, 1)
    assert f"play:{GLOAMING}" in ids(refresh(s))
    set_gloom(s, mirage, 3)
    set_gloom(s, peat_bog, 3)
    assert f"play:{EMIT}" not in ids(refresh(s))


def test_an_effect_whose_gloom_cannot_be_added_cannot_be_used() -> None:
    """Fen Cat's Empowered skill adds 1 Gloom: without room it is not offered."""
    s = witch_turn(influence=3)
    put_in_play(s, WITCH, FEN_CAT)
    s = play(refresh(s), "visit:nestling-mia:familiar", "place:nestling-mia")
    assert ids(s) == ["familiar:0", "skip"]
    s = witch_turn(influence=3)
    put_in_play(s, WITCH, FEN_CAT)
    put_in_play(s, WITCH, MIRAGE, gloom=2)
    s = play(refresh(s), "visit:nestling-mia:familiar", "place:nestling-mia")
    assert ids(s) == ["familiar:0", "empower:0", "skip"]


def test_the_gloom_limit_is_exceeded_only_when_a_card_says_so() -> None:
    s = witch_turn()
    mirage = put_in_play(s, WITCH, MIRAGE)  # 3 of 3
    assert gloom_limit(s, mirage) == 3
    witchlight = put_in_play(s, WITCH, WITCHLIGHT)  # "your Gloom cards' limit is 1 higher"
    assert gloom_limit(s, mirage) == 4 and gloom_limit(s, witchlight) == 2
    put_in_play(s, WITCH, VAPORS, secrets=3)
    s = play(refresh(s), "consume:0", "option:0", "yes")
    assert ids(s) == ["add_gloom:enchantment-0", "add_gloom:enchantment-1"]
    s = play(s, "add_gloom:enchantment-0")
    assert gloom_at(s, mirage) == 4
    check_invariants(s)


def test_removing_the_last_gloom_cleanses_the_card_its_effect_then_the_discard_pile() -> None:
    s = hunter_turn()
    put_in_play(s, HUNTER, WILLOW_SHRUB, gloom=1)
    s = refresh(s)
    hand, evidence = len(s.hunter.hand), s.hunter.evidence
    s = play(s, "activate:0", "place:woodcutter-oswald", "place:woodcutter-oswald")
    # Cleanse: gain 1 Evidence and draw 2 cards; then Willow Shrub is discarded.
    assert s.hunter.evidence == evidence + 1
    assert len(s.hunter.hand) == hand + 2
    assert s.hunter.locations[0] is None and WILLOW_SHRUB in s.hunter.discard
    assert s.cleansed == 1 and s.supply["gloom"] == 30
    check_invariants(s)


def test_a_gloom_card_removed_while_it_still_has_gloom_is_not_cleansed() -> None:
    s = witch_turn([SUGGESTION], influence=2, decks={"witch": "base-witch"})
    put_in_play(s, HUNTER, WILLOW_SHRUB)
    put_in_play(s, HUNTER, FRONTIERS_MAN)
    s = play(refresh(s), f"play:{SUGGESTION}")  # "Ready a villager" has nothing to ready
    assert ids(s) == ["remove_card:location-0", "remove_card:ally-0"]
    s = play(s, "remove_card:location-0")
    assert WILLOW_SHRUB in s.hunter.discard
    assert s.supply["gloom"] == 30  # its Gloom returned to the supply
    assert s.hunter.evidence == 0 and s.cleansed == 0  # no Cleanse, so no Frontiers Man
    check_invariants(s)


def test_a_player_cannot_remove_their_own_gloom_card_not_even_to_make_room() -> None:
    s = hunter_turn([WATCHTOWER], influence=2)
    put_in_play(s, HUNTER, WILLOW_SHRUB)
    put_in_play(s, HUNTER, CHAPEL)
    put_in_play(s, HUNTER, PEAT_BOG)
    s = play(refresh(s), f"play:{WATCHTOWER}")  # the only card it may replace is Chapel
    assert [slot.card if slot else None for slot in s.hunter.locations] == [
        WILLOW_SHRUB,
        WATCHTOWER,
        PEAT_BOG,
    ]
    assert CHAPEL in s.hunter.discard
    s = hunter_turn([WATCHTOWER], influence=2)
    for card in (WILLOW_SHRUB, OLD_MILL, PEAT_BOG):
        put_in_play(s, HUNTER, card)
    assert f"play:{WATCHTOWER}" not in ids(refresh(s))  # no spot, none may be freed


def test_a_witch_cannot_replace_her_own_gloom_enchantments() -> None:
    s = witch_turn([CREEPING_DREAD], influence=9)
    for card in (TINTED_MOON, MIRAGE, WITCHLIGHT):
        put_in_play(s, WITCH, card)
    assert f"play:{CREEPING_DREAD}" not in ids(refresh(s))


def test_a_gloom_ally_stays_while_its_upkeep_is_paid_and_leaves_uncleansed_when_not() -> None:
    s = palisades_game(3)
    put_in_play(s, HUNTER, CANDLE_MAKER)
    s.hunter.influence = 1
    upkeep(s, HUNTER)  # Candle Maker removes 1 Gloom here; its Upkeep must be paid
    slot = s.hunter.allies[0]
    assert slot is not None and slot.gloom == 1 and s.hunter.influence == 0
    s = palisades_game(3)
    put_in_play(s, HUNTER, CANDLE_MAKER)
    s.hunter.influence = 0
    upkeep(s, HUNTER)
    assert s.hunter.allies[0] is None and CANDLE_MAKER in s.hunter.discard
    assert s.hunter.evidence == 0 and s.cleansed == 0  # discarded, not cleansed
    check_invariants(s)


def test_lifting_a_gloom_enchantment_removes_one_gloom_instead_of_discarding_it() -> None:
    s = hunter_turn(influence=0)
    put_in_play(s, WITCH, MIRAGE)
    s = refresh(s)
    assert "lift:0" in ids(s)  # no Influence or Clues needed: the banner's Gloom is a reminder
    s = play(s, "lift:0")
    assert s.enchantments == [MIRAGE] and s.ench_gloom == [2]
    assert s.hunter.influence == 0 and s.hunter.pawns == 2
    check_invariants(s)


def test_lifting_the_last_gloom_cleanses_the_enchantment() -> None:
    s = hunter_turn(influence=0)
    put_in_play(s, WITCH, MIRAGE, gloom=1)
    s = play(refresh(s), "lift:0")
    assert s.enchantments == [] and MIRAGE in s.witch.discard
    assert s.hunter.influence == 2  # Mirage's Cleanse: the Hunter gains 2 Influence
    check_invariants(s)


def test_tinted_moon_stops_cleanse_effects_but_cleansed_cards_are_still_discarded() -> None:
    s = hunter_turn()
    put_in_play(s, WITCH, TINTED_MOON)
    put_in_play(s, HUNTER, WILLOW_SHRUB, gloom=1)
    s = refresh(s)
    hand = len(s.hunter.hand)
    s = play(s, "activate:0", "place:woodcutter-oswald", "place:woodcutter-oswald")
    assert s.hunter.locations[0] is None and WILLOW_SHRUB in s.hunter.discard
    assert s.hunter.evidence == 0 and len(s.hunter.hand) == hand  # the Cleanse fizzled
    assert s.cleansed == 1


def test_tinted_moon_cleansed_itself_is_out_of_play_so_its_own_cleanse_happens() -> None:
    s = hunter_turn()
    put_in_play(s, WITCH, TINTED_MOON, gloom=1)
    s = play(refresh(s), "lift:0")
    assert s.enchantments == [] and s.hunter.evidence == 1


def test_tinted_moon_means_the_hunter_distributes_no_clues() -> None:
    s = hunter_turn()
    put_in_play(s, WITCH, TINTED_MOON)
    s = play(refresh(s), "visit:ranger-hollis")  # 2 Clues to green, and a skill: +2 Influence
    assert all(v.clues == 0 for v in s.villagers)
    assert s.hunter.influence == 4


def test_frontiers_man_gains_2_evidence_whenever_a_card_is_cleansed() -> None:
    s = hunter_turn(influence=0)
    put_in_play(s, HUNTER, FRONTIERS_MAN)
    put_in_play(s, WITCH, MIRAGE, gloom=1)  # the Witch's card: any cleansed card counts
    s = play(refresh(s), "lift:0")
    assert s.hunter.evidence == 2
    check_invariants(s)


def test_peat_bog_cannot_copy_another_copying_cleanse() -> None:
    s = hunter_turn()
    put_in_play(s, HUNTER, PEAT_BOG, gloom=1)
    put_in_play(s, HUNTER, PEAT_BOG, gloom=3)
    put_in_play(s, HUNTER, WILLOW_SHRUB)
    s = play(refresh(s), "activate:0", "place:woodcutter-oswald")
    # The other Peat Bog's Cleanse would copy again: only Willow Shrub's is offered, so it is
    # carried out at once (gain 1 Evidence, draw 2).
    assert s.hunter.evidence == 1
    assert s.hunter.locations[2] is not None  # Willow Shrub itself stays in play
    check_invariants(s)


def test_lost_in_plain_sight_covers_a_hunter_card_which_stops_counting_as_in_play() -> None:
    s = witch_turn([LOST_IN_PLAIN_SIGHT], influence=1)
    put_in_play(s, HUNTER, GUILD_LEADER)  # "Gain 2 Influence" gives him 1 more
    put_in_play(s, HUNTER, TRADING_POST)
    s = play(refresh(s), f"play:{LOST_IN_PLAIN_SIGHT}")
    assert ids(s) == ["cover:location-0", "cover:ally-0"]
    s = play(s, "cover:ally-0")
    assert s.ench_covers == ["ally-0"] and s.ench_gloom == [2]
    # Guild Leader lies on the board, but is not in play: no modifier, no Upkeep.
    hunter = GAME.view(s, HUNTER)["players"]["hunter"]["allies"][0]
    assert hunter["covered"] is True
    s.active = HUNTER
    s.hunter.influence = 1
    upkeep(s, HUNTER)
    assert s.hunter.influence == 1  # no Upkeep asked for Guild Leader
    s = play(s, "influence")
    assert s.hunter.influence == 3  # 2, not 3
    check_invariants(s)


def test_a_covered_location_cannot_be_activated_and_is_back_when_the_cover_leaves() -> None:
    s = hunter_turn(influence=0)
    put_in_play(s, HUNTER, TRADING_POST)
    put_in_play(s, WITCH, LOST_IN_PLAIN_SIGHT, gloom=1)
    s.ench_covers[0] = "location-0"
    set_tokens(s, "woodcutter-oswald", clues=1)
    s = refresh(s)
    assert "activate:0" not in ids(s)
    hand = len(s.hunter.hand)
    s = play(s, "lift:0")  # its last Gloom: cleansed (the Hunter draws 1)
    assert s.enchantments == [] and len(s.hunter.hand) == hand + 1
    assert "activate:0" in ids(s)
    check_invariants(s)


def test_lost_in_plain_sight_needs_a_hunter_card_to_be_played_onto() -> None:
    s = witch_turn([LOST_IN_PLAIN_SIGHT], influence=1)
    assert f"play:{LOST_IN_PLAIN_SIGHT}" not in ids(s)
    put_in_play(s, HUNTER, CHAPEL)
    assert f"play:{LOST_IN_PLAIN_SIGHT}" in ids(refresh(s))


def test_a_covered_investigation_has_no_effect() -> None:
    s = witch_turn()
    put_investigation(s, TRIANGULATE, "scout-edda")
    put_in_play(s, WITCH, LOST_IN_PLAIN_SIGHT)
    s.ench_covers[0] = "investigation-scout-edda"
    s = play(refresh(s), "visit:scout-edda")
    assert gloom_at(s, "investigation-scout-edda") == 2  # Triangulate did not trigger


def test_a_gloom_cost_is_paid_from_any_gloom_in_play() -> None:
    s = witch_turn([DARK_HONEY])
    put_in_play(s, WITCH, BLUR)
    s = play(refresh(s), "visit:nestling-mia:familiar", "place:nestling-mia")
    assert ids(s) == ["familiar:0", "skip"]  # no Gloom in play: Blur cannot be Empowered
    s = witch_turn([DARK_HONEY])
    put_in_play(s, WITCH, BLUR)
    put_in_play(s, HUNTER, PEAT_BOG, gloom=2)
    s = play(refresh(s), "visit:nestling-mia:familiar", "place:nestling-mia", "empower:0")
    s = play(s, f"play:{DARK_HONEY}")  # the only Gloom is paid at once; the Brew gets 2
    assert gloom_at(s, "location-0") == 1
    brew = s.witch.brews[0]
    assert brew is not None and (brew.card, brew.secrets) == (DARK_HONEY, 2)
    check_invariants(s)


def test_a_moved_gloom_investigation_keeps_its_gloom() -> None:
    s = witch_turn(decks=MIXED)
    put_in_play(s, WITCH, QUALM)
    put_investigation(s, TRIANGULATE, "scout-edda", gloom=1)
    s = play(refresh(s), "visit:nestling-mia:familiar", "place:nestling-mia", "familiar:0")
    s = play(s, "to:ranger-hollis")
    assert s.villager("ranger-hollis").investigation == TRIANGULATE
    assert gloom_at(s, "investigation-ranger-hollis") == 1
    check_invariants(s)


def test_a_consumed_gloom_brew_stays_in_play_with_its_gloom_until_cleansed() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, ENCROACHING_FOG, secrets=3)
    s = play(refresh(s), "consume:0", "place:woodcutter-oswald")
    assert s.villager("woodcutter-oswald").favors == 1
    brew = s.witch.brews[0]
    assert brew is not None and (brew.card, brew.secrets, brew.gloom) == (ENCROACHING_FOG, 0, 2)
    assert ENCROACHING_FOG not in s.witch.discard and "consume:0" not in ids(s)
    assert s.supply["gloom"] == 28 and s.cleansed == 0
    check_invariants(s)


def test_a_consumed_gloom_brew_may_be_consumed_again_once_it_holds_its_secrets() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, ENCROACHING_FOG, secrets=3)
    s = play(refresh(s), "consume:0", "place:woodcutter-oswald")
    brew = s.witch.brews[0]
    assert brew is not None
    brew.secrets, s.supply["secret"] = 3, s.supply["secret"] - 3
    s = play(refresh(s), "consume:0", "place:woodcutter-oswald")
    assert s.villager("woodcutter-oswald").favors == 2 and s.witch.brews[0] is not None
    check_invariants(s)


def test_a_consumed_gloom_brew_cleansed_later_gives_the_hunter_its_cleanse() -> None:
    s = witch_turn()
    put_in_play(s, WITCH, ENCROACHING_FOG, secrets=3, gloom=1)
    s = play(refresh(s), "consume:0", "place:woodcutter-oswald")
    s.hunter.influence = 0
    upkeep(s, HUNTER)  # the Fog's trigger: he removes its last Gloom at the start of his Upkeep
    assert s.witch.brews[0] is None and ENCROACHING_FOG in s.witch.discard
    assert s.cleansed == 1 and s.hunter.influence == 2
    check_invariants(s)


def test_a_witch_cannot_replace_her_own_gloom_brew() -> None:
    s = witch_turn([VAPORS], influence=2)
    for card in (ENCROACHING_FOG, DARK_HONEY, DARK_HONEY):
        put_in_play(s, WITCH, card)
    s = play(refresh(s), f"play:{VAPORS}")
    assert ids(s) == ["replace:1", "replace:2"]  # never the Fog in spot 0


def test_a_witch_cannot_replace_her_own_gloom_familiar() -> None:
    s = witch_turn([FEN_CAT], influence=2)
    for card in (TOAD, TOAD, BLUR):
        put_in_play(s, WITCH, card)
    s = play(refresh(s), f"play:{FEN_CAT}")  # Blur is the only card it may replace
    assert [slot.card if slot else None for slot in s.witch.familiars] == [TOAD, TOAD, FEN_CAT]
    assert BLUR in s.witch.discard and TOAD not in s.witch.discard


def test_the_hunter_cannot_discard_his_own_gloom_investigation_to_place_another() -> None:
    s = hunter_turn([SEALED_DOOR], influence=2)
    others = [WANTED_POSTER, STAKEOUT, WATCHFUL_EYE, INTERROGATION] * 2
    villagers = [v.id for v in s.villagers if v.alive]
    put_investigation(s, MARKED_TRAIL, villagers[0])
    for card, villager in zip(others, villagers[1:], strict=True):
        put_investigation(s, card, villager)
    s = play(refresh(s), f"play:{SEALED_DOOR}")
    assert ids(s) == [f"target:{v}" for v in villagers[1:]]  # never Marked Trail's villager


# --- designed cards of the Hunter's deck ---------------------------------------------------------


def test_sealed_door_stops_the_witchs_conversions_on_its_villager() -> None:
    """Sealed Door (designed): "When the Witch visits this villager, she cannot convert Secrets
    into Favors on it." Without it the same visit starts with the conversion."""
    for door, first in ((False, ["convert", "skip"]), (True, [f"place:{v}" for v in RED])):
        s = witch_turn()
        if door:
            put_investigation(s, SEALED_DOOR, "mason-hazel")
        set_tokens(s, "mason-hazel", secrets=6)
        s = play(refresh(s), "visit:mason-hazel")
        assert ids(s) == first
        check_invariants(s)


def test_bonfire_may_remove_a_favor_from_any_villager_even_an_occupied_one() -> None:
    """Bonfire (designed): "Choose one: remove up to 2 Secrets from villagers; or remove 1 Favor
    from a villager; or remove 1 Gloom in play and gain 1 Influence." (No Gloom in play: that
    choice is not offered.) Unlike a Raid it needs no ready villager and no Clues."""
    s = hunter_turn([BONFIRE], influence=1)
    set_tokens(s, "mason-hazel", secrets=2, favors=2)
    set_tokens(s, "scout-edda", favors=1)
    s.villager("mason-hazel").witch_pawns = 1
    s = play(refresh(s), f"play:{BONFIRE}")
    assert ids(s) == ["option:0", "option:1"]
    s = play(s, "option:1")
    assert ids(s) == ["remove:mason-hazel", "remove:scout-edda"]
    s = play(s, "remove:mason-hazel")
    hazel = s.villager("mason-hazel")
    assert (hazel.secrets, hazel.favors, s.villager("scout-edda").favors) == (2, 1, 1)
    assert s.hunter.influence == 0
    check_invariants(s)


# --- villagers and factions ---------------------------------------------------------------------


def test_craftsmen_skills_spend_only_the_visitors_own_tokens() -> None:
    s = witch_turn(influence=0)
    put_in_play(s, WITCH, DARK_HONEY)  # she puts her Secret on the Brew
    set_tokens(s, "scout-edda", clues=2)  # the Hunter's Clues: never hers to spend
    s = play(refresh(s), "visit:mason-hazel", "place:brew-0")
    assert s.witch.influence == 0 and s.villager("scout-edda").clues == 2
    assert s.stack[-1]["t"] == "act"  # the skill was not offered
    s = witch_turn(influence=0)
    put_in_play(s, WITCH, DARK_HONEY)
    set_tokens(s, "scout-edda", clues=2, secrets=1)
    s = play(refresh(s), "visit:mason-hazel", "place:brew-0")
    assert ids(s) == ["yes", "skip"]
    s = play(s, "yes")  # her only Secret on a villager pays at once
    assert s.villager("scout-edda").secrets == 0 and s.villager("scout-edda").clues == 2
    assert s.witch.influence == 3


def test_hunter_spends_his_own_clues_at_a_craftsman() -> None:
    s = hunter_turn(influence=0)
    set_tokens(s, "scout-edda", secrets=3)
    s = play(s, "visit:woodcutter-oswald", "place:woodcutter-oswald")
    assert ids(s) == ["yes", "skip"]  # the Clue just placed may pay
    hand = len(s.hunter.hand)
    s = play(s, "yes")
    assert s.villager("woodcutter-oswald").clues == 0 and len(s.hunter.hand) == hand + 3


def test_trapper_judy_counts_every_action_pawn_on_green_villagers() -> None:
    s = hunter_turn(influence=0, scenario="10")
    s.villager("mother-grace").witch_pawns = 2  # the owner is not important
    s = play(refresh(s), "visit:trapper-judy", "place:trapper-judy")
    assert s.hunter.influence == 3  # 2 pawns on Mother Grace and his own on Judy


def test_mother_grace_plays_up_to_as_many_cards_as_pawns_on_green_villagers() -> None:
    s = hunter_turn([CHAPEL, WATCHTOWER, EXPOSE], influence=9, scenario="10")
    s.villager("miller-blossom").witch_pawns = 1
    s = play(refresh(s), "visit:mother-grace", "place:mother-grace")
    s = play(s, f"play:{CHAPEL}", f"play:{WATCHTOWER}")
    assert s.hunter.hand == [EXPOSE]  # 2 pawns: 2 cards
    assert s.hunter.pawns == 2


def test_willam_reveals_two_the_opponent_discards_one_and_the_other_is_played() -> None:
    s = witch_turn([PERPLEX, DARK_HONEY, EMIT], influence=3)
    s = play(s, "visit:houndskeeper-willam", "place:houndskeeper-willam")
    assert ids(s) == [f"reveal:{DARK_HONEY}", f"reveal:{PERPLEX}", f"reveal:{EMIT}"]
    s = play(s, f"reveal:{PERPLEX}", f"reveal:{DARK_HONEY}")
    assert GAME.to_move(s) == HUNTER
    for seat in (WITCH, HUNTER, None):
        shown = GAME.view(s, seat)["decision"]["revealed"]
        assert [c["id"] for c in shown] == [DARK_HONEY, PERPLEX]
    s = play(s, f"discard:{PERPLEX}")
    assert PERPLEX in s.witch.discard
    assert s.witch.brews[0] is not None and s.witch.brews[0].card == DARK_HONEY  # played, 1
    assert s.witch.hand == [EMIT] and s.witch.influence == 2
    check_invariants(s)


def test_willams_other_card_returns_to_hand_known_when_it_cannot_be_played() -> None:
    s = witch_turn([PERPLEX, EMIT], influence=3)  # Emit cannot be played: no Gloom card
    s = play(s, "visit:houndskeeper-willam", "place:houndskeeper-willam")
    s = play(s, f"reveal:{PERPLEX}")  # Emit, her last card, is revealed with it
    s = play(s, f"discard:{PERPLEX}")
    assert s.witch.hand == [EMIT] and s.witch.revealed == [EMIT]
    known = GAME.view(s, HUNTER)["players"]["witch"]["known_in_hand"]
    assert [c["id"] for c in known] == [EMIT]
    check_invariants(s)


def test_willams_skill_needs_two_cards_in_hand() -> None:
    s = witch_turn([PERPLEX], influence=3)
    s = play(s, "visit:houndskeeper-willam", "place:houndskeeper-willam")
    assert s.witch.hand == [PERPLEX] and s.stack[-1]["t"] == "act"


def test_the_tainted_start_with_the_scenarios_gloom() -> None:
    s = palisades_game(5, "12")
    for vid in TAINTED:
        v = s.villager(vid)
        assert (v.face, v.gloom) == (f"{vid}-tainted", 2)
    assert s.supply["gloom"] == 24
    s13 = palisades_game(5, "13")
    assert [s13.villager(v).gloom for v in TAINTED] == [3, 3, 3]
    check_invariants(s)


def test_a_cleansed_tainted_villager_turns_over_to_the_household() -> None:
    s = hunter_turn(influence=0, scenario="12")
    put_in_play(s, HUNTER, FRONTIERS_MAN)
    set_gloom(s, "villager-mother-grace", 1)
    s = refresh(s)
    s = play(s, "visit:mother-grace", "place:scout-edda")
    assert ids(s) == ["option:0", "option:1"]  # remove 1 Gloom here, or gain 2 Influence
    s = play(s, "option:0")
    grace = s.villager("mother-grace")
    assert (grace.id, grace.face, grace.gloom) == ("mother-grace", "mother-grace", 0)
    assert s.cleansed == 1 and s.hunter.evidence == 2  # a villager card is cleansed too
    view = GAME.view(s, None)["villagers"][7]
    assert view["side"] == {"id": "mother-grace", "faction": "The Household"}
    check_invariants(s)


def test_both_sides_count_as_the_green_faction() -> None:
    s = hunter_turn([TRACKING_PARTY], influence=2, scenario="12")
    s = play(s, f"play:{TRACKING_PARTY}", "option:2")  # a Clue on every green villager
    assert [s.villager(v).clues for v in TAINTED] == [1, 1, 1]


def test_the_witch_picks_the_red_faction_the_hunter_the_blue_the_scenario_the_green() -> None:
    options = {
        "expansion": "palisades",
        "factions": {"witch": "council", "hunter": "craftsmen", "green": "the-household"},
    }
    s = GAME.new(options, 1)
    assert [v.id for v in s.villagers] == [
        *BLUE,
        "preacher-wulfric",
        "native-pamuy",
        "mayor-biggs",
        *TAINTED,
    ]
    opts = GAME.validate_options({"expansion": "palisades", "scenario": "13"})
    assert opts["factions"] == {"witch": "wardens", "hunter": "newcomers", "green": "the-tainted"}


def test_a_hunter_who_selects_no_faction_gets_the_newcomers() -> None:
    # Ours: among the Craftsmen a witch wins most games (docs/rules-decisions.md).
    opts = GAME.validate_options({"expansion": "palisades", "scenario": "10"})
    assert opts["factions"] == {"witch": "wardens", "hunter": "newcomers", "green": "the-household"}
    chosen = GAME.validate_options(
        {"expansion": "palisades", "scenario": "10", "factions": {"hunter": "craftsmen"}}
    )
    assert chosen["factions"]["hunter"] == "craftsmen"


def problems(options: dict[str, object]) -> list[str]:
    with pytest.raises(InvalidOptions) as err:
        GAME.validate_options(options)
    return err.value.problems


def test_faction_choices_are_checked() -> None:
    xp: dict[str, object] = {"expansion": "palisades"}
    assert problems({**xp, "factions": {"witch": "craftsmen"}}) == [
        "Craftsmen is a blue faction, but the Witch picks the Red faction"
    ]
    assert problems({**xp, "factions": {"hunter": "elves"}}) == [
        "unknown blue faction 'elves' (known: craftsmen, newcomers)"
    ]
    assert problems({**xp, "scenario": "10", "factions": {"green": "caretakers"}}) == [
        "scenario 10 (Beyond the Palisades) uses The Household as its Green faction"
    ]
    assert problems({**xp, "factions": {"green": "the-tainted"}}) == [
        "The Tainted start with Gloom set by a scenario (12 or 13); without one choose from "
        "caretakers, the-household"
    ]
    assert problems({**xp, "factions": {"blue": "craftsmen"}}) == [
        "factions are chosen for 'witch', 'hunter' and 'green' only, not ['blue']"
    ]


def test_without_a_scenario_the_green_faction_is_the_caretakers_unless_agreed() -> None:
    opts = GAME.validate_options({"expansion": "palisades"})
    assert opts["factions"]["green"] == "caretakers"
    agreed = {"expansion": "palisades", "factions": {"green": "the-household"}}
    assert GAME.validate_options(agreed)["factions"]["green"] == "the-household"


def test_base_game_options_are_unchanged_without_the_expansion() -> None:
    opts = GAME.validate_options({})
    assert set(opts) == {"scenario", "decks", "max_turns"}
    assert [v.id for v in GAME.new({}, 1).villagers] == [
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


def test_expansion_content_needs_the_expansion_option() -> None:
    assert problems({"scenario": "10"}) == [
        "scenario 10 (Beyond the Palisades) comes with Pagan: Beyond the Palisades: add the "
        "option expansion: 'palisades'"
    ]
    assert problems({"factions": {"hunter": "craftsmen"}}) == [
        "unknown blue faction 'craftsmen' (known: newcomers)"
    ]
    assert problems({"decks": {"hunter": "frontier-hunter"}}) == [
        "unknown hunter deck 'frontier-hunter' (known: base-hunter, starter-hunter)"
    ]
    deck = dict(CATALOG.decks["base-hunter"])
    del deck["0001"]
    deck["0051"] = 2
    assert problems({"decks": {"hunter": deck}}) == [
        "hunter deck: Fisherman (0051) comes with Pagan: Beyond the Palisades: add the option "
        "expansion: 'palisades'"
    ]
    assert problems({"expansion": "moon"}) == ["unknown expansion 'moon' (known: palisades)"]


# --- scenarios ------------------------------------------------------------------------------------


def test_scenario_10_witch_adds_1_additional_gloom_to_a_gloom_card_she_plays() -> None:
    s = witch_turn([MIRAGE], influence=2, scenario="10")
    s = play(s, f"play:{MIRAGE}")
    assert s.ench_gloom == [4]  # 3 printed + 1
    h = hunter_turn([WILLOW_SHRUB], influence=2, scenario="10")
    h = play(h, f"play:{WILLOW_SHRUB}")
    slot = h.hunter.locations[0]
    assert slot is not None and slot.gloom == 2  # the Hunter's: as printed
    check_invariants(s)


def test_scenario_10_the_extra_gloom_comes_only_while_the_supply_lasts() -> None:
    s = witch_turn([MIRAGE], influence=2, scenario="10")
    put_in_play(s, HUNTER, OLD_MILL, gloom=27)  # 3 left in the supply
    s = play(refresh(s), f"play:{MIRAGE}")
    assert s.ench_gloom == [3] and s.supply["gloom"] == 0


def test_scenario_10_hunter_may_remove_1_gloom_in_play_during_upkeep() -> None:
    s = palisades_game(3, "10")
    put_in_play(s, WITCH, MIRAGE)
    upkeep(s, HUNTER)
    assert ids(s) == ["trigger:scenario/0", "done"]
    s = play(s, "trigger:scenario/0")
    assert s.ench_gloom == [2]
    check_invariants(s)


def test_scenario_10_with_no_gloom_card_in_play_a_player_may_take_one_back_from_the_discard() -> (
    None
):
    s = palisades_game(3, "10")
    s.hunter.deck.remove(WILLOW_SHRUB)
    s.hunter.discard.append(WILLOW_SHRUB)
    upkeep(s, HUNTER)
    assert ids(s) == ["trigger:scenario/1", "done"]  # no Gloom in play to remove
    s = play(s, "trigger:scenario/1")
    assert WILLOW_SHRUB in s.hunter.hand and s.hunter.revealed == [WILLOW_SHRUB]
    s = palisades_game(3, "10")
    s.hunter.deck.remove(WILLOW_SHRUB)
    s.hunter.discard.append(WILLOW_SHRUB)
    put_in_play(s, HUNTER, PEAT_BOG)  # a Gloom card of his in play: no return
    upkeep(s, HUNTER)
    assert ids(s) == ["trigger:scenario/0", "done"]


def test_scenario_11_enchantments_cost_the_witch_1_less_and_cleansing_places_a_clue() -> None:
    s = witch_turn([CREEPING_DREAD], influence=1, scenario="11")
    assert f"play:{CREEPING_DREAD}" in ids(s)  # 2 - 1
    h = hunter_turn(influence=0, scenario="11")
    put_in_play(h, WITCH, MIRAGE, gloom=1)
    h = play(refresh(h), "lift:0", "place:scout-edda")
    assert h.villager("scout-edda").clues == 1


def end_turn(s: PaganState) -> PaganState:
    """Spend the active player's pawns on "Gain 2 Influence" until the turn ends."""
    seat = s.active
    while s.active == seat and GAME.outcome(s) is None and "influence" in ids(s):
        s = play(s, "influence")
    return s


def test_scenario_12_objectives_are_checked_at_the_end_of_their_players_turn() -> None:
    s = witch_turn(influence=0, scenario="12")
    put_in_play(s, WITCH, MIRAGE)  # 6 on The Tainted + 3 = 9 Gloom in play
    s = play(refresh(s), "influence")
    assert s.objectives == []
    s = play(s, "influence")
    s = play(s, "influence")  # her last pawn: the turn ends, "Deep Roots" is met
    assert s.objectives == ["deep-roots"]
    assert GAME.to_move(s) == WITCH  # its reward: place 1 Favor on a villager
    s = play(s, "place:scout-edda")
    assert s.villager("scout-edda").favors == 1
    # For the rest of the game the Hunter distributes 1 fewer Clue.
    assert s.active == HUNTER
    s = play(s, "visit:ranger-hollis", "place:trapper-judy")  # 2 to green, 1 fewer
    assert sum(v.clues for v in s.villagers) == 1
    assert s.stack[-1]["t"] == "act"


def test_scenario_12_hunter_objective_rewards_him_once() -> None:
    s = hunter_turn(influence=0, scenario="12")
    for vid in TAINTED:
        s.villager(vid).face = vid
        set_gloom(s, f"villager-{vid}", 0)
    s = end_turn(refresh(s))
    assert s.objectives == ["bring-them-home"] and s.hunter.evidence == 2
    action_phase(s, HUNTER)
    s = play(s, "influence")
    assert s.hunter.influence == 6 + 3  # 3 basic actions of 2, then one of 2 + 1
    s = end_turn(s)
    assert s.hunter.evidence == 2  # completed once only


def test_scenario_13_witch_wins_with_16_gloom_in_play_at_the_end_of_her_turn() -> None:
    s = witch_turn(scenario="13")  # 9 on The Tainted
    for card in (MIRAGE, TINTED_MOON, WITCHLIGHT):  # 3 + 2 + 1
        put_in_play(s, WITCH, card)
    s = end_turn(refresh(s))
    assert GAME.outcome(s) is None  # 15
    s = witch_turn(scenario="13")
    for card in (MIRAGE, TINTED_MOON, WITCHLIGHT):
        put_in_play(s, WITCH, card)
    put_in_play(s, HUNTER, WILLOW_SHRUB)  # anyone's Gloom counts: 17
    s = end_turn(refresh(s))
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == (WITCH,)
    assert outcome.reason == "gloom-overwhelms"
    assert outcome.detail == "The Gloom swallowed the colony (16 or more Gloom in play)"


def cleansed_night(suspects: int) -> PaganState:
    """Scenario 13, the Hunter's turn: every Tainted villager cleansed, `suspects` drawn."""
    s = hunter_turn(scenario="13")
    for vid in TAINTED:
        s.villager(vid).face = vid
        set_gloom(s, f"villager-{vid}", 0)
    for _ in range(suspects):
        s.hunter.suspects.append(s.suspect_deck.pop())
    return s


def test_scenario_13_hunter_wins_with_the_tainted_cleansed_no_witch_gloom_and_4_suspects() -> None:
    s = cleansed_night(4)
    put_in_play(s, WITCH, MIRAGE)
    s = end_turn(refresh(s))
    assert GAME.outcome(s) is None  # Mirage still holds Gloom
    s = end_turn(refresh(cleansed_night(3)))
    assert GAME.outcome(s) is None  # only 3 Suspects
    s = end_turn(refresh(cleansed_night(4)))
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == (HUNTER,)
    assert outcome.reason == "mist-lifted"


def test_scenario_1_with_the_expansion_uses_the_starter_decks() -> None:
    opts = GAME.validate_options({"expansion": "palisades", "scenario": "1"})
    assert sum(opts["decks"]["hunter"].values()) == 30
    assert opts["factions"]["green"] == "caretakers"


# --- deckbuilding -------------------------------------------------------------------------------


@pytest.mark.parametrize("deck_id", sorted(CATALOG.decks))
def test_the_recommended_decks_of_each_box_are_legal_and_playable(deck_id: str) -> None:
    side = CATALOG.deck_sides[deck_id]
    size = sum(CATALOG.decks[deck_id].values())
    assert validate_deck(CATALOG.decks[deck_id], side, size) == []
    options: dict[str, object] = {"decks": {side: deck_id}}
    if CATALOG.deck_boxes[deck_id] == "palisades" or size == 30:
        options["expansion"] = "palisades"
    if size == 30:
        options["scenario"] = "1"
    s = GAME.new(options, 2)
    assert sorted([*s.player(side).hand, *s.player(side).deck]) == sorted(
        c for c, n in CATALOG.decks[deck_id].items() for _ in range(n)
    )


def test_a_custom_deck_may_mix_base_and_expansion_cards() -> None:
    deck = {**dict(CATALOG.decks["base-witch"])}
    for base_card, new_card in (("0026", "0076"), ("0033", "0083"), ("0039", "0089")):
        del deck[base_card]
        deck[new_card] = 2
    s = GAME.new({"expansion": "palisades", "decks": {"witch": deck}}, 4)
    assert s.options["decks"]["witch"] == dict(sorted(deck.items()))
    deck["0089"] = 3
    assert problems({"expansion": "palisades", "decks": {"witch": deck}}) == [
        "witch deck: a deck needs exactly 50 cards, this one has 51",
        "witch deck: a deck may hold at most 2 copies of a card, this one has 3 of Tinted Moon",
    ]


# --- views ----------------------------------------------------------------------------------------


def test_views_show_gloom_sides_and_covered_cards_only_in_expansion_games() -> None:
    base_view = GAME.view(new_game(1), None)
    assert "expansion" not in base_view and "gloom" not in base_view["supply"]
    assert "side" not in base_view["villagers"][0]
    s = palisades_game(1, "12")
    put_in_play(s, HUNTER, WILLOW_SHRUB)
    put_in_play(s, WITCH, LOST_IN_PLAIN_SIGHT)
    s.ench_covers[0] = "location-0"
    view = GAME.view(s, None)
    assert view["expansion"] == "palisades"
    assert view["factions"]["green"] == {"id": "the-tainted", "name": "The Tainted"}
    assert view["supply"]["gloom"] == 30 - 6 - 2 - 2
    judy = view["villagers"][6]
    assert (judy["gloom"], judy["gloom_limit"], judy["side"]["faction"]) == (2, 2, "The Tainted")
    shrub = view["players"]["hunter"]["locations"][0]
    assert (shrub["gloom"], shrub["gloom_limit"], shrub["covered"]) == (2, 2, True)
    assert view["enchantments"][0]["covers"] == "location-0"
    json.dumps(view)


def test_sampling_keeps_revealed_cards_and_public_gloom() -> None:
    s = witch_turn([PERPLEX, DARK_HONEY, EMIT, VAPORS], influence=3)
    s = play(s, "visit:houndskeeper-willam", "place:houndskeeper-willam")
    s = play(s, f"reveal:{PERPLEX}", f"reveal:{DARK_HONEY}")
    for seed in range(5):
        other = GAME.sample(s, HUNTER, Rng(seed))
        check_invariants(other)
        assert other.stack[-1]["cards"] == [PERPLEX, DARK_HONEY]
        assert json.dumps(GAME.view(other, HUNTER)) == json.dumps(GAME.view(s, HUNTER))
