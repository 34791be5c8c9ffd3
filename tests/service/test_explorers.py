"""The explorers work offline: GraphiQL at GET /graphql (for a browser), Swagger UI at /docs,
both loading only assets this server serves from the package; /openapi.json is the generated
document. Checked against a running API process."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import httpx
import orjson
import pytest

from service import contracts


class References(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "script" and found.get("src"):
            self.refs.append(str(found["src"]))
        if tag == "link" and found.get("href"):
            self.refs.append(str(found["href"]))


def _page_references(html: str) -> list[str]:
    parser = References()
    parser.feed(html)
    return parser.refs


@pytest.mark.parametrize(
    ("path", "headers", "marker"),
    [
        ("/graphql", {"Accept": "text/html,application/xhtml+xml"}, "graphiql"),
        ("/docs", {}, "swagger-ui"),
    ],
)
def test_an_explorer_page_loads_only_local_assets_that_the_server_serves(
    api: str, path: str, headers: dict[str, str], marker: str
) -> None:
    page = httpx.get(api + path, headers=headers)
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    refs = _page_references(page.text)
    assert any(marker in r for r in refs)
    assert len(refs) >= 2
    assert not re.search(r"https?://", page.text), "the page names a remote URL"
    for ref in refs:
        if ref == "data:,":  # the empty icon, so the browser asks for no /favicon.ico
            continue
        assert ref.startswith("/static/"), ref
        asset = httpx.get(api + ref)
        assert asset.status_code == 200, ref
        assert len(asset.content) > 0


def test_a_graphql_post_still_answers_queries_beside_the_explorer(api: str) -> None:
    r = httpx.post(api + "/graphql", json={"query": "{ catalog { aiLevels } }"})
    assert r.status_code == 200 and r.json()["data"]["catalog"]["aiLevels"]


def test_the_served_openapi_document_is_the_generated_one(api: str) -> None:
    r = httpx.get(api + "/openapi.json")
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    assert r.content == contracts.OPENAPI.read_bytes()
    assert orjson.loads(r.content)["openapi"].startswith("3.")


def test_the_vendored_assets_ship_in_the_package_with_their_licences() -> None:
    static = Path(contracts.ROOT / "service" / "static")
    for name in (
        "graphiql/graphiql.min.js",
        "graphiql/react.production.min.js",
        "graphiql/react-dom.production.min.js",
        "graphiql/LICENSE.graphiql",
        "swagger-ui/swagger-ui-bundle.js",
        "swagger-ui/LICENSE",
    ):
        assert (static / name).is_file(), name
    pyproject = (contracts.ROOT / "pyproject.toml").read_text()
    assert '"service" = ["static/' in pyproject
