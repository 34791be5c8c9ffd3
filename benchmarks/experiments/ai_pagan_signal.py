"""The inference's `SIGNAL` (rules/pagan/inference.py): how the Hunter's posterior scores, for
several priors that the Witch plays to type, on two kinds of Witch.

    python benchmarks/experiments/ai_pagan_signal.py --signals 1,0.9,0.7,0.5,0.2 --games 30

- Searching Witches: the saved calibration games (`pagan-inference-easy-games-seed*.json`, easy
  against easy), the posterior at the Hunter's turns 1-4: log score of the true witch, Brier,
  mean mass on her per turn.
- A Witch playing at random: random games (both sides random, `--games`, seeds 0..), the
  posterior at every eighth game turn the Hunter starts: log score, and the likeliest
  villager's probability in units of an even share (median and 90th percentile; 1 is an even
  belief).
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path
from typing import Any

import orjson

from rules.core.registry import get_game
from rules.pagan import inference
from rules.pagan.state import HUNTER, Observation, PaganState

GAMES_FILES = (
    "benchmarks/results/pagan-inference-easy-games-seedinfer.json",
    "benchmarks/results/pagan-inference-easy-games-seedinfer2.json",
)

Row = tuple[int, dict[str, float], str]


def _ratios(record: list[Observation], people: list[tuple[str, str]]) -> dict[str, float]:
    """Per villager, the record's log-likelihood ratio against uniform choices."""
    ll = {vid: 0.0 for vid, _ in people}
    for obs in record:
        weights = inference.WEIGHTS.get(obs[0])
        if weights is None:
            continue
        uniform = math.log(len(obs[2]))
        for vid, colour in people:
            ll[vid] += inference.log_likelihood(obs, vid, colour, weights) + uniform
    return ll


def _posterior(ll: dict[str, float], candidates: list[str], signal: float) -> dict[str, float]:
    return inference.softmax({v: inference.mixed(ll[v], signal) for v in candidates})


def _scores(rows: list[Row]) -> dict[str, Any]:
    log = brier = 0.0
    mass: dict[int, list[float]] = {}
    for k, p, tw in rows:
        log += math.log(max(p.get(tw, 0.0), 1e-9))
        brier += sum((q - (1.0 if v == tw else 0.0)) ** 2 for v, q in p.items())
        mass.setdefault(k, []).append(p.get(tw, 0.0))
    n = len(rows)
    return {
        "snapshots": n,
        "log_score": round(log / n, 3),
        "brier": round(brier / n, 3),
        "mass_on_true_witch": {str(k): round(sum(v) / len(v), 3) for k, v in sorted(mass.items())},
    }


def searching_witches(signal: float) -> dict[str, Any]:
    rows: list[Row] = []
    for path in GAMES_FILES:
        for g in orjson.loads(Path(path).read_bytes())["games"]:
            record: list[Observation] = [
                (r[0], r[1], tuple(r[2]), tuple(r[3])) for r in g["record"]
            ]
            people = [(vid, colour) for vid, colour in g["villagers"]]
            for snap in g["snapshots"]:
                ll = _ratios(record[: snap["n"]], people)
                cands = [v for v in snap["alive"] if v not in snap["suspects"]]
                rows.append((snap["hunter_turn"], _posterior(ll, cands, signal), g["true_witch"]))
    return _scores(rows)


def random_witches(signals: list[float], games: int) -> dict[str, dict[str, Any]]:
    pagan = get_game("pagan")
    rows: dict[float, list[Row]] = {sg: [] for sg in signals}
    tops: dict[float, list[float]] = {sg: [] for sg in signals}
    for seed in range(games):
        s: PaganState = pagan.new({}, seed)
        rng = random.Random(seed)
        last = -1
        for _ in range(3000):
            if pagan.to_move(s) is None:
                break
            if s.active == HUNTER and s.turn != last and s.turn % 8 == 0:
                last = s.turn
                people = [(v.id, v.colour) for v in s.villagers]
                ll = _ratios(s.witch_record, people)
                cands = [v.id for v in s.villagers if v.alive and v.id not in s.hunter.suspects]
                for sg in signals:
                    p = _posterior(ll, cands, sg)
                    rows[sg].append((s.turn // 8, p, s.true_witch))
                    tops[sg].append(max(p.values()) * len(cands))
            s = pagan.apply(s, rng.choice(pagan.legal_moves(s)))
    out = {}
    for sg in signals:
        top = sorted(tops[sg])
        out[str(sg)] = {
            "snapshots": len(top),
            "log_score": _scores(rows[sg])["log_score"],
            "top_in_even_shares_median": round(top[len(top) // 2], 2),
            "top_in_even_shares_p90": round(top[int(len(top) * 0.9)], 2),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--signals", default="1,0.9,0.7,0.5,0.2")
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args(argv)
    signals = [float(x) for x in args.signals.split(",")]
    out = {
        "searching_witches": {str(sg): searching_witches(sg) for sg in signals},
        "random_witches": random_witches(signals, args.games),
    }
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
