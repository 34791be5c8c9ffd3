"""Pantacle's flow in the web client: one name per seat everywhere (the display name where one
was given), a bribe round panel that shows the current round only, and a pass made by itself
when passing is the only legal move (on unless the player turns it off), marked in the player's
own log only: another seat sees a pass like any other."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Pages
from tests.web.play import click_a_move, version, wait_for_turn
from tests.web.test_pantacle import start_pantacle

pytestmark = pytest.mark.slow

ONLY_PASS = """() => {
  const moves = [...document.querySelectorAll('.move-list [data-move-id]')];
  return moves.length === 1 && moves[0].dataset.kind === 'PASS';
}"""


def only_pass(page: Page) -> bool:
    return bool(page.evaluate(ONLY_PASS))


def step(page: Page, rng: random.Random) -> None:
    """One decision: a pass alone is left to the page (it makes it by itself); else a click."""
    if only_pass(page):
        before = version(page)
        expect(page.locator("[data-testid=version]")).not_to_have_text(f"v{before}", timeout=15_000)
    else:
        click_a_move(page, rng)


def shown_text(page: Page) -> str:
    texts: list[str] = page.evaluate(
        """() => [document.body.innerText,
          ...[...document.querySelectorAll('[aria-label], [title]')].map(
            e => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''))]"""
    )
    return "\n".join(texts)


def test_seats_have_one_name_everywhere(pages: Pages, page: Page) -> None:
    page.fill("#f-name", "Tester")
    start_pantacle(page, 3)
    expect(page.locator(".seat[data-seat=seat-0] strong")).to_have_text("Tester")
    expect(page.locator(".sanctuary.mine header strong")).to_have_text("Tester")
    expect(page.locator(".game-header .as")).to_have_text("You: Tester")
    rng = random.Random(4)
    for _ in range(6):
        assert wait_for_turn(page, 90_000)
        text = shown_text(page)
        assert not re.search(r"\bseat-\d", text), "a seat's id is shown"
        assert "Seat 1" not in text, "the player is Tester, never Seat 1"
        step(page, rng)
    expect(page.locator(".log-list")).to_contain_text("Tester")
    expect(page.locator(".log-list")).to_contain_text("Seat 2")


def test_the_bribe_round_panel_shows_the_current_round_only(pages: Pages, page: Page) -> None:
    start_pantacle(page, 3)
    rng = random.Random(9)
    seen = 0
    for _ in range(14):
        assert wait_for_turn(page, 90_000)
        panel = page.locator(".bribe-round")
        expect(panel).not_to_contain_text("earlier")
        passes = panel.locator(".passes li").count()
        assert passes <= 2, f"{passes} passes in a round of two opponents"
        seen += passes
        step(page, rng)
    assert seen > 0, "no bribe round was ever shown"


def test_an_only_pass_is_made_by_itself_and_marked_in_the_players_log_only(
    pages: Pages, page: Page
) -> None:
    game_id = start_pantacle(page, 3)
    watcher = pages.open(f"/#/spectate/{game_id}")
    expect(page.locator("#auto-pass")).to_be_checked()
    rng = random.Random(1)
    automatic = 0
    for _ in range(40):
        assert wait_for_turn(page, 90_000)
        if only_pass(page):
            before = version(page)
            # Nobody clicks: the page passes by itself.
            expect(page.locator("[data-testid=version]")).not_to_have_text(
                f"v{before}", timeout=15_000
            )
            line = page.locator(f".log-list li[data-version='{before + 1}']")
            expect(line).to_have_class(re.compile(r"\bauto\b"))
            expect(line).to_contain_text("automatically")
            theirs = watcher.locator(f".log-list li[data-version='{before + 1}']")
            expect(theirs).to_be_visible()
            expect(theirs).not_to_contain_text("automatically")
            automatic += 1
            if automatic >= 2:
                break
        else:
            click_a_move(page, rng)
    assert automatic >= 2, "the player was never left with a pass alone"

    page.uncheck("#auto-pass")
    for _ in range(40):
        assert wait_for_turn(page, 90_000)
        if only_pass(page):
            before = version(page)
            page.wait_for_timeout(6_000)
            assert version(page) == before, "turned off, the pass waits for the player"
            page.locator(".move-list [data-move-id]").first.click()
            break
        click_a_move(page, rng)
    else:
        raise AssertionError("no pass alone came after the option was turned off")
