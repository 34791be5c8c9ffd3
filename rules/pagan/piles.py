"""A player's cards: drawing and revealing from the deck (reshuffling the discard pile),
leaving the hand, shuffling with the game's RNG, free board slots and whose cards they are.
"""

from __future__ import annotations

from rules.core import Rng
from rules.core.machine import reads
from rules.pagan.state import HUNTER, WITCH, PaganState, Player, Slot
from rules.pagan.tables import CARDS


def draw(s: PaganState, p: Player, n: int = 1) -> int:
    """Draw n cards one at a time, reshuffling the discard pile into the deck when it runs out."""
    drawn = 0
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                break
            p.deck = p.discard
            p.discard = []
            shuffle(s, p.deck)
        reads(s)  # the deck's order: nobody knows which card comes
        p.hand.append(p.deck.pop())
        drawn += 1
    return drawn


def reveal_top(s: PaganState, p: Player, n: int) -> list[str]:
    """Take the top n cards off the deck (reshuffling as needed) into limbo."""
    out: list[str] = []
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                break
            p.deck = p.discard
            p.discard = []
            shuffle(s, p.deck)
        reads(s)  # the deck's order
        out.append(p.deck.pop())
    return out


def leave_hand(p: Player, card: str) -> None:
    """Take a card out of a hand; if the opponent knew of it, they now know it is gone."""
    p.hand.remove(card)
    if card in p.revealed:
        p.revealed.remove(card)


def shuffle(s: PaganState, cards: list[str]) -> None:
    reads(s)  # the game's RNG, which nobody may know
    rng = Rng(s.rng)
    rng.shuffle(cards)
    s.rng = rng.state


def free_slot(slots: list[Slot | None]) -> int | None:
    for i, slot in enumerate(slots):
        if slot is None:
            return i
    return None


def seat_of_card(card_id: str) -> str:
    return CARDS[card_id].side


def slot_kind_owner(kind: str) -> str:
    return HUNTER if kind in ("location", "ally") else WITCH
