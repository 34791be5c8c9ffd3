"""Moves: ids, JSON values and labels, and finding the legal move a submission names."""

from rules.core.moves import Move, find_move

VISIT = Move("visit", (("villager", "doctor-annie"),), "Visit Doctor Annie")
PLACE = Move("place", (("token", "clue"), ("villager", "mayor")))
DONE = Move("done", (), "Done")
LEGAL = [VISIT, PLACE, DONE]


def test_id_is_kind_then_values() -> None:
    assert VISIT.id == "visit:doctor-annie"
    assert PLACE.id == "place:clue:mayor"
    assert DONE.id == "done"
    assert Move("take", (("n", 2),)).id == "take:2"


def test_value_is_type_then_named_args() -> None:
    assert VISIT.value == {"type": "visit", "villager": "doctor-annie"}
    assert Move("take", (("n", 2),)).value == {"type": "take", "n": 2}
    assert DONE.value == {"type": "done"}


def test_label_defaults_to_id_and_is_computed_once() -> None:
    assert VISIT.label == "Visit Doctor Annie"
    assert PLACE.label == "place:clue:mayor"
    calls = []

    def label() -> str:
        calls.append(1)
        return "Take 2 stones"

    move = Move("take", (("n", 2),), label)
    assert move.label == "Take 2 stones"
    assert move.label == "Take 2 stones"
    assert calls == [1]


def test_to_json() -> None:
    assert VISIT.to_json() == {
        "id": "visit:doctor-annie",
        "value": {"type": "visit", "villager": "doctor-annie"},
        "label": "Visit Doctor Annie",
    }


def test_equality_and_hash_follow_the_id() -> None:
    same = Move("visit", (("villager", "doctor-annie"),), "another label")
    assert same == VISIT
    assert hash(same) == hash(VISIT)
    assert same != PLACE
    assert VISIT != "visit:doctor-annie"


def test_find_by_id() -> None:
    assert find_move(LEGAL, "place:clue:mayor") is PLACE
    assert find_move(LEGAL, {"id": "done"}) is DONE


def test_find_by_move() -> None:
    assert find_move(LEGAL, Move("visit", (("villager", "doctor-annie"),))) is VISIT


def test_find_by_value_regardless_of_key_order() -> None:
    assert find_move(LEGAL, {"villager": "mayor", "token": "clue", "type": "place"}) is PLACE
    assert find_move(LEGAL, {"type": "visit", "villager": "doctor-annie"}) is VISIT


def test_unknown_submissions_find_nothing() -> None:
    assert find_move(LEGAL, "visit:mayor") is None
    assert find_move(LEGAL, {"id": "pass"}) is None
    assert find_move(LEGAL, {"type": "visit", "villager": "mayor"}) is None
    assert find_move(LEGAL, {"type": "visit"}) is None
    assert find_move(LEGAL, {}) is None
    assert find_move([], "done") is None
