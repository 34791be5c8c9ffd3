"""Pagan's playout policy (rules/pagan/heuristics.py), the search's model of both players: the
Hunter follows what the board shows and never what he cannot see."""

from __future__ import annotations

from rules.core.rng import Rng
from rules.pagan.game import PAGAN
from rules.pagan.heuristics import rollout_move
from rules.pagan.state import HUNTER, PaganState
from tests.ai.positions import random_positions


def _hunter_to_act(seed: str) -> PaganState:
    for s in random_positions(PAGAN, 400, seed, every=5):
        f = s.stack[-1]
        if f["t"] == "act" and f["seat"] == HUNTER and s.hunter.pawns >= 1 and s.turn > 3:
            return s
    raise AssertionError("no Hunter action position found")


def _pile_on(s: PaganState, villager_id: str, favors: int, secrets: int) -> None:
    """Put Favors and Secrets (from the supply) on a ready villager, and 3 Clues on it so the
    Hunter can pay for a Raid there."""
    v = s.villager(villager_id)
    v.hunter_pawns = v.witch_pawns = 0
    s.supply["favor"] -= favors - v.favors
    s.supply["secret"] -= secrets - v.secrets
    s.supply["clue"] -= 3 - v.clues
    v.favors, v.secrets, v.clues = favors, secrets, 3
    s.cache = None


def _choices(s: PaganState, draws: int = 60) -> list[str]:
    moves = PAGAN.legal_moves(s)
    return [rollout_move(s, moves, Rng(i)).id for i in range(draws)]


def test_the_playout_hunter_raids_the_villager_piled_with_favors() -> None:
    s = _hunter_to_act("raid")
    target = next(v for v in s.villagers if v.alive and v.id not in s.hunter.suspects)
    _pile_on(s, target.id, favors=2, secrets=4)
    assert f"raid:{target.id}" in [m.id for m in PAGAN.legal_moves(s)]
    chosen = _choices(s)
    # A quarter of playout decisions are uniformly random; the rest raid here.
    assert chosen.count(f"raid:{target.id}") >= 0.6 * len(chosen)


def test_the_playout_hunter_takes_a_favor_from_a_villager_close_to_a_ritual() -> None:
    s = _hunter_to_act("raid-favor")
    target = next(v for v in s.villagers if v.alive and v.id not in s.hunter.suspects)
    _pile_on(s, target.id, favors=2, secrets=4)
    s = PAGAN.apply(s, f"raid:{target.id}")
    while s.stack[-1]["t"] != "raid":  # pay the Clues first
        s = PAGAN.apply(s, PAGAN.legal_moves(s)[0].id)
    kinds = {m.kind for m in PAGAN.legal_moves(s)}
    assert kinds == {"favor", "secrets"}
    chosen = _choices(s)
    assert chosen.count("favor") >= 0.6 * len(chosen)


def test_the_playout_hunter_never_reads_the_true_witch() -> None:
    for seed in ("blind-1", "blind-2", "blind-3"):
        s = _hunter_to_act(seed)
        other = PAGAN.clone(s)
        # Swap the true witch with an undrawn Suspect: nothing the Hunter sees changes.
        swap = next(v for v in other.suspect_deck if v != other.true_witch)
        i = other.suspect_deck.index(swap)
        other.suspect_deck[i], other.true_witch = other.true_witch, swap
        other.cache = None
        assert _choices(s) == _choices(other)
