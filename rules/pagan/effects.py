"""The effect interpreter: card and villager effects as lists of ops, run as frames.

An `fx` frame walks an op list. Ops that need no choice happen at once; ops that do push a
decision frame of their own (place a token, discard, choose an option...), so every choice is one
atomic decision. Each op and condition is declared where it is implemented, with `@op` and
`@condition` (`rules.pagan.ops`); `docs/pagan-card-data.md` documents each of them.
"""

from __future__ import annotations

from typing import Any

from rules.core import N_, Move
from rules.pagan import costs, gloom_places, modifiers, piles, tables, tokens
from rules.pagan.machine import Handler, arg, finish, handler, pop, push, reads
from rules.pagan.ops import CONDITIONS_LIST, OPS, TOKEN_COUNT, Op, condition, holds, op
from rules.pagan.state import HUNTER, WITCH, Frame, PaganState, has_expansion, opponent
from rules.pagan.tables import TOKEN_NAMES, card_name, derived, plural, villager_name
from rules.pagan.tokens import target_name, targets, token_count_on

DONE = Move("done", (), N_("Done"))
SKIP = Move("skip", (), N_("Skip"))


def push_fx(
    s: PaganState,
    seat: str,
    ops: list[Op],
    here: str | None = None,
    src: str = "",
    at: str | None = None,
) -> None:
    """Run an op list for `seat`. `here` is the villager the effect is about, `src` the card (or
    villager) it comes from and `at` the place of that card in play, which is `self` for Gloom
    ops (only given for cards in play)."""
    if ops:
        frame: Frame = {"t": "fx", "seat": seat, "ops": ops, "pc": 0, "here": here, "src": src}
        if at is not None:
            frame["at"] = at
        push(s, frame)


def who(f: Frame, o: Op) -> str:
    seat = str(f["seat"])
    return opponent(seat) if o.get("who") == "opponent" else seat


class Effect(Handler):
    def run(self, s: PaganState, f: Frame) -> None:
        ops = f["ops"]
        pc = f["pc"]
        if pc >= len(ops):
            pop(s, f)
            return
        f["pc"] = pc + 1
        o = ops[pc]
        OPS[o["op"]](s, f, o)


handler("fx")(Effect)


# --- immediate ops --------------------------------------------------------------------------------


@op("gain", required=("what", "n"), optional=("who", "per"))
def _gain(s: PaganState, f: Frame, o: Op) -> None:
    seat = who(f, o)
    n = int(o.get("n", 1))
    if "per" in o:
        n *= gloom_places.count(s, o["per"], f["seat"])
    if o["what"] == "influence":
        s.player(seat).influence += n
    elif o["what"] == "evidence" and seat == HUNTER:
        tokens.gain_evidence(s, n)


@op("lose", required=("what", "n"), optional=("who",))
def _lose(s: PaganState, f: Frame, o: Op) -> None:
    p = s.player(who(f, o))
    n = int(o.get("n", 1))
    if o["what"] == "influence":
        p.influence = max(0, p.influence - n)
    elif o["what"] == "evidence":
        n = min(n, p.evidence)
        p.evidence -= n
        s.supply["evidence"] += n


@op("draw", required=("n",), optional=("who",))
def _draw(s: PaganState, f: Frame, o: Op) -> None:
    piles.draw(s, s.player(who(f, o)), int(o.get("n", 1)))


@op("place_each", required=("token", "n", "target"))
def _place_each(s: PaganState, f: Frame, o: Op) -> None:
    token = o["token"]
    for _ in range(int(o.get("n", 1))):
        for target in targets(s, o["target"], f["here"]):
            tokens.place_from_supply(s, target, token)


@op("remove_each", required=("token", "n", "target"))
def _remove_each(s: PaganState, f: Frame, o: Op) -> None:
    token = o["token"]
    n = int(o.get("n", 1))
    for target in targets(s, o["target"], f["here"]):
        tokens.remove_to_supply(s, target, token, n)


@op("exonerate")
def _exonerate(s: PaganState, f: Frame, o: Op) -> None:
    draw_suspect(s)


def draw_suspect(s: PaganState) -> None:
    """The Hunter draws the top Suspect; holding all 8 innocents' Suspects wins the game."""
    if s.suspect_deck:
        reads(s)  # the Suspect deck's order
        s.hunter.suspects.append(s.suspect_deck.pop())
    if len(s.hunter.suspects) >= len(s.villagers) - 1:
        finish(s, HUNTER, "exonerated")


@op("if", required=("cond", "then"), optional=("else",))
def _if(s: PaganState, f: Frame, o: Op) -> None:
    branch = o.get("then", []) if holds(s, f, o["cond"]) else o.get("else", [])
    push_fx(s, f["seat"], branch, f["here"], f["src"])


# --- conditions (of `if` ops, triggers, scenario objectives and victories) -----------------------


@condition("all", takes=CONDITIONS_LIST)
def _all(s: PaganState, f: Frame, conds: list[dict[str, Any]]) -> bool:
    return all(holds(s, f, sub) for sub in conds)


@condition("gloom_in_play_at_least")
def _gloom_in_play_at_least(s: PaganState, f: Frame, n: int) -> bool:
    return gloom_places.gloom_in_play(s) >= int(n)


@condition("own_gloom_cards_at_most")
def _own_gloom_cards_at_most(s: PaganState, f: Frame, n: int) -> bool:
    return len(gloom_places.gloom_cards(s, f["seat"])) <= int(n)


@condition("opponent_gloom_cards_at_most")
def _opponent_gloom_cards_at_most(s: PaganState, f: Frame, n: int) -> bool:
    return len(gloom_places.gloom_cards(s, opponent(f["seat"]))) <= int(n)


@condition("cleansed_at_least")
def _cleansed_at_least(s: PaganState, f: Frame, n: int) -> bool:
    return s.cleansed >= int(n)


@condition("suspects_at_least")
def _suspects_at_least(s: PaganState, f: Frame, n: int) -> bool:
    return len(s.hunter.suspects) >= int(n)


@condition("tainted_at_most")
def _tainted_at_most(s: PaganState, f: Frame, n: int) -> bool:
    still = sum(1 for v in s.villagers if v.alive and gloom_places.tainted(v.face))
    return still <= int(n)


@condition("hand_at_least")
def _hand_at_least(s: PaganState, f: Frame, n: int) -> bool:
    return len(s.player(f["seat"]).hand) >= int(n)


@condition("influence_at_least")
def _influence_at_least(s: PaganState, f: Frame, n: int) -> bool:
    return s.player(f["seat"]).influence >= int(n)


@condition("opponent_influence_at_least")
def _opponent_influence_at_least(s: PaganState, f: Frame, n: int) -> bool:
    return s.player(opponent(f["seat"])).influence >= int(n)


@condition("enchantments_at_least")
def _enchantments_at_least(s: PaganState, f: Frame, n: int) -> bool:
    return len(s.enchantments) >= int(n)


@condition("evidence_at_least")
def _evidence_at_least(s: PaganState, f: Frame, n: int) -> bool:
    return s.hunter.evidence >= int(n)


@condition("here_has", takes=TOKEN_COUNT)
def _here_has(s: PaganState, f: Frame, spec: dict[str, Any]) -> bool:
    here = f["here"]
    return bool(here) and token_count_on(s, here, spec["token"]) >= int(spec.get("n", 1))


# --- token choices --------------------------------------------------------------------------------


@op("place", required=("token", "n", "target"), optional=("upto",))
def _place(s: PaganState, f: Frame, o: Op) -> None:
    push_place(
        s,
        f["seat"],
        o["token"],
        int(o.get("n", 1)),
        o["target"],
        f["here"],
        bool(o.get("upto", False)),
    )


def push_place(
    s: PaganState, seat: str, token: str, n: int, target: str, here: str | None, upto: bool
) -> None:
    if n > 0:
        push(
            s,
            {
                "t": "place",
                "seat": seat,
                "token": token,
                "left": n,
                "target": target,
                "here": here,
                "upto": upto,
                "done": 0,
            },
        )


class Place(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        token = f["token"]
        out = [
            _place_move(token, t, target_name(s, t))
            if t.startswith("brew-")
            else _place_move(token, t)
            for t in targets(s, f["target"], f["here"])
        ]
        if out and f["upto"]:
            out.append(DONE)
        return out

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        if m.kind == "done":
            pop(s, f)
            return
        f["left"] -= 1
        f["done"] += 1
        if f["left"] <= 0:
            pop(s, f)
        target = arg(m)
        if not tokens.place_from_supply(s, target, f["token"]):
            push(s, {"t": "take_from", "seat": f["seat"], "token": f["token"], "to": target})

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Place {amount}").format(amount=plural(f["left"], TOKEN_NAMES[f["token"]]))


handler("place")(Place)


@derived
def _place_move(token: str, target: str, where: str | None = None) -> Move:
    """Place a token on a target (named `where`, or the villager `target`): one shared object
    per label, as Moves are immutable values and this is the commonest decision of a playout."""
    where = villager_name(target) if where is None else where
    return Move(
        "place",
        (("target", target),),
        N_("Place a {token} on {where}").format(token=TOKEN_NAMES[token], where=where),
    )


@derived
def _remove_move(token: str, target: str, where: str | None = None) -> Move:
    """As `_place_move`, for removing a token."""
    where = villager_name(target) if where is None else where
    return Move(
        "remove",
        (("target", target),),
        N_("Remove a {token} from {where}").format(token=TOKEN_NAMES[token], where=where),
    )


class TakeFrom(Handler):
    """The supply is out of a token: the player may move one already in play instead."""

    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        token, to = f["token"], f["to"]
        name = TOKEN_NAMES[token]
        out = [
            Move(
                "take",
                (("source", t),),
                N_("Move a {name} from {target} instead").format(
                    name=name, target=target_name(s, t)
                ),
            )
            for t in tokens.holders(s, token, exclude=to)
        ]
        if out:
            out.append(
                Move("skip", (), N_("Place no {name} (the supply is empty)").format(name=name))
            )
        return out

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        if m.kind == "take":
            tokens.move_token(s, arg(m), f["to"], f["token"])

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("The supply has no {token_names} left").format(
            token_names=TOKEN_NAMES[f["token"]]
        )


handler("take_from")(TakeFrom)


@op("remove", required=("token", "n", "target"), optional=("upto", "max_targets"))
def _remove(s: PaganState, f: Frame, o: Op) -> None:
    token = o["token"]
    push(
        s,
        {
            "t": "remove",
            "seat": f["seat"],
            "token": token,
            "left": int(o.get("n", 1)),
            "target": o["target"],
            "here": f["here"],
            "upto": bool(o.get("upto", False)),
            "max_targets": int(o.get("max_targets", 0)),
            "chosen": [],
        },
    )


class Remove(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        token = f["token"]
        spec = f["target"] if "+with:" in f["target"] else f"{f['target']}+with:{token}"
        options = targets(s, spec, f["here"])
        chosen = f["chosen"]
        if f["max_targets"] and len(set(chosen)) >= f["max_targets"]:
            options = [t for t in options if t in chosen]
        out = [
            _remove_move(token, t, target_name(s, t))
            if t.startswith("brew-")
            else _remove_move(token, t)
            for t in options
        ]
        if out and f["upto"]:
            out.append(DONE)
        return out

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        if m.kind == "done":
            pop(s, f)
            return
        target = arg(m)
        tokens.remove_to_supply(s, target, f["token"])
        f["chosen"].append(target)
        f["left"] -= 1
        if f["left"] <= 0:
            pop(s, f)

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Remove {amount}").format(amount=plural(f["left"], TOKEN_NAMES[f["token"]]))


handler("remove")(Remove)


@op("remove_all", required=("token", "target"))
def _remove_all(s: PaganState, f: Frame, o: Op) -> None:
    push(
        s,
        {
            "t": "remove_all",
            "seat": f["seat"],
            "token": o["token"],
            "target": o["target"],
            "here": f["here"],
        },
    )


class RemoveAll(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        token = f["token"]
        name = TOKEN_NAMES[token]
        return [
            Move(
                "remove_all",
                (("target", t),),
                N_("Remove every {name} from {target}").format(name=name, target=target_name(s, t)),
            )
            for t in targets(s, f"{f['target']}+with:{token}", f["here"])
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        target = arg(m)
        tokens.remove_to_supply(s, target, f["token"], token_count_on(s, target, f["token"]))

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Choose a villager to remove every {token_names} from").format(
            token_names=TOKEN_NAMES[f["token"]]
        )


handler("remove_all")(RemoveAll)


@op("move", required=("token", "n", "from", "to"), optional=("upto",))
def _move(s: PaganState, f: Frame, o: Op) -> None:
    push(
        s,
        {
            "t": "move",
            "seat": f["seat"],
            "token": o["token"],
            "left": int(o.get("n", 1)),
            "from": o["from"],
            "to": o["to"],
            "here": f["here"],
            "upto": bool(o.get("upto", False)),
            "source": None,
        },
    )


class MoveToken(Handler):
    """Two choices per token: where from, then where to."""

    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        token = f["token"]
        name = TOKEN_NAMES[token]
        source = f["source"]
        if source is None:
            dests = targets(s, f["to"], f["here"])
            out = [
                Move(
                    "from",
                    (("source", t),),
                    N_("Move a {name} from {target}").format(name=name, target=target_name(s, t)),
                )
                for t in targets(s, f"{f['from']}+with:{token}", f["here"])
                if any(d != t for d in dests)
            ]
            if out and f["upto"]:
                out.append(DONE)
            return out
        return [
            Move("to", (("target", t),), N_("Move it to {target}").format(target=target_name(s, t)))
            for t in targets(s, f["to"], f["here"])
            if t != source
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        if m.kind == "done":
            pop(s, f)
        elif m.kind == "from":
            f["source"] = arg(m)
        else:
            tokens.move_token(s, f["source"], arg(m), f["token"])
            f["source"] = None
            f["left"] -= 1
            if f["left"] <= 0:
                pop(s, f)

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Move {amount}").format(amount=plural(f["left"], TOKEN_NAMES[f["token"]]))


handler("move")(MoveToken)


# --- hand choices ---------------------------------------------------------------------------------


@op("discard", required=("n",), optional=("who", "upto"))
def _discard(s: PaganState, f: Frame, o: Op) -> None:
    push_discard(s, who(f, o), int(o.get("n", 1)), bool(o.get("upto", False)))


# The discard prompt of each (up to, reason) a discard is pushed with.
DISCARD_PROMPTS = {
    (False, ""): N_("Discard {amount}"),
    (True, ""): N_("Discard up to {amount}"),
    (False, " (hand limit)"): N_("Discard {amount} (hand limit)"),
    (True, " (hand limit)"): N_("Discard up to {amount} (hand limit)"),
    (False, " to pay the cost"): N_("Discard {amount} to pay the cost"),
    (True, " to pay the cost"): N_("Discard up to {amount} to pay the cost"),
}


def push_discard(s: PaganState, seat: str, n: int, upto: bool, reason: str = "") -> None:
    if n > 0:
        push(s, {"t": "discard", "seat": seat, "left": n, "upto": upto, "reason": reason})


class Discard(Handler):
    decision = True

    def private_options(self, s: PaganState, f: Frame) -> bool:
        return True  # a hand of copies of one card is discarded from at once

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        hand = s.player(f["seat"]).hand
        out = [_discard_move(c) for c in sorted(set(hand))]
        if out and f["upto"]:
            out.append(DONE)
        return out

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        if m.kind == "done":
            pop(s, f)
            return
        p = s.player(f["seat"])
        card = arg(m)
        piles.leave_hand(p, card)
        p.discard.append(card)
        f["left"] -= 1
        if f["left"] <= 0 or not p.hand:
            pop(s, f)

    def prompt(self, s: PaganState, f: Frame) -> str:
        n = plural(f["left"], N_("card"))
        template = DISCARD_PROMPTS.get((bool(f["upto"]), f["reason"]))
        if template is None:  # a reason this table does not know (none today)
            return f"Discard {'up to ' if f['upto'] else ''}{n}{f['reason']}"
        return template.format(amount=n)


handler("discard")(Discard)


@derived
def _discard_move(card: str) -> Move:
    return Move("discard", (("card", card),), N_("Discard {card}").format(card=card_name(card)))


@op("look_draw", required=("look", "draw"))
def _look_draw(s: PaganState, f: Frame, o: Op) -> None:
    p = s.player(f["seat"])
    cards = piles.reveal_top(s, p, int(o.get("look", 3)))
    if cards:
        push(s, {"t": "look", "seat": f["seat"], "cards": cards, "left": int(o.get("draw", 1))})


class Look(Handler):
    """Cards looked at wait here, seen only by their owner, until drawn or discarded."""

    decision = True

    def private_options(self, s: PaganState, f: Frame) -> bool:
        return True  # copies of one card are taken at once

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        return [
            Move("take", (("card", c),), N_("Draw {card}").format(card=card_name(c)))
            for c in sorted(set(f["cards"]))
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        p = s.player(f["seat"])
        card = arg(m)
        f["cards"].remove(card)
        p.hand.append(card)
        f["left"] -= 1
        if f["left"] <= 0 or not f["cards"]:
            self.skip(s, f)

    def skip(self, s: PaganState, f: Frame) -> None:
        s.player(f["seat"]).discard.extend(f["cards"])
        f["cards"] = []
        pop(s, f)

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Draw {amount} of those you look at; discard the rest").format(
            amount=plural(f["left"], N_("card"))
        )


handler("look")(Look)


@op("recover", required=("n",), optional=("gloom", "types"))
def _recover(s: PaganState, f: Frame, o: Op) -> None:
    push(
        s,
        {
            "t": "recover",
            "seat": f["seat"],
            "left": int(o.get("n", 1)),
            "gloom": bool(o.get("gloom", False)),
            "types": list(o.get("types", [])),
        },
    )


class Recover(Handler):
    """Return a card from your discard pile to your hand; the opponent saw it go there."""

    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        spec = {"gloom": f["gloom"], "types": f["types"]}
        return [
            Move(
                "recover",
                (("card", c),),
                N_("Return {card} to your hand").format(card=card_name(c)),
            )
            for c in recoverable(s, f["seat"], spec)
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        p = s.player(f["seat"])
        card = arg(m)
        p.discard.remove(card)
        p.hand.append(card)
        p.revealed.append(card)
        f["left"] -= 1
        if f["left"] <= 0:
            pop(s, f)

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Return a card from your discard pile to your hand")


handler("recover")(Recover)


# --- villagers, investigations and cards in play ------------------------------------------------


@op("ready", optional=("target",))
def _ready(s: PaganState, f: Frame, o: Op) -> None:
    push(
        s,
        {
            "t": "ready_fx",
            "seat": f["seat"],
            "target": o.get("target", "villager"),
            "here": f["here"],
        },
    )


def opponent_pawns(s: PaganState, seat: str, villager_id: str) -> int:
    v = s.villager(villager_id)
    return v.hunter_pawns if seat == WITCH else v.witch_pawns


def return_pawns(s: PaganState, villager_id: str, seat: str) -> None:
    """Hand the pawns of `seat` on this villager back to their owner."""
    v = s.villager(villager_id)
    if seat == HUNTER:
        v.hunter_pawns = 0
    else:
        v.witch_pawns = 0


class ReadyEffect(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        seat = f["seat"]
        return [
            Move(
                "ready",
                (("villager", t),),
                N_("Ready {villager}").format(villager=villager_name(t)),
            )
            for t in targets(s, f["target"], f["here"])
            if opponent_pawns(s, seat, t)
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        return_pawns(s, arg(m), opponent(f["seat"]))

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Choose a villager to ready")


handler("ready_fx")(ReadyEffect)


@op("move_investigation", optional=("to",))
def _move_investigation(s: PaganState, f: Frame, o: Op) -> None:
    push(
        s,
        {
            "t": "move_inv",
            "seat": f["seat"],
            "to": o.get("to", "villager"),
            "here": f["here"],
            "source": None,
        },
    )


class MoveInvestigation(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        free = [t for t in targets(s, f["to"], f["here"]) if not s.villager(t).investigation]
        if f["source"] is None:
            if not free:
                return []
            return [
                Move(
                    "from",
                    (("villager", v.id),),
                    N_("Move {card} from {villager}").format(
                        card=card_name(v.investigation), villager=villager_name(v.id)
                    ),
                )
                for v in s.villagers
                if v.alive
                and v.investigation
                and not modifiers.is_covered(s, f"investigation-{v.id}")
            ]
        return [
            Move(
                "to",
                (("villager", t),),
                N_("Move it to {villager}").format(villager=villager_name(t)),
            )
            for t in free
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        if m.kind == "from":
            f["source"] = arg(m)
            return
        pop(s, f)
        source = s.villager(f["source"])
        target = s.villager(arg(m))
        target.investigation = source.investigation
        target.inv_gloom = source.inv_gloom  # a Gloom Investigation keeps its Gloom
        source.investigation = None
        source.inv_gloom = 0

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Move an Investigation to another villager")


handler("move_inv")(MoveInvestigation)


@op("return_investigation")
def _return_investigation(s: PaganState, f: Frame, o: Op) -> None:
    push(s, {"t": "return_inv", "seat": f["seat"]})


class ReturnInvestigation(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        return [
            Move(
                "return",
                (("villager", v.id),),
                N_("Return {card} on {villager} to the Hunter's hand").format(
                    card=card_name(v.investigation), villager=villager_name(v.id)
                ),
            )
            for v in s.villagers
            if v.alive and v.investigation and not modifiers.is_covered(s, f"investigation-{v.id}")
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        v = s.villager(arg(m))
        if v.investigation:
            card, _ = gloom_places.lift_out(
                s, f"investigation-{v.id}"
            )  # its Gloom goes, uncleansed
            s.hunter.hand.append(card)
            s.hunter.revealed.append(card)

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Return an Investigation to the Hunter's hand")


handler("return_inv")(ReturnInvestigation)


@op("discard_in_play", required=("types",), optional=("owner",))
def _discard_in_play(s: PaganState, f: Frame, o: Op) -> None:
    owner = opponent(f["seat"]) if o.get("owner", "opponent") == "opponent" else f["seat"]
    push(
        s,
        {
            "t": "discard_in_play",
            "seat": f["seat"],
            "owner": owner,
            "types": list(o.get("types", [])),
        },
    )


def remove_card_in_play(s: PaganState, place: str) -> str:
    """Remove the card at a place key (see `modifiers.cards_in_play`) to its owner's discard pile,
    returning its tokens to the supply. A Gloom card removed this way is not cleansed."""
    card, owner = gloom_places.lift_out(s, place)
    s.player(owner).discard.append(card)
    return card


class DiscardInPlay(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        types = f["types"]
        own = f["owner"] == f["seat"]  # a player's own Gloom cards never leave voluntarily
        return [
            Move(
                "remove_card", (("place", place),), N_("Remove {card}").format(card=card_name(card))
            )
            for card, owner, place in modifiers.cards_in_play(s)
            if owner == f["owner"]
            and (not types or tables.CARDS[card].type in types)
            and not (own and gloom_places.gloom_at(s, place))
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        remove_card_in_play(s, arg(m))

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Choose a card in play to remove")


handler("discard_in_play")(DiscardInPlay)


# --- choices --------------------------------------------------------------------------------------


@op("choose", required=("options",))
def _choose(s: PaganState, f: Frame, o: Op) -> None:
    push(
        s,
        {
            "t": "choose",
            "seat": f["seat"],
            "options": o["options"],
            "here": f["here"],
            "src": f["src"],
        },
    )


class Choose(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        return [
            Move(
                "option",
                (("index", i),),
                str(opt.get("label", N_("Option {number}").format(number=i + 1))),
            )
            for i, opt in enumerate(f["options"])
            if possible(s, f["seat"], opt.get("effect", []), f["here"])
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        push_fx(s, f["seat"], f["options"][arg(m)].get("effect", []), f["here"], f["src"])

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Choose one")


handler("choose")(Choose)


@op("optional", required=("effect",), optional=("label", "cost"))
def _optional(s: PaganState, f: Frame, o: Op) -> None:
    push(
        s,
        {
            "t": "optional",
            "seat": f["seat"],
            "label": o.get("label", N_("Use the effect")),
            "cost": o.get("cost", {}),
            "ops": o.get("effect", []),
            "here": f["here"],
            "src": f["src"],
        },
    )


class Optional(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        out = []
        if costs.can_pay(s, f["seat"], f["cost"]) and possible(s, f["seat"], f["ops"], f["here"]):
            out.append(Move("yes", (), str(f["label"])))
        out.append(SKIP)
        return out

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        if m.kind == "yes":
            push_fx(s, f["seat"], f["ops"], f["here"], f["src"])
            push_pay(s, f["seat"], f["cost"])

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("{label}?").format(label=f["label"])


handler("optional")(Optional)


def possible(
    s: PaganState, seat: str, ops: list[Op], here: str | None, at: str | None = None
) -> bool:
    """Whether the first op of an effect can be carried out (for `choose` and `optional`), and
    the effect is not barred by Gloom that cannot be added (`usable`)."""
    if not ops:
        return True
    o = ops[0]
    name = o["op"]
    if name == "remove_gloom":
        spec = o["target"]
        return any(
            gloom_places.gloom_at(s, p) for p in gloom_places.gloom_targets(s, spec, seat, here, at)
        )
    if name == "recover":
        return bool(recoverable(s, seat, o))
    if name == "reveal_play":
        return len(s.player(seat).hand) >= int(o.get("n", 2))
    if name == "copy_cleanse":
        return bool(cleanse_sources(s))
    if has_expansion(s) and not usable(s, seat, ops, here, at):
        return False
    if name == "remove" or name == "remove_all":
        return bool(targets(s, f"{o['target']}+with:{o['token']}", here))
    if name == "place":
        return bool(targets(s, o["target"], here))
    if name == "discard":
        return bool(s.player(opponent(seat) if o.get("who") == "opponent" else seat).hand)
    if name == "move":
        return bool(targets(s, f"{o['from']}+with:{o['token']}", here))
    if name in ("move_investigation", "return_investigation"):
        return any(v.alive and v.investigation for v in s.villagers)
    if name == "ready":
        return any(
            opponent_pawns(s, seat, t) for t in targets(s, o.get("target", "villager"), here)
        )
    if name == "lose" and o["what"] == "evidence":
        return s.player(opponent(seat) if o.get("who") == "opponent" else seat).evidence > 0
    return True


def usable(s: PaganState, seat: str, ops: list[Op], here: str | None, at: str | None) -> bool:
    """ "If you can't add the required amount of Gloom, you can't play the card or use the
    effect": every `add_gloom` of the effect (outside choices and conditions, which are checked
    when they come) must find a target with room and enough Gloom in the supply; and an effect
    that is only a choice needs one option it can use."""
    for o in ops:
        name = o["op"]
        if name == "add_gloom":
            if not gloom_places.can_add_gloom(s, o["target"], int(o.get("n", 1)), seat, here, at):
                return False
        elif name == "choose" and len(ops) == 1:
            return any(possible(s, seat, opt.get("effect", []), here, at) for opt in o["options"])
    return True


def recoverable(s: PaganState, seat: str, o: Op) -> list[str]:
    """The distinct cards of the player's discard pile a `recover` op may take back."""
    types = o.get("types")
    gloomy = bool(o.get("gloom"))
    return sorted(
        {
            c
            for c in s.player(seat).discard
            if (not types or tables.CARDS[c].type in types)
            and (not gloomy or tables.CARDS[c].gloom)
        }
    )


def cleanse_sources(s: PaganState) -> list[tuple[str, str]]:
    """(card, place) of the Gloom cards in play with a Cleanse effect to copy (for
    `copy_cleanse`). A Cleanse effect that itself copies one (another Peat Bog) is left out:
    copying it would copy again, without end."""
    return [
        (card, place)
        for card, _, place in modifiers.cards_in_play(s)
        if tables.CARDS[card].gloom
        and tables.CARDS[card].data.get("cleanse")
        and not any(o["op"] == "copy_cleanse" for o in tables.CARDS[card].data["cleanse"])
    ]


# --- paying costs ---------------------------------------------------------------------------------


def push_pay(s: PaganState, seat: str, cost: dict[str, Any], colour: str | None = None) -> None:
    """Pay a cost the caller has checked with `costs.can_pay`. Influence and Evidence are taken at
    once; Clues, Secrets and discards are chosen one at a time."""
    if not cost:
        return
    p = s.player(seat)
    p.influence -= int(cost.get("influence", 0))
    evidence = int(cost.get("evidence", 0))
    p.evidence -= evidence
    s.supply["evidence"] += evidence
    clues, secrets, discard = (int(cost.get(k, 0)) for k in ("clues", "secrets", "discard"))
    assets = int(cost.get("assets", 0))  # the payer's own tokens: Clues or Secrets
    if assets:
        if seat == HUNTER:
            clues += assets
        else:
            secrets += assets
    gloom = int(cost.get("gloom", 0))
    if gloom:
        push(s, {"t": "pay_gloom", "seat": seat, "left": gloom})
    if clues or secrets:
        push(
            s, {"t": "pay_tokens", "seat": seat, "clue": clues, "secret": secrets, "colour": colour}
        )
    if discard:
        push_discard(s, seat, discard, False, " to pay the cost")


@derived
def _pay_move(token: str, villager_id: str) -> Move:
    return Move(
        "pay",
        (("target", villager_id),),
        N_("Pay a {token} from {villager}").format(
            token=TOKEN_NAMES[token], villager=villager_name(villager_id)
        ),
    )


class PayTokens(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        token = "clue" if f["clue"] else "secret"
        spec = f"villager:{f['colour']}" if f["colour"] else "villager"
        return [_pay_move(token, t) for t in targets(s, f"{spec}+with:{token}", None)]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        token = "clue" if f["clue"] else "secret"
        tokens.remove_to_supply(s, arg(m), token)
        f[token] -= 1
        if not f["clue"] and not f["secret"]:
            pop(s, f)

    def prompt(self, s: PaganState, f: Frame) -> str:
        token = "clue" if f["clue"] else "secret"
        return N_("Pay {amount} from villagers").format(amount=plural(f[token], TOKEN_NAMES[token]))


handler("pay_tokens")(PayTokens)
