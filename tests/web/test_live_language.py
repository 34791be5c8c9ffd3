"""The web client in Español stays Spanish after the AI's turn: its live channel asks for the
page's language, so the prompt, the move buttons and the log lines that the AI's moves bring
are Spanish (no word of an English template of the catalog left), like the first read."""

from __future__ import annotations

import random

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.service.test_spanish import assert_spanish
from tests.web.conftest import Pages
from tests.web.test_pagan_board import start_pagan_game

pytestmark = pytest.mark.slow

EVENTS = "query ($id: ID!) { events(gameId: $id, limit: 500) { version seat } }"
# What the page shows of the server's texts: the prompt and the legal moves (as listed and as
# drawn on the board), and each log line without the name of its seat.
SHOWN = """() => [
  ...[...document.querySelectorAll('.prompt, .move-list button')].map(e => e.textContent),
  ...[...document.querySelectorAll('.pagan-board button.pg-move')].map(
    b => b.getAttribute('aria-label')),
  ...[...document.querySelectorAll('.log-list li')].map(li => {
    const who = li.querySelector('.who');
    return li.textContent.slice(who ? who.textContent.length : 0);
  }),
]"""


def _hunter_versions(web: str, game_id: str) -> tuple[list[int], bool]:
    """The versions of the AI Hunter's moves, and whether the latest move is one of them."""
    answer = httpx.post(web + "/graphql", json={"query": EVENTS, "variables": {"id": game_id}})
    events = answer.json()["data"]["events"]
    hunter = [e["version"] for e in events if e["seat"] == "hunter"]
    return hunter, bool(events) and events[-1]["seat"] == "hunter"


def test_in_spanish_the_ais_turn_arrives_in_spanish(pages: Pages, page: Page, web: str) -> None:
    page.select_option("#lang", "es")
    game_id = start_pagan_game(page)
    rng = random.Random(4)
    hunter: list[int] = []
    last = False
    for _ in range(40):
        page.wait_for_selector(".pill.mine", timeout=60_000)
        hunter, last = _hunter_versions(web, game_id)
        # Stop when the AI's turn is what brought the Witch's decision: the page then shows
        # what the live channel sent (nothing read the game since her last move).
        if len(hunter) >= 2 and last:
            break
        moves = page.locator(".move-list button[data-move-id]:not([disabled])")
        before = page.locator("[data-testid=version]").inner_text()
        moves.nth(rng.randrange(moves.count())).click()
        expect(page.locator("[data-testid=version]")).not_to_have_text(before, timeout=30_000)
    assert len(hunter) >= 2 and last, "the AI did not take its turn"
    expect(page.locator(f".log-list li[data-version='{hunter[-1]}']")).to_have_count(1)
    texts = page.evaluate(SHOWN)
    assert page.locator(".move-list button").count() > 0
    assert len(texts) > 5
    for text in texts:
        assert_spanish(text)
