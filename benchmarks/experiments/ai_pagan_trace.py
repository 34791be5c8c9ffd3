"""One pooled Pagan game played again move by move, with the Hunter's belief at each of his turns.

    python benchmarks/experiments/ai_pagan_trace.py --version 1aa7a770 --scenario 1 \
        --seed bal2/medium/medium-34 [--pool benchmarks/results/pagan-pool.jsonl] [--other-code] \
        [--board]

The arena seeds every decision by the deal and the decision number, so a pooled game is played
again exactly by the code version that recorded it (the script refuses another version). Printed:
the true witch's villager, each move with its seat, at the start of each Hunter turn his three
likeliest villagers under `rules.pagan.inference.posterior` (which reads only what he has seen),
and the outcome. With `--board`, each Hunter turn also shows what a player cannot: the tokens and
pawns on her villager, his hand and Influence, and the Clues on every living villager (so one can
tell whether the counter was within his reach). It is for reading why a game went as it did:
where the Hunter knew her villager and what he did about it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ai.arena import Player, parse_spec, play_out
from ai.pool import code_version, read_records
from rules.core.moves import Move
from rules.core.registry import get_game
from rules.pagan import inference
from rules.pagan.board import CARDS
from rules.pagan.state import HUNTER, PaganState

POOL = "benchmarks/results/pagan-pool.jsonl"


class Tracer:
    """Plays a seat as the arena's player does, printing each move it makes."""

    def __init__(self, player: Player, seat: str, board: bool = False) -> None:
        self.player, self.seat, self.turn, self.board = player, seat, -1, board

    def choose(self, state: Any, seed: str) -> Move:
        if self.seat == HUNTER and isinstance(state, PaganState) and state.turn != self.turn:
            self.turn = state.turn
            post = sorted(inference.posterior(state).items(), key=lambda kv: -kv[1])[:3]
            beliefs = ", ".join(f"{vid} {p:.2f}" for vid, p in post)
            print(f"-- game turn {state.turn}, the Hunter believes: {beliefs}")
            if self.board:
                print(board_line(state))
        move = self.player.choose(state, seed)
        print(f"   {self.seat:6} {move.label or move.id}")
        return move

    def observe(self, seat: str, move: Move) -> None:
        self.player.observe(seat, move)


def board_line(s: PaganState) -> str:
    """Her villager's tokens and pawns, his hand and Influence, and the Clues on the board."""
    tw = s.villager(s.true_witch)
    hand = ", ".join(CARDS[c].name for c in s.hunter.hand) or "nothing"
    clues = ", ".join(f"{v.id} {v.clues}" for v in s.villagers if v.alive and v.clues)
    return (
        f"   [{tw.id}: {tw.favors} Favors, {tw.secrets} Secrets, {tw.clues} Clues, her pawns "
        f"{tw.witch_pawns}, his {tw.hunter_pawns}; his hand: {hand}; Influence "
        f"{s.hunter.influence}; Clues: {clues or 'none'}]"
    )


def add_replay_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that name one pooled game and the code to play it again with."""
    parser.add_argument("--version", required=True, help="code version (first hex digits)")
    parser.add_argument("--scenario", default="standard")
    parser.add_argument("--seed", required=True, help="the game's deal seed in the pool")
    parser.add_argument("--pool", default=POOL)
    parser.add_argument(
        "--other-code",
        action="store_true",
        help="replay with this checkout's code though it is another version (one shown to play "
        "the same games); the end line says whether the game came out the same",
    )


def pooled_record(args: argparse.Namespace) -> dict[str, Any]:
    """The pooled game `add_replay_arguments`' options name; exits with the reason when this
    checkout cannot play it again or the pool does not hold it."""
    if not args.other_code and not code_version().startswith(args.version):
        raise SystemExit(f"this checkout is code version {code_version()}, not {args.version}")
    for r in read_records(args.pool):
        if (
            r["version"].startswith(args.version)
            and r["options"].get("scenario") == args.scenario
            and r["seed"] == args.seed
        ):
            return dict(r)
    raise SystemExit(f"no game {args.seed} of {args.version} in {args.pool}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_replay_arguments(parser)
    parser.add_argument(
        "--board", action="store_true", help="show the board at each Hunter turn (see above)"
    )
    args = parser.parse_args(argv)
    record = pooled_record(args)
    game = get_game(record["game"])
    state = game.new(record["options"], record["seed"])
    print(f"the witch's villager: {state.true_witch}; seats: {record['seats']}")
    players = {
        seat: Tracer(Player(game, seat, parse_spec(text)), seat, args.board)
        for seat, text in record["seats"].items()
    }
    decisions = play_out(game, state, players, record["seed"])
    outcome = game.outcome(state)
    same = (
        outcome is not None
        and list(outcome.winners) == record["winners"]
        and decisions == record["decisions"]
    )
    print(outcome, f"(pooled: {record['winners']}, {record['reason']})")
    print(f"{decisions} decisions, pooled {record['decisions']}: the same game: {same}")


if __name__ == "__main__":
    main()
