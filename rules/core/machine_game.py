"""The Game protocol's move handling for a game that runs on the step machine: finding the legal
move a request names (with a player-readable reason when there is none), applying it, and
replaying a move list. Pagan and Pantacle inherit it and add what is their own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Generic

from rules.core.describe import Description, narrate
from rules.core.errors import IllegalMove
from rules.core.machine import Machine, S, W, decide_watched
from rules.core.moves import JsonValue, Move, find_move
from rules.core.protocol import Options, Traced
from rules.core.text import N_

MoveRequest = Move | str | Mapping[str, JsonValue]


class MachineGame(Generic[S, W]):
    machine: Machine[S, W]

    def new(self, options: Options | None, seed: int | str) -> S:
        raise NotImplementedError

    def clone(self, s: S) -> S:
        raise NotImplementedError

    def seat_name(self, seat: W) -> str:
        """The protocol's name for a seat as the state holds it."""
        return str(seat)

    def seat_title(self, seat: str | None) -> str:
        """How an error message names the seat to decide."""
        return str(seat)

    def to_move(self, s: S) -> str | None:
        seat = self.machine.to_move(s)
        return None if seat is None else self.seat_name(seat)

    def legal_moves(self, s: S) -> list[Move]:
        return self.machine.legal_moves(s)

    def find_legal(self, s: S, move: MoveRequest) -> Move:
        """The legal move that `move` names, or `IllegalMove` saying why there is none."""
        if s.winner is not None:
            raise IllegalMove(N_("the game is over"), move)
        if not isinstance(move, (Move, str, Mapping)):
            raise IllegalMove(N_("{move} is not a move").format(move=repr(move)), move)
        legal = self.machine.legal_moves(s)
        found = find_move(legal, move if not isinstance(move, Mapping) else dict(move))
        if found is None:
            raise IllegalMove(self._why_illegal(s, move, legal), move)
        return found

    def _why_illegal(self, s: S, move: object, legal: list[Move]) -> str:
        pending = self.machine.pending(s)
        prompt = pending[0].prompt(s, pending[1]) if pending else ""
        shown = move.id if isinstance(move, Move) else move
        return N_(
            "{move} is not a legal move now: it is {seat}'s decision ({prompt}); "
            "{n} moves are legal"
        ).format(
            move=repr(shown), seat=self.seat_title(self.to_move(s)), prompt=prompt, n=len(legal)
        )

    def apply(self, s: S, move: MoveRequest) -> S:
        found = self.find_legal(s, move)
        out = self.clone(s)
        self.machine.decide(out, found)
        return out

    def apply_unchecked(self, s: S, move: Move) -> None:
        self.machine.decide(s, move)

    def apply_traced(self, s: S, move: MoveRequest) -> Traced:
        """`apply` with the machine watching (`rules.core.machine.Watch`): what the rules
        declare they read and the mover's one-option decisions the machine took."""
        found = self.find_legal(s, move)
        out = self.clone(s)
        watch = decide_watched(self.machine, out, found)
        return Traced(out, watch.hidden, tuple(watch.forced))

    def describe(self, s: S, move: MoveRequest, seat: str | None) -> Description:
        """What `seat` (None: a spectator) may know of `move`, made in state `s`: the mover's
        own label in the past tense, unless `redact` says the reader may not see its
        arguments. Raises `IllegalMove` when `move` is not legal in `s`."""
        found = self.find_legal(s, move)
        pending = self.machine.pending(s)
        decision = pending[1]["t"] if pending is not None else ""
        actor = self.to_move(s) or ""
        title = self.log_title(actor)
        redacted = None if seat == actor else self.redact(s, decision, found, seat)
        if redacted is None:
            phrase = self.phrase(decision, found)
            text = (
                narrate(title, found.label, self.pronoun(actor))
                if phrase is None
                else (f"{title} {phrase}")
            )
            return Description(text, actor, found.kind, decision, dict(found.args))
        phrase, hidden = redacted
        args = {name: value for name, value in found.args if name not in hidden}
        text = (
            narrate(title, found.label, self.pronoun(actor))
            if phrase is None
            else (f"{title} {phrase}")
        )
        return Description(text, actor, found.kind, decision, args, hidden)

    def redact(
        self, s: S, decision: str, move: Move, reader: str | None
    ) -> tuple[str | None, tuple[str, ...]] | None:
        """For a reader who is not the mover: None when it may see all of `move`, else what
        it may read instead (a past-tense phrase, "drew a card", or None for the label's own
        when only arguments are withheld) and the names of the arguments it may not see. It
        may depend only on what the reader knows of `s` (the decision's kind is public): the
        same for every move the reader cannot tell apart."""
        return None

    def phrase(self, decision: str, move: Move) -> str | None:
        """The log's past-tense phrase for a move whose label does not read well narrated
        ("paid 3 Evidence to exonerate..."), or None to narrate the label."""
        return None

    def log_title(self, seat: str) -> str:
        """How a log entry names the seat that acted, at the start of a sentence."""
        return self.seat_title(seat)

    def pronoun(self, seat: str) -> str:
        """The possessive a log entry uses for the seat ("her hand")."""
        return "their"

    def replay(self, options: Options | None, seed: int | str, moves: list[str]) -> S:
        s = self.new(options, seed)
        for i, move in enumerate(moves):
            try:
                found = self.find_legal(s, move)
            except IllegalMove as exc:
                raise IllegalMove(
                    N_("move {n} of the replay: {reason}").format(n=i + 1, reason=exc.reason), move
                ) from None
            self.machine.decide(s, found)
        return s


__all__ = ["MachineGame", "MoveRequest"]
