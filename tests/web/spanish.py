"""What a page shows, and whether any English is left in it: the words of the service's English
templates (tests/service/test_spanish.py) and of the client's own English texts that neither a
Spanish translation nor a printed name uses."""

from __future__ import annotations

import re
from functools import cache

from playwright.sync_api import Page

from service import i18n
from service.games import catalog
from tests.service.test_spanish import ENGLISH, SEAT_ID, WORD
from tests.web.test_client_words import marked, table

# Names of the product and the games, and what the language select offers in every language.
KEPT = {
    "Coven", "Pagan", "Pantacle", "PANTACLE", "English", "Fate", "Roanoke", "Beyond", "Palisades",
}  # fmt: skip
# Everyday English a hard-coded text would use, whatever the catalogs say.
COMMON = {
    "the", "and", "your", "you", "with", "from", "for", "this", "that", "are", "has", "have",
    "none", "empty", "pile", "deck", "hand", "turn", "won", "was", "were", "not", "all",
    "played", "passed", "seat", "waiting", "move", "moves", "game", "games", "log", "last",
    "hint", "legend", "how", "play", "rules", "close", "result", "winner", "winners", "reason",
}  # fmt: skip

# Every text the page shows a person: visible text, and the names and hints of elements.
SHOWN = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!el || !node.textContent.trim()) continue;
    if (el.closest('script, style, noscript, option[value=en], [hidden]')) continue;
    if (!el.checkVisibility({visibilityProperty: true}) && !el.closest('.sr-only')) continue;
    out.push(node.textContent.trim());
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (el.closest('[hidden]')) continue;
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
      const v = el.getAttribute(a);
      if (v && v.trim()) out.push(v.trim());
    }
  }
  return out;
}"""


@cache
def names() -> frozenset[str]:
    """The words of the names of the games' data that are kept as printed: every name but
    those the message catalog translates (a deck's, a point's, "Standard game")."""
    found: set[str] = set()
    translated = i18n.read_messages("es")

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                named = key in ("name", "keeper_name") and isinstance(value, str)
                if named and value not in translated:
                    found.update(WORD.findall(value))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(catalog())
    return frozenset(found)


@cache
def english() -> frozenset[str]:
    """Words that mean English was left: the templates', the client's and everyday ones."""
    client = {w for text in marked() for w in WORD.findall(ARGS.sub(" ", text))}
    spanish = {w for text in table().values() for w in WORD.findall(ARGS.sub(" ", text))}
    everyday = {w for w in COMMON} | {w.capitalize() for w in COMMON}
    return frozenset((ENGLISH | client | everyday) - spanish - names() - KEPT)


ARGS = re.compile(r"\{[a-zA-Z_]+\}")


def shown(page: Page) -> list[str]:
    texts: list[str] = page.evaluate(SHOWN)
    return texts


def english_left(page: Page, extra_names: tuple[str, ...] = ()) -> list[tuple[str, list[str]]]:
    """Each text of the page with English words in it, and those words."""
    left = []
    words = english()
    for text in shown(page):
        cleaned = SEAT_ID.sub("", text)
        for name in extra_names:
            cleaned = cleaned.replace(name, "")
        found = [w for w in WORD.findall(cleaned) if w in words]
        if found:
            left.append((text, found))
    return left
