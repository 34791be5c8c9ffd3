"""The web client in Español says nothing in English: the lobby (both games, Pagan's options),
both boards with their legends open, a How to play page and the end of a game show no word of
an English template of the service, of the client's own English texts or of everyday English,
once the printed names (cards, villagers, Keepers...) are set aside; the catalog's texts (a
card's, a villager's, a scenario's) arrive in Spanish too."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import DESKTOP, PHONE, Pages
from tests.web.play import click_a_move, wait_for_turn
from tests.web.spanish import english_left

pytestmark = pytest.mark.slow


def spanish(pages: Pages) -> Page:
    page = pages.open("/")
    page.select_option("#lang", "es")
    expect(page.locator(".new-game h2")).to_have_text("Partida nueva")
    expect(page.locator(".game-card")).to_have_count(2)
    return page


def assert_no_english(page: Page, where: str) -> None:
    left = english_left(page)
    assert left == [], f"English left on {where}: {left[:12]}"


def open_legend(page: Page) -> None:
    legend = page.locator(".board details.legend")
    expect(legend).to_have_count(1)
    legend.locator("summary").click()
    expect(legend.locator("[data-legend]").first).to_be_visible()


def shoot(page: Page, screenshot: Callable[[Page, str], Path], name: str) -> None:
    """The screen as it is, at 1280x800 and on a 390x844 phone (docs/screenshots)."""
    screenshot(page, f"{name}-desktop-es")
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    page.wait_for_timeout(300)
    screenshot(page, f"{name}-phone-es")
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]


def test_the_lobby_and_the_pagan_board_are_spanish(
    pages: Pages, screenshot: Callable[[Page, str], Path]
) -> None:
    page = spanish(pages)
    page.click(".game-card[data-game=pagan]")
    page.select_option("#f-expansion", "palisades")
    expect(page.locator("#f-scenario option").first).to_be_attached()
    assert_no_english(page, "the lobby (Pagan)")
    page.click(".game-card[data-game=pantacle]")
    assert_no_english(page, "the lobby (Pantacle)")

    page.click(".game-card[data-game=pagan]")
    page.select_option("#f-kind-witch", "ai")
    page.select_option("#f-kind-hunter", "human")
    page.click("button.start")
    rng = random.Random(3)
    for _ in range(8):  # a few decisions, so the log, the recap and the board fill up
        assert wait_for_turn(page, 90_000)
        click_a_move(page, rng, board_first=False)
    assert wait_for_turn(page, 90_000)
    # A villager's and a card's text from the catalog, in Spanish.
    expect(page.locator(".pg-villager[data-villager=doctor-annie] .pg-text")).to_contain_text(
        "aldeanos azules"
    )
    shoot(page, screenshot, "pagan")
    open_legend(page)
    assert_no_english(page, "the Pagan board")

    with page.context.expect_page() as opened:  # in a new tab: the game stays open
        page.click(".tools a.how-to-play")
    rules = opened.value
    expect(rules.locator(".rules-page h1")).to_be_visible()
    assert_no_english(rules, "How to play Pagan")


def test_the_pantacle_board_and_the_end_of_a_game_are_spanish(
    pages: Pages, screenshot: Callable[[Page, str], Path]
) -> None:
    page = spanish(pages)
    page.click(".game-card[data-game=pantacle]")
    page.select_option("#f-players", "3")
    page.click("button.start")
    rng = random.Random(8)
    for _ in range(5):
        assert wait_for_turn(page, 90_000)
        click_a_move(page, rng)
    assert wait_for_turn(page, 90_000)
    shoot(page, screenshot, "pantacle")
    open_legend(page)
    assert_no_english(page, "the Pantacle board")

    page.once("dialog", lambda dialog: dialog.accept())
    page.click(".tools .resign")
    expect(page.locator("[data-testid=outcome]")).to_be_visible()
    assert_no_english(page, "the end of a Pantacle game")
