"""Pagan's catalog tables (cards and villagers by id), the facts the engine works out from them
once (`derived`), the game's fixed numbers (supplies, slots, the hand limit) and the words its
texts count with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableMapping
from functools import cache
from typing import Any, Final, TypeVar, cast

from mypy_extensions import mypyc_attr

from rules.core import N_
from rules.pagan.cards import Card, Villager
from rules.pagan.catalog import load_catalog

V = TypeVar("V")
F = TypeVar("F", bound=Callable[..., Any])

_DERIVED: list[Any] = []


def derived(fn: F) -> F:
    """Memoize `fn`, a pure function of its arguments and the catalog tables (`CARDS`,
    `VILLAGERS`): a card's modifiers, a move whose label names a card. The memo is dropped
    whenever a table changes (see `CatalogTable`), so it never outlives the data it came from."""
    memo = cache(fn)
    _DERIVED.append(memo)
    return cast(F, memo)


def forget_derived() -> None:
    for memo in _DERIVED:
        memo.cache_clear()


# A plain Python class even when compiled: a native class ignores the MutableMapping methods
# assigned below, so `update` and the rest would bypass `__setitem__`.
@mypyc_attr(native_class=False)
class CatalogTable(dict[str, V]):
    """A catalog table by id. The engine only reads it; a change (a test replacing a card with
    `monkeypatch.setitem`) drops every `derived` memo. Entries are frozen dataclasses: they are
    replaced, never changed in place."""

    def __setitem__(self, key: str, value: V) -> None:
        super().__setitem__(key, value)
        forget_derived()

    def __delitem__(self, key: str) -> None:
        super().__delitem__(key)
        forget_derived()

    def __ior__(self, other: Iterable[tuple[str, V]]) -> CatalogTable[V]:  # type: ignore[override,misc]
        self.update(other)
        return self

    # dict's own bulk changes bypass the two methods above; these go through them.
    update = MutableMapping.update
    pop = MutableMapping.pop
    popitem = MutableMapping.popitem
    setdefault = MutableMapping.setdefault
    clear = MutableMapping.clear


CATALOG = load_catalog()
CARDS: CatalogTable[Card] = CatalogTable(CATALOG.cards)
VILLAGERS: CatalogTable[Villager] = CatalogTable(CATALOG.villagers)

TOKEN_LIMITS = {"clue": 30, "evidence": 9, "secret": 30, "favor": 20}
GLOOM_LIMIT: Final = 30  # Beyond the Palisades: the Gloom supply (only in games with the expansion)
BOARD_SLOTS: Final = 3
ENCHANTMENT_SLOTS: Final = 3
HAND_LIMIT: Final = 7
LASTING_ON_BOARD = ("location", "ally", "brew", "familiar")
TOKEN_NAMES = {
    "clue": N_("Clue"),
    "secret": N_("Secret"),
    "favor": N_("Favor"),
    "evidence": N_("Evidence"),
}
# The plural of each word `plural` counts (marked, so the catalog renders each form).
PLURALS = {
    "Clue": N_("Clues"),
    "Secret": N_("Secrets"),
    "Favor": N_("Favors"),
    "Evidence": N_("Evidences"),
    "Gloom": N_("Glooms"),
    "card": N_("cards"),
}


def card_name(card_id: str) -> str:
    return CARDS[card_id].name


def villager_name(villager_id: str) -> str:
    return VILLAGERS[villager_id].name


def plural(n: int, word: str) -> str:
    return N_("{n} {word}").format(n=n, word=word if n == 1 else PLURALS.get(word, word + "s"))
