"""The Celery app: `celery -A workers.app worker` runs the AI seats' turns.

Late acknowledgement with one message prefetched: a task is acknowledged only after it ran, so
a worker that dies mid-task leaves its message to be delivered again (at once when a pool
child dies, after the visibility timeout when the whole worker dies). Tasks are idempotent
(see `workers.tasks`), so a second delivery never makes a second move.
"""

from __future__ import annotations

from celery import Celery

from service.settings import Settings, get_settings


def make_app(settings: Settings | None = None) -> Celery:
    settings = settings or get_settings()
    app = Celery("coven", broker=settings.broker_url, include=["workers.tasks"])
    app.conf.update(
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_default_queue=settings.ai_queue,
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


app = make_app()
