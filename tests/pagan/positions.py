"""Prepared Pagan positions for rule tests: build a state by hand, then play moves by id.

    s = new_game(seed=1)
    set_hand(s, "witch", ["0030", "0039"])
    s.villager("doctor-annie").secrets = 3
    action_phase(s, "witch")           # the Witch's Action phase, all pawns in hand
    s = play(s, "visit:doctor-annie")  # checked: must be a legal move

Tokens are taken from (or returned to) the supply so that the conservation invariant holds.
"""

from __future__ import annotations

from collections import Counter

from rules.core import get_game
from rules.pagan import machine
from rules.pagan.game import PaganGame
from rules.pagan.gloom_places import drop_gloom, gloom_at, put_gloom
from rules.pagan.state import HUNTER, WITCH, PaganState, Slot
from rules.pagan.tables import CARDS

GAME = get_game("pagan")
assert isinstance(GAME, PaganGame)


def new_game(
    seed: int | str = 1, scenario: str = "standard", options: dict[str, object] | None = None
) -> PaganState:
    state: PaganState = GAME.new({"scenario": scenario, **(options or {})}, seed)
    return state


# The expansion's own villagers on the board (the Hunter's default blue faction is the base
# game's Newcomers), so its rule tests exercise the Craftsmen.
PALISADES: dict[str, object] = {
    "expansion": "palisades",
    "factions": {"witch": "wardens", "hunter": "craftsmen"},
}


def palisades_game(
    seed: int | str = 1, scenario: str = "standard", **options: object
) -> PaganState:
    """A game with Beyond the Palisades (its Standard Decks, Wardens and Craftsmen unless given)."""
    return new_game(seed, scenario, {**PALISADES, **options})


def ids(s: PaganState) -> list[str]:
    return [m.id for m in GAME.legal_moves(s)]


def play(s: PaganState, *moves: str) -> PaganState:
    """Apply each move (by id) through the checked path; fails loudly if one is not legal."""
    for move in moves:
        s = GAME.apply(s, move)
    return s


def _take_from_deck_or_discard(s: PaganState, seat: str, card: str) -> None:
    p = s.player(seat)
    for pile in (p.deck, p.discard, p.hand):
        if card in pile:
            pile.remove(card)
            return
    raise ValueError(f"no spare {card} in the {seat}'s deck, discard pile or hand")


def set_hand(s: PaganState, seat: str, cards: list[str]) -> None:
    """Make `cards` the hand, moving cards between hand and deck so totals stay right."""
    p = s.player(seat)
    p.deck.extend(p.hand)
    p.hand = []
    p.revealed = []
    for card in cards:
        _take_from_deck_or_discard(s, seat, card)
        p.hand.append(card)


def put_on_top(s: PaganState, seat: str, cards: list[str]) -> None:
    """Put cards on top of the deck, the first listed drawn first."""
    p = s.player(seat)
    for card in cards:
        _take_from_deck_or_discard(s, seat, card)
    p.deck.extend(reversed(cards))


def put_in_play(
    s: PaganState, seat: str, card: str, secrets: int = 0, gloom: int | None = None
) -> str:
    """Put a lasting card into its first free spot (Investigations: use `put_investigation`),
    with its printed Gloom (or `gloom`) taken from the supply; returns its place key."""
    _take_from_deck_or_discard(s, seat, card)
    kind = CARDS[card].type
    g = CARDS[card].gloom if gloom is None else gloom
    s.supply["secret"] -= secrets
    if g:
        s.supply["gloom"] -= g
    if kind == "enchantment":
        s.enchantments.append(card)
        s.ench_gloom.append(g)
        s.ench_covers.append(None)
        return f"enchantment-{len(s.enchantments) - 1}"
    slots = s.player(seat).slots(kind)
    index = slots.index(None)
    slots[index] = Slot(card, secrets, gloom=g)
    return f"{kind}-{index}"


def put_investigation(s: PaganState, card: str, villager: str, gloom: int | None = None) -> str:
    _take_from_deck_or_discard(s, HUNTER, card)
    v = s.villager(villager)
    v.investigation = card
    v.inv_gloom = CARDS[card].gloom if gloom is None else gloom
    if v.inv_gloom:
        s.supply["gloom"] -= v.inv_gloom
    return f"investigation-{villager}"


def set_gloom(s: PaganState, place: str, n: int) -> None:
    """Set the Gloom at a place (a card's or a villager's), through the supply."""
    have = gloom_at(s, place)
    if n > have:
        put_gloom(s, place, n - have)
    elif n < have:
        drop_gloom(s, place, have - n)


def set_tokens(
    s: PaganState, villager: str, clues: int = 0, secrets: int = 0, favors: int = 0
) -> None:
    v = s.villager(villager)
    s.supply["clue"] += v.clues - clues
    s.supply["secret"] += v.secrets - secrets
    s.supply["favor"] += v.favors - favors
    v.clues, v.secrets, v.favors = clues, secrets, favors


def set_evidence(s: PaganState, n: int) -> None:
    s.supply["evidence"] += s.hunter.evidence - n
    s.hunter.evidence = n


def action_phase(
    s: PaganState, seat: str, pawns: int | None = None, familiar_pawn: int = 1
) -> None:
    """Jump to `seat`'s Action phase (after Upkeep), with its pawns in hand."""
    s.active = seat
    if s.turn == 1 and seat == WITCH:
        s.turn = 3
    p = s.player(seat)
    p.pawns = (3 if seat == HUNTER else 2) if pawns is None else pawns
    p.familiar_pawn = familiar_pawn if seat == WITCH else 0
    p.familiar_used = False
    s.stack = [{"t": "turn", "step": 6, "colour": None}]
    s.winner = s.reason = None
    machine.advance(s)


def upkeep(s: PaganState, seat: str) -> None:
    """Jump to the start of `seat`'s turn (Upkeep step 1)."""
    s.active = seat
    if s.turn == 1:
        s.turn = 3
    s.stack = [{"t": "turn", "step": 0, "colour": None}]
    machine.advance(s)


def deck_counts(s: PaganState, seat: str) -> Counter[str]:
    p = s.player(seat)
    return Counter(p.hand) + Counter(p.deck) + Counter(p.discard)
