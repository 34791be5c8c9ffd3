"""The Celery app and its tasks: an AI seat's turn, long analyses and webhook deliveries, in any
number of workers."""
