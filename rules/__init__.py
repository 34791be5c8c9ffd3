"""The rules core: the Game protocol and one package per game. Pure, deterministic, no I/O."""
