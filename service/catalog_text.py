"""The games' catalogs in the reader's language (GraphQL's `Query.catalog(lang:)`, REST's
`GET /api/v1/catalog` with Accept-Language).

The catalog is the games' data (`service.games.catalog`, from the YAML of `rules/*/data/`):
names, costs, texts. Its texts (a card's, a villager's, a scenario's, a Favor's, a Power's, a
Curse's, a point's) are messages of the catalog that `python -m service.messages` extracts, so
their Spanish lives in `service/locale/es/LC_MESSAGES/messages.po` beside every other message,
translated by us (no Spanish edition of the games' texts exists; each entry's `#.` comment says
where its English comes from). A name stays as printed, like the names inside move labels,
unless it describes rather than names (`described_name`: a deck's, a point's, the standard
game's), which is translated too, so a client needs no copy of the games' data of its own.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import cache
from typing import Any

import orjson

from service import i18n
from service.games import catalog

log = logging.getLogger(__name__)


def described_name(kind: str, entry: Mapping[str, Any]) -> bool:
    """Whether an entry's `name` describes it rather than names it (and is translated): a
    deck's ("Starter deck (Hunter)"), a point of the PANTACLE's ("Top point"), a scenario's
    that has no number (the standard game, which is no printed scenario)."""
    if kind in ("decks", "points"):
        return True
    return kind == "scenarios" and not str(entry.get("id", "")).isdigit()


def _render(node: Any, messages: Mapping[str, str], kind: str) -> Any:
    if isinstance(node, list):
        return [_render(item, messages, kind) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if isinstance(value, str) and (
            key == "text" or (key == "name" and described_name(kind, node))
        ):
            out[key] = messages.get(value, value)
        elif isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            # A table of entries by id (`decks`): its entries are of its kind.
            out[key] = {k: _render(v, messages, key) for k, v in value.items()}
        else:
            out[key] = _render(value, messages, key if isinstance(value, list) else kind)
    return out


@cache
def catalog_in(lang: str) -> dict[str, Any]:
    """The catalog of every game in `lang` (itself in English); rendered once per process.
    Never raises: a catalog that cannot be rendered is logged and answered in English."""
    data = catalog()
    translator = i18n.translator(lang)
    if translator is None:
        return data
    try:
        games = [
            {**game, "catalog": _render(game["catalog"], translator.exact, "")}
            for game in data["games"]
        ]
    except Exception:
        log.exception("the catalog could not be rendered in %s; sent in English", lang)
        return data
    return {**data, "games": games}


@cache
def catalog_bytes(lang: str) -> bytes:
    """`catalog_in(lang)` as the JSON body of a REST answer."""
    return orjson.dumps(catalog_in(lang))
