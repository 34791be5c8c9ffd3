"""Fixtures of the web client's end-to-end tests: a real API process and AI worker (the session's,
tests/conftest.py), Debian's headless Chromium driven by Playwright, and pages that fail their
test on any console error or uncaught exception. Every game a page's browser holds a seat token
of is resigned when the page's context closes (the open-games cap of 127.0.0.1)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    expect,
    sync_playwright,
)

CHROMIUM = "/usr/bin/chromium"
# As the machine's notes say: without the background-networking flags Chromium keeps trying
# Google's hosts, which this closed network refuses.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# Assertions wait as long as a page's actions do (20 s, below): Playwright's default of 5 s can
# be too short for Swagger UI to render when the suite runs on every core of a loaded machine.
expect.set_options(timeout=20_000)

RESIGN = "mutation ($id: ID!) { resign(gameId: $id) { status } }"


@pytest.fixture(scope="session")
def web(api: str, worker: Any) -> str:
    """The base URL of a real API serving the web client, with a real AI worker behind it."""
    return api


# Package scope: Playwright's sync API keeps an event loop running on the main thread while it
# is open, so every later test's asyncio.run would fail; it must end with tests/web.
@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    if shutil.which(CHROMIUM) is None:  # .ci/run installs it: fail, never skip
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Pages:
    """Opens pages, each in its own browser context (its own localStorage: another player),
    records their console errors, and cleans up after the test."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.browser = browser
        self.base = base
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []

    def open(
        self, path: str = "/", viewport: dict[str, int] | None = None, context: Any = None
    ) -> Page:
        if context is None:
            # Reduced motion: endless glows kept the software renderer drawing frames on a
            # board at rest; what a page shows is the same, still.
            context = self.browser.new_context(
                viewport=viewport or DESKTOP,  # type: ignore[arg-type]
                base_url=self.base,
                reduced_motion="reduce",
            )
            self.contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(20_000)

        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error":
                self.errors.append(f"console error on {page.url}: {message.text}")

        page.on("console", on_console)
        page.on("pageerror", lambda exc: self.errors.append(f"page error on {page.url}: {exc}"))
        page.goto(path)
        return page

    def tokens(self, context: BrowserContext) -> list[tuple[str, str]]:
        """(game id, token) of every seat this context's browser keeps."""
        pages = context.pages
        if not pages:
            return []
        with contextlib.suppress(Exception):
            raw = pages[0].evaluate("() => localStorage.getItem('coven.seats')")
            stored = json.loads(raw) if raw else {}
            return [(gid, seat["token"]) for gid, seat in stored.items()]
        return []

    def close(self) -> None:
        with httpx.Client(base_url=self.base, timeout=10) as client:
            for context in self.contexts:
                for game_id, token in self.tokens(context):
                    client.post(
                        "/graphql",
                        json={"query": RESIGN, "variables": {"id": game_id}},
                        headers={"Authorization": f"Bearer {token}"},
                    )
                context.close()


@pytest.fixture
def pages(browser: Browser, web: str) -> Iterator[Pages]:
    opened = Pages(browser, web)
    yield opened
    opened.close()
    assert opened.errors == [], "\n".join(opened.errors)


@pytest.fixture
def page(pages: Pages) -> Page:
    """The lobby in a fresh browser at 1280x800."""
    return pages.open("/")


@pytest.fixture
def screenshot(tmp_path: Path) -> Callable[[Page, str], Path]:
    """Saves a page's screenshot as <name>.png: in the test's tmp dir, or in the folder
    `COVEN_SCREENSHOTS` names (`scripts/screenshots` gives docs/screenshots, the README's): a test
    run changes no tracked file."""
    folder = Path(os.environ.get("COVEN_SCREENSHOTS") or tmp_path)

    def take(page: Page, name: str) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        page.evaluate("() => window.scrollTo(0, 0)")  # the screen as it opens, header first
        page.screenshot(path=str(path), full_page=False, animations="disabled")
        return path

    return take
