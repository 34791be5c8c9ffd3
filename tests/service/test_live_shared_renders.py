"""The per-process fan-out renders each change once per seat kind and language, however many
streams watch: forty streams (spectators and a seat, English and Spanish, full and patch mode)
on one game, through a join (a change of seats at the same version) and a move."""

from __future__ import annotations

import asyncio
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest
from redis.asyncio import Redis

from gamestore import patch
from gamestore.records import GameRecord
from gamestore.settings import Settings
from gamestore.store import Store
from service import fanout
from service.fanout import LiveHub, Update, seat_updates
from service.games import GameService
from service.live import Broadcaster

PER_KIND = 5


class CountingService(GameService):
    """Counts its renders by (version, open seats, seat)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.renders: Counter[tuple[int, tuple[str, ...], str | None]] = Counter()

    async def render(
        self,
        record: GameRecord,
        seat: str | None,
        events_after: int | None = None,
        events_limit: int | None = None,
    ) -> dict[str, Any]:
        self.renders[(record.version, tuple(record.open_seats()), seat)] += 1
        return await super().render(record, seat, events_after, events_limit)


def test_each_change_is_rendered_once_per_seat_kind_and_language_and_patched_once(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    diffs = 0
    diff = patch.diff

    def counted(before: Any, after: Any, path: str = "") -> list[dict[str, Any]]:
        nonlocal diffs
        diffs += path == ""  # the top call of a diff, not its recursion
        return diff(before, after, path)

    # The fan-out's diffs only (a move's event carries a diff of its own, made by the commit).
    monkeypatch.setattr(fanout, "patch", SimpleNamespace(diff=counted))

    async def scenario() -> tuple[CountingService, list[list[Update]]]:
        client = Redis.from_url(settings.redis_url)
        broadcaster = Broadcaster(client)
        service = CountingService(
            Store(client, settings.model_copy(update={"max_open_games_per_address": 0})),
            lambda game_id, version: None,
        )
        hub = LiveHub(service, broadcaster)
        seats = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "open"}]
        created = await service.create("pagan", None, None, seats, "127.0.0.1")
        game_id, witch = created["id"], created["tokens"]["witch"]
        kinds = [(token, lang, lang == "es") for token in (None, witch) for lang in ("en", "es")]
        received: list[list[Update]] = []
        queues: list[asyncio.Queue[Update]] = []

        async def follow(token: str | None, lang: str, patches: bool) -> None:
            messages: list[Update] = []
            received.append(messages)
            queue: asyncio.Queue[Update] = asyncio.Queue()
            queues.append(queue)
            async for update in seat_updates(hub, game_id, token, 60, patches=patches, lang=lang):
                assert update is not None
                messages.append(update)
                queue.put_nowait(update)

        async def everyone_gets_one() -> None:
            async with asyncio.timeout(20):
                for queue in queues:
                    await queue.get()

        tasks = [
            asyncio.create_task(follow(token, lang, patches))
            for token, lang, patches in kinds
            for _ in range(PER_KIND)
        ]
        try:
            while len(queues) < len(tasks):
                await asyncio.sleep(0.01)
            await everyone_gets_one()
            await service.join(game_id, "hunter", "Robin")
            await everyone_gets_one()
            counted = Counter(service.renders)
            game = await service.read(game_id, witch)  # the test's own read: not counted
            service.renders = counted
            await service.move(game_id, witch, 0, game["legal_moves"][0]["id"])
            await everyone_gets_one()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await broadcaster.close()
            await client.aclose()
        return service, received

    service, received = asyncio.run(scenario())
    assert all(len(messages) == 3 for messages in received)
    # Three marks (the new game, the join, the move), two seat kinds, two languages each.
    assert len(service.renders) == 3 * 2
    assert set(service.renders.values()) == {2}, service.renders
    # The patch-mode streams (Spanish here): one patch per change and seat kind.
    assert diffs == 2 * 2
