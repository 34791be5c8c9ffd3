"""A game turn of Pantacle: Preparation, Favor, Change of the Moon.

The `turn` frame walks the phases. Preparation (skipped on each player's first turn) begins with
Bewitchment's look, then the Influence purchase, the Sacrifice of Powers and the Sacrifice of
Adepts, each once, in order, and mandatory when possible. In the Favor phase the Active Sorcerer
announces a Favor and each opponent, clockwise, may bribe it away (a decision of that opponent's);
the first bribe ends the round. The Change of the Moon discards, pays the Moon Phase cube and
refills the Active Sorcerer's hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import N_, Move
from rules.pantacle.board import (
    BLADE_KEEPER,
    BLADES,
    FAVOR_POWER,
    FAVORS,
    HOUND,
    HOUND_BLADES,
    RESOLVE_HOUND,
    adept_cost,
    blade_name,
    bribe_influence,
    can_receive_adept,
    discard_blade,
    discard_powers,
    distinct,
    favor_name,
    forbidden,
    gain,
    keeper_name,
    lose,
    no_bribe,
    no_moon_cube,
    no_resolve,
    refill,
    sacrifice_need,
)
from rules.pantacle.effects import push_triggers, receive_favor
from rules.pantacle.flames import push_flame
from rules.pantacle.machine import Handler, arg, handler, pop, push, reads
from rules.pantacle.state import Frame, PantacleState, Pass, Player, seat_name


def start_turn(s: PantacleState) -> None:
    push(s, {"t": "turn", "step": 0})


class Turn(Handler):
    def run(self, s: PantacleState, f: Frame) -> None:
        step = f["step"]
        f["step"] = step + 1
        a = s.active
        p = s.players[a]
        if step == 0:
            p.turns += 1
            s.announced = None
            s.bribed_by = None
            push_triggers(s, a, "turn_start")
        elif step == 1:  # A. Preparation, not on a player's first turn
            if p.turns == 1:
                f["step"] = 5
            elif "bewitchment" in p.powers and len(s.players) > 1:
                push(s, {"t": "look", "seat": a})
        elif step == 2:  # 1) Influence: one Adept, if affordable
            cost = adept_cost(p)
            if p.influence >= cost and can_receive_adept(p, s.supply):
                lose(s, a, "influence", cost)
                gain(s, a, "adepts", 1)
        elif step == 3:  # 2) Sacrifice of Powers
            need = sacrifice_need(p, "powers")
            if p.pentagram and len(p.powers) >= need:
                discard_powers(p, need)
                push_flame(s, a)
        elif step == 4:  # 3) Sacrifice of Adepts
            need = sacrifice_need(p, "adepts")
            if p.pentagram and p.adepts >= need:
                lose(s, a, "adepts", need)
                push_flame(s, a)
        elif step == 5:  # B. Favor
            push(s, {"t": "favor", "seat": a})
        elif step == 6:  # C. Change of the Moon
            push(s, {"t": "moon", "step": 0, "n": 0, "last": ""})
        else:
            pop(s, f)
            s.turn += 1
            if s.extra_turns:  # the PANTACLE's additional turn, with all the phases
                s.extra_turns -= 1
            else:
                s.active = (a + 1) % len(s.players)
            start_turn(s)


handler("turn")(Turn)


class Look(Handler):
    """Bewitchment: look at another player's hand. What was seen stays known (each card's
    knowledge bit) until that card leaves the hand, which everyone sees."""

    decision = True

    def moves(self, s: PantacleState, f: Frame) -> list[Move]:
        a = f["seat"]
        count = len(s.players)
        return [
            Move(
                "look",
                (("seat", seat_name(t)),),
                N_("Look at {seat}'s hand").format(seat=seat_name(t)),
            )
            for t in ((a + k) % count for k in range(1, count))
        ]

    def decide(self, s: PantacleState, f: Frame, m: Move) -> None:
        pop(s, f)
        target = s.players[int(str(arg(m)).rpartition("-")[2])]
        reads(s, target.seat)  # the hand looked at
        bit = 1 << f["seat"]
        target.seen = [m | bit for m in target.seen]

    def prompt(self, s: PantacleState, f: Frame) -> str:
        return N_("Bewitchment: choose whose hand to look at")


handler("look")(Look)


# --- the Favor phase ------------------------------------------------------------------------------


def can_announce(s: PantacleState, p: Player, favor: str) -> bool:
    """Not the marked Favor, not one whose Power token the player holds, not a forbidden one."""
    power = FAVOR_POWER[favor]
    return (
        favor != s.marked and (power is None or power not in p.powers) and not forbidden(p, favor)
    )


class ChooseFavor(Handler):
    decision = True

    def moves(self, s: PantacleState, f: Frame) -> list[Move]:
        p = s.players[f["seat"]]
        return [
            Move("favor", (("favor", fid),), FAVOR_LABELS[fid])
            for fid in FAVORS
            if can_announce(s, p, fid)
        ]

    def decide(self, s: PantacleState, f: Frame, m: Move) -> None:
        pop(s, f)
        s.marked = s.announced = arg(m)
        push(s, {"t": "bribe_round", "k": 1, "bribed": False})

    def prompt(self, s: PantacleState, f: Frame) -> str:
        return N_("Favor: announce a Favor")


handler("favor")(ChooseFavor)


def favor_label(favor: str) -> str:
    fav = FAVORS[favor]
    if len(fav.keepers) == 2:  # every Favor of the box
        first, second = (keeper_name(k) for k in fav.keepers)
        return N_("Announce {name} (Keepers: {first} and {second})").format(
            name=fav.name, first=first, second=second
        )
    keepers = " and ".join(keeper_name(k) for k in fav.keepers)
    return N_("Announce {name} (Keepers: {keepers})").format(name=fav.name, keepers=keepers)


FAVOR_LABELS = {fid: favor_label(fid) for fid in FAVORS}


def keeper_counts(p: Player) -> dict[str, int]:
    """How many blades of each Keeper the hand holds (Hound blades under the Hounds' id)."""
    counts: dict[str, int] = {}
    for b in p.hand:
        k = BLADE_KEEPER[b]
        counts[k] = counts.get(k, 0) + 1
    return counts


def hounds(p: Player, counts: dict[str, int]) -> int:
    """Hounds the player can pay with: Hound blades, and the Resolve Bonus track's Hound."""
    n = counts.get(HOUND, 0)
    return n + 1 if p.resolve == RESOLVE_HOUND else n


def payable(keepers: Sequence[str], counts: dict[str, int], hound_count: int) -> bool:
    """Can one blade per Keeper be paid, a pair of Hounds standing in for any missing blade?"""
    missing = 0
    used: dict[str, int] = {}
    for k in keepers:
        n = used.get(k, 0)
        if counts.get(k, 0) > n:
            used[k] = n + 1
        else:
            missing += 1
    return 2 * missing <= hound_count


MIN_BRIBE_BLADES = 2  # one blade per Keeper, or a Hound blade beside the Resolve Bonus Hound


def may_be_offered(s: PantacleState, seat: int, favor: str) -> bool:
    """Whether the opponent is asked at all: only what everyone can see rules it out (a curse
    that forbids it, the cube Greedy Hounds needs, too few blades in hand), so being asked
    tells nobody what the hand holds."""
    p = s.players[seat]
    if len(p.hand) < MIN_BRIBE_BLADES:
        return False
    return not p.curses or not (
        forbidden(p, favor) or no_bribe(p) or p.influence < bribe_influence(p)
    )


def can_bribe(s: PantacleState, seat: int, favor: str) -> bool:
    if not may_be_offered(s, seat, favor):
        return False
    p = s.players[seat]
    counts = keeper_counts(p)
    return payable(FAVORS[favor].keepers, counts, hounds(p, counts))


class BribeRound(Handler):
    """Each opponent in turn, clockwise, may bribe; the first bribe ends the round."""

    def run(self, s: PantacleState, f: Frame) -> None:
        if f["bribed"]:
            pop(s, f)
            return
        k = f["k"]
        count = len(s.players)
        favor = s.announced
        assert favor is not None
        if k >= count:
            pop(s, f)
            receive_favor(s, s.active, favor, bribed=False)
            return
        f["k"] = k + 1
        seat = (s.active + k) % count
        if may_be_offered(s, seat, favor):
            push(s, {"t": "offer", "seat": seat})


handler("bribe_round")(BribeRound)


class Offer(Handler):
    """Bribe or pass. An opponent who cannot pay is asked all the same, with "pass" only."""

    decision = True
    ask_single = True

    def moves(self, s: PantacleState, f: Frame) -> list[Move]:
        favor = s.announced
        assert favor is not None
        out = [Move("pass", (), N_("Pass"))]
        if can_bribe(s, f["seat"], favor):
            label = N_("Bribe {favor} away from {seat}").format(
                favor=favor_name(favor), seat=seat_name(s.active)
            )
            out.insert(0, Move("bribe", (), label))
        return out

    def decide(self, s: PantacleState, f: Frame, m: Move) -> None:
        pop(s, f)
        seat = f["seat"]
        if m.kind == "bribe":
            s.stack[-1]["bribed"] = True
            s.bribed_by = seat
            push(s, {"t": "bribe", "seat": seat, "step": 0})
        else:
            favor = s.announced
            assert favor is not None
            s.passes.append(Pass(seat, favor, s.players[seat].resolve == RESOLVE_HOUND))

    def prompt(self, s: PantacleState, f: Frame) -> str:
        favor = s.announced or ""
        return N_("{seat} announced {favor}: bribe it away or pass").format(
            seat=seat_name(s.active), favor=favor_name(favor)
        )


handler("offer")(Offer)


class Bribe(Handler):
    """Pay one blade per Keeper (a Hound pair for any), then receive the Favor; the Active
    Sorcerer moves the Resolve Bonus tracker and gains the compensation cube."""

    def run(self, s: PantacleState, f: Frame) -> None:
        step = f["step"]
        f["step"] = step + 1
        seat = f["seat"]
        favor = s.announced
        assert favor is not None
        if step == 0:
            keepers = list(FAVORS[favor].keepers)
            for i in reversed(range(len(keepers))):
                push(s, {"t": "pay", "seat": seat, "keeper": keepers[i], "rest": keepers[i + 1 :]})
        elif step == 1:
            lose(s, seat, "influence", bribe_influence(s.players[seat]))
            push_triggers(s, seat, "bribe_paid")
        elif step == 2:
            receive_favor(s, seat, favor, bribed=True)
        else:
            pop(s, f)
            a = s.active
            active = s.players[a]
            if not no_resolve(active):
                active.resolve = min(RESOLVE_HOUND, active.resolve + 1)
            push_triggers(s, a, "bribed_away")
            gain(s, a, "influence", 1)


handler("bribe")(Bribe)


class Pay(Handler):
    """Pay for one of the Favor's Keepers: one of its blades, or a pair of Hounds. Only choices
    that leave the remaining Keepers payable are offered. Asked even with one choice: how many
    there are would tell the table about the hand."""

    decision = True
    ask_single = True

    def moves(self, s: PantacleState, f: Frame) -> list[Move]:
        p = s.players[f["seat"]]
        keeper = f["keeper"]
        rest = f["rest"]
        counts = keeper_counts(p)
        hound_count = hounds(p, counts)
        out: list[Move] = []
        if counts.get(keeper, 0):
            counts[keeper] -= 1
            if payable(rest, counts, hound_count):
                out.extend(
                    Move("pay", (("blade", b),), N_("Pay {blade}").format(blade=blade_name(b)))
                    for b in distinct(p.hand)
                    if BLADE_KEEPER[b] == keeper
                )
            counts[keeper] += 1
        if hound_count >= 2 and payable(rest, counts, hound_count - 2):
            out.append(
                Move(
                    "hounds",
                    (),
                    N_("Pay a pair of Hounds for {keeper}").format(keeper=keeper_name(keeper)),
                )
            )
        return out

    def decide(self, s: PantacleState, f: Frame, m: Move) -> None:
        pop(s, f)
        seat = f["seat"]
        if m.kind == "pay":
            discard_blade(s, s.players[seat], arg(m))
        else:
            push(s, {"t": "hound", "seat": seat})
            push(s, {"t": "hound", "seat": seat})

    def prompt(self, s: PantacleState, f: Frame) -> str:
        return N_("Bribe: pay for {keeper}").format(keeper=keeper_name(f["keeper"]))


handler("pay")(Pay)


class Hound(Handler):
    """Which Hound pays: a Hound blade or the Resolve Bonus Hound (asked, like `pay`)."""

    decision = True
    ask_single = True

    def moves(self, s: PantacleState, f: Frame) -> list[Move]:
        p = s.players[f["seat"]]
        out = [
            Move("hound", (("from", b),), N_("Pay {blade}").format(blade=blade_name(b)))
            for b in distinct(p.hand)
            if b in HOUND_BLADES
        ]
        if p.resolve == RESOLVE_HOUND:
            out.append(Move("hound", (("from", "resolve"),), N_("Use the Resolve Bonus Hound")))
        return out

    def decide(self, s: PantacleState, f: Frame, m: Move) -> None:
        pop(s, f)
        p = s.players[f["seat"]]
        source = arg(m)
        if source == "resolve":
            p.resolve = 0
        else:
            discard_blade(s, p, source)

    def prompt(self, s: PantacleState, f: Frame) -> str:
        return N_("Bribe: choose a {keeper} to pay").format(keeper=keeper_name(HOUND))


handler("hound")(Hound)


# --- the Change of the Moon -----------------------------------------------------------------------


class Moon(Handler):
    def run(self, s: PantacleState, f: Frame) -> None:
        step = f["step"]
        f["step"] = step + 1
        a = s.active
        p = s.players[a]
        if step == 0:
            push(s, {"t": "moon_discard", "seat": a})
        elif step == 1:
            favor = FAVORS.get(s.announced or "")
            last = f["last"]
            if (
                last
                and favor is not None
                and favor.moon is not None
                and BLADES[last].moon == favor.moon
                and not no_moon_cube(p)
            ):
                gain(s, a, "influence", 1)
        else:
            pop(s, f)
            refill(s, p)


handler("moon")(Moon)


class MoonDiscard(Handler):
    """Discard one blade; with Demonic Discard, as many as you want (at least one), the last
    one counting for the Moon Phase."""

    decision = True

    def private_options(self, s: PantacleState, f: Frame) -> bool:
        return True  # a hand of copies of one blade is discarded from at once

    def moves(self, s: PantacleState, f: Frame) -> list[Move]:
        hand = s.players[f["seat"]].hand
        out = [
            Move("discard", (("blade", b),), N_("Discard {blade}").format(blade=blade_name(b)))
            for b in distinct(hand)
        ]
        if out and s.stack[-2]["n"]:
            out.append(Move("stop", (), N_("Stop discarding and refill your hand")))
        return out

    def decide(self, s: PantacleState, f: Frame, m: Move) -> None:
        p = s.players[f["seat"]]
        moon = s.stack[-2]
        if m.kind == "stop":
            pop(s, f)
            return
        blade = arg(m)
        discard_blade(s, p, blade)
        moon["n"] += 1
        moon["last"] = blade
        if "demonic-discard" not in p.powers or not p.hand:
            pop(s, f)

    def prompt(self, s: PantacleState, f: Frame) -> str:
        return N_("Change of the Moon: discard a Keeper blade")


handler("moon_discard")(MoonDiscard)
