"""Beyond the Palisades: Gloom and Cleanse, as ops and frames.

Gloom comes from a limited supply (30) onto Gloom cards in play and Tainted villagers, never
past a place's limit (`gloom_places.gloom_limit`). Removing the last Gloom from a place cleanses
it at once (`take_gloom`): a Gloom card leaves play, its Cleanse effect is carried out by the
Hunter (unless an effect such as Tinted Moon stops Cleanse effects), it goes to its owner's
discard pile, and "whenever a card is cleansed" triggers fire; a Tainted villager is turned over
to its Household side instead. A card removed while it still has Gloom (Expose, making room) is
not cleansed: its Gloom just returns to the supply (`gloom_places.lift_out`).

Where Gloom is and how much a place may hold is kept in `rules.pagan.gloom_places`, beneath the
effect interpreter that this module builds on (`effects` reads Gloom too).
"""

from __future__ import annotations

from typing import Any

from rules.core import N_, Move
from rules.pagan import gloom_places, modifiers, tables
from rules.pagan.effects import DONE, cleanse_sources, push_fx
from rules.pagan.gloom_places import place_name
from rules.pagan.machine import Handler, arg, handler, pop, push
from rules.pagan.ops import Op, op
from rules.pagan.scenario import rule_triggers
from rules.pagan.state import HUNTER, Frame, PaganState
from rules.pagan.tables import CARDS, plural


def take_gloom(s: PaganState, place: str, n: int = 1) -> int:
    """Remove up to n Gloom from a place to the supply; when that was its last Gloom, the place
    is cleansed (a frame is pushed, so callers pop their own frame first). Returns how many
    Gloom were removed."""
    removed = gloom_places.drop_gloom(s, place, n)
    if removed and gloom_places.gloom_at(s, place) == 0:
        start_cleanse(s, place)
    return removed


def start_cleanse(s: PaganState, place: str) -> None:
    if place.startswith("villager-"):
        push(s, {"t": "cleanse", "villager": place[9:], "card": None, "step": 0})
        return
    # The card leaves its spot at once (it has no Gloom: it is cleansed); it is held in the
    # frame, in the open, until its Cleanse effect is done and it is discarded.
    card, owner = gloom_places.lift_out(s, place)
    push(s, {"t": "cleanse", "villager": None, "card": card, "owner": owner, "step": 0})


def cleanse_stopped(s: PaganState) -> bool:
    """Whether an effect in play (Tinted Moon) stops Cleanse effects from taking place. Cleanse
    effects are the Hunter's, so `no_cleanse` modifiers apply to him."""
    return modifiers.global_modifier(s, "no_cleanse", HUNTER) > 0


class Cleanse(Handler):
    """1. the Cleanse effect (or the villager turns over); 2. the card goes to the discard pile;
    3. "whenever a card is cleansed" triggers."""

    def run(self, s: PaganState, f: Frame) -> None:
        step = f["step"]
        f["step"] = step + 1
        card = f["card"]
        if step == 0:
            if card is None:
                v = s.villager(f["villager"])
                if v.alive:
                    v.face = v.id  # turned over to its Household side
            elif not cleanse_stopped(s):
                push_fx(s, HUNTER, list(CARDS[card].data.get("cleanse", [])), None, card)
        elif step == 1:
            if card is not None:
                s.player(f["owner"]).discard.append(card)
        elif step == 2:
            s.cleansed += 1
            run_cleansed_triggers(s)
        else:
            pop(s, f)


handler("cleanse")(Cleanse)


def run_cleansed_triggers(s: PaganState) -> None:
    """Cards in play (and scenario rules) with a `cleansed` trigger, carried out by their
    owner, in the order they are found."""
    found: list[tuple[str, dict[str, Any], str, str | None]] = []
    for card, owner, place in modifiers.cards_in_play(s):
        for trig in CARDS[card].data.get("triggers", ()):
            if trig["when"] == "cleansed":
                found.append((owner, trig, card, place))
    for _, trig in rule_triggers(s, "cleansed"):
        whose = trig["whose"]
        found.append((s.active if whose == "both" else whose, trig, "", None))
    for runner, trig, card, at in found[::-1]:
        if trig.get("optional"):
            push(
                s,
                {
                    "t": "optional",
                    "seat": runner,
                    "label": trig.get(
                        "label",
                        N_("Use {card}").format(card=tables.card_name(card)) if card else N_("Use"),
                    ),
                    "cost": trig.get("cost", {}),
                    "ops": trig.get("effect", []),
                    "here": None,
                    "src": card,
                },
            )
        else:
            push_fx(s, runner, list(trig.get("effect", [])), None, card, at)


# --- ops ----------------------------------------------------------------------------------------


def _self_place(s: PaganState, f: Frame) -> str | None:
    """The place of the card whose effect this is, if it is still there."""
    at = f.get("at")
    if at is None or gloom_places.card_at_place(s, at) != f.get("src"):
        return None
    return str(at)


@op("add_gloom", required=("n", "target"))
def _add_gloom(s: PaganState, f: Frame, o: Op) -> None:
    push(
        s,
        {
            "t": "add_gloom",
            "seat": f["seat"],
            "target": o["target"],
            "n": int(o.get("n", 1)),
            "here": f["here"],
            "at": _self_place(s, f),
        },
    )


class AddGloom(Handler):
    """Add n Gloom to one place with room for all of them (nothing happens if none has, or
    the supply is short: effects that need it were not offered)."""

    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        n = f["n"]
        if s.supply.get("gloom", 0) < n:
            return []
        return [
            Move(
                "add_gloom",
                (("place", p),),
                N_("Add {amount} to {place}").format(
                    amount=plural(n, N_("Gloom")), place=place_name(s, p)
                ),
            )
            for p in gloom_places.gloom_targets(s, f["target"], f["seat"], f["here"], f["at"])
            if gloom_places.gloom_room(s, p) >= n
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        gloom_places.put_gloom(s, arg(m), f["n"])

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Add {amount} to a Gloom card").format(amount=plural(f["n"], N_("Gloom")))


handler("add_gloom")(AddGloom)


@op("remove_gloom", required=("n", "target"), optional=("upto",))
def _remove_gloom(s: PaganState, f: Frame, o: Op) -> None:
    push(
        s,
        {
            "t": "remove_gloom",
            "seat": f["seat"],
            "target": o["target"],
            "left": int(o.get("n", 1)),
            "upto": bool(o.get("upto", False)),
            "here": f["here"],
            "at": _self_place(s, f),
        },
    )


class RemoveGloom(Handler):
    """Remove Gloom one at a time, each from a place of the player's choice."""

    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        out = [
            Move(
                "remove_gloom",
                (("place", p),),
                N_("Remove a Gloom from {place}").format(place=place_name(s, p)),
            )
            for p in gloom_places.gloom_targets(s, f["target"], f["seat"], f["here"], f["at"])
            if gloom_places.gloom_at(s, p)
        ]
        if out and f["upto"]:
            out.append(DONE)
        return out

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        if m.kind == "done":
            pop(s, f)
            return
        f["left"] -= 1
        place = arg(m)
        if f["left"] <= 0:
            pop(s, f)
        elif f["at"] == place and gloom_places.gloom_at(s, place) == 1:
            f["at"] = None  # `self` is about to be cleansed and gone
        take_gloom(s, place)

    def prompt(self, s: PaganState, f: Frame) -> str:
        template = N_("Remove up to {amount}") if f["upto"] else N_("Remove {amount}")
        return template.format(amount=plural(f["left"], N_("Gloom")))


handler("remove_gloom")(RemoveGloom)


class PayGloom(Handler):
    """A cost of Gloom ("Empower: remove 1 Gloom in play"): from any Gloom in play."""

    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        return [
            Move(
                "pay_gloom",
                (("place", p),),
                N_("Pay a Gloom from {place}").format(place=place_name(s, p)),
            )
            for p in gloom_places.gloom_holders(s)
            if gloom_places.gloom_at(s, p)
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        f["left"] -= 1
        if f["left"] <= 0:
            pop(s, f)
        take_gloom(s, arg(m))

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Pay {amount} from Gloom in play").format(amount=plural(f["left"], N_("Gloom")))


handler("pay_gloom")(PayGloom)


@op("copy_cleanse")
def _copy_cleanse(s: PaganState, f: Frame, o: Op) -> None:
    push(s, {"t": "copy_cleanse", "seat": f["seat"]})


class CopyCleanse(Handler):
    """Carry out the Cleanse effect of another Gloom card in play (which stays in play)."""

    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        return [
            Move(
                "copy",
                (("place", place),),
                N_("Use the Cleanse effect of {card}").format(card=tables.card_name(card)),
            )
            for card, place in cleanse_sources(s)
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        card = gloom_places.card_at_place(s, arg(m))
        assert card is not None
        push_fx(s, f["seat"], list(CARDS[card].data.get("cleanse", [])), None, card)

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Choose the Cleanse effect of another Gloom card in play")


handler("copy_cleanse")(CopyCleanse)


__all__ = ["cleanse_stopped", "start_cleanse", "take_gloom"]
