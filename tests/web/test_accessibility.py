"""The web client for people with a phone, a screen reader or low vision: an axe-core scan
(vendored in tests/web/vendor) of the lobby, both boards and the game-over panel finds no
serious or critical violation (contrast included); every count has an accessible name ("3
Clues", not "3"); on a 390x844 phone every control is at least 44x44 px and the prompt with a
choice is in view without scrolling."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.web.conftest import PHONE, Pages
from tests.web.play import amending_create, click_a_move, wait_for_turn
from tests.web.test_pagan_board import BOARD, MY_TURN, start_pagan_game
from tests.web.test_pantacle import start_pantacle

pytestmark = pytest.mark.slow

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
SCAN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: ' + n.failureSummary)}));
}"""
# Every control a finger may need (links inside a sentence are exempt, WCAG 2.5.8); a check box
# is as large as the label around it, which a tap on it ticks.
CONTROLS = """() => [...document.querySelectorAll(
    'button, select, input, summary, a.button, nav a, a.brand, a.how-to-play')]
  .filter(e => e.checkVisibility())
  .map(e => e.type === 'checkbox' && e.closest('label') ? e.closest('label') : e)
  .map(e => { const r = e.getBoundingClientRect();
    return {what: e.outerHTML.slice(0, 90), w: Math.round(r.width), h: Math.round(r.height)}; })
  .filter(c => c.w < 44 || c.h < 44)"""


def scan(page: Page, where: str) -> None:
    page.wait_for_timeout(300)  # animations started by the last change have ended
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        # Evaluated by the browser's debugging protocol, which the page's Content Security
        # Policy does not govern (a <script> tag of ours would be refused, as it should be).
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    violations: list[dict[str, Any]] = page.evaluate(SCAN)
    serious = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert serious == [], f"{where}: " + "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}\n  " + "\n  ".join(v["nodes"]) for v in serious
    )


# The lobby's createGame with seat-0 to play first.
first_player = amending_create(lambda given: given["options"].update(first_player="seat-0"))


def test_no_serious_violation_in_the_lobby_both_boards_and_the_game_over_panel(
    pages: Pages, page: Page
) -> None:
    scan(page, "the lobby")
    page.click(".game-card[data-game=pagan]")
    scan(page, "the lobby with Pagan's options")
    start_pagan_game(page)
    page.wait_for_selector(MY_TURN)
    scan(page, "the Pagan board")
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    scan(page, "the Pagan board on a phone")
    page.set_viewport_size({"width": 1280, "height": 800})

    other = pages.open("/")
    # This player first (the lobby leaves it to the deal), so the board is scanned at a Favor.
    other.route("**/graphql", first_player)
    start_pantacle(other, 3)
    other.unroute("**/graphql")
    assert wait_for_turn(other, 90_000)
    # The first decision is a Favor to announce: each Favor is a button named by its move.
    expect(other.locator("button.favor.can").first).to_be_visible()
    scan(other, "the Pantacle board, a Favor to announce")
    rng = random.Random(2)
    for _ in range(3):
        assert wait_for_turn(other, 90_000)
        click_a_move(other, rng)
    assert wait_for_turn(other, 90_000)
    scan(other, "the Pantacle board")
    other.once("dialog", lambda dialog: dialog.accept())
    other.click(".tools .resign")
    expect(other.locator(".game-over")).to_be_visible()
    scan(other, "the game-over panel")


def test_every_count_has_an_accessible_name(pages: Pages, page: Page) -> None:
    start_pagan_game(page)
    page.wait_for_selector(MY_TURN)
    annie = page.locator(f"{BOARD} .pg-villager[data-villager=doctor-annie] .pg-tokens")
    tree = annie.aria_snapshot()
    for name in ("Clues", "Secrets", "Favors"):
        assert f"0 {name}" in tree, tree
    supply = page.locator(f"{BOARD} .pg-supply").aria_snapshot()
    assert "Clues" in supply and "Evidence" in supply, supply
    # No count is read as a bare number.
    for line in tree.splitlines():
        assert not line.strip().lstrip("- ").replace("text:", "").strip().isdigit(), tree


def test_on_a_phone_every_control_is_large_enough_and_the_prompt_is_in_view(
    pages: Pages,
) -> None:
    page = pages.open("/", viewport=PHONE)
    small = page.evaluate(CONTROLS)
    assert small == [], f"the lobby: {small[:6]}"
    page.click(".game-card[data-game=pagan]")
    page.click("button.start")
    page.wait_for_selector(MY_TURN, timeout=60_000)
    small = page.evaluate(CONTROLS)
    assert small == [], f"the Pagan board: {small[:6]}"
    in_view(page, "[data-testid=pagan-prompt]", ".pagan-board button.pg-move, .move-list button")

    other = pages.open("/", viewport=PHONE)
    start_pantacle(other, 3)
    assert wait_for_turn(other, 90_000)
    small = other.evaluate(CONTROLS)
    assert small == [], f"the Pantacle board: {small[:6]}"
    in_view(other, ".moves .prompt", ".move-list button")


def in_view(page: Page, prompt: str, choices: str) -> None:
    """The prompt and at least one of its choices are inside the viewport, unscrolled (checked
    until it holds: a live update may redraw the board meanwhile)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    inside = """([prompt, choices]) => {
      const fits = (e) => { const r = e.getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; };
      const p = document.querySelector(prompt);
      return !!p && fits(p) && [...document.querySelectorAll(choices)].some(fits);
    }"""
    try:
        page.wait_for_function(inside, arg=[prompt, choices], timeout=5_000)
    except PlaywrightTimeoutError:
        box = page.locator(prompt).first.bounding_box()
        raise AssertionError(f"{prompt} or its choices are out of view: {box}") from None
