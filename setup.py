"""Build hook: compile the rules core and the AI (`rules/`, `ai/`) with mypyc when a C compiler is
present, inside the normal `pip install` (editable or not). Everything else is in pyproject.toml.

Every module under the compiled packages is compiled except those in `INTERPRETED`, so a new or
moved module is compiled without touching this file. `COVEN_PURE_PYTHON=1` at install time, or no
C compiler, builds pure Python, which behaves identically (docs/compiled-core.md).
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
COMPILED_PACKAGES = ("rules", "ai")
# Left interpreted, and why (docs/compiled-core.md keeps the same list).
INTERPRETED = {
    "rules/core/protocol.py": "the runtime_checkable Game Protocol must stay a Python class",
    "rules/pagan/view_types.py": "declarations read at run time (TypedDicts)",
    "rules/pantacle/view_types.py": "declarations read at run time (TypedDicts)",
}


def compiled_sources() -> list[str]:
    """The sources mypyc compiles, relative to the project root (scripts/ensure-venv.sh hashes
    the same files, so that changing one rebuilds its stale extension)."""
    return sorted(
        path.relative_to(ROOT).as_posix()
        for package in COMPILED_PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if path.relative_to(ROOT).as_posix() not in INTERPRETED
    )


def compile_wanted() -> tuple[bool, str]:
    if os.environ.get("COVEN_PURE_PYTHON", "") not in ("", "0"):
        return False, "COVEN_PURE_PYTHON is set"
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    if shutil.which(cc.split()[0]) is None:
        return False, f"no C compiler ({cc.split()[0]}) found"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return False, "no Python headers (Python.h) found"
    return True, ""


class MypycBuildExt(build_ext):
    """Runs mypyc only when extensions are really built: `setup.py` is also run for metadata
    (egg_info, dist_info), where generating C would be wasted time. The one Extension given to
    `setup` is a placeholder that marks the distribution as having extensions."""

    _generated: list[Extension] | None = None

    def finalize_options(self) -> None:
        if self.distribution.ext_modules == [PLACEHOLDER]:
            self.distribution.ext_modules = mypyc_extensions()
        super().finalize_options()

    def build_extensions(self) -> None:
        # mypyc writes one C file per module (multi_file); compile them on every core at once,
        # which distutils does not (it parallelises across extensions, and this is one).
        compile_one = self.compiler.compile

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                done = pool.map(lambda source: compile_one([source], *args, **kwargs), sources)
                return [obj for objects in done for obj in objects]

        self.compiler.compile = compile_all  # type: ignore[method-assign]
        super().build_extensions()


def mypyc_extensions() -> list[Extension]:
    if MypycBuildExt._generated is None:
        from mypyc.build import mypycify

        sources = compiled_sources()
        print(f"coven: compiling {len(sources)} modules with mypyc", file=sys.stderr)
        MypycBuildExt._generated = mypycify(
            sources,
            opt_level="3",
            multi_file=True,
            target_dir=str(ROOT / "build" / "mypyc"),
        )
    return MypycBuildExt._generated


PLACEHOLDER = Extension("rules._mypyc_placeholder", sources=[])
wanted, why_not = compile_wanted()
if not wanted:
    print(f"coven: pure Python build ({why_not})", file=sys.stderr)
setup(
    ext_modules=[PLACEHOLDER] if wanted else [],
    cmdclass={"build_ext": MypycBuildExt},
)
