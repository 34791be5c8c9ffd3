"""Playing through the web client as a person would: wait for your turn, click a legal move where
it lives on the board (else in the list of legal moves), wait for the game to take it."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Route, expect

BOARD_MOVES = ".board [data-move-id]:not([disabled])"
LIST_MOVES = ".move-list [data-move-id]:not([disabled])"


def amending_create(change: Callable[[dict[str, Any]], None]) -> Callable[[Route], None]:
    """A route for `**/graphql` that lets `change` amend the input of the lobby's createGame
    (a deal seed, a first player: what the API takes but the lobby does not ask) and passes
    every other request as it is."""

    def amend(route: Route) -> None:
        body = json.loads(route.request.post_data or "{}")
        if "createGame" in body.get("query", ""):
            change(body["variables"]["input"])
            route.continue_(post_data=json.dumps(body))
        else:
            route.continue_()

    return amend


def version(page: Page) -> int:
    text = page.locator("[data-testid=version]").inner_text()
    return int(text.lstrip("v"))


def wait_for_turn(page: Page, timeout: float = 60_000) -> bool:
    """True when it is this seat's move, False when the game is over."""
    page.wait_for_selector(".pill.mine, .pill.over", timeout=timeout)
    return page.locator(".pill.over").count() == 0


def click_a_move(page: Page, rng: random.Random, board_first: bool = True) -> str:
    """Click one legal move (on the board when it has any); returns where: "board" or "list".
    Waits until the game's version moved past the one the move was chosen at."""
    before = version(page)
    for _ in range(5):
        where = "board"
        moves = page.locator(BOARD_MOVES)
        if not board_first or moves.count() == 0:
            where, moves = "list", page.locator(LIST_MOVES)
        count = moves.count()
        if count == 0:
            page.wait_for_timeout(200)
            continue
        try:
            moves.nth(rng.randrange(count)).click(timeout=5_000)
        except PlaywrightError:  # redrawn under the pointer by a live update: choose again
            continue
        expect(page.locator("[data-testid=version]")).not_to_have_text(
            re.compile(rf"^v{before}$"), timeout=30_000
        )
        return where
    raise AssertionError(f"no legal move could be clicked at v{before}")


def click_a_batch(page: Page) -> bool:
    """Click a board control that sends several decisions as one batch, when there is one;
    True when it did (the version then moved by the batch's length at once)."""
    batches = page.locator(".board [data-batch]")
    if batches.count() == 0:
        return False
    before = version(page)
    size = 1 + len(batches.first.get_attribute("data-batch").split(","))  # type: ignore[union-attr]
    batches.first.click()
    expect(page.locator("[data-testid=version]")).not_to_have_text(
        re.compile(rf"^v{before}$"), timeout=30_000
    )
    assert version(page) >= before + size, "a batch is made all at once"
    return True
