"""What each side played in pooled Pagan games, played again, by who won.

    python benchmarks/experiments/ai_pagan_card_use.py --version cda99ddc --scenario 1 \
        --first 0 --last 40 [--seed bal2/medium/medium] [--ended-by TURN] [--workers 2] [--out FILE]

Plays again the pool's games `{seed}-{first}` .. `{seed}-{last - 1}` of a code version (the
script refuses another version, as `ai_pagan_trace.py` does) with the recorded seat specs, and
counts for each seat its cards played, Enchantments lifted and Brews consumed (by name), and its
conversions, Readies, Raids and Eliminations; and how many of the Hunter's turns began with
Obscuring Mist in play. `--ended-by` keeps only the games the pool has ending by that game turn
(the early rituals, say). Writes one JSON line a game (`--out`), then prints the means a game,
by winner. A level with a time cap can decide differently when played again on a busy machine,
so a game played again may end otherwise than the pooled one: each line carries its own winner.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from multiprocessing import get_context
from typing import Any

from ai.arena import Player, parse_spec
from ai.pool import code_version, read_records
from rules.core.registry import get_game
from rules.pagan.board import CARDS
from rules.pagan.state import HUNTER, PaganState

POOL = "benchmarks/results/pagan-pool.jsonl"
OBSCURING_MIST = "0041"
COUNTED = ("convert", "ready", "raid", "eliminate")


def _name(state: PaganState, kind: str, arg: str) -> str:
    if kind == "lift":
        return CARDS[state.enchantments[int(arg)]].name
    if kind == "consume":
        brew = state.witch.brews[int(arg)]
        return CARDS[brew.card].name if brew is not None else arg
    return CARDS[arg].name if arg in CARDS else arg


def play_again(record: dict[str, Any]) -> dict[str, Any]:
    """One pooled game played again, with its counts."""
    game = get_game("pagan")
    state = game.new(record["options"], record["seed"])
    assert isinstance(state, PaganState)
    players = {s: Player(game, s, parse_spec(t)) for s, t in record["seats"].items()}
    plays: dict[str, Counter[str]] = {seat: Counter() for seat in players}
    mist_turns, last_turn, n = 0, -1, 0
    while (seat := game.to_move(state)) is not None:
        if seat == HUNTER and state.turn != last_turn:
            last_turn = state.turn
            mist_turns += OBSCURING_MIST in state.enchantments
        move = players[seat].choose(state, f"{record['seed']}/{n}")
        if move.kind in ("play", "lift", "consume"):
            plays[seat][f"{move.kind}:{_name(state, move.kind, str(move.args[0][1]))}"] += 1
        elif move.kind in COUNTED:
            plays[seat][move.kind] += 1
        game.apply_unchecked(state, move)
        n += 1
        for player in players.values():
            player.observe(seat, move)
    outcome = game.outcome(state)
    return {
        "seed": record["seed"],
        "winner": outcome.winners[0] if outcome is not None and outcome.winners else None,
        "reason": outcome.reason if outcome is not None else None,
        "turns": state.turn,
        "plays": {seat: dict(c) for seat, c in plays.items()},
        "mist_hunter_turns": mist_turns,
    }


def summary(games: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Means a game of each count, by seat and by winner."""
    out: dict[str, Any] = {}
    for winner in ("witch", "hunter"):
        won = [g for g in games if g["winner"] == winner]
        if not won:
            continue
        by_seat: dict[str, dict[str, float]] = {}
        for seat in ("witch", "hunter"):
            total: Counter[str] = Counter()
            for g in won:
                total.update(g["plays"][seat])
            by_seat[seat] = {k: round(v / len(won), 2) for k, v in total.most_common()}
        out[f"{winner}_wins"] = {
            "games": len(won),
            "mist_hunter_turns": round(sum(g["mist_hunter_turns"] for g in won) / len(won), 2),
            "turns": sorted(g["turns"] for g in won),
            "plays": by_seat,
        }
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--version", required=True, help="code version (first hex digits)")
    parser.add_argument("--scenario", default="standard")
    parser.add_argument("--seed", default="bal2/medium/medium", help="deal seeds' stem")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--last", type=int, default=40)
    parser.add_argument("--ended-by", type=int, help="only games that ended by this game turn")
    parser.add_argument("--pool", default=POOL)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="also write one JSON line a game here")
    args = parser.parse_args(argv)
    if not code_version().startswith(args.version):
        raise SystemExit(f"this checkout is code version {code_version()}, not {args.version}")
    wanted = {f"{args.seed}-{k}" for k in range(args.first, args.last)}
    records: dict[str, dict[str, Any]] = {}
    for r in read_records(args.pool):
        if (
            r["version"].startswith(args.version)
            and r["options"].get("scenario") == args.scenario
            and r["seed"] in wanted
            and (args.ended_by is None or r["stats"]["turns"] <= args.ended_by)
        ):
            records.setdefault(r["seed"], r)
    with get_context("spawn").Pool(args.workers) as pool:
        games = list(pool.imap(play_again, [records[s] for s in sorted(records)]))
    if args.out:
        with open(args.out, "w") as f:
            f.writelines(json.dumps(g) + "\n" for g in games)
    json.dump(summary(games), sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
