"""Determinization: a full Pantacle state consistent with what one seat knows.

Hidden from a seat: other players' hand cards it has not seen, the Keeper pile's order, Curse
pile cards it did not see go back, the Curse cards another player is choosing among, and the
RNG (which would tell future reshuffles). The seat's knowledge is data (the per-card bits of
`state.py`), so every card it knows stays where it is; every other hidden card is dealt again at
random among the hidden places of its kind, whose sizes everyone can see. A card's knowledge bits
stay with its place, so what other seats know stays true of the new deal. Nothing the seat cannot
know is read: the hidden cards are pooled, sorted (so that the pool's order owes nothing to where
they really are) and shuffled, never looked at one by one.
"""

from __future__ import annotations

from rules.core import Rng
from rules.pantacle.state import PantacleState, Player, seat_index


def sample(s: PantacleState, seat: str, rng: Rng) -> PantacleState:
    v = seat_index(seat, len(s.players))
    bit = 1 << v
    out = s.copy()

    # Keeper blades: the pile and every unseen card of other hands.
    pool = out.blade_pile[:]
    places: list[tuple[Player, int]] = []
    for p in out.players:
        if p.seat == v:
            continue
        for i, known in enumerate(p.seen):
            if not known & bit:
                places.append((p, i))
                pool.append(p.hand[i])
    pool.sort()  # so the deal owes nothing to where the hidden cards really are
    rng.shuffle(pool)
    for p, i in places:
        p.hand[i] = pool.pop()
    out.blade_pile = pool

    # Curse cards: unseen places in the pile and cards someone else is choosing among.
    spots = [i for i, known in enumerate(out.curse_seen) if not known & bit]
    cards = [out.curse_pile[i] for i in spots]
    choosing = [f for f in out.stack if f["t"] == "curse_draw" and f["seat"] != v]
    for f in choosing:
        cards.extend(f["drawn"])
    cards.sort()
    rng.shuffle(cards)
    for i in spots:
        out.curse_pile[i] = cards.pop()
    for f in choosing:
        f["drawn"] = [cards.pop() for _ in f["drawn"]]

    out.rng = rng.next64()
    out.cache = None
    return out
