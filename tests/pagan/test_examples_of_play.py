"""The rulebook's "Example of Play", both turns, step by step from a prepared position.

Card ids: 0002 Clerk, 0017 Persuasion, 0023 Armory, 0030 Surplus Elixir, 0039 Entranced,
0040 Hypnotism, 0048 Learn Secrets.
"""

from __future__ import annotations

from rules.pagan.state import HUNTER, WITCH
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


def test_howards_hunter_turn() -> None:
    s = new_game(seed=11)
    # Before Howard's turn: Clerk in play, Persuasion on Native Pamuy (Hunter's side), one of
    # Wilma's pawns on Native Pamuy, 2 Favors on Stranger Sue, Armory in hand, 2 Evidence.
    put_in_play(s, HUNTER, "0002")
    put_investigation(s, "0017", "native-pamuy")
    set_hand(s, HUNTER, ["0023", "0010"])
    set_tokens(s, "native-pamuy", clues=1)
    set_tokens(s, "stranger-sue", favors=2)
    set_evidence(s, 2)
    s.villager("native-pamuy").witch_pawns = 1
    s.true_witch = "doctor-annie"
    s.suspect_deck = [v.id for v in s.villagers if v.id not in ("doctor-annie", "stranger-sue")]
    s.suspect_deck.append("stranger-sue")  # on top
    s.hunter.influence = 3

    # "First, he takes back the 3 Action pawns." Then Upkeep: Clerk's "may" effect is declined...
    upkeep(s, HUNTER)
    assert ids(s) == ["trigger:ally-0/0", "done"]
    s = play(s, "done")
    # "...he pays 1 Influence Upkeep to keep the Clerk Ally in play."
    assert ids(s) == ["keep:0", "dismiss:0"]
    s = play(s, "keep:0")
    assert s.hunter.influence == 2 and s.hunter.allies[0] is not None
    assert s.hunter.pawns == 3

    # "With his first action he wants to ready Native Pamuy ... pay 1 Clue from Native Pamuy."
    assert "ready:native-pamuy" in ids(s)
    s = play(s, "ready:native-pamuy")
    assert s.villager("native-pamuy").witch_pawns == 0
    assert s.villager("native-pamuy").clues == 0
    assert s.hunter.pawns == 2

    # "He can put the second Action pawn on the villager, get an Evidence for free (due to the
    # Investigation), and may distribute 1 Clue to a red villager. He puts it on Native Pamuy."
    s = play(s, "visit:native-pamuy")
    assert s.hunter.evidence == 3
    assert ids(s) == ["place:preacher-wulfric", "place:native-pamuy", "place:mayor-biggs"]
    s = play(s, "place:native-pamuy")
    assert s.villager("native-pamuy").clues == 1
    assert s.villager("native-pamuy").hunter_pawns == 1

    # "The villager skill allows him to play one card at 1 lower Influence cost. The Location
    # Armory ... does not cost anything now and can be placed on a free Location spot."
    assert "play:0023" in ids(s) and "done" in ids(s)
    s = play(s, "play:0023")
    assert s.hunter.influence == 2
    assert s.hunter.locations[0] is not None and s.hunter.locations[0].card == "0023"

    # "Finally Howard puts the 3rd Action pawn on Exonerate Villager and pays 3 Evidence for it.
    # He gets the Suspect card Stranger Sue."
    s = play(s, "exonerate")
    assert s.hunter.evidence == 0
    assert s.hunter.suspects == ["stranger-sue"]
    assert GAME.outcome(s) is None
    # His pawns are spent: the turn passes to Wilma, whose Upkeep begins.
    assert s.active == WITCH
    check_invariants(s)


def test_wilmas_witch_turn() -> None:
    s = new_game(seed=12)
    # Before Wilma's turn: Surplus Elixir with 2 Secrets on her Brew spot, Hypnotism in play,
    # 2 Secrets and 1 Favor on Preacher Wulfric, Entranced on top of her deck, Learn Secrets and
    # one more card in hand, 6 Influence.
    put_in_play(s, WITCH, "0030", secrets=2)
    put_in_play(s, WITCH, "0040")
    set_tokens(s, "preacher-wulfric", secrets=2, favors=1)
    set_hand(s, WITCH, ["0048", "0034"])
    put_on_top(s, WITCH, ["0039"])
    s.witch.influence = 6
    howard = s.hunter.influence
    action_phase(s, WITCH)
    assert s.witch.pawns == 2 and s.witch.familiar_pawn == 1

    # "She decides to visit Doctor Annie with her first Action pawn. She now may distribute
    # 2 Secrets to blue villagers. But she decides to put them both on the Brew Surplus Elixir."
    s = play(s, "visit:doctor-annie")
    assert "place:brew-0" in ids(s) and "place:beau-johnson" in ids(s)
    s = play(s, "place:brew-0", "place:brew-0")
    assert s.witch.brews[0] is not None and s.witch.brews[0].secrets == 4
    # "She may now draw a card while visiting Doctor Annie (the card being Entranced)."
    assert sorted(s.witch.hand) == ["0034", "0039", "0048"]

    # "She consumes the Brew Surplus Elixir as a free action, discarding it and putting 1 Secret
    # on every villager."
    assert "consume:0" in ids(s)
    pawns = (s.witch.pawns, s.witch.familiar_pawn)
    s = play(s, "consume:0")
    assert (s.witch.pawns, s.witch.familiar_pawn) == pawns
    assert s.witch.brews[0] is None and "0030" in s.witch.discard
    assert all(v.secrets >= 1 for v in s.villagers)
    assert s.villager("preacher-wulfric").secrets == 3

    # "...spend the 2nd Action pawn for visiting Preacher Wulfric. Since the villager already has
    # 3 Secrets on it, she converts these 3 Secrets into 1 Favor."
    s = play(s, "visit:preacher-wulfric")
    assert ids(s) == ["convert", "skip"]
    s = play(s, "convert")
    wulfric = s.villager("preacher-wulfric")
    assert (wulfric.secrets, wulfric.favors) == (0, 2)
    # (The example does not mention Wulfric's distribution step; ours puts 2 Secrets on red.)
    s = play(s, "place:native-pamuy", "place:native-pamuy")

    # "She can now play the Enchantment for 4 Influence (3 +1 extra for the 2nd Enchantment spot)."
    assert "play:0039" in ids(s)
    s = play(s, "play:0039")
    assert s.enchantments == ["0040", "0039"]
    assert s.witch.influence == 2

    # "Since Wulfric has 2 Favors, Wilma uses Wulfric's skill again, playing another card from her
    # hand. She plays the Familiar Learn Secrets and puts the card on a free Familiar spot."
    assert ids(s) == ["again", "skip"]
    s = play(s, "again", "play:0048")
    assert s.witch.familiars[0] is not None and s.witch.familiars[0].card == "0048"
    assert s.witch.influence == 0

    # "With her last Action pawn she uses the Familiar action pawn on Nestling Mia distributing
    # 1 Secret on a green villager."
    assert s.witch.pawns == 0 and s.witch.familiar_pawn == 1
    s = play(s, "visit:nestling-mia:familiar")
    mia_before = s.villager("nestling-mia").secrets
    s = play(s, "place:nestling-mia")
    assert s.villager("nestling-mia").secrets == mia_before + 1
    # "The villager skill gives her 3 highly needed Influence back, but Howard also gains 1."
    assert s.witch.influence == 3
    assert s.hunter.influence == howard + 1

    # "Empowering the Familiar by discarding 1 hand card turns this into 3 Influence. Totaling
    # her Influence at 6 again."
    assert ids(s) == ["familiar:0", "empower:0", "skip"]
    s = play(s, "empower:0")
    assert s.witch.influence == 6
    assert s.witch.hand == [] and "0034" in s.witch.discard
    assert s.witch.familiar_used
    # All three pawns are spent and no Brew is left to consume: the Hunter's turn begins.
    assert s.active == HUNTER
    check_invariants(s)
