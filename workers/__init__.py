"""The Celery app and its tasks: an AI seat's turn and long analyses, in any number of workers."""
