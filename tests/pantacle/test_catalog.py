"""The Pantacle catalog: what the rulebook fixes, what is designed and marked so, and the
checks that keep edited data within what the engine can carry out."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from rules.pantacle.catalog import DATA_DIR, load_catalog, read_catalog
from rules.pantacle.catalog_check import check_catalog
from rules.pantacle.catalog_export import catalog_json
from rules.pantacle.components import ORIGINS
from tests.pantacle.positions import GAME

CAT = load_catalog()


def test_the_shipped_catalog_has_no_problem() -> None:
    assert check_catalog(CAT) == []


def test_24_keeper_blades_each_with_a_keeper_and_a_moon_phase() -> None:
    assert len(CAT.blades) == 24
    assert all(b.keeper in CAT.keepers and b.moon in CAT.moon_phases for b in CAT.blades.values())
    hounds = [b for b in CAT.blades.values() if CAT.keepers[b.keeper].hound]
    assert len(hounds) == 4


def test_each_moon_phase_is_on_as_many_blades() -> None:
    assert set(Counter(b.moon for b in CAT.blades.values()).values()) == {6}


def test_each_favor_has_two_keepers_with_blades_and_a_moon_phase_but_indoctrination() -> None:
    assert len(CAT.favors) == 7
    for f in CAT.favors.values():
        assert len(f.keepers) == 2 and not any(CAT.keepers[k].hound for k in f.keepers)
        assert (f.moon is None) == (f.id == "indoctrination")
    assert [f.id for f in CAT.favors.values() if f.power] == [
        "bewitchment",
        "hunt",
        "protection",
        "enslavement",
    ]


def test_the_oracle_blade_shares_recruitments_moon_phase_as_in_the_rulebook_example() -> None:
    recruitment = CAT.favors["recruitment"].moon
    assert any(b.keeper == "oracle" and b.moon == recruitment for b in CAT.blades.values())


def test_five_pantacle_points_with_demonic_discard_at_the_lower_right() -> None:
    assert list(CAT.points) == ["top", "upper-right", "lower-right", "lower-left", "upper-left"]
    assert CAT.points["lower-right"].effect == ({"op": "power", "power": "demonic-discard"},)
    assert CAT.curse_free == "top"


def test_27_curses_permanent_and_exhaustion_all_designed() -> None:
    assert len(CAT.curses) == 27
    kinds = Counter(c.kind for c in CAT.curses.values())
    assert kinds == {"permanent": 16, "exhaustion": 11}
    assert all(c.origin == "designed" for c in CAT.curses.values())
    assert all(c.text for c in CAT.curses.values())


def test_everything_not_printed_is_marked_designed_or_cites_its_example() -> None:
    for group in (CAT.keepers, CAT.blades, CAT.favors, CAT.points):
        for entry in group.values():
            assert entry.origin in ORIGINS
            if entry.origin != "designed":
                assert entry.source, f"{entry.id} cites no source"
    assert all(f.origin == "designed" for f in CAT.favors.values())


def test_catalog_json_lists_blades_favors_points_and_curses_with_origin() -> None:
    data = GAME.catalog()
    assert data == catalog_json(CAT)
    for key, count in (("blades", 24), ("favors", 7), ("points", 5), ("curses", 27)):
        assert len(data[key]) == count
        assert all(entry["origin"] in ORIGINS for entry in data[key])
    assert data["curses"][0]["number"] == 1 and "holds" in data["curses"][0]
    types = Counter(card["type"] for card in data["cards"])
    assert types == {"keeper blade": 24, "permanent curse": 16, "exhaustion curse": 11}


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    shutil.copytree(DATA_DIR, tmp_path / "data")
    return tmp_path / "data"


def edit(path: Path, change: object) -> None:
    data = yaml.safe_load(path.read_text())
    change(data)  # type: ignore[operator]
    path.write_text(yaml.safe_dump(data))


def test_an_unknown_effect_op_is_reported(data_copy: Path) -> None:
    edit(data_copy / "curses.yaml", lambda d: d["curses"][0]["effects"].append({"op": "explode"}))
    problems = check_catalog(read_catalog(data_copy))
    assert any("unknown op 'explode'" in p for p in problems)


def test_a_bad_op_argument_is_reported(data_copy: Path) -> None:
    def change(d: dict[str, list[dict[str, object]]]) -> None:
        d["favors"][0]["effect"] = [{"op": "power", "power": "levitation"}]
        d["favors"][1]["effect"] = [{"op": "gain", "resource": "gold", "n": 1}]

    edit(data_copy / "favors.yaml", change)
    problems = check_catalog(read_catalog(data_copy))
    assert any("unknown power 'levitation'" in p for p in problems)
    assert any("`resource` must be one of" in p for p in problems)


def test_a_missing_blade_or_curse_is_reported(data_copy: Path) -> None:
    edit(data_copy / "keepers.yaml", lambda d: d["blades"].pop())
    edit(data_copy / "curses.yaml", lambda d: d["curses"].pop())
    problems = check_catalog(read_catalog(data_copy))
    assert "there must be 24 Keeper blades, not 23" in problems
    assert "there must be 27 Curse cards, not 26" in problems


def test_a_favor_needing_the_hounds_or_an_unknown_keeper_is_reported(data_copy: Path) -> None:
    def change(d: dict[str, list[dict[str, object]]]) -> None:
        d["favors"][0]["keepers"] = ["hound", "nobody"]

    edit(data_copy / "favors.yaml", change)
    problems = check_catalog(read_catalog(data_copy))
    assert sum("is not a Keeper with blades of its own" in p for p in problems) == 2


def test_an_empty_exhaustion_curse_and_an_unknown_origin_are_reported(data_copy: Path) -> None:
    def change(d: dict[str, list[dict[str, object]]]) -> None:
        d["curses"][16]["holds"] = {}
        d["curses"][0]["origin"] = "imagined"

    edit(data_copy / "curses.yaml", change)
    problems = check_catalog(read_catalog(data_copy))
    assert any("must hold at least one resource" in p for p in problems)
    assert any("`origin` must be one of" in p for p in problems)


def test_a_power_effect_beyond_the_power_ops_is_reported(data_copy: Path) -> None:
    def change(d: dict[str, list[dict[str, object]]]) -> None:
        d["powers"][0]["effects"] = [{"op": "no_bribe"}]

    edit(data_copy / "favors.yaml", change)
    problems = check_catalog(read_catalog(data_copy))
    assert "power bewitchment: unknown op 'no_bribe' (known here: hand_size)" in problems


def test_enslavement_is_the_power_whose_effect_is_data() -> None:
    effects = {p.id: list(p.effects) for p in CAT.powers.values() if p.effects}
    assert effects == {"enslavement": [{"op": "hand_size", "n": 1}]}
