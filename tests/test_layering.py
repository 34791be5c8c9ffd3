"""The project's packages import downwards only:

    coven                    (the command line: may import anything shipped)
    service    workers       (the API and the AI workers: never each other)
    gamestore                (the game store and the AI-turn handoff)
    ai                       (the AI)
    rules                    (the rules core)

and `devtools` (development only, not in the wheel) stands on `ai` and `rules` with nothing
shipped importing it. The AI does no I/O of its own: no module of `ai` imports a file or process
module or opens a file.

Every import of every module is read from its source (with `ast`, so imports inside functions
and under `TYPE_CHECKING` count too), relative imports resolved to the package they name.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("rules", "ai", "gamestore", "service", "workers", "coven")
PACKAGES = (*SHIPPED, "devtools")
MAY_IMPORT: dict[str, frozenset[str]] = {
    "rules": frozenset({"rules"}),
    "ai": frozenset({"ai", "rules"}),
    "gamestore": frozenset({"gamestore", "rules"}),
    "service": frozenset({"service", "gamestore", "ai", "rules"}),
    "workers": frozenset({"workers", "gamestore", "ai", "rules"}),
    "coven": frozenset(SHIPPED),
    "devtools": frozenset({"devtools", "ai", "rules"}),
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


def test_the_development_tools_are_not_in_the_wheel() -> None:
    import fnmatch
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    included = project["tool"]["setuptools"]["packages"]["find"]["include"]
    assert {p for p in SHIPPED if any(fnmatch.fnmatch(p, pat) for pat in included)} == set(SHIPPED)
    assert not any(fnmatch.fnmatch("devtools", pat) for pat in included)


# Modules that read or write files or run processes: none belongs in the pure AI.
IO_MODULES = frozenset({"io", "os", "pathlib", "shutil", "tempfile", "importlib", "subprocess"})


def test_the_ai_does_no_file_io() -> None:
    found = []
    for path in sorted((ROOT / "ai").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for line, name, written in _imported(ROOT, path):
            if name.split(".")[0] in IO_MODULES:
                found.append(f"{path.relative_to(ROOT)}:{line}: {written}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: open(...)")
    assert not found, "file I/O in ai/:\n" + "\n".join(found)
