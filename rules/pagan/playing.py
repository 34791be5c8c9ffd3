"""Playing a card: paying its cost and putting it where its type goes.

Events and Charms take effect and go to the discard pile. Lasting cards take a spot: Locations
and Allies on the Hunter board, Brews and Familiars on the Witch board (3 spots each),
Enchantments on the Enchantment board (3 spots, leftmost first, +1 cost per Enchantment in play),
Investigations on a villager (one per villager). When every spot is full the player picks a card
of the same type to remove; cards in play never leave voluntarily otherwise.

Beyond the Palisades: a Gloom card enters play with its Gloom from the supply (it cannot be
played without it), never leaves to make room, and an Enchantment that `covers` (Lost in Plain
Sight) is played onto a Hunter card in play, which stops counting as in play.
"""

from __future__ import annotations

from rules.core import N_, Move
from rules.pagan import gloom_places, modifiers, piles, state, tokens
from rules.pagan.effects import DONE, push_fx, remove_card_in_play, usable
from rules.pagan.machine import Handler, arg, handler, pop, push
from rules.pagan.ops import Op, mentions, op
from rules.pagan.state import HUNTER, Frame, PaganState, Slot, has_expansion, opponent
from rules.pagan.tables import (
    BOARD_SLOTS,
    CARDS,
    ENCHANTMENT_SLOTS,
    card_name,
    derived,
    plural,
    villager_name,
)

# Cards whose playing depends on Gloom: Gloom cards, covering Enchantments, and cards whose
# effect or on_play adds Gloom (checked with `usable`). Only these pay for the extra checks.
_GLOOM_GATED = frozenset(
    cid
    for cid, c in CARDS.items()
    if c.gloom
    or c.data.get("covers")
    or mentions(c.data.get("effect", []), "add_gloom")
    or mentions(c.data.get("on_play", []), "add_gloom")
)


def playable(
    s: PaganState,
    seat: str,
    discount: int = 0,
    free: bool = False,
    types: list[str] | None = None,
    modifier_cards: list[tuple[str, str]] | None = None,
) -> list[tuple[str, int]]:
    """(card, cost) for each distinct card in hand the player can play now. `modifier_cards` is
    `modifiers.modifier_cards(s)` if the caller has it; else it is gathered once for the whole
    hand."""
    p = s.player(seat)
    out = []
    expansion = has_expansion(s)
    if modifier_cards is None:
        modifier_cards = modifiers.modifier_cards(s)
    by_type: dict[str, int] = {}  # the `play_cost` modifier of each card type, asked for once
    for card in sorted(set(p.hand)):
        c = CARDS[card]
        if types and c.type not in types:
            continue
        if free:
            cost = 0
        else:
            modifier = by_type.get(c.type)
            if modifier is None:
                modifier = by_type[c.type] = modifiers.global_modifier(
                    s, "play_cost", seat, c.type, modifier_cards
                )
            cost = modifiers.cost_with(s, c, modifier, discount)
        if cost > p.influence:
            continue
        if expansion:
            if not can_place(s, card) or (card in _GLOOM_GATED and not gloom_allows(s, seat, card)):
                continue
        elif c.type == "investigation" and not any(v.alive for v in s.villagers):
            continue  # (the base game's `can_place`, inlined: this loop is the hot path)
        out.append((card, cost))
    return out


def can_play(s: PaganState, seat: str, card: str, cost: int) -> bool:
    """Whether `seat` can play `card` (in hand, or revealed) for `cost` now."""
    if cost > s.player(seat).influence or not can_place(s, card):
        return False
    return card not in _GLOOM_GATED or gloom_allows(s, seat, card)


def gloom_allows(s: PaganState, seat: str, card: str) -> bool:
    """A Gloom card needs its Gloom in the supply; a covering card a Hunter card to cover; an
    effect that adds Gloom a place with room for it."""
    c = CARDS[card]
    if s.supply.get("gloom", 0) < c.gloom:
        return False
    if c.data.get("covers") and not cover_targets(s, card):
        return False
    return usable(s, seat, list(c.data.get("effect", [])), None, None) and usable(
        s, seat, list(c.data.get("on_play", [])), None, None
    )


def can_place(s: PaganState, card: str) -> bool:
    """Whether the card has somewhere to go: a free spot, or a card of its type its player may
    remove to make room (never their own Gloom card, nor a covered card)."""
    kind = CARDS[card].type
    if not state.has_expansion(s):  # the base game: every full spot can be made room on
        return kind != "investigation" or any(v.alive for v in s.villagers)
    if kind == "investigation":
        return any(v.alive and not v.investigation for v in s.villagers) or any(
            v.alive
            and v.investigation
            and gloom_places.removable_by_owner(s, f"investigation-{v.id}")
            for v in s.villagers
        )
    if kind == "enchantment":
        return len(s.enchantments) < ENCHANTMENT_SLOTS or any(
            gloom_places.removable_by_owner(s, f"enchantment-{i}")
            for i in range(len(s.enchantments))
        )
    if kind in ("event", "charm"):
        return True
    slots = s.player(piles.slot_kind_owner(kind)).slots(kind)
    return any(
        slot is None or gloom_places.removable_by_owner(s, f"{kind}-{i}")
        for i, slot in enumerate(slots)
    )


def cover_targets(s: PaganState, card: str) -> list[tuple[str, str]]:
    """(Hunter card, place) in play that a covering card may be played onto."""
    types = CARDS[card].data.get("covers", ())
    return [
        (c, place)
        for c, owner, place in modifiers.cards_in_play(s)
        if owner == HUNTER and CARDS[c].type in types
    ]


def landed(s: PaganState, seat: str, card: str, place: str) -> None:
    """A lasting card has reached its spot: a Gloom card gets its Gloom (plus any a scenario
    adds, while the supply lasts), a covering card chooses what it covers, and a Brew played
    "with N Secrets" gets them."""
    if not has_expansion(s):  # only the expansion's cards need anything here
        return
    c = CARDS[card]
    if c.gloom:
        gloom_places.put_gloom(
            s, place, c.gloom + modifiers.global_modifier(s, "gloom_on_play", seat)
        )
    if c.data.get("covers"):
        push(s, {"t": "cover", "seat": seat, "card": card, "index": len(s.enchantments) - 1})
    for f in reversed(s.stack):
        if f["t"] == "brew_secrets" and f["card"] == card and f["place"] is None:
            f["place"] = place
            break


def _to_enchantments(s: PaganState, seat: str, card: str) -> None:
    s.enchantments.append(card)
    s.ench_gloom.append(0)
    s.ench_covers.append(None)
    landed(s, seat, card, f"enchantment-{len(s.enchantments) - 1}")


def play_move(s: PaganState, card: str, cost: int) -> Move:
    return _play_move(card, cost)


@derived
def _play_move(card: str, cost: int) -> Move:
    # Moves are immutable values, so one object per card and cost serves every state.
    c = CARDS[card]
    return Move(
        "play",
        (("card", card),),
        N_("Play {name} ({type}, {cost} Influence)").format(name=c.name, type=c.type, cost=cost),
    )


def start_play(s: PaganState, seat: str, card: str, cost: int) -> None:
    """Take `card` from hand, pay `cost`, and put it into play (pushing the frames that need
    choices)."""
    p = s.player(seat)
    piles.leave_hand(p, card)
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
            _to_enchantments(s, seat, card)
        else:
            push(s, {"t": "replace", "seat": seat, "card": card, "kind": kind})
    else:
        slots = p.slots(kind)
        index = piles.free_slot(slots)
        if index is not None:
            slots[index] = Slot(card)
            landed(s, seat, card, f"{kind}-{index}")
        else:
            push(s, {"t": "replace", "seat": seat, "card": card, "kind": kind})


class ToDiscard(Handler):
    """An Event or Charm goes to the discard pile once its effect is done."""

    def run(self, s: PaganState, f: Frame) -> None:
        pop(s, f)
        s.player(f["seat"]).discard.append(f["card"])


handler("to_discard")(ToDiscard)


class Replace(Handler):
    """Every spot of the card's type is full: pick the card it replaces."""

    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        kind = f["kind"]
        if kind == "enchantment":
            return [
                Move(
                    "replace",
                    (("slot", i),),
                    N_("Discard {card} to make room").format(card=card_name(c)),
                )
                for i, c in enumerate(s.enchantments)
                if not has_expansion(s) or gloom_places.removable_by_owner(s, f"enchantment-{i}")
            ]
        slots = s.player(f["seat"]).slots(kind)
        return [
            Move(
                "replace",
                (("slot", i),),
                N_("Discard {card} to make room").format(card=card_name(slot.card)),
            )
            for i, slot in enumerate(slots)
            if slot is not None
            and (not has_expansion(s) or gloom_places.removable_by_owner(s, f"{kind}-{i}"))
        ]

    def skip(self, s: PaganState, f: Frame) -> None:
        """Nothing may be removed (only when the spots changed since the card was offered):
        the card goes to the discard pile."""
        pop(s, f)
        s.player(f["seat"]).discard.append(f["card"])

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        index = arg(m)
        if f["kind"] == "enchantment":
            remove_card_in_play(s, f"enchantment-{index}")  # slides the rest to the left
            _to_enchantments(s, f["seat"], f["card"])
        else:
            remove_card_in_play(s, f"{f['kind']}-{index}")
            s.player(f["seat"]).slots(f["kind"])[index] = Slot(f["card"])
            landed(s, f["seat"], f["card"], f"{f['kind']}-{index}")

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Every {kind} spot is full: choose the card {card} replaces").format(
            kind=f["kind"], card=card_name(f["card"])
        )


handler("replace")(Replace)


class PlaceInvestigation(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        living = [v for v in s.villagers if v.alive]
        free = [v for v in living if not v.investigation]
        if free:
            return [
                Move(
                    "target",
                    (("villager", v.id),),
                    N_("Place it on {villager}").format(villager=villager_name(v.id)),
                )
                for v in free
            ]
        return [
            Move(
                "target",
                (("villager", v.id),),
                N_("Place it on {villager}, discarding {card}").format(
                    villager=villager_name(v.id), card=card_name(v.investigation)
                ),
            )
            for v in living
            if v.investigation
            and (
                not has_expansion(s) or gloom_places.removable_by_owner(s, f"investigation-{v.id}")
            )
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        v = s.villager(arg(m))
        if v.investigation:
            remove_card_in_play(s, f"investigation-{v.id}")
        v.investigation = f["card"]
        landed(s, f["seat"], f["card"], f"investigation-{v.id}")

    def skip(self, s: PaganState, f: Frame) -> None:
        pop(s, f)
        s.player(f["seat"]).discard.append(f["card"])

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Choose the villager for {card}").format(card=card_name(f["card"]))


handler("place_investigation")(PlaceInvestigation)


@op("play", required=("n",), optional=("discount", "free", "types", "per", "secrets"))
def _play(s: PaganState, f: Frame, o: Op) -> None:
    n = int(o.get("n", 1))
    if "per" in o:
        n *= gloom_places.count(s, o["per"], f["seat"])
    if n <= 0:
        return
    frame: Frame = {
        "t": "play",
        "seat": f["seat"],
        "left": n,
        "discount": int(o.get("discount", 0)),
        "free": bool(o.get("free", False)),
        "types": list(o.get("types", [])),
    }
    if "secrets" in o:
        frame["secrets"] = int(o["secrets"])
    push(s, frame)


class Play(Handler):
    """A "play N cards" effect: each card is optional, one at a time."""

    decision = True

    def private_options(self, s: PaganState, f: Frame) -> bool:
        return True  # skipped when nothing in the hand can be played

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
        cost = 0 if f["free"] else modifiers.play_cost(s, f["seat"], card, f["discount"])
        if f.get("secrets") and CARDS[card].type == "brew":
            # "...and place N Secrets on it": once the Brew has found its spot
            push(s, {"t": "brew_secrets", "card": card, "n": f["secrets"], "place": None})
        start_play(s, f["seat"], card, cost)

    def prompt(self, s: PaganState, f: Frame) -> str:
        if f["left"] > 1:
            return N_("You may play up to {n} card(s)").format(n=f["left"])
        return N_("You may play {n} card(s)").format(n=f["left"])


handler("play")(Play)


class BrewSecrets(Handler):
    """Secrets placed on a Brew just played (Blur, Empowered), from the supply while it lasts."""

    def run(self, s: PaganState, f: Frame) -> None:
        pop(s, f)
        place = f["place"]
        if place is None:
            return
        for _ in range(f["n"]):
            tokens.place_from_supply(s, place, "secret")


handler("brew_secrets")(BrewSecrets)


class Cover(Handler):
    """A covering Enchantment (Lost in Plain Sight) chooses the Hunter card it is played onto."""

    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        return [
            Move("cover", (("place", place),), N_("Play it onto {card}").format(card=card_name(c)))
            for c, place in cover_targets(s, f["card"])
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        index = f["index"]
        if index < len(s.enchantments) and s.enchantments[index] == f["card"]:
            s.ench_covers[index] = arg(m)

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Choose the Hunter card {card} is played onto").format(card=card_name(f["card"]))


handler("cover")(Cover)


# --- Houndskeeper Willam: reveal 2, the opponent picks the discard, play the other -------------


@op("reveal_play", required=("n",))
def _reveal_play(s: PaganState, f: Frame, o: Op) -> None:
    seat = f["seat"]
    n = int(o.get("n", 2))
    if len(s.player(seat).hand) >= n:
        push(s, {"t": "reveal", "seat": seat, "owner": seat, "cards": [], "n": n, "phase": "pick"})


class Reveal(Handler):
    """Three decisions: the owner reveals cards one at a time (they leave the hand, face up),
    the opponent chooses the one to discard, and the owner plays the other if they can pay for
    and place it; otherwise it goes back to the hand, known to the opponent."""

    decision = True

    def private_options(self, s: PaganState, f: Frame) -> bool:
        return bool(f["phase"] == "pick")  # the hand's cards; later, the revealed ones

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        phase = f["phase"]
        if phase == "pick":
            return [
                Move("reveal", (("card", c),), N_("Reveal {card}").format(card=card_name(c)))
                for c in sorted(set(s.player(f["owner"]).hand))
            ]
        if phase == "discard":
            return [
                Move(
                    "discard",
                    (("card", c),),
                    N_("Make them discard {card}").format(card=card_name(c)),
                )
                for c in sorted(set(f["cards"]))
            ]
        owner = f["owner"]
        out = []
        for c in sorted(set(f["cards"])):
            cost = modifiers.play_cost(s, owner, c)
            if can_play(s, owner, c, cost):
                out.append(play_move(s, c, cost))
        return out

    def skip(self, s: PaganState, f: Frame) -> None:
        pop(s, f)
        self._back_to_hand(s, f)

    def _back_to_hand(self, s: PaganState, f: Frame) -> None:
        p = s.player(f["owner"])
        p.hand.extend(f["cards"])
        p.revealed.extend(f["cards"])
        f["cards"] = []

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        card = arg(m)
        owner = f["owner"]
        p = s.player(owner)
        if f["phase"] == "pick":
            piles.leave_hand(p, card)
            f["cards"].append(card)
            if len(f["cards"]) >= f["n"]:
                f["phase"] = "discard"
                f["seat"] = opponent(owner)
        elif f["phase"] == "discard":
            f["cards"].remove(card)
            p.discard.append(card)
            f["phase"] = "play"
            f["seat"] = owner
        else:
            pop(s, f)
            f["cards"].remove(card)
            self._back_to_hand(s, f)
            p.hand.append(card)
            start_play(s, owner, card, modifiers.play_cost(s, owner, card))

    def prompt(self, s: PaganState, f: Frame) -> str:
        if f["phase"] == "pick":
            return N_("Reveal {amount} from your hand").format(
                amount=plural(f["n"] - len(f["cards"]), N_("card"))
            )
        if f["phase"] == "discard":
            return N_("Choose which revealed card your opponent discards")
        return N_("Play the other revealed card")


handler("reveal")(Reveal)


__all__ = ["BOARD_SLOTS", "can_place", "landed", "playable", "start_play"]
