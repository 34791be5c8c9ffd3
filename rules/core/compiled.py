"""Which modules of the rules core and the AI run compiled (mypyc, see setup.py) and which run as
Python, for `coven info` and the service's `/metrics`.

Python's import system prefers an extension module beside a `.py` of the same name, so a module is
compiled exactly when its extension file sits next to its source. The files are read, not the
modules imported, so asking costs no import.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

PACKAGES = ("rules", "ai")
# Installing a wheel writes its files moments apart, in no set order, so a source may be a little
# newer than its extension; an edit after the install comes later than this.
INSTALL_SPREAD = 10.0


@dataclass(frozen=True, slots=True)
class CoreBuild:
    """The modules of `PACKAGES` by how they run; `stale` ones are compiled from an older source
    than the `.py` beside them (edited since the install: reinstall, `. scripts/ensure-venv.sh`)."""

    compiled: tuple[str, ...]
    interpreted: tuple[str, ...]
    stale: tuple[str, ...]

    @property
    def in_use(self) -> bool:
        return bool(self.compiled)


def core_build() -> CoreBuild:
    compiled: list[str] = []
    interpreted: list[str] = []
    stale: list[str] = []
    for package in PACKAGES:
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            continue
        for location in spec.submodule_search_locations:
            root = Path(location)
            for source in sorted(root.rglob("*.py")):
                parts = source.relative_to(root.parent).with_suffix("").parts
                name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
                extension = _extension_beside(source)
                if extension is None:
                    interpreted.append(name)
                    continue
                compiled.append(name)
                if source.stat().st_mtime > extension.stat().st_mtime + INSTALL_SPREAD:
                    stale.append(name)
    return CoreBuild(tuple(compiled), tuple(interpreted), tuple(stale))


def _extension_beside(source: Path) -> Path | None:
    for suffix in EXTENSION_SUFFIXES:
        candidate = source.with_name(source.stem + suffix)
        if candidate.exists():
            return candidate
    return None
