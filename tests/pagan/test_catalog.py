"""The Pagan catalog: the data matches the rulebook where it prints something, stays inside the
documented vocabulary everywhere, and deck validation names every broken deckbuilding rule."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from typing import Any

import pytest

from rules.pagan.cards import HUNTER_TYPES, WITCH_TYPES, Card, Catalog
from rules.pagan.catalog import load_catalog
from rules.pagan.catalog_check import check_catalog
from rules.pagan.catalog_export import catalog_json
from rules.pagan.decks import expand_deck, validate_deck

# The rulebook's "Starter deck" tables (Deckbuilding > Starter deck): name, type, number, count.
STARTER_HUNTER = [
    ("Headquarters", "location", "0021", 2),
    ("Main Hall", "location", "0020", 2),
    ("Study", "location", "0022", 2),
    ("Persuasion", "investigation", "0017", 2),
    ("Quarantine", "investigation", "0015", 2),
    ("Gossip", "investigation", "0013", 2),
    ("Harsh Treatment", "investigation", "0019", 2),
    ("Ransack", "event", "0011", 2),
    ("Rapid Decay", "event", "0009", 2),
    ("On the Trail", "event", "0010", 2),
    ("Bribe", "event", "0007", 2),
    ("Thug", "ally", "0005", 2),
    ("Native Guide", "ally", "0001", 2),
    ("Operative", "ally", "0004", 2),
    ("Clerk", "ally", "0002", 2),
]
STARTER_WITCH = [
    ("Allure", "charm", "0038", 2),
    ("Suggestion", "charm", "0037", 2),
    ("Discredit", "charm", "0034", 2),
    ("Misdirection", "charm", "0035", 2),
    ("Assist", "familiar", "0045", 2),
    ("Learn Secrets", "familiar", "0048", 2),
    ("Qualm", "familiar", "0049", 2),
    ("Gather", "familiar", "0047", 2),
    ("Hypnotism", "enchantment", "0040", 2),
    ("Witch's Mark", "enchantment", "0043", 2),
    ("Obscuring Mist", "enchantment", "0041", 2),
    ("Surplus Elixir", "brew", "0030", 2),
    ("Potion of Knowledge", "brew", "0029", 2),
    ("Blend of Nature", "brew", "0028", 2),
    ("Flagon of Oblivion", "brew", "0026", 2),
]

# The numbering by type this catalog uses (the rulebook gives it only through the starter tables).
TYPE_RANGES = {
    "ally": (1, 6),
    "event": (7, 12),
    "investigation": (13, 19),
    "location": (20, 25),
    "brew": (26, 32),
    "charm": (33, 38),
    "enchantment": (39, 44),
    "familiar": (45, 50),
}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def by_name(catalog: Catalog, name: str) -> Card:
    (card,) = [c for c in catalog.cards.values() if c.name == name]
    return card


def base_cards(catalog: Catalog) -> list[Card]:
    """The base game's cards (the catalog also holds the expansion's, tests below)."""
    return [c for c in catalog.cards.values() if c.box == "base"]


def legal_hunter_deck() -> dict[str, int]:
    return dict(load_catalog().decks["base-hunter"])


# --- the cards --------------------------------------------------------------------------------


def test_50_distinct_cards_numbered_0001_to_0050(catalog: Catalog) -> None:
    assert sorted(c.id for c in base_cards(catalog)) == [f"{n:04d}" for n in range(1, 51)]
    assert len({c.name for c in base_cards(catalog)}) == 50
    for card in catalog.cards.values():
        assert card.number == int(card.id)


def test_cards_0001_0025_are_hunter_and_0026_0050_witch(catalog: Catalog) -> None:
    for card in base_cards(catalog):
        expected = "hunter" if card.number <= 25 else "witch"
        assert card.side == expected, card
        assert card.type in (HUNTER_TYPES if expected == "hunter" else WITCH_TYPES)


def test_numbering_by_type(catalog: Catalog) -> None:
    for card in base_cards(catalog):
        low, high = TYPE_RANGES[card.type]
        assert low <= card.number <= high, card


def test_catalog_passes_its_own_check(catalog: Catalog) -> None:
    assert check_catalog(catalog) == []


def test_every_card_has_a_valid_origin_and_examples_cite_a_source(catalog: Catalog) -> None:
    for card in catalog.cards.values():
        assert card.origin in {"example", "printed", "designed"}, card
        assert card.text.strip(), card
        if card.origin in ("example", "printed"):
            assert "Rulebook" in card.source, card


def test_costs_are_in_a_sane_range(catalog: Catalog) -> None:
    assert all(0 <= c.cost <= 4 for c in catalog.cards.values())


@pytest.mark.parametrize(
    ("name", "cost"),
    [
        ("Clerk", 2),
        ("Armory", 1),
        ("Surplus Elixir", 2),
        ("Qualm", 2),
        ("Entranced", 3),
        ("Learn Secrets", 2),
    ],
)
def test_costs_the_rulebook_examples_give(catalog: Catalog, name: str, cost: int) -> None:
    assert by_name(catalog, name).cost == cost


def test_facts_the_rulebook_examples_give(catalog: Catalog) -> None:
    clerk = by_name(catalog, "Clerk").data
    assert clerk["upkeep"] == 1
    assert clerk["triggers"][0]["cost"] == {"discard": 1}
    assert by_name(catalog, "Surplus Elixir").data["secrets"] == 4
    assert by_name(catalog, "Hypnotism").data["lift"] == {"influence": 1}
    assert by_name(catalog, "Lock-down").data["affects"] == "witch"
    assert by_name(catalog, "Lock-down").data["modifiers"] == [{"kind": "visit_pawns", "n": 2}]
    assert by_name(catalog, "Persuasion").data["affects"] == "hunter"
    assert by_name(catalog, "Study").data["activate"]["effect"] == [{"op": "draw", "n": 3}]
    assert by_name(catalog, "Qualm").data["empower"]["cost"] == {"influence": 2}
    assert by_name(catalog, "Learn Secrets").data["empower"]["cost"] == {"discard": 1}
    for name in ("Armory", "Lock-down", "Random Tidings", "Entranced"):
        assert by_name(catalog, name)  # the examples' unnumbered cards got numbers


# --- decks ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck_id", "table"), [("starter-hunter", STARTER_HUNTER), ("starter-witch", STARTER_WITCH)]
)
def test_starter_decks_match_the_rulebook_tables(
    catalog: Catalog, deck_id: str, table: list[tuple[str, str, str, int]]
) -> None:
    deck = catalog.decks[deck_id]
    assert dict(deck) == {number: count for _, _, number, count in table}
    assert sum(deck.values()) == 30
    for name, kind, number, _ in table:
        card = catalog.cards[number]
        assert (card.name, card.type) == (name, kind)


@pytest.mark.parametrize(("deck_id", "side"), [("base-hunter", "hunter"), ("base-witch", "witch")])
def test_base_decks_hold_every_card_of_their_side_twice(
    catalog: Catalog, deck_id: str, side: str
) -> None:
    deck = catalog.decks[deck_id]
    assert sum(deck.values()) == 50
    assert set(deck.values()) == {2}
    assert set(deck) == {c.id for c in base_cards(catalog) if c.side == side}
    assert catalog.deck_sides[deck_id] == side
    assert validate_deck(deck, side, 50) == []


def test_scenarios(catalog: Catalog) -> None:
    welcome = catalog.scenarios["1"]
    assert welcome.name == "Welcome to Roanoke"
    assert (welcome.deck_size, welcome.green_faction) == (30, "caretakers")
    assert dict(welcome.decks) == {"hunter": "starter-hunter", "witch": "starter-witch"}
    standard = catalog.scenarios["standard"]
    assert (standard.deck_size, standard.green_faction) == (50, "caretakers")
    assert dict(standard.decks) == {"hunter": "base-hunter", "witch": "base-witch"}
    for scenario in catalog.scenarios.values():
        for side, deck_id in scenario.decks.items():
            assert validate_deck(catalog.decks[deck_id], side, scenario.deck_size) == []


def test_expand_deck_gives_one_entry_per_copy(catalog: Catalog) -> None:
    cards = expand_deck(catalog.decks["starter-witch"])
    assert len(cards) == 30
    assert Counter(cards) == Counter(dict(catalog.decks["starter-witch"]))


# --- deck validation: one test per rule --------------------------------------------------------


def test_rule_legal_deck_has_no_problems() -> None:
    assert validate_deck(legal_hunter_deck(), "hunter") == []
    assert validate_deck(expand_deck(legal_hunter_deck()), "hunter") == []


def test_rule_exactly_50_cards_too_few() -> None:
    deck = legal_hunter_deck()
    deck["0003"] = 1
    deck["0006"] = 1
    assert validate_deck(deck, "hunter") == ["a deck needs exactly 50 cards, this one has 48"]


def test_rule_exactly_50_cards_too_many() -> None:
    deck = [*expand_deck(legal_hunter_deck()), "0001"]
    problems = validate_deck(deck, "hunter")
    assert "a deck needs exactly 50 cards, this one has 51" in problems


def test_rule_at_most_2_copies_of_a_name() -> None:
    deck = legal_hunter_deck()
    deck["0002"] = 3
    deck["0003"] = 1
    assert validate_deck(deck, "hunter") == [
        "a deck may hold at most 2 copies of a card, this one has 3 of Clerk"
    ]


def test_rule_only_cards_of_the_decks_side() -> None:
    deck = legal_hunter_deck()
    deck["0003"] = 1
    deck["0026"] = 1
    assert validate_deck(deck, "hunter") == [
        "Flagon of Oblivion (0026) is a Witch card; a Hunter deck may hold only Hunter cards"
    ]


def test_rule_unknown_card_id() -> None:
    deck = legal_hunter_deck()
    deck["0003"] = 1
    deck["0999"] = 1
    assert validate_deck(deck, "hunter") == ["unknown card id '0999': no card has that number"]


def test_rule_at_least_10_of_each_type() -> None:
    deck = legal_hunter_deck()
    for ally in ("0001", "0002", "0003"):  # 12 Allies down to 6
        del deck[ally]
    assert validate_deck(deck, "hunter") == [
        "a deck needs exactly 50 cards, this one has 44",
        "a Hunter deck of 50 cards needs at least 10 Allies, this one has 6",
    ]


def test_rule_type_minimum_scales_with_deck_size(catalog: Catalog) -> None:
    """6 of each type for 30 cards: the rulebook's starter decks hold 6 or 8 of each type."""
    deck = dict(catalog.decks["starter-witch"])
    assert validate_deck(deck, "witch", 30) == []
    del deck["0040"]  # Hypnotism: 6 Enchantments down to 4
    deck["0027"] = 2  # Mandrake Tincture keeps the total at 30
    assert validate_deck(deck, "witch", 30) == [
        "a Witch deck of 30 cards needs at least 6 Enchantments, this one has 4"
    ]


def test_rule_counts_must_be_positive_whole_numbers() -> None:
    deck: dict[str, Any] = legal_hunter_deck()
    deck["0003"] = 0
    problems = validate_deck(deck, "hunter")
    assert "card 0003 has count 0: a count must be a whole number of at least 1" in problems


def test_rule_unknown_side() -> None:
    assert validate_deck([], "druid") == [
        "unknown side 'druid': a deck belongs to the hunter or the witch"
    ]


# --- villagers and factions ----------------------------------------------------------------


def test_9_villagers_3_per_colour_numbered_1_to_9(catalog: Catalog) -> None:
    villagers = [v for v in catalog.villagers.values() if v.box == "base"]
    assert len(villagers) == 9
    assert Counter(v.colour for v in villagers) == {"blue": 3, "red": 3, "green": 3}
    assert sorted(v.number for v in villagers) == list(range(1, 10))
    for v in villagers:
        low = {"blue": 1, "red": 4, "green": 7}[v.colour]
        assert low <= v.number < low + 3, v
        assert 1 <= v.assets <= 2
        assert v.skill and v.text


def test_villagers_the_rulebook_names(catalog: Catalog) -> None:
    colours = {v.name: v.colour for v in catalog.villagers.values()}
    for name in ("Doctor Annie", "Beau Johnson", "Stranger Sue"):
        assert colours[name] == "blue"
    for name in ("Preacher Wulfric", "Native Pamuy", "Mayor Biggs"):
        assert colours[name] == "red"
    assert colours["Nestling Mia"] == "green"


def test_villager_facts_the_examples_give(catalog: Catalog) -> None:
    v = catalog.villagers
    annie = v["doctor-annie"]
    assert (annie.assets, annie.target, list(annie.skill)) == (2, "blue", [{"op": "draw", "n": 1}])
    assert list(v["preacher-wulfric"].skill) == [{"op": "play", "n": 1}]
    assert v["preacher-wulfric"].target == "red"
    pamuy = v["native-pamuy"]
    assert (pamuy.assets, pamuy.target) == (1, "red")
    assert list(pamuy.skill) == [{"op": "play", "n": 1, "discount": 1}]
    mia = v["nestling-mia"]
    assert (mia.assets, mia.target) == (1, "green")
    assert list(mia.skill) == [
        {"op": "gain", "what": "influence", "n": 3},
        {"op": "gain", "what": "influence", "n": 1, "who": "opponent"},
    ]
    assert list(v["mayor-biggs"].skill) == [{"op": "look_draw", "look": 3, "draw": 1}]


def test_factions(catalog: Catalog) -> None:
    assert catalog.factions["caretakers"].name == "Caretakers"
    assert {f.colour for f in catalog.factions.values()} == {"blue", "red", "green"}
    for faction in catalog.factions.values():
        assert len(faction.villagers) == 3
        for vid in faction.villagers:
            assert catalog.villagers[vid].faction == faction.id


# --- the checker catches what it should ------------------------------------------------------


def with_card_data(catalog: Catalog, card_id: str, **changes: Any) -> Catalog:
    cards = dict(catalog.cards)
    card = cards[card_id]
    cards[card_id] = dataclasses.replace(card, data={**card.data, **changes})
    return dataclasses.replace(catalog, cards=cards)


def test_check_catalog_reports_an_unknown_op(catalog: Catalog) -> None:
    broken = with_card_data(catalog, "0010", effect=[{"op": "summon", "n": 1}])
    assert check_catalog(broken) == ["card 0010 On the Trail effect[0]: unknown op 'summon'"]


def test_check_catalog_reports_a_missing_op_field(catalog: Catalog) -> None:
    broken = with_card_data(catalog, "0010", effect=[{"op": "place", "token": "clue", "n": 3}])
    assert check_catalog(broken) == ["card 0010 On the Trail effect[0] place: missing `target`"]


def test_check_catalog_reports_unknown_modifier_and_target(catalog: Catalog) -> None:
    broken = with_card_data(
        catalog,
        "0041",
        modifiers=[{"kind": "fog", "n": 1}],
    )
    broken = with_card_data(
        broken, "0038", effect=[{"op": "place", "token": "secret", "n": 2, "target": "cow"}]
    )
    assert check_catalog(broken) == [
        "card 0038 Allure effect[0] place: unknown target 'cow' in `target`",
        "card 0041 Obscuring Mist modifier 1: unknown modifier kind 'fog'",
    ]


def test_check_catalog_reports_here_outside_a_visit(catalog: Catalog) -> None:
    broken = with_card_data(
        catalog, "0011", effect=[{"op": "remove_all", "token": "secret", "target": "here"}]
    )
    assert check_catalog(broken) == [
        "card 0011 Ransack effect[0] remove_all: target 'here' needs a visited villager, "
        "and there is none here"
    ]


def test_check_catalog_reports_an_example_without_source(catalog: Catalog) -> None:
    cards = dict(catalog.cards)
    cards["0005"] = dataclasses.replace(cards["0005"], origin="example", source="")
    broken = dataclasses.replace(catalog, cards=cards)
    assert check_catalog(broken) == [
        "card 0005 Thug: an example card must cite its `source` in the rulebook"
    ]


# --- JSON ----------------------------------------------------------------------------------


def test_catalog_json_is_json_and_lists_everything(catalog: Catalog) -> None:
    data = json.loads(json.dumps(catalog_json(catalog)))
    assert [c["id"] for c in data["cards"]] == [f"{n:04d}" for n in range(1, 101)]
    assert set(data["cards"][0]) == {
        "id",
        "number",
        "name",
        "side",
        "type",
        "cost",
        "origin",
        "text",
        "box",
        "gloom",
    }
    assert [c["box"] for c in data["cards"]] == ["base"] * 50 + ["palisades"] * 50
    assert len(data["villagers"]) == 9 + 12  # the expansion's 3 double-sided cards: 6 sides
    assert len(data["factions"]) == 3 + 4
    assert {s["id"] for s in data["scenarios"]} == {"1", "standard", "10", "11", "12", "13"}
    assert set(data["decks"]) == {
        "starter-hunter",
        "starter-witch",
        "base-hunter",
        "base-witch",
        "palisades-hunter",
        "palisades-witch",
        "frontier-hunter",
        "frontier-witch",
    }
    assert sum(data["decks"]["starter-hunter"]["cards"].values()) == 30
    assert [b["id"] for b in data["boxes"]] == ["base", "palisades"]


# --- Beyond the Palisades ---------------------------------------------------------------------

# The expansion rulebook's "Standard Deck" tables, first seven rows each (the rest is cut off;
# the type of the seventh row too).
PALISADES_PRINTED = [
    ("Fisherman", "ally", "0051"),
    ("Herdsman", "ally", "0052"),
    ("Candle Maker", "ally", "0053"),
    ("Guild Leader", "ally", "0054"),
    ("Frontiers Man", "ally", "0055"),
    ("Tactician", "ally", "0056"),
    ("March at Dawn", None, "0057"),
    ("Elixir of Hiding", "brew", "0076"),
    ("Bottle of Swamp Water", "brew", "0077"),
    ("Dark Honey", "brew", "0078"),
    ("Swamp Snake Venom", "brew", "0079"),
    ("Encroaching Fog", "brew", "0080"),
    ("Vapors of Disarray", "brew", "0081"),
    ("Dematerialize", None, "0082"),
]
PALISADES_TYPE_RANGES = {
    "ally": (51, 56),
    "event": (57, 62),
    "investigation": (63, 69),
    "location": (70, 75),
    "brew": (76, 82),
    "charm": (83, 88),
    "enchantment": (89, 94),
    "familiar": (95, 100),
}
# Cards the expansion's Example of Play names, with their type where it shows it.
EXAMPLE_CARDS = {
    "Triangulate": "investigation",
    "Blur": "familiar",
    "Vapors of Disarray": "brew",
    "Peat Bog": "location",
    "Perplex": None,
    "Lost in Plain Sight": None,
    "Emit": None,
    "Willow Shrub": "location",
    "Tinted Moon": "enchantment",
    "Mirage": None,
    "Guild Leader": "ally",
    "Expose": "event",
    "Frontiers Man": "ally",
}


def palisades_cards(catalog: Catalog) -> list[Card]:
    return [c for c in catalog.cards.values() if c.box == "palisades"]


def test_expansion_has_50_cards_hunter_0051_0075_witch_0076_0100(catalog: Catalog) -> None:
    cards = palisades_cards(catalog)
    assert sorted(c.id for c in cards) == [f"{n:04d}" for n in range(51, 101)]
    for card in cards:
        assert card.side == ("hunter" if card.number <= 75 else "witch"), card
        low, high = PALISADES_TYPE_RANGES[card.type]
        assert low <= card.number <= high, card
    assert len({c.name for c in cards}) == 50


def test_the_printed_rows_of_the_standard_deck_tables(catalog: Catalog) -> None:
    for name, kind, number in PALISADES_PRINTED:
        card = catalog.cards[number]
        assert card.name == name
        if kind is not None:
            assert card.type == kind
        assert "Standard Deck" in card.source, card
        assert catalog.decks[f"palisades-{card.side}"][number] == 2


@pytest.mark.parametrize("side", ["hunter", "witch"])
def test_the_standard_decks_hold_every_expansion_card_of_their_side_twice(
    catalog: Catalog, side: str
) -> None:
    deck = catalog.decks[f"palisades-{side}"]
    assert set(deck) == {c.id for c in palisades_cards(catalog) if c.side == side}
    assert set(deck.values()) == {2}
    assert validate_deck(deck, side) == []
    assert dict(catalog.boxes["palisades"].decks)[side] == f"palisades-{side}"


def test_cards_named_in_the_example_of_play(catalog: Catalog) -> None:
    for name, kind in EXAMPLE_CARDS.items():
        card = by_name(catalog, name)
        assert card.box == "palisades"
        if kind is not None:
            assert card.type == kind, name
        assert "Example of Play" in card.source or "example" in card.source, name
        if card.origin == "example":
            assert "Beyond the Palisades Rulebook" in card.source, name
    # What the example shows of them, in the data:
    assert by_name(catalog, "Willow Shrub").gloom == 2
    assert by_name(catalog, "Lost in Plain Sight").gloom == 2
    assert by_name(catalog, "Lost in Plain Sight").data["covers"]
    tinted = by_name(catalog, "Tinted Moon").data
    assert {"kind": "skip_distribute"} in tinted["modifiers"]
    assert {"kind": "no_cleanse"} in tinted["modifiers"]
    assert by_name(catalog, "Blur").data["empower"]["cost"] == {"gloom": 1}
    assert by_name(catalog, "Peat Bog").data["cleanse"] == [{"op": "copy_cleanse"}]
    assert by_name(catalog, "Triangulate").data["cleanse"] == [
        {"op": "place_each", "token": "clue", "n": 3, "target": "villager:green"}
    ]
    assert by_name(catalog, "Frontiers Man").cost == 2  # "spending their last 2 influence"
    assert by_name(catalog, "Guild Leader").data["upkeep"] == 1


def test_every_gloom_card_has_a_cleanse_effect_and_lasting_type(catalog: Catalog) -> None:
    gloomy = [c for c in catalog.cards.values() if c.gloom]
    assert {c.type for c in gloomy} == {
        "ally",
        "location",
        "investigation",
        "brew",
        "familiar",
        "enchantment",
    }
    for card in gloomy:
        assert card.data["cleanse"], card
        assert f"Gloom {card.gloom}." in card.text, card


def test_nine_new_villager_cards_three_of_them_double_sided(catalog: Catalog) -> None:
    new = [v for v in catalog.villagers.values() if v.box == "palisades"]
    backs = [v for v in new if v.back_of]
    assert len(new) - len(backs) == 9 and len(backs) == 3
    for back in backs:
        front = catalog.villagers[back.back_of]
        assert (front.name, front.colour, front.number) == (back.name, back.colour, back.number)
        assert (front.faction, back.faction) == ("the-household", "the-tainted")
    assert catalog.factions["craftsmen"].name == "Craftsmen"
    for vid in catalog.factions["craftsmen"].villagers:
        skill = catalog.villagers[vid].skill
        assert skill[0]["op"] == "optional" and skill[0]["cost"] == {"assets": 1}
    for name in ("Trapper Judy", "Mother Grace", "Woodcutter Oswald", "Mason Hazel"):
        assert any(v.name == name and v.origin == "example" for v in new)


def test_scenario_10_is_printed_with_its_three_rules(catalog: Catalog) -> None:
    s10 = catalog.scenarios["10"]
    assert (s10.name, s10.origin, s10.green_faction) == (
        "Beyond the Palisades",
        "printed",
        "the-household",
    )
    rules = s10.data["rules"]
    assert rules["modifiers"] == [{"kind": "gloom_on_play", "n": 1, "applies_to": "witch"}]
    hunter, both = rules["triggers"]
    assert (hunter["whose"], hunter["when"], hunter["optional"]) == ("hunter", "upkeep", True)
    assert hunter["effect"] == [{"op": "remove_gloom", "n": 1, "target": "gloom"}]
    assert (both["whose"], both["cond"]) == ("both", {"own_gloom_cards_at_most": 0})
    assert both["effect"] == [{"op": "recover", "n": 1, "gloom": True}]


def test_scenarios_11_to_13_are_designed_one_of_each_kind(catalog: Catalog) -> None:
    kinds = {sid: catalog.scenarios[sid].data["category"] for sid in ("11", "12", "13")}
    assert kinds == {"11": "rules", "12": "objectives", "13": "victory"}
    for sid in ("11", "12", "13"):
        assert catalog.scenarios[sid].origin == "designed"
    assert catalog.scenarios["12"].data["villager_gloom"] == 2
    assert catalog.scenarios["13"].data["villager_gloom"] == 3


def test_check_catalog_reports_a_gloom_card_without_cleanse(catalog: Catalog) -> None:
    cards = dict(catalog.cards)
    card = cards["0070"]
    cards["0070"] = dataclasses.replace(
        card, data={k: v for k, v in card.data.items() if k != "cleanse"}
    )
    broken = dataclasses.replace(catalog, cards=cards)
    assert check_catalog(broken) == [
        "card 0070 Willow Shrub: a Gloom card needs its `cleanse` effect"
    ]


def test_check_catalog_reports_a_gloom_enchantment_lifted_with_influence(catalog: Catalog) -> None:
    broken = with_card_data(catalog, "0089", lift={"influence": 2})
    assert check_catalog(broken) == [
        "card 0089 Tinted Moon: a Gloom Enchantment is lifted by removing 1 Gloom: "
        "`lift: {gloom: 1}`"
    ]


def test_check_catalog_reports_a_villager_skill_spending_the_opponents_assets(
    catalog: Catalog,
) -> None:
    villagers = dict(catalog.villagers)
    hazel = villagers["mason-hazel"]
    skill = ({**hazel.skill[0], "cost": {"clues": 1}},)
    villagers["mason-hazel"] = dataclasses.replace(hazel, skill=skill)
    broken = dataclasses.replace(catalog, villagers=villagers)
    assert check_catalog(broken) == [
        "villager mason-hazel skill[0] optional: cost `clues`: nobody can spend the opponent's "
        "assets (villager skills use `assets`, the visitor's own)"
    ]


def test_check_catalog_reports_a_back_side_that_does_not_match(catalog: Catalog) -> None:
    villagers = dict(catalog.villagers)
    back = villagers["mother-grace-tainted"]
    villagers["mother-grace-tainted"] = dataclasses.replace(back, number=7)
    broken = dataclasses.replace(catalog, villagers=villagers)
    assert check_catalog(broken) == [
        "villager mother-grace-tainted: the back of mother-grace has its name, colour and "
        "board place",
        "villager mother-grace-tainted: has the same number as trapper-judy-tainted",
    ]


def test_check_catalog_reports_an_unknown_gloom_target(catalog: Catalog) -> None:
    broken = with_card_data(
        catalog, "0057", effect=[{"op": "remove_gloom", "n": 1, "target": "moon"}]
    )
    assert len(check_catalog(broken)) == 1
    assert check_catalog(broken)[0].startswith(
        "card 0057 March at Dawn effect[0] remove_gloom: unknown Gloom target 'moon'"
    )
