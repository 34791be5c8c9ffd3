"""A pooled Pagan game played again up to one seat's turn, with that seat's search laid open.

    python benchmarks/experiments/ai_pagan_root.py --version 13616652 --scenario 10 \
        --seed bal2/hard/hard-22 --turn 6 [--seat hunter] [--set normalize=true] \
        [--pool benchmarks/results/pagan-pool.jsonl] [--other-code]

The game is played again as the arena played it (`ai_pagan_trace.py`: same seeds, so the same
moves). At each of the seat's action decisions on game turn `--turn` the seat's search is run
again on what the seat sees, with its level's parameters and `--set` overrides, and printed as
one JSON object: the seat's belief in the true witch's villager (the Hunter's), the evaluation
of the position, and each root move's visits and mean reward, most visited first. It shows
whether the search tells the moves apart: a search whose visits come out nearly even chose by
chance. The game goes on with the move the arena's player chose, up to the end of that turn.
"""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Sequence
from typing import Any

from ai_pagan_trace import add_replay_arguments, pooled_record

from ai.arena import Player, parse_spec, play_out
from ai.ismcts import root_stats, search
from ai.levels import params_for
from ai.parallel import tree_rng
from rules.core.moves import Move
from rules.core.registry import get_game
from rules.pagan import inference
from rules.pagan.heuristics import evaluate
from rules.pagan.state import PaganState


class Opened(Exception):
    """The opened turn is over: the rest of the game is not needed."""


class Opener:
    """Plays a seat as the arena's player does; at the chosen turn's action decisions it first
    runs the seat's search again and prints its root."""

    def __init__(self, player: Player, seat: str, turn: int, overrides: dict[str, Any]) -> None:
        self.player, self.seat, self.turn = player, seat, turn
        self.params = params_for(
            player.spec.kind, {**(player.spec.overrides or {}), **overrides}, player.game.name
        )

    def choose(self, state: Any, seed: str) -> Move:
        assert isinstance(state, PaganState)
        if state.turn > self.turn:
            raise Opened
        frame = state.stack[-1]
        if state.turn == self.turn and frame["t"] == "act" and frame.get("seat") == self.seat:
            game = self.player.game
            moves = game.legal_moves(state)
            root, stats = search(game, state, self.seat, self.params, tree_rng(seed, 0))
            labels = {m.id: m.label or m.id for m in moves}
            rows = sorted(root_stats(root, moves).items(), key=lambda kv: -kv[1][0])
            print(
                json.dumps(
                    {
                        "turn": state.turn,
                        "seat": self.seat,
                        "belief_in_her_villager": round(
                            inference.posterior(state).get(state.true_witch, 0.0), 3
                        ),
                        "witch_chance_by_evaluation": round(evaluate(state)["witch"], 3),
                        "iterations": stats.iterations,
                        "moves": [
                            {"move": labels[mid], "visits": n, "mean": _mean(n, r)}
                            for mid, (n, r) in rows
                        ],
                    }
                )
            )
        return self.player.choose(state, seed)

    def observe(self, seat: str, move: Move) -> None:
        self.player.observe(seat, move)


def _mean(visits: int, reward: float) -> float | None:
    return round(reward / visits, 4) if visits else None


def _override(text: str) -> tuple[str, Any]:
    name, _, value = text.partition("=")
    return name, json.loads(value)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_replay_arguments(parser)
    parser.add_argument("--turn", type=int, required=True, help="the game turn to open")
    parser.add_argument("--seat", default="hunter", choices=("hunter", "witch"))
    parser.add_argument(
        "--set", action="append", default=[], type=_override, help="a search override, k=json"
    )
    args = parser.parse_args(argv)
    record = pooled_record(args)
    game = get_game(record["game"])
    state = game.new(record["options"], record["seed"])
    players: dict[str, Any] = {
        seat: Player(game, seat, parse_spec(text)) for seat, text in record["seats"].items()
    }
    players[args.seat] = Opener(players[args.seat], args.seat, args.turn, dict(args.set))
    with contextlib.suppress(Opened):
        play_out(game, state, players, record["seed"])


if __name__ == "__main__":
    main()
