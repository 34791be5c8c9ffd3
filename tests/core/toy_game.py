"""Hidden Nim: a tiny game that implements the whole Game protocol, for testing generic code.

Rules: 2 to 4 seats ("p1", "p2", ...) take turns around a public pile of 10 to 15 stones. Each
seat holds one hidden card from 1 to 9 (dealt from a shuffled deck; the rest stay face down). On
your turn take 1 to 3 stones (whoever takes the last stone wins: "last-stone"), or, once the pile
is down to 5 or fewer stones, call a showdown: every card is revealed and the highest wins
("showdown"). A seat sees the pile, the moves and its own card, and nobody else's until the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core import (
    Description,
    GameInfo,
    IllegalMove,
    InvalidOptions,
    InvalidState,
    JsonValue,
    Move,
    Options,
    Outcome,
    Rng,
    Seat,
    Traced,
    find_move,
    narrate,
    seed_state,
)

CARDS = tuple(range(1, 10))
MAX_TAKE = 3
SHOWDOWN_AT = 5


@dataclass(slots=True)
class NimState:
    seats: list[Seat]
    pile: int
    cards: dict[Seat, int]
    turn: int = 0
    history: list[str] = field(default_factory=list)
    winner: Seat | None = None
    reason: str = ""


class HiddenNim:
    """The protocol over `NimState`. `name` can be changed so tests can register variants."""

    info = GameInfo(min_players=2, max_players=4)  # no typed view: JSON views only

    def __init__(self, name: str = "toy-nim") -> None:
        self.name = name

    def seats(self, options: Options) -> list[Seat]:
        return [f"p{i}" for i in range(1, int(options.get("players", 2)) + 1)]

    def default_options(self) -> Options:
        return {"players": 2}

    def validate_options(self, options: Options) -> Options:
        full = {**self.default_options(), **options}
        problems = [f"unknown option {key!r}" for key in full if key != "players"]
        players = full["players"]
        if not isinstance(players, int) or not 2 <= players <= 4:
            problems.append(f"players must be 2 to 4, not {players!r}")
        if problems:
            raise InvalidOptions(problems)
        return full

    def new(self, options: Options, seed: int | str) -> NimState:
        opts = self.validate_options(options)
        rng = Rng(seed_state(seed))
        pile = 10 + rng.below(6)
        deck = list(CARDS)
        rng.shuffle(deck)
        seats = self.seats(opts)
        return NimState(seats=seats, pile=pile, cards=dict(zip(seats, deck, strict=False)))

    def to_move(self, state: NimState) -> Seat | None:
        return None if state.winner is not None else state.seats[state.turn]

    def legal_moves(self, state: NimState) -> list[Move]:
        if state.winner is not None:
            return []
        moves = [
            Move("take", (("n", n),), f"Take {n} stone{'s' if n > 1 else ''}")
            for n in range(1, min(MAX_TAKE, state.pile) + 1)
        ]
        if state.pile <= SHOWDOWN_AT:
            moves.append(Move("call", (), "Call a showdown"))
        return moves

    def apply(self, state: NimState, move: Move | str | dict[str, JsonValue]) -> NimState:
        chosen = find_move(self.legal_moves(state), move)
        if chosen is None:
            raise IllegalMove(f"{move!r} is not a legal move now", move)
        after = self.clone(state)
        self.apply_unchecked(after, chosen)
        return after

    def apply_unchecked(self, state: NimState, move: Move) -> None:
        seat = state.seats[state.turn]
        state.history.append(move.id)
        if move.kind == "call":
            state.winner = max(state.seats, key=state.cards.__getitem__)
            state.reason = "showdown"
            return
        state.pile -= int(move.args[0][1])
        if state.pile == 0:
            state.winner = seat
            state.reason = "last-stone"
            return
        state.turn = (state.turn + 1) % len(state.seats)

    def apply_traced(self, state: NimState, move: Move | str | dict[str, JsonValue]) -> Traced:
        """A showdown reads every hidden card; taking stones reads nothing hidden."""
        after = self.apply(state, move)
        return Traced(after, after.reason == "showdown", ())

    def outcome(self, state: NimState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome(winners=(state.winner,), reason=state.reason)

    def view(self, state: NimState, seat: Seat | None) -> dict[str, JsonValue]:
        over = state.winner is not None
        return {
            "pile": state.pile,
            "to_move": self.to_move(state),
            "history": list(state.history),
            "cards": {s: c if over or s == seat else None for s, c in state.cards.items()},
            "outcome": None if state.winner is None else {"winner": state.winner},
        }

    def describe(
        self, state: NimState, move: Move | str | dict[str, JsonValue], seat: Seat | None
    ) -> Description:
        """Every move of Hidden Nim is public (the cards stay hidden until a showdown)."""
        chosen = find_move(self.legal_moves(state), move)
        if chosen is None:
            raise IllegalMove(f"{move!r} is not a legal move now", move)
        actor = state.seats[state.turn]
        return Description(
            narrate(actor, chosen.label), actor, chosen.kind, "turn", dict(chosen.args)
        )

    def sample(self, state: NimState, seat: Seat, rng: Rng) -> NimState:
        """Deal the other seats cards from those `seat` has not seen; its own card stays."""
        if state.winner is not None:
            return self.clone(state)
        own = state.cards[seat]
        unseen = [card for card in CARDS if card != own]
        rng.shuffle(unseen)
        others = [s for s in state.seats if s != seat]
        sampled = self.clone(state)
        sampled.cards = {seat: own, **dict(zip(others, unseen, strict=False))}
        return sampled

    def clone(self, state: NimState) -> NimState:
        return NimState(
            seats=list(state.seats),
            pile=state.pile,
            cards=dict(state.cards),
            turn=state.turn,
            history=list(state.history),
            winner=state.winner,
            reason=state.reason,
        )

    def to_json(self, state: NimState) -> dict[str, JsonValue]:
        return {
            "seats": list(state.seats),
            "pile": state.pile,
            "cards": dict(state.cards),
            "turn": state.turn,
            "history": list(state.history),
            "winner": state.winner,
            "reason": state.reason,
        }

    def from_json(self, data: dict[str, JsonValue]) -> NimState:
        try:
            return NimState(
                seats=list(data["seats"]),
                pile=int(data["pile"]),
                cards={str(s): int(c) for s, c in data["cards"].items()},
                turn=int(data["turn"]),
                history=list(data["history"]),
                winner=data["winner"],
                reason=str(data["reason"]),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InvalidState(f"not a {self.name} state: {exc}") from exc

    def replay(self, options: Options, seed: int | str, moves: list[str]) -> NimState:
        state = self.new(options, seed)
        for move_id in moves:
            state = self.apply(state, move_id)
        return state

    def revealed(self, state: NimState) -> dict[str, JsonValue]:
        return {"cards": {seat: card for seat, card in state.cards.items()}}

    def catalog(self) -> dict[str, JsonValue]:
        cards: list[Any] = [
            {
                "id": f"{n:04d}",
                "name": f"Card {n}",
                "side": "any",
                "type": "number",
                "cost": n,
                "origin": "designed",
            }
            for n in CARDS
        ]
        return {"cards": cards, "rules": [__doc__]}


class BrokenNim(HiddenNim):
    """Hidden Nim whose engine raises on the 3rd decision of every game where p1's card is odd
    (every game reaches a 3rd decision: the pile starts at 10 or more)."""

    def apply_unchecked(self, state: NimState, move: Move) -> None:
        if len(state.history) == 2 and state.cards["p1"] % 2:
            raise RuntimeError("BrokenNim breaks here on purpose")
        super().apply_unchecked(state, move)


TOY = HiddenNim()
