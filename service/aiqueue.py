"""Hands AI work to the Celery workers without blocking the event loop.

`send_task` blocks for about a millisecond (it talks to the broker), so it runs on a small
thread pool; the API never waits for the AI's move itself.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from celery import Celery


class AIQueue:
    def __init__(self, celery: Celery, queue: str) -> None:
        self.celery = celery
        self.queue = queue
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="enqueue")

    async def enqueue(self, task: str, game_id: str, args: list[Any]) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._pool, self._send, task, [game_id, *args])

    def _send(self, task: str, args: list[Any]) -> None:
        self.celery.send_task(task, args=args, queue=self.queue)

    def close(self) -> None:
        self._pool.shutdown(wait=True)
