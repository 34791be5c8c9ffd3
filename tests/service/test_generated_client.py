"""A client generated from the GraphQL schema by a standard code generator (ariadne-codegen,
Python: clients/python/coven_client/ from openapi/schema.graphql and queries.graphql) type-checks
with mypy --strict against a sample game, its operations are valid against the schema the code
serves, and the sample game runs against a real server."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from graphql import build_schema, parse, validate

from service.contracts import sdl

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "python"


def test_the_generated_client_and_its_sample_game_type_check_with_mypy_strict(
    tmp_path: Path,
) -> None:
    checked = subprocess.run(
        [
            *(sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path)),
            *("--config-file", "/dev/null", "sample_game.py", "coven_client"),
        ],
        cwd=CLIENT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_clients_operations_are_valid_against_the_served_schema() -> None:
    errors = validate(build_schema(sdl()), parse((CLIENT / "queries.graphql").read_text()))
    assert errors == []


def test_the_sample_game_runs_with_the_generated_client_against_a_real_server(api: str) -> None:
    ran = subprocess.run(
        [sys.executable, "sample_game.py", api],
        cwd=CLIENT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr
    assert "Influence of cards in hand" in ran.stdout
    assert "3 players" in ran.stdout and "seat-2:" in ran.stdout
