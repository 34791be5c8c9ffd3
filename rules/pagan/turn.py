"""A turn of Pagan: the Upkeep phase in its six steps, then the Action phase.

The `turn` frame walks the Upkeep steps in order and then hands each action choice to an `act`
frame until the player's pawns are spent. Actions are frames too: a Visit walks its numbered
steps (the Witch's five, the Hunter's four), Raid pays and removes, and so on.
"""

from __future__ import annotations

from typing import Any, Final

from rules.core import N_, Move
from rules.pagan import costs, gloom_places, modifiers, piles, tokens
from rules.pagan.effects import (
    DONE,
    SKIP,
    draw_suspect,
    possible,
    push_discard,
    push_fx,
    push_pay,
    push_place,
    remove_card_in_play,
    return_pawns,
    usable,
)
from rules.pagan.gloom import take_gloom
from rules.pagan.machine import Handler, arg, finish, handler, pop, push, reads
from rules.pagan.ops import holds
from rules.pagan.playing import play_move, playable, start_play
from rules.pagan.scenario import end_of_turn, rule_triggers
from rules.pagan.state import (
    DRAW,
    HUNTER,
    WITCH,
    Frame,
    PaganState,
    Player,
    Villager,
    has_expansion,
    opponent,
)
from rules.pagan.tables import CARDS, TOKEN_NAMES, VILLAGERS, card_name, derived, villager_name

HUNTER_PAWNS: Final = 3
WITCH_PAWNS: Final = 2  # plus the Familiar pawn
EXONERATE_COST: Final = 3
RAID_COST: Final = 3
ELIMINATE_CLUES: Final = 3
CONVERT_SECRETS: Final = 3
CONVERT_TIMES: Final = 2
RITUAL_FAVORS: Final = 3
INNOCENTS_TO_LOSE: Final = 3


def start_turn(s: PaganState) -> None:
    push(s, {"t": "turn", "step": 0, "colour": None})


# --- upkeep triggers ------------------------------------------------------------------------------


def triggers(s: PaganState, when: str) -> list[tuple[str, int, dict[str, Any]]]:
    """(place key, index, trigger) for the cards in play whose `when` trigger fires in the
    active player's Upkeep, then the scenario's rule triggers (place "scenario") for that
    player. A trigger with a `cond` fires only while it holds."""
    out = []
    for card, owner, place in modifiers.cards_in_play(s, among=_cards_with_triggers(when)):
        for i, trig in _card_triggers(card, when):
            whose = owner if trig.get("whose", "owner") == "owner" else opponent(owner)
            if whose == s.active:
                out.append((place, i, trig))
    for i, trig in rule_triggers(s, when) if has_expansion(s) else ():
        if trig["whose"] in (s.active, "both") and (
            "cond" not in trig or holds(s, {"seat": s.active, "here": None}, trig["cond"])
        ):
            out.append(("scenario", i, trig))
    return out


@derived
def _card_triggers(card: str, when: str) -> tuple[tuple[int, dict[str, Any]], ...]:
    """(index, trigger) of a card's `when` triggers (catalog data, so worked out once)."""
    return tuple(
        (i, t) for i, t in enumerate(CARDS[card].data.get("triggers", ())) if t["when"] == when
    )


@derived
def _cards_with_triggers(when: str) -> frozenset[str]:
    """The cards with a `when` trigger: the only ones `triggers` needs to find in play."""
    return frozenset(card for card in CARDS if _card_triggers(card, when))


def trigger_label(place: str, trig: dict[str, Any], s: PaganState) -> str:
    card = card_at(s, place)
    if trig.get("label"):
        return str(trig["label"])
    return N_("Use {card}").format(card=card_name(card)) if card else N_("Use the effect")


def card_at(s: PaganState, place: str) -> str | None:
    for card, _, key in modifiers.cards_in_play(s):
        if key == place:
            return card
    return None


def _at(place: str) -> str | None:
    """The place of a trigger's card, for `self` (scenario rules have none)."""
    return None if place == "scenario" else place


def run_timed_triggers(s: PaganState, when: str) -> None:
    """ "At the start of" / "at the end of" Upkeep: mandatory ones happen, optional ones ask."""
    for place, _, trig in triggers(s, when)[::-1]:
        if trig.get("optional"):
            push(
                s,
                {
                    "t": "optional",
                    "seat": s.active,
                    "label": trigger_label(place, trig, s),
                    "cost": trig.get("cost", {}),
                    "ops": trig.get("effect", []),
                    "here": None,
                    "src": card_at(s, place) or "",
                },
            )
        else:
            src = card_at(s, place) or ""
            push_fx(s, s.active, trig.get("effect", []), None, src, _at(place))


# --- the turn -------------------------------------------------------------------------------------


class Turn(Handler):
    def run(self, s: PaganState, f: Frame) -> None:
        step = f["step"]
        f["step"] = step + 1
        p = s.player(s.active)
        if step == 0:  # 1. return your Action pawns
            return_own_pawns(s, p)
        elif step == 1:  # 2. "at the start of Upkeep"
            run_timed_triggers(s, "upkeep_start")
        elif step == 2:  # 3. "during Upkeep", must and may, in any order
            push(s, {"t": "upkeep", "seat": s.active, "done": []})
        elif step == 3:  # 4. the Hunter pays his Allies' Upkeep
            if s.active == HUNTER and any(p.allies):
                push(s, {"t": "ally_upkeep", "seat": HUNTER, "slot": 0})
        elif step == 4:  # 5. "at the end of Upkeep"
            run_timed_triggers(s, "upkeep_end")
        elif step == 5:  # 6. hand limit
            excess = len(p.hand) - modifiers.hand_limit(s, s.active)
            push_discard(s, s.active, excess, False, " (hand limit)")
        elif step == 6:  # the Action phase
            if p.pawns or p.familiar_pawn or free_actions(s, p):
                f["step"] = 6
                push(s, {"t": "act", "seat": s.active})
        elif step == 7:  # a scenario's objectives and victory conditions for this player
            end_of_turn(s)
        else:
            pop(s, f)
            limit = s.options.get("max_turns") or 0
            if limit and s.turn >= limit:  # the optional house rule: a draw after N turns
                finish(s, DRAW, "turn-limit")
                return
            s.active = opponent(s.active)
            s.turn += 1
            start_turn(s)


handler("turn")(Turn)


def return_own_pawns(s: PaganState, p: Player) -> None:
    for v in s.villagers:
        if p.seat == HUNTER:
            v.hunter_pawns = 0
        else:
            v.witch_pawns = 0
    for slot in p.locations:
        if slot:
            slot.occupied = False
    p.familiar_used = False
    if p.seat == HUNTER:
        p.pawns = HUNTER_PAWNS
    elif s.turn == 1:  # the Witch's first turn: the 2 regular pawns only
        p.pawns, p.familiar_pawn = WITCH_PAWNS, 0
    else:
        p.pawns, p.familiar_pawn = WITCH_PAWNS, 1


def free_actions(s: PaganState, p: Player) -> bool:
    return p.seat == WITCH and bool(consumable(s))


def consumable(s: PaganState) -> list[int]:
    return [
        i
        for i, slot in enumerate(s.witch.brews)
        if slot is not None and slot.secrets >= int(CARDS[slot.card].data.get("secrets", 0))
    ]


def consume_moves(s: PaganState) -> list[Move]:
    return [_consume_move(i, s.witch.brews[i].card) for i in consumable(s)]  # type: ignore[union-attr]


# --- shared moves --------------------------------------------------------------------------------
#
# Moves are immutable values and move generation is the hot path of every playout, so a move whose
# label depends only on its arguments (and the catalog) is built once and shared by every state.

END_TURN = Move("end", (), N_("End your turn"))
GAIN_INFLUENCE = Move("influence", (), N_("Gain 2 Influence"))
DRAW_CARD = Move("draw", (), N_("Draw a card"))
EXONERATE = Move(
    "exonerate",
    (),
    N_("Exonerate: pay {exonerate_cost} Evidence, draw a Suspect").format(
        exonerate_cost=EXONERATE_COST
    ),
)


@derived
def _consume_move(slot: int, card: str) -> Move:
    return Move(
        "consume", (("slot", slot),), N_("Consume {card} (free)").format(card=card_name(card))
    )


@derived
def _visit_move(villager_id: str) -> Move:
    return Move(
        "visit",
        (("villager", villager_id),),
        N_("Visit {villager}").format(villager=villager_name(villager_id)),
    )


@derived
def _familiar_visit_move(villager_id: str) -> Move:
    return Move(
        "visit",
        (("villager", villager_id), ("pawn", "familiar")),
        N_("Visit {villager} with the Familiar pawn").format(villager=villager_name(villager_id)),
    )


@derived
def _villager_move(kind: str, villager_id: str) -> Move:
    """ready, raid, eliminate or ritual on a villager."""
    name = villager_name(villager_id)
    label = {
        "ready": N_("Ready {name}").format(name=name),
        "raid": N_("Raid {name}").format(name=name),
        "eliminate": N_("Eliminate {name}").format(name=name),
        "ritual": N_("Perform the ritual on {name}").format(name=name),
    }[kind]
    return Move(kind, (("villager", villager_id),), label)


@derived
def _activate_move(slot: int, card: str) -> Move:
    return Move("activate", (("slot", slot),), N_("Activate {card}").format(card=card_name(card)))


@derived
def _lift_move(slot: int, card: str) -> Move:
    if CARDS[card].gloom:  # a Gloom Enchantment: the Lift removes 1 Gloom, no cost
        return Move(
            "lift",
            (("slot", slot),),
            N_("Lift {card}: remove 1 Gloom").format(card=card_name(card)),
        )
    return Move("lift", (("slot", slot),), N_("Lift {card}").format(card=card_name(card)))


def consume(s: PaganState, index: int) -> None:
    """Apply the Brew's effect, then return its Secrets to the supply and discard it (a Gloom
    Brew still holding Gloom stays in play: see `Consumed`)."""
    slot = s.witch.brews[index]
    assert slot is not None
    push(s, {"t": "consumed", "slot": index, "card": slot.card})
    place = f"brew-{index}"
    push_fx(s, WITCH, CARDS[slot.card].data.get("consume", []), None, slot.card, place)


class Consumed(Handler):
    def run(self, s: PaganState, f: Frame) -> None:
        pop(s, f)
        slot = s.witch.brews[f["slot"]]
        if slot is None or slot.card != f["card"]:
            return
        if slot.gloom:
            # "A Gloom-card cannot be voluntarily removed by the owning player ... it will stay
            # there until cleansed" (Beyond the Palisades): consuming spends the Secrets, the
            # card keeps its spot and its Gloom, and may be filled and consumed again.
            s.supply["secret"] += slot.secrets
            slot.secrets = 0
            return
        remove_card_in_play(s, f"brew-{f['slot']}")


handler("consumed")(Consumed)


class DuringUpkeep(Handler):
    """Step 3: the "during Upkeep" effects, in the order the player likes; "may" ones can be left
    out; the Witch may also consume Brews."""

    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        out = []
        mandatory_left = False
        for place, i, trig in triggers(s, "upkeep"):
            key = f"{place}/{i}"
            if key in f["done"]:
                continue
            if not trig.get("optional"):
                mandatory_left = True
            elif not costs.can_pay(s, s.active, trig.get("cost", {})) or not possible(
                s, s.active, trig.get("effect", []), None
            ):
                continue
            out.append(Move("trigger", (("key", key),), trigger_label(place, trig, s)))
        if s.active == WITCH:
            out.extend(consume_moves(s))
        if out and not mandatory_left:
            out.append(Move("done", (), N_("Go on to the next Upkeep step")))
        return out

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        if m.kind == "done":
            pop(s, f)
        elif m.kind == "consume":
            consume(s, arg(m))
        else:
            key = arg(m)
            f["done"].append(key)
            place, _, index = key.partition("/")
            for p2, i, trig in triggers(s, "upkeep"):
                if p2 == place and i == int(index):
                    src = card_at(s, place) or ""
                    push_fx(s, s.active, trig.get("effect", []), None, src, _at(place))
                    push_pay(s, s.active, trig.get("cost", {}))

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_('Upkeep: resolve your "during Upkeep" effects')


handler("upkeep")(DuringUpkeep)


class AllyUpkeep(Handler):
    """Step 4: pay each Ally's Upkeep or discard it."""

    decision = True

    def _slot(self, s: PaganState, f: Frame) -> int | None:
        """The next Ally in play from spot `slot` on (a covered Ally is not in play)."""
        allies = s.hunter.allies
        i = f["slot"]
        covers = has_expansion(s) and any(s.ench_covers)
        while i < len(allies) and (
            allies[i] is None or (covers and modifiers.is_covered(s, f"ally-{i}"))
        ):
            i += 1
        return i if i < len(allies) else None

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        i = self._slot(s, f)
        if i is None:
            return []
        slot = s.hunter.allies[i]
        assert slot is not None
        name = card_name(slot.card)
        upkeep = int(CARDS[slot.card].data.get("upkeep", 0))
        out = []
        if s.hunter.influence >= upkeep:
            out.append(
                Move(
                    "keep",
                    (("slot", i),),
                    N_("Pay {upkeep} Influence to keep {name}").format(upkeep=upkeep, name=name),
                )
            )
        # Not paying is a choice, and a Gloom card never leaves play voluntarily: a Gloom Ally
        # is discarded (uncleansed) only when its Upkeep cannot be paid.
        if not out or not slot.gloom:
            out.append(Move("dismiss", (("slot", i),), N_("Discard {name}").format(name=name)))
        return out

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        i = arg(m)
        slot = s.hunter.allies[i]
        assert slot is not None
        if m.kind == "keep":
            s.hunter.influence -= int(CARDS[slot.card].data.get("upkeep", 0))
        else:
            remove_card_in_play(s, f"ally-{i}")
        f["slot"] = i + 1

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Upkeep: pay for your Allies")


handler("ally_upkeep")(AllyUpkeep)


# --- the Action phase -----------------------------------------------------------------------------


def take_pawn(p: Player, familiar: bool = False) -> None:
    """Spend a pawn: the Familiar pawn when asked for, else a regular one first."""
    if familiar or not p.pawns:
        p.familiar_pawn -= 1
    else:
        p.pawns -= 1


def familiar_usable(s: PaganState) -> bool:
    w = s.witch
    return w.familiar_pawn > 0 and not w.familiar_used and any(w.familiars)


def visit_pawns_needed(s: PaganState, seat: str, villager_id: str) -> int:
    return pawns_to_visit(s.villager(villager_id), seat)


def pawns_to_visit(v: Villager, seat: str) -> int:
    return modifiers.modifier_on(v, "visit_pawns", seat) or 1


class Act(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        seat = f["seat"]
        p = s.player(seat)
        pawns = p.pawns + p.familiar_pawn
        if pawns == 0:
            return [*consume_moves(s), END_TURN]
        if seat == WITCH and s.turn == 1:
            return self.first_turn(s)
        out = self.visits(s, seat, pawns)
        out.append(GAIN_INFLUENCE)
        out.append(DRAW_CARD)
        mods = modifiers.modifier_cards(s)  # for every cost below
        for card, cost in playable(s, seat, modifier_cards=mods):
            out.append(play_move(s, card, cost))
        need = 1 + modifiers.global_modifier(s, "ready_cost", seat, cards=mods)
        for v in s.villagers:
            if seat == HUNTER:
                theirs, mine = v.witch_pawns, v.clues
            else:
                theirs, mine = v.hunter_pawns, v.secrets
            if v.alive and theirs and mine >= need:
                out.append(_villager_move("ready", v.id))
        if seat == WITCH:
            out.extend(consume_moves(s))
            for v in s.villagers:
                if v.id == s.true_witch and v.ready and v.favors >= RITUAL_FAVORS:
                    out.append(_villager_move("ritual", v.id))
        else:
            out.extend(self.hunter_actions(s, mods))
        return out

    def skip(self, s: PaganState, f: Frame) -> None:
        """No action is possible (only in a Witch's first turn whose colour has no ready
        villager left): her remaining pawns go unused."""
        pop(s, f)
        end_action_phase(s, s.player(f["seat"]))

    def visits(self, s: PaganState, seat: str, pawns: int) -> list[Move]:
        out = []
        with_familiar = seat == WITCH and familiar_usable(s)
        plain = s.player(seat).pawns >= 1 or not with_familiar
        for v in s.villagers:
            if not v.alive or v.hunter_pawns or v.witch_pawns:  # not ready
                continue
            if (pawns_to_visit(v, seat) if v.investigation else 1) > pawns:
                continue
            if plain:
                out.append(_visit_move(v.id))
            if with_familiar:
                out.append(_familiar_visit_move(v.id))
        return out

    def first_turn(self, s: PaganState) -> list[Move]:
        """The Witch's first turn: her 2 regular pawns, visiting villagers of one colour."""
        colour = s.stack[-2].get("colour")
        return [
            m
            for m in self.visits(s, WITCH, s.witch.pawns)
            if colour is None or s.villager(arg(m)).colour == colour
        ]

    def hunter_actions(
        self, s: PaganState, modifier_cards: list[tuple[str, str]] | None = None
    ) -> list[Move]:
        h = s.hunter
        out = []
        covers = has_expansion(s) and any(s.ench_covers)
        for i, slot in enumerate(h.locations):
            if slot is None or slot.occupied:
                continue
            if covers and modifiers.is_covered(s, f"location-{i}"):
                continue
            activation = CARDS[slot.card].data.get("activate", {})
            if costs.can_pay(s, HUNTER, activation.get("cost", {})) and (
                not slot.gloom or usable(s, HUNTER, activation.get("effect", []), None, None)
            ):
                out.append(_activate_move(i, slot.card))
        for i, card in enumerate(s.enchantments):
            if CARDS[card].gloom or costs.can_pay(s, HUNTER, CARDS[card].data.get("lift", {})):
                out.append(_lift_move(i, card))  # a Gloom Enchantment's Lift has no cost
        if h.evidence >= EXONERATE_COST and s.suspect_deck:
            out.append(EXONERATE)
        raid_cost = RAID_COST + modifiers.global_modifier(
            s, "raid_cost", HUNTER, cards=modifier_cards
        )
        clues_by_colour: dict[str, int] = {}
        bare = 0  # living villagers without a Clue: while there is one, no elimination
        for v in s.villagers:
            if v.alive:
                clues_by_colour[v.colour] = clues_by_colour.get(v.colour, 0) + v.clues
                if v.clues < 1:
                    bare += 1
        for v in s.villagers:
            if not v.alive or v.hunter_pawns or v.witch_pawns:  # not ready
                continue
            if clues_by_colour[v.colour] >= raid_cost and (v.favors or v.secrets):
                out.append(_villager_move("raid", v.id))
            # (a villager with 3 Clues is not bare itself: every other living one has a Clue)
            if v.clues >= ELIMINATE_CLUES and not bare:
                out.append(_villager_move("eliminate", v.id))
        return out

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        seat = f["seat"]
        p = s.player(seat)
        kind = m.kind
        if kind == "consume":  # free: no pawn, and the action choice stays open
            consume(s, arg(m))
            return
        pop(s, f)
        if kind == "end":
            end_action_phase(s, p)
            return
        if kind == "visit":
            self.visit(s, seat, arg(m), len(m.args) > 1)
            return
        take_pawn(p)
        if kind == "influence":
            p.influence += 2 + modifiers.global_modifier(s, "basic_influence", seat)
        elif kind == "draw":
            piles.draw(s, p)
        elif kind == "play":
            card = arg(m)
            start_play(s, seat, card, modifiers.play_cost(s, seat, card))
        elif kind == "ready":
            v = s.villager(arg(m))
            token = "clue" if seat == HUNTER else "secret"
            tokens.remove_to_supply(
                s, v.id, token, 1 + modifiers.global_modifier(s, "ready_cost", seat)
            )
            return_pawns(s, v.id, opponent(seat))
        elif kind == "ritual":
            s.villager(arg(m)).witch_pawns += 1
            finish(s, WITCH, "ritual")
        elif kind == "activate":
            slot = p.locations[arg(m)]
            assert slot is not None
            slot.occupied = True
            activation = CARDS[slot.card].data.get("activate", {})
            place = f"location-{arg(m)}"
            push_fx(s, HUNTER, activation.get("effect", []), None, slot.card, place)
            push_pay(s, HUNTER, activation.get("cost", {}))
        elif kind == "lift":
            index = arg(m)
            card = s.enchantments[index]
            if CARDS[card].gloom:
                take_gloom(s, f"enchantment-{index}")  # the last one cleanses it
                return
            push(s, {"t": "lifted", "card": card})
            push_pay(s, HUNTER, CARDS[card].data.get("lift", {}))
        elif kind == "exonerate":
            p.evidence -= EXONERATE_COST
            s.supply["evidence"] += EXONERATE_COST
            draw_suspect(s)
        elif kind == "raid":
            v = s.villager(arg(m))
            v.hunter_pawns += 1
            push(s, {"t": "raid", "seat": HUNTER, "villager": v.id})
            raid_cost = RAID_COST + modifiers.global_modifier(s, "raid_cost", HUNTER)
            push_pay(s, HUNTER, {"clues": raid_cost}, colour=v.colour)
        elif kind == "eliminate":
            eliminate(s, arg(m))

    def visit(self, s: PaganState, seat: str, villager_id: str, familiar: bool) -> None:
        p = s.player(seat)
        need = visit_pawns_needed(s, seat, villager_id)
        take_pawn(p, familiar)
        for _ in range(need - 1):
            take_pawn(p)
        v = s.villager(villager_id)
        if seat == HUNTER:
            v.hunter_pawns += need
        else:
            v.witch_pawns += need
        if seat == WITCH and s.turn == 1:
            s.stack[-1]["colour"] = v.colour  # the turn frame
        push(
            s,
            {"t": "visit", "seat": seat, "villager": villager_id, "step": 0, "familiar": familiar},
        )

    def prompt(self, s: PaganState, f: Frame) -> str:
        p = s.player(f["seat"])
        left = p.pawns + p.familiar_pawn
        if not left:
            return N_("No pawns left: consume a Brew or end your turn")
        if left == 1:
            return N_("Choose an action (1 pawn left)")
        return N_("Choose an action ({left} pawns left)").format(left=left)


handler("act")(Act)


def end_action_phase(s: PaganState, p: Player) -> None:
    """The player is done: pawns left are not used, Brews left unconsumed are kept."""
    p.pawns = p.familiar_pawn = 0
    turn = s.stack[-1]
    assert turn["t"] == "turn"
    turn["step"] = 7


class Lifted(Handler):
    def run(self, s: PaganState, f: Frame) -> None:
        pop(s, f)
        if f["card"] in s.enchantments:
            remove_card_in_play(s, f"enchantment-{s.enchantments.index(f['card'])}")


handler("lifted")(Lifted)


def eliminate(s: PaganState, villager_id: str) -> None:
    """The Witch announces whether it was her; an innocent's tokens and every Clue in the village
    go back to the supply (the Suspect deck is not touched)."""
    reads(s, WITCH)  # who the Witch is
    if villager_id == s.true_witch:
        finish(s, HUNTER, "eliminated-witch")
        return
    v = s.villager(villager_id)
    v.alive = False
    for token in ("secret", "favor"):
        tokens.remove_to_supply(s, v.id, token, tokens.token_count_on(s, v.id, token))
    if v.gloom:  # a Tainted villager's Gloom goes back, uncleansed
        s.supply["gloom"] += v.gloom
        v.gloom = 0
    if v.investigation:
        remove_card_in_play(s, f"investigation-{v.id}")
        gloom_places.uncover_place(s, f"investigation-{v.id}")
    for other in s.villagers:
        if other.clues:
            s.supply["clue"] += other.clues
            other.clues = 0
    s.innocents_eliminated += 1
    if s.innocents_eliminated >= INNOCENTS_TO_LOSE:
        finish(s, WITCH, "innocents-eliminated")


class Raid(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        v = s.villager(f["villager"])
        name = villager_name(v.id)
        out = []
        if v.favors:
            out.append(Move("favor", (), N_("Remove 1 Favor from {name}").format(name=name)))
        if v.secrets:
            out.append(
                Move(
                    "secrets",
                    (),
                    N_("Remove all {secrets} Secrets from {name}").format(
                        secrets=v.secrets, name=name
                    ),
                )
            )
        return out

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        v = s.villager(f["villager"])
        if m.kind == "favor":
            tokens.remove_to_supply(s, v.id, "favor")
        else:
            tokens.remove_to_supply(s, v.id, "secret", v.secrets)

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Raid {villager}: remove 1 Favor or all Secrets").format(
            villager=villager_name(f["villager"])
        )


handler("raid")(Raid)


# --- visiting a villager --------------------------------------------------------------------------


def distributed(
    s: PaganState, v: Villager, seat: str, mods: list[tuple[str, str]] | None = None
) -> int | None:
    """How many assets `seat`'s visit to `v` distributes (modifiers such as Obscuring Mist
    counted; below 1 places nothing), or None when the Distribute step is skipped. `mods` is
    `modifiers.modifier_cards(s)` when the caller asks this of several villagers of one state."""
    if modifiers.modifier_on(v, "skip_distribute", seat) is not None or (
        has_expansion(s) and modifiers.global_modifier(s, "skip_distribute", seat, cards=mods) > 0
    ):
        return None
    # a double-sided villager acts as the side showing
    n = VILLAGERS[v.face].assets + modifiers.global_modifier(s, "distribute", seat, cards=mods)
    return n + (modifiers.modifier_on(v, "distribute", seat) or 0)


class Visit(Handler):
    """Witch: 1 Investigation, 2 convert Secrets, 3 distribute, 4 skill (twice at 2+ Favors),
    5 Familiar. Hunter: 1 Investigation, 2 Evidence at 3+ Clues, 3 distribute, 4 skill."""

    def run(self, s: PaganState, f: Frame) -> None:
        step = f["step"]
        f["step"] = step + 1
        seat = f["seat"]
        vid = f["villager"]
        v = s.villager(vid)
        if not v.alive:
            pop(s, f)
            return
        if step == 0:
            inv = v.investigation
            if (
                inv
                and CARDS[inv].data.get("affects") == seat
                and not (has_expansion(s) and modifiers.is_covered(s, f"investigation-{vid}"))
            ):
                place = f"investigation-{vid}"
                push_fx(s, seat, CARDS[inv].data.get("on_visit", []), vid, inv, place)
        elif step == 1:
            if seat == WITCH:
                limit = modifiers.modifier_on(v, "convert_limit", WITCH)
                times = CONVERT_TIMES if limit is None else min(limit, CONVERT_TIMES)
                if times > 0:
                    push(s, {"t": "convert", "seat": WITCH, "villager": vid, "left": times})
            elif (
                v.clues >= 3
                and not modifiers.global_modifier(s, "no_evidence_step", HUNTER)
                and modifiers.modifier_on(v, "no_evidence_step", HUNTER) is None
            ):
                tokens.gain_evidence(s, 1)
        elif step == 2:
            n = distributed(s, v, seat)
            if n is not None:
                villager = VILLAGERS[v.face]
                # the Witch may always put her Secrets on a Brew instead
                token, spec = (
                    ("clue", "villager") if seat == HUNTER else ("secret", "villager_or_brew")
                )
                push_place(s, seat, token, n, f"{spec}:{villager.target}", vid, False)
        elif step == 3:
            if modifiers.modifier_on(v, "skip_skill", seat) is None:
                push_fx(s, seat, list(VILLAGERS[v.face].skill), vid, vid)
        elif step == 4:
            if (
                seat == WITCH
                and v.favors >= 2
                and modifiers.modifier_on(v, "skip_skill", seat) is None
            ):
                push(s, {"t": "again", "seat": WITCH, "villager": vid})
        elif step == 5:
            if seat == WITCH and f["familiar"] and not s.witch.familiar_used:
                push(s, {"t": "familiar", "seat": WITCH, "villager": vid})
        else:
            pop(s, f)


handler("visit")(Visit)


class Convert(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        v = s.villager(f["villager"])
        if v.secrets < CONVERT_SECRETS:
            return []
        name = villager_name(v.id)
        if s.supply["favor"] > 0:
            out = [
                Move(
                    "convert", (), N_("Convert 3 Secrets on {name} into 1 Favor").format(name=name)
                )
            ]
        else:
            out = [
                Move(
                    "convert",
                    (("source", t),),
                    N_("Convert 3 Secrets on {name} into 1 Favor moved from {villager}").format(
                        name=name, villager=villager_name(t)
                    ),
                )
                for t in tokens.holders(s, "favor", exclude=v.id)
            ]
        return [*out, SKIP] if out else []

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        if m.kind == "skip":
            pop(s, f)
            return
        vid = f["villager"]
        tokens.remove_to_supply(s, vid, "secret", CONVERT_SECRETS)
        if m.args:
            tokens.move_token(s, arg(m), vid, "favor")
        else:
            tokens.place_from_supply(s, vid, "favor")
        f["left"] -= 1
        if f["left"] <= 0:
            pop(s, f)

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Convert 3 Secrets on {villager} into 1 Favor?").format(
            villager=villager_name(f["villager"])
        )


handler("convert")(Convert)


class Again(Handler):
    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        vid = f["villager"]
        skill = list(VILLAGERS[s.villager(vid).face].skill)
        if not possible(s, WITCH, skill, vid):  # e.g. Willam's needs 2 cards in hand
            return [SKIP]
        return [
            Move(
                "again",
                (),
                N_("Use {villager}'s skill again (2+ Favors)").format(villager=villager_name(vid)),
            ),
            SKIP,
        ]

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        if m.kind == "again":
            vid = f["villager"]
            push_fx(s, WITCH, list(VILLAGERS[s.villager(vid).face].skill), vid, vid)

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Use {villager}'s skill a second time?").format(
            villager=villager_name(f["villager"])
        )


handler("again")(Again)


class Familiar(Handler):
    """Visit step 5: with the Familiar pawn, use one Familiar in play, Empowered if paid for."""

    decision = True

    def moves(self, s: PaganState, f: Frame) -> list[Move]:
        w = s.witch
        if w.familiar_used:
            return []
        out = []
        vid = f["villager"]
        for i, slot in enumerate(w.familiars):
            if slot is None:
                continue
            name = card_name(slot.card)
            data = CARDS[slot.card].data
            xp = has_expansion(s)  # only then can an effect be barred by Gloom
            if not xp or usable(s, WITCH, data.get("effect", []), vid, f"familiar-{i}"):
                out.append(Move("familiar", (("slot", i),), N_("Use {name}").format(name=name)))
            empower = data.get("empower")
            if (
                empower
                and costs.can_pay(s, WITCH, empower.get("cost", {}))
                and (not xp or usable(s, WITCH, empower.get("effect", []), vid, f"familiar-{i}"))
            ):
                out.append(
                    Move("empower", (("slot", i),), N_("Use {name}, Empowered").format(name=name))
                )
        if out:
            out.append(SKIP)
        return out

    def decide(self, s: PaganState, f: Frame, m: Move) -> None:
        pop(s, f)
        if m.kind == "skip":
            return
        slot = s.witch.familiars[arg(m)]
        assert slot is not None
        s.witch.familiar_used = True
        data = CARDS[slot.card].data
        place = f"familiar-{arg(m)}"
        if m.kind == "empower":
            empower = data["empower"]
            push_fx(s, WITCH, empower.get("effect", []), f["villager"], slot.card, place)
            push_pay(s, WITCH, empower.get("cost", {}))
        else:
            push_fx(s, WITCH, data.get("effect", []), f["villager"], slot.card, place)

    def prompt(self, s: PaganState, f: Frame) -> str:
        return N_("Use a Familiar with this visit?")


handler("familiar")(Familiar)


__all__ = ["DONE", "TOKEN_NAMES", "start_turn"]
