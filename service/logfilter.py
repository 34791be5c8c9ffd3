"""Secrets never reach a log line: seat tokens in query strings are redacted.

Clients that cannot set headers (EventSource, some WebSocket clients) send their seat token as
`?access_token=`; uvicorn's access log and its WebSocket log lines print the whole path with the
query. `install()` puts `RedactSecrets` on those loggers; `create_app()` calls it, so it holds
wherever uvicorn starts the app (`coven serve`, the container, Kubernetes, the tests).
"""

from __future__ import annotations

import logging
import re

# Query parameters whose values are secrets, redacted wherever they appear in a message.
SECRET_PARAMS = re.compile(r"(?i)\b((?:access_)?token|authorization)=[^&\s\"']*")
REDACTED = r"\1=[redacted]"
LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn")


def redact(text: str) -> str:
    return SECRET_PARAMS.sub(REDACTED, text)


class RedactSecrets(logging.Filter):
    """Rewrites the message and its string arguments; never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {
                k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()
            }
        return True


def install() -> None:
    """Adds the filter to uvicorn's loggers once (calling it again changes nothing)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())
