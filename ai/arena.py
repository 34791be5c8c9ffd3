"""The arena: AI levels and baseline policies play each other in paired games.

    run_arena("pagan", "hard", "random", games=200, seed="1")   -> the arena's JSON summary
    run_ladder("pagan", games=100, seed="1")                     -> Elo ratings up the levels
    play_out(game, state, players, deal_seed)                    -> one game played on to its end

The command line (`coven arena`, `coven ladder`) is in coven/arena.py; the statistics (exact
intervals, Elo) in ai/ratings.py.

A player spec is a level (`novice` ... `expert`), a policy (`random`, `greedy`), or a level with
overrides: `hard:iterations=500,beliefs=false`. Games come in rounds of one deal per seat count:
in round k every game is dealt with seed `{seed}-{k}` and spec `a` takes each seat once (in Pagan:
once the Witch, once the Hunter), the other seats going to `b`, so luck of the deal and the
roles cancel out. Every decision's seed derives from the round, the game and the decision number,
so the same arguments always give the same games (unless a level's time cap cuts a search short).

Win rates carry exact (Clopper-Pearson) 95% intervals; a draw or an unfinished game counts as
not won by either side.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any, Protocol

from ai.agent import Session
from ai.levels import LEVELS, InvalidLevel, params_for
from ai.policies import POLICIES, greedy_policy, random_policy
from ai.ratings import clopper_pearson, elo
from rules.core import Game, JsonValue, Move, Options, Seat, get_game

MAX_DECISIONS = 10_000


class BadSpec(ValueError):
    """A player spec that names no level or policy, or has bad overrides."""


@dataclass(frozen=True, slots=True)
class Spec:
    text: str
    kind: str  # a level name or a policy name
    overrides: dict[str, Any] = field(default_factory=dict)


def parse_spec(text: str) -> Spec:
    """`hard`, `greedy`, or `hard:iterations=500,beliefs=false`."""
    name, _, rest = text.partition(":")
    if name not in LEVELS and name not in POLICIES:
        known = ", ".join((*LEVELS, *POLICIES))
        raise BadSpec(f"unknown player {name!r}; choose one of {known}")
    overrides: dict[str, Any] = {}
    if rest:
        if name in POLICIES:
            raise BadSpec(f"the {name} policy takes no parameters")
        for item in rest.split(","):
            key, eq, raw = item.partition("=")
            if not eq:
                raise BadSpec(f"override {item!r} is not of the form name=value")
            overrides[key.strip()] = _value(raw.strip())
        try:
            params_for(name, overrides)
        except InvalidLevel as exc:
            raise BadSpec(f"{text}: {exc}") from None
    return Spec(text, name, overrides)


def parse_specs(text: str) -> list[str]:
    """A comma-separated list of player specs (`random,greedy,hard`), each checked."""
    specs = [p.strip() for p in text.split(",") if p.strip()]
    for spec in specs:
        parse_spec(spec)
    return specs


def _value(raw: str) -> Any:
    low = raw.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("none", "null"):
        return None
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    return raw


class Player:
    """One seat's player for one game."""

    def __init__(self, game: Game, seat: Seat, spec: Spec) -> None:
        self.game = game
        self.seat = seat
        self.spec = spec
        self.session = (
            Session(game, seat, spec.kind, spec.overrides) if spec.kind in LEVELS else None
        )
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, state: Any, seed: str) -> Move:
        started = time.perf_counter()
        if self.session is not None:
            move = self.session.choose(state, seed)
        elif self.spec.kind == "greedy":
            move = greedy_policy(self.game, state, self.seat, seed)
        else:
            move = random_policy(self.game, state, self.seat, seed)
        self.seconds += time.perf_counter() - started
        self.decisions += 1
        return move

    def observe(self, seat: Seat, move: Move) -> None:
        if self.session is not None:
            self.session.observe(seat, move)


class Chooser(Protocol):
    """What plays a seat: a `Player`, or an `ai.Session`."""

    def choose(self, state: Any, seed: str) -> Move: ...

    def observe(self, seat: Seat, move: Move) -> None: ...


def play_out(
    game: Game,
    state: Any,
    players: Mapping[Seat, Chooser],
    deal_seed: str,
    max_decisions: int = MAX_DECISIONS,
) -> int:
    """Play `state` on to the end (or `max_decisions`): decision n is chosen by the seat's player
    with seed `{deal_seed}/{n}`, and every player is told of every move. The decisions made."""
    decisions = 0
    while (seat := game.to_move(state)) is not None and decisions < max_decisions:
        move = players[seat].choose(state, f"{deal_seed}/{decisions}")
        game.apply_unchecked(state, move)
        decisions += 1
        for player in players.values():
            player.observe(seat, move)
    return decisions


def play_game(
    game_name: str,
    options: Options,
    deal_seed: str,
    specs: dict[Seat, Spec],
    max_decisions: int = MAX_DECISIONS,
) -> dict[str, Any]:
    """Play one game with `specs[seat]` at each seat; a plain-data record of how it went."""
    game = get_game(game_name)
    state = game.new(options, deal_seed)
    players = {seat: Player(game, seat, spec) for seat, spec in specs.items()}
    decisions = play_out(game, state, players, deal_seed, max_decisions)
    result = game.outcome(state)
    stats = getattr(game, "arena_stats", None)
    return {
        "stats": stats(state) if stats is not None else {},
        "seed": deal_seed,
        "winners": list(result.winners) if result is not None else [],
        "reason": result.reason if result is not None else "unfinished",
        "decisions": decisions,
        "seconds": {seat: p.seconds for seat, p in players.items()},
        "choices": {seat: p.decisions for seat, p in players.items()},
    }


def _play_job(job: tuple[str, Options, str, dict[Seat, str]]) -> dict[str, Any]:
    game_name, options, deal_seed, texts = job
    return play_game(game_name, options, deal_seed, {s: parse_spec(t) for s, t in texts.items()})


def schedule(
    seats: list[Seat], a: str, b: str, games: int, seed: str
) -> list[tuple[str, dict[Seat, str], Seat]]:
    """(deal seed, spec text by seat, the seat `a` holds) for each game, in order: rounds of
    len(seats) games on one deal, `a` taking each seat once."""
    out = []
    rounds = math.ceil(games / len(seats))
    for k in range(rounds):
        for a_seat in seats:
            texts = {s: (a if s == a_seat else b) for s in seats}
            out.append((f"{seed}-{k}", texts, a_seat))
    return out[: rounds * len(seats)]


def run_arena(
    game_name: str,
    a: str,
    b: str,
    games: int,
    seed: str = "1",
    players: int | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    extra_options: Options | None = None,
) -> dict[str, Any]:
    """Play the games (rounded up to whole rounds) and summarise them as the arena's JSON.
    `extra_options` are game options on top of the defaults (e.g. Pagan's expansion)."""
    spec_a, spec_b = parse_spec(a), parse_spec(b)
    if games < 1:
        raise ValueError("games must be at least 1")
    game = get_game(game_name)
    options = {**game.default_options(), **(extra_options or {})}
    if players is not None:
        options["players"] = players
    options = game.validate_options(options)
    seats = game.seats(options)
    plan = schedule(seats, spec_a.text, spec_b.text, games, seed)
    jobs = [(game_name, options, deal, texts) for deal, texts, _ in plan]
    started = time.perf_counter()
    ended: dict[int, dict[str, Any]] = {}
    for index, record in run_jobs(jobs, workers):
        ended[index] = record
        if progress is not None:
            progress(len(ended), len(jobs))
    records = [ended[i] for i in range(len(jobs))]
    elapsed = time.perf_counter() - started
    out = summarise(game_name, spec_a.text, spec_b.text, seed, plan, records, elapsed, players)
    if extra_options:
        out["options"] = dict(extra_options)
    return out


def run_jobs(jobs: list[Any], workers: int) -> Iterable[tuple[int, dict[str, Any]]]:
    """Play each (game, options, deal seed, spec text by seat) job in `workers` processes;
    each game's index in `jobs` and record as soon as it ends, so one long game holds back no
    other (and a run cut short keeps every game that ended)."""
    if workers <= 1:
        for index, job in enumerate(jobs):
            yield index, _play_job(job)
        return
    with get_context("spawn").Pool(workers) as pool:
        yield from pool.imap_unordered(_play_indexed_job, enumerate(jobs))


def _play_indexed_job(
    item: tuple[int, tuple[str, Options, str, dict[Seat, str]]],
) -> tuple[int, dict[str, Any]]:
    index, job = item
    return index, _play_job(job)


def _win_rate(wins: int, games: int) -> dict[str, Any]:
    """A's win rate and its exact 95% interval, as the arena's JSON has them."""
    return {
        "a_win_rate": round(wins / games, 4) if games else 0.0,
        "ci95": [round(x, 4) for x in clopper_pearson(wins, games)],
    }


def summarise(
    game_name: str,
    a: str,
    b: str,
    seed: str,
    plan: list[tuple[str, dict[Seat, str], Seat]],
    records: list[dict[str, Any]],
    elapsed: float,
    players: int | None = None,
) -> dict[str, Any]:
    a_wins = b_wins = draws = 0
    by_role: dict[Seat, list[int]] = {}
    secs = {"a": 0.0, "b": 0.0}
    choices = {"a": 0, "b": 0}
    reasons: dict[str, int] = {}
    for (_, _, a_seat), rec in zip(plan, records, strict=True):
        role = by_role.setdefault(a_seat, [0, 0, 0, 0])  # games, a wins, b wins, draws
        role[0] += 1
        winners = rec["winners"]
        if not winners:
            draws += 1
            role[3] += 1
        elif a_seat in winners:
            a_wins += 1
            role[1] += 1
        else:
            b_wins += 1
            role[2] += 1
        reasons[rec["reason"]] = reasons.get(rec["reason"], 0) + 1
        for seat, s in rec["seconds"].items():
            side = "a" if seat == a_seat else "b"
            secs[side] += s
            choices[side] += rec["choices"][seat]
    n = len(records)
    out: dict[str, Any] = {
        "game": game_name,
        "a": a,
        "b": b,
        "seed": seed,
        "games": n,
        "a_wins": a_wins,
        "b_wins": b_wins,
        "draws": draws,
        **_win_rate(a_wins, n),
        "by_role": {
            seat: {
                "games": g,
                "a_wins": aw,
                "b_wins": bw,
                "draws": d,
                **_win_rate(aw, g),
            }
            for seat, (g, aw, bw, d) in by_role.items()
        },
        "avg_seconds_per_decision": {
            side: round(secs[side] / choices[side], 5) if choices[side] else 0.0
            for side in ("a", "b")
        },
        "reasons": dict(sorted(reasons.items())),
        "avg_decisions": round(sum(r["decisions"] for r in records) / n, 1) if n else 0.0,
        "seconds": round(elapsed, 2),
    }
    if players is not None:
        out["players"] = players
    return out


LADDER = ("random", *LEVELS)


def run_ladder(
    game_name: str,
    games: int,
    seed: str = "1",
    players: int | None = None,
    workers: int = 1,
    rungs: tuple[str, ...] = LADDER,
    progress: Callable[[str, int, int], None] | None = None,
    extra_options: Options | None = None,
) -> dict[str, Any]:
    """Each rung plays the one below it; Elo ratings anchored at the first rung (0), each step
    with the Elo of its win rate's 95% interval. A draw counts half a win here."""
    steps: list[dict[str, JsonValue]] = []
    ratings: dict[str, dict[str, float]] = {rungs[0]: {"elo": 0.0, "lo": 0.0, "hi": 0.0}}
    total, lo_total, hi_total = 0.0, 0.0, 0.0
    for lower, upper in itertools.pairwise(rungs):
        label = f"{upper} vs {lower}"
        step_progress: Callable[[int, int], None] | None = None
        if progress is not None:

            def step_progress(
                done: int,
                total: int,
                label: str = label,
                report: Callable[[str, int, int], None] = progress,
            ) -> None:
                report(label, done, total)

        res = run_arena(
            game_name, upper, lower, games, seed, players, workers, step_progress, extra_options
        )
        n = res["games"]
        score = (res["a_wins"] + 0.5 * res["draws"]) / n if n else 0.5
        lo, hi = res["ci95"]
        step = elo(score)
        total += step
        lo_total += elo(lo)
        hi_total += elo(hi)
        ratings[upper] = {
            "elo": round(total, 1),
            "lo": round(lo_total, 1),
            "hi": round(hi_total, 1),
        }
        steps.append(
            {
                "a": upper,
                "b": lower,
                "games": n,
                "a_win_rate": res["a_win_rate"],
                "ci95": res["ci95"],
                "elo_step": round(step, 1),
                "elo_step_ci95": [round(elo(lo), 1), round(elo(hi), 1)],
                "by_role": res["by_role"],
                "avg_seconds_per_decision": res["avg_seconds_per_decision"],
            }
        )
    return {
        "game": game_name,
        "seed": seed,
        "games_per_step": games,
        "steps": steps,
        "ratings": ratings,
    }
