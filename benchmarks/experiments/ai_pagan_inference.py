"""How well the Hunter knows who the witch is: the inference's posterior against the old belief.

    python benchmarks/experiments/ai_pagan_inference.py collect --witch easy --hunter easy \
        --deals 40 --seed infer --out /tmp/infer-data.json
    python benchmarks/experiments/ai_pagan_inference.py fit /tmp/infer-data.json [more.json ...]
    python benchmarks/experiments/ai_pagan_inference.py score /tmp/infer-data.json [--fit-half]

`collect` plays seeded games and keeps, per game, the true witch, the villagers, the Witch's
public record (`PaganState.witch_record`) and, at the start of each of the Hunter's turns 1-4,
what he knew then (the record's length, his Suspects, who was alive, the Favors and Secrets on
each villager). `fit` fits the inference's weights by maximum likelihood of the Witch's recorded
choices given the true witch (a conditional logit, two weights per kind of choice), then its
`SCALE` by the posterior's log score at his turn starts. `score` prints, for the old belief
(board suspicion, `heuristics.suspicion_posterior`), the uniform one and the inference: the mean
probability on the true witch at his turns 1-4, the Brier and log scores, and a reliability table
(predicted probability binned against how often the villager was the witch). With `--fit-half`,
the weights are fitted on the even games and scored on the odd ones (held out).
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

import orjson

from ai.arena import Player, parse_spec, play_out
from rules.core.moves import Move
from rules.core.protocol import Seat
from rules.core.registry import get_game
from rules.pagan import heuristics, inference
from rules.pagan.state import HUNTER, WITCH, Observation, PaganState

TURNS = (1, 2, 3, 4)


class Snapshots:
    """What the Hunter knew at the start of each of his turns."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []
        self._last: tuple[int, str] | None = None

    def record(self, s: PaganState) -> None:
        turn = (s.turn, s.active)
        if turn == self._last or s.active != HUNTER:
            self._last = turn
            return
        self._last = turn
        k = s.turn // 2  # the Witch plays the odd game turns, the Hunter the even ones
        if k not in TURNS:
            return
        self.rows.append(
            {
                "hunter_turn": k,
                "n": len(s.witch_record),
                "suspects": s.hunter.suspects[:],
                "alive": [v.id for v in s.villagers if v.alive],
                "board": {v.id: [v.favors, v.secrets] for v in s.villagers},
                "old": heuristics.suspicion_posterior(s),
                "new": inference.posterior(s),
            }
        )


class Watched:
    def __init__(self, player: Player, snaps: Snapshots) -> None:
        self.player = player
        self.snaps = snaps

    def choose(self, state: Any, seed: str) -> Move:
        self.snaps.record(state)
        return self.player.choose(state, seed)

    def observe(self, seat: Seat, move: Move) -> None:
        self.player.observe(seat, move)


def collect(
    witch: str, hunter: str, deals: int, seed: str, out: str | None = None
) -> list[dict[str, Any]]:
    """Play the deals; after each game, all games so far are written to `out` (when given), so
    a long run that stops early keeps what it played."""
    game = get_game("pagan")
    specs = {WITCH: parse_spec(witch), HUNTER: parse_spec(hunter)}
    games = []
    for g in range(deals):
        deal = f"{seed}-{g}"
        state = game.new({}, deal)
        snaps = Snapshots()
        seats = {seat: Watched(Player(game, seat, spec), snaps) for seat, spec in specs.items()}
        play_out(game, state, seats, deal)
        outcome = game.outcome(state)
        games.append(
            {
                "deal": deal,
                "true_witch": state.true_witch,
                "winner": outcome.winners[0] if outcome and outcome.winners else None,
                "turns": state.turn,
                "villagers": [[v.id, v.colour] for v in state.villagers],
                "record": [[k, i, list(o), list(c)] for k, i, o, c in state.witch_record],
                "snapshots": snaps.rows,
            }
        )
        print(f"game {g}: {games[-1]['winner']} on turn {state.turn}", file=sys.stderr)
        if out is not None:
            meta = {"witch": witch, "hunter": hunter, "deals": g + 1, "seed": seed}
            with open(out, "wb") as fh:
                fh.write(orjson.dumps({**meta, "games": games}))
    return games


def _obs(row: list[Any]) -> Observation:
    return (str(row[0]), int(row[1]), tuple(row[2]), tuple(row[3]))


def fit_weights(games: list[dict[str, Any]], steps: int = 300) -> dict[str, tuple[float, float]]:
    """Maximum likelihood of every recorded choice given the true witch (gradient ascent on a
    concave objective: a conditional logit)."""
    by_kind: dict[str, list[tuple[Observation, str, str]]] = {}
    for g in games:
        colour = dict((v, c) for v, c in g["villagers"])[g["true_witch"]]
        for row in g["record"]:
            obs = _obs(row)
            by_kind.setdefault(obs[0], []).append((obs, g["true_witch"], colour))
    out: dict[str, tuple[float, float]] = {}
    for kind, rows in sorted(by_kind.items()):
        w = [0.0, 0.0]
        for _ in range(steps):
            grad = [0.0, 0.0]
            for (_, chosen, opts, cols), tw, colour in rows:
                feats = [
                    (1.0 if o == tw else 0.0, 1.0 if c == colour else 0.0)
                    for o, c in zip(opts, cols, strict=True)
                ]
                us = [w[0] * a + w[1] * b for a, b in feats]
                top = max(us)
                es = [math.exp(u - top) for u in us]
                z = sum(es)
                for d in range(2):
                    expect = sum(e * f[d] for e, f in zip(es, feats, strict=True)) / z
                    grad[d] += feats[chosen][d] - expect
            # Mean gradient with a small ridge term, so a kind with little data stays near 0.
            for d in range(2):
                w[d] += 2.0 * (grad[d] / len(rows) - 0.01 * w[d])
        out[kind] = (round(w[0], 3), round(w[1], 3))
    return out


Scored = tuple[dict[str, Any], dict[str, float], str]


def _log_likelihoods(
    games: list[dict[str, Any]], weights: dict[str, tuple[float, float]]
) -> list[tuple[dict[str, Any], dict[str, float], str]]:
    """(snapshot, summed log-likelihood per villager, true witch) for every snapshot."""
    out = []
    for g in games:
        record = [_obs(r) for r in g["record"]]
        people = g["villagers"]
        for snap in g["snapshots"]:
            ll = {vid: 0.0 for vid, _ in people}
            for obs in record[: snap["n"]]:
                w = weights.get(obs[0])
                if w is None:
                    continue
                for vid, colour in people:
                    ll[vid] += inference.log_likelihood(obs, vid, colour, w)
            out.append((snap, ll, g["true_witch"]))
    return out


def _posteriors(
    lls: list[tuple[dict[str, Any], dict[str, float], str]],
    scale: float,
    board: float,
    floor: float,
) -> list[Scored]:
    """The posterior of `inference.posterior` at every snapshot, for the given constants."""
    out = []
    for snap, ll, tw in lls:
        cands = [v for v in snap["alive"] if v not in snap["suspects"]]
        x = {
            v: scale * ll[v] + board * (3.0 * snap["board"][v][0] + 0.5 * snap["board"][v][1])
            for v in cands
        }
        out.append((snap, inference.softmax(x, floor), tw))
    return out


def scores(rows: list[Scored]) -> dict[str, Any]:
    by_turn: dict[int, list[float]] = {}
    brier = log = 0.0
    bins = [[0, 0.0, 0] for _ in range(10)]  # (count, summed prediction, hits)
    for snap, probs, tw in rows:
        p_true = probs.get(tw, 0.0)
        by_turn.setdefault(snap["hunter_turn"], []).append(p_true)
        brier += sum((p - (1.0 if v == tw else 0.0)) ** 2 for v, p in probs.items())
        log += math.log(max(p_true, 1e-9))
        for v, p in probs.items():
            b = bins[min(int(p * 10), 9)]
            b[0] += 1
            b[1] += p
            b[2] += v == tw
    n = len(rows)
    return {
        "snapshots": n,
        "mass_on_true_witch": {
            str(k): round(sum(ps) / len(ps), 3) for k, ps in sorted(by_turn.items())
        },
        "brier": round(brier / n, 4) if n else None,
        "log_score": round(log / n, 4) if n else None,
        "reliability": [
            {
                "bin": f"{i / 10:.1f}-{(i + 1) / 10:.1f}",
                "n": c,
                "predicted": round(sp / c, 3),
                "actual": round(h / c, 3),
            }
            for i, (c, sp, h) in enumerate(bins)
            if c
        ],
    }


SCALES = tuple(i / 10 for i in range(1, 21))
BOARDS = (0.0, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0)
FLOORS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.3)


def fit_scale(games: list[dict[str, Any]]) -> tuple[float, float, float]:
    """`SCALE`, `BOARD` and `FLOOR` by the best log score on a grid, out of sample: the weights
    fitted on the even games score the odd ones and the other way round (constants fitted on
    the games the weights were fitted on come out overconfident)."""
    folds = [
        _log_likelihoods(games[1::2], fit_weights(games[0::2])),
        _log_likelihoods(games[0::2], fit_weights(games[1::2])),
    ]
    best, best_log = (1.0, 0.0, 0.0), -math.inf
    for scale in SCALES:
        for board in BOARDS:
            for floor in FLOORS:
                log = 0.0
                for lls in folds:
                    rows = _posteriors(lls, scale, board, floor)
                    log += sum(math.log(max(p.get(tw, 0.0), 1e-9)) for _, p, tw in rows)
                if log > best_log:
                    best, best_log = (scale, board, floor), log
    return best


def score(games: list[dict[str, Any]], fit_half: bool) -> dict[str, Any]:
    train = games[0::2] if fit_half else games
    test = games[1::2] if fit_half else games
    weights = fit_weights(train)
    scale, board, floor = fit_scale(train)
    old = [(snap, snap["old"], g["true_witch"]) for g in test for snap in g["snapshots"]]
    live = [(snap, snap["new"], g["true_witch"]) for g in test for snap in g["snapshots"]]
    uniform = []
    for snap, _, tw in old:
        cands = [v for v in snap["alive"] if v not in snap["suspects"]]
        uniform.append((snap, {v: 1 / len(cands) for v in cands}, tw))
    return {
        "train_games": len(train),
        "test_games": len(test),
        "fitted_weights": weights,
        "fitted_scale": scale,
        "fitted_board": board,
        "fitted_floor": floor,
        "uniform": scores(uniform),
        "old_suspicion": scores(old),
        "inference_refit": scores(
            _posteriors(_log_likelihoods(test, weights), scale, board, floor)
        ),
        "inference_as_played": scores(live),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--witch", default="easy")
    c.add_argument("--hunter", default="easy")
    c.add_argument("--deals", type=int, default=40)
    c.add_argument("--seed", default="infer")
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("data", nargs="+")
    sc = sub.add_parser("score")
    sc.add_argument("data", nargs="+")
    sc.add_argument("--fit-half", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "collect":
        collect(args.witch, args.hunter, args.deals, args.seed, args.out)
        return 0
    games: list[dict[str, Any]] = []
    runs = []
    for path in args.data:  # several collected files pool into one data set
        with open(path, "rb") as fh:
            data = orjson.loads(fh.read())
        games.extend(data["games"])
        runs.append({k: v for k, v in data.items() if k != "games"} | {"file": path})
    if args.command == "fit":
        weights = fit_weights(games)
        scale, board, floor = fit_scale(games)
        out: dict[str, Any] = {"weights": weights, "scale": scale, "board": board, "floor": floor}
    else:
        out = {"runs": runs} | score(games, args.fit_half)
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
