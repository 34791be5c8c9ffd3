"""The rules core's exception tree.

RulesError
├── IllegalMove      a move the rules forbid in this position (or that is not this seat's to make)
├── InvalidOptions   game options that cannot start a game (bad deck, unknown scenario, ...)
└── InvalidState     serialized data that is not a state of this game
"""


class RulesError(Exception):
    """Base of every error the rules core raises on purpose."""


class IllegalMove(RulesError):
    """The move is not one of the legal moves; `reason` says why in words a player understands."""

    def __init__(self, reason: str, move: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.move = move


class InvalidOptions(RulesError):
    """The options cannot start a game; `problems` lists every problem found, not just the first."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class InvalidState(RulesError):
    """Serialized data that does not describe a state of this game."""
