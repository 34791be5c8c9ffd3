"""Determinization: a full Pantacle state consistent with what one seat knows.

Hidden from a seat: other players' hand cards it has not seen, the Keeper pile's order, Curse
pile cards it did not see go back, the Curse cards another player is choosing among, and the
RNG (which would tell future reshuffles). The seat's knowledge is data (the per-card bits of
`state.py`), so every card it knows stays where it is; every other hidden card is dealt again at
random among the hidden places of its kind, whose sizes everyone can see. A card's knowledge bits
stay with its place, so what other seats know stays true of the new deal. Nothing the seat cannot
know is read: the hidden cards are pooled, sorted (so that the pool's order owes nothing to where
they really are) and shuffled, never looked at one by one.

`belief_sample` is the AI's reading of the table on top of that: a deal is likelier the fewer
public passes it contradicts (an opponent who could have paid a bribe seldom passes it), and deals
are drawn in proportion to that likelihood (rejection sampling, with a bounded number of tries).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.rng import Rng
from rules.pantacle.board import BLADE_KEEPER, FAVORS, HOUND
from rules.pantacle.state import PantacleState, Player, seat_index
from rules.pantacle.turn import payable

PASS_WHEN_ABLE = 0.2
"""The chance that an opponent who could pay a bribe passes it anyway: a deal in which a pass
was affordable is weighted by this, once per such pass. Measured on the AI's own play before it
read passes: `medium` (2 players, 20 games) passed 10 of the 58 offers it could have paid, `hard`
(3 players, 6 games) 12 of 54; 22 of 112 together."""

TRIES = 16
"""Deals drawn at most per sample; when none is accepted, the likeliest one drawn is used."""


def sample(s: PantacleState, seat: str, rng: Rng) -> PantacleState:
    return _sample(s, seat, rng, infer=False)


def belief_sample(s: PantacleState, seat: str, rng: Rng) -> PantacleState:
    """`sample`, with the other hands drawn as likely as the table's passes make them."""
    return _sample(s, seat, rng, infer=True)


@dataclass(frozen=True, slots=True)
class _Evidence:
    """Passes by another seat of one Favor with the same cards in hand: the Keepers a bribe
    would have paid, the blades of that hand the viewer knows counted by Keeper (with the
    Resolve Bonus Hound, when the track stood on it), the hidden places of the others, and how
    many such passes the table saw."""

    keepers: tuple[str, ...]
    known: tuple[tuple[str, int], ...]
    hidden: tuple[int, ...]  # indices into the deal's places
    times: int


def _sample(s: PantacleState, seat: str, rng: Rng, infer: bool) -> PantacleState:
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
    evidence = _evidence(out, v, places) if infer else []
    if evidence:
        pool = _likely_deal(pool, len(places), evidence, rng)
    else:
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


def _evidence(s: PantacleState, viewer: int, places: list[tuple[Player, int]]) -> list[_Evidence]:
    """The passes that say something about hidden cards still in hand: those made by another
    seat while holding at least one of its cards that `viewer` has not seen. What is left of a
    seat's hand stays the same between two arrivals, so its passes are grouped by arrival."""
    slot = {(p.seat, i): k for k, (p, i) in enumerate(places)}
    passes = s.passes
    out: list[_Evidence] = []
    for p in s.players:
        if p.seat == viewer or not p.since:
            continue
        arrivals = sorted(set(p.since))
        arrivals.append(len(passes))
        for j in range(len(arrivals) - 1):
            group: dict[tuple[str, bool], int] = {}
            for n in range(arrivals[j], arrivals[j + 1]):
                x = passes[n]
                if x.seat == p.seat:
                    key = (x.favor, x.resolve_hound)
                    group[key] = group.get(key, 0) + 1
            if not group:
                continue
            held = [i for i, came in enumerate(p.since) if came <= arrivals[j]]
            hidden = tuple(slot[(p.seat, i)] for i in held if (p.seat, i) in slot)
            if not hidden:
                continue
            known: dict[str, int] = {}
            for i in held:
                if (p.seat, i) not in slot:
                    k = BLADE_KEEPER[p.hand[i]]
                    known[k] = known.get(k, 0) + 1
            for (favor, resolve_hound), times in group.items():
                counts = dict(known)
                if resolve_hound:
                    counts[HOUND] = counts.get(HOUND, 0) + 1
                keepers = FAVORS[favor].keepers
                out.append(_Evidence(keepers, tuple(counts.items()), hidden, times))
    return out


def _likelihood(deal: list[str], evidence: list[_Evidence]) -> float:
    """How likely the passes are if the hidden places hold `deal` (place k: `deal[-1 - k]`)."""
    weight = 1.0
    for e in evidence:
        counts = dict(e.known)
        for h in e.hidden:
            k = BLADE_KEEPER[deal[-1 - h]]
            counts[k] = counts.get(k, 0) + 1
        if payable(e.keepers, counts, counts.get(HOUND, 0)):
            weight *= PASS_WHEN_ABLE**e.times
    return weight


def _likely_deal(pool: list[str], dealt: int, evidence: list[_Evidence], rng: Rng) -> list[str]:
    """`pool` reordered so that its last `dealt` cards (the hidden places' cards) are drawn in
    proportion to the passes' likelihood, and the rest (the pile) in uniform random order.

    Each try draws the last `dealt` cards uniformly (the first steps of a Fisher-Yates shuffle)
    and is accepted with probability equal to its likelihood; after `TRIES` rejections the
    likeliest deal drawn stands."""
    best: list[str] = pool
    best_weight = -1.0
    for _ in range(TRIES):
        deck = pool[:]
        for i in range(len(deck) - 1, len(deck) - 1 - dealt, -1):
            j = rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        weight = _likelihood(deck, evidence)
        if weight > best_weight:
            best, best_weight = deck, weight
        if rng.random() < weight:
            best = deck
            break
    rest = best[: len(best) - dealt]
    rng.shuffle(rest)
    return rest + best[len(best) - dealt :]
