"""The replay viewer in Chromium: a finished Pagan game with an AI Hunter replayed from each
seat's viewpoint and with everything shown, the AI's weighed moves and the Hunter's belief as a
bar per villager; stepping by decision and by turn with the keyboard and the buttons; a link to a
position opening that position; a finished Pantacle game replayed; and a game still going on
refused in words."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import DESKTOP, PHONE, Pages
from tests.web.play import click_a_move, wait_for_turn
from tests.web.test_accessibility import CONTROLS, scan
from tests.web.test_pagan_board import start_pagan_game

pytestmark = pytest.mark.slow


def _finished_ai_game(web: str, game: str, options: dict[str, Any], seats: list[str]) -> str:
    with httpx.Client(base_url=web, timeout=30) as client:
        created = client.post(
            "/api/v1/games",
            json={
                "game": game,
                "options": options,
                "seats": [{"seat": s, "kind": "ai", "level": "novice"} for s in seats],
            },
        )
        assert created.status_code == 201, created.text
        game_id = str(created.json()["id"])
        for _ in range(900):
            if client.get(f"/api/v1/games/{game_id}").json()["status"] != "active":
                return game_id
            time.sleep(0.2)
    raise AssertionError("the AI game did not end")


def _record(web: str, game_id: str) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(f"{web}/api/v1/games/{game_id}/record", timeout=30).json()
    return data


def test_a_pagan_game_with_an_ai_hunter_replayed_from_every_viewpoint_with_his_belief(
    pages: Pages, web: str, screenshot: Callable[[Page, str], Path]
) -> None:
    game_id = _finished_ai_game(web, "pagan", {"max_turns": 2}, ["hunter", "witch"])
    record = _record(web, game_id)
    searched = next(
        d
        for d in record["decisions"]
        if d["seat"] == "hunter"
        and d.get("ai", {}).get("how") == "searched"
        and d["version"] < record["version"]  # a decision to step on to
    )
    at = searched["version"]
    # A link to a position opens that position.
    page = pages.open(f"/#/replay/{game_id}?v={at}&as=hunter")
    expect(page.locator(".replay-version")).to_contain_text(f"Decision {at} of {record['version']}")
    belief = page.locator(".belief li")
    expect(belief).to_have_count(9)
    assert page.locator(".belief meter").count() == 9
    expect(page.locator(".ai-thought table.weighed tbody tr")).to_have_count(
        len(searched["ai"]["weighed"])
    )
    expect(page.locator(".ai-thought tr.chosen")).to_have_count(1)
    expect(page.locator(".board")).to_have_count(1)
    # Nobody in this browser played this all-AI game: no seat is marked "you".
    expect(page.locator(".board h3")).to_have_count(2)
    expect(page.locator(".board h3", has_text="(you)")).to_have_count(0)
    screenshot(page, "replay-pagan-desktop")
    scan(page, "the replay viewer")
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    expect(page.locator(".belief li")).to_have_count(9)
    assert page.evaluate(CONTROLS) == [], "controls under 44x44 px on a phone"
    screenshot(page, "replay-pagan-phone")
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]

    # The same position from the Witch, a spectator and everything.
    page.select_option("#replay-viewpoint", "witch")
    expect(page).to_have_url(f"{web}/#/replay/{game_id}?v={at}&as=witch")
    expect(page.locator(".board[data-seat=witch]")).to_have_count(1)
    screenshot(page, "replay-pagan-witch-desktop")
    page.select_option("#replay-viewpoint", "")
    expect(page).to_have_url(f"{web}/#/replay/{game_id}?v={at}")
    expect(page.locator(".board[data-seat='']")).to_have_count(1)
    page.select_option("#replay-viewpoint", "all")
    expect(page.locator(".replay-seat .board")).to_have_count(2)
    screenshot(page, "replay-pagan-everything-desktop")

    # Stepping: the keyboard by decision and by turn, the buttons to either end.
    page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-version")).to_contain_text(f"Decision {at + 1} of")
    expect(page).to_have_url(f"{web}/#/replay/{game_id}?v={at + 1}&as=all")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".replay-version")).to_contain_text(f"Decision {at} of")
    page.click(".replay-end")
    expect(page.locator(".replay-version")).to_contain_text(
        f"Decision {record['version']} of {record['version']}"
    )
    page.keyboard.press("Home")
    expect(page.locator(".replay-version")).to_contain_text("Decision 0 of")
    page.keyboard.press("PageDown")
    expect(page.locator(".replay-version")).not_to_contain_text("Decision 0 of")
    expect(page.locator(".log-list li.current")).to_have_count(1)

    # In Spanish, the same position (the one stepped to, not the one first opened).
    page.keyboard.press("Home")
    page.select_option("#replay-viewpoint", "hunter")
    for _ in range(at):
        page.keyboard.press("ArrowRight")
    expect(page).to_have_url(f"{web}/#/replay/{game_id}?v={at}&as=hunter")
    page.select_option("#lang", "es")
    expect(page.locator(".replay-version")).to_contain_text(f"Decisión {at} de")
    expect(page.locator(".ai-thought h2")).to_have_text("Lo que pensó la IA")
    expect(page.locator(".belief li")).to_have_count(9)
    screenshot(page, "replay-pagan-desktop-es")


def test_a_pantacle_replay_and_a_running_game_refused_in_words(pages: Pages, web: str) -> None:
    game_id = _finished_ai_game(web, "pantacle", {"players": 2}, ["seat-0", "seat-1"])
    record = _record(web, game_id)
    page = pages.open(f"/#/replay/{game_id}?v={record['version']}&as=seat-0")
    expect(page.locator(".replay-version")).to_contain_text(
        f"Decision {record['version']} of {record['version']}"
    )
    expect(page.locator(".board")).to_have_count(1)
    page.click(".replay-prev")
    expect(page.locator(".replay-version")).to_contain_text(f"Decision {record['version'] - 1} of")
    # An AI seat's searched decision: the moves it weighed, and no belief (Pantacle has none).
    searched = next(d for d in record["decisions"] if d.get("ai", {}).get("how") == "searched")
    page.goto(f"/#/replay/{game_id}?v={searched['version']}&as=all")
    expect(page.locator(".ai-thought table.weighed tbody tr")).to_have_count(
        len(searched["ai"]["weighed"])
    )
    expect(page.locator(".ai-thought tr.chosen")).to_have_count(1)
    expect(page.locator(".belief")).to_have_count(0)
    expect(page.locator(".replay-seat .board")).to_have_count(2)

    with httpx.Client(base_url=web, timeout=30) as client:
        running = client.post(
            "/api/v1/games",
            json={
                "game": "pantacle",
                "options": {"players": 2},
                "seats": [{"seat": "seat-0", "kind": "human"}, {"seat": "seat-1", "kind": "human"}],
            },
        ).json()
    other = pages.open(f"/#/replay/{running['id']}")
    expect(other.locator(".error")).to_contain_text("not over yet")
    token = running["tokens"]["seat-0"]
    resigned = httpx.post(
        f"{web}/api/v1/games/{running['id']}/resign",
        headers={"Authorization": f"Bearer {token}"},
        json={},
        timeout=30,
    )
    assert resigned.status_code == 200, resigned.text


def test_a_record_file_opened_from_the_lobby_is_checked_then_replayed(
    pages: Pages, web: str, tmp_path: Path
) -> None:
    game_id = _finished_ai_game(web, "pagan", {"max_turns": 2}, ["hunter", "witch"])
    record = _record(web, game_id)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    page = pages.open("/")
    page.set_input_files("#f-record", str(path))
    expect(page).to_have_url(f"{web}/#/replay-file?v=0")
    expect(page.locator(".replay-file-note")).to_contain_text("its seed matches the commitment")
    expect(page.locator(".board")).to_have_count(1)
    page.select_option("#replay-viewpoint", "all")
    expect(page.locator(".replay-seat .board")).to_have_count(2)
    page.click(".replay-end")
    expect(page.locator(".replay-version")).to_contain_text(
        f"Decision {record['version']} of {record['version']}"
    )
    hunter = next(d for d in record["decisions"] if d.get("ai", {}).get("belief"))
    page.keyboard.press("Home")
    for _ in range(hunter["version"]):
        page.keyboard.press("ArrowRight")
    expect(page.locator(".replay-version")).to_contain_text(f"Decision {hunter['version']} of")
    expect(page.locator(".belief meter")).to_have_count(9)
    # A reload keeps the file's record (this tab's storage).
    page.reload()
    expect(page.locator(".replay-version")).to_contain_text(f"Decision {hunter['version']} of")

    # A tampered file is checked and refused, in words.
    record["decisions"][0]["state_hash"] = "0" * 64
    path.write_text(json.dumps(record))
    other = pages.open("/")
    other.set_input_files("#f-record", str(path))
    expect(other.locator(".error")).to_contain_text("does not replay as it says")
    expect(other.locator(".board")).to_have_count(0)


def test_a_finished_game_opens_its_replay_from_the_result_and_from_your_games(
    pages: Pages, page: Page, web: str
) -> None:
    game_id = start_pagan_game(page)  # this browser is the Witch, the Hunter a novice AI
    rng = random.Random(5)
    for _ in range(60):  # the Witch plays until the AI Hunter has moved
        assert wait_for_turn(page)
        seats = [d["seat"] for d in _record(web, game_id)["decisions"]]
        if "hunter" in seats:
            break
        click_a_move(page, rng, board_first=False)
    assert wait_for_turn(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(".tools .resign")
    expect(page.locator(".game-over")).to_be_visible()
    page.click(".game-over a.replay")
    expect(page).to_have_url(f"{web}/#/replay/{game_id}?v=0&as=witch")
    expect(page.locator(".replay-version")).to_contain_text("Decision 0 of")
    # "you" is this browser's seat, the Witch, whoever the replay is seen by.
    you = page.locator(".board h3", has_text="(you)")
    for viewpoint, boards in (("witch", 1), ("hunter", 1), ("all", 2)):
        page.select_option("#replay-viewpoint", viewpoint)
        expect(page.locator(".board")).to_have_count(boards)
        expect(you).to_have_count(boards)
        for heading in you.all():
            expect(heading).to_contain_text("Witch")
    page.select_option("#replay-viewpoint", "witch")
    record = _record(web, game_id)
    hunter = next(d for d in record["decisions"] if d.get("ai", {}).get("belief"))
    for _ in range(hunter["version"]):
        page.click(".replay-next")
    expect(page.locator(".replay-version")).to_contain_text(f"Decision {hunter['version']} of")
    expect(page.locator(".belief meter")).to_have_count(9)

    page.goto("/#/")
    mine = page.locator(f".my-games li[data-game-id='{game_id}']")
    mine.locator("a.replay").click()
    expect(page).to_have_url(f"{web}/#/replay/{game_id}?v=0&as=witch")
    expect(page.locator(".board[data-seat=witch]")).to_have_count(1)
