"""Checks that hold in every Pantacle state: components are neither made nor lost, and every
area stays within what the Sanctuary board holds."""

from __future__ import annotations

from collections import Counter

from rules.pantacle.board import (
    ADEPT_AREA,
    BLADES,
    CURSES,
    FLAMES,
    PENTAGRAM,
    POINTS,
    POWER_AREA,
    RESOLVE_HOUND,
    SUPPLY_LIMITS,
)
from rules.pantacle.state import PantacleState


def resource_totals(s: PantacleState) -> dict[str, int]:
    totals = dict(s.supply)
    for p in s.players:
        totals["influence"] += p.influence
        totals["adepts"] += p.adepts
        for c in p.curses:
            totals["influence"] += c.influence
            totals["adepts"] += c.adepts
    return totals


def blade_places(s: PantacleState) -> Counter[str]:
    found: Counter[str] = Counter(s.blade_pile)
    found.update(s.blade_discard)
    for p in s.players:
        found.update(p.hand)
    return found


def curse_places(s: PantacleState) -> Counter[str]:
    found: Counter[str] = Counter(s.curse_pile)
    for p in s.players:
        found.update(c.id for c in p.curses)
    for f in s.stack:
        if f["t"] == "curse_draw":
            found.update(f["drawn"])
    return found


def check_invariants(s: PantacleState) -> None:
    assert resource_totals(s) == SUPPLY_LIMITS, resource_totals(s)
    assert all(n >= 0 for n in s.supply.values()), s.supply
    assert blade_places(s) == Counter(list(BLADES)), blade_places(s)
    assert curse_places(s) == Counter(list(CURSES)), curse_places(s)
    assert len(s.curse_pile) == len(s.curse_seen)
    everyone = (1 << len(s.players)) - 1
    assert all(0 <= m <= everyone for m in s.curse_seen)
    for p in s.players:
        where = f"seat-{p.seat}"
        assert p.influence >= 0 and 0 <= p.adepts <= ADEPT_AREA, where
        assert len(p.powers) <= POWER_AREA and len(set(p.powers)) == len(p.powers), where
        moving = sum(1 for f in s.stack if f["t"] == "flame" and f["seat"] == p.seat and f["disc"])
        assert len(p.flames) + len(p.pentagram) + moving == FLAMES, where
        assert len(set(p.flames)) == len(p.flames) and set(p.flames) <= set(POINTS), where
        assert set(p.pentagram) <= set(PENTAGRAM), where
        assert 0 <= p.resolve <= RESOLVE_HOUND, where
        assert len(p.hand) == len(p.seen), where
        assert all(m & (1 << p.seat) == 0 and 0 <= m <= everyone for m in p.seen), where
        face_down = [c for c in p.curses if c.face_down]
        assert len(face_down) <= 1, where
        if face_down:
            assert "protection" in p.powers, where
        assert len(p.curses) <= FLAMES - 1, where  # one per cursed disc at most
        for c in p.curses:
            assert c.influence >= 0 and c.adepts >= 0, where
            if CURSES[c.id].kind == "exhaustion":
                assert c.influence + c.adepts > 0, f"{where}: empty {c.id} still in play"
            else:
                assert c.influence == c.adepts == 0, where
    assert 0 <= s.active < len(s.players)
    if s.winner is not None:
        assert len(s.players[s.winner].flames) == FLAMES
        assert not s.stack
