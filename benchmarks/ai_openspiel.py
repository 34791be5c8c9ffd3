"""Our ISMCTS side by side with OpenSpiel's Python ISMCTSBot on the same game.

    python benchmarks/ai_openspiel.py [--game pagan] [--players P] [--iterations 100] [--games 10]
                                      [--positions 5] [--seed os] [--skip-games]

Both searches get the same determinizations (`Game.sample` as OpenSpiel's resampler) and the
same playouts (the game's rollout policy for 12 decisions, then its `evaluate` hook), so the
comparison is of the tree search itself. Prints one JSON object:
- `random_sim_test`: OpenSpiel's conformance test on the registered game passed (2 games);
- `iterations_per_second`: each search's median over `--positions` mid-game positions at
  `--iterations` per search (one core);
- `equal_iterations` and `equal_time`: paired games (each side once per role on each deal) of
  ours against ISMCTSBot, first with the same iteration budget, then with ours given the wall time
  per decision that ISMCTSBot used on average (its iteration budget unchanged).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any

import numpy as np
import orjson
import pyspiel
from open_spiel.python.algorithms import ismcts
from openspiel_bridge import HeuristicEvaluator, register, resampler

from ai.ismcts import search
from ai.levels import params_for
from ai.ratings import clopper_pearson
from rules.core import Game, Rng, get_game, seed_state

C = 0.6
DEPTH = 12


def pin() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[-1]})


def bot(game: Game, spiel_game: Any, iterations: int, seed: int) -> Any:
    b = ismcts.ISMCTSBot(
        spiel_game,
        HeuristicEvaluator(game, DEPTH, seed),
        C,
        iterations,
        random_state=np.random.RandomState(seed),
        allow_inconsistent_action_sets=True,
    )
    b.set_resampler(resampler(game, seed))
    return b


def ours(iterations: int, time_cap: float | None = None) -> dict[str, Any]:
    return {
        "iterations": iterations,
        "time_cap": time_cap,
        "c": C,
        "rollout_depth": DEPTH,
        # The same number of iterations as OpenSpiel's bot at every decision.
        "early_stop": False,
        "reuse_credit": False,
    }


def positions(game: Game, spiel_game: Any, count: int, seed: str) -> list[Any]:
    """Mid-game positions of seeded random games: decision 150 + 40k, or half way through a
    game that ends sooner (Pantacle's 2-player games last about 100 decisions)."""
    out = []
    for g in range(count):
        rng = Rng(seed_state(f"{seed}-{g}"))
        st = spiel_game.new_initial_state()
        seen = [st.clone()]
        while not st.is_terminal() and len(seen) <= 150 + 40 * g:
            legal = st.legal_actions()
            st.apply_action(legal[rng.below(len(legal))])
            seen.append(st.clone())
        if st.is_terminal():
            st = seen[len(seen) // 2]
        if not st.is_terminal() and len(st.legal_actions()) > 1:
            out.append(st)
    return out


def speed(game: Game, spiel_game: Any, states: list[Any], iterations: int) -> dict[str, Any]:
    theirs, mine = [], []
    for i, st in enumerate(states):
        b = bot(game, spiel_game, iterations, i)
        started = time.perf_counter()
        b.run_search(st)
        theirs.append(iterations / (time.perf_counter() - started))
        seat = game.to_move(st.inner)
        assert seat is not None
        _, stats = search(game, st.inner, seat, params_for("hard", ours(iterations)), Rng(i))
        mine.append(stats.iterations / stats.seconds)
    return {
        "ours": round(statistics.median(mine)),
        "openspiel": round(statistics.median(theirs)),
        "ratio": round(statistics.median(mine) / statistics.median(theirs), 2),
        "positions": len(states),
        "iterations": iterations,
    }


def play(
    game: Game, spiel_game: Any, our_seat: int, deal: int, iterations: int, time_cap: float | None
) -> dict[str, Any]:
    from ai import Session

    st = spiel_game.new_initial_state()
    seats = list(st.seat_names)
    session = Session(
        game, seats[our_seat], "hard", ours(iterations if time_cap is None else 1_000_000, time_cap)
    )
    theirs = bot(game, spiel_game, iterations, deal)
    spent = {"ours": 0.0, "openspiel": 0.0}
    n = {"ours": 0, "openspiel": 0}
    decisions = 0
    while not st.is_terminal() and decisions < 10_000:
        player = st.current_player()
        started = time.perf_counter()
        if player == our_seat:
            move = session.choose(st.inner, seed=f"{deal}/{decisions}")
            action = next(
                a for a in st.legal_actions() if st.action_to_string(player, a) == move.id
            )
            who = "ours"
        else:
            action = theirs.step(st)
            who = "openspiel"
        spent[who] += time.perf_counter() - started
        n[who] += 1
        mover = seats[player]
        move_id = st.action_to_string(player, action)
        st.apply_action(action)
        session.observe(mover, move_id)
        decisions += 1
    returns = st.returns()
    return {
        "our_seat": seats[our_seat],
        "won": returns[our_seat] == 1.0,
        "lost": returns[our_seat] == 0.0,
        "spent": spent,
        "n": n,
    }


def match(
    game: Game, spiel_game: Any, games: int, iterations: int, time_cap: float | None
) -> dict[str, Any]:
    records = []
    for k in range(games):
        records.append(play(game, spiel_game, k % 2, k // 2, iterations, time_cap))
    wins = sum(r["won"] for r in records)
    losses = sum(r["lost"] for r in records)
    by_role: dict[str, list[int]] = {}
    for r in records:
        role = by_role.setdefault(r["our_seat"], [0, 0])
        role[0] += 1
        role[1] += r["won"]
    t = {
        w: sum(r["spent"][w] for r in records) / max(1, sum(r["n"][w] for r in records))
        for w in ("ours", "openspiel")
    }
    return {
        "games": games,
        "ours_wins": wins,
        "openspiel_wins": losses,
        "ours_win_rate": round(wins / games, 3),
        "ci95": [round(x, 3) for x in clopper_pearson(wins, games)],
        "by_role": {seat: {"games": g, "ours_wins": w} for seat, (g, w) in by_role.items()},
        "seconds_per_decision": {w: round(v, 4) for w, v in t.items()},
        "ours_time_cap": time_cap,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="pagan")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--seed", default="os")
    parser.add_argument("--skip-games", action="store_true")
    args = parser.parse_args(argv)
    pin()
    game = get_game(args.game)
    options = game.default_options()
    if args.players is not None:
        options["players"] = args.players
    spiel_game = register(game, game.validate_options(options))
    out: dict[str, Any] = {
        "game": args.game,
        "options": options,
        "open_spiel": pyspiel.__version__ if hasattr(pyspiel, "__version__") else "installed",
    }
    pyspiel.random_sim_test(spiel_game, num_sims=2, serialize=False, verbose=False)
    out["random_sim_test"] = "passed"
    states = positions(game, spiel_game, args.positions, args.seed)
    out["iterations_per_second"] = speed(game, spiel_game, states, args.iterations)
    if not args.skip_games:
        eq = match(game, spiel_game, args.games, args.iterations, None)
        out["equal_iterations"] = eq
        cap = eq["seconds_per_decision"]["openspiel"]
        out["equal_time"] = match(game, spiel_game, args.games, args.iterations, cap)
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
