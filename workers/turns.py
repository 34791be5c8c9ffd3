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
determinization of the seat's information, the same trees.
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
EnqueueSplit = Callable[[str, int, list[dict[str, Any]], float], None]
"""(game id, version, one job per tree, the turn's start as `time.time()`): run every job with
`search_tree` and hand their results to `finish_turn`; never waits for them."""


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
    min_seconds: float = 0.0,
    enqueue_split: EnqueueSplit | None = None,
    constant_shape: bool = True,
) -> str:
    """Play the AI seat's move at `version`. Returns what happened: 'moved', 'split' (a level
    with several trees: they were handed to `enqueue_split`, whose `finish_turn` moves),
    'stale', 'resumed' (a redelivery that only re-enqueued its follow-up), 'not-ai' or 'gone'.
    Without `enqueue_split` every tree grows here. `min_seconds` and `constant_shape`: see
    `workers.timing`."""
    started = time.monotonic()
    record = store.load(game_id)
    if record is None:
        return "gone"
    if record.version != version or record.status != ACTIVE:
        return _after_stale(store, record, version, task_id, enqueue_next)
    turn = _ai_turn(record, version)
    if turn is None:
        return "not-ai"
    try:
        info = turn.information()
        quick = _without_search(turn.game, info, turn.seat, turn.seed)
        if quick is not None:
            decision = quick
        elif enqueue_split is not None and ai.params_for(turn.level, game=turn.game.name).trees > 1:
            enqueue_split(
                game_id, version, split(turn.level, turn.seed, game=turn.game.name), time.time()
            )
            return "split"
        else:
            decision = ai.decide(turn.game, info, turn.seat, turn.level, turn.seed)
        move = resolve_move(turn.game, turn.state, decision.move.id)
        commit, _ = plan_move(turn.game, record, turn.state, turn.seat, move, task=task_id)
    except Exception:
        store.record_ai_task(time.monotonic() - started, failed=True)
        raise
    target, remember = _target(store, record, turn, quick is None, min_seconds, constant_shape)
    return _commit(
        store,
        record,
        commit,
        enqueue_next,
        target,
        lambda: time.monotonic() - started,
        remember,
        decision,
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
    return run_tree(turn.game, turn.information(), turn.seat, job)


def finish_turn(
    store: SyncStore,
    game_id: str,
    version: int,
    results: list[Any],
    task_id: str,
    enqueue_next: EnqueueNext,
    min_seconds: float = 0.0,
    started_at: float | None = None,
    constant_shape: bool = True,
) -> str:
    """Merge the trees of the AI seat's decision at `version` (the results of `search_tree`),
    pick and commit the move: 'moved', 'stale', 'resumed' or 'gone' as for `play_turn`. Trees
    are taken once each (by index); a tree missing from `results` grows here. `started_at`:
    when the turn began (`time.time()`), for `min_seconds` and the turn's duration."""
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
                by_tree[tree] = run_tree(turn.game, info, turn.seat, job)
            merged.append(by_tree[tree])
        legal = turn.game.legal_moves(info)
        stats = merge(merged)
        chosen = pick(
            stats, [m.id for m in legal], ai.params_for(turn.level, game=turn.game.name), turn.seed
        )
        move = resolve_move(turn.game, turn.state, chosen)
        belief = ai.seat_belief(turn.game, info, turn.seat)
        decision = ai.Decision(
            move, "searched", ai.weighed_moves(stats, legal, chosen=chosen), belief
        )
        commit, _ = plan_move(turn.game, record, turn.state, turn.seat, move, task=task_id)
    except Exception:
        store.record_ai_task(elapsed(), failed=True)
        raise
    target, remember = _target(store, record, turn, True, min_seconds, constant_shape)
    return _commit(store, record, commit, enqueue_next, target, elapsed, remember, decision)


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


def _target(
    store: SyncStore,
    record: GameRecord,
    turn: _AiTurn,
    searched: bool,
    min_seconds: float,
    constant_shape: bool,
) -> tuple[float, Callable[[float], None] | None]:
    """How long the AI's decision should take at least (see `workers.timing`): the jittered
    floor of a game with a human seat, and for a decision answered without a search a recent
    searched decision's time; with, for a searched decision, what remembers its own time (up
    to its commit, so that a padded decision costs what a searched one does)."""
    target = timing.floor_seconds(record, min_seconds)
    if not constant_shape:
        return target, None
    kind = timing.decision_kind(turn.game.view(turn.state, None))
    if searched:
        return target, timing.recorder(store, turn.game.name, turn.level, kind)
    pad = timing.single_option_seconds(store, turn.game.name, turn.level, kind)
    return max(target, pad), None


def _commit(
    store: SyncStore,
    record: GameRecord,
    commit: Commit,
    enqueue_next: EnqueueNext,
    target_seconds: float,
    elapsed: Callable[[], float],
    remember: Callable[[float], None] | None = None,
    decision: ai.Decision | None = None,
) -> str:
    """Write the AI's move (compare-and-set: 'stale' when another write came first) once the
    decision has taken `target_seconds`, then what the AI weighed and believed (`decision`),
    then enqueue the next AI turn when the next decision is an AI seat's.

    The thought is written after the move, by the task that wrote the move and only then: a
    thought is never kept for a move that was not made. A worker that dies between the two
    leaves that decision without its thought (its redelivery finds the game moved on); the
    record then shows no reasons for it, which hides nothing and misleads nobody. Writing it
    inside the move's own script would make that gap impossible, at the price of every
    write's script knowing of the AI."""
    pause = target_seconds - elapsed()
    if pause > 0:
        time.sleep(pause)
    before_commit = elapsed()
    result = store.commit(record, commit)
    if remember is not None:
        remember(before_commit)
    store.record_ai_task(elapsed())
    if not result.ok:
        return "stale"
    if decision is not None:
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
