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

from gamestore.handoff import celery_app
from gamestore.settings import Settings, get_settings

RESULT_EXPIRES_SECONDS = 3600
"""How long a tree's result (and a chord's bookkeeping) stays in Redis: far longer than a
turn's trees wait in the queue, far shorter than Celery's default day."""


def make_app(settings: Settings | None = None, *, results: bool = False) -> Celery:
    """The workers' Celery app: `gamestore.handoff.celery_app` with the tasks. `results`: with
    the result backend that chords need (the workers' app, which starts the chords)."""
    settings = settings or get_settings()
    app = celery_app(settings)
    app.conf.update(include=["workers.tasks"])
    if results:
        app.conf.update(
            result_backend=settings.result_backend_url,
            result_expires=RESULT_EXPIRES_SECONDS,
            # The results and the chords' bookkeeping live under the service's key prefix.
            result_backend_transport_options={"global_keyprefix": settings.key_prefix},
        )
    return app


app = make_app(results=True)
