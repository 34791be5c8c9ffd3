"""Every GraphQL document the web client sends is valid against openapi/schema.graphql (the
contract the API is held to), so a schema change breaks this test rather than a player's game.
The documents are the client's `gql`-tagged literals and the boards' FRAGMENTs."""

from __future__ import annotations

import re
from pathlib import Path

from graphql import build_schema, parse, validate

from tests.support.processes import ROOT

JS = ROOT / "service" / "web" / "js"
SCHEMA = ROOT / "openapi" / "schema.graphql"
# gql`...` and `export const FRAGMENT = \`...\`` (a board may leave the tag out)
DOCUMENT = re.compile(r"(?:\bgql|\bFRAGMENT\s*=\s*(?:gql)?)`([^`]*)`")
COMMENT_LINE = re.compile(r"^\s*(//|/?\*).*$", re.MULTILINE)


def source(path: Path) -> str:
    """A module's text without its comment lines (board-context.js shows a FRAGMENT there)."""
    return COMMENT_LINE.sub("", path.read_text())


def documents() -> dict[Path, list[str]]:
    found: dict[Path, list[str]] = {}
    for path in sorted(JS.rglob("*.js")):
        literals = DOCUMENT.findall(source(path))
        if literals:
            found[path] = literals
    return found


def test_the_client_has_its_operations_and_each_board_a_fragment() -> None:
    found = documents()
    names = {p.relative_to(JS).as_posix() for p in found}
    assert {"operations.js", "boards/pagan.js", "boards/pantacle.js"} <= names
    text = "\n".join(doc for docs in found.values() for doc in docs)
    for operation in ("query Game", "subscription LiveGame", "mutation Move", "mutation Moves"):
        assert operation in text


def test_every_operation_of_the_client_is_valid_against_the_schema() -> None:
    schema = build_schema(SCHEMA.read_text())
    # One document of all of them: every fragment is spread somewhere, every name unique.
    text = "\n".join(doc for docs in documents().values() for doc in docs)
    errors = validate(schema, parse(text))
    assert errors == [], "\n".join(str(e) for e in errors)


def test_no_document_interpolates_values() -> None:
    # gql documents are literals (api.js refuses interpolation): what is validated is what is sent.
    for path in JS.rglob("*.js"):
        assert not re.search(r"gql`[^`]*\$\{", source(path)), path
