"""Game names to implementations. Games register themselves when `rules.games` is imported."""

from __future__ import annotations

from rules.core.protocol import Game

_GAMES: dict[str, Game] = {}
_builtin_loaded = False


def register(game: Game) -> Game:
    _GAMES[game.name] = game
    return game


def _load_builtin() -> None:
    """Register the built-in games once, whatever else has registered before."""
    global _builtin_loaded
    if not _builtin_loaded:
        _builtin_loaded = True
        import rules.games  # noqa: F401  (registers the built-in games)


def get_game(name: str) -> Game:
    """The game called `name`; raises KeyError naming the known games otherwise."""
    _load_builtin()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise KeyError(f"unknown game {name!r}; known games: {known}") from None


def game_names() -> list[str]:
    _load_builtin()
    return sorted(_GAMES)
