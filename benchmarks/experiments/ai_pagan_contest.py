"""Pagan on paired deals: the Witch and Hunter with the old belief or the inference, and a Hunter
who knows the witch (a measuring device, not a product).

    python benchmarks/experiments/ai_pagan_contest.py --level easy --deals 20 --seed contest \
        --pairs old/old,old/informed,new/old,new/informed,new/new

Each pair is `witch/hunter`, each side one of
- `old`: the search with the former belief, a Hunter who draws the witch by the board's
  suspicion alone (`heuristics.suspicion_posterior`), which is also the Witch's model of him;
- `new`: the search with the inference (`rules/pagan/inference.py`): the Hunter draws the witch
  from his posterior, and the Witch, re-sampling the world as he believes it, draws from the
  posterior he would have;
- `informed` (Hunter only): `new`, but every determinization holds the true witch.
Every pair plays the same deals (`{seed}-{k}`, same decision seeds), so pairs differ only in the
players. Prints one JSON object per pair as it finishes (a line each), then a summary: the Witch's
wins with Clopper-Pearson 95% intervals, and for two Witches against the same Hunter the
difference with a conservative 95% interval and the deals only one of them won.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, cast

import orjson

from ai.agent import Session
from ai.arena import play_out
from ai.ratings import clopper_pearson
from rules.core.protocol import Game, Seat
from rules.core.registry import get_game
from rules.core.rng import Rng
from rules.pagan import heuristics
from rules.pagan.state import HUNTER, PaganState


class OldBelief:
    """Pagan whose `belief_sample` draws the Hunter's witch by board suspicion (the stock belief
    before the inference); every other call goes to the game."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def belief_sample(self, state: PaganState, seat: Seat, rng: Rng) -> PaganState:
        return heuristics.sample_from(state, seat, rng, heuristics.suspicion_posterior)


class Informed(OldBelief):
    """The Hunter's determinizations hold the true witch (of the state he searches from)."""

    def belief_sample(self, state: PaganState, seat: Seat, rng: Rng) -> PaganState:
        out = heuristics.belief_sample(state, seat, rng)
        return heuristics.with_witch(out, state.true_witch) if seat == HUNTER else out

    def sample(self, state: PaganState, seat: Seat, rng: Rng) -> PaganState:
        out = cast(PaganState, self._game.sample(state, seat, rng))
        return heuristics.with_witch(out, state.true_witch) if seat == HUNTER else out


def player_game(game: Game, kind: str) -> Game:
    if kind == "old":
        return cast(Game, OldBelief(game))
    if kind == "informed":
        return cast(Game, Informed(game))
    if kind == "new":
        return game
    raise ValueError(f"unknown side {kind!r}: old, new or informed")


def play_pair(witch: str, hunter: str, level: str, deals: int, seed: str) -> dict[str, Any]:
    game = get_game("pagan")
    results: list[int] = []
    turns: list[int] = []
    for k in range(deals):
        deal = f"{seed}-{k}"
        state = game.new({}, deal)
        sessions = {
            "witch": Session(player_game(game, witch), "witch", level),
            "hunter": Session(player_game(game, hunter), "hunter", level),
        }
        play_out(game, state, sessions, deal)
        outcome = game.outcome(state)
        results.append(int(outcome is not None and outcome.winners == ("witch",)))
        turns.append(state.turn)
    wins = sum(results)
    lo, hi = clopper_pearson(wins, deals)
    return {
        "witch": witch,
        "hunter": hunter,
        "level": level,
        "seed": seed,
        "deals": deals,
        "witch_wins": wins,
        "witch_ci95": [round(lo, 4), round(hi, 4)],
        "per_deal": results,
        "end_turns": turns,
    }


def paired_difference(a: list[int], b: list[int]) -> dict[str, Any]:
    """Witch A's win rate minus Witch B's on the same deals, with a conservative 95% interval
    (A's Clopper-Pearson bounds minus B's opposite ones: a normal interval on so few paired games
    collapses to a point when every deal agrees), and the deals only one of them won."""
    n = len(a)
    lo_a, hi_a = clopper_pearson(sum(a), n)
    lo_b, hi_b = clopper_pearson(sum(b), n)
    return {
        "difference": round((sum(a) - sum(b)) / n, 4),
        "ci95": [round(lo_a - hi_b, 4), round(hi_a - lo_b, 4)],
        "a_only": sum(1 for x, y in zip(a, b, strict=True) if x > y),
        "b_only": sum(1 for x, y in zip(a, b, strict=True) if x < y),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--level", default="easy")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", default="contest")
    parser.add_argument("--pairs", default="old/old,old/informed,new/old,new/informed,new/new")
    args = parser.parse_args(argv)
    done: dict[str, dict[str, Any]] = {}
    for pair in args.pairs.split(","):
        witch, hunter = pair.split("/")
        done[pair] = play_pair(witch, hunter, args.level, args.deals, args.seed)
        sys.stdout.write(orjson.dumps(done[pair]).decode() + "\n")
        sys.stdout.flush()
    compare: dict[str, Any] = {}
    for hunter in ("old", "new", "informed"):
        a, b = done.get(f"new/{hunter}"), done.get(f"old/{hunter}")
        if a and b:
            compare[f"new_minus_old_witch_vs_{hunter}_hunter"] = paired_difference(
                a["per_deal"], b["per_deal"]
            )
    summary = {
        "level": args.level,
        "deals": args.deals,
        "seed": args.seed,
        "witch_wins": {p: [r["witch_wins"], r["witch_ci95"]] for p, r in done.items()},
        "paired": compare,
    }
    sys.stdout.write(orjson.dumps(summary, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
