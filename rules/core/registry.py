"""Game names to implementations. The registry knows no game: games are found by name.

`get_game(name)` is the one way to get a game, and `game_names()` lists what it knows. Installed
packages declare their games as entry points in the group `coven.games` (this project's two are
in pyproject.toml: `pagan = "rules.pagan.game:PAGAN"`); they are loaded the first time a game is
asked for, so the rules core imports no game and a game in another package needs no change here.
`register` adds a game by hand (tests register toy games).
"""

from __future__ import annotations

from importlib.metadata import entry_points

from rules.core.protocol import Game

ENTRY_POINT_GROUP = "coven.games"

_GAMES: dict[str, Game] = {}
_installed_loaded = False


def register(game: Game) -> Game:
    _GAMES[game.name] = game
    return game


def _load_installed() -> None:
    """Register the installed games once, whatever else has registered before."""
    global _installed_loaded
    if _installed_loaded:
        return
    _installed_loaded = True
    for point in entry_points(group=ENTRY_POINT_GROUP):
        game = point.load()
        if game.name != point.name:
            raise ValueError(
                f"entry point {point.name!r} of {ENTRY_POINT_GROUP} names game {game.name!r}"
            )
        register(game)


def get_game(name: str) -> Game:
    """The game called `name`; raises KeyError naming the known games otherwise."""
    _load_installed()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        hint = "" if _GAMES else f" (no {ENTRY_POINT_GROUP} entry points: is Coven installed?)"
        raise KeyError(f"unknown game {name!r}; known games: {known}{hint}") from None


def game_names() -> list[str]:
    _load_installed()
    return sorted(_GAMES)
