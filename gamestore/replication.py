"""Writes whose copy to the replicas is unconfirmed (`COVEN_WRITE_REPLICAS`).

A write that ran on the primary is made: answering it as an error would tell the client
that nothing changed, and a created game's tokens would be lost with the answer. So the store
notes a shortfall here, for whoever answers the request, instead of raising: the API answers the
write as made, with `202 Accepted` and a notice (HTTP header and GraphQL extension) that its
copy to the replicas is unconfirmed. Without a notice in force (the workers, which wait for no
replica) the store raises `WriteNotReplicated` as before.

The notice is a context variable, so that each request or GraphQL operation has its own, and a
task started inside one (a resolver) adds to it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass

HEADER = "Coven-Replication"
"""The HTTP header of an answer whose write is unconfirmed: `unconfirmed; confirmed=0; wanted=1`."""


@dataclass(slots=True)
class Shortfall:
    """The replicas the request's writes wanted, and the fewest that confirmed one of them
    (`confirmed` is None while every write was confirmed)."""

    wanted: int = 0
    confirmed: int | None = None

    @property
    def unconfirmed(self) -> bool:
        return self.confirmed is not None

    def note(self, wanted: int, confirmed: int) -> None:
        self.wanted = max(self.wanted, wanted)
        self.confirmed = confirmed if self.confirmed is None else min(self.confirmed, confirmed)

    def header(self) -> str:
        return f"unconfirmed; confirmed={self.confirmed}; wanted={self.wanted}"

    def extension(self) -> dict[str, object]:
        return {"status": "unconfirmed", "confirmed": self.confirmed, "wanted": self.wanted}


_current: ContextVar[Shortfall | None] = ContextVar("coven_replication", default=None)


@contextlib.contextmanager
def notice() -> Iterator[Shortfall]:
    """Collect the shortfalls of the writes made inside (in this context and its tasks)."""
    shortfall = Shortfall()
    token = _current.set(shortfall)
    try:
        yield shortfall
    finally:
        _current.reset(token)


def note(wanted: int, confirmed: int) -> bool:
    """Note a write too few replicas confirmed; False when no notice is in force."""
    shortfall = _current.get()
    if shortfall is None:
        return False
    shortfall.note(wanted, confirmed)
    return True
