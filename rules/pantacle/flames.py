"""A Sacrifice's Flame: the disc, the PANTACLE point, the Curse it may reveal, the point's effect.

Order (Quick Reference, "Resolving a Sacrifice"): the Active Sorcerer chooses a disc and puts it
on a point, draws Curse cards if that disc revealed a Curse icon, then gains the point's effect.
Only the top disc of the pentagram covers no Curse icon; the other four are alike, so the choice
is "the curse-free disc" or "a cursed disc" (they leave the pentagram in its printed order).
"""

from __future__ import annotations

from rules.core import N_, Move
from rules.pantacle.board import CURSE_FREE, POINTS
from rules.pantacle.curses import push_curse_draw
from rules.pantacle.effects import push_fx, push_triggers
from rules.pantacle.machine import Handler, arg, handler, pop, push
from rules.pantacle.state import Frame, PantacleState


def push_flame(s: PantacleState, seat: int) -> None:
    # `disc`: the position of the disc on its way from the pentagram to the PANTACLE.
    push(s, {"t": "flame", "seat": seat, "step": 0, "disc": "", "point": ""})


class Flame(Handler):
    def run(self, s: PantacleState, f: Frame) -> None:
        step = f["step"]
        f["step"] = step + 1
        seat = f["seat"]
        if step == 0:
            push(s, {"t": "disc", "seat": seat})
        elif step == 1:
            push(s, {"t": "point", "seat": seat})
        elif step == 2:
            s.players[seat].flames.append(f["point"])
            cursed = f["disc"] != CURSE_FREE
            f["disc"] = ""
            # Curses held before this disc moved react to it; a Curse it reveals is drawn first.
            push_triggers(s, seat, "flame_placed")
            if cursed:
                push_curse_draw(s, seat)
        else:
            pop(s, f)
            push_fx(s, seat, POINTS[f["point"]].effect, f["point"])


handler("flame")(Flame)


class Disc(Handler):
    decision = True

    def moves(self, s: PantacleState, f: Frame) -> list[Move]:
        pentagram = s.players[f["seat"]].pentagram
        out = []
        if CURSE_FREE in pentagram:
            out.append(Move("disc", (("disc", "curse-free"),), N_("Move your curse-free top disc")))
        if len(pentagram) > (CURSE_FREE in pentagram):
            out.append(
                Move("disc", (("disc", "cursed"),), N_("Move a cursed disc (draw a Curse card)"))
            )
        return out

    def decide(self, s: PantacleState, f: Frame, m: Move) -> None:
        pop(s, f)
        pentagram = s.players[f["seat"]].pentagram
        disc = (
            CURSE_FREE if arg(m) == "curse-free" else next(d for d in pentagram if d != CURSE_FREE)
        )
        pentagram.remove(disc)
        s.stack[-1]["disc"] = disc

    def prompt(self, s: PantacleState, f: Frame) -> str:
        return N_("Sacrifice: choose the Flame disc to move to the PANTACLE")


handler("disc")(Disc)


class PointChoice(Handler):
    """One disc per player per point: each point's effect once per game."""

    decision = True

    def moves(self, s: PantacleState, f: Frame) -> list[Move]:
        taken = s.players[f["seat"]].flames
        return [
            Move("point", (("point", p.id),), N_("{name}: {text}").format(name=p.name, text=p.text))
            for p in POINTS.values()
            if p.id not in taken
        ]

    def decide(self, s: PantacleState, f: Frame, m: Move) -> None:
        pop(s, f)
        s.stack[-1]["point"] = arg(m)

    def prompt(self, s: PantacleState, f: Frame) -> str:
        return N_("Sacrifice: choose the PANTACLE point for your Flame disc")


handler("point")(PointChoice)
