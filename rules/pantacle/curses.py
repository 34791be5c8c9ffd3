"""Curse cards: drawing them when a Flame reveals a Curse icon, keeping one, what a kept card
does on arrival (resources on an Exhaustion card, the Sacrifice a card targets) and Protection's
face-down card.

Drawing: the first card is free; each further card costs what the chart's total adds (1, 4, 9,
16 in all for +1..+4, so 1, 3, 5, 7 one by one), and the player sees each card before deciding
to pay for the next. The unkept cards go to the bottom of the pile in the order drawn; only their
drawer knows them, which the pile's knowledge bits record.
"""

from __future__ import annotations

from rules.core import N_, Move
from rules.pantacle.board import (
    CURSES,
    EXTRA_CURSE_TOTALS,
    curse_name,
    curse_to_bottom,
    draw_curse,
    everyone,
    lose,
)
from rules.pantacle.machine import Handler, arg, handler, pop, push
from rules.pantacle.state import CurseCard, Frame, PantacleState, Player

MAX_EXTRA_CURSES = len(EXTRA_CURSE_TOTALS) - 1


def extra_curse_cost(extra: int) -> int:
    """What the next extra card costs when `extra` were already paid for."""
    return EXTRA_CURSE_TOTALS[extra + 1] - EXTRA_CURSE_TOTALS[extra]


def push_curse_draw(s: PantacleState, seat: int) -> None:
    """Draw the free first Curse card (none when the pile is empty) and ask which to keep."""
    card = draw_curse(s)
    if card is not None:
        push(s, {"t": "curse_draw", "seat": seat, "drawn": [card], "extra": 0})


class CurseDraw(Handler):
    decision = True

    def moves(self, s: PantacleState, f: Frame) -> list[Move]:
        out = [
            Move("keep", (("curse", c),), N_("Keep {curse}").format(curse=curse_name(c)))
            for c in f["drawn"]
        ]
        extra = f["extra"]
        if extra < MAX_EXTRA_CURSES and s.curse_pile:
            cost = extra_curse_cost(extra)
            if s.players[f["seat"]].influence >= cost:
                out.append(
                    Move(
                        "draw",
                        (),
                        N_(
                            "Pay {cost} Influence to draw another Curse card "
                            "({total} in all for {extra} extra)"
                        ).format(cost=cost, total=EXTRA_CURSE_TOTALS[extra + 1], extra=extra + 1),
                    )
                )
        return out

    def decide(self, s: PantacleState, f: Frame, m: Move) -> None:
        seat = f["seat"]
        if m.kind == "draw":
            lose(s, seat, "influence", extra_curse_cost(f["extra"]))
            f["extra"] += 1
            card = draw_curse(s)
            if card is not None:
                f["drawn"].append(card)
            return
        kept = arg(m)
        pop(s, f)
        for card in f["drawn"]:
            if card != kept:
                curse_to_bottom(s, card, 1 << seat)
        arrive(s, seat, kept)

    def prompt(self, s: PantacleState, f: Frame) -> str:
        return N_("A Curse icon is revealed: keep one Curse card, or pay to draw another")


handler("curse_draw")(CurseDraw)


def arrive(s: PantacleState, seat: int, curse: str) -> None:
    """A kept curse goes face up in front of its player. An Exhaustion card takes its
    resources from the reserve (what is left of them); one that gets none has nothing to
    intercept and goes straight back to the bottom of the pile."""
    p = s.players[seat]
    card = CURSES[curse]
    c = CurseCard(curse)
    if card.kind == "exhaustion":
        c.influence = min(int(card.holds.get("influence", 0)), s.supply["influence"])
        c.adepts = min(int(card.holds.get("adepts", 0)), s.supply["adepts"])
        s.supply["influence"] -= c.influence
        s.supply["adepts"] -= c.adepts
        if c.influence == 0 and c.adepts == 0:
            curse_to_bottom(s, curse, everyone(s))
            return
    p.curses.append(c)
    push_protect(s, seat)
    if any(op["op"] == "sacrifice_cost" and op["which"] == "any" for op in card.effects):
        push(s, {"t": "curse_target", "seat": seat, "curse": curse})


class CurseTarget(Handler):
    """A curse that targets "a Sacrifice" without saying which: its owner chooses, once, when
    the card is kept (the rulebook's "the Active Sorcerer chooses which")."""

    decision = True

    def moves(self, s: PantacleState, f: Frame) -> list[Move]:
        name = curse_name(f["curse"])
        return [
            Move(
                "target",
                (("sacrifice", "powers"),),
                N_("{name} targets the Sacrifice of Powers").format(name=name),
            ),
            Move(
                "target",
                (("sacrifice", "adepts"),),
                N_("{name} targets the Sacrifice of Adepts").format(name=name),
            ),
        ]

    def decide(self, s: PantacleState, f: Frame, m: Move) -> None:
        pop(s, f)
        for c in s.players[f["seat"]].curses:
            if c.id == f["curse"]:
                c.target = arg(m)

    def prompt(self, s: PantacleState, f: Frame) -> str:
        return N_("Choose the Sacrifice that {curse} targets").format(curse=curse_name(f["curse"]))


handler("curse_target")(CurseTarget)


def protectable(p: Player) -> list[CurseCard]:
    """The curses Protection could turn face down: none while one already is."""
    if "protection" not in p.powers or any(c.face_down for c in p.curses):
        return []
    return p.curses


def push_protect(s: PantacleState, seat: int) -> None:
    if protectable(s.players[seat]):
        push(s, {"t": "protect", "seat": seat})


class Protect(Handler):
    """Protection: turn one of your curses face down; it is ignored while it stays so."""

    decision = True

    def moves(self, s: PantacleState, f: Frame) -> list[Move]:
        return [
            Move(
                "protect",
                (("curse", c.id),),
                N_("Turn {curse} face down").format(curse=curse_name(c.id)),
            )
            for c in protectable(s.players[f["seat"]])
        ]

    def decide(self, s: PantacleState, f: Frame, m: Move) -> None:
        pop(s, f)
        for c in s.players[f["seat"]].curses:
            if c.id == arg(m):
                c.face_down = True

    def prompt(self, s: PantacleState, f: Frame) -> str:
        return N_("Protection: choose a Curse card to turn face down")


handler("protect")(Protect)
