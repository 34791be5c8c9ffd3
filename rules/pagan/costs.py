"""Costs: whether a seat can pay a cost (Influence, Evidence, discards, tokens on the village,
the expansion's assets and Gloom).
"""

from __future__ import annotations

from typing import Any

from rules.pagan.gloom_places import gloom_in_play
from rules.pagan.state import HUNTER, PaganState

Cost = dict[str, Any]


def can_pay(s: PaganState, seat: str, cost: Cost, colour: str | None = None) -> bool:
    p = s.player(seat)
    if not cost:  # most Locations and Lifts: the checks below reduce to these two
        return p.influence >= 0 and p.evidence >= 0
    if p.influence < int(cost.get("influence", 0)):
        return False
    if p.evidence < int(cost.get("evidence", 0)):
        return False
    if len(p.hand) < int(cost.get("discard", 0)):
        return False
    for token, key in (("clue", "clues"), ("secret", "secrets")):
        need = int(cost.get(key, 0))
        if need and tokens_on_villagers(s, token, colour) < need:
            return False
    if "assets" in cost or "gloom" in cost:  # the expansion's costs
        assets = int(cost.get("assets", 0))
        mine = "clue" if seat == HUNTER else "secret"
        if assets and tokens_on_villagers(s, mine, colour) < assets + int(cost.get(mine + "s", 0)):
            return False
        if int(cost.get("gloom", 0)) > gloom_in_play(s):
            return False
    return True


def tokens_on_villagers(s: PaganState, token: str, colour: str | None = None) -> int:
    total = 0
    for v in s.villagers:
        if v.alive and (colour is None or v.colour == colour):
            total += v.clues if token == "clue" else v.secrets if token == "secret" else v.favors
    return total
