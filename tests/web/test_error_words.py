"""A refusal is told once, in words a player understands, in the chosen language: never the
API's message written for programs (a move's value, "the batch's move at index 2", "10 moves
are legal"), which stays in the API's answer for them."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, Route, expect

from tests.web.conftest import Pages
from tests.web.test_pagan_board import BOARD, MY_TURN, start_pagan_game

pytestmark = pytest.mark.slow

DEVELOPER_TEXT = re.compile(r"index|\{'|'type'|moves are legal|jugadas legales|lote|batch")


def shown_alerts(page: Page) -> list[str]:
    """The texts of the visible alerts (errors) of the page."""
    texts: list[str] = page.eval_on_selector_all(
        "[role=alert]",
        "els => els.filter(e => e.checkVisibility() && e.textContent.trim())"
        ".map(e => e.textContent.trim())",
    )
    return texts


def bad_move_id(route: Route) -> None:
    body = json.loads(route.request.post_data or "{}")
    if "mutation Move(" in body.get("query", ""):
        body["variables"]["moveId"] = "no-such-move"
        route.continue_(post_data=json.dumps(body))
    else:
        route.continue_()


def refuse_a_move(page: Page) -> None:
    page.wait_for_selector(MY_TURN)
    page.route("**/graphql", bad_move_id)
    page.locator(f"{BOARD} .pg-villager button[data-kind=VISIT]").first.click()
    page.wait_for_function("() => document.querySelector('[role=alert]:not([hidden])')")
    page.unroute("**/graphql")


def test_a_refused_move_is_told_once_in_words(pages: Pages, page: Page) -> None:
    start_pagan_game(page)
    refuse_a_move(page)
    alerts = shown_alerts(page)
    assert alerts == ["That move cannot be made now, so nothing was changed."], alerts


def test_a_refused_move_is_told_in_spanish(pages: Pages, page: Page) -> None:
    page.select_option("#lang", "es")
    expect(page.locator(".new-game h2")).to_have_text("Partida nueva")
    expect(page.locator(".game-card")).to_have_count(2)
    start_pagan_game(page)
    refuse_a_move(page)
    alerts = shown_alerts(page)
    assert len(alerts) == 1 and "no se ha cambiado nada" in alerts[0], alerts
    assert not DEVELOPER_TEXT.search(alerts[0]), alerts


def test_a_refused_batch_is_told_once_where_its_picks_were_made(pages: Pages, page: Page) -> None:
    def tamper(route: Route) -> None:
        body = json.loads(route.request.post_data or "{}")
        if "mutation Moves" in body.get("query", ""):
            body["variables"]["moves"][1]["value"] = {"type": "place", "target": "mayor-biggs"}
            route.continue_(post_data=json.dumps(body))
        else:
            route.continue_()

    start_pagan_game(page)
    page.wait_for_selector(MY_TURN)
    page.locator(f"{BOARD} [data-villager=doctor-annie] button[data-kind=VISIT]").first.click()
    expect(page.locator(f"{BOARD} [data-testid=pagan-gather]")).to_contain_text("0 / 2")
    page.route("**/graphql", tamper)
    place = page.locator(f"{BOARD} [data-villager=doctor-annie] button[data-kind=PLACE]")
    place.click()
    place.click()
    error = page.locator(f"{BOARD} [data-testid=pagan-error]")
    expect(error).to_contain_text("was refused, so none was made")
    page.unroute("**/graphql")
    alerts = shown_alerts(page)
    assert len(alerts) == 1, alerts  # the board's, not the shell's banner as well
    assert not DEVELOPER_TEXT.search(alerts[0].replace("none was made", "")), alerts
