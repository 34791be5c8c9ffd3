"""A stalled AI turn is picked up again: if the process that wrote a move died before handing
the AI's turn to the workers, the next read of the game enqueues it (once per stall window).
Real Redis; the enqueue is recorded rather than sent, since which task runs is not the point."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from redis.asyncio import Redis

from gamestore.settings import Settings
from gamestore.store import Store
from service.games import GameService

AI_WITCH = [{"seat": "witch", "kind": "ai", "level": "novice"}, {"seat": "hunter", "kind": "human"}]
HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]


def _quick(settings: Settings) -> Settings:
    return settings.model_copy(update={"ai_stall_seconds": 1})


async def _reads(settings: Settings, seats: list[dict[str, str]]) -> list[list[Any]]:
    """Create a game, then read it at once, after the stall window, and at once again; the
    tasks enqueued by each step."""
    client = Redis.from_url(settings.redis_url)
    enqueued: list[Any] = []

    async def enqueue(task: str, game_id: str, args: list[Any]) -> None:
        enqueued.append((task, game_id, args))

    service = GameService(Store(client, settings), enqueue)
    steps: list[list[Any]] = []
    try:
        created = await service.create("pagan", None, "stall", seats, "127.0.0.1")
        steps.append(list(enqueued))
        for pause in (0.0, 1.2, 0.0):
            enqueued.clear()
            await asyncio.sleep(pause)
            await service.read(created["id"], None)
            steps.append(list(enqueued))
    finally:
        await client.aclose()
    return steps


@pytest.mark.slow
def test_a_read_after_the_stall_window_enqueues_the_ai_turn_again_once(settings: Settings) -> None:
    created, at_once, after_stall, again = asyncio.run(_reads(_quick(settings), AI_WITCH))
    assert [task for task, _, _ in created] == ["workers.tasks.play_ai_turn"]
    game_id = created[0][1]
    assert at_once == []  # handed out moments ago: the worker has it
    assert after_stall == [("workers.tasks.play_ai_turn", game_id, [0])]
    assert again == []  # one nudge per window, however many readers


@pytest.mark.slow
def test_a_human_turn_is_never_enqueued_for_the_ai(settings: Settings) -> None:
    steps = asyncio.run(_reads(_quick(settings), HUMANS))
    assert steps == [[], [], [], []]
