"""The README's API walk-through works as written: every bash block runs, in order, against a live
API with a real AI worker (curl and jq for REST and GraphQL, Python's `websockets` for the
subscription), and every `# ` line under a command is what that command printed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.processes import ROOT

BASE_LINE = "BASE=http://127.0.0.1:8000"


def walkthrough() -> list[str]:
    """The bash blocks of the README's API walk-through, in order."""
    text = (ROOT / "README.md").read_text()
    section = text.split("### API walk-through", 1)[1].split("\n### ", 1)[0]
    return re.findall(r"```bash\n(.*?)```", section, flags=re.S)


def expected_lines(block: str) -> list[str]:
    """The lines the README shows a command printing: whole lines that start with `# `."""
    return [line[2:] for line in block.splitlines() if line.startswith("# ")]


def test_the_walkthrough_shows_rest_and_graphql_and_what_they_print() -> None:
    blocks = walkthrough()
    script = "\n".join(blocks)
    assert BASE_LINE in blocks[0]
    assert "/api/v1/games" in script and "/graphql" in script and "subscription" in script
    assert len([line for b in blocks for line in expected_lines(b)]) >= 6


@pytest.mark.slow
def test_the_readme_walkthrough_runs_and_prints_what_it_shows(
    api: str, worker: Any, tmp_path: Path
) -> None:
    blocks = walkthrough()
    script = "set -euo pipefail\n" + "\n".join(blocks)
    script = script.replace(BASE_LINE, f"BASE={api}").replace(".venv/bin/python", sys.executable)
    result = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=90
    )
    assert result.returncode == 0, result.stdout + result.stderr
    printed = result.stdout.splitlines()
    assert '"your_decision": true' in result.stdout  # the Witch's first decision, as the Witch
    position = 0
    for expected in (line for block in blocks for line in expected_lines(block)):
        assert expected in printed[position:], f"{expected!r} not printed:\n{result.stdout}"
        position = printed.index(expected, position) + 1
