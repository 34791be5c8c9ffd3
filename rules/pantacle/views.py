"""What each seat may see of a Pantacle game.

Public: every Sanctuary (Influence, Adepts, Power tokens, Flames, Resolve Bonus, Curse cards
with what is on them, face-down ones included since everyone saw them face up first), the
Favor board, the Keeper discards, the supplies and how many cards each hand and pile holds.
A seat also sees its own hand, the cards of other hands it knows (Bewitchment), the Curse pile
cards it put back itself, and the Curse cards it is choosing among. A spectator sees the public
part, which includes the Curse pile cards every seat saw go back (a kept card that left at once).
Hidden cards never appear, not even in prompts; only counts do.

What everyone saw happen to the hands is public too: every offer passed (`passes`, in order) and,
for each card in a hand, how many passes had been recorded when it arrived (`hand_since`, sorted),
so a reader can tell which passes each card was held through.
"""

from __future__ import annotations

from typing import Any

from rules.pantacle import machine
from rules.pantacle.board import BLADES, CURSES, FAVORS, everyone
from rules.pantacle.state import PantacleState, Player, seat_index, seat_name


def _blade(blade: str) -> dict[str, Any]:
    b = BLADES[blade]
    return {"id": b.id, "keeper": b.keeper, "moon": b.moon}


def _sanctuary(p: Player, viewer: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "influence": p.influence,
        "adepts": p.adepts,
        "powers": p.powers[:],
        "pentagram": p.pentagram[:],
        "flames": p.flames[:],
        "resolve": p.resolve,
        "hand_count": len(p.hand),
        "hand_since": sorted(p.since),
        "curses": [
            {
                "id": c.id,
                "name": CURSES[c.id].name,
                "kind": CURSES[c.id].kind,
                "face_down": c.face_down,
                "influence": c.influence,
                "adepts": c.adepts,
                "target": c.target,
            }
            for c in p.curses
        ],
        "turns": p.turns,
    }
    if viewer is None:
        return out
    if p.seat == viewer:
        out["hand"] = [_blade(b) for b in sorted(p.hand)]
    else:
        bit = 1 << viewer
        known = sorted(b for b, m in zip(p.hand, p.seen, strict=True) if m & bit)
        out["known_hand"] = [_blade(b) for b in known]
    return out


def _decision(s: PantacleState, viewer: int | None) -> dict[str, Any] | None:
    pending = machine.pending(s)
    if pending is None:
        return None
    h, f = pending
    seat = h.seat(s, f)
    out: dict[str, Any] = {"seat": seat_name(seat), "kind": f["t"], "prompt": h.prompt(s, f)}
    if f["t"] == "curse_draw":
        out["drawn_count"] = len(f["drawn"])
        if viewer == seat:
            out["drawn"] = f["drawn"][:]
    return out


def view(s: PantacleState, seat: str | None) -> dict[str, Any]:
    viewer = None if seat is None else seat_index(seat, len(s.players))
    bit = 0 if viewer is None else 1 << viewer
    out: dict[str, Any] = {
        "game": "pantacle",
        "seat": seat,
        "players": len(s.players),
        "seats": [seat_name(i) for i in range(len(s.players))],
        "first_player": seat_name(s.first_player),
        "turn": s.turn,
        "active": seat_name(s.active),
        "decisions": s.decisions,
        "supply": dict(s.supply),
        "favors": {
            "marked": s.marked,
            "announced": s.announced,
            "announced_moon": FAVORS[s.announced].moon if s.announced else None,
            "bribed_by": None if s.bribed_by is None else seat_name(s.bribed_by),
        },
        "extra_turns": s.extra_turns,
        "keeper_pile_count": len(s.blade_pile),
        "keeper_discard": s.blade_discard[:],
        "curse_pile_count": len(s.curse_pile),
        "sanctuaries": {seat_name(p.seat): _sanctuary(p, viewer) for p in s.players},
        "passes": [
            {"seat": seat_name(x.seat), "favor": x.favor, "resolve_hound": x.resolve_hound}
            for x in s.passes
        ],
        "decision": _decision(s, viewer),
        "outcome": None,
    }
    # A spectator knows the Curse pile cards every seat saw: a kept card goes "face up in front
    # of you, so that all the players may check it", even one that goes straight back to the
    # bottom of the pile (an Exhaustion card left without resources).
    table = everyone(s)
    top = len(s.curse_pile) - 1
    out["curse_pile_known"] = [
        {"from_top": top - i, "curse": c}
        for i, (c, m) in enumerate(zip(s.curse_pile, s.curse_seen, strict=True))
        if (m & bit if viewer is not None else m == table)
    ][::-1]
    if s.winner is not None:
        out["outcome"] = {"winners": [seat_name(s.winner)], "reason": s.reason}
    return out
