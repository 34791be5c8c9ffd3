"""Pooled arena games: one JSONL record per game, added to run after run, rated together.

    fingerprint(game, options, spec)   -> a hash of the moves `spec` picks on fixed positions
    game_record(...) / append_record(path, record) / read_records(path)
    poolable(records, game, options, fingerprints) -> the records that pool, each game once
    rate_pool(records)                  -> per-role Bradley-Terry ratings, pairings, lengths
    round_robin_plan(...) / play_into_pool(path, game, options, plan, workers)

The pooling rule (docs/ai.md, "Pooled ratings"): a record pools with today's games when it is of
the same game and options and every player in it still plays as it did, that is when each seat's
spec has today's behaviour fingerprint. A fingerprint is taken from play, not from the sources:
the moves of a few seeded random playouts (the rules) and the move the spec picks at fixed seeded
positions, each seat's, with no time cap (so the same on any machine). A comment, a rename or a
speed-up changes no fingerprint and splits no pool; a change to a card, a rule or a level's
search changes the moves and so the fingerprints of the players it touches, and only their games
stop pooling. What no probe position or playout reaches is not seen: rate a change that touches
a rare card on games played after it. Within a pool a game is one deal seed with one spec per
seat, counted once: a run can be stopped and resumed, and new run seeds add games.
"""

from __future__ import annotations

import hashlib
import json
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ai import LEVELS
from ai.arena import Player, Spec, parse_spec, run_jobs, schedule
from ai.policies import random_policy
from ai.ratings import clopper_pearson
from devtools.bradley_terry import bradley_terry
from rules.core import Game, Options, get_game

# Random decisions played from a probe deal before the seat's next decision is looked at, from
# the opening into the middle game: enough positions that a change of play shows in some pick.
PROBE_DEPTHS = (0, 6, 15, 30, 50, 80, 120, 170)
RULES_PLAYOUTS = 2
MAX_DECISIONS = 10_000


@cache
def _rules_digest(game_name: str, options_json: str) -> bytes:
    """The move ids and outcomes of a few seeded random playouts: what the rules do."""
    game = get_game(game_name)
    options = json.loads(options_json)
    digest = hashlib.sha256()
    for i in range(RULES_PLAYOUTS):
        state = game.new(options, f"behaviour/rules/{i}")
        n = 0
        while (seat := game.to_move(state)) is not None and n < MAX_DECISIONS:
            move = random_policy(game, state, seat, f"behaviour/rules/{i}/{n}")
            digest.update(move.id.encode() + b"\0")
            game.apply_unchecked(state, move)
            n += 1
        outcome = game.outcome(state)
        digest.update(repr(outcome).encode() + b"\n")
    return digest.digest()


def _probe(game: Game, options: Options, seat: str, spec: Spec, k: int) -> str:
    """The move `spec` picks as `seat` at probe position k: a seeded deal played at random for
    PROBE_DEPTHS[k] decisions and then on to `seat`'s next decision, the player told of every
    move (beliefs and inference see the whole history); '-' when the game ends first."""
    state = game.new(options, f"behaviour/{k}")
    player = Player(game, seat, spec)
    n = 0
    while (mover := game.to_move(state)) is not None and n < MAX_DECISIONS:
        if mover == seat and n >= PROBE_DEPTHS[k]:
            return player.choose(state, f"behaviour/{k}/{seat}").id
        move = random_policy(game, state, mover, f"behaviour/{k}/{n}")
        game.apply_unchecked(state, move)
        player.observe(mover, move)
        n += 1
    return "-"


def fingerprint(game_name: str, options: Mapping[str, Any], spec_text: str) -> str:
    """sha256 (first 16 hex digits) of how `spec_text` plays this game with these (validated)
    options: the rules' playouts and the spec's move at every probe position of every seat."""
    spec = parse_spec(spec_text)
    if spec.kind in LEVELS:  # uncapped, so a slow machine picks what a fast one does
        spec = Spec(spec.text, spec.kind, {**spec.overrides, "time_cap": None})
    game = get_game(game_name)
    opts = dict(options)
    digest = hashlib.sha256(_rules_digest(game_name, json.dumps(opts, sort_keys=True)))
    for seat in game.seats(opts):
        for k in range(len(PROBE_DEPTHS)):
            digest.update(f"{seat}/{k}/{_probe(game, opts, seat, spec, k)}\n".encode())
    return digest.hexdigest()[:16]


def fingerprints(
    game_name: str, options: Mapping[str, Any], specs: Iterable[str]
) -> dict[str, str]:
    """Today's fingerprint of each spec (each computed once)."""
    return {text: fingerprint(game_name, options, text) for text in sorted(set(specs))}


def game_record(
    game_name: str,
    options: Mapping[str, Any],
    deal_seed: str,
    texts: Mapping[str, str],
    played: Mapping[str, Any],
    behaviour: Mapping[str, str],
) -> dict[str, Any]:
    """One game as the pool keeps it: what was played (game, options, deal seed, the spec of each
    seat, each spec's fingerprint) and how it went (winners, reason, decisions, the game's own
    stats, e.g. Pagan's turns and Favors)."""
    return {
        "game": game_name,
        "options": dict(sorted(options.items())),
        "seed": deal_seed,
        "seats": dict(sorted(texts.items())),
        "behaviour": {text: behaviour[text] for text in sorted(set(texts.values()))},
        "winners": list(played["winners"]),
        "reason": played["reason"],
        "decisions": played["decisions"],
        "stats": dict(played.get("stats", {})),
    }


def append_record(path: str | Path, record: Mapping[str, Any]) -> None:
    """Append one record as a line, flushed at once: a run cut short keeps every game it ended."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("ab") as fh:
        fh.write(json.dumps(record, sort_keys=True, separators=(",", ":")).encode() + b"\n")


def read_records(path: str | Path) -> list[dict[str, Any]]:
    """Every record of a JSONL pool (none when the file does not exist yet)."""
    target = Path(path)
    if not target.exists():
        return []
    return [json.loads(line) for line in target.read_bytes().splitlines() if line.strip()]


def game_key(record: Mapping[str, Any]) -> tuple[str, ...]:
    """The deal and the spec of each seat: the same game, whoever recorded it."""
    seats = tuple(f"{k}={v}" for k, v in sorted(record["seats"].items()))
    return (record["seed"], *seats)


def same_setting(record: Mapping[str, Any], game_name: str, options: Mapping[str, Any]) -> bool:
    """Whether a record is of this game with these options."""
    return bool(record["game"] == game_name and record["options"] == dict(options))


def poolable(
    records: Iterable[Mapping[str, Any]],
    game_name: str,
    options: Mapping[str, Any],
    today: Mapping[str, str],
) -> list[Mapping[str, Any]]:
    """The records of this game and options whose every spec has today's fingerprint (`today`:
    spec -> fingerprint), each game once (the first copy)."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for rec in records:
        if not same_setting(rec, game_name, options):
            continue
        behaviour = rec.get("behaviour", {})
        if any(behaviour.get(text) != today.get(text) for text in rec["seats"].values()):
            continue
        key = game_key(rec)
        if key in seen:
            continue
        seen.add(key)
        out.append(rec)
    return out


def _score(rec: Mapping[str, Any], seat: str) -> float:
    winners = rec["winners"]
    return 0.5 if not winners else 1.0 if seat in winners else 0.0


def rate_pool(
    records: Sequence[Mapping[str, Any]],
    per_role: bool = True,
    order: list[str] | None = None,
) -> dict[str, Any]:
    """Rate the players of two-seat games jointly (Bradley-Terry, one rating per player and
    seat when `per_role`, else one per player), with each pairing's record beside it: the first
    seat's win rate with its exact 95% interval, median and longest game, stalemates (games with
    no winner), and the mean of each number the game reports (`stats`)."""
    two = [r for r in records if len(r["seats"]) == 2]
    if not two:
        return {"games": 0, "ratings": {}, "pairings": []}
    first, second = sorted(two[0]["seats"])
    observations = []
    for rec in two:
        seats = rec["seats"]
        a = (seats[first], first if per_role else "")
        b = (seats[second], second if per_role else "")
        observations.append((a, b, _score(rec, first)))
    fit = bradley_terry(observations, order)
    pairings: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    by_seat: dict[str, dict[str, list[Mapping[str, Any]]]] = {first: {}, second: {}}
    for rec in two:
        pairings.setdefault((rec["seats"][first], rec["seats"][second]), []).append(rec)
        for seat in (first, second):
            by_seat[seat].setdefault(rec["seats"][seat], []).append(rec)
    return {
        "games": len(two),
        "seats": [first, second],
        "ratings": fit,
        "continuous": {
            seat: {player: _means(recs) for player, recs in sorted(players.items())}
            for seat, players in by_seat.items()
        },
        "pairings": [
            _pairing(first, second, pa, pb, recs) for (pa, pb), recs in sorted(pairings.items())
        ],
        "lengths": _lengths(two),
    }


def _pairing(
    first: str, second: str, pa: str, pb: str, recs: list[Mapping[str, Any]]
) -> dict[str, Any]:
    wins = sum(1 for r in recs if first in r["winners"])
    losses = sum(1 for r in recs if second in r["winners"])
    n = len(recs)
    return {
        first: pa,
        second: pb,
        "games": n,
        f"{first}_wins": wins,
        f"{second}_wins": losses,
        "stalemates": n - wins - losses,
        f"{first}_win_rate": round(wins / n, 4),
        "ci95": [round(x, 4) for x in clopper_pearson(wins, n)],
        "mean": _means(recs),
        **_lengths(recs),
    }


def _means(recs: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """The mean of each number the game reports (`stats`), over these games: the continuous
    scores beside the win rates (in Pagan: turns, Favors on the board at the end, ...)."""
    stats: dict[str, list[float]] = {}
    for r in recs:
        for k, v in r.get("stats", {}).items():
            stats.setdefault(k, []).append(float(v))
    return {k: round(statistics.fmean(v), 2) for k, v in sorted(stats.items())}


def _lengths(recs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Median and longest game in the game's turns (decisions when it reports no turns)."""
    turns = [r.get("stats", {}).get("turns") for r in recs]
    unit = "turns" if all(t is not None for t in turns) else "decisions"
    values = [float(t) for t in turns] if unit == "turns" else [r["decisions"] for r in recs]
    return {
        "length_unit": unit,
        "median_length": statistics.median(values),
        "longest": max(values),
        "no_winner": sum(1 for r in recs if not r["winners"]),
    }


# --- playing into a pool -------------------------------------------------------------------------


def round_robin_plan(
    seats: list[str], players: Sequence[str], games: int, seed: str, self_play: bool = True
) -> list[tuple[str, dict[str, str]]]:
    """(deal seed, spec by seat) of every game of a round robin: each pair of players plays
    `games` games (whole rounds: on each deal each takes each seat once, as in `run_arena`), and
    with `self_play` each player plays itself on `games` deals (one game per deal: both seats
    alike). Deals are `{seed}/{a}/{b}-{k}`, so adding a player adds games without changing any."""
    plan: list[tuple[str, dict[str, str]]] = []
    for i, a in enumerate(players):
        for b in players[i:]:
            if a == b and not self_play:
                continue
            pair_seed = f"{seed}/{a}/{b}"
            if a == b:
                plan.extend((f"{pair_seed}-{k}", dict.fromkeys(seats, a)) for k in range(games))
            else:
                paired = schedule(seats, a, b, games, pair_seed)
                plan.extend((deal, texts) for deal, texts, _ in paired)
    return plan


def unplayed(
    records: Iterable[Mapping[str, Any]],
    game_name: str,
    options: Mapping[str, Any],
    plan: Sequence[tuple[str, dict[str, str]]],
    today: Mapping[str, str],
) -> list[tuple[str, dict[str, str]]]:
    """The games of `plan` that no poolable record holds yet, in the plan's order."""
    have = {game_key(r) for r in poolable(records, game_name, options, today)}
    return [
        (deal, texts)
        for deal, texts in plan
        if game_key({"seed": deal, "seats": texts}) not in have
    ]


def play_into_pool(
    path: str | Path,
    game_name: str,
    options: Options,
    plan: Sequence[tuple[str, dict[str, str]]],
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Play every game of `plan` the pool at `path` lacks for today's play (same game, options,
    deal and specs, every spec with today's fingerprint), appending each record as its game
    ends; the number of games played."""
    today = fingerprints(game_name, options, (t for _, texts in plan for t in texts.values()))
    todo = [
        (game_name, options, deal, texts)
        for deal, texts in unplayed(read_records(path), game_name, options, plan, today)
    ]
    for done, (index, played) in enumerate(run_jobs(todo, workers), 1):
        _, _, deal, texts = todo[index]
        append_record(path, game_record(game_name, options, deal, texts, played, today))
        if progress is not None:
            progress(done, len(todo))
    return len(todo)
