"""Discarding at the hand limit on the Pagan board (issue 48, finding 4): the picks of "Discard
N" are gathered on the cards in hand, and a card is offered only while a copy of it is left to
pick, so the same card is never picked twice; two copies may each be picked."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from gamestore.settings import Settings
from rules.pagan.state import HUNTER
from tests.pagan.positions import new_game, set_hand, upkeep
from tests.support.games import store_state
from tests.web.conftest import Pages
from tests.web.test_pagan_board import BOARD, open_prepared

pytestmark = pytest.mark.slow

NATIVE_GUIDE, CLERK = "0001", "0002"


def hand_limit_table() -> Any:
    """The Hunter's Upkeep with two cards over the hand limit: Native Guide twice, Clerk once."""
    s = new_game(seed=4)
    set_hand(
        s,
        HUNTER,
        [NATIVE_GUIDE, NATIVE_GUIDE, CLERK, "0007", "0008", "0013", "0014", "0020", "0021"],
    )
    upkeep(s, HUNTER)
    return s


def discard(page: Page, card: str) -> Any:
    return page.locator(f"{BOARD} .pg-hand [data-card='{card}'] button[data-kind=DISCARD]")


def test_a_card_in_hand_once_is_offered_once_and_two_copies_twice(
    pages: Pages, page: Page, settings: Settings
) -> None:
    game_id, tokens = store_state(settings, "pagan", hand_limit_table())
    open_prepared(page, game_id, "hunter", tokens["hunter"])
    expect(page.locator(f"{BOARD} [data-testid=pagan-prompt]")).to_contain_text("hand limit")
    tray = page.locator(f"{BOARD} [data-testid=pagan-gather]")
    expect(tray).to_contain_text("0 / 2")
    discard(page, CLERK).click()
    expect(tray).to_contain_text("1 / 2")
    expect(discard(page, CLERK)).to_have_count(0)  # its only copy is chosen already
    expect(discard(page, NATIVE_GUIDE)).to_have_count(1)
    page.locator(f"{BOARD} .pg-clear").click()
    expect(tray).to_contain_text("0 / 2")
    discard(page, NATIVE_GUIDE).click()
    expect(tray).to_contain_text("1 / 2")
    discard(page, NATIVE_GUIDE).click()  # the second copy: the pick is sent
    expect(page.locator(f"{BOARD} .pg-hand [data-card='{NATIVE_GUIDE}']")).to_have_count(0)
    expect(page.locator(f"{BOARD} .pg-hand [data-card='{CLERK}']")).to_have_count(1)
    expect(page.locator(f"{BOARD} [data-testid=pagan-error]")).to_have_count(0)
    expect(page.locator(".game-screen > .error")).to_be_hidden()
