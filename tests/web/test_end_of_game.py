"""The end of a game in the web client: a result panel that can be closed and opened again, the
reason as a sentence (and for Pagan, who the Witch was), a resignation shown as the outcome on
the board itself, a finished game that opens no live connection and never says
"Reconnecting…", and a connection indicator that follows the network (no "Live" while offline,
no stale error once it is back)."""

from __future__ import annotations

import time

import httpx
import pytest
from playwright.sync_api import Page, WebSocket, expect

from tests.web.conftest import Pages
from tests.web.test_pagan_board import BOARD, MY_TURN, start_pagan_game
from tests.web.test_pantacle import start_pantacle

pytestmark = pytest.mark.slow

CREATE = """mutation ($input: CreateGameInput!) { createGame(input: $input) { id } }"""
STATUS = """query ($id: ID!) { game(gameId: $id, eventsLimit: 0) { status outcome } }"""


def resign(page: Page) -> None:
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(".tools .resign")
    expect(page.locator(".game-over")).to_be_visible()


def test_a_resignation_is_the_outcome_on_the_board_and_in_a_closable_panel(
    pages: Pages, page: Page
) -> None:
    game_id = start_pagan_game(page)  # this browser is the Witch
    page.wait_for_selector(MY_TURN)
    witch = page.locator(f"{BOARD} [data-testid=pagan-true-witch]").inner_text()
    resign(page)
    outcome = page.locator("[data-testid=outcome]")
    expect(outcome).to_contain_text("You resigned")
    expect(outcome).to_contain_text("The Hunter won")
    # A spectator, who never saw her, is told who the Witch was: the game is over.
    watcher = pages.open(f"/#/spectate/{game_id}")
    name = witch.split("you are ", 1)[1].split(".", 1)[0]
    expect(watcher.locator("[data-testid=outcome]")).to_contain_text(f"The Witch was {name}.")
    # The board itself says it is over: no decision waited for, the outcome instead.
    expect(page.locator(f"{BOARD} [data-testid=pagan-prompt]")).to_have_count(0)
    expect(page.locator(f"{BOARD} .pg-outcome")).to_contain_text("The Hunter won")
    expect(page.locator(".game-header")).not_to_contain_text("Waiting for")
    # Closed, it uncovers the table; the header opens it again.
    page.click(".game-over button.close-result")
    expect(page.locator(".game-over")).to_be_hidden()
    page.click(".game-header button.show-result")
    expect(page.locator(".game-over")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(".game-over")).to_be_hidden()


def test_a_finished_game_opens_no_live_connection_and_never_reconnects(
    pages: Pages, page: Page
) -> None:
    start_pantacle(page, 2)
    expect(page.locator(".conn")).to_have_text("Live")
    resign(page)
    sockets: list[WebSocket] = []
    page.on("websocket", lambda ws: sockets.append(ws))
    page.wait_for_timeout(4_000)  # graphql-ws would have retried by now
    expect(page.locator(".conn")).not_to_have_text("Reconnecting…")
    assert sockets == []
    page.reload()
    expect(page.locator(".game-over")).to_be_visible()
    page.wait_for_timeout(3_000)
    assert sockets == [], "a finished game opened a live connection"
    expect(page.locator(".conn")).not_to_have_text("Reconnecting…")
    expect(page.locator(".conn")).not_to_have_text("Live")


def test_the_header_follows_the_network_and_clears_a_stale_error(pages: Pages, page: Page) -> None:
    start_pantacle(page, 2)
    expect(page.locator(".conn")).to_have_text("Live")
    page.wait_for_selector(".pill.mine", timeout=30_000)
    page.context.set_offline(True)
    expect(page.locator(".conn")).to_have_text("Offline")
    page.locator(".board [data-move-id]:not([disabled])").first.click()
    alert = page.locator(".game-screen > .error")
    expect(alert).to_contain_text("cannot be reached")
    page.context.set_offline(False)
    expect(page.locator(".conn")).to_have_text("Live", timeout=20_000)
    expect(alert).to_be_hidden()


def test_the_reason_of_a_game_the_rules_ended_is_a_sentence(pages: Pages, web: str) -> None:
    seats = [{"seat": f"seat-{i}", "kind": "ai", "level": "novice"} for i in range(3)]
    game = {"game": "pantacle", "options": {"players": 3}, "seats": seats}
    answer = httpx.post(web + "/graphql", json={"query": CREATE, "variables": {"input": game}})
    game_id = answer.json()["data"]["createGame"]["id"]
    deadline = time.monotonic() + 240
    status: dict[str, object] = {}
    while time.monotonic() < deadline:
        body = {"query": STATUS, "variables": {"id": game_id}}
        status = httpx.post(web + "/graphql", json=body).json()["data"]["game"]
        if status["status"] != "active":
            break
        time.sleep(1)
    assert status.get("status") == "finished", status
    watcher = pages.open(f"/#/spectate/{game_id}")
    outcome = watcher.locator("[data-testid=outcome]")
    expect(outcome).to_contain_text("won")
    expect(outcome).to_contain_text("Five Flames on the PANTACLE and a last Favor")
    expect(outcome).not_to_contain_text("Reason:")
