"""Search over the Game protocol: ISMCTS, rollout policies, difficulty presets and the arena.

Pure Python with no I/O; it knows no game by name, only `rules.core.Game`.
"""
