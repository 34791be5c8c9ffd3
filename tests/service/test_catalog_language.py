"""The catalog in the reader's language: in Spanish (GraphQL's `lang: ES` or Accept-Language,
REST's Accept-Language) the texts of the games' data (cards, villagers, scenarios, Favors,
Powers, Curses, the PANTACLE's points) and the names the message catalog translates (decks,
points) are Spanish, with no word of an English template left; the printed names (cards,
villagers, Keepers, Favors...) stay as printed; English is unchanged. Also what a browser asks
of any page of the service: its /favicon.ico."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from service.games import catalog
from tests.service.test_spanish import assert_spanish

QUERY = "query ($lang: Language) { catalog(lang: $lang) { games { name catalog } } }"
ES = {"Accept-Language": "es"}


def entries(cat: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(kind, entry) of every entry of a game's catalog with an id."""
    for kind, value in cat.items():
        items = list(value.values()) if isinstance(value, dict) else value
        for item in items if isinstance(items, list) else []:
            if isinstance(item, dict):
                yield kind, item


def by_game(games: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {g["name"]: g["catalog"] for g in games}


def english() -> dict[str, dict[str, Any]]:
    return {g["name"]: g["catalog"] for g in catalog()["games"]}


def check_spanish(games: dict[str, dict[str, Any]]) -> int:
    """Every text Spanish, every printed name kept; the number of texts checked."""
    checked = 0
    for game, cat in english().items():
        spanish = games[game]
        for (kind, before), (_, after) in zip(entries(cat), entries(spanish), strict=True):
            if "text" in before:
                assert after["text"] != before["text"] or not before["text"], (kind, before)
                assert_spanish(after["text"])
                checked += 1
            if kind in ("cards", "villagers", "keepers", "favors", "curses", "powers"):
                assert after.get("name") == before.get("name"), (kind, before, after)
            if kind == "decks":
                assert_spanish(after["name"])
    return checked


def test_graphql_gives_the_catalog_in_spanish_by_lang_or_header(api: str) -> None:
    by_lang = httpx.post(api + "/graphql", json={"query": QUERY, "variables": {"lang": "ES"}})
    assert check_spanish(by_game(by_lang.json()["data"]["catalog"]["games"])) > 150
    by_header = httpx.post(api + "/graphql", json={"query": QUERY}, headers=ES)
    assert by_header.json()["data"] == by_lang.json()["data"]
    plain = httpx.post(api + "/graphql", json={"query": QUERY})
    assert by_game(plain.json()["data"]["catalog"]["games"]) == english()


def test_rest_gives_the_catalog_in_spanish_by_header(api: str) -> None:
    answer = httpx.get(api + "/api/v1/catalog", headers=ES)
    assert answer.status_code == 200 and answer.headers["content-language"] == "es"
    assert check_spanish(by_game(answer.json()["games"])) > 150
    cached = {**ES, "If-None-Match": answer.headers["etag"]}
    again = httpx.get(api + "/api/v1/catalog", headers=cached)
    assert again.status_code == 304
    plain = httpx.get(api + "/api/v1/catalog")
    assert by_game(plain.json()["games"]) == english()


def test_a_scenario_and_a_villager_read_as_the_spanish_summary_names_things(api: str) -> None:
    answer = httpx.post(api + "/graphql", json={"query": QUERY, "variables": {"lang": "ES"}})
    pagan = by_game(answer.json()["data"]["catalog"]["games"])["pagan"]
    annie = next(v for v in pagan["villagers"] if v["id"] == "doctor-annie")
    assert annie["name"] == "Doctor Annie"
    assert "aldeanos azules" in annie["text"] and "roba 1 carta" in annie["text"].lower()
    decks = {k: d["name"] for k, d in pagan["decks"].items()}
    assert "Cazador" in decks["starter-hunter"] and "Bruja" in decks["starter-witch"]


@pytest.mark.parametrize("path", ["/favicon.ico"])
def test_every_page_of_the_service_has_its_icon(api: str, path: str) -> None:
    answer = httpx.get(api + path)
    assert answer.status_code == 200
    assert answer.headers["content-type"] in ("image/x-icon", "image/vnd.microsoft.icon")
    assert answer.content[:4] == b"\x00\x00\x01\x00"  # an ICO file
