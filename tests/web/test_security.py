"""A page on another site cannot drive the API through a browser, and the service's own pages
load under their Content-Security-Policy with no console error, in headless Chromium.

The hostile page is served from another origin (`localhost` on a port of its own, the API being
`127.0.0.1`): for every mutation of the schema it tries what a page may make a browser send
without asking the API first (an `<img>` GET, `<form>` POSTs in the three encodings a form has,
`fetch` in no-cors mode, `sendBeacon`) and a CORS `fetch` with JSON and the seat's token (which
needs a preflight the API refuses). Then the API's state is compared with what it was."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
import redis
from playwright.sync_api import Page, expect

from tests.support.mutations import mutation_names, mutations
from tests.support.namespace import REDIS_URL
from tests.support.processes import free_port
from tests.web.conftest import Pages

pytestmark = pytest.mark.slow


# Runs in the hostile page: every way to send each document, then `window.done`.
ATTACK = """
async ({target, documents, token}) => {
  const url = target + "/graphql";
  const frame = () => {
    const f = document.createElement("iframe");
    f.name = "f" + Math.random().toString(36).slice(2);
    document.body.append(f);
    return f;
  };
  const submit = (enctype, fields) => new Promise((resolve) => {
    const f = frame();
    const form = document.createElement("form");
    form.method = "POST"; form.action = url; form.enctype = enctype; form.target = f.name;
    for (const [name, value] of fields) {
      const input = document.createElement("input");
      input.type = "hidden"; input.name = name; input.value = value;
      form.append(input);
    }
    document.body.append(form);
    f.addEventListener("load", resolve);
    setTimeout(resolve, 3000);
    form.submit();
  });
  const image = (src) => new Promise((resolve) => {
    const img = new Image();
    img.onload = img.onerror = resolve;
    img.src = src;
  });
  const quietly = (promise) => promise.catch(() => null);
  const sent = [];
  for (const query of documents) {
    const body = JSON.stringify({query});
    sent.push(image(url + "?query=" + encodeURIComponent(query)));
    // The JSON text split across a text/plain form's name=value (the classic JSON CSRF).
    const half = body.slice(0, -2);
    sent.push(submit("text/plain", [[half, '"}']]));
    sent.push(submit("application/x-www-form-urlencoded", [["query", query]]));
    sent.push(submit("multipart/form-data", [["query", query], ["operations", body]]));
    for (const type of ["text/plain", "application/x-www-form-urlencoded",
                        "text/plain;application/json", "application/json"]) {
      sent.push(quietly(fetch(url, {method: "POST", mode: "no-cors", body,
                                    headers: {"Content-Type": type}})));
    }
    sent.push(quietly(fetch(url + "?query=" + encodeURIComponent(query), {mode: "no-cors"})));
    sent.push(quietly(fetch(url, {method: "POST", mode: "cors", body, headers: {
      "Content-Type": "application/json", Authorization: "Bearer " + token}})));
    try { navigator.sendBeacon(url, new Blob([body], {type: "text/plain"})); } catch (e) {}
    try { navigator.sendBeacon(url, new Blob([body], {type: "application/json"})); } catch (e) {}
  }
  await Promise.all(sent);
  return sent.length;
}
"""


class _Hostile(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = b"<!doctype html><title>elsewhere</title><body><p>a page on another site</p>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def hostile_origin() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), _Hostile)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://localhost:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _state(prefix: str, game_id: str, web: str, token: str) -> tuple[Any, ...]:
    client = redis.Redis.from_url(REDIS_URL)
    # Every key a mutation could write: a game (a new one, or this one's record, log, undo
    # window, idempotency keys), a webhook, a hint. The rest of the prefix is other tests' games
    # still playing on the session's worker (their AI's thoughts, task results, sweeps) and
    # counters that expire, which a run on a loaded machine saw change mid-test.
    writable = tuple(f"{prefix}{kind}".encode() for kind in ("g:", "wh:", "hint:"))
    keys = sorted(
        k
        for k in client.scan_iter(match=prefix + "*")
        if k.startswith(writable) or game_id.encode() in k
    )
    client.close()
    read = httpx.get(
        f"{web}/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"}
    ).json()
    return keys, read["version"], read["status"], [s["open"] for s in read["seats"]]


def test_a_page_on_another_site_changes_nothing_through_any_mutation(
    web: str, namespace: dict[str, str], pages: Pages, hostile_origin: str
) -> None:
    created = httpx.post(
        f"{web}/api/v1/games",
        json={
            "game": "pagan",
            "seats": [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "open"}],
        },
    ).json()
    game_id, token = created["id"], created["tokens"]["witch"]
    witch = httpx.get(
        f"{web}/api/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"}
    ).json()
    documents = mutations(game_id, witch["legal_moves"][0]["id"])
    assert set(documents) == mutation_names(), "every mutation is tried"
    before = _state(namespace["COVEN_KEY_PREFIX"], game_id, web, token)
    page = pages.browser.new_page()
    try:
        page.goto(hostile_origin + "/")
        tried = page.evaluate(
            ATTACK, {"target": web, "documents": list(documents.values()), "token": token}
        )
        page.wait_for_timeout(500)  # beacons are sent after the page's own requests
    finally:
        page.close()
    assert tried == len(documents) * 10
    assert _state(namespace["COVEN_KEY_PREFIX"], game_id, web, token) == before
    # Cleanup: the open-games cap of 127.0.0.1.
    httpx.post(f"{web}/api/v1/games/{game_id}/resign", headers={"Authorization": f"Bearer {token}"})


@pytest.mark.parametrize(
    ("path", "ready"),
    [
        ("/", ".game-card"),
        ("/graphql", ".graphiql-container"),
        ("/docs", ".swagger-ui .info"),
    ],
)
def test_the_pages_load_under_their_content_security_policy(
    pages: Pages, path: str, ready: str
) -> None:
    page: Page = pages.open(path)
    expect(page.locator(ready).first).to_be_visible()
    page.wait_for_timeout(500)  # late console errors (a style, a font) are failures too
    answer = httpx.get(pages.base + path, headers={"Accept": "text/html"})
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    assert "'unsafe-eval'" not in answer.headers["content-security-policy"]
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["x-content-type-options"] == "nosniff"
    # The `pages` fixture fails the test on any console error, a CSP refusal included.


def test_a_board_with_styled_pieces_draws_under_the_policy(pages: Pages, page: Page) -> None:
    """Pantacle's discs are coloured by a style the DOM helper sets through the CSSOM."""
    page.click(".game-card[data-game=pantacle]")
    page.click("button.start")
    # The board re-renders as the AI plays: the assertions retry on the current elements.
    expect(page.locator(".disc").first).to_have_css("background-color", re.compile(r"^rgb\("))
    expect(page.locator(".point-top")).to_have_css("left", re.compile(r"^[1-9][0-9.]*px$"))
