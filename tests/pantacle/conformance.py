"""Pantacle in the Game-protocol conformance suite, once for each player count: what only Pantacle
knows (its invariants, end reasons, move vocabulary and secrets)."""

from __future__ import annotations

from rules.core import Move, Rng, Seat
from rules.pantacle.state import PantacleState, seat_index
from tests.conformance import Conformance, Spacing
from tests.pantacle.invariants import check_invariants
from tests.pantacle.positions import PLAYER_COUNTS

DECISION_CAP = 2_000  # random games last 70 (2 players) to 190 (5 players) decisions on average
# Decisions asked even with one answer, so that the count of answers gives no hidden hand away.
ASKED_ANYWAY = ("offer", "pay", "hound")


def check_choices(s: PantacleState, moves: list[Move]) -> None:
    """A real choice, except where the count of choices would give a hidden hand away."""
    assert len(moves) >= 2 or s.stack[-1]["t"] in ASKED_ANYWAY


Hands = tuple[tuple[str, ...], ...]


def hidden_truth(s: PantacleState, seat: Seat) -> tuple[Hands, tuple[str, ...]]:
    """The other seats' hands and the order of the curse pile."""
    hands = tuple(tuple(p.hand) for p in s.players if f"seat-{p.seat}" != seat)
    return hands, tuple(s.curse_pile)


def change_secrets(s: PantacleState) -> Seat:
    """Trade seat-1's hand for cards of the pile, and turn the (face-down) curse pile over."""
    p = s.players[1]
    p.hand, s.blade_pile = s.blade_pile[-3:], p.hand + s.blade_pile[:-3]
    s.curse_pile.reverse()
    return "seat-1"


def reorder_own(s: PantacleState, seat: Seat, rng: Rng) -> None:
    """The seat's hand, which its view shows sorted, each card with what is known of it (who
    saw it, when it came: `hand_since` is shown sorted too)."""
    p = s.players[seat_index(seat, len(s.players))]
    cards = list(zip(p.hand, p.seen, p.since, strict=True))
    rng.shuffle(cards)
    p.hand = [c for c, _, _ in cards]
    p.seen = [m for _, m, _ in cards]
    p.since = [n for _, _, n in cards]


def pantacle(players: int) -> Conformance:
    return Conformance(
        id=f"pantacle-{players}p",
        game_name="pantacle",
        option_sets={f"{players}p": {"players": players}},
        check_invariants=check_invariants,
        reasons=lambda options: {"favor", "bribe"},
        decisions=lambda s: s.decisions,
        decision_cap=DECISION_CAP,
        round_trip_steps=400,
        spacing=Spacing(listed=5, unlisted=4, views=9, batches=3, limit=600),
        malformed=(
            "favor",
            "favor:no-such-favor",
            "point:centre",
            "pay:hound-new:extra",
            {"type": "favor"},
            {"type": "favor", "favor": "hunt", "extra": 1},
            ["bribe"],
        ),
        hidden_truth=hidden_truth,
        samples_per_seat=1,
        change_secrets=change_secrets,
        reorder_own=reorder_own,
        check_choices=check_choices,
        secret_kinds=frozenset({"disc", "draw", "keep", "look"}),
    )


PANTACLE = [pantacle(players) for players in PLAYER_COUNTS]
