"""The hooks through which a scenario changes a game (Advanced Rules: "Scenarios that change
some rules for each player", "with objectives for each player" and "with new victory
conditions"), all read from the scenario's data:

- rules: `triggers` (like a card's, with `whose: hunter | witch | both`) run in the Upkeep or
  when a card is cleansed (`rule_triggers`, used by the turn and by Cleanse), and `modifiers`
  that change a player's rules (`modifiers.global_modifier` adds them);
- objectives: checked at the end of their player's turn; once met, the reward `effect` happens
  once and the reward `modifiers` hold for the rest of the game (`end_of_turn`);
- victory: an extra way for a player to win, checked at the end of that player's turn.
"""

from __future__ import annotations

from typing import Any

from rules.pagan.effects import push_fx
from rules.pagan.machine import finish
from rules.pagan.ops import holds
from rules.pagan.state import PaganState
from rules.pagan.tables import CATALOG


def _data(s: PaganState) -> Any:
    return CATALOG.scenarios[s.options["scenario"]].data


def _rule_triggers_of(scenario_id: str) -> tuple[tuple[int, dict[str, Any]], ...]:
    rules = CATALOG.scenarios[scenario_id].data.get("rules") or {}
    return tuple(enumerate(rules.get("triggers", ())))


_TRIGGERS = {sid: _rule_triggers_of(sid) for sid in CATALOG.scenarios}
_CHECKED = frozenset(
    sid
    for sid, sc in CATALOG.scenarios.items()
    if sc.data.get("objectives") or sc.data.get("victory")
)


def rule_triggers(s: PaganState, when: str) -> list[tuple[int, dict[str, Any]]]:
    """(index, trigger) of the scenario's rule triggers of kind `when`."""
    return [(i, t) for i, t in _TRIGGERS[s.options["scenario"]] if t["when"] == when]


def end_of_turn(s: PaganState) -> None:
    """The active player's objectives and victory conditions, at the end of their turn. A
    victory ends the game at once; completed objectives are recorded and their one-time
    rewards pushed to be carried out before the turn passes."""
    if s.options["scenario"] not in _CHECKED:
        return
    seat = s.active
    data = _data(s)
    frame = {"seat": seat, "here": None}
    for victory in data.get("victory") or ():
        if victory["who"] == seat and holds(s, frame, victory["cond"]):
            finish(s, seat, str(victory["reason"]))
            return
    for objective in data.get("objectives") or ():
        oid = str(objective["id"])
        if objective["who"] != seat or oid in s.objectives:
            continue
        if holds(s, frame, objective["cond"]):
            s.objectives.append(oid)
            push_fx(s, seat, list(objective.get("effect", [])), None, "")


def victory_text(scenario_id: str, reason: str) -> str | None:
    """The description of a scenario's own victory reason, if `reason` is one."""
    scenario = CATALOG.scenarios.get(scenario_id)
    for victory in (scenario.data.get("victory") or ()) if scenario else ():
        if victory["reason"] == reason:
            return str(victory["text"])
    return None


def objective_names(scenario_id: str) -> dict[str, str]:
    scenario = CATALOG.scenarios[scenario_id]
    return {str(o["id"]): str(o["name"]) for o in scenario.data.get("objectives") or ()}


__all__ = ["end_of_turn", "objective_names", "rule_triggers", "victory_text"]
