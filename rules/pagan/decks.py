"""Named decks and the deckbuilding rules a deck must keep."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rules.pagan.cards import SIDE_NAMES, SIDES, TYPE_PLURALS, TYPES_BY_SIDE, Catalog
from rules.pagan.catalog import load_catalog

MAX_COPIES = 2


def expand_deck(cards: Mapping[str, int]) -> list[str]:
    """A deck as a list of card ids, one entry per copy, in card-number order (unshuffled)."""
    return [cid for cid in sorted(cards) for _ in range(max(0, cards[cid]))]


def type_minimum(size: int) -> int:
    """At least 10 of each type in a 50-card deck is a fifth of the deck; other sizes keep that
    proportion (6 of 30 for Scenario 1's starter decks, which hold 6 or 8 of each type)."""
    return size // 5


def validate_deck(
    cards: Mapping[str, int] | Sequence[str],
    side: str,
    size: int = 50,
    catalog: Catalog | None = None,
) -> list[str]:
    """Every way the deck breaks the deckbuilding rules, as messages a player can act on; an
    empty list means the deck is legal. `cards` is {card id: copies} or a list of card ids.

    Rules (Rulebook, Deckbuilding): exactly `size` cards (50; 30 for the starter decks), at most 2
    copies of any card name, only the side's own cards, and at least 10 cards of each of the
    side's four types. The rulebook states that minimum only for 50 cards; for another size we
    require the same fifth of the deck, `size // 5` (6 of 30), which the rulebook's own starter
    decks meet. Copies are counted by name, as the rulebook words it, so a reprint under another
    number still counts against the same limit."""
    cat = catalog if catalog is not None else load_catalog()
    if side not in SIDES:
        return [f"unknown side {side!r}: a deck belongs to the hunter or the witch"]
    side_name = SIDE_NAMES[side]
    problems: list[str] = []

    counts: Counter[str] = Counter()
    if isinstance(cards, str):
        return ["a deck must be a list of card ids or a mapping of card id to copies, not text"]
    if isinstance(cards, Mapping):
        for cid, n in cards.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                problems.append(
                    f"card {cid} has count {n!r}: a count must be a whole number of at least 1"
                )
                continue
            counts[str(cid)] += n
    else:
        for cid in cards:
            if not isinstance(cid, str):
                problems.append(f'card id {cid!r} must be text, e.g. "0002"')
                continue
            counts[cid] += 1

    by_name: Counter[str] = Counter()
    by_type: Counter[str] = Counter()
    for cid in sorted(counts):
        card = cat.cards.get(cid)
        if card is None:
            problems.append(f"unknown card id {cid!r}: no card has that number")
            continue
        if card.side != side:
            other = SIDE_NAMES.get(card.side, card.side)
            problems.append(
                f"{card.name} ({cid}) is a {other} card; a {side_name} deck may hold only "
                f"{side_name} cards"
            )
            continue
        by_name[card.name] += counts[cid]
        by_type[card.type] += counts[cid]

    total = sum(counts.values())
    if total != size:
        problems.append(f"a deck needs exactly {size} cards, this one has {total}")
    for name in sorted(by_name):
        if by_name[name] > MAX_COPIES:
            problems.append(
                f"a deck may hold at most {MAX_COPIES} copies of a card, "
                f"this one has {by_name[name]} of {name}"
            )
    minimum = type_minimum(size)
    for kind in TYPES_BY_SIDE[side]:
        if by_type[kind] < minimum:
            problems.append(
                f"a {side_name} deck of {size} cards needs at least {minimum} "
                f"{TYPE_PLURALS[kind]}, this one has {by_type[kind]}"
            )
    return problems
