"""Reading a game's data files: the YAML loader and a field reader that collects every fault.

Both games keep their catalogs as YAML (cards, villagers, Favors, curses...) and read each entry
with `FieldReader`, so that a data file with several mistakes reports them all at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

# The C loader is several times faster; the pure-Python one gives the same result.
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def is_whole(value: Any) -> bool:
    """Whether a YAML value is a whole number (YAML's true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_yaml(path: Path) -> Any:
    """The plain data (dicts, lists, text, numbers) of one YAML file."""
    with path.open("r", encoding="utf-8") as fh:
        return yaml.load(fh, Loader=_LOADER)


class FieldReader:
    """Reads fields of raw mappings, tolerating bad values: a placeholder is returned and the
    fault recorded in `problems`, so one mistyped field is reported with every other fault."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def text(self, raw: Mapping[str, Any], key: str, where: str, required: bool = True) -> str:
        value = raw.get(key)
        if value is None:
            if required:
                self.problems.append(f"{where}: missing `{key}`")
            return ""
        if not isinstance(value, str):
            self.problems.append(f"{where}: `{key}` must be text, not {value!r}")
            return str(value)
        return value

    def whole(self, raw: Mapping[str, Any], key: str, where: str) -> int:
        value = raw.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            self.problems.append(f"{where}: `{key}` must be a whole number, not {value!r}")
            return -1
        return value

    def mapping(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            self.problems.append(f"{where}: expected a mapping, not {value!r}")
            return {}
        return value

    def unique(self, table: Mapping[str, Any], key: str, what: str) -> bool:
        """Whether `key` is new to `table`; a repeated id is a fault."""
        if key in table:
            self.problems.append(f"{what} id {key!r} appears more than once")
            return False
        return True
