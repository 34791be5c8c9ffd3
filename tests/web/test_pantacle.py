"""Pantacle in the browser, end to end: real Chromium, the real API and a real AI worker."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from tests.web.conftest import PHONE, Pages
from tests.web.play import click_a_batch, click_a_move, version, wait_for_turn

# Each test drives a real browser against real processes: seconds each.
pytestmark = pytest.mark.slow


def start_pantacle(page: Page, players: int, kinds: dict[str, str] | None = None) -> str:
    """Start a Pantacle game from the lobby (seat-0 is this player, the others novice AIs unless
    `kinds` says otherwise); the game's id."""
    page.click(".game-card[data-game=pantacle]")
    page.select_option("#f-players", str(players))
    for seat, kind in (kinds or {}).items():
        page.select_option(f"#f-kind-{seat}", kind)
    page.click("button.start")
    expect(page.locator(".game-header h1")).to_have_text("Pantacle")
    return page.url.rsplit("/", 1)[-1]


def test_a_three_player_game_against_two_ai_seats_is_played_to_the_end_by_clicking(
    pages: Pages, page: Page, screenshot: Callable[[Page, str], Path]
) -> None:
    start_pantacle(page, 3)
    expect(page.locator(".sanctuary")).to_have_count(3)
    expect(page.locator(".point")).to_have_count(5)
    rng = random.Random(20)
    clicks = {"board": 0, "list": 0}
    shot = False
    batches = 0
    while wait_for_turn(page):
        if click_a_batch(page):  # a bribe and its payment in one `moves` mutation
            batches += 1
            continue
        clicks[click_a_move(page, rng)] += 1
        if not shot and sum(clicks.values()) >= 12 and wait_for_turn(page):
            screenshot(page, "pantacle-desktop")
            page.set_viewport_size(PHONE)
            screenshot(page, "pantacle-phone")
            page.set_viewport_size({"width": 1280, "height": 800})
            shot = True
        assert sum(clicks.values()) < 400, "the game did not end"
    outcome = page.locator("[data-testid=outcome]")
    # Pantacle ends by a last Favor, received or bribed away: the rules' sentence says which.
    expect(outcome).to_contain_text(
        re.compile(r"won: Five Flames on the PANTACLE and a last Favor (received|bribed away)\.")
    )
    expect(page.locator(".game-over button.rematch")).to_be_visible()
    # Every decision of ours was clickable on the board itself, the list a fallback only.
    assert clicks["list"] == 0 and clicks["board"] > 10, clicks
    # The public log holds the AI seats' moves, in words.
    log = page.locator(".log-list li")
    assert log.count() > 20
    expect(page.locator(".log-list")).to_contain_text("Seat 2")
    assert shot
    print(f"clicks {clicks}, batches {batches}")


def test_a_reload_mid_game_resynchronises_the_board(pages: Pages, page: Page) -> None:
    game_id = start_pantacle(page, 3)
    rng = random.Random(5)
    for _ in range(4):
        assert wait_for_turn(page)
        click_a_move(page, rng)
    assert wait_for_turn(page)
    seen = version(page)
    hand = page.locator(".sanctuary.mine .blade").count()
    page.reload()
    assert page.url.endswith(f"#/game/{game_id}")
    assert wait_for_turn(page)
    assert version(page) == seen  # the same decision, nothing lost or replayed
    expect(page.locator(".sanctuary.mine .blade")).to_have_count(hand)
    expect(page.locator(".conn")).to_have_text("Live")
    click_a_move(page, rng)  # and play goes on, live
    assert version(page) > seen


def test_an_invite_link_opened_in_a_second_browser_joins_and_moves(
    pages: Pages, page: Page
) -> None:
    game_id = start_pantacle(page, 2, {"seat-1": "open"})
    invite = page.locator("#invite-link")
    expect(invite).to_be_visible()
    link = invite.input_value()
    assert link.endswith(f"#/join/{game_id}")
    friend = pages.open(link)  # another browser context: another player
    expect(friend.locator(".game-header .as")).to_have_text("You: Seat 2")
    assert friend.url.endswith(f"#/game/{game_id}")
    expect(page.locator("#invite-link")).to_be_hidden()  # the seat is taken

    rng = random.Random(7)
    friend_moves = 0
    for _ in range(40):
        mine = page.locator(".pill.mine").count() > 0
        theirs = friend.locator(".pill.mine").count() > 0
        if theirs:
            click_a_move(friend, rng)
            friend_moves += 1
            if friend_moves >= 2:
                break
        elif mine:
            click_a_move(page, rng)
        else:
            page.wait_for_timeout(200)
    assert friend_moves >= 2
    # The first player saw the friend's moves live.
    expect(page.locator("[data-testid=version]")).to_have_text(f"v{version(friend)}")
    expect(page.locator(".log-list")).to_contain_text("Seat 2")


def test_a_spectator_link_shows_the_board_but_no_hand(pages: Pages, page: Page) -> None:
    game_id = start_pantacle(page, 3)
    watcher = pages.open(f"/#/spectate/{game_id}")
    expect(watcher.locator(".game-header .as")).to_have_text("Spectator")
    expect(watcher.locator(".sanctuary")).to_have_count(3)
    expect(watcher.locator(".sanctuary.mine")).to_have_count(0)
    assert watcher.locator(".hand:not(.backs) .blade").count() == 0  # every hand face down
    assert watcher.locator("[data-move-id]").count() == 0
    expect(watcher.locator(".tools .resign")).to_have_count(0)


def test_resigning_shows_the_game_over_with_its_reason_and_offers_a_rematch(
    pages: Pages, page: Page
) -> None:
    first = start_pantacle(page, 2)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(".tools .resign")
    outcome = page.locator("[data-testid=outcome]")
    expect(outcome).to_have_text("You resigned. Seat 2 won.")
    page.click(".game-over .rematch")
    expect(page).not_to_have_url(f"/#/game/{first}")
    expect(page.locator(".game-header h1")).to_have_text("Pantacle")
    expect(page.locator(".seat")).to_have_count(2)


def test_a_dropped_live_connection_reconnects_and_resynchronises(pages: Pages, page: Page) -> None:
    sockets: list[WebSocketRoute] = []

    def through(ws: WebSocketRoute) -> None:  # every socket to the real server, kept to cut
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket(re.compile(r"/graphql$"), through)
    start_pantacle(page, 3)
    expect(page.locator(".conn")).to_have_text("Live")
    rng = random.Random(11)
    assert wait_for_turn(page)
    click_a_move(page, rng)
    # 4499 (graphql-ws: "Terminated"), as when a network drops the socket: retried.
    sockets[-1].close(code=4499, reason="cut by the test")
    expect(page.locator(".conn")).to_have_text("Live", timeout=15_000)
    assert len(sockets) >= 2  # a new connection, and with it the whole game again
    assert wait_for_turn(page)
    click_a_move(page, rng)  # play goes on over the new connection
