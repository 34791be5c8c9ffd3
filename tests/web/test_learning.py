"""A newcomer can learn the games in the web client: a How to play page per game in both
languages, reachable from the lobby and from a game; a legend of every token and icon the board
draws that opens with a tap; the log grouped by turn, saying whose turn it was, in the order the
player prefers; the other side's whole turn at a glance, and what it changed marked on the
board; the player's own board in view at 1280x800."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.web.conftest import Pages
from tests.web.play import click_a_move, wait_for_turn
from tests.web.test_pagan_board import BOARD, start_pagan_game

pytestmark = pytest.mark.slow

EVENTS = """query ($id: ID!) { events(gameId: $id, limit: 500) {
  version seat description { args } changes } }"""


def test_how_to_play_is_reachable_from_the_lobby_and_the_game_in_both_languages(
    pages: Pages, page: Page
) -> None:
    for game, words in (("pagan", "Witch"), ("pantacle", "Favor")):
        page.click(f".game-card-wrap[data-game={game}] a.how-to-play")
        expect(page.locator(".rules-page h1")).to_contain_text("How to play")
        expect(page.locator(".rules-page")).to_contain_text(words)
        assert page.locator(".rules-page h2").count() >= 4  # goal, turn, ..., the screen
        page.go_back()
    page.select_option("#lang", "es")
    page.click(".game-card-wrap[data-game=pagan] a.how-to-play")
    expect(page.locator(".rules-page h1")).to_contain_text("Cómo se juega")
    expect(page.locator(".rules-page")).to_contain_text("Bruja")
    page.go_back()
    page.select_option("#lang", "en")
    start_pagan_game(page)
    link = page.locator(".tools a.how-to-play")
    expect(link).to_have_attribute("href", "#/rules/pagan")
    expect(link).to_have_attribute("target", "_blank")  # the game stays open


def test_the_legend_names_every_token_the_board_draws_and_opens_with_a_tap(
    browser: Any, web: str, pages: Pages
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, base_url=web
    )
    pages.contexts.append(context)
    page = pages.open("/", context=context)
    page.tap(".game-card[data-game=pagan]")
    page.tap("button.start")
    page.wait_for_selector(BOARD)
    legend = page.locator(".board details.legend")
    expect(legend.locator("[data-legend]").first).to_be_hidden()
    legend.locator("summary").tap()
    kinds = page.eval_on_selector_all(
        f"{BOARD} .pg-token, {BOARD} .pg-pawn, {BOARD} .pg-cost",
        "els => [...new Set(els.filter(e => !e.closest('.legend')).map(e => e.dataset.token))]",
    )
    assert {"clue", "secret", "favor", "evidence", "cost"} <= set(kinds), kinds
    for kind in kinds:
        entry = legend.locator(f"[data-legend={kind}]")
        expect(entry).to_be_visible()
        expect(entry).not_to_be_empty()


def turns_of(events: list[dict[str, Any]]) -> list[tuple[int, str, list[int]]]:
    """(turn, whose, versions) from the API's events: a turn ends with the event whose changes
    replace /turn, and the next one is /active's (or the same seat's: an extra turn)."""
    out: list[tuple[int, str, list[int]]] = []
    turn, whose, versions = 1, events[0]["seat"], []
    for event in events:
        versions.append(event["version"])
        ops = {op["path"]: op["value"] for op in event["changes"] if op["op"] == "replace"}
        if "/turn" in ops:
            out.append((turn, whose, versions))
            turn, whose, versions = ops["/turn"], ops.get("/active", whose), []
    if versions:
        out.append((turn, whose, versions))
    return out


def test_the_log_is_grouped_by_turn_in_the_order_the_player_prefers(
    pages: Pages, page: Page, web: str
) -> None:
    game_id = start_pagan_game(page)
    rng = random.Random(2)
    for _ in range(12):
        assert wait_for_turn(page, 90_000)
        click_a_move(page, rng, board_first=False)
    assert wait_for_turn(page, 90_000)
    token = dict(pages.tokens(page.context))[game_id]
    answer = httpx.post(
        web + "/graphql",
        json={"query": EVENTS, "variables": {"id": game_id}},
        headers={"Authorization": f"Bearer {token}"},
    )
    turns = turns_of(answer.json()["data"]["events"])
    assert len(turns) >= 3
    groups = page.locator(".log-list > li.log-turn")
    expect(groups).to_have_count(len(turns))
    names = {"witch": "The Witch", "hunter": "The Hunter"}
    first = groups.first  # oldest first unless the player asks otherwise
    expect(first.locator(".turn-title")).to_have_text(f"Turn 1 · {names[turns[0][1]]}")
    shown = [int(v) for v in first.locator("li[data-version]").evaluate_all(
        "els => els.map(e => e.dataset.version)")]  # fmt: skip
    assert shown == turns[0][2]
    page.click(".log button.log-order")
    expect(groups.first.locator(".turn-title")).to_contain_text(f"Turn {turns[-1][0]} ·")
    page.reload()
    expect(page.locator(".log-list > li.log-turn").first.locator(".turn-title")).to_contain_text(
        f"Turn {turns[-1][0]} ·"
    )


def test_the_other_sides_whole_turn_is_read_at_a_glance_and_marked_on_the_board(
    pages: Pages, page: Page, web: str
) -> None:
    game_id = start_pagan_game(page)
    rng = random.Random(6)
    token = ""
    theirs: list[dict[str, Any]] = []
    for _ in range(30):
        assert wait_for_turn(page, 90_000)
        token = token or dict(pages.tokens(page.context))[game_id]
        answer = httpx.post(
            web + "/graphql",
            json={"query": EVENTS, "variables": {"id": game_id}},
            headers={"Authorization": f"Bearer {token}"},
        )
        events = answer.json()["data"]["events"]
        mine = [e["version"] for e in events if e["seat"] == "witch"]
        theirs = [e for e in events if e["version"] > (mine[-1] if mine else 0)]
        if len(theirs) >= 3:  # the AI Hunter's whole turn came since the Witch's last move
            break
        click_a_move(page, rng, board_first=False)
    assert len(theirs) >= 3, "the Hunter never took a turn of three decisions"
    recap = page.locator("[data-testid=recap]")
    expect(recap).to_contain_text("The Hunter")
    shown = recap.locator("li[data-version]").evaluate_all("els => els.map(e => e.dataset.version)")
    assert [int(v) for v in shown] == [e["version"] for e in theirs]
    # Every villager the Hunter's turn touched is marked, not only the last one.
    touched = {
        str(value)
        for e in theirs
        for value in ((e["description"] or {}).get("args") or {}).values()
        if isinstance(value, str)
    }
    villagers = page.eval_on_selector_all(
        f"{BOARD} .pg-villager", "els => els.map(e => e.dataset.villager)"
    )
    for villager in set(villagers) & touched:
        expect(page.locator(f"{BOARD} .pg-villager[data-villager={villager}]")).to_have_class(
            re.compile(r"\bpg-last\b")
        )


def test_at_1280_by_800_the_players_own_board_and_hand_are_in_view(
    pages: Pages, page: Page
) -> None:
    start_pagan_game(page)
    page.wait_for_selector(f"{BOARD}[data-my-turn=true]")
    # The board adds its stylesheet when it first draws: measure once it is applied.
    page.wait_for_function(
        "() => [...document.styleSheets].some(s => (s.href || '').endsWith('/css/pagan.css'))"
    )
    page.evaluate("() => window.scrollTo(0, 0)")
    parts = [
        f"{BOARD} [data-testid=pagan-player-witch] h3",
        f"{BOARD} [data-testid=pagan-hand-witch] .pg-card",
        f"{BOARD} [data-testid=pagan-prompt]",
    ]
    # Where each part begins, in one reading (the board is redrawn by every live update).
    tops = """(parts) => parts.map(p => { const e = document.querySelector(p);
      if (!e) return null; const r = e.getBoundingClientRect();
      return r.top + Math.min(r.height, 40); })"""
    try:
        page.wait_for_function(
            f"(parts) => ({tops})(parts).every(y => y !== null && y <= 800)", arg=parts
        )
    except PlaywrightTimeoutError:
        found = list(zip(parts, page.evaluate(tops, parts), strict=True))
        raise AssertionError(f"below the fold at 1280x800: {found}") from None
