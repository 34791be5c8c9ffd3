"""The Pagan board in a real browser: a game against the `novice` AI started from the lobby and
played by clicking on the board (villagers to visit, token targets, cards in hand, Familiars),
including a card play, a token distribution sent as one batch and a Familiar use; the Witch's
secret shown to her; a refused batch named in words; a Raid paid by picking villagers, each
offered only while it has a Clue left; screenshots at desktop and phone sizes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, Route, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from gamestore.settings import Settings
from rules.pagan.state import HUNTER
from tests.pagan.positions import action_phase, new_game, set_tokens
from tests.support.games import store_state
from tests.web.conftest import DESKTOP, PHONE, Pages

BOARD = ".pagan-board"
MY_TURN = ".pagan-board[data-my-turn=true]"
EVENTS = """query ($id: ID!) { game(gameId: $id, eventsAfter: 0, eventsLimit: 500) {
  status events { seat kind description { action decision } } } }"""
DECISIONS = 40
# The deal is the server's secret one, so a Familiar may come late: the Witch plays on past
# DECISIONS until she has done all the test must see, up to this many decisions.
MOST_DECISIONS = 150
DESKTOP_SIZE = ViewportSize(width=DESKTOP["width"], height=DESKTOP["height"])
PHONE_SIZE = ViewportSize(width=PHONE["width"], height=PHONE["height"])


def start_pagan_game(page: Page) -> str:
    """Start Pagan from the lobby: the Witch is this browser, the Hunter the novice AI."""
    page.click(".game-card[data-game=pagan]")
    expect(page.locator(".seat-choice[data-seat=hunter] select[name=level-hunter]")).to_have_value(
        "novice"
    )
    page.click("button.start")
    page.wait_for_selector(BOARD)
    return str(page.evaluate("() => location.hash.split('/').pop()"))


def board_moves(page: Page) -> list[dict[str, Any]]:
    """Every move button the board draws now: its move id, kind, label and where it is."""
    found: list[dict[str, Any]] = page.eval_on_selector_all(
        f"{BOARD} button.pg-move",
        """buttons => buttons.map((b, i) => ({
            i, id: b.dataset.move, kind: b.dataset.kind, label: b.getAttribute('aria-label'),
            where: (b.closest('[data-spot],[data-villager],[data-card]') || {}).className || '',
            hand: !!b.closest('.pg-hand'), familiar: !!b.closest('.pg-row-familiars'),
        }))""",
    )
    return found


class Player:
    """Plays the Witch by clicking on the board, steering towards what the test must see."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.played_card = False
        self.used_familiar = False
        self.batches: list[int] = []
        self.visits = 0

    def has_done_everything(self) -> bool:
        """A card played, a Familiar used and a token distribution sent as one batch."""
        return self.played_card and self.used_familiar and any(n >= 2 for n in self.batches)

    def wait_past(self, before: str | None, refusal_ends: bool = True) -> None:
        """Until the board shows a later decision (or, `refusal_ends`, a refused batch)."""
        page = self.page
        try:
            page.wait_for_function(
                "([before, refusal]) => { const b = document.querySelector('.pagan-board');"
                " return b && (b.dataset.decisions !== before"
                " || (refusal && !!b.querySelector('[data-testid=pagan-error]'))); }",
                arg=[before, refusal_ends],
                timeout=60_000,
            )
        except PlaywrightTimeoutError:
            prompt = page.inner_text(f"{BOARD} [data-testid=pagan-prompt]")
            errors = page.locator(f"{BOARD} [data-testid=pagan-error], .error").all_inner_texts()
            raise AssertionError(f"the game did not go on at {prompt!r}: {errors}") from None

    def turn_visit(self, moves: list[dict[str, Any]]) -> int | None:
        visits = [m["i"] for m in moves if m["kind"] == "VISIT"]
        self.visits += 1
        return visits[self.visits % len(visits)] if visits else None

    def click(self, index: int) -> None:
        self.page.locator(f"{BOARD} button.pg-move").nth(index).click()

    def choose(self, moves: list[dict[str, Any]]) -> int:
        def first(test: Callable[[dict[str, Any]], bool]) -> int | None:
            return next((m["i"] for m in moves if test(m)), None)

        picks = [
            # A Familiar with this visit: use it (on the Familiar's card).
            first(lambda m: m["kind"] == "FAMILIAR" and m["familiar"]),
            # A Familiar card from the hand, to have one to use.
            first(lambda m: m["kind"] == "PLAY" and m["hand"] and "familiar" in m["label"].lower())
            if not self.used_familiar
            else None,
            # Visiting with the Familiar pawn asks whether to use a Familiar.
            first(lambda m: m["kind"] == "VISIT" and "Familiar pawn" in (m["label"] or ""))
            if not self.used_familiar
            else None,
            first(lambda m: m["kind"] == "PLAY" and m["hand"]) if not self.played_card else None,
            # Villagers that distribute 2 tokens ask for 2 picks: the board gathers them.
            first(
                lambda m: (
                    m["kind"] == "VISIT"
                    and any(
                        n in m["label"] for n in ("Doctor Annie", "Preacher Wulfric", "Herbwife")
                    )
                )
            )
            if len(self.batches) < 2
            else None,
            # Otherwise visit the villagers in turn, before the bar's plain actions.
            self.turn_visit(moves),
            first(lambda m: m["kind"] not in ("DONE", "SKIP", "END")),
        ]
        return next((p for p in picks if p is not None), 0)

    def decide(self) -> int:
        """Make one decision (or one gathered batch) on the board; returns how many it made."""
        page = self.page
        before = page.get_attribute(BOARD, "data-decisions")
        moves = board_moves(page)
        assert moves, "it is the Witch's decision, but the board shows no move"
        tray = page.locator(f"{BOARD} [data-testid=pagan-gather]")
        if tray.count():
            # Several picks of one decision: pick targets until the batch goes by itself.
            count = int(tray.inner_text().split("/")[1].split()[0])
            for k in range(count):
                # Different targets (or cards) in turn: a card may be in the hand once only.
                picks = [m for m in board_moves(page) if m["kind"] != "DONE"]
                self.click(picks[k % len(picks)]["i"])
            self.batches.append(count)
            made = count
        else:
            index = self.choose(moves)
            chosen = moves[index]
            self.click(index)
            if chosen["kind"] == "PLAY":
                self.played_card = True
            if chosen["kind"] in ("FAMILIAR", "EMPOWER"):
                self.used_familiar = True
            made = 1
        self.wait_past(before)
        if page.locator(f"{BOARD} [data-testid=pagan-error]").count():
            # A refused batch (should the position change under the picks): the decision is
            # made one move at a time from the shell's list instead.
            self.batches.pop()
            page.locator(".move-list [data-move-id]").first.click()
            self.wait_past(before, refusal_ends=False)
            made = 1
        return made


@pytest.mark.slow
def test_a_pagan_game_against_novice_is_played_by_clicking_on_the_board(
    pages: Pages, page: Page, web: str, screenshot: Callable[[Page, str], Path]
) -> None:
    game_id = start_pagan_game(page)
    expect(page.locator(f"{BOARD} [data-testid=pagan-true-witch]")).to_contain_text("you are")
    player = Player(page)
    made = 0
    shot = False
    while made < DECISIONS or not (player.has_done_everything() and shot):
        progress = (
            f"after {made} decisions: card played {player.played_card}, Familiar used "
            f"{player.used_familiar}, batches {player.batches}"
        )
        assert made < MOST_DECISIONS, progress
        try:
            page.wait_for_selector(MY_TURN, timeout=60_000)
        except PlaywrightTimeoutError:
            raise AssertionError(f"the Witch had no turn (did the game end?) {progress}") from None
        kind = page.get_attribute(BOARD, "data-decision-kind")
        if not shot and made >= 24 and player.played_card and kind == "ACT":
            page.evaluate("() => window.scrollTo(0, 0)")
            screenshot(page, "pagan-desktop")
            page.set_viewport_size(PHONE_SIZE)
            page.wait_for_timeout(300)
            page.evaluate("() => window.scrollTo(0, 0)")
            screenshot(page, "pagan-phone")
            page.set_viewport_size(DESKTOP_SIZE)
            shot = True
        made += player.decide()

    token = dict(pages.tokens(page.context))[game_id]
    answer = httpx.post(
        web + "/graphql",
        json={"query": EVENTS, "variables": {"id": game_id}},
        headers={"Authorization": f"Bearer {token}"},
    ).json()["data"]["game"]
    assert answer["status"] == "active"
    mine = [e["description"] for e in answer["events"] if e["seat"] == "witch" and e["description"]]
    assert len(mine) >= DECISIONS
    actions = {d["action"] for d in mine}
    assert "play" in actions, actions
    assert actions & {"familiar", "empower"}, actions
    assert any(n >= 2 for n in player.batches), player.batches
    assert shot


def test_the_board_shows_each_villager_and_both_players_boards(pages: Pages, page: Page) -> None:
    start_pagan_game(page)
    expect(page.locator(f"{BOARD} .pg-villager")).to_have_count(9)
    for colour in ("blue", "red", "green"):
        expect(page.locator(f"{BOARD} .pg-villager.pg-colour-{colour}")).to_have_count(3)
    expect(
        page.locator(f"{BOARD} [data-testid=pagan-player-witch] .pg-row-brews .pg-slot")
    ).to_have_count(3)
    expect(
        page.locator(f"{BOARD} [data-testid=pagan-player-hunter] .pg-row-allies .pg-slot")
    ).to_have_count(3)
    # The Witch's hand with the catalog's costs and texts; the Hunter's only as a count.
    hand = page.locator(f"{BOARD} [data-testid=pagan-hand-witch] .pg-card")
    expect(hand).to_have_count(3)
    expect(hand.first.locator(".pg-cost")).to_have_count(1)
    expect(hand.first.locator(".pg-text")).not_to_be_empty()
    expect(page.locator(f"{BOARD} [data-testid=pagan-hand-hunter]")).to_have_count(0)


def test_a_visit_is_made_with_the_keyboard(pages: Pages, page: Page) -> None:
    start_pagan_game(page)
    page.wait_for_selector(MY_TURN)
    visit = page.locator(f"{BOARD} .pg-villager button.pg-move[data-kind=VISIT]").first
    visit.focus()
    page.keyboard.press("Enter")
    # The visit is in the log, and its villager marked on the board.
    expect(page.locator(".log-list li[data-version='1']")).to_contain_text("visited")
    expect(page.locator(f"{BOARD} .pg-villager.pg-last")).to_have_count(1)


def test_a_refused_batch_is_named_in_words_and_changes_nothing(pages: Pages, page: Page) -> None:
    """The picks of one decision go as one batch, all or none. When the API refuses one (here
    the request is altered on its way, as if the position had changed under the picks), the
    board says which pick in words, from the refusal's extensions.index, and the game is as it
    was: the picks can be made again."""

    def tamper(route: Route) -> None:
        body = json.loads(route.request.post_data or "{}")
        if "mutation Moves" in body.get("query", ""):
            # A red villager: Doctor Annie distributes to blue villagers only.
            body["variables"]["moves"][1]["value"] = {"type": "place", "target": "mayor-biggs"}
            route.continue_(post_data=json.dumps(body))
        else:
            route.continue_()

    start_pagan_game(page)
    page.wait_for_selector(MY_TURN)
    page.locator(f"{BOARD} [data-villager=doctor-annie] button[data-kind=VISIT]").first.click()
    tray = page.locator(f"{BOARD} [data-testid=pagan-gather]")
    expect(tray).to_contain_text("0 / 2")
    before = page.get_attribute(BOARD, "data-decisions")
    page.route("**/graphql", tamper)
    place = page.locator(f"{BOARD} [data-villager=doctor-annie] button[data-kind=PLACE]")
    place.click()
    expect(tray).to_contain_text("1 / 2")
    place.click()
    error = page.locator(f"{BOARD} [data-testid=pagan-error]")
    expect(error).to_contain_text("Choice 2 of 2")
    expect(error).to_contain_text("was refused, so none was made")
    page.unroute("**/graphql")
    assert page.get_attribute(BOARD, "data-decisions") == before
    expect(tray).to_contain_text("0 / 2")
    expect(
        page.locator(f"{BOARD} [data-villager=doctor-annie] .pg-token.pg-secret")
    ).to_have_attribute("title", "0 Secrets")


def test_the_hunter_in_beyond_the_palisades_sees_factions_and_gloom_but_not_the_witch(
    pages: Pages, page: Page
) -> None:
    page.click(".game-card[data-game=pagan]")
    page.select_option("select[name=expansion]", "palisades")
    page.select_option("select[name=scenario]", "10")
    page.select_option("select[name=kind-hunter]", "human")
    expect(page.locator("select[name=kind-witch]")).to_have_value("ai")
    page.click("button.start")
    page.wait_for_selector(MY_TURN, timeout=60_000)
    expect(page.locator(f"{BOARD} .pg-scenario")).to_have_text("Beyond the Palisades")
    expect(page.locator(f"{BOARD} [data-testid=pagan-player-hunter] h3")).to_contain_text(
        "Newcomers"
    )
    expect(page.locator(f"{BOARD} .pg-villager[data-villager=trapper-judy]")).to_have_count(1)
    expect(page.locator(f"{BOARD} .pg-supply .pg-gloom")).to_have_count(1)
    expect(page.locator(f"{BOARD} [data-testid=pagan-hand-hunter] .pg-card").first).to_be_visible()
    # The Witch's villager is hers alone to know.
    expect(page.locator(f"{BOARD} [data-testid=pagan-true-witch]")).to_have_count(0)
    expect(page.locator(f"{BOARD} .pg-villager.true-witch")).to_have_count(0)


def open_prepared(page: Page, game_id: str, seat: str, token: str) -> None:
    """Open a game stored by the test as the seat whose token the browser then keeps."""
    record = {"gameId": game_id, "seat": seat, "token": token, "game": "pagan", "saved": 1}
    page.evaluate(
        "([id, record]) => { localStorage.setItem('coven.seats', JSON.stringify({[id]: record}));"
        " location.hash = '#/game/' + id; }",
        [game_id, record],
    )
    page.wait_for_selector(MY_TURN)


def raid_table() -> Any:
    """The issue's table: the Hunter to act, a Clue on Doctor Annie and 2 on Stranger Sue (the
    blue villagers' only Clues) and a Secret on Doctor Annie to raid away."""
    s = new_game(seed=4)
    set_tokens(s, "doctor-annie", clues=1, secrets=1)
    set_tokens(s, "stranger-sue", clues=2)
    action_phase(s, HUNTER)
    return s


@pytest.mark.parametrize(
    "order",
    [
        ("doctor-annie", "stranger-sue", "stranger-sue"),
        ("stranger-sue", "stranger-sue", "doctor-annie"),
    ],
    ids="-".join,
)
def test_a_raid_paid_by_picking_villagers_on_the_board_is_paid(
    pages: Pages, page: Page, settings: Settings, order: tuple[str, ...]
) -> None:
    """Raid Doctor Annie, then pick Annie, Sue, Sue (or Sue, Sue, Annie) for the 3 Clues: the
    board offers a villager only while it has a Clue left to pick, and the Raid is paid, though
    the engine made the last payments itself."""
    game_id, tokens = store_state(settings, "pagan", raid_table())
    open_prepared(page, game_id, "hunter", tokens["hunter"])
    page.locator(f"{BOARD} [data-villager=doctor-annie] button[data-kind=RAID]").click()
    tray = page.locator(f"{BOARD} [data-testid=pagan-gather]")
    expect(tray).to_contain_text("0 / 3")
    pay = {v: page.locator(f"{BOARD} [data-villager={v}] button[data-kind=PAY]") for v in order}
    for k, villager in enumerate(order[:-1]):
        pay[villager].click()
        expect(tray).to_contain_text(f"{k + 1} / 3")
        left = order[k + 1 :].count(villager)
        expect(pay[villager]).to_have_count(1 if left else 0)  # no Clue left there: no pick
    pay[order[-1]].click()
    for villager in ("doctor-annie", "stranger-sue"):
        chip = page.locator(f"{BOARD} [data-villager={villager}] .pg-token.pg-clue")
        expect(chip).to_have_attribute("title", "0 Clues")
    secrets = page.locator(f"{BOARD} [data-villager=doctor-annie] .pg-token.pg-secret")
    expect(secrets).to_have_attribute("title", "0 Secrets")
    expect(page.locator(f"{BOARD} [data-testid=pagan-error]")).to_have_count(0)
    expect(page.locator(f"{BOARD} [data-testid=pagan-prompt]")).to_contain_text("2 pawns left")
