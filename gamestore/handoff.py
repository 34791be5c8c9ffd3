"""The AI-turn handoff: how a turn passes from whoever wrote the last move to the AI workers.

- `ai_to_move`: the one rule of whether an AI seat is to move now;
- the task names, which the API sends by name and the workers register under;
- `hand_out` and `resume_stalled`: the API's side (mark the turn handed out, then enqueue it;
  or enqueue it again when nobody did within the stall time, see
  `Store.claim_stalled_ai_turn`); the workers mark and enqueue the next turn themselves;
- `celery_app` and `AIQueue`: the Celery app both sides are configured by, and the send-only
  client the API enqueues with, so that the API never imports the workers.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final

from celery import Celery

from gamestore import clocks, stalls
from gamestore.records import ACTIVE, GameRecord, SeatConfig
from gamestore.settings import Settings
from gamestore.store import Store

PLAY_AI_TURN: Final = "workers.tasks.play_ai_turn"
"""(game id, version): play the AI seat's move at that version."""
SEARCH_TREE: Final = "workers.tasks.search_tree"
"""(game id, version, job): grow one tree of an `expert` decision (a chord's header)."""
FINISH_TURN: Final = "workers.tasks.finish_turn"
"""(trees, game id, version, started): merge the trees and move (a chord's body)."""
ANALYSE: Final = "workers.tasks.analyse"
"""(game id, version, seat, level, request id): a hint, left in the store for the API."""

DISPATCH_WEBHOOKS: Final = "workers.tasks.dispatch_webhooks"
"""(game id): turn what changed in the game since its last hand-out into webhook deliveries
(see `gamestore.webhooks`)."""
DELIVER_WEBHOOK: Final = "workers.tasks.deliver_webhook"
"""(game id, seat, webhook id, notice): POST one notice to one webhook, retried with backoff."""
WEBHOOK_TASKS: Final = (DISPATCH_WEBHOOKS, DELIVER_WEBHOOK)

Enqueue = Callable[[str, str, list[Any]], Awaitable[None]]
"""(task name, game id, the task's other arguments): hand a task to the workers."""


def ai_to_move(record: GameRecord, to_move: str | None) -> SeatConfig | None:
    """The AI seat whose decision it is (`to_move`, in the game as `record` holds it), or None
    when the game is over or the seat to move is a human's (a human seat an AI plays since it
    timed out, see `gamestore.clocks`, is the AI's)."""
    config = record.seat_config(to_move) if to_move is not None else None
    if config is None or record.status != ACTIVE:
        return None
    if config.kind == "human":
        # A human seat that timed out is played by the AI of its clock until its player is back.
        level = clocks.away_level(record, config.seat)
        return None if level is None else SeatConfig(config.seat, "ai", level)
    return config


async def hand_out(store: Store, enqueue: Enqueue, record: GameRecord, to_move: str | None) -> None:
    """Enqueue the AI's turn at `record`'s version when an AI seat is to move."""
    if ai_to_move(record, to_move) is not None:
        await store.mark_ai_enqueued(record.id, record.version)
        await stalls.watch(store.redis, store.keys, record.id)  # for the workers' sweeper
        await enqueue(PLAY_AI_TURN, record.id, [record.version])


async def resume_stalled(
    store: Store, enqueue: Enqueue, record: GameRecord, to_move: str | None
) -> None:
    """An AI seat to move whose turn nobody handed out within the stall time (the process that
    wrote the last move died before enqueueing it): enqueue it again. A duplicate task is
    harmless: only one move can be written at a version."""
    if ai_to_move(record, to_move) is not None and await store.claim_stalled_ai_turn(
        record.id, record.version
    ):
        await enqueue(PLAY_AI_TURN, record.id, [record.version])


def celery_app(settings: Settings) -> Celery:
    """The Celery app as both sides configure it: broker, queue, message format, late
    acknowledgement with one message prefetched, and no result backend (the API only sends
    tasks by name; the workers add the backend their chords need)."""
    app = Celery("coven", broker=settings.broker_url)
    app.conf.update(
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_default_queue=settings.ai_queue,
        task_routes={
            ANALYSE: {"queue": settings.hint_queue},
            # A slow or failing receiver never delays an AI turn.
            **{task: {"queue": settings.webhook_queue} for task in WEBHOOK_TASKS},
        },
        task_ignore_result=True,
        task_serializer="json",
        accept_content=["json"],
        broker_connection_retry_on_startup=True,
        broker_transport_options={
            "visibility_timeout": settings.ai_visibility_timeout_seconds,
            "unacked_restore_interval": settings.ai_restore_interval_seconds,
        },
        worker_hijack_root_logger=False,
        worker_send_task_events=False,
        task_send_sent_event=False,
    )
    return app


class AIQueue:
    """Hands AI work to the Celery workers without blocking the event loop.

    `send_task` blocks for about a millisecond (it talks to the broker), so it runs on a small
    thread pool; the API never waits for the AI's move itself.
    """

    def __init__(
        self,
        celery: Celery,
        queue: str,
        hint_queue: str | None = None,
        webhook_queue: str | None = None,
    ) -> None:
        self.celery = celery
        self.queue = queue
        # Hints go to workers of their own: a flood of them never delays an AI turn.
        self.hint_queue = hint_queue or queue
        self.webhook_queue = webhook_queue or queue
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="enqueue")

    async def enqueue(self, task: str, game_id: str, args: list[Any]) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._pool, self._send, task, [game_id, *args])

    def _send(self, task: str, args: list[Any]) -> None:
        if task == ANALYSE:
            queue = self.hint_queue
        elif task in WEBHOOK_TASKS:
            queue = self.webhook_queue
        else:
            queue = self.queue
        self.celery.send_task(task, args=args, queue=queue)

    def close(self) -> None:
        self._pool.shutdown(wait=True)
