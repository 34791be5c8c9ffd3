"""The message catalog is complete and current, and languages are negotiated as RFC 9110 says
(docs/localisation.md)."""

from __future__ import annotations

import re

import pytest

from service import i18n, messages
from service.catalog_text import described_name
from service.games import catalog
from service.i18n import PLACEHOLDER, Translator, negotiate


def _names() -> set[str]:
    """Every name printed on a component (cards, villagers, keepers, favors, ...); the names
    that describe rather than name (a point of the Pantacle's board, a deck, the standard game)
    are words the catalog translates (`service.catalog_text.described_name`)."""
    found: set[str] = set()
    for game in catalog()["games"]:
        for kind, value in game["catalog"].items():
            entries = list(value.values()) if isinstance(value, dict) else value
            for entry in entries if isinstance(entries, list) else []:
                if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                    continue
                if not described_name(kind, entry):
                    found.add(entry["name"])
    return found


def test_the_names_that_describe_are_those_of_decks_points_and_the_standard_game() -> None:
    described = {
        entry["name"]
        for game in catalog()["games"]
        for kind, value in game["catalog"].items()
        for entry in (list(value.values()) if isinstance(value, dict) else value)
        if isinstance(entry, dict) and "name" in entry and described_name(kind, entry)
    }
    assert "Starter deck (Hunter)" in described and "Top point" in described
    assert "Standard game (no scenario)" in described
    assert not described & {"Welcome to Roanoke", "Doctor Annie", "The Oracle", "New Moon"}


def test_the_committed_template_is_the_one_extracted_from_the_sources() -> None:
    assert messages.render(messages.extract()) == messages.POT.read_bytes(), (
        "run `python -m service.messages` and translate what it adds"
    )


def test_every_english_message_has_a_spanish_one() -> None:
    template = {m.id for m in messages.read(messages.POT) if m.id}
    spanish = messages.read(i18n.po_path("es"), "es")
    translated = {m.id for m in spanish if m.id and m.string and not m.fuzzy}
    assert sorted(template - translated) == []
    assert sorted({m.id for m in spanish if m.id} - template) == []  # nothing obsolete


def test_a_translation_has_the_arguments_of_its_message() -> None:
    for msgid, msgstr in i18n.read_messages("es").items():
        assert sorted(PLACEHOLDER.findall(msgstr)) == sorted(PLACEHOLDER.findall(msgid)), msgid


def test_messages_that_read_alike_are_translated_alike() -> None:
    """ "Discard {card}" and "Discard {name}" match the same texts: one rendering for both."""
    seen: dict[str, tuple[str, str]] = {}
    for msgid, msgstr in i18n.read_messages("es").items():
        shape = PLACEHOLDER.sub("{}", msgid)
        names = PLACEHOLDER.findall(msgid)
        rendered = msgstr
        for i, name in enumerate(names):
            rendered = rendered.replace("{" + name + "}", "{" + str(i) + "}")
        if shape in seen:
            assert seen[shape][1] == rendered, (msgid, seen[shape][0])
        seen[shape] = (msgid, rendered)


def test_no_printed_name_is_a_message_so_names_stay_as_printed() -> None:
    exact = {k for k in i18n.read_messages("es") if not PLACEHOLDER.search(k)}
    assert sorted(_names() & exact) == []


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("es", "es"),
        ("es-ES", "es"),
        ("es-419,es;q=0.9", "es"),
        ("fr-FR, es;q=0.5, en;q=0.4", "es"),
        ("en;q=0.9, es;q=0.8", "en"),
        ("es;q=0.5, en;q=0.9", "en"),
        ("es;q=0, en", "en"),
        ("fr, de", "en"),
        ("*", "en"),
        ("", "en"),
        (None, "en"),
        ("es;q=bad", "en"),
        # Case never matters (RFC 4647), and the answer is always spelled as LANGUAGES has it.
        ("ES", "es"),
        ("Es-MX", "es"),
        ("ES-419, EN;q=0.5", "es"),
        ("EN;q=0.1, ES", "es"),
        ("es;Q=0.8, en;q=0.9", "en"),
        ("EN", "en"),
        # A malformed q-value or range drops that range, not the header.
        ("es;q=nan, en;q=0.1", "en"),
        ("es;q=inf, en;q=0.9", "en"),
        ("es;q=1e3, en;q=0.9", "en"),
        ("es;q=1.5", "en"),
        ("es;q=-1", "en"),
        ("fr;q=0.9, es;q=0.8", "es"),
        ("../../etc, es;q=0.5", "es"),
        ("es_ES", "en"),
        (" es ", "es"),
        ("*;q=0.9, es;q=0.5", "es"),
        (",,,", "en"),
    ],
)
def test_accept_language_is_negotiated_by_q_value(header: str | None, lang: str) -> None:
    assert negotiate(header) == lang


@pytest.mark.parametrize("name", ["ES", "Es", "es-ES", "../es", "fr", ""])
def test_only_a_language_of_the_service_has_a_translator(name: str) -> None:
    """No other name reaches the catalog's path: each is English, never a missing file."""
    assert i18n.translator(name) is None
    answer = {"detail": "the game is over"}
    assert i18n.localise(answer, name) is answer
    assert i18n.text("the game is over", name) == "the game is over"


def test_a_translation_that_cannot_be_formatted_leaves_the_text_as_it_is() -> None:
    tr = Translator({"Visit {villager}": "Visitar a {aldeano}"})
    assert tr.find("Visit Doctor Annie") is None
    assert tr.text("Visit Doctor Annie") == "Visit Doctor Annie"


def test_an_argument_name_may_hold_digits() -> None:
    """ "{version2}" is an argument like "{version}" (it was read as literal text, so the
    stale-version error was left in English)."""
    assert PLACEHOLDER.findall("at version {version}, not {version2}") == ["version", "version2"]
    tr = i18n.translator("es")
    assert tr is not None
    assert tr.text("the game is at version 0, not 99: read it again") == (
        "la partida está en la versión 0, no en la 99: vuelve a leerla"
    )


def test_a_text_is_rendered_from_its_template_with_its_arguments_rendered_too() -> None:
    tr = Translator(
        {"Place a {token} on {where}": "Colocar 1 {token} en {where}", "Secret": "Secreto"}
    )
    assert tr.text("Place a Secret on Doctor Annie") == "Colocar 1 Secreto en Doctor Annie"
    assert tr.find("Take a Secret") is None


def test_a_template_of_arguments_only_matches_only_messages() -> None:
    tr = Translator({"{name}: {text}": "{name}: {text}", "Top point": "Punta superior"})
    assert tr.find("Note: something else") is None
    assert tr.find("Top point: Top point") == "Punta superior: Punta superior"


def test_a_log_entry_is_read_back_into_its_label_and_rendered() -> None:
    tr = i18n.translator("es")
    assert tr is not None
    entry = {"text": "The Hunter returned Allure to his hand", "actor": "hunter", "action": "x"}
    assert tr.description(entry) == "El Cazador eligió: Devolver Allure a su mano"
    entry = {"text": "The Witch drew a card", "actor": "witch", "action": "take"}
    assert tr.description(entry) == "La Bruja robó una carta"


def test_english_is_the_answer_itself() -> None:
    answer = {"label": "Visit Doctor Annie"}
    assert i18n.localise(answer, "en") is answer
    assert re.search("Visitar", i18n.localise(answer, "es")["label"])
