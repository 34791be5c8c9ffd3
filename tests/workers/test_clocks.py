"""Turn clocks and AI fill-in, enforced by the workers with nobody connected: clocks of a few
seconds on the real API, real Redis and real Celery workers. A forfeit ends the game; an AI
takes a timed-out seat over until its player is back; a budget gains its increment; the time
left is in views and events and goes down; a worker killed in the middle is replaced and the
timeout still fires; an open seat nobody takes goes to the AI and the game goes on."""

from __future__ import annotations

import contextlib
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import redis

from gamestore.keys import Keys
from gamestore.settings import Settings
from tests.support.client import GraphQL, Rest, bearer
from tests.support.games import create_game
from tests.support.namespace import clear, settings_for
from tests.support.processes import Process, start_api, start_worker

HUMANS = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]


def _wait(check: Callable[[], Any], seconds: float, what: str) -> Any:
    """Poll `check` until it answers something true, at most `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, f"waited {seconds} s for {what}"
        time.sleep(0.1)


def _game(rest: Rest, game_id: str, token: str | None = None) -> dict[str, Any]:
    r = rest.read(game_id, token, events_limit=50)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def _resign(rest: Rest, game_id: str, token: str) -> None:
    rest.http.post(f"/api/v1/games/{game_id}/resign", headers=bearer(token))


@contextlib.contextmanager
def _clocked(api: str, seats: list[dict[str, Any]] = HUMANS, **body: Any) -> Iterator[Table]:
    """A new Pagan game created over REST with `body` (its clock...), resigned afterwards by
    its first human seat (harmless when it is over already)."""
    rest = Rest(api)
    created = rest.create(game="pagan", seats=seats, **body)
    token = next(iter(created["tokens"].values()))
    try:
        yield Table(rest, created["id"], created["tokens"])
    finally:
        _resign(rest, created["id"], token)
        rest.close()


@dataclass(frozen=True)
class Table:
    rest: Rest
    id: str
    tokens: dict[str, str]

    def read(self, seat: str | None = None) -> dict[str, Any]:
        return _game(self.rest, self.id, self.tokens[seat] if seat else None)


def _clock_seat(game: dict[str, Any], seat: str) -> dict[str, Any]:
    clock = game["clock"]
    assert clock is not None
    found: dict[str, Any] = next(s for s in clock["seats"] if s["seat"] == seat)
    return found


@pytest.mark.slow
def test_a_seat_that_runs_out_of_time_forfeits_with_nobody_connected(
    api: str, worker: Process, settings: Settings
) -> None:
    with (
        _clocked(api, clock={"decision_seconds": 2, "on_timeout": "forfeit"}) as table,
        contextlib.closing(redis.Redis.from_url(settings.redis_url)) as client,
    ):
        key = Keys(settings.key_prefix).game(table.id)

        def finished() -> bool:
            return client.hget(key, "status") == b"finished"

        # Nobody asks the API until the game is over: watched in Redis, behind the API's back
        # (no fixed wait), the workers enforce the deadline by themselves.
        assert not finished()
        _wait(finished, 15, "the workers to end the game")
        game = table.read()
        assert game["status"] == "finished", game
        assert game["outcome"]["reason"] == "timeout"
        assert game["outcome"]["winners"] == ["hunter"]
        last = game["events"][-1]
        assert last["kind"] == "timeout" and last["seat"] == "witch"
        assert "ran out of time" in last["description"]["text"]


@pytest.mark.slow
def test_the_time_left_is_in_the_view_and_goes_down(api: str) -> None:
    with _clocked(api, clock={"decision_seconds": 60, "on_timeout": "forfeit"}) as table:
        first = table.read()
        time.sleep(1.2)
        second = table.read()
        assert first["clock"]["decision_seconds"] == 60
        assert first["clock"]["running"] == "witch" and first["clock"]["deadline"]
        left = _clock_seat(first, "witch")["remaining_seconds"]
        later = _clock_seat(second, "witch")["remaining_seconds"]
        assert 0 < later < left <= 60
        assert later == pytest.approx(left - 1.2, abs=0.5)
        assert _clock_seat(second, "hunter")["remaining_seconds"] == 60  # not running


@pytest.mark.slow
def test_a_timed_out_seat_is_played_by_the_ai_until_its_player_is_back(
    api: str, worker: Process
) -> None:
    with _clocked(api, clock={"decision_seconds": 2, "on_timeout": "ai:novice"}) as table:

        def ai_moved() -> dict[str, Any] | None:
            game = table.read("witch")
            kinds = [(e["kind"], e["seat"]) for e in game["events"]]
            # After the timeout the witch's moves are the AI's (written by a worker).
            return (
                game if ("timeout", "witch") in kinds and kinds[-1] == ("move", "witch") else None
            )

        game = _wait(ai_moved, 20, "the AI to move for the timed-out witch")
        assert _clock_seat(game, "witch")["away"] is True
        assert game["status"] == "active"

        witch = bearer(table.tokens["witch"])
        r = table.rest.http.post(f"/api/v1/games/{table.id}/back", headers=witch)
        assert r.status_code == 200, r.text
        back = r.json()
        assert back["events"][-1]["kind"] == "back"
        assert _clock_seat(back, "witch")["away"] is False
        assert back["clock"]["running"] == back["to_move"]
        again = table.rest.http.post(f"/api/v1/games/{table.id}/back", headers=witch)
        assert again.status_code == 409 and again.json()["code"] == "NOT_AWAY"


@pytest.mark.slow
def test_a_budget_gains_its_increment_when_the_turn_ends_and_runs_out_later(
    api: str, worker: Process
) -> None:
    clock = {"budget_seconds": 3, "increment_seconds": 2, "on_timeout": "forfeit"}
    with _clocked(api, clock=clock) as table:
        game = table.read("witch")
        while game["to_move"] == "witch":  # her whole turn, as fast as the API answers
            move = game["legal_moves"][0]["id"]
            r = table.rest.move(table.id, table.tokens["witch"], game["version"], move)
            assert r.status_code == 200, r.text
            game = r.json()
        assert game["events"][-1]["clock"]["running"] == "hunter"
        bank = _clock_seat(game, "witch")["remaining_seconds"]
        assert 3 < bank <= 5  # what she had left, and the increment
        # The hunter's three seconds run out with nobody connected.
        finished = _wait(lambda: (g := table.read())["status"] == "finished" and g, 8, "a forfeit")
        assert finished["outcome"]["winners"] == ["witch"]
        assert finished["outcome"]["reason"] == "timeout"


@pytest.mark.slow
def test_a_move_after_the_deadline_is_refused_with_time_is_up(namespace: dict[str, str]) -> None:
    """An API on keys of its own that no worker sweeps: the COMMIT script itself refuses the
    late move, by Redis's clock, and the game is left as it was."""
    env = {**namespace, "COVEN_KEY_PREFIX": f"{namespace['COVEN_KEY_PREFIX']}late-{_tag()}:"}
    proc, base = start_api(env)
    try:
        with _clocked(base, clock={"decision_seconds": 1, "on_timeout": "forfeit"}) as table:
            game = table.read("witch")
            time.sleep(1.3)
            move = game["legal_moves"][0]["id"]
            r = table.rest.move(table.id, table.tokens["witch"], game["version"], move)
            assert r.status_code == 409, r.text
            assert r.json()["code"] == "TIME_IS_UP" and r.json()["current_version"] == 0
            assert table.read()["version"] == 0
    finally:
        proc.stop()
        clear(env["COVEN_KEY_PREFIX"], env["COVEN_AI_QUEUE"])


def _tag() -> str:
    return uuid.uuid4().hex[:8]


@pytest.mark.parametrize(
    "clock",
    [
        {"decision_seconds": 5},
        {"decision_seconds": 5, "budget_seconds": 5, "on_timeout": "forfeit"},
        {"turn_seconds": 0.5, "on_timeout": "forfeit"},
        {"budget_seconds": 60, "increment_seconds": -2, "on_timeout": "forfeit"},
        {"decision_seconds": 5, "on_timeout": "ai:nobody"},
    ],
)
def test_an_invalid_clock_is_refused_with_invalid_clock(api: str, clock: dict[str, Any]) -> None:
    r = httpx.post(f"{api}/api/v1/games", json={"game": "pagan", "seats": HUMANS, "clock": clock})
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "INVALID_CLOCK" and r.json()["problems"]


def test_an_invalid_fill_in_is_refused_with_invalid_clock(api: str) -> None:
    r = httpx.post(
        f"{api}/api/v1/games",
        json={"game": "pagan", "fill_open_seats_after_seconds": 0, "fill_level": "novice"},
    )
    assert r.status_code == 422 and r.json()["code"] == "INVALID_CLOCK", r.text


@pytest.mark.slow
def test_an_open_seat_nobody_takes_goes_to_the_ai_and_the_game_goes_on(
    api: str, worker: Process
) -> None:
    with _clocked(
        api,
        seats=[{"seat": "hunter", "kind": "human"}],  # the witch (who moves first) is open
        fill_open_seats_after_seconds=2,
        fill_level="novice",
    ) as table:
        assert table.read()["fill_open_seats"]["level"] == "novice"
        assert table.read()["to_move"] == "witch" and table.read()["version"] == 0
        game = _wait(lambda: (g := table.read("hunter"))["version"] > 0 and g, 20, "the AI's move")
        witch = next(s for s in game["seats"] if s["seat"] == "witch")
        assert witch == {**witch, "kind": "ai", "level": "novice", "open": False}
        joined = table.rest.http.post(f"/api/v1/games/{table.id}/join", json={"seat": "witch"})
        assert joined.status_code == 409 and joined.json()["code"] == "SEAT_NOT_OPEN"


@pytest.mark.slow
def test_a_timeout_still_fires_when_the_worker_is_killed_and_another_starts(
    namespace: dict[str, str],
) -> None:
    tag = _tag()
    env = {
        **namespace,
        "COVEN_AI_QUEUE": f"{namespace['COVEN_AI_QUEUE']}-clock-{tag}",
        # Keys of their own: no other worker of the session sweeps these clocks.
        "COVEN_KEY_PREFIX": f"{namespace['COVEN_KEY_PREFIX']}clock-{tag}:",
    }
    settings = settings_for(env)
    client = redis.Redis.from_url(settings.redis_url)
    game_key = Keys(settings.key_prefix).game
    first = start_worker(env, env["COVEN_AI_QUEUE"], f"clock-a-{tag}")
    second = None
    try:
        game_id = create_game(
            settings,
            "pagan",
            HUMANS,
            clock={"decision_seconds": 3, "on_timeout": "forfeit"},
        )
        first.kill()  # SIGKILL: the worker that would have swept this clock is gone
        killed = time.monotonic()
        time.sleep(1)
        second = start_worker(env, env["COVEN_AI_QUEUE"], f"clock-b-{tag}")
        _wait(lambda: client.hget(game_key(game_id), "status") == b"finished", 15, "the timeout")
        assert time.monotonic() - killed < 15
        outcome = client.hget(game_key(game_id), "outcome") or b""
        assert b'"reason":"timeout"' in outcome, second.output()
    finally:
        client.close()
        first.stop()
        if second is not None:
            second.stop()
        clear(env["COVEN_KEY_PREFIX"], env["COVEN_AI_QUEUE"])


CREATE = """
mutation ($input: CreateGameInput!) {
  createGame(input: $input) { id tokens { seat token } }
}
"""
READ = """
query ($id: ID!) {
  game(gameId: $id) {
    clock { decisionSeconds onTimeout running deadline seats { seat remainingSeconds away } }
    fillOpenSeats { afterSeconds level at }
  }
}
"""


def test_graphql_creates_a_clocked_game_and_reads_its_clock_typed(api: str) -> None:
    gql = GraphQL(api)
    seats = [{"seat": "witch", "kind": "human"}, {"seat": "hunter", "kind": "human"}]
    created = gql.call(
        CREATE,
        input={
            "game": "pagan",
            "seats": seats,
            "clock": {"decisionSeconds": 60, "onTimeout": "forfeit"},
        },
    )["data"]["createGame"]
    token = {t["seat"]: t["token"] for t in created["tokens"]}["witch"]
    try:
        game = gql.call(READ, id=created["id"])["data"]["game"]
        assert game["clock"]["decisionSeconds"] == 60 and game["clock"]["running"] == "witch"
        assert 0 < game["clock"]["seats"][0]["remainingSeconds"] <= 60
        assert game["fillOpenSeats"] is None
        back = gql.call(
            "mutation ($id: ID!) { back(gameId: $id) { version } }", token, id=created["id"]
        )
        assert back["errors"][0]["extensions"]["code"] == "NOT_AWAY"
        bad = gql.call(
            CREATE,
            input={"game": "pagan", "seats": seats, "clock": {"onTimeout": "forfeit"}},
        )
        assert bad["errors"][0]["extensions"]["code"] == "INVALID_CLOCK"
    finally:
        gql.call("mutation ($id: ID!) { resign(gameId: $id) { version } }", token, id=created["id"])
        gql.close()


def test_an_open_seats_clock_starts_when_it_is_joined(api: str) -> None:
    seats = [{"seat": "hunter", "kind": "human"}]  # the witch, who decides first, is open
    with _clocked(api, seats, clock={"decision_seconds": 60, "on_timeout": "forfeit"}) as table:
        assert table.read()["clock"]["running"] is None  # nobody's clock runs for an open seat
        joined = table.rest.http.post(f"/api/v1/games/{table.id}/join", json={"seat": "witch"})
        assert joined.status_code == 200, joined.text
        game = table.read()
        assert game["clock"]["running"] == "witch"
        assert 59 < _clock_seat(game, "witch")["remaining_seconds"] <= 60
        _resign(table.rest, table.id, joined.json()["token"])


def test_a_rematch_keeps_the_clock(api: str) -> None:
    clock = {"budget_seconds": 300, "increment_seconds": 5, "on_timeout": "ai:easy"}
    with _clocked(api, clock=clock) as table:
        _resign(table.rest, table.id, table.tokens["witch"])
        r = table.rest.http.post(
            f"/api/v1/games/{table.id}/rematch", headers=bearer(table.tokens["witch"])
        )
        assert r.status_code in (200, 201), r.text
        rematch = r.json()
        try:
            game = _game(table.rest, rematch["id"])
            assert {k: game["clock"][k] for k in clock} == clock
        finally:
            _resign(table.rest, rematch["id"], rematch["token"])
