"""Determinization: a full Pagan state consistent with what one seat knows.

The opponent's unseen cards are worked out from public facts alone (their deck list minus their
discard pile, their cards in play and the cards they are known to hold), then dealt at random into
their hand and deck in the sizes everyone can see. The seat's own deck is reshuffled (nobody knows
its order). For the Hunter, the true witch is drawn uniformly among the villagers he cannot rule
out (those neither eliminated nor among his drawn Suspects); for the Witch, which innocents the
Hunter holds is drawn uniformly. The game's RNG is reseeded from `rng` (its state would
foretell future shuffles). Nothing hidden from the seat is read: two states the seat cannot tell
apart give the same sample for the same `rng`.
"""

from __future__ import annotations

from collections import Counter

from rules.core import Rng
from rules.pagan.modifiers import cards_on_table
from rules.pagan.state import HUNTER, WITCH, PaganState, opponent

# Frames that hold a card in the open while it is being played.
_PUBLIC_CARD_FRAMES = ("to_discard", "replace", "place_investigation")


def unseen_cards(s: PaganState, side: str) -> list[str]:
    """The cards of `side` that the other seat cannot see, derived from public facts only."""
    p = s.player(side)
    seen = [*p.discard, *p.revealed]
    # Cards on the table are public, covered ones too (Lost in Plain Sight lies on them).
    seen.extend(card for card, owner, _ in cards_on_table(s) if owner == side)
    for f in s.stack:
        if f["t"] in _PUBLIC_CARD_FRAMES and f.get("seat") == side:
            seen.append(f["card"])
        elif f["t"] == "cleanse" and f["card"] and f["owner"] == side and f["step"] < 2:
            seen.append(f["card"])  # a cleansed card on its way to the discard pile
        elif f["t"] == "reveal" and f["owner"] == side:
            seen.extend(f["cards"])  # revealed to both players
    # The deck list minus the cards seen, each distinct card once (Counter counts in C).
    pool = Counter(s.options["decks"][side])
    for card, n in Counter(seen).items():
        pool[card] -= n
    if any(n < 0 for n in pool.values()):
        raise AssertionError(f"card bookkeeping of the {side} is inconsistent")
    return sorted(pool.elements())


def _deal_hidden(s: PaganState, side: str, rng: Rng) -> None:
    p = s.player(side)
    pool = unseen_cards(s, side)
    looks = [f for f in s.stack if f["t"] == "look" and f["seat"] == side]
    hidden_in_hand = len(p.hand) - len(p.revealed)
    expected = hidden_in_hand + len(p.deck) + sum(len(f["cards"]) for f in looks)
    if len(pool) != expected:
        raise AssertionError(f"{side}: {len(pool)} unseen cards for {expected} hidden places")
    rng.shuffle(pool)
    p.hand = p.revealed + pool[:hidden_in_hand]
    del pool[:hidden_in_hand]
    for f in looks:
        n = len(f["cards"])
        f["cards"] = pool[:n]
        del pool[:n]
    p.deck = pool


def sample(s: PaganState, seat: str, rng: Rng) -> PaganState:
    out = s.copy()
    other = opponent(seat)
    _deal_hidden(out, other, rng)
    # Sorted before the shuffle, so the result owes nothing to the real deck order.
    own_deck = out.player(seat).deck
    own_deck.sort()
    rng.shuffle(own_deck)
    all_ids = [v.id for v in out.villagers]
    drawn = out.hunter.suspects
    if seat == HUNTER:
        candidates = [v.id for v in out.villagers if v.alive and v.id not in drawn]
        if out.winner is None:  # once the game is over, every view shows the true witch
            out.true_witch = rng.choice(candidates)
        rest = [vid for vid in all_ids if vid != out.true_witch and vid not in drawn]
        rng.shuffle(rest)
        out.suspect_deck = rest
    elif seat == WITCH:
        innocents = [vid for vid in all_ids if vid != out.true_witch]
        rng.shuffle(innocents)
        k = len(drawn)
        out.hunter.suspects = sorted(innocents[:k])
        out.suspect_deck = innocents[k:]
    # The game's own RNG would replay the real future shuffles and draws: reseed it.
    out.rng = rng.next64()
    out.cache = None
    return out
