"""Beyond the Palisades' "Example of Play": Daniel's Witch turn and Selma's Hunter turn, step by
step from a prepared position, and the closing note on the Cleanse effect that would have
fizzled.

Factions as in the example: the Witch's red Wardens (Houndskeeper Willam), the Hunter's blue
Craftsmen (Woodcutter Oswald, Mason Hazel, Prospector Ashley), The Household as the Green
faction (Trapper Judy, Mother Grace, Miller Blossom); no scenario.

Card ids: 0054 Guild Leader, 0055 Frontiers Man, 0058 Expose, 0063 Triangulate, 0070 Willow
Shrub, 0071 Peat Bog, 0081 Vapors of Disarray, 0083 Perplex, 0084 Emit, 0089 Tinted Moon,
0090 Lost in Plain Sight, 0091 Mirage, 0095 Blur.
"""

from __future__ import annotations

from rules.pagan.gloom_places import gloom_at
from rules.pagan.state import HUNTER, WITCH, PaganState
from tests.pagan.invariants import check_invariants
from tests.pagan.positions import (
    action_phase,
    ids,
    palisades_game,
    play,
    put_in_play,
    put_investigation,
    put_on_top,
    set_hand,
    set_tokens,
)

GREEN = ("trapper-judy", "mother-grace", "miller-blossom")
FACTIONS = {"witch": "wardens", "hunter": "craftsmen", "green": "the-household"}


def before_daniels_turn() -> PaganState:
    """The board the example starts from. The Hunter has Guild Leader, Willow Shrub and Peat Bog
    (2 Gloom each) and Triangulate (2 Gloom) on Trapper Judy; the Witch has Tinted Moon (2 Gloom,
    its limit), Mirage (2 of 3 Gloom) and the Familiar Blur. Judy holds 3 Secrets and a Favor,
    Willam 2 Favors, Prospector Ashley a Secret; Selma's pawn from her last turn is on Miller
    Blossom. Daniel holds Vapors of Disarray; Perplex, Lost in Plain Sight and Emit are on top of
    his deck."""
    s = palisades_game(seed=21, factions=FACTIONS)
    put_in_play(s, HUNTER, "0054")  # Guild Leader, ally-0
    assert put_in_play(s, HUNTER, "0070") == "location-0"  # Willow Shrub, 2 Gloom
    assert put_in_play(s, HUNTER, "0071", gloom=2) == "location-1"  # Peat Bog, one used up
    put_investigation(s, "0063", "trapper-judy")  # Triangulate, Witch's side, 2 Gloom
    assert put_in_play(s, WITCH, "0089") == "enchantment-0"  # Tinted Moon, 2 Gloom
    assert put_in_play(s, WITCH, "0091", gloom=2) == "enchantment-1"  # Mirage, 2 of 3
    put_in_play(s, WITCH, "0095")  # Blur
    set_tokens(s, "trapper-judy", secrets=3, favors=1, clues=1)
    set_tokens(s, "mother-grace", clues=1)
    set_tokens(s, "miller-blossom", clues=1)
    set_tokens(s, "houndskeeper-willam", favors=2)
    set_tokens(s, "prospector-ashley", secrets=1)
    set_tokens(s, "woodcutter-oswald", clues=1)
    set_tokens(s, "mason-hazel", clues=1)
    s.villager("miller-blossom").hunter_pawns = 1
    set_hand(s, WITCH, ["0081"])
    put_on_top(s, WITCH, ["0083", "0090", "0084"])
    set_hand(s, HUNTER, ["0058", "0055"])
    s.witch.influence = 0
    s.hunter.influence = 2
    action_phase(s, WITCH)
    check_invariants(s)
    return s


def daniels_first_action(s: PaganState) -> PaganState:
    """Trapper Judy with the Familiar pawn, up to the Familiar step."""
    # "With his first action, Daniel visits Trapper Judy with his Familiar. He removes one Gloom
    # from Triangulate..." (the Investigation on the Witch's side: step 1 of the visit)
    s = play(s, "visit:trapper-judy:familiar")
    assert gloom_at(s, "investigation-trapper-judy") == 1
    # "...and then converts the 3 [Secrets] into another favor."
    assert ids(s) == ["convert", "skip"]
    s = play(s, "convert")
    judy = s.villager("trapper-judy")
    assert (judy.secrets, judy.favors) == (0, 2)
    # "Daniel puts 1 Secret on Mother Grace."
    assert ids(s) == ["place:trapper-judy", "place:mother-grace", "place:miller-blossom"]
    s = play(s, "place:mother-grace")
    assert s.villager("mother-grace").secrets == 1
    # "He gains 4 Influence - 2 because of two Action pawns (the owner is not important) on
    # Green Villagers twice (because of the 2 favors)."
    assert s.witch.influence == 2
    assert ids(s) == ["again", "skip"]
    s = play(s, "again")
    assert s.witch.influence == 4
    return s


def test_daniels_witch_turn() -> None:
    s = daniels_first_action(before_daniels_turn())
    # "He uses Blur to play Vapors of Disarray for free, using the Empowered Familiar Skill to
    # add 2 Secrets by removing 1 Gloom from Peat Bog." Any Gloom in play can pay.
    assert ids(s) == ["familiar:0", "empower:0", "skip"]
    s = play(s, "empower:0")
    assert ids(s) == [
        "pay_gloom:location-0",
        "pay_gloom:location-1",
        "pay_gloom:enchantment-0",
        "pay_gloom:enchantment-1",
        "pay_gloom:investigation-trapper-judy",
    ]
    s = play(s, "pay_gloom:location-1")
    assert gloom_at(s, "location-1") == 1
    assert ids(s) == ["play:0081", "done"]
    s = play(s, "play:0081")
    vapors = s.witch.brews[0]
    assert vapors is not None and (vapors.card, vapors.secrets) == ("0081", 2)
    assert s.witch.influence == 4  # played for free
    check_invariants(s)

    # "With the second action he visits Woodcutter Oswald. He adds 1 Secret to Vapors of
    # Disarray and spends 1 Secret from Prospector Ashley to draw 3 cards."
    s = play(s, "visit:woodcutter-oswald", "place:brew-0")
    assert s.witch.brews[0] is not None and s.witch.brews[0].secrets == 3
    assert ids(s) == ["yes", "skip"]
    s = play(s, "yes")
    # A Craftsman's skill spends the visitor's own tokens: Secrets, never Clues.
    assert ids(s) == ["pay:prospector-ashley", "pay:mother-grace"]
    s = play(s, "pay:prospector-ashley")
    assert s.villager("prospector-ashley").secrets == 0
    assert sorted(s.witch.hand) == ["0083", "0084", "0090"]

    # "With the final action Daniel visits Houndskeeper Willam adding 1 Secret to Willam. He
    # shows Selma Perplex and Lost in Plain Sight."
    s = play(s, "visit:houndskeeper-willam", "place:houndskeeper-willam")
    assert s.villager("houndskeeper-willam").secrets == 1
    s = play(s, "reveal:0083", "reveal:0090")
    # The shown cards are public; now it is Selma's choice.
    assert s.stack[-1]["seat"] == HUNTER
    assert ids(s) == ["discard:0083", "discard:0090"]
    # "Selma tells him to discard Perplex. Daniel now plays Lost in Plain Sight with 2 Gloom
    # tokens on it on Willow Shrub." (It costs 1, +2 for the two Enchantments in play.)
    s = play(s, "discard:0083")
    assert "0083" in s.witch.discard
    assert ids(s) == [
        "cover:location-0",
        "cover:location-1",
        "cover:ally-0",
        "cover:investigation-trapper-judy",
    ]
    s = play(s, "cover:location-0")
    assert s.enchantments == ["0089", "0091", "0090"]
    assert (s.ench_gloom[2], s.ench_covers[2]) == (2, "location-0")
    assert s.witch.influence == 1
    # "Willow Shrub is now no longer considered to be in play." "Daniel would like to use
    # Houndskeeper Willam's skill again since he has 2 Favors, but cannot since Daniel only has
    # 1 card left in hand." So the second use is not offered: all his pawns are spent.
    assert s.witch.hand == ["0084"]
    assert ids(s) == ["consume:0", "end"]

    # "As a free action Daniel consumes Vapors of Disarray. He targets the Green Villagers."
    s = play(s, "consume:0")
    assert ids(s) == ["option:0", "option:1", "option:2"]
    s = play(s, "option:2")
    assert [s.villager(v).clues for v in GREEN] == [0, 0, 0]
    # "He may add 1 Gloom from the consumed Brew. He can't place it on Tinted Moon or Lost in
    # Plain Sight as they are at their Gloom-limit, so instead he chooses to add 1 Gloom to
    # Mirage." (Willow Shrub is not in play.)
    s = play(s, "yes")
    assert ids(s) == [
        "add_gloom:location-1",
        "add_gloom:enchantment-1",
        "add_gloom:investigation-trapper-judy",
    ]
    s = play(s, "add_gloom:enchantment-1")
    assert gloom_at(s, "enchantment-1") == 3
    assert s.witch.brews[0] is None and "0081" in s.witch.discard
    # Nothing is left to do: the turn passes to Selma, whose Upkeep asks for Guild Leader.
    assert s.active == HUNTER
    assert ids(s) == ["keep:0", "dismiss:0"]
    check_invariants(s)


def test_selmas_hunter_turn() -> None:
    s = before_daniels_turn()
    s = daniels_first_action(s)
    s = play(s, "empower:0", "pay_gloom:location-1", "play:0081")
    s = play(s, "visit:woodcutter-oswald", "place:brew-0", "yes", "pay:prospector-ashley")
    s = play(s, "visit:houndskeeper-willam", "place:houndskeeper-willam")
    s = play(s, "reveal:0083", "reveal:0090", "discard:0083", "cover:location-0")
    s = play(s, "consume:0", "option:2", "yes", "add_gloom:enchantment-1")
    assert s.active == HUNTER

    # "Upkeep phase: Selma pays 1 Influence Upkeep for Guild Leader."
    s = play(s, "keep:0")
    assert s.hunter.influence == 1
    assert s.villager("miller-blossom").hunter_pawns == 0  # her pawns came back

    # "First action: Selma visits Mason Hazel. Due to the Tinted Moon enchantment, she doesn't
    # get to distribute any clues. She decides to spend 1 clue from Woodcutter Oswald to gain 3
    # influence."
    s = play(s, "visit:mason-hazel")
    assert ids(s) == ["yes", "skip"]  # straight to the skill: no Clues to distribute
    s = play(s, "yes")
    assert ids(s) == ["pay:woodcutter-oswald", "pay:mason-hazel"]  # her own Clues only
    s = play(s, "pay:woodcutter-oswald")
    assert s.villager("woodcutter-oswald").clues == 0
    assert s.hunter.influence == 4

    # "With her second action, she visits Mother Grace. She still doesn't get to distribute any
    # clues because of Tinted Moon. Since there are 2 Action pawns on Green Villagers, she may
    # play up to 2 cards."
    s = play(s, "visit:mother-grace")
    assert ids(s) == ["play:0055", "play:0058", "done"]
    # "First she plays Expose to remove Tinted Moon. Since Tinted Moon was removed while it
    # still had Gloom tokens on it, the Cleanse-effect doesn't trigger."
    s = play(s, "play:0058")
    assert ids(s) == [
        "remove_card:enchantment-0",
        "remove_card:enchantment-1",
        "remove_card:enchantment-2",
    ]
    evidence, gloom_supply = s.hunter.evidence, s.supply["gloom"]
    s = play(s, "remove_card:enchantment-0")
    assert s.enchantments == ["0091", "0090"]
    assert s.ench_covers == [None, "location-0"]  # still on Willow Shrub
    assert "0089" in s.witch.discard
    assert s.supply["gloom"] == gloom_supply + 2  # its Gloom went back...
    assert s.hunter.evidence == evidence and s.cleansed == 0  # ...and nothing was cleansed
    # "Then the Hunter plays Frontier's Man, spending their last 2 influence to do so."
    assert ids(s) == ["play:0055", "done"]
    s = play(s, "play:0055")
    assert s.hunter.allies[1] is not None and s.hunter.allies[1].card == "0055"
    assert s.hunter.influence == 0

    # "With her final action she uses the Peat Bog location. She adds 1 Clue to Miller
    # Blossom, then removes 1 Gloom token from Peat Bog."
    assert "activate:1" in ids(s) and "activate:0" not in ids(s)  # Willow Shrub: not in play
    s = play(s, "activate:1", "place:miller-blossom")
    # "As this was the last Gloom token, Peat Bog is cleansed and she gets to choose the Cleanse
    # effect of any other Gloom-card in play. She cannot choose Willow Shrub, because of the
    # Lost in Plain Sight, so she decides to use the Cleanse effect of Triangulate to add 3
    # Clues to all Green Villagers."
    assert s.hunter.locations[1] is None
    assert ids(s) == [
        "copy:enchantment-0",
        "copy:enchantment-1",
        "copy:investigation-trapper-judy",
    ]
    s = play(s, "copy:investigation-trapper-judy")
    assert [s.villager(v).clues for v in GREEN] == [3, 3, 4]
    assert gloom_at(s, "investigation-trapper-judy") == 1  # Triangulate itself stays
    # "Then Peat Bog goes to the discard pile. Since a card was cleansed, the Frontier's Man
    # triggers, and the Hunter gains 2 Evidence."
    assert "0071" in s.hunter.discard
    assert s.hunter.evidence == evidence + 2
    assert s.cleansed == 1
    # Her pawns are spent: Daniel's turn begins.
    assert s.active == WITCH
    check_invariants(s)


def test_paying_blur_with_triangulates_last_gloom_would_have_fizzled_its_cleanse() -> None:
    """The closing note: "Had he paid for the Empowered Blur with the last Gloom on Triangulate,
    the Tinted Moon enchantment would have caused the nasty Cleanse effect to fizzle." The card is
    still cleansed and discarded; only its Cleanse effect does not happen."""
    s = daniels_first_action(before_daniels_turn())
    clues = [s.villager(v).clues for v in GREEN]
    s = play(s, "empower:0", "pay_gloom:investigation-trapper-judy")
    assert s.villager("trapper-judy").investigation is None
    assert "0063" in s.hunter.discard
    assert [s.villager(v).clues for v in GREEN] == clues  # no 3 Clues on the green villagers
    assert s.cleansed == 1
    s = play(s, "play:0081")
    check_invariants(s)
