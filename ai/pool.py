"""Pooled arena games: one JSONL record per game, added to across sessions, rated together.

    code_version()                           -> the hash of what decides how the AI and rules play
    game_record(game, options, deal, texts, played, version) -> one game's plain-data record
    append_record(path, record) / read_records(path)
    poolable(records, game, options, versions, changed) -> the records that pool, each game once
    rate_pool(records, per_role)             -> per-role Bradley-Terry ratings, pairings, lengths

The pooling rule (docs/ai.md, "Pooled ratings"): records pool when they are of the same game, the
same options (expansion, scenario, players, ...) and the same `version`, the hash of every source
and data file of rules/ and of ai/ except this record keeping (ai/arena.py, ai/pool.py,
ai/ratings.py). A change to a card, a rule or a search parameter changes the hash, and the games
played before it no longer pool with those after, unless the change is shown to replay the same
games (then both versions are named and rated together). Within a pool a game is one deal seed
with one spec per seat: playing the same chunk again adds nothing (the later copy is dropped), so
a chunked run can be stopped and resumed, and sessions add games by giving new run seeds.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import statistics
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ai.arena import run_jobs, schedule
from ai.ratings import bradley_terry, clopper_pearson
from rules.core.protocol import Options

_NOT_PLAY = frozenset({"ai/arena.py", "ai/pool.py", "ai/ratings.py"})


def code_version() -> str:
    """sha256 (first 16 hex digits) over the sources (*.py) and data (*.yaml) of `rules` and
    `ai`, record keeping excepted, by path relative to the packages' parent."""
    digest = hashlib.sha256()
    for package in ("rules", "ai"):
        spec = importlib.util.find_spec(package)
        assert spec is not None and spec.submodule_search_locations is not None
        root = Path(next(iter(spec.submodule_search_locations)))
        files = sorted(p for p in root.rglob("*") if p.suffix in (".py", ".yaml") and p.is_file())
        for path in files:
            rel = f"{package}/{path.relative_to(root).as_posix()}"
            if rel in _NOT_PLAY:
                continue
            digest.update(rel.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def game_record(
    game_name: str,
    options: Mapping[str, Any],
    deal_seed: str,
    texts: Mapping[str, str],
    played: Mapping[str, Any],
    version: str,
) -> dict[str, Any]:
    """One game as the pool keeps it: what was played (game, options, deal seed, the spec of each
    seat, the code version) and how it went (winners, reason, decisions, the game's own stats,
    e.g. Pagan's turns and Favors)."""
    return {
        "game": game_name,
        "options": dict(sorted(options.items())),
        "seed": deal_seed,
        "seats": dict(sorted(texts.items())),
        "version": version,
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
    """The deal and the spec of each seat: the same game, whichever code version played it."""
    seats = tuple(f"{k}={v}" for k, v in sorted(record["seats"].items()))
    return (record["seed"], *seats)


def pool_key(record: Mapping[str, Any]) -> str:
    """What records must share to be pooled: game, options and code version."""
    opts = json.dumps(record["options"], sort_keys=True)
    return f"{record['game']}|{opts}|{record['version']}"


def poolable(
    records: Iterable[Mapping[str, Any]],
    game_name: str,
    options: Mapping[str, Any],
    version: str | Sequence[str],
    changed: Collection[str] | Mapping[str, str] = (),
) -> list[Mapping[str, Any]]:
    """The records of this game, options and version, each game once (the first copy). Several
    versions pool together when they play alike (a change that replays the same games, e.g. one
    for speed; docs/ai.md): a deal's game is then counted once, whichever version played it.
    `changed` names players (levels or policies) whose play differs between those versions: a
    game with one of them at a seat counts only if the first version played it or, when it maps
    the player to a version, one named up to that version (the player changed after it)."""
    versions = [version] if isinstance(version, str) else list(version)
    rank = {
        pool_key({"game": game_name, "options": dict(options), "version": v}): i
        for i, v in reversed(list(enumerate(versions)))
    }
    last = {
        player: versions.index(changed[player]) if isinstance(changed, Mapping) else 0
        for player in changed
    }
    seen: set[tuple[str, ...]] = set()
    out = []
    for rec in records:
        at = rank.get(pool_key(rec))
        if at is None:
            continue
        players = (spec.partition(":")[0] for spec in rec["seats"].values())
        if any(at > last.get(player, at) for player in players):
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
    path: str | Path,
    game_name: str,
    options: Mapping[str, Any],
    plan: Sequence[tuple[str, dict[str, str]]],
    version: str | Sequence[str],
    changed: Collection[str] | Mapping[str, str] = (),
) -> list[tuple[str, dict[str, str]]]:
    """The games of `plan` the pool at `path` does not hold yet for this game, options and code
    version (or any of several that play alike, as `poolable` reads them), in the plan's order."""
    have = {game_key(r) for r in poolable(read_records(path), game_name, options, version, changed)}
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
    alike: Sequence[str] = (),
    changed: Collection[str] | Mapping[str, str] = (),
) -> int:
    """Play every game of `plan` not yet in the pool at `path` (same game, options, code version,
    deal and specs), appending each record as its game ends; the number of games played. A game
    an older version in `alike` played counts as played, unless a player in `changed` sits in it."""
    version = code_version()
    versions = [version, *(v for v in alike if v != version)]
    todo = [
        (game_name, options, deal, texts)
        for deal, texts in unplayed(path, game_name, options, plan, versions, changed)
    ]
    for done, (index, played) in enumerate(run_jobs(todo, workers), 1):
        _, _, deal, texts = todo[index]
        append_record(path, game_record(game_name, options, deal, texts, played, version))
        if progress is not None:
            progress(done, len(todo))
    return len(todo)
