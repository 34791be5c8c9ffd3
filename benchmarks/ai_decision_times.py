"""What an AI decision's answer time tells: timed AI decisions of each game, taken as the
service takes them, split by what the table must not learn, and how well the best
single-threshold classifier on the time tells each split's two classes apart.

    .venv/bin/python benchmarks/ai_decision_times.py [--decisions 400] [--level medium]
        [--pace 1.0] [--games pagan,pantacle] [--seed 46]

Each decision is played by the worker's own turn code (`workers.turns.play_turn` with the
`workers.timing.Pacer` a worker builds from `COVEN_AI_PACE`) against the real Redis (127.0.0.1:6379
or REDIS_URL, under a key prefix of its own, deleted at the end), after the worker's warm-up
(`workers.warmup`), in games against a human-like seat that answers at once with a random legal
move (Pagan: the AI is the Witch in one game, the Hunter in the next; Pantacle: two players).
A decision's time runs from the start of its task to its commit; the first one of the process
is in the figures (and also reported alone).

The splits (class `a` against class `b`):
- `options`: one legal option against several (the issue's finding);
- `searched`: answered without a search (one option, or a move that wins at once) against with;
- `many_options`: several options, at most the median count against more (a search's length
  follows its options);
- `asked` (Pantacle): decisions the rules ask even with one option (offer, pay, hound), one
  option against several: the case where "no choice" is hidden information;
- `role` (Pagan): the AI as the Witch against as the Hunter.

Per split: each class's count, median and largest seconds; `balanced_accuracy`, the best
single threshold's balanced accuracy on all of the decisions (in-sample, so above 0.5 by chance
alone at these counts: `chance` is its median over 200 shufflings of the labels); and
`held_out`, a threshold chosen on every other decision and scored on the rest (both halves,
averaged): what an observer who learned a threshold would score on new decisions.
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import orjson
import redis
from redis.asyncio import Redis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai
from gamestore.commits import Commit, load_state, plan_move
from gamestore.records import GameRecord
from gamestore.settings import Settings
from gamestore.store import CommitResult, Store, SyncStore
from rules.core import get_game
from service.games import GameService
from workers import timing, turns, warmup

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
ASKED = ("offer", "pay", "hound")
SHUFFLES = 200


class TimedStore(SyncStore):
    """The real store, noting when each commit starts."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(redis.Redis.from_url(settings.redis_url), settings)
        self.committed_at = 0.0

    def commit(self, record: GameRecord, commit: Commit) -> CommitResult:
        self.committed_at = time.perf_counter()
        return super().commit(record, commit)


def _create(settings: Settings, game: str, seats: list[dict[str, Any]], options: Any) -> str:
    async def make() -> str:
        client = Redis.from_url(settings.redis_url)

        async def enqueue(task: str, game_id: str, args: list[object]) -> None:
            return None  # this script plays the AI's turns itself

        try:
            service = GameService(Store(client, settings), enqueue)
            created = await service.create(game, options, None, seats, "127.0.0.1")
        finally:
            await client.aclose()
        return str(created["id"])

    return asyncio.run(make())


def _setups(game: str, level: str, number: int) -> tuple[list[dict[str, Any]], Any, str]:
    """The seats, options and AI seat of the `number`th game."""
    if game == "pagan":
        ai_seat, human = ("witch", "hunter") if number % 2 == 0 else ("hunter", "witch")
        return [{"seat": ai_seat, "kind": "ai", "level": level}, {"seat": human}], None, ai_seat
    seats = [{"seat": "seat-0", "kind": "human"}, {"seat": "seat-1", "kind": "ai", "level": level}]
    return seats, {"players": 2}, "seat-1"


def play(
    settings: Settings, game_name: str, level: str, pace: float, wanted: int, seed: int
) -> list[dict[str, Any]]:
    """`wanted` timed AI decisions of `game_name` at `level`, each with what it was."""
    store = TimedStore(settings)
    game = get_game(game_name)
    pacer = timing.Pacer(pace)
    rng = random.Random(seed)
    decisions: list[dict[str, Any]] = []
    number = 0
    while len(decisions) < wanted:
        seats, options, ai_seat = _setups(game_name, level, number)
        for s in seats:
            s.setdefault("kind", "human")
        game_id = _create(settings, game_name, seats, options)
        number += 1
        while len(decisions) < wanted:
            record = store.load(game_id)
            assert record is not None
            if record.status != "active":
                break
            state = load_state(game, record)
            seat = game.to_move(state)
            assert seat is not None
            moves = game.legal_moves(state)
            if seat != ai_seat:
                move = rng.choice(moves)
                commit, _ = plan_move(game, record, state, seat, move)
                assert store.commit(record, commit).ok
                continue
            seed_text = f"{record.seed}/ai/{record.version}"  # as the worker seeds it
            info = turns.seat_information(game, state, seat, seed_text)
            quick = len(moves) == 1 or ai.decisive_move(game, info, seat, moves, seed_text)
            decision = game.view(state, None).get("decision")
            kind = decision.get("kind") if isinstance(decision, dict) else None
            started = time.perf_counter()
            outcome = turns.play_turn(
                store, game_id, record.version, "bench", lambda g, v: None, pacer
            )
            assert outcome == "moved", outcome
            decisions.append(
                {
                    "seconds": store.committed_at - started,
                    "options": len(moves),
                    "searched": not quick,
                    "kind": kind,
                    "seat": seat,
                }
            )
    store.redis.close()
    return decisions


def best_threshold(a: list[float], b: list[float]) -> tuple[float, float, bool]:
    """The single threshold on the time that best tells `a` from `b` by balanced accuracy:
    (its balanced accuracy, the threshold, whether `a` is the side at or below it)."""
    best = (0.5, 0.0, True)
    for t in sorted(set(a) | set(b)):
        below_a = sum(x <= t for x in a) / len(a)
        below_b = sum(x <= t for x in b) / len(b)
        for acc, a_below in (
            ((below_a + 1 - below_b) / 2, True),
            ((below_b + 1 - below_a) / 2, False),
        ):
            if acc > best[0]:
                best = (acc, t, a_below)
    return best


def scored(a: list[float], b: list[float], threshold: float, a_below: bool) -> float:
    """Balanced accuracy of a threshold on new decisions."""
    below_a = sum(x <= threshold for x in a) / len(a)
    below_b = sum(x <= threshold for x in b) / len(b)
    return (below_a + 1 - below_b) / 2 if a_below else (below_b + 1 - below_a) / 2


def split_report(
    decisions: list[dict[str, Any]], in_a: Any, in_b: Any, rng: random.Random
) -> dict[str, Any] | None:
    """The report of one split: decisions with `in_a` against those with `in_b`."""
    labelled = [(d["seconds"], True) for d in decisions if in_a(d)]
    labelled += [(d["seconds"], False) for d in decisions if in_b(d)]
    a = [s for s, is_a in labelled if is_a]
    b = [s for s, is_a in labelled if not is_a]
    if len(a) < 2 or len(b) < 2:
        return None
    accuracy, _, _ = best_threshold(a, b)
    # Held out: a threshold learned on every other decision, scored on the others, both ways.
    order = [d for d in decisions if in_a(d) or in_b(d)]
    halves = [order[0::2], order[1::2]]
    held: list[float] = []
    for learn, test in (halves, halves[::-1]):
        la = [d["seconds"] for d in learn if in_a(d)]
        lb = [d["seconds"] for d in learn if in_b(d)]
        ta = [d["seconds"] for d in test if in_a(d)]
        tb = [d["seconds"] for d in test if in_b(d)]
        if la and lb and ta and tb:
            _, threshold, a_below = best_threshold(la, lb)
            held.append(scored(ta, tb, threshold, a_below))
    times = [s for s, _ in labelled]
    chance = []
    for _ in range(SHUFFLES):
        labels = [is_a for _, is_a in labelled]
        rng.shuffle(labels)
        sa = [t for t, is_a in zip(times, labels, strict=True) if is_a]
        sb = [t for t, is_a in zip(times, labels, strict=True) if not is_a]
        chance.append(best_threshold(sa, sb)[0])
    return {
        "a": {"count": len(a), "median": round(statistics.median(a), 4), "max": round(max(a), 4)},
        "b": {"count": len(b), "median": round(statistics.median(b), 4), "max": round(max(b), 4)},
        "balanced_accuracy": round(accuracy, 4),
        "chance": round(statistics.median(chance), 4),
        "held_out": round(statistics.mean(held), 4) if held else None,
    }


def report(game: str, decisions: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    several = [d["options"] for d in decisions if d["options"] > 1]
    middle = statistics.median(several) if several else 0
    splits: dict[str, Any] = {
        "options": (lambda d: d["options"] == 1, lambda d: d["options"] > 1),
        "searched": (lambda d: not d["searched"], lambda d: d["searched"]),
        "many_options": (
            lambda d: 1 < d["options"] <= middle,
            lambda d: d["options"] > middle,
        ),
    }
    if game == "pantacle":
        splits["asked"] = (
            lambda d: d["kind"] in ASKED and d["options"] == 1,
            lambda d: d["kind"] in ASKED and d["options"] > 1,
        )
    if game == "pagan":
        splits["role"] = (lambda d: d["seat"] == "witch", lambda d: d["seat"] == "hunter")
    times = [d["seconds"] for d in decisions]
    return {
        "decisions": len(decisions),
        "median": round(statistics.median(times), 4),
        "max": round(max(times), 4),
        "first": round(times[0], 4),
        "splits": {
            name: split_report(decisions, in_a, in_b, rng) for name, (in_a, in_b) in splits.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=400)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--pace", type=float, default=1.0)
    parser.add_argument("--games", default="pagan,pantacle")
    parser.add_argument("--seed", type=int, default=46)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[-1]})
    tag = uuid.uuid4().hex[:10]
    settings = Settings(redis_url=REDIS_URL, key_prefix=f"bench-times-{tag}:")
    warm = warmup.warm_up()  # what a worker process does before its first task
    games: dict[str, Any] = {}
    try:
        for game in args.games.split(","):
            decisions = play(settings, game, args.level, args.pace, args.decisions, args.seed)
            games[game] = {
                "ranges": ai.answer_seconds(args.level, game),
                **report(game, decisions, args.seed),
            }
    finally:
        client = redis.Redis.from_url(REDIS_URL)
        for key in client.scan_iter(match=f"{settings.key_prefix}*", count=1000):
            client.delete(key)
        client.close()
    result = {
        "benchmark": "ai_decision_times",
        "level": args.level,
        "pace": args.pace,
        "seed": args.seed,
        "warm_up_seconds": round(warm, 3),
        "compiled": _compiled(),
        "games": games,
    }
    print(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode())


def _compiled() -> bool:
    """Whether the rules core runs compiled (mypyc) in this process."""
    import rules.core.machine as machine

    return not str(machine.__file__).endswith(".py")


if __name__ == "__main__":
    main()
