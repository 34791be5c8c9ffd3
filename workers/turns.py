"""An AI seat's turn and a hint, as plain functions over the worker's store (no Celery here).

Safe to run twice, in any order, on any number of workers:
- a task names the version it was enqueued for; when the game has moved on it does nothing
  (stale or duplicate), except finishing the follow-up of its own earlier delivery;
- the move is written by the same compare-and-set as every other move, so of two deliveries
  racing for one version exactly one writes.

The AI never sees the hidden truth: the worker first builds a state from the seat's
information alone (`game.sample(state, seat, rng)`, a determinization drawn from what the seat
knows) and hands only that to `ai.choose_move`, which samples further from it. The chosen move
is then checked against the real state like any other move.

A level with several trees (`expert`) spreads them over tasks: `play_turn` hands one job per
tree to `enqueue_split` (in the worker: a Celery chord), `search_tree` grows one tree, and
`finish_turn` (the chord's body) merges the trees' root statistics, picks and commits. The move
is exactly the one `ai.choose_move` would choose in one process: the same seed, the same
determinization of the seat's information, the same trees (unless a time cap cuts them short).

Every AI decision is written at a time drawn for it from its level's range, searched or not,
and its search ends before that time (`workers.timing`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

import ai
from ai.parallel import merge, pick, run_tree, split
from gamestore.commits import Commit, load_state, plan_move, resolve_move
from gamestore.handoff import ai_to_move
from gamestore.records import ACTIVE, FINISHED, GameRecord
from gamestore.store import SyncStore
from rules.core import Game, Rng, get_game, seed_state
from workers import timing

log = logging.getLogger(__name__)

EnqueueNext = Callable[[str, int], None]
EnqueueSplit = Callable[[str, int, list[dict[str, Any]], float, float], None]
"""(game id, version, one job per tree, the turn's start as `time.time()`, its answer time in
seconds after the start): run every job with `search_tree` and hand their results to
`finish_turn`; never waits for them."""

DEADLINE = "deadline"
"""A tree job's key (when the decision is paced): the `time.time()` by which its search ends,
wherever and whenever the job runs."""


def seat_information(game: Game, state: Any, seat: str, seed: str) -> Any:
    """A full state consistent with everything `seat` knows and nothing it does not."""
    return game.sample(state, seat, Rng(seed_state(seed)))


@dataclass(frozen=True, slots=True)
class _AiTurn:
    """What every task of one AI decision works from: the game, its real state, the AI seat,
    its level and the decision's seed."""

    game: Game
    state: Any
    seat: str
    level: str
    seed: str

    def information(self) -> Any:
        # Drawn by the caller, not at load: a failure here counts as a failed AI task.
        return seat_information(self.game, self.state, self.seat, self.seed)


def _ai_turn(record: GameRecord, version: int) -> _AiTurn | None:
    """The AI decision at `version` of `record` (the caller has checked that the game is still
    at it), or None when the seat to move is not an AI's."""
    game = get_game(record.game)
    state = load_state(game, record)
    config = ai_to_move(record, game.to_move(state))
    if config is None:
        return None
    return _AiTurn(game, state, config.seat, config.level or "medium", _seed(record, version))


def play_turn(
    store: SyncStore,
    game_id: str,
    version: int,
    task_id: str,
    enqueue_next: EnqueueNext,
    pacer: timing.Pacer = timing.UNPACED,
    enqueue_split: EnqueueSplit | None = None,
) -> str:
    """Play the AI seat's move at `version`, written at the time `pacer` draws for it.
    Returns what happened: 'moved', 'split' (a level with several trees: they were handed to
    `enqueue_split`, whose `finish_turn` moves), 'stale', 'resumed' (a redelivery that only
    re-enqueued its follow-up), 'not-ai' or 'gone'. Without `enqueue_split` every tree grows
    here."""
    started = pacer.clock()
    started_wall = time.time()
    record = store.load(game_id)
    if record is None:
        return "gone"
    if record.version != version or record.status != ACTIVE:
        return _after_stale(store, record, version, task_id, enqueue_next)
    turn = _ai_turn(record, version)
    if turn is None:
        return "not-ai"
    name = turn.game.name
    answer = pacer.answer_seconds(name, turn.level)
    try:
        info = turn.information()
        quick = _without_search(turn.game, info, turn.seat, turn.seed)
        if quick is not None:
            decision = quick
        else:
            jobs = split(turn.level, turn.seed, game=name)
            # The deadline is set just before the search, after everything that precedes it.
            overrides = pacer.search_overrides(name, turn.level, answer, pacer.clock() - started)
            if "time_cap" in overrides:
                for job in jobs:
                    job[DEADLINE] = time.time() + overrides["time_cap"]
            if enqueue_split is not None and len(jobs) > 1:
                enqueue_split(game_id, version, jobs, started_wall, answer)
                return "split"
            decision = _searched(turn, info, jobs)
        move = resolve_move(turn.game, turn.state, decision.move.id)
        commit, _ = plan_move(turn.game, record, turn.state, turn.seat, move, task=task_id)
    except Exception:
        store.record_ai_task(pacer.clock() - started, failed=True)
        raise

    def elapsed() -> float:
        return pacer.clock() - started

    return _commit(
        store, record, commit, enqueue_next, lambda: pacer.wait(started, answer), elapsed, decision
    )


def search_tree(
    store: SyncStore, game_id: str, version: int, job: dict[str, Any]
) -> dict[str, Any]:
    """Grow one tree of the AI seat's decision at `version` (a job of `ai.parallel.split`), on
    the same seat information as every other tree of that decision: `ai.parallel.run_tree`'s
    root statistics, or `{"tree": i, "stale": True}` when the game has moved on."""
    stale = {"tree": int(job["tree"]), "stale": True}
    record = store.load(game_id)
    if record is None or record.version != version or record.status != ACTIVE:
        return stale
    turn = _ai_turn(record, version)
    if turn is None:
        return stale
    return run_tree(turn.game, turn.information(), turn.seat, _capped(job, turn))


def _searched(turn: _AiTurn, info: Any, jobs: list[dict[str, Any]]) -> ai.Decision:
    """The decision `ai.decide` takes when it searches (the same trees, merged and picked
    alike: `_without_search` has ruled out the moves it takes without one), the trees growing
    one after another here, sharing what is left before their jobs' deadline equally."""
    results = []
    for i, job in enumerate(jobs):
        if DEADLINE in job:
            now = time.time()
            job = {**job, DEADLINE: now + (float(job[DEADLINE]) - now) / (len(jobs) - i)}
        results.append(run_tree(turn.game, info, turn.seat, _capped(job, turn)))
    return _weighed(turn, info, results)


def _weighed(turn: _AiTurn, info: Any, trees: list[dict[str, Any]]) -> ai.Decision:
    """The move picked from the merged trees, with what they weighed and the seat's belief."""
    legal = turn.game.legal_moves(info)
    stats = merge(trees)
    params = ai.params_for(turn.level, game=turn.game.name)
    chosen = pick(stats, [m.id for m in legal], params, turn.seed)
    move = next(m for m in legal if m.id == chosen)
    belief = ai.seat_belief(turn.game, info, turn.seat)
    return ai.Decision(move, "searched", ai.weighed_moves(stats, legal, chosen=chosen), belief)


def _capped(job: dict[str, Any], turn: _AiTurn) -> dict[str, Any]:
    """`job` with a time cap that ends its search by the job's deadline (when it has one)."""
    if DEADLINE not in job:
        return job
    own = ai.params_for(turn.level, game=turn.game.name).time_cap
    left = float(job[DEADLINE]) - time.time()
    cap = max(timing.MIN_SEARCH_SECONDS, left if own is None else min(own, left))
    return {**job, "overrides": {**job.get("overrides", {}), "time_cap": cap}}


def finish_turn(
    store: SyncStore,
    game_id: str,
    version: int,
    results: list[Any],
    task_id: str,
    enqueue_next: EnqueueNext,
    started_at: float | None = None,
    answer: float = 0.0,
    pacer: timing.Pacer = timing.UNPACED,
) -> str:
    """Merge the trees of the AI seat's decision at `version` (the results of `search_tree`),
    pick and commit the move: 'moved', 'stale', 'resumed' or 'gone' as for `play_turn`. Trees
    are taken once each (by index); a tree missing from `results` grows here (by the same
    deadline). `started_at`: when the turn began (`time.time()`), for the turn's duration and,
    with `answer` (seconds after it), when the move is written; `pacer` sleeps."""
    started = time.time() if started_at is None else started_at

    def elapsed() -> float:
        return max(0.0, time.time() - started)

    record = store.load(game_id)
    if record is None:
        return "gone"
    if record.version != version or record.status != ACTIVE:
        return _after_stale(store, record, version, task_id, enqueue_next)
    trees = [r for r in results if isinstance(r, dict)]
    if any(r.get("stale") for r in trees):
        return "stale"
    turn = _ai_turn(record, version)
    if turn is None:
        return "not-ai"
    try:
        info = turn.information()
        by_tree: dict[int, dict[str, Any]] = {}
        for result in trees:
            by_tree.setdefault(int(result["tree"]), result)
        merged = []
        for job in split(turn.level, turn.seed, game=turn.game.name):
            tree = int(job["tree"])
            if tree not in by_tree:
                log.info("game %s v%d: tree %d grows in the merge step", game_id, version, tree)
                if answer > 0:
                    job[DEADLINE] = started + answer * timing.SEARCH_SHARE
                by_tree[tree] = run_tree(turn.game, info, turn.seat, _capped(job, turn))
            merged.append(by_tree[tree])
        decision = _weighed(turn, info, merged)
        move = resolve_move(turn.game, turn.state, decision.move.id)
        commit, _ = plan_move(turn.game, record, turn.state, turn.seat, move, task=task_id)
    except Exception:
        store.record_ai_task(elapsed(), failed=True)
        raise

    def wait() -> None:
        pause = started + answer - time.time()
        if pause > 0:
            pacer.sleep(pause)

    return _commit(store, record, commit, enqueue_next, wait, elapsed, decision)


def _seed(record: GameRecord, version: int) -> str:
    """The seed of the AI's decision at `version`: its seat information and its search."""
    return f"{record.seed}/ai/{version}"


def _without_search(game: Game, info: Any, seat: str, seed: str) -> ai.Decision | None:
    """The decision `ai.decide` takes without searching (the only legal move, or one that
    wins at once), or None."""
    moves = game.legal_moves(info)
    if len(moves) == 1:
        return ai.Decision(moves[0], "only", belief=ai.seat_belief(game, info, seat))
    winning = ai.decisive_move(game, info, seat, moves, seed)
    if winning is None:
        return None
    return ai.Decision(winning, "decisive", belief=ai.seat_belief(game, info, seat))


def _commit(
    store: SyncStore,
    record: GameRecord,
    commit: Commit,
    enqueue_next: EnqueueNext,
    wait: Callable[[], None],
    elapsed: Callable[[], float],
    decision: ai.Decision,
) -> str:
    """Write the AI's move (compare-and-set: 'stale' when another write came first) once
    `wait` returns (the decision's answer time), then what the AI weighed and believed
    (`decision`), then enqueue the next AI turn when the next decision is an AI seat's.

    The thought is written after the move, by the task that wrote the move and only then: a
    thought is never kept for a move that was not made. A worker that dies between the two
    leaves that decision without its thought (its redelivery finds the game moved on); the
    record then shows no reasons for it, which hides nothing and misleads nobody. Writing it
    inside the move's own script would make that gap impossible, at the price of every
    write's script knowing of the AI."""
    wait()
    result = store.commit(record, commit)
    store.record_ai_task(elapsed())
    if not result.ok:
        return "stale"
    store.put_thought(
        record.id,
        commit.version,
        orjson.dumps(decision.to_json()),
        finished=commit.status == FINISHED,
    )
    if commit.next_to_move is not None:
        after = store.load(record.id)
        if (
            after is not None
            and after.version == commit.version
            and ai_to_move(after, commit.next_to_move) is not None
        ):
            enqueue_next(record.id, commit.version)
    return "moved"


def _after_stale(
    store: SyncStore, record: GameRecord, version: int, task_id: str, enqueue_next: EnqueueNext
) -> str:
    """A delivery for an old version. If this very task wrote the next version (the worker died
    after the write but before the acknowledgement) and the game still waits on an AI seat at
    that version, the follow-up may never have been enqueued: enqueue it (a duplicate of it
    would be harmless)."""
    if task_id and record.status == ACTIVE and record.version == version + 1:
        entry = store.log_entry(record.id, version + 1)
        if entry is not None and entry.get("task") == task_id:
            game = get_game(record.game)
            if ai_to_move(record, game.to_move(load_state(game, record))) is not None:
                enqueue_next(record.id, record.version)
                return "resumed"
    return "stale"


def analyse(
    store: SyncStore, game_id: str, version: int, seat: str, level: str, request_id: str
) -> str:
    """Analyse `seat`'s decision at `version` for a hint and leave the result for the API."""
    record = store.load(game_id)
    if record is None:
        return "gone"
    if record.version != version:
        store.put_hint(
            request_id,
            orjson.dumps(
                {
                    "error": f"the game moved on to version {record.version}; ask again",
                    "version": record.version,
                }
            ),
        )
        return "stale"
    game = get_game(record.game)
    state = load_state(game, record)
    seed = f"{record.seed}/hint/{version}/{seat}"
    moves = ai.analyse(game, seat_information(game, state, seat, seed), seat, level, seed)
    store.put_hint(
        request_id,
        orjson.dumps(
            {
                "game_id": game_id,
                "version": version,
                "seat": seat,
                "level": level,
                "moves": moves,
            }
        ),
    )
    return "analysed"
