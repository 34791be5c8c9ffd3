"""Random playouts: play many games with uniformly random legal moves and count how they end.

This is the smoke test and the speed gauge of a rules engine: every game is driven only through
the Game protocol (`new`, `to_move`, `legal_moves`, `apply_unchecked`, `outcome`), so a crash, a
game that never ends or a lopsided win rate shows up here first.

Game `i` of a run with seed `S` is dealt with the seed `f"{S}-{i}"`; its moves are chosen by an
`Rng` seeded from `f"{S}-{i}/moves"` (derived from the deal seed but not equal to it, so the
choices do not replay the deal's own random stream). The same arguments always give the same
games, wins and reasons; only the timings differ between runs.
"""

from __future__ import annotations

import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from rules.core import Game, JsonValue, Options, Rng, Seat, seed_state

Progress = Callable[[int], None]
"""Called after every game with the number of games done so far."""


@dataclass(slots=True)
class Playouts:
    """The tally of a run of random games. `decisions` counts every move applied, in finished,
    unfinished (stopped at the decision cap) and failed games alike."""

    game: str
    games: int
    seats: list[Seat]
    players: int | None = None
    wins: Counter[Seat] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    seconds: float = 0.0
    unfinished: int = 0
    errors: int = 0
    first_error: str | None = None
    """The traceback of the first game that raised, for the person reading the run."""

    @property
    def avg_decisions(self) -> float:
        return self.decisions / self.games if self.games else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, JsonValue]:
        """The summary `coven simulate --json` prints: one win count per seat (plus any other
        winner the game named), the count of each end reason, and the speed."""
        out: dict[str, JsonValue] = {"game": self.game, "games": self.games}
        if self.players is not None:
            out["players"] = self.players
        wins = {seat: self.wins[seat] for seat in self.seats}
        wins.update({seat: n for seat, n in self.wins.items() if seat not in wins})
        out["wins"] = wins
        out["reasons"] = dict(sorted(self.reasons.items()))
        out["avg_decisions"] = round(self.avg_decisions, 2)
        out["decisions_per_second"] = round(self.decisions_per_second, 1)
        out["unfinished"] = self.unfinished
        out["errors"] = self.errors
        return out


class NoLegalMoves(RuntimeError):
    """The game names a seat to move but offers it no legal move: a bug in the game."""


def play_random(
    game: Game,
    games: int,
    seed: int | str,
    options: Options | None = None,
    max_decisions: int = 10_000,
    progress: Progress | None = None,
) -> Playouts:
    """Play `games` random games of `game` and tally them (see the module docstring for seeds).

    A game still going after `max_decisions` decisions is counted as unfinished; a game that
    raises is counted in `errors` (the first traceback is kept) and the run goes on.
    `options` default to `game.default_options()`; `players` is reported when they name it.
    """
    if games < 0:
        raise ValueError("games must be 0 or more")
    if max_decisions < 1:
        raise ValueError("max_decisions must be at least 1")
    opts = dict(game.default_options() if options is None else options)
    seats = game.seats(opts)
    players = len(seats) if "players" in opts else None
    tally = Playouts(game=game.name, games=games, seats=seats, players=players)

    new, to_move, legal_moves = game.new, game.to_move, game.legal_moves
    apply_unchecked, outcome_of = game.apply_unchecked, game.outcome
    started = time.perf_counter()
    for i in range(games):
        deal_seed = f"{seed}-{i}"
        rng = Rng(seed_state(f"{deal_seed}/moves"))
        below = rng.below
        done = 0
        try:
            state = new(opts, deal_seed)
            while (seat := to_move(state)) is not None:
                if done >= max_decisions:
                    tally.unfinished += 1
                    break
                moves = legal_moves(state)
                if not moves:
                    raise NoLegalMoves(
                        f"{game.name} game {deal_seed!r}: seat {seat!r} must move "
                        f"but has no legal move after {done} decisions"
                    )
                apply_unchecked(state, moves[below(len(moves))])
                done += 1
            else:
                result = outcome_of(state)
                if result is None:
                    raise RuntimeError(
                        f"{game.name} game {deal_seed!r}: no seat to move but no outcome "
                        f"after {done} decisions"
                    )
                tally.wins.update(result.winners)
                tally.reasons[result.reason] += 1
        except Exception:
            tally.errors += 1
            if tally.first_error is None:
                tally.first_error = f"game {i} (seed {deal_seed!r}):\n{traceback.format_exc()}"
        tally.decisions += done
        if progress is not None:
            progress(i + 1)
    tally.seconds = time.perf_counter() - started
    return tally


def simulate(
    game: Game,
    games: int,
    seed: int | str,
    options: Options | None = None,
    max_decisions: int = 10_000,
    progress: Progress | None = None,
) -> dict[str, JsonValue]:
    """`play_random` summarised as the JSON object `coven simulate --json` prints."""
    return play_random(game, games, seed, options, max_decisions, progress).to_json()
