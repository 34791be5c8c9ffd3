"""The project's packages import downwards only:

    coven                    (the command line: may import anything)
    service    workers       (the API and the AI workers: never each other)
    gamestore                (the game store and the AI-turn handoff)
    ai                       (the AI)
    rules                    (the rules core)

Every import of every module is read from its source (with `ast`, so imports inside functions
and under `TYPE_CHECKING` count too), relative imports resolved to the package they name.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules", "ai", "gamestore", "service", "workers", "coven")
MAY_IMPORT: dict[str, frozenset[str]] = {
    "rules": frozenset({"rules"}),
    "ai": frozenset({"ai", "rules"}),
    "gamestore": frozenset({"gamestore", "rules"}),
    "service": frozenset({"service", "gamestore", "ai", "rules"}),
    "workers": frozenset({"workers", "gamestore", "ai", "rules"}),
    "coven": frozenset(PACKAGES),
}


def _imported(root: Path, path: Path) -> list[tuple[int, str, str]]:
    """(line, the module imported from, the import as written) of every import in the module
    at `path` under `root`."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    else:
        parts = parts[:-1]  # the package a relative import starts from
    found: list[tuple[int, str, str]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name, f"import {a.name}") for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = parts[: len(parts) - node.level + 1] if node.level else []
            name = ".".join([*base, *filter(None, [node.module])])
            written = "." * node.level + (node.module or "")
            names = ", ".join(a.name for a in node.names)
            found.append((node.lineno, name, f"from {written} import {names}"))
    return found


def _violations(root: Path) -> list[str]:
    problems = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            for line, name, written in _imported(root, path):
                top = name.split(".")[0]
                if top in PACKAGES and top not in MAY_IMPORT[package]:
                    allowed = ", ".join(sorted(MAY_IMPORT[package]))
                    problems.append(
                        f"{path.relative_to(root)}:{line}: {written} "
                        f"({package} may import only {allowed})"
                    )
    return problems


def test_every_package_imports_only_the_packages_beneath_it() -> None:
    problems = _violations(ROOT)
    assert not problems, "imports that point up or sideways:\n" + "\n".join(problems)


def test_an_import_in_a_function_or_for_type_checking_is_caught(tmp_path: Path) -> None:
    for folder in ("rules/core", "gamestore"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "rules" / "core" / "__init__.py").write_text("from . import moves\n")
    (tmp_path / "rules" / "core" / "up.py").write_text(
        "from typing import TYPE_CHECKING\n\nfrom .. import games\n\n"
        "if TYPE_CHECKING:\n    import ai.agent\n"
    )
    (tmp_path / "gamestore" / "late.py").write_text(
        "import rules.core\n\n\ndef f():\n    from service import app\n"
    )
    assert _violations(tmp_path) == [
        "rules/core/up.py:6: import ai.agent (rules may import only rules)",
        "gamestore/late.py:5: from service import app (gamestore may import only gamestore, rules)",
    ]
