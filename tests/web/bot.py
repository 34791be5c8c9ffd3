"""A player bot: plays a game in the web client as a person would, by clicking only the board's
controls (never the list of legal moves under it), one visible, enabled button at a time, chosen
by a seeded policy that steers towards the kinds of action not used yet. It counts its clicks,
the actions it made by kind and every refusal it saw: the shell's or a board's error banner, an
HTTP error or a GraphQL error answered to one of its submissions, and English words on a page in
Spanish (tests/web/spanish.py)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Response, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.web.spanish import english_left

# What the bot sees of the page in one read: whether it is its decision (and the page idle: no
# submission in flight, which the shell shows by disabling its list), the game's version, the
# decision's kind and prompt, the gathered picks, and every control on the board: each enabled,
# visible move button drawn on it and its batch buttons (a Pantacle bribe with its payment). The
# shell's list of legal moves is outside `.board` and never clicked.
BUTTONS = ".board button[data-move-id]:not([disabled]), .board button[data-batch]:not([disabled])"
# What a refusal looks like on the page: the shell's banner, a Pagan batch's, a Pantacle batch's.
REFUSED = "[data-testid=pagan-error], .bar-error, .game-screen > .error:not([hidden])"
SEE = """(selector) => {
  const text = (s) => { const e = document.querySelector(s); return e ? e.textContent : null; };
  const board = document.querySelector('.pagan-board');
  const controls = [...document.querySelectorAll(selector)].map((b, i) => {
    const card = b.closest('.pg-card');
    const type = card ? [...card.classList].find(c => c.startsWith('pg-type-')) : null;
    const villager = b.closest('[data-villager]');
    return {
      i, visible: b.checkVisibility(), kind: b.dataset.kind || (b.dataset.batch ? 'BATCH' : ''),
      batch: b.dataset.batch || null, card: type ? type.slice(8) : null,
      villager: villager ? villager.dataset.villager : null,
    };
  });
  return {
    over: !!document.querySelector('.pill.over'),
    mine: !!document.querySelector('.pill.mine')
      && !document.querySelector('.move-list button[disabled]'),
    version: text('[data-testid=version]'),
    decision: board ? board.dataset.decisionKind || '' : '',
    pantacle: !!document.querySelector('.pantacle-board'),
    prompt: [...document.querySelectorAll('.moves .prompt')].map(e => e.textContent).join(' '),
    tray: text('[data-testid=pagan-gather]'),
    auto: !!document.querySelector('.moves .auto-note'),
    clues: Object.fromEntries([...document.querySelectorAll('.pg-villager')].map(v => {
      const chip = v.querySelector('.pg-token.pg-clue');
      return [v.dataset.villager, chip ? parseInt(chip.textContent, 10) || 0 : 0];
    })),
    controls: controls.filter(c => c.visible),
  };
}"""
READY = """() => !!document.querySelector('.pill.over') || (!!document.querySelector('.pill.mine')
  && !document.querySelector('.move-list button[disabled]'))"""
GATHER = re.compile(r"(\d+) / (\d+)")
HAND_LIMIT = re.compile(r"hand limit|límite de mano", re.IGNORECASE)
# Moves that end or pass up a step: taken when nothing else is worth it (else a turn never ends).
QUIET = {"DONE", "END", "SKIP", "PASS", "STOP"}

# The kinds of action the bot must use, by seat: what it counts (Tally.actions) is named so.
HUNTER_KINDS = (
    "raid", "raid-paid-raided-first", "raid-paid-raided-later", "ready", "eliminate",
    "exonerate", "discard-hand-limit",
    "play-ally", "play-event", "play-investigation", "play-location",
)  # fmt: skip
WITCH_KINDS = ("familiar", "brew", "play-brew", "play-charm", "play-enchantment", "play-familiar")
PAGAN_KINDS = HUNTER_KINDS + WITCH_KINDS
PANTACLE_KINDS = ("bribe", "pay", "pass")


@dataclass
class Tally:
    """What the bot did across its games."""

    games: list[str] = field(default_factory=list)
    clicks: int = 0
    actions: Counter[str] = field(default_factory=Counter)
    refusals: list[str] = field(default_factory=list)
    whole: list[str] = field(default_factory=list)  # the games played to their result panel
    kinds: Counter[str] = field(default_factory=Counter)  # the clicked moves by the API's kind

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "whole_games": self.whole,
            "clicks": self.clicks,
            "actions": dict(sorted(self.actions.items())),
            "clicked_kinds": dict(sorted(self.kinds.items())),
            "refusals": len(self.refusals),
        }


def _category(control: dict[str, Any], decision: str, prompt: str, pantacle: bool) -> list[str]:
    """The kinds of action a click on a control counts as (none for a plain one)."""
    kind = control["kind"]
    if pantacle:
        if control["batch"]:  # a bribe and its payment in one batch
            return ["bribe", "pay"]
        return [kind.lower()] if kind in ("BRIBE", "PAY", "PASS") else []
    if kind == "PLAY" and control["card"]:
        return [f"play-{control['card']}"]
    if kind in ("FAMILIAR", "EMPOWER"):
        return ["familiar"]
    if kind == "CONSUME":
        return ["brew"]
    if kind in ("RAID", "READY", "ELIMINATE", "EXONERATE"):
        return [kind.lower()]
    if decision == "DISCARD" and HAND_LIMIT.search(prompt):
        return ["discard-hand-limit"]
    return []


class Bot:
    """Plays one seat of one game on one page, counting into `tally`."""

    def __init__(self, page: Page, seed: int, tally: Tally, spanish: bool) -> None:
        self.page = page
        self.seed = seed
        self.rng = random.Random(seed)  # drawn afresh at each point of the game, in `step`
        self.tally = tally
        self.spanish = spanish
        self.answers: list[Response] = []
        self.raided: str | None = None  # the villager of a Raid whose payment is being picked
        self.raided_first = True
        self.paid: list[str] = []
        self.empty = 0  # the reads in a row that found no control on the board
        page.on("response", self._answered)

    def _answered(self, response: Response) -> None:
        request = response.request
        if request.method == "POST" and response.url.endswith("/graphql"):
            self.answers.append(response)

    def _check_answers(self) -> None:
        """Every submission the page made was answered without an error."""
        answers, self.answers = self.answers, []
        for response in answers:
            try:
                body = json.loads(response.request.post_data or "{}")
            except ValueError:
                continue
            query = str(body.get("query", ""))
            if not query.lstrip().startswith("mutation"):
                continue
            if response.status >= 400:
                self.refused(f"HTTP {response.status} to {query[:40]!r}")
                continue
            try:
                answer = response.json()
            except PlaywrightError:  # the page moved on before its answer was read
                continue
            if answer.get("errors"):
                self.refused(f"{query[:40]!r} refused: {answer['errors']}")

    def refused(self, what: str) -> None:
        self.tally.refusals.append(f"{self.page.url}: {what}")

    def check_language(self, where: str) -> None:
        if self.spanish:
            left = english_left(self.page)
            if left:
                self.refused(f"English on {where}: {left[:6]}")

    # -- choosing --------------------------------------------------------------------------------

    def weight(
        self, control: dict[str, Any], categories: list[str], clues: dict[str, int]
    ) -> float:
        """Unused kinds of action first, then what leads to one, then anything but ending a
        step."""
        if any(self.tally.actions[c] == 0 for c in categories):
            return 200.0
        orders = ("raid-paid-raided-first", "raid-paid-raided-later")
        if control["kind"] == "RAID" and not all(self.tally.actions[o] for o in orders):
            return 200.0  # a Raid is needed for each order of its payment's picks
        if control["kind"] in QUIET:
            return 0.4
        kind, villager = control["kind"], control["villager"]
        if kind == "DRAW" and self.tally.actions["discard-hand-limit"] == 0:
            return 8.0  # a full hand brings a discard at the hand limit
        hunting = self.tally.actions["eliminate"] == 0 or self.tally.actions["exonerate"] == 0
        if hunting and villager in clues:
            # Eliminate asks 3 Clues on the target and 1 on every other villager; Exonerate
            # 3 Evidence, which a visit to a villager with 3 Clues gives: spread Clues, then
            # visit where they are.
            if kind == "PLACE":
                return 12.0 / (1 + clues[villager])
            if kind == "VISIT":
                return 10.0 if clues[villager] >= 3 else 2.0
            if kind in ("RAID", "REMOVE"):
                return 0.3  # both spend the Clues an Eliminate needs
        return 1.5 if categories else 2.0

    def pick_payment(self, controls: list[dict[str, Any]]) -> dict[str, Any] | None:
        """A Raid's payment, picked on the villagers: the raided one's Clues first in one Raid,
        another villager's first in the next."""
        if self.raided is None:
            return None
        pays = [c for c in controls if c["kind"] == "PAY" and c["villager"]]
        own = [c for c in pays if c["villager"] == self.raided]
        others = [c for c in pays if c["villager"] != self.raided]
        group = (own or others) if self.raided_first or self.paid else (others or own)
        return self.rng.choice(group) if group else None

    def choose(self, seen: dict[str, Any]) -> dict[str, Any]:
        controls, decision, prompt = seen["controls"], seen["decision"], seen["prompt"]
        clues, pantacle = seen["clues"], seen["pantacle"]
        if decision == "PAY_TOKENS":
            paying = self.pick_payment(controls)
            if paying is not None:
                return paying
        weights = [
            self.weight(c, _category(c, decision, prompt, pantacle), clues) for c in controls
        ]
        return self.rng.choices(controls, weights=weights)[0]

    # -- playing ---------------------------------------------------------------------------------

    def see(self) -> dict[str, Any]:
        seen: dict[str, Any] = self.page.evaluate(SEE, BUTTONS)
        return seen

    def step(self, seen: dict[str, Any]) -> None:
        """One click on the board (a decision, or one pick of a gathered one)."""
        page = self.page
        before = seen["version"]
        if seen["auto"]:  # passing is the only move, and the page passes by itself
            expect(page.locator("[data-testid=version]")).not_to_have_text(before, timeout=15_000)
            self.tally.actions["pass-by-itself"] += 1
            return
        controls = seen["controls"]
        if not controls:
            # Redrawn meanwhile: look again; a decision with nothing to click on the board for
            # seconds is one a player could make only from the list, which fails the test.
            self.empty += 1
            if self.empty > 50:
                self.refused(f"no control on the board for {seen['prompt']!r} at {before}")
            page.wait_for_timeout(100)
            return
        self.empty = 0
        decision, prompt = seen["decision"], seen["prompt"]
        # Seeded by the point of the game (its version, the picks gathered), not drawn on from
        # one stream: a click tried again after a redraw chooses as the first try did, and the
        # same seed plays the same game on any machine.
        self.rng = random.Random(f"{self.seed}/{before}/{seen['tray'] or ''}")
        control = self.choose(seen)
        try:
            page.locator(BUTTONS).nth(control["i"]).click(timeout=5_000)
        except PlaywrightError:  # redrawn under the pointer by a live update: choose again
            return
        self.tally.clicks += 1
        for category in _category(control, decision, prompt, seen["pantacle"]):
            self.tally.actions[category] += 1
        self.tally.kinds[control["kind"]] += 1
        self.follow_raid(control, decision)
        gathered = GATHER.search(seen["tray"] or "")
        local = gathered is not None and control["kind"] != "DONE"
        self.wait_past(before, int(gathered.group(1)) + 1 if gathered and local else None)

    def follow_raid(self, control: dict[str, Any], decision: str) -> None:
        """Remember a Raid's villager and its payment's picks, to count the order they came in:
        the raided villager's Clues first, or after another villager's."""
        if control["kind"] == "RAID":
            self.raided = control["villager"]
            self.paid = []
            # Alternate: first the order not seen yet, then either.
            first = self.tally.actions["raid-paid-raided-first"]
            later = self.tally.actions["raid-paid-raided-later"]
            self.raided_first = first <= later if first != later else self.rng.random() < 0.5
        elif decision == "PAY_TOKENS" and self.raided is not None and control["villager"]:
            self.paid.append(control["villager"])
            if self.paid == [self.raided]:
                self.tally.actions["raid-paid-raided-first"] += 1
            elif control["villager"] == self.raided and self.paid.count(self.raided) == 1:
                self.tally.actions["raid-paid-raided-later"] += 1
        elif decision != "PAY_TOKENS":
            self.raided = None

    def wait_past(self, before: str, picked: int | None) -> None:
        """Until the game moved past `before`, the board gathered pick `picked`, or a refusal."""
        try:
            self.page.wait_for_function(
                """([before, picked]) => {
                  const version = document.querySelector('[data-testid=version]');
                  if (version && version.textContent !== before) return true;
                  const refused = document.querySelector(REFUSED);
                  if (refused && refused.textContent.trim()) return true;
                  const tray = document.querySelector('[data-testid=pagan-gather]');
                  const m = tray && /(\\d+) \\/ (\\d+)/.exec(tray.textContent);
                  return picked !== null && !!m && Number(m[1]) === picked;
                }""".replace("REFUSED", json.dumps(REFUSED)),
                arg=[before, picked],
                timeout=60_000,
            )
        except PlaywrightTimeoutError:
            self.refused(f"nothing happened after a click at {before}")
        for banner in self.page.locator(REFUSED).all():
            text = banner.inner_text().strip()
            if text:
                self.refused(f"banner: {text}")
        self._check_answers()

    def play(
        self, least: int, wanted: tuple[str, ...] = (), most: int = 0, check_every: int = 20
    ) -> bool:
        """Play until the game ends (True, with the result panel shown), or is cut: after
        `least` clicks once every kind in `wanted` has been used, after `most` at the latest."""
        page = self.page
        start = self.tally.clicks
        while True:
            page.wait_for_function(READY, timeout=90_000)
            seen = self.see()
            if seen["over"]:
                break
            if not seen["mine"]:
                continue
            made = self.tally.clicks - start
            steered = all(self.tally.actions[k] for k in wanted)
            if made >= max(least, most) or (made >= least and steered):
                self.check_language("the board")
                self._check_answers()
                return False
            if made % check_every == check_every - 1:
                self.check_language("the board")
            self.step(seen)
            assert self.tally.refusals == [], self.tally.refusals
        expect(page.locator("[data-testid=outcome]")).to_be_visible()
        self.check_language("the result panel")
        self._check_answers()
        return True
