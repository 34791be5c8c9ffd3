"""What every game shares: the Game protocol, moves, errors, the seeded RNG and the registry.

Code outside the rules core imports these names from `rules.core`, never from the module that
defines them, so the modules can be rearranged without touching their users. Three submodules
are public too, each a vocabulary of its own imported from it by name:

- `rules.core.machine`: the step machine a game's rules run on (frames, handlers, `push`, `pop`,
  `reads`...), for the games built on it;
- `rules.core.shapes`: how a game declares the shapes of its views and move values
  (`Doc`, `Split`) and how the service reads them (`fields`, `mismatches`...);
- `rules.core.describe`: the public log's narration (the past tenses `narrate` uses), which the
  service's translation reads back.

Every other module here is private. tests/test_layering.py keeps both rules.
"""

from rules.core.compiled import CoreBuild, core_build
from rules.core.describe import Description, narrate
from rules.core.errors import IllegalMove, InvalidOptions, InvalidState, RulesError
from rules.core.machine_game import MachineGame, MoveRequest
from rules.core.moves import JsonValue, Move, find_move
from rules.core.protocol import Game, GameInfo, Options, Outcome, Seat, Traced
from rules.core.registry import ENTRY_POINT_GROUP, game_names, get_game, register
from rules.core.rng import Rng, seed_state
from rules.core.text import N_
from rules.core.yamldata import FieldReader, is_whole, read_yaml

__all__ = [
    "ENTRY_POINT_GROUP",
    "N_",
    "CoreBuild",
    "Description",
    "FieldReader",
    "Game",
    "GameInfo",
    "IllegalMove",
    "InvalidOptions",
    "InvalidState",
    "JsonValue",
    "MachineGame",
    "Move",
    "MoveRequest",
    "Options",
    "Outcome",
    "Rng",
    "RulesError",
    "Seat",
    "Traced",
    "core_build",
    "find_move",
    "game_names",
    "get_game",
    "is_whole",
    "narrate",
    "read_yaml",
    "register",
    "seed_state",
]
