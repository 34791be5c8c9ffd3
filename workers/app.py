"""The Celery app: `celery -A workers.app worker` runs the AI seats' turns.

Late acknowledgement with one message prefetched: a task is acknowledged only after it ran, so
a worker that dies mid-task leaves its message to be delivered again (at once when a pool
child dies, after the visibility timeout when the whole worker dies). Tasks are idempotent
(see `workers.tasks`), so a second delivery never makes a second move.

Results are ignored, except those of the `search_tree` tasks: the trees of an `expert` turn
run as the header of a Celery chord, whose body needs their results. They go to the game Redis
(under the service's key prefix) and expire soon after.
"""

from __future__ import annotations

from celery import Celery

from service.settings import Settings, get_settings

RESULT_EXPIRES_SECONDS = 3600
"""How long a tree's result (and a chord's bookkeeping) stays in Redis: far longer than a
turn's trees wait in the queue, far shorter than Celery's default day."""


def make_app(settings: Settings | None = None, *, results: bool = False) -> Celery:
    """The Celery app. `results`: with the result backend that chords need (the workers' app,
    which starts the chords); the API only sends tasks by name and goes without, so it never
    subscribes to results it will not read."""
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
    if results:
        app.conf.update(
            result_backend=settings.result_backend_url,
            result_expires=RESULT_EXPIRES_SECONDS,
            # The results and the chords' bookkeeping live under the service's key prefix.
            result_backend_transport_options={"global_keyprefix": settings.key_prefix},
        )
    return app


app = make_app(results=True)
