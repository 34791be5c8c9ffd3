"""The web client's shell in a real browser: served at /, the lobby, a game started from it."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from tests.web.conftest import Pages


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
