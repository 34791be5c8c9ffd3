"""Undo from the board, in Chromium against the real API: the Undo button appears exactly when the
service says the seat may take back a decision (`canUndo`), takes it back (the board as it was,
the log saying so), and is gone after a move that read a secret (a draw), in Pagan and in
Pantacle, in English and in Spanish."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.web.conftest import Pages

UNDO = "[data-testid=undo]"
VERSION = "[data-testid=version]"


def create(web: str, game: str, seed: str, options: dict[str, Any], seats: list[str]) -> Any:
    with httpx.Client(base_url=web, timeout=30) as client:
        r = client.post(
            "/api/v1/games",
            json={
                "game": game,
                "seed": seed,
                "options": options,
                "seats": [{"seat": s, "kind": "human"} for s in seats],
            },
        )
        assert r.status_code == 201, r.text
        return r.json()


def play(web: str, game_id: str, token: str, moves: list[str]) -> None:
    """The other seat's moves, over REST (it plays in no browser)."""
    with httpx.Client(base_url=web, timeout=30) as client:
        for move in moves:
            version = client.get(f"/api/v1/games/{game_id}").json()["version"]
            r = client.post(
                f"/api/v1/games/{game_id}/moves",
                headers={"Authorization": f"Bearer {token}"},
                json={"version": version, "move_id": move},
            )
            assert r.status_code == 200, r.text


def open_as(page: Page, game: str, game_id: str, seat: str, token: str) -> None:
    record = {"gameId": game_id, "seat": seat, "token": token, "game": game, "saved": 1}
    page.evaluate(
        "([id, record]) => { localStorage.setItem('coven.seats', JSON.stringify({[id]: record}));"
        " location.hash = '#/game/' + id; }",
        [game_id, record],
    )
    page.wait_for_selector(".pill.mine")


def click(page: Page, move_id: str) -> None:
    before = page.locator(VERSION).inner_text()
    page.locator(f"[data-move-id='{move_id}']:not([disabled])").first.click()
    expect(page.locator(VERSION)).not_to_have_text(before)


def take_back(page: Page, at: str) -> None:
    page.locator(UNDO).click()
    expect(page.locator(VERSION)).not_to_have_text(at)


def test_pagan_the_hunter_takes_back_a_visit_from_the_board_and_cannot_after_a_draw(
    pages: Pages, page: Page, web: str
) -> None:
    created = create(web, "pagan", "7", {}, ["witch", "hunter"])
    game_id, tokens = created["id"], created["tokens"]
    witch_turn = [
        "visit:doctor-annie",
        "place:doctor-annie",
        "place:doctor-annie",
        "visit:beau-johnson",
        "place:preacher-wulfric",
    ]
    play(web, game_id, tokens["witch"], witch_turn)
    open_as(page, "pagan", game_id, "hunter", tokens["hunter"])
    # The Witch decided last: nothing of the Hunter's to take back.
    expect(page.locator(VERSION)).to_have_text("v5")
    expect(page.locator(UNDO)).to_have_count(0)

    click(page, "visit:stranger-sue")
    expect(page.locator(UNDO)).to_have_text("Undo")
    take_back(page, "v6")
    expect(page.locator(VERSION)).to_have_text("v7")
    expect(page.locator(UNDO)).to_have_count(0)  # back at the start of the turn
    expect(page.locator("[data-move-id='visit:stranger-sue']").first).to_be_enabled()
    expect(page.locator(".log")).to_contain_text("took back a move")

    # A draw shows the Hunter a card: it cannot be taken back, nor what came before it.
    click(page, "visit:stranger-sue")
    take_back(page, "v8")
    click(page, "draw")
    expect(page.locator(".pill.mine")).to_have_count(1)  # still the Hunter's decision
    expect(page.locator(UNDO)).to_have_count(0)


def test_pantacle_a_bribe_is_taken_back_from_the_board_in_spanish(
    pages: Pages, page: Page, web: str
) -> None:
    created = create(web, "pantacle", "8", {"players": 2}, ["seat-0", "seat-1"])
    game_id, tokens = created["id"], created["tokens"]
    play(web, game_id, tokens["seat-0"], ["favor:bewitchment"])
    page.select_option("#lang", "es")
    open_as(page, "pantacle", game_id, "seat-1", tokens["seat-1"])
    expect(page.locator(UNDO)).to_have_count(0)
    click(page, "bribe")
    expect(page.locator(UNDO)).to_have_text("Deshacer")
    click(page, "pay:oracle-full")
    take_back(page, "v3")
    expect(page.locator(UNDO)).to_have_text("Deshacer")
    take_back(page, "v4")
    expect(page.locator(VERSION)).to_have_text("v5")
    expect(page.locator(UNDO)).to_have_count(0)
    expect(page.locator("[data-move-id='bribe']").first).to_be_enabled()
    expect(page.locator(".log")).to_contain_text("deshizo una jugada")
