"""The service's operations, shared by REST and GraphQL: both call these and only format.

Each operation loads the game, checks in a fixed order (game exists, token, idempotency, game
over, version, whose decision, the move itself) and raises a `ServiceError` at the first
failure, before anything is written: an error never changes a game. The answer to a write is
rendered before the write too, and what follows the write (`_after_write`) cannot fail it: a
written change is never answered as an error.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any

import orjson

import ai
from gamestore import clocks, handoff, provenance, undo, webhooks
from gamestore.commits import (
    BatchRefused,
    Commit,
    load_state,
    own_event,
    plan_batch,
    plan_move,
    plan_resign,
    resolve_move,
)
from gamestore.hints import hint_wait
from gamestore.records import ACTIVE, FINISHED, GameRecord, SeatConfig
from gamestore.store import Store
from rules.core import N_, Game, InvalidOptions, JsonValue, game_names, get_game
from service import auth, metrics
from service.errors import (
    BadToken,
    GameNotFound,
    GameOver,
    HintRateLimited,
    HintTimeout,
    HintUnavailable,
    IdempotencyKeyReused,
    IllegalMoveError,
    InvalidClockError,
    InvalidOptionsError,
    MalformedInput,
    NotAway,
    NotYourDecision,
    SeatNotOpen,
    SeedWithOpenSeat,
    ServiceError,
    StaleVersion,
    TimeIsUp,
    TooManyOpenGames,
    UndoNotAllowed,
    UnknownGameType,
)
from service.names import display_name
from service.render import lobby_entry, named_events, seat_game

log = logging.getLogger(__name__)

SEAT_KINDS = ("human", "open", "ai")
MAX_EVENTS = 500
MAX_BATCH = 50
BACK_ATTEMPTS = 5
"""How often `back` plans its write again when an AI move got in first (it names no version)."""
"""The most moves one batch may make."""


def _game_type(name: str) -> Game:
    try:
        return get_game(name)
    except KeyError:
        raise UnknownGameType(
            N_("there is no game called {name}; known games: {names}").format(
                name=repr(name), names=", ".join(game_names())
            )
        ) from None


def catalog() -> dict[str, Any]:
    games = []
    for name in game_names():
        game = get_game(name)
        defaults = game.default_options()
        games.append(
            {
                "name": name,
                "seats": game.seats(defaults),
                "default_options": defaults,
                "ai_levels": list(ai.LEVELS),
                "catalog": game.catalog(),
            }
        )
    return {"games": games, "ai_levels": list(ai.LEVELS), "seat_kinds": list(SEAT_KINDS)}


class GameService:
    def __init__(self, store: Store, enqueue: handoff.Enqueue) -> None:
        self.store = store
        self.settings = store.settings
        self.enqueue = enqueue

    # -- reading ---------------------------------------------------------------------------

    async def _load(self, game_id: str) -> tuple[GameRecord, Game]:
        record = await self.store.load(game_id)
        if record is None:
            raise GameNotFound(
                N_("there is no game {game_id} (it may have expired)").format(game_id=repr(game_id))
            )
        return record, get_game(record.game)

    async def read(
        self,
        game_id: str,
        token: str | None,
        events_after: int | None = None,
        events_limit: int | None = None,
    ) -> dict[str, Any]:
        record, _ = await self._load(game_id)
        return await self.render(record, auth.seat_of(record, token), events_after, events_limit)

    async def render(
        self,
        record: GameRecord,
        seat: str | None,
        events_after: int | None = None,
        events_limit: int | None = None,
    ) -> dict[str, Any]:
        """The game `record` as `seat` sees it (None: a spectator), with its events: what a read
        answers, and what live updates render once per seat kind and share (`service.fanout`)."""
        game = get_game(record.game)
        limit = self._limit(events_limit)
        if events_after is not None and events_after < 0:
            raise MalformedInput(N_("events_after must be a version (0 or more)"))
        # A limit of 0 asks for the game without events (Redis refuses a count of 0).
        events = await self.store.events(record.id, seat, events_after, limit) if limit else []
        # The log is read after the record: leave out a move committed in between, so the
        # events never run ahead of the game they come with.
        events = [e for e in events if e["version"] <= record.version]
        state = load_state(game, record)
        # The process that wrote the last move may have died before handing out the AI's turn.
        await handoff.resume_stalled(self.store, self.enqueue, record, game.to_move(state))
        return seat_game(game, record, state, seat, events)

    async def events(
        self, game_id: str, token: str | None, after: int | None, limit: int | None
    ) -> list[dict[str, Any]]:
        record, _ = await self._load(game_id)
        seat = auth.seat_of(record, token)
        if after is not None and after < 0:
            raise MalformedInput(N_("after must be a version (0 or more)"))
        count = self._limit(limit)
        if count == 0:
            return []
        events = await self.store.events(game_id, seat, after if after is not None else 0, count)
        return named_events(record, events)

    def _limit(self, limit: int | None) -> int:
        if limit is None:
            return self.settings.events_per_read
        if not 0 <= limit <= MAX_EVENTS:
            raise MalformedInput(
                N_("an events limit must be between 0 and {max_events}").format(
                    max_events=MAX_EVENTS
                )
            )
        return limit

    async def lobby(self, limit: int = 50) -> list[dict[str, Any]]:
        if not 1 <= limit <= 200:
            raise MalformedInput(N_("limit must be between 1 and 200"))
        return [lobby_entry(r) for r in await self.store.lobby(limit)]

    # -- creating and joining --------------------------------------------------------------

    async def create(
        self,
        name: str,
        options: dict[str, Any] | None,
        seed: str | None,
        seats: list[dict[str, Any]],
        address: str,
        clock: dict[str, Any] | None = None,
        fill_after_seconds: Any = None,
        fill_level: Any = None,
    ) -> dict[str, Any]:
        """A new game; `clock`, `fill_after_seconds` and `fill_level` as `gamestore.clocks`
        reads them (`InvalidClockError` when they cannot be used)."""
        game = _game_type(name)
        try:
            game_clock = clocks.parse_clock(clock, ai.LEVELS)
            fill = clocks.parse_fill(fill_after_seconds, fill_level, ai.LEVELS)
        except clocks.InvalidClock as exc:
            raise InvalidClockError(
                N_("this clock cannot be used: {problems}").format(problems=exc),
                problems=exc.problems,
            ) from None
        try:
            full = game.validate_options(dict(options or {}))
        except InvalidOptions as exc:
            raise InvalidOptionsError(
                N_("these options cannot start a game of {name}: {exc}").format(name=name, exc=exc),
                problems=exc.problems,
            ) from None
        configs, kinds = self._seat_configs(game, full, seats)
        open_seats = [seat for seat, kind in kinds.items() if kind == "open"]
        if seed is not None and open_seats:
            # Whoever chose the seed can compute every hidden card offline: refuse it rather
            # than deal a joiner into a game the creator sees through.
            raise SeedWithOpenSeat(
                N_(
                    "a chosen seed reveals every hidden card to whoever chose it, so it is only "
                    "allowed when the creator holds every seat or gives it to the AI; open seats: "
                    "{names}"
                ).format(names=", ".join(open_seats)),
                open_seats=open_seats,
            )
        names = {}
        for s in seats:
            seat_name = display_name(
                s.get("name"), N_("seat {seat}: name").format(seat=repr(s["seat"]))
            )
            if seat_name is not None and kinds[s["seat"]] == "open":
                raise MalformedInput(
                    N_("seat {seat} is open: its name is given by whoever joins it").format(
                        seat=repr(s["seat"])
                    )
                )
            if seat_name is not None:
                names[s["seat"]] = seat_name
        game_id = secrets.token_urlsafe(9)
        humans = [c.seat for c in configs if kinds[c.seat] == "human"]
        record, tokens = await self.store_new(
            game, name, game_id, full, seed, configs, humans, names, [], address, game_clock, fill
        )
        return {
            "id": record.id,
            "game": name,
            "version": 0,
            "tokens": tokens,
            "seat_tokens": [{"seat": seat, "token": tok} for seat, tok in tokens.items()],
            "seats": [
                {**c.to_json(), "open": kinds[c.seat] == "open", "name": names.get(c.seat)}
                for c in configs
            ],
        }

    async def store_new(
        self,
        game: Game,
        game_name: str,
        game_id: str,
        options: dict[str, Any],
        seed: str | None,
        configs: list[SeatConfig],
        token_seats: list[str],
        names: dict[str, str],
        reserved: list[str],
        address: str,
        clock: clocks.Clock | None = None,
        fill: clocks.Fill | None = None,
    ) -> tuple[GameRecord, dict[str, str]]:
        """Store a new game (a secret seed when none is given) with a token for each of
        `token_seats`, and hand out the first turn if it is the AI's: the record and the tokens."""
        game_seed = seed if seed is not None else secrets.token_hex(16)
        salt = provenance.new_salt()  # the seed commitment's (gamestore.provenance)
        state = game.new(options, game_seed)
        tokens = {seat: auth.new_token(game_id) for seat in token_seats}
        record = GameRecord(
            id=game_id,
            game=game_name,
            options=options,
            seed=game_seed,
            seats=configs,
            version=0,
            state=orjson.dumps(game.to_json(state)),
            status=ACTIVE,
            creator=auth.address_hash(address),
            created=time.time(),
            token_hashes={seat: auth.token_hash(tok) for seat, tok in tokens.items()},
            names=names,
            reserved=reserved,
            salt=salt,
            seed_commitment=provenance.seed_commitment(game_seed, salt),
            seed_chosen=seed is not None,
        )
        record = clocks.configure(record, clock, fill, game.to_move(state))
        if not await self.store.create(record):
            raise TooManyOpenGames(
                N_(
                    "this address already has {max_open_games_per_address} "
                    "unfinished games; finish or resign one first"
                ).format(max_open_games_per_address=self.settings.max_open_games_per_address)
            )
        await self._after_write(record.id, self._created(game_name, record, game.to_move(state)))
        return record, tokens

    async def _created(self, game_name: str, record: GameRecord, to_move: str | None) -> None:
        metrics.GAMES_CREATED.labels(game_name).inc()
        await handoff.hand_out(self.store, self.enqueue, record, to_move)

    async def _after_write(self, game_id: str, effects: Awaitable[None]) -> None:
        """What follows a write (counting it, handing the AI its turn): the write is made and
        its answer ready, so a failure here (the broker or Redis gone just now) is logged, not
        answered; an AI turn not handed out is handed out by the sweeper, or by the next read
        (`handoff.resume_stalled`), once `COVEN_AI_STALL_SECONDS` have passed."""
        try:
            await effects
        except Exception:
            log.exception("game %s: written, but what follows the write failed", game_id)

    def _seat_configs(
        self, game: Game, options: dict[str, Any], seats: list[dict[str, Any]]
    ) -> tuple[list[SeatConfig], dict[str, str]]:
        """The seat configurations and each seat's requested kind (seats not given are open)."""
        names = game.seats(options)
        problems: list[str] = []
        seen: set[str] = set()
        for s in seats:
            seat = s.get("seat")
            if seat not in names:
                problems.append(
                    N_("unknown seat {seat} (this game's seats: {names})").format(
                        seat=repr(seat), names=", ".join(names)
                    )
                )
            elif seat in seen:
                problems.append(N_("seat {seat} is given twice").format(seat=repr(seat)))
            seen.add(str(seat))
            kind = s.get("kind")
            if kind not in SEAT_KINDS:
                problems.append(
                    N_("seat kind must be one of {kinds}, not {kind}").format(
                        kinds=", ".join(SEAT_KINDS), kind=repr(kind)
                    )
                )
            level = s.get("level")
            if kind == "ai" and level is not None and level not in ai.LEVELS:
                problems.append(
                    N_("unknown AI level {level} (levels: {names})").format(
                        level=repr(level), names=", ".join(ai.LEVELS)
                    )
                )
            if kind != "ai" and level is not None:
                problems.append(
                    N_("seat {seat}: only AI seats have a level").format(seat=repr(seat))
                )
        if problems:
            # Well-formed JSON that this game cannot seat (422, like options), not a malformed
            # request: which seats exist depends on the game and its options.
            raise InvalidOptionsError(clocks.joined(problems), problems=problems)
        given = {s["seat"]: s for s in seats}
        configs = []
        kinds: dict[str, str] = {}
        for seat in names:
            s = given.get(seat, {"kind": "open"})
            kinds[seat] = s["kind"]
            if s["kind"] == "ai":
                configs.append(SeatConfig(seat, "ai", s.get("level") or "medium"))
            else:
                configs.append(SeatConfig(seat, "human"))
        return configs, kinds

    async def join(self, game_id: str, seat: str | None, name: str | None = None) -> dict[str, Any]:
        name = display_name(name)
        record, _ = await self._load(game_id)
        if record.status != ACTIVE:
            raise GameOver(N_("the game is over; nobody can join it"))
        free = record.open_seats()
        if seat is None:
            if not free:
                raise SeatNotOpen(N_("this game has no open seat"))
            seat = free[0]
        elif seat not in free:
            raise SeatNotOpen(
                N_("seat {seat} is not open (open seats: {names})").format(
                    seat=repr(seat), names=", ".join(free) or N_("none")
                )
            )
        token = auth.new_token(game_id)
        result = await self.store.join(record, seat, auth.token_hash(token), name)
        if result == -1:
            raise GameNotFound(
                N_("there is no game {game_id} (it may have expired)").format(game_id=repr(game_id))
            )
        if result == 0:
            raise SeatNotOpen(
                N_("seat {seat} was taken by someone else just now").format(seat=repr(seat))
            )
        await self._notify(game_id)
        return {"id": game_id, "seat": seat, "token": token, "name": name}

    async def _notify(self, game_id: str) -> None:
        """Hand the game's webhook notices to the workers (if it has webhooks)."""
        await webhooks.notify(self.store.redis, self.store.keys, self.enqueue, game_id)

    # -- moving ----------------------------------------------------------------------------

    async def seat_for(self, game_id: str, token: str | None) -> tuple[GameRecord, Game, str]:
        """The game, its rules and the token's seat; `BadToken` for no seat's token."""
        return await self._seat(game_id, token)

    async def _seat(self, game_id: str, token: str | None) -> tuple[GameRecord, Game, str]:
        if token is None:
            raise BadToken(N_("this needs a seat token (Authorization: Bearer <token>)"))
        record, game = await self._load(game_id)
        return record, game, auth.seat_of(record, token) or ""

    async def move(
        self,
        game_id: str,
        token: str | None,
        version: int,
        move: str | dict[str, JsonValue],
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        self._check_request(version, idempotency_key)
        record, game, seat = await self._seat(game_id, token)
        fingerprint = orjson.dumps({"version": version, "move": move}, option=orjson.OPT_SORT_KEYS)
        idem_key, earlier = await self._earlier(game_id, seat, idempotency_key, fingerprint)
        if earlier is not None:
            return earlier
        self._check_open(record, version)
        state = load_state(game, record)
        self._check_turn(game, state, seat)
        found = resolve_move(game, state, move)
        commit, new_state = plan_move(game, record, state, seat, found)
        return await self._write(game, record, [commit], new_state, seat, idem_key, fingerprint)

    async def moves(
        self,
        game_id: str,
        token: str | None,
        version: int,
        moves: list[str | dict[str, JsonValue]],
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """A batch: consecutive decisions of the token's seat, made all or none in one
        compare-and-set. The first move that is not that seat's legal decision at its point
        refuses the whole batch, naming its `index`."""
        self._check_request(version, idempotency_key)
        if not 1 <= len(moves) <= MAX_BATCH:
            raise MalformedInput(
                N_("a batch has 1 to {max_batch} moves, not {count}").format(
                    max_batch=MAX_BATCH, count=len(moves)
                )
            )
        record, game, seat = await self._seat(game_id, token)
        fingerprint = orjson.dumps(
            {"version": version, "moves": moves}, option=orjson.OPT_SORT_KEYS
        )
        idem_key, earlier = await self._earlier(game_id, seat, idempotency_key, fingerprint)
        if earlier is not None:
            return earlier
        self._check_open(record, version)
        state = load_state(game, record)
        try:
            commits, new_state = plan_batch(game, record, state, seat, moves)
        except BatchRefused as exc:
            raise self._refusal(exc, seat) from None
        return await self._write(game, record, commits, new_state, seat, idem_key, fingerprint)

    def _refusal(self, exc: BatchRefused, seat: str) -> ServiceError:
        if exc.illegal is not None:
            return IllegalMoveError(
                N_(
                    "the batch's move at index {index} cannot be made: {reason}; "
                    "nothing was changed"
                ).format(index=exc.index, reason=exc.illegal.reason),
                index=exc.index,
            )
        if exc.index == 0:
            return NotYourDecision(
                N_("it is the {to_move}'s decision, not the {seat}'s").format(
                    to_move=exc.to_move, seat=seat
                ),
                index=0,
            )
        return IllegalMoveError(
            N_(
                "the batch's move at index {index} is not the {seat}'s decision: "
                "by then it is the {to_move}'s; nothing was changed"
            ).format(index=exc.index, seat=seat, to_move=exc.to_move),
            index=exc.index,
        )

    async def _earlier(
        self, game_id: str, seat: str, idempotency_key: str | None, fingerprint: bytes
    ) -> tuple[str | None, dict[str, Any] | None]:
        """The idempotency key's store key, and the answer an earlier request under it got."""
        if idempotency_key is None:
            return None, None
        idem_key = self.store.keys.idempotency(game_id, seat, idempotency_key)
        return idem_key, await self._replayed(idem_key, fingerprint)

    def _check_request(self, version: int, idempotency_key: str | None) -> None:
        if isinstance(version, bool) or not isinstance(version, int) or version < 0:
            raise MalformedInput(N_("version must be the game version the move was chosen at"))
        if idempotency_key is not None and not 1 <= len(idempotency_key) <= 200:
            raise MalformedInput(N_("an Idempotency-Key must have 1 to 200 characters"))

    async def resign(
        self, game_id: str, token: str | None, version: int | None = None
    ) -> dict[str, Any]:
        record, game, seat = await self._seat(game_id, token)
        self._check_open(record, record.version if version is None else version)
        state = load_state(game, record)
        commit = plan_resign(game, record, state, seat)
        return await self._write(game, record, [commit], state, seat, None, b"")

    async def back(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The player of a seat the AI plays since it timed out is back: the AI stops, and the
        seat's clock starts afresh (`gamestore.clocks`). The request names no version (coming
        back does not depend on the position), so a write lost to the AI's own move made
        meanwhile is planned again on the newer game rather than refused."""
        for attempt in range(BACK_ATTEMPTS):
            record, game, seat = await self._seat(game_id, token)
            if record.status == FINISHED:
                raise GameOver(N_("the game is over"))
            if clocks.away_level(record, seat) is None:
                raise NotAway(
                    N_(
                        "the {seat} is not played by the AI: there is nothing to come back to"
                    ).format(seat=seat)
                )
            state = load_state(game, record)
            commit = clocks.plan_back(record, seat, game.to_move(state))
            try:
                return await self._write(game, record, [commit], state, seat, None, b"")
            except StaleVersion:
                if attempt == BACK_ATTEMPTS - 1:
                    raise
        raise AssertionError("unreachable")

    async def undo(self, game_id: str, token: str | None, version: int) -> dict[str, Any]:
        """The token's seat takes back its latest decision (`gamestore.undo`): a new version
        whose state is the one before it. `version` is the one the seat read, so a retry of an
        undo already made is refused as stale rather than taking back one more."""
        self._check_request(version, None)
        record, game, seat = await self._seat(game_id, token)
        self._check_open(record, version)
        restored = await self.store.undo_state(game_id) if undo.can_undo(record, seat) else None
        if restored is None:
            raise UndoNotAllowed(
                N_(
                    "the {seat} has no decision to take back: only its own decisions since its "
                    "turn began, while nothing hidden was revealed and no other seat decided"
                ).format(seat=seat)
            )
        state = load_state(game, record)
        commit = undo.plan_undo(game, record, state, seat, restored)
        before = game.from_json(orjson.loads(restored))
        return await self._write(game, record, [commit], before, seat, None, b"")

    def _check_open(self, record: GameRecord, version: int) -> None:
        if record.status == FINISHED:
            raise GameOver(N_("the game is over"))
        if version != record.version:
            metrics.CONFLICTS.labels(record.game).inc()
            raise StaleVersion(
                N_("the game is at version {version}, not {version2}: read it again").format(
                    version=record.version, version2=version
                ),
                current_version=record.version,
            )

    def _check_turn(self, game: Game, state: Any, seat: str) -> None:
        to_move = game.to_move(state)
        if to_move != seat:
            raise NotYourDecision(
                N_("it is the {to_move}'s decision, not the {seat}'s").format(
                    to_move=to_move, seat=seat
                )
            )

    async def _replayed(self, idem_key: str, fingerprint: bytes) -> dict[str, Any] | None:
        raw = await self.store.idempotent_result(idem_key)
        if raw is None:
            return None
        stored = orjson.loads(raw)
        if stored["fingerprint"] != fingerprint.decode():
            raise IdempotencyKeyReused(
                N_("this Idempotency-Key was used for a different move; use a new key per move")
            )
        result: dict[str, Any] = stored["result"]
        return result

    async def _write(
        self,
        game: Game,
        record: GameRecord,
        commits: list[Commit],
        new_state: Any,
        seat: str,
        idem_key: str | None,
        fingerprint: bytes,
    ) -> dict[str, Any]:
        """Write `commits` (one move, or a batch planned one after another) and answer with
        the game as `seat` sees it after them, with the event of each."""
        commits = provenance.stamp(record, clocks.stamp(record, commits, time.time()))
        commit = commits[-1]
        after = replace(clocks.after(record, commits), undo=undo.window_after(record, commits))
        result = seat_game(game, after, new_state, seat, [own_event(c) for c in commits])
        idem_value = None
        if idem_key is not None:
            idem_value = orjson.dumps({"fingerprint": fingerprint.decode(), "result": result})
        if len(commits) == 1:
            outcome = await self.store.commit(record, commit, idem_key, idem_value)
        else:
            outcome = await self.store.commit_batch(record, commits, idem_key, idem_value)
        if not outcome.ok:
            if outcome.timed_out:
                raise TimeIsUp(
                    N_(
                        "the {seat}'s time ran out before this move arrived; read the game again"
                    ).format(seat=seat),
                    current_version=outcome.version,
                )
            if outcome.version == -1:
                raise GameNotFound(
                    N_("there is no game {id} (it may have expired)").format(id=repr(record.id))
                )
            if idem_key is not None:
                earlier = await self._replayed(idem_key, fingerprint)
                if earlier is not None:
                    return earlier
            metrics.CONFLICTS.labels(record.game).inc()
            raise StaleVersion(
                N_(
                    "the game moved on to version {version} while this move was made: read it again"
                ).format(version=outcome.version),
                current_version=outcome.version,
            )
        await self._after_write(record.id, self._written(after, commits))
        return result

    async def _written(self, after: GameRecord, commits: list[Commit]) -> None:
        commit = commits[-1]
        if commit.kind == "move":
            metrics.MOVES.labels(after.game).inc(len(commits))
        await handoff.hand_out(self.store, self.enqueue, after, commit.next_to_move)
        await self._notify(after.id)

    # -- hints -----------------------------------------------------------------------------

    async def hint(self, game_id: str, token: str | None, level: str | None) -> dict[str, Any]:
        record, game, seat = await self._seat(game_id, token)
        if level is not None and level not in ai.LEVELS:
            raise MalformedInput(
                N_("unknown AI level {level} (levels: {names})").format(
                    level=repr(level), names=", ".join(ai.LEVELS)
                )
            )
        if not callable(getattr(ai, "analyse", None)):
            raise HintUnavailable(
                N_(
                    "hints are not available yet: this server's AI has no analysis; "
                    "ask again after an update"
                )
            )
        if record.status == FINISHED:
            raise GameOver(N_("the game is over"))
        self._check_turn(game, load_state(game, record), seat)
        wait = await hint_wait(self.store, game_id, seat)
        if wait:
            raise HintRateLimited(
                N_(
                    "this seat has had its hints for this window (at most "
                    "{hint_rate_limit_per_seat}); try again in {wait} s"
                ).format(
                    hint_rate_limit_per_seat=self.settings.hint_rate_limit_per_seat, wait=wait
                ),
                retry_after=wait,
            )
        request_id = secrets.token_urlsafe(12)
        await self.enqueue(
            handoff.ANALYSE, game_id, [record.version, seat, level or "medium", request_id]
        )
        deadline = time.monotonic() + self.settings.hint_timeout_seconds
        while time.monotonic() < deadline:
            raw = await self.store.hint(request_id)
            if raw is not None:
                found: dict[str, Any] = orjson.loads(raw)
                if "error" in found:
                    # The worker's own text is English: the message is made here, translatable.
                    raise StaleVersion(
                        N_("the game moved on to version {version}; ask again").format(
                            version=found["version"]
                        ),
                        current_version=found["version"],
                    )
                return found
            await asyncio.sleep(0.05)
        raise HintTimeout(N_("the analysis did not finish in time; try a lower level"))
