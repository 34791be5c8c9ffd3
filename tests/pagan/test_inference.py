"""The Hunter's inference (rules/pagan/inference.py): the public record of the Witch's choices,
and the posterior over her villager that reads it and nothing hidden."""

from __future__ import annotations

import math

from rules.core import Rng
from rules.pagan import inference
from rules.pagan.game import PAGAN
from rules.pagan.state import HUNTER, WITCH, PaganState
from tests.ai.positions import random_positions


def _played(seed: str, decisions: int) -> PaganState:
    s = PAGAN.new({}, seed)
    rng = Rng(7)
    for _ in range(decisions):
        if PAGAN.to_move(s) is None:
            break
        moves = PAGAN.legal_moves(s)
        PAGAN.apply_unchecked(s, moves[rng.below(len(moves))])
    return s


def _hunter_position() -> PaganState:
    for s in random_positions(PAGAN, 300, "inference", every=11):
        if PAGAN.to_move(s) == HUNTER and 2 <= len(s.hunter.suspects) <= 5 and s.witch_record:
            return s
    raise AssertionError("no suitable position")


def test_the_witchs_visit_is_recorded_with_the_villagers_she_could_have_visited() -> None:
    s = PAGAN.new({}, "record")
    while not (PAGAN.to_move(s) == WITCH and any(m.kind == "visit" for m in PAGAN.legal_moves(s))):
        PAGAN.apply_unchecked(s, PAGAN.legal_moves(s)[0])
    legal = PAGAN.legal_moves(s)
    visit = next(m for m in legal if m.kind == "visit")
    before = len(s.witch_record)
    PAGAN.apply_unchecked(s, visit)
    kind, chosen, options, colours = s.witch_record[before]
    assert kind == "visit"
    assert options[chosen] == visit.args[0][1]
    assert set(options) == {m.args[0][1] for m in legal if m.kind == "visit"}
    assert len(colours) == len(options)


def test_the_hunters_choices_are_not_recorded() -> None:
    s = _played("hunter-only", 300)
    n = len(s.witch_record)
    while PAGAN.to_move(s) == HUNTER:
        PAGAN.apply_unchecked(s, PAGAN.legal_moves(s)[0])
    assert len(s.witch_record) == n


def test_the_record_survives_serialization() -> None:
    s = _played("serial", 250)
    assert s.witch_record
    back = PAGAN.from_json(PAGAN.to_json(s))
    assert back.witch_record == s.witch_record
    assert inference.posterior(back) == inference.posterior(s)


def test_the_posterior_covers_exactly_the_villagers_he_cannot_rule_out() -> None:
    s = _hunter_position()
    probs = inference.posterior(s)
    expected = {v.id for v in s.villagers if v.alive and v.id not in s.hunter.suspects}
    assert set(probs) == expected
    assert math.isclose(sum(probs.values()), 1.0)


def test_the_posterior_is_unchanged_when_only_hidden_information_differs() -> None:
    """Another true witch among his candidates, other hands and decks: the same posterior."""
    s = _hunter_position()
    witches = set()
    for seed in range(20):
        other = PAGAN.sample(s, HUNTER, Rng(seed))
        other.belief = None  # computed afresh, not carried over from `s`
        assert PAGAN.view(other, HUNTER) == PAGAN.view(s, HUNTER)
        assert inference.posterior(other) == inference.posterior(s)
        witches.add(other.true_witch)
    assert len(witches) > 1


def test_a_witch_who_keeps_choosing_one_villager_makes_it_the_likeliest() -> None:
    s = PAGAN.new({}, "focus")
    ids = [v.id for v in s.villagers]
    colour = {v.id: v.colour for v in s.villagers}
    favourite = ids[4]
    for _ in range(4):
        s.witch_record.append(("place:secret", 4, tuple(ids), tuple(colour[v] for v in ids)))
    probs = inference.posterior(s)
    assert max(probs, key=probs.__getitem__) == favourite


def test_the_cached_log_likelihoods_extend_to_what_a_fresh_sum_gives() -> None:
    s = _played("cache", 120)
    inference.log_likelihoods(s)
    more = PAGAN.clone(s)
    rng = Rng(9)
    for _ in range(120):
        if PAGAN.to_move(more) is None:
            break
        moves = PAGAN.legal_moves(more)
        PAGAN.apply_unchecked(more, moves[rng.below(len(moves))])
    extended = inference.log_likelihoods(more)
    more.belief = None
    fresh = inference.log_likelihoods(more)
    assert all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(extended, fresh, strict=True))


def test_a_witch_playing_at_random_leaves_his_belief_near_even() -> None:
    """Read with the model alone, a record of random choices crowns whichever villager chance
    favoured; mixed with the account that her choices say nothing (`SIGNAL`), it does not."""
    model_alone = mixed = 0.0
    n = 0
    for seed in range(12):
        s = _played(f"random-witch-{seed}", 1200)  # both sides random, a long record
        if len(s.witch_record) < 30:
            continue
        candidates = sum(1 for v in s.villagers if v.alive and v.id not in s.hunter.suspects)
        model_alone += max(inference.posterior(s, signal=1.0).values()) * candidates
        mixed += max(inference.posterior(s).values()) * candidates
        n += 1
    assert n >= 8
    # The likeliest villager's probability in units of an even share (1: an even belief).
    assert model_alone / n > 3.0
    assert mixed / n < 2.0


def test_a_witch_who_plays_to_type_still_makes_her_villager_nearly_certain() -> None:
    s = PAGAN.new({}, "to-type")
    ids = [v.id for v in s.villagers]
    colour = {v.id: v.colour for v in s.villagers}
    for _ in range(6):
        s.witch_record.append(("place:favor", 2, tuple(ids), tuple(colour[v] for v in ids)))
    assert inference.posterior(s)[ids[2]] > 0.9
