"""What every game shares: the Game protocol, moves, errors, the seeded RNG and the registry."""

from rules.core.errors import IllegalMove, InvalidOptions, RulesError
from rules.core.moves import Move
from rules.core.protocol import Game, Outcome
from rules.core.registry import game_names, get_game, register

__all__ = [
    "Game",
    "IllegalMove",
    "InvalidOptions",
    "Move",
    "Outcome",
    "RulesError",
    "game_names",
    "get_game",
    "register",
]
