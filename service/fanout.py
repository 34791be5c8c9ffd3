"""Live updates for many streams on one game: one read and one render per seat kind.

A process may serve a thousand streams of one game (spectators, the seats, GraphQL
subscriptions, several per connection). Each used to read the game again on every
notification, so one move made a thousand Redis reads at once and exhausted the pool. Here every
game watched in this process has one `GameFeed`:

- it holds the one subscription of the game's channel (on the process's shared pub/sub reader,
  `service.live.Broadcaster`) and, on every notification, loads the game record once;
- a stream that needs a fresh record (its first message, or a keep-alive check) asks for a load
  that starts after its request; requests made while a load runs share the next load;
- what a stream sends is rendered once per (mark, seat, events after, events limit, language),
  and the JSON Patch between two renders once per pair: all spectators share one render, each
  seat shares its own with its other streams. A seat's render never serves another seat.

A stream sends a message when the game's *mark* changes: its version (a move, a timeout, an AI
take-over or hand-back), or its seats as every view shows them (a join and its name, the AI's
fill-in of an open seat), which change without a new version. A message carries every event
after the previous one's, `EVENTS_PER_MESSAGE` at most; a resumed stream that missed more gets
them in pages (each the whole game, or in patch mode an empty patch, with the next events),
each page's `cursor` the version of its last event, so a client that drops midway resumes
where the page ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
from collections.abc import AsyncGenerator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from gamestore import patch
from gamestore.records import GameRecord
from rules.core import N_
from service import auth, i18n
from service.errors import GameNotFound
from service.games import MAX_EVENTS, GameService
from service.live import Broadcaster
from service.render import seats_json

log = logging.getLogger(__name__)

EVENTS_PER_MESSAGE = MAX_EVENTS
"""The most events one message carries (as many as one read of the log may ask for)."""

Mark = tuple[int, tuple[tuple[Any, ...], ...]]
"""What makes every stream send a message when it changes: the version, and the seats as
every view shows them."""

RenderKey = tuple[Mark, str | None, int | None, int | None, str]
"""(mark, seat or None for a spectator, events after, events limit, language)."""


def mark_of(record: GameRecord) -> Mark:
    """The game's mark: its version, and its seats (kind, level, open, name) as views show
    them. Public in every view, so a message for a change of it reveals nothing."""
    return record.version, tuple(tuple(s.values()) for s in seats_json(record))


def raise_fd_limit() -> int:
    """Raise this process's open-file limit to its hard limit (every stream holds a socket);
    returns the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    return soft


@dataclass
class Update:
    """One message of a live stream: the whole game (`kind` "game") or a JSON Patch of the
    seat's previous message (`kind` "patch", `data` {"version", "base", "patch", "events"}).
    `cursor` is the version up to which the stream has now sent the events (its SSE `id`):
    the game's version, or the last event's of a page when more pages follow. Shared by every
    stream it is for, so it is never changed, and its bytes are encoded once."""

    kind: str
    version: int
    data: dict[str, Any]
    status: str
    cursor: int
    _json: bytes | None = field(default=None, repr=False)

    @property
    def more(self) -> bool:
        """Whether events up to the game's version remain to be sent after this message."""
        return self.cursor < self.version

    def json(self) -> bytes:
        if self._json is None:
            self._json = orjson.dumps(self.data)
        return self._json


class GameFeed:
    """The records of one game as this process sees them (see the module docstring)."""

    def __init__(self, service: GameService, game_id: str) -> None:
        self.service = service
        self.game_id = game_id
        self.watchers = 0
        self.record: GameRecord | None = None
        self.mark: Mark | None = None  # the mark of `record`
        self._error: BaseException | None = None
        self._asked = 0  # loads asked for
        self._done = 0  # the highest ask the latest finished load answers
        self._wake = asyncio.Event()
        self._changed = asyncio.Condition()
        self._renders: dict[RenderKey, asyncio.Task[Update]] = {}
        self._patches: dict[tuple[RenderKey, RenderKey], asyncio.Task[Update]] = {}
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self.queue: asyncio.Queue[None] | None = None  # its subscription on the broadcaster

    def start(self) -> None:
        self._task = asyncio.create_task(self._loads())

    def ask(self) -> int:
        """Ask for a load that starts after now; returns the ask's number for `fresh`."""
        self._asked += 1
        self._wake.set()
        return self._asked

    async def _loads(self) -> None:
        # The loop ends on `_closed`, not only on cancellation: a cancel that arrives during a
        # load can be lost under the Redis client (the load returns as if never cancelled),
        # and `close` would then wait for this task forever.
        while not self._closed:
            await self._wake.wait()
            self._wake.clear()
            if self._closed:
                return
            ask = self._asked
            try:
                record = await self.service.store.load(self.game_id)
                error = None
            except Exception as exc:  # handed to the streams waiting for this load
                record, error = self.record, exc
            async with self._changed:
                if error is None and record != self.record:
                    # Renders of older marks are no longer asked for (the renders of a stream
                    # still paging through an older record are made again). An equal record
                    # is kept as it was, so that `render` knows it by identity.
                    self._renders.clear()
                    self._patches.clear()
                    self.mark = None if record is None else mark_of(record)
                    self.record = record
                self._error = error
                self._done = ask
                self._changed.notify_all()

    async def fresh(self) -> GameRecord:
        """The game as loaded after this call began (GameNotFound once it is gone)."""
        ask = self.ask()
        async with self._changed:
            await self._changed.wait_for(lambda: self._done >= ask)
            if self._error is not None:
                raise self._error
            return self._current()

    async def after(self, mark: Mark) -> GameRecord:
        """The first loaded record whose mark is not `mark` (waits for a notification)."""
        async with self._changed:
            await self._changed.wait_for(lambda: self.record is None or self.mark != mark)
            return self._current()

    def _current(self) -> GameRecord:
        if self.record is None:
            raise GameNotFound(
                N_("there is no game {game_id} (it may have expired)").format(
                    game_id=repr(self.game_id)
                )
            )
        return self.record

    async def render(
        self,
        record: GameRecord,
        seat: str | None,
        after: int | None,
        limit: int | None,
        lang: str = i18n.DEFAULT,
    ) -> tuple[RenderKey, Update]:
        """The whole game at `record` as `seat` sees it, in `lang`, rendered once for every
        stream that asks for the same key; with `limit`, a page of the events after `after`
        (its `cursor` says whether more follow)."""
        mark = self.mark if record is self.record and self.mark is not None else mark_of(record)
        key: RenderKey = (mark, seat, after, limit, lang)

        async def make() -> Update:
            doc = i18n.localise(await self.service.render(record, seat, after, limit), lang)
            events = doc["events"]
            cursor = record.version
            if limit is not None and len(events) == limit and events[-1]["version"] < cursor:
                cursor = events[-1]["version"]  # a full page, and more after it
            return Update("game", record.version, doc, doc["status"], cursor)

        return key, await self._once(self._renders, key, make)

    async def patch(self, base: tuple[RenderKey, Update], new: tuple[RenderKey, Update]) -> Update:
        """The JSON Patch from the seat's previous message to its new one (both of one seat)."""

        async def make() -> Update:
            ops = patch.diff(_patched_part(base[1].data), _patched_part(new[1].data))
            # The new events ride along whole, less their `changes` (the spectator view's
            # patch): the seat's own patch already says what changed, and this halves a
            # message (docs/live-updates.md).
            events = [{k: v for k, v in e.items() if k != "changes"} for e in new[1].data["events"]]
            data = {
                "version": new[1].version,
                "base": base[1].version,
                "patch": ops,
                "events": events,
            }
            return Update("patch", new[1].version, data, new[1].status, new[1].cursor)

        return await self._once(self._patches, (base[0], new[0]), make)

    @staticmethod
    async def _once(
        memo: dict[Any, asyncio.Task[Update]], key: Any, make: Callable[[], Awaitable[Update]]
    ) -> Update:
        task = memo.get(key)
        if task is None:
            # A task of its own, so a stream that goes away cannot cancel the others' render.
            task = asyncio.ensure_future(make())
            memo[key] = task

            def forget_failure(done: asyncio.Task[Update]) -> None:
                if (done.cancelled() or done.exception() is not None) and memo.get(key) is done:
                    del memo[key]  # not kept: the next stream that asks tries again

            task.add_done_callback(forget_failure)
        return await asyncio.shield(task)

    async def close(self) -> None:
        self._closed = True
        self._wake.set()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


def _patched_part(doc: dict[str, Any]) -> dict[str, Any]:
    """What patch mode patches: the seat's game without its events (sent with each patch)."""
    return {k: v for k, v in doc.items() if k != "events"}


class LiveHub:
    """Every `GameFeed` of this process, each kept while a stream watches its game."""

    def __init__(self, service: GameService, broadcaster: Broadcaster) -> None:
        self.service = service
        self.broadcaster = broadcaster
        self._feeds: dict[str, GameFeed] = {}
        self._listeners: dict[str, asyncio.Task[None]] = {}
        self._lock = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def watch(self, game_id: str) -> Any:
        feed = await self._enter(game_id)
        try:
            yield feed
        finally:
            # Shielded: a stream is left when its task is cancelled (its client went away),
            # and a second cancel must not stop the leaving halfway (a feed kept forever).
            await asyncio.shield(self._leave(feed))

    async def _enter(self, game_id: str) -> GameFeed:
        async with self._lock:
            feed = self._feeds.get(game_id)
            if feed is None:
                feed = GameFeed(self.service, game_id)
                channel = self.service.store.keys.channel(game_id)
                queue = await self.broadcaster.subscribe(channel)
                feed.queue = queue
                feed.start()
                self._listeners[game_id] = asyncio.create_task(self._listen(feed, queue))
                self._feeds[game_id] = feed
            feed.watchers += 1
            return feed

    @staticmethod
    async def _listen(feed: GameFeed, queue: asyncio.Queue[None]) -> None:
        while True:
            await queue.get()
            feed.ask()

    async def _leave(self, feed: GameFeed) -> None:
        async with self._lock:
            feed.watchers -= 1
            if feed.watchers > 0 or self._feeds.get(feed.game_id) is not feed:
                return
            del self._feeds[feed.game_id]
            listener = self._listeners.pop(feed.game_id)
        # Torn down outside the lock, which every new stream of this process takes: one
        # feed's teardown waiting on Redis must not hold up the streams of other games.
        listener.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await listener
        await feed.close()
        if feed.queue is not None:
            channel = self.service.store.keys.channel(feed.game_id)
            await self.broadcaster.unsubscribe(channel, feed.queue)

    def feeds(self) -> int:
        return len(self._feeds)


async def seat_updates(
    hub: LiveHub,
    game_id: str,
    token: str | None,
    keepalive: float,
    last_seen: int | None = None,
    patches: bool = False,
    lang: str = i18n.DEFAULT,
) -> AsyncGenerator[Update | None, None]:
    """The seat's game after every change of its mark, starting with the current one, its
    texts in `lang`; None for a keep-alive. The first message carries the latest events, or
    with `last_seen` (a resume) every event after that version, in pages of
    `EVENTS_PER_MESSAGE` when there are more. With `patches`, every message after the first
    is the JSON Patch of the seat's previous message (of the document in that language).
    Ends after the message that shows the game finished (and every page before it). The game
    and token are checked before the first message (GameNotFound, BadToken)."""
    async with hub.watch(game_id) as feed:
        record = await feed.fresh()
        seat = auth.seat_of(record, token)
        limit = None if last_seen is None else EVENTS_PER_MESSAGE
        sent = await feed.render(record, seat, last_seen, limit, lang)
        yield sent[1]
        while True:
            while sent[1].more:
                # The rest of a resume, from the same record, before anything newer.
                new = await feed.render(record, seat, sent[1].cursor, EVENTS_PER_MESSAGE, lang)
                yield await feed.patch(sent, new) if patches else new[1]
                sent = new
            if sent[1].status == "finished":
                return
            try:
                record = await asyncio.wait_for(feed.after(sent[0][0]), timeout=keepalive)
            except TimeoutError:
                # A lost notification is found here at the latest: one load per game.
                record = await feed.fresh()
                if mark_of(record) == sent[0][0]:
                    yield None
                    continue
            new = await feed.render(record, seat, sent[1].cursor, EVENTS_PER_MESSAGE, lang)
            yield await feed.patch(sent, new) if patches else new[1]
            sent = new
