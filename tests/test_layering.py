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

A package with a facade (`rules.core`, `ai`) is imported through it: code outside the package
imports the package's public names from the package itself, and of its modules only those it
declares public (`FACADES`), never a private one.

No game is named outside its own package (`rules/<game>/`): generic code finds games in the
registry and reads what it needs of them from their declared `GameInfo`. A game's name as an
identifier or a string of code counts; prose (docstrings, comments, help texts and API
descriptions, which name the games as examples) and pyproject's entry points do not.

No module imports itself through others: the modules and their imports form no circle (an import
in a function that breaks a circle at load time still ties the modules into one).
"""

from __future__ import annotations

import ast
import itertools
import re
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


def _imports(root: Path, path: Path) -> list[tuple[int, str, tuple[str, ...], str]]:
    """(line, the module imported from, the names imported from it (none for `import m`), the
    import as written) of every import in the module at `path` under `root`."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    else:
        parts = parts[:-1]  # the package a relative import starts from
    found: list[tuple[int, str, tuple[str, ...], str]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name, (), f"import {a.name}") for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = parts[: len(parts) - node.level + 1] if node.level else []
            name = ".".join([*base, *filter(None, [node.module])])
            written = "." * node.level + (node.module or "")
            names = tuple(a.name for a in node.names)
            found.append((node.lineno, name, names, f"from {written} import {', '.join(names)}"))
    return found


def _imported(root: Path, path: Path) -> list[tuple[int, str, str]]:
    """(line, the module imported from, the import as written) of every import in the module
    at `path` under `root`."""
    return [(line, name, written) for line, name, _, written in _imports(root, path)]


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


def _game_names(root: Path) -> list[str]:
    """The games: every package of `rules` but the core."""
    return sorted(
        p.name
        for p in (root / "rules").iterdir()
        if p.is_dir() and p.name != "core" and any(p.glob("*.py"))
    )


def _words(text: str) -> set[str]:
    """The lower-case words of an identifier or a token: `pagan_types`, `PaganView`,
    `rules.pagan.game:PAGAN` and `Pagan` all hold "pagan"."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return {w.lower() for w in re.split(r"[^A-Za-z0-9]+", spaced) if w}


def _named_games(root: Path) -> list[str]:
    """Every identifier or non-prose string in shipped code that names a game, outside that
    game's own package."""
    games = _game_names(root)
    found: list[tuple[str, int, str]] = []
    for package in SHIPPED:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(), str(path))
            docstrings = {
                id(node.body[0].value)
                for node in ast.walk(tree)
                if isinstance(
                    node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
                )
                and node.body
                and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant)
            }
            for node in ast.walk(tree):
                if isinstance(node, ast.Name):
                    texts = [node.id]
                elif isinstance(node, ast.Attribute):
                    texts = [node.attr]
                elif isinstance(node, ast.arg):
                    texts = [node.arg]
                elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    texts = [node.name]
                elif isinstance(node, ast.alias):
                    texts = [node.name, node.asname or ""]
                elif isinstance(node, ast.ImportFrom):
                    texts = [node.module or ""]
                elif isinstance(node, ast.keyword):
                    texts = [node.arg or ""]
                elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                    # Prose (it has spaces) is documentation: help texts, descriptions.
                    prose = id(node) in docstrings or re.search(r"\s", node.value)
                    texts = [] if prose else [node.value]
                else:
                    continue
                named = {g for text in texts for g in games if g in _words(text)}
                rel = path.relative_to(root)
                for game in sorted(named):
                    if rel.parts[:2] != ("rules", game):
                        names = ", ".join(t for t in texts if t)
                        found.append((str(rel), getattr(node, "lineno", 0), f"{game} ({names})"))
    return [f"{path}:{line}: {what}" for path, line, what in sorted(found)]


def test_no_game_is_named_outside_its_package() -> None:
    found = _named_games(ROOT)
    assert not found, "games named outside their packages:\n" + "\n".join(found)


def test_a_game_named_in_generic_code_is_caught(tmp_path: Path) -> None:
    for folder in ("rules/core", "rules/chess", "ai", "service"):
        (tmp_path / folder).mkdir(parents=True)
    for package in SHIPPED:
        (tmp_path / package).mkdir(exist_ok=True)
    (tmp_path / "rules" / "chess" / "game.py").write_text('name = "chess"\n')
    (tmp_path / "ai" / "levels.py").write_text(
        '"""Levels, tuned for chess."""\n\n# chess likes deeper searches\n'
        'TUNED = {"chess": 3}\nHELP = "A game, e.g. chess."\n'
    )
    (tmp_path / "service" / "schemas.py").write_text(
        "from rules.chess import view_types as chess_types\n\n\nclass ChessView:\n    pass\n"
    )
    assert _named_games(tmp_path) == [
        "ai/levels.py:4: chess (chess)",
        "service/schemas.py:1: chess (rules.chess)",
        "service/schemas.py:1: chess (view_types, chess_types)",
        "service/schemas.py:4: chess (ChessView)",
    ]


# Each package with a facade, and its public modules: vocabularies of their own, imported from
# themselves (their packages' docstrings say why). Its other modules are private.
FACADES: dict[str, frozenset[str]] = {
    "rules.core": frozenset({"describe", "machine", "shapes"}),
    "ai": frozenset({"arena", "parallel", "policies", "ratings"}),
}


def _past_facades(root: Path) -> list[str]:
    """Every import, from outside a package with a facade, of one of its private modules."""
    problems = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            where = ".".join(path.relative_to(root).with_suffix("").parts)
            for line, name, names, written in _imports(root, path):
                for facade, public in FACADES.items():
                    if where.startswith(facade + "."):
                        continue  # inside the package: its own modules are its to use
                    folder = root.joinpath(*facade.split("."))
                    if name.startswith(facade + "."):
                        reached = [name[len(facade) + 1 :].split(".")[0]]
                    elif name == facade:  # `from rules.core import registry`: a module too
                        reached = [n for n in names if (folder / f"{n}.py").exists()]
                    else:
                        continue
                    for module in reached:
                        if module not in public:
                            problems.append(
                                f"{path.relative_to(root)}:{line}: {written} "
                                f"({facade}.{module} is private: import from {facade})"
                            )
    return problems


def test_packages_with_a_facade_are_imported_through_it() -> None:
    problems = _past_facades(ROOT)
    assert not problems, "imports past a facade:\n" + "\n".join(problems)


def test_an_import_past_a_facade_is_caught(tmp_path: Path) -> None:
    for folder in ("rules/core", "ai", "service"):
        (tmp_path / folder).mkdir(parents=True)
    for module in ("__init__", "rng", "machine", "registry"):
        (tmp_path / "rules" / "core" / f"{module}.py").write_text("")
    (tmp_path / "rules" / "core" / "protocol.py").write_text("from rules.core.rng import Rng\n")
    (tmp_path / "ai" / "agent.py").write_text(
        "from rules.core import Rng, machine\nfrom rules.core.machine import push\n"
    )
    (tmp_path / "service" / "games.py").write_text(
        "import ai\nfrom rules.core import registry\n\n\ndef f():\n    import ai.levels\n"
    )
    assert _past_facades(tmp_path) == [
        "service/games.py:2: from rules.core import registry "
        "(rules.core.registry is private: import from rules.core)",
        "service/games.py:6: import ai.levels (ai.levels is private: import from ai)",
    ]


def _modules(root: Path) -> dict[str, Path]:
    """Every module of the project's packages by its dotted name (a package by its own)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _import_graph(root: Path) -> dict[str, dict[str, int]]:
    """For every module, the project's modules it imports and the line of the first such import.
    `from p import m` imports the module `p.m` when there is one, else `p` itself; `import a.b.c`
    imports the deepest of `a.b.c`, `a.b`, `a` that is a module. A package's `__init__` that
    the import system runs first is not counted: a module importing a sibling is no circle
    through their package."""
    modules = _modules(root)
    graph: dict[str, dict[str, int]] = {}
    for module, path in modules.items():
        edges: dict[str, int] = {}
        for line, name, names, _ in _imports(root, path):
            targets = [f"{name}.{n}" if f"{name}.{n}" in modules else name for n in names]
            if not names:
                while name and name not in modules:
                    name = name.rpartition(".")[0]
                targets = [name]
            for target in targets:
                if target in modules and target != module:
                    edges.setdefault(target, line)
        graph[module] = edges
    return graph


def _cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """One circle of imports (a, b, ..., a) for every group of modules that import each other
    (a strongly connected component, Tarjan's algorithm), each starting at its first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in graph[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = set()
            while not group or module not in group:
                group.add(stack.pop())
            if len(group) > 1:
                groups.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    circles = []
    for group in groups:
        start = min(group)
        paths = {start: [start]}  # breadth first: the shortest way back to `start`
        queue = [start]
        while queue and start not in paths[start][1:]:
            here = queue.pop(0)
            for target in sorted(graph[here]):
                if target == start:
                    paths[start] = [*paths[here], start]
                    break
                if target in group and target not in paths:
                    paths[target] = [*paths[here], target]
                    queue.append(target)
        circles.append(paths[start])
    return sorted(circles)


def _circle_text(graph: dict[str, dict[str, int]], circle: list[str]) -> str:
    steps = [f"{a} (line {graph[a][b]})" for a, b in itertools.pairwise(circle)]
    return " -> ".join([*steps, circle[-1]])


def test_no_module_imports_itself_through_others() -> None:
    graph = _import_graph(ROOT)
    circles = [_circle_text(graph, circle) for circle in _cycles(graph)]
    assert not circles, "modules that import each other:\n" + "\n".join(circles)


def test_a_circle_of_imports_is_caught_with_its_path(tmp_path: Path) -> None:
    (tmp_path / "service").mkdir()
    (tmp_path / "service" / "__init__.py").write_text("from service import api\n")
    (tmp_path / "service" / "api.py").write_text("from service import pages\n")
    (tmp_path / "service" / "pages.py").write_text(
        "import service.api\n\n\ndef page():\n    from service.docs import build\n"
    )
    (tmp_path / "service" / "docs.py").write_text("\n\ndef build():\n    from . import api\n")
    (tmp_path / "service" / "fine.py").write_text("from service.docs import build\n")
    graph = _import_graph(tmp_path)
    assert [_circle_text(graph, c) for c in _cycles(graph)] == [
        "service.api (line 1) -> service.pages (line 1) -> service.api",
    ]
    (tmp_path / "service" / "pages.py").write_text("def page():\n    from service.docs import b\n")
    graph = _import_graph(tmp_path)
    assert [_circle_text(graph, c) for c in _cycles(graph)] == [
        "service.api (line 1) -> service.pages (line 2) -> service.docs (line 4) -> service.api"
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
