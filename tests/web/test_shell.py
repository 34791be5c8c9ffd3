"""The web client's shell in a real browser: served at /, the lobby, a game started from it."""

from __future__ import annotations

import json
import re
import time

import httpx
import pytest
from playwright.sync_api import Page, expect
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from tests.web.conftest import Pages

# Each test drives a real browser against real processes: seconds each.
pytestmark = pytest.mark.slow


def test_the_page_is_served_at_the_root_and_its_assets_under_app(web: str) -> None:
    page = httpx.get(web + "/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/app/js/main.js">' in page.text
    script = httpx.get(web + "/app/js/main.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    # The API's own paths are not shadowed.
    assert httpx.get(web + "/healthz").json() == {"status": "ok"}
    assert httpx.get(web + "/app/nothing-here.js").status_code == 404


def test_the_lobby_offers_both_games_and_starts_a_pantacle_game_against_the_ai(
    pages: Pages, page: Page
) -> None:
    expect(page.locator(".game-card")).to_have_count(2)
    page.click(".game-card[data-game=pantacle]")
    page.click("button.start")
    expect(page.locator(".game-header h1")).to_have_text("Pantacle")
    expect(page.locator(".seat")).to_have_count(3)


def test_the_language_choice_is_kept_and_sent_as_accept_language(page: Page) -> None:
    page.select_option("#lang", "es")
    expect(page.locator(".app-header nav a")).to_have_text("Vestíbulo")
    with page.expect_request(lambda r: r.url.endswith("/graphql")) as sent:
        page.reload()
    assert sent.value.headers.get("accept-language") == "es"
    expect(page.locator("#lang")).to_have_value("es")
    expect(page.locator(".new-game h2")).to_have_text("Partida nueva")


def test_an_unknown_game_is_reported_in_words(page: Page) -> None:
    page.goto("/#/game/no-such-game")
    expect(page.locator(".game-screen .error")).to_have_text(
        "There is no such game (a finished game is kept for a while, then removed)."
    )


def test_an_open_game_is_listed_in_the_lobby_and_joined_from_there(
    pages: Pages, page: Page
) -> None:
    page.click(".game-card[data-game=pantacle]")
    page.select_option("#f-players", "2")
    page.select_option("#f-kind-seat-1", "open")
    page.click("button.start")
    expect(page.locator("#invite-link")).to_be_visible()
    game_id = page.url.rsplit("/", 1)[-1]

    other = pages.open("/")
    entry = other.locator(f".open-games li[data-game-id='{game_id}']")
    expect(entry).to_contain_text("Seat 2: open seat")
    entry.locator("button.join").click()
    expect(other.locator(".game-header .as")).to_have_text("You: Seat 2")
    expect(page.locator("#invite-link")).to_be_hidden()


def test_this_browsers_games_are_resumed_from_the_lobby(page: Page) -> None:
    page.click(".game-card[data-game=pantacle]")
    page.click("button.start")
    expect(page.locator(".game-header h1")).to_have_text("Pantacle")
    game_id = page.url.rsplit("/", 1)[-1]
    page.click(".app-header nav a")
    mine = page.locator(f".my-games li[data-game-id='{game_id}']")
    expect(mine).to_contain_text("Seat 1")
    mine.locator(".resume").click()
    expect(page.locator(".game-header .as")).to_have_text("You: Seat 1")


def test_a_pagan_game_starts_with_the_options_chosen_in_the_lobby(page: Page) -> None:
    page.click(".game-card[data-game=pagan]")
    page.select_option("#f-expansion", "palisades")
    page.select_option("#f-scenario", "10")
    page.select_option("#f-kind-witch", "ai")  # the Witch an AI, this player the Hunter
    page.select_option("#f-kind-hunter", "human")
    page.select_option("#f-level-witch", "easy")
    page.click("button.start")
    expect(page.locator(".game-header .as")).to_have_text("You: The Hunter")
    expect(page.locator(".seat[data-seat=witch]")).to_contain_text("AI · easy")
    game_id = page.url.rsplit("/", 1)[-1]
    options = page.evaluate(
        """async (id) => {
            const seats = JSON.parse(localStorage.getItem('coven.seats'));
            const answer = await fetch('/graphql', {method: 'POST', headers: {
                'Content-Type': 'application/json', Authorization: 'Bearer ' + seats[id].token},
                body: JSON.stringify({query: 'query ($id: ID!) { game(gameId: $id) { options } }',
                                      variables: {id}})});
            return (await answer.json()).data.game.options;
        }""",
        game_id,
    )
    assert options["expansion"] == "palisades" and options["scenario"] == "10"


def test_a_hint_is_shown_on_demand_beside_the_moves_it_names(page: Page) -> None:
    page.click(".game-card[data-game=pantacle]")
    page.click("button.start")
    page.wait_for_selector(".pill.mine", timeout=30_000)
    page.click(".tools .hint-button")
    hint = page.locator("[data-testid=hint] li")
    expect(hint.first).to_be_visible(timeout=30_000)
    expect(page.locator(".move-list .move.hinted").first).to_be_visible()
    # The moves marked are the ones listed, each with its numbers in words.
    listed = hint.count()
    expect(page.locator(".move-list .move.hinted")).to_have_count(listed)
    for text in hint.all_inner_texts():
        assert re.search(r"won \d+% of the \d+ games? the AI played", text), text


def test_the_lobby_lists_each_scenario_once(page: Page) -> None:
    page.click(".game-card[data-game=pagan]")
    options = page.eval_on_selector_all(
        "#f-scenario option", "os => os.map(o => (o.value + ' ' + o.textContent).toLowerCase())"
    )
    assert sum("standard" in o for o in options) == 1, options
    assert len(options) == len(set(options))
    expect(page.locator("#f-scenario")).to_have_value("standard")


def test_swagger_lists_the_server_it_was_read_from(pages: Pages, web: str) -> None:
    page = pages.open("/docs")
    servers = page.locator(".servers select option")
    expect(servers).to_have_count(1)
    expect(servers.first).to_have_attribute("value", web)
    expect(servers.first).to_contain_text(web)


def test_live_messages_come_as_text_frames_as_graphql_ws_in_a_browser_needs(web: str) -> None:
    # A browser's graphql-ws client closes the connection on a binary frame ("invalid message").
    url = web.replace("http", "ws", 1) + "/graphql"
    with connect(url, subprotocols=[Subprotocol("graphql-transport-ws")]) as ws:
        ws.send(json.dumps({"type": "connection_init", "payload": {}}))
        ack = ws.recv(timeout=10)
        assert isinstance(ack, str) and json.loads(ack) == {"type": "connection_ack"}
        query = 'subscription { game(gameId: "no-such-game") { version } }'
        ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": {"query": query}}))
        # The server's keep-alive pings (every second in the tests) may come first: every frame
        # must be text, and the subscription's answer is the first frame that is not a ping,
        # within ten seconds however many pings come before it.
        deadline = time.monotonic() + 10
        while True:
            answer = ws.recv(timeout=max(deadline - time.monotonic(), 0))
            assert isinstance(answer, str)
            if json.loads(answer)["type"] != "ping":
                break
            ws.send(json.dumps({"type": "pong"}))
        assert json.loads(answer)["id"] == "1"
