"""Effect primitives: the ops that Favors, PANTACLE points and curse triggers are made of.

Each op is declared where it is implemented, with `@op` (`rules.pantacle.ops`). An `fx` frame
runs an op list in order; an op either happens at once or pushes the decision it needs (which
blade to discard, which curse Protection turns face down). `receive_favor` is where a Favor is
gained, and so where the game is won.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import N_, Move
from rules.pantacle.board import (
    FAVORS,
    FLAMES,
    blade_name,
    discard_blade,
    distinct,
    gain,
    gain_power,
    influence_cap,
    lose,
    triggered,
)
from rules.pantacle.curses import push_protect
from rules.pantacle.machine import Handler, arg, finish, handler, pop, push
from rules.pantacle.ops import INSTANT, OPS, TRIGGER, Op, op
from rules.pantacle.state import Frame, PantacleState


def push_fx(s: PantacleState, seat: int, ops: Sequence[Op], source: str = "") -> None:
    if ops:
        push(s, {"t": "fx", "seat": seat, "ops": list(ops), "i": 0, "src": source})


def push_triggers(s: PantacleState, seat: int, when: str) -> None:
    """Queue the ops of the player's curses that trigger now (the first card's run first)."""
    for ops, curse in triggered(s.players[seat], when)[::-1]:
        push_fx(s, seat, ops, curse)


class Fx(Handler):
    def run(self, s: PantacleState, f: Frame) -> None:
        i = f["i"]
        ops = f["ops"]
        if i >= len(ops):
            pop(s, f)
            return
        f["i"] = i + 1
        run_op(s, f["seat"], ops[i])


handler("fx")(Fx)


def run_op(s: PantacleState, seat: int, op: Op) -> None:
    run = OPS.get(op["op"])
    if run is None:  # check_catalog admits no other op
        raise ValueError(f"unknown effect op {op['op']!r}")
    run(s, seat, op)


# --- instant ops (Favors and PANTACLE points) -----------------------------------------------------


@op("gain", INSTANT, {"resource": "resource", "n": "?int", "per_flame": "?int"})
def _gain(s: PantacleState, seat: int, op: Op) -> None:
    per_flame = op.get("per_flame")
    n = int(per_flame) * len(s.players[seat].flames) if per_flame is not None else int(op["n"])
    gain(s, seat, op["resource"], n)


@op("power", INSTANT, {"power": "power"})
def _power(s: PantacleState, seat: int, op: Op) -> None:
    if gain_power(s.players[seat], op["power"]) and op["power"] == "protection":
        push_protect(s, seat)


@op("steal", INSTANT, {"resource": "resource", "n": "int"})
def _steal(s: PantacleState, seat: int, op: Op) -> None:
    steal(s, seat, op["resource"], int(op["n"]))


@op("extra_turn", INSTANT)
def _extra_turn(s: PantacleState, seat: int, op: Op) -> None:
    s.extra_turns += 1


# --- trigger ops (what a curse's `trigger` does) --------------------------------------------------


@op("lose", TRIGGER, {"resource": "resource", "n": "int", "if_at_least": "?int"})
def _lose(s: PantacleState, seat: int, op: Op) -> None:
    p = s.players[seat]
    have = p.influence if op["resource"] == "influence" else p.adepts
    if have >= int(op.get("if_at_least", 0)):
        lose(s, seat, op["resource"], int(op["n"]))


@op("discard_blades", TRIGGER, {"n": "int"})
def _discard_blades(s: PantacleState, seat: int, op: Op) -> None:
    for _ in range(int(op["n"])):
        push(s, {"t": "discard", "seat": seat})


@op("opponents_gain", TRIGGER, {"who": ("next", "all"), "resource": "resource", "n": "int"})
def _opponents_gain(s: PantacleState, seat: int, op: Op) -> None:
    count = len(s.players)
    others = [(seat + k) % count for k in range(1, count)]
    for other in others[:1] if op["who"] == "next" else others:
        gain(s, other, op["resource"], int(op["n"]))


def steal(s: PantacleState, seat: int, resource: str, n: int) -> None:
    """Conversion: take `n` Influence cubes from each opponent who has them, clockwise. The
    cubes come from opponents, not the reserve, so no Exhaustion curse intercepts them; a cube
    over the thief's Influence cap goes to the reserve. With Hunt, one extra cube from the
    reserve (the printed exception: only one, however many opponents paid)."""
    p = s.players[seat]
    count = len(s.players)
    cap = influence_cap(p)
    stolen = 0
    for k in range(1, count):
        victim = s.players[(seat + k) % count]
        take = min(n, victim.influence)
        if not take:
            continue
        victim.influence -= take
        stolen += take
        keep = take if cap is None else max(0, min(take, cap - p.influence))
        p.influence += keep
        s.supply["influence"] += take - keep
    if stolen and "hunt" in p.powers:
        gain(s, seat, resource, 1, hunt=False)


def receive_favor(s: PantacleState, seat: int, favor: str, bribed: bool) -> None:
    """The player receives the Favor: with all five Flames on the PANTACLE that wins at once;
    otherwise its effect happens, then any curse that triggers on receiving a Favor."""
    p = s.players[seat]
    if len(p.flames) == FLAMES:
        finish(s, seat, "bribe" if bribed else "favor")
        return
    push_triggers(s, seat, "favor_received")
    push_fx(s, seat, FAVORS[favor].effect, favor)


class Discard(Handler):
    """Discard one Keeper blade of your choice (a curse's effect)."""

    decision = True

    def private_options(self, s: PantacleState, f: Frame) -> bool:
        return True  # a hand of copies of one blade is discarded from at once

    def moves(self, s: PantacleState, f: Frame) -> list[Move]:
        return [
            Move("discard", (("blade", b),), N_("Discard {blade}").format(blade=blade_name(b)))
            for b in distinct(s.players[f["seat"]].hand)
        ]

    def decide(self, s: PantacleState, f: Frame, m: Move) -> None:
        pop(s, f)
        discard_blade(s, s.players[f["seat"]], arg(m))

    def prompt(self, s: PantacleState, f: Frame) -> str:
        return N_("Discard a Keeper blade")


handler("discard")(Discard)
