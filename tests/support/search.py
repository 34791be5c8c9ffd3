"""How hard the property tests (Hypothesis) search, chosen once per run by `COVEN_HYPOTHESIS`.

`ci` (the default, what `./test` and CI run): derandomized and without an example database, so
every run on every clone tries the same examples and gives the same result. `explore`: random
seeds, ten times the examples and the local `.hypothesis/` database (a failure found is tried
first next time), for whoever wants to look further:
`COVEN_HYPOTHESIS=explore ./test tests/test_game_conformance.py`.

A property test asks for its examples with `examples(n)`: n under `ci`, n times the factor
under `explore` (a test's own `max_examples` would override the profile's).
"""

from __future__ import annotations

import os

from hypothesis import settings
from hypothesis.database import DirectoryBasedExampleDatabase

PROFILE_VARIABLE = "COVEN_HYPOTHESIS"
FACTORS = {"ci": 1, "explore": 10}

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile(
    "explore",
    derandomize=False,
    database=DirectoryBasedExampleDatabase(".hypothesis/examples"),
    print_blob=True,
)


def profile() -> str:
    """The profile this run uses; an unknown name is an error rather than a silent default."""
    name = os.environ.get(PROFILE_VARIABLE, "ci")
    if name not in FACTORS:
        raise ValueError(f"{PROFILE_VARIABLE}={name!r}: use one of {sorted(FACTORS)}")
    return name


def load() -> None:
    settings.load_profile(profile())


def examples(n: int) -> int:
    """A property test's `max_examples`: `n` as `ci` runs it, more when exploring."""
    return n * FACTORS[profile()]
