"""The display-name policy (docs/display-names.md): NFC, a visible character, no control,
format, separator or invisible characters but what emoji are made of, and no name the table
gives a seat, a role or the AI, compared without regard to case, width or punctuation. Each
refused case here was accepted before (and the emoji refused); REST and GraphQL are checked
through an in-process app."""

from __future__ import annotations

import unicodedata
import uuid
from collections.abc import Iterator

import pytest

import ai
from gamestore.settings import Settings
from rules.core import game_names, get_game
from service.app import create_app
from service.errors import MalformedInput, NameRefused
from service.names import display_name, key
from tests.support.in_process import TestClient
from tests.support.namespace import settings_for


def fullwidth(text: str) -> str:
    """`text` in full-width forms (U+FF01 to U+FF5E for ASCII's printable characters)."""
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


WIZARD = "\U0001f9d9\u200d\u2640\ufe0f"  # woman mage: mage, ZWJ, female sign, VS16
ACCEPTED = [
    "Morgana",
    "Van Helsing",
    WIZARD,
    "\U0001f9d9\U0001f3fd\u200d\u2640\ufe0f",  # with a skin tone
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # family
    "\u2764\ufe0f",  # red heart, emoji presentation
    "1\ufe0f\u20e3",  # keycap one
    "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland
    "Zoë",
    fullwidth("Morgana"),  # kept as chosen (only compared folded)
    "李小龍",
    "محمد",
    "Hard Rock",  # a level's word inside a name is fine
    "Hunter S. Thompson",
    "seat-1 fan",
    "e\u0301lan",  # NFC makes it "élan"
]
REFUSED_CHARACTERS = [
    "line\u2028separator",
    "para\u2029graph",
    "a\u200db",  # a joiner between letters
    "\u200d\U0001f9d9",  # a joiner with nothing before it
    "\U0001f9d9\u200d",  # or after it
    "zero\u200bwidth",
    "soft\u00adhyphen",
    "\ufe0fx",  # a variation selector with nothing to select
    "tag\U000e0041s",  # tag characters outside a flag
    "\U0001f3f4\U000e0067\U000e0062",  # a flag's tags never closed
    "ab\u034fc",  # combining grapheme joiner inside a name
    "Ann\u3164",  # Hangul filler inside a name
    "private\ue000use",
    "unassigned\U000e01f0x",
]
BLANK = ["\u3164", "\u2800", "\u115f\u1160", "\u034f", "\uffa0", "\u2800\u2800", "\u0301"]
RESERVED = [
    "seat-1",
    "Seat 2",
    "SEAT_0",
    "Asiento 3",
    "seat\u0662",  # an Arabic-Indic digit two
    "hunter",
    "Witch",
    "the Witch",
    "The Hunter",
    "la Bruja",
    "el Cazador de Brujas",
    "AI (hard)",
    "A.I. (Hard)",
    "IA difícil",
    "IA dificil",
    "hard",
    "Novice",
    "experto",
    "AI",
    "ia",
    "You",
    "Tú",
    fullwidth("Witch"),
    fullwidth("SEAT-1"),
    fullwidth("hard"),
]


@pytest.mark.parametrize("name", ACCEPTED)
def test_a_name_the_policy_admits_is_kept_as_chosen_in_nfc(name: str) -> None:
    assert display_name(f"  {name} ") == unicodedata.normalize("NFC", name)


def test_two_spellings_of_one_text_are_one_name() -> None:
    assert display_name("e\u0301lan") == display_name("\u00e9lan") == "\u00e9lan"


@pytest.mark.parametrize("name", REFUSED_CHARACTERS)
def test_control_format_separator_and_invisible_characters_are_refused(name: str) -> None:
    with pytest.raises(NameRefused, match="may not contain U\\+"):
        display_name(name)


@pytest.mark.parametrize("name", BLANK)
def test_a_name_that_draws_nothing_is_refused(name: str) -> None:
    with pytest.raises(NameRefused):
        display_name(name)


@pytest.mark.parametrize("name", RESERVED)
def test_what_the_table_calls_a_seat_a_role_or_the_ai_is_refused(name: str) -> None:
    with pytest.raises(NameRefused, match="a seat, a role or the AI"):
        display_name(name)


def test_every_seat_of_every_game_and_every_level_is_refused_in_any_case() -> None:
    names = [s for g in game_names() for s in get_game(g).seats(get_game(g).default_options())]
    for name in [*names, *ai.LEVELS]:
        for spelled in (name, name.upper(), name.title(), f" {name.replace('-', ' ')} "):
            with pytest.raises(NameRefused):
                display_name(spelled)


def test_the_comparison_key_ignores_case_width_accents_and_punctuation() -> None:
    assert key(fullwidth("A.I. (Dif") + "ícil)") == key("ai dificil") == "aidificil"


@pytest.mark.parametrize("raw", [3, ["x"], {"a": 1}, True])
def test_a_name_that_is_not_a_string_is_malformed(raw: object) -> None:
    with pytest.raises(MalformedInput):
        display_name(raw)


# -- through the API -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client(namespace: dict[str, str]) -> Iterator[TestClient]:
    prefix = f"{namespace['COVEN_KEY_PREFIX']}names-{uuid.uuid4().hex[:6]}:"
    settings: Settings = settings_for({**namespace, "COVEN_KEY_PREFIX": prefix})
    with TestClient(create_app(settings), raise_server_exceptions=False) as test_client:
        yield test_client


def _create(client: TestClient, name: str, lang: str = "en") -> tuple[int, dict[str, object]]:
    seats = [{"seat": "witch", "kind": "human", "name": name}]
    r = client.post(
        "/api/v1/games", json={"game": "pagan", "seats": seats}, headers={"Accept-Language": lang}
    )
    return r.status_code, r.json()


def _join_graphql(client: TestClient, name: str) -> dict[str, object]:
    game = client.post("/api/v1/games", json={"game": "pagan"}).json()["id"]
    query = "mutation ($g: ID!, $n: String) { joinGame(gameId: $g, name: $n) { name } }"
    answer: dict[str, object] = client.post(
        "/graphql", json={"query": query, "variables": {"g": game, "n": name}}
    ).json()
    return answer


def test_the_emoji_is_a_name_over_rest_and_graphql(client: TestClient) -> None:
    status, created = _create(client, WIZARD)
    assert status == 201, created
    assert created["seats"][0]["name"] == WIZARD  # type: ignore[index]
    joined = _join_graphql(client, WIZARD)
    assert joined["data"] == {"joinGame": {"name": WIZARD}}


@pytest.mark.parametrize(
    "name",
    [
        *("a\u2028b", "\u3164", "\u2800", "\u115f\u1160", "\u034f"),
        *("seat-1", "Seat 2", "hunter", "AI (hard)", fullwidth("Witch")),
    ],
)
def test_a_refused_name_is_name_refused_over_rest_and_graphql(
    client: TestClient, name: str
) -> None:
    status, problem = _create(client, name)
    assert status == 422 and problem["code"] == "NAME_REFUSED", problem
    joined = _join_graphql(client, name)
    assert joined["errors"][0]["extensions"]["code"] == "NAME_REFUSED", joined  # type: ignore[index]


def test_a_refused_name_is_explained_in_spanish(client: TestClient) -> None:
    status, problem = _create(client, "AI (hard)", "es")
    assert status == 422
    assert problem["detail"] == (
        "asiento 'witch': nombre no puede ser como la mesa llama a un asiento, un papel o "
        "la IA: 'AI (hard)'"
    )
    status, problem = _create(client, "a\u2028b", "es")
    assert problem["detail"] == (
        "asiento 'witch': nombre no puede contener U+2028: ni caracteres de control, de "
        "formato, separadores de línea ni caracteres invisibles"
    )
