"""Development tools over the arena: pooled games rated jointly per role (not in the wheel).

    devtools.pool           records of arena games, keyed by how the players play, rated
    devtools.bradley_terry  the joint per-role Bradley-Terry fit
    python -m devtools.ladder GAME --pool FILE [--round-robin P,Q,...]   (play, then rate)

It stands on `ai` and `rules` and nothing shipped imports it (tests/test_layering.py); it reads
and writes pool files, which the pure `ai` package never does.
"""
