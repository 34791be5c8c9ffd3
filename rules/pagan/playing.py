"""Playing a card: paying its cost and putting it where its type goes.

Events and Charms take effect and go to the discard pile. Lasting cards take a spot: Locations
and Allies on the Hunter board, Brews and Familiars on the Witch board (3 spots each),
Enchantments on the Enchantment board (3 spots, leftmost first, +1 cost per Enchantment in play),
Investigations on a villager (one per villager). When every spot is full the player picks a card
of the same type to remove; cards in play never leave voluntarily otherwise.
"""

from __future__ import annotations

from rules.core.moves import Move
from rules.pagan import board
from rules.pagan.board import BOARD_SLOTS, CARDS, ENCHANTMENT_SLOTS, card_name, villager_name
from rules.pagan.effects import DONE, Op, op, push_fx, remove_card_in_play
from rules.pagan.machine import Handler, arg, handler, pop, push
from rules.pagan.state import Frame, PaganState, Slot


def playable(
    s: PaganState, seat: str, discount: int = 0, free: bool = False, types: list[str] | None = None
) -> list[tuple[str, int]]:
    """(card, cost) for each distinct card in hand the player can play now."""
    p = s.player(seat)
    out = []
    for card in sorted(set(p.hand)):
        if types and CARDS[card].type not in types:
            continue
        cost = 0 if free else board.play_cost(s, seat, card, discount)
        if cost <= p.influence and can_place(s, card):
            out.append((card, cost))
    return out


def can_place(s: PaganState, card: str) -> bool:
    if CARDS[card].type == "investigation":
        return any(v.alive for v in s.villagers)
    return True


def play_move(s: PaganState, card: str, cost: int) -> Move:
    c = CARDS[card]
    return Move("play", (("card", card),), f"Play {c.name} ({c.type}, {cost} Influence)")


def start_play(s: PaganState, seat: str, card: str, cost: int) -> None:
    """Take `card` from hand, pay `cost`, and put it into play (pushing the frames that need
    choices)."""
    p = s.player(seat)
    board.leave_hand(p, card)
    p.influence -= cost
    c = CARDS[card]
    kind = c.type
    if kind in ("event", "charm"):
        push(s, {"t": "to_discard", "seat": seat, "card": card})
        push_fx(s, seat, c.data.get("effect", []), None, card)
        return
    push_fx(s, seat, c.data.get("on_play", []), None, card)
    if kind == "investigation":
        push(s, {"t": "place_investigation", "seat": seat, "card": card})
    elif kind == "enchantment":
        if len(s.enchantments) < ENCHANTMENT_SLOTS:
            s.enchantments.append(card)
        else:
            push(s, {"t": "replace", "seat": seat, "card": card, "kind": kind})
    else:
        slots = p.slots(kind)
        index = board.free_slot(slots)
        if index is not None:
            slots[index] = Slot(card)
        else:
            push(s, {"t": "replace", "seat": seat, "card": card, "kind": kind})


@handler("to_discard")
class ToDiscard(Handler):
    """An Event or Charm goes to the discard pile once its effect is done."""

    def run(self, s: PaganState, f: Frame) -> None:
        pop(s, f)
        s.player(f["seat"]).discard.append(f["card"])


@handler("replace")
class Replace(Handler):
    """Every spot of the card's type is full: pick the card it replaces."""

    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        if f["kind"] == "enchantment":
            return [
                Move("replace", (("slot", i),), f"Discard {card_name(c)} to make room")
                for i, c in enumerate(s.enchantments)
            ]
        slots = s.player(f["seat"]).slots(f["kind"])
        return [
            Move("replace", (("slot", i),), f"Discard {card_name(slot.card)} to make room")
            for i, slot in enumerate(slots)
            if slot is not None
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        index = arg(m)
        if f["kind"] == "enchantment":
            remove_card_in_play(s, f"enchantment-{index}")  # slides the rest to the left
            s.enchantments.append(f["card"])
        else:
            remove_card_in_play(s, f"{f['kind']}-{index}")
            s.player(f["seat"]).slots(f["kind"])[index] = Slot(f["card"])

    def prompt(self, s: PaganState, f: Frame) -> str:
        return f"Every {f['kind']} spot is full: choose the card {card_name(f['card'])} replaces"


@handler("place_investigation")
class PlaceInvestigation(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        living = [v for v in s.villagers if v.alive]
        free = [v for v in living if not v.investigation]
        if free:
            return [
                Move("target", (("villager", v.id),), f"Place it on {villager_name(v.id)}")
                for v in free
            ]
        return [
            Move(
                "target",
                (("villager", v.id),),
                f"Place it on {villager_name(v.id)}, discarding {card_name(v.investigation)}",
            )
            for v in living
            if v.investigation
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        v = s.villager(arg(m))
        if v.investigation:
            s.hunter.discard.append(v.investigation)
        v.investigation = f["card"]

    def skip(self, s: PaganState, f: Frame) -> None:
        pop(s, f)
        s.player(f["seat"]).discard.append(f["card"])

    def prompt(self, s: PaganState, f: Frame) -> str:
        return f"Choose the villager for {card_name(f['card'])}"


@op("play")
def _play(s: PaganState, f: Frame, o: Op) -> None:
    push(
        s,
        {
            "t": "play",
            "seat": f["seat"],
            "left": int(o.get("n", 1)),
            "discount": int(o.get("discount", 0)),
            "free": bool(o.get("free", False)),
            "types": list(o.get("types", [])),
        },
    )


@handler("play")
class Play(Handler):
    """A "play N cards" effect: each card is optional, one at a time."""

    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        out = [
            play_move(s, card, cost)
            for card, cost in playable(s, f["seat"], f["discount"], f["free"], f["types"])
        ]
        if out:
            out.append(DONE)
        return out

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        if m.kind == "done":
            pop(s, f)
            return
        f["left"] -= 1
        if f["left"] <= 0:
            pop(s, f)
        card = arg(m)
        cost = 0 if f["free"] else board.play_cost(s, f["seat"], card, f["discount"])
        start_play(s, f["seat"], card, cost)

    def prompt(self, s: PaganState, f: Frame) -> str:
        return f"You may play {'up to ' if f['left'] > 1 else ''}{f['left']} card(s)"


__all__ = ["BOARD_SLOTS", "playable", "start_play"]
