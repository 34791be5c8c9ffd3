"""A bridge to OpenSpiel (the optional `open-spiel` package): any Coven game as a pyspiel game.

Used by `benchmarks/ai_openspiel.py` to compare our ISMCTS with OpenSpiel's Python `ISMCTSBot`
on the same game, the same resampler (`Game.sample`) and the same rollout and evaluation, and
tested by tests/ai/test_openspiel.py. It lives here, outside the shipped packages, because
`open-spiel` is a dev dependency only.

    register(game)                   -> the pyspiel.Game ("coven_pagan"), registered once
    resampler(game)                  -> the ISMCTSBot resampler callback (Game.sample)
    HeuristicEvaluator(game, depth)  -> an OpenSpiel evaluator: our rollout policy for `depth`
                                        decisions, then the game's `evaluate` hook

Actions are numbered by a per-game vocabulary of move ids (assigned on first sight, so the same
move is the same action in every determinization); a state's legal actions are sorted. A seat's
information state string is its `view` as JSON. Chance happens inside `apply` (the game's RNG is
part of the hidden state), so the pyspiel game is SAMPLED_STOCHASTIC. Returns are the game's
scores (1 win, 0 loss, 1/2 each for a draw): a constant-sum game.
"""

from __future__ import annotations

from typing import Any

import orjson
import pyspiel

from ai.hooks import evaluator, rewards, rollout_policy
from rules.core import Game, Move, Rng, seed_state

MAX_ACTIONS = 4096
MAX_LENGTH = 10_000


class Vocabulary:
    def __init__(self) -> None:
        self.ids: dict[str, int] = {}
        self.names: list[str] = []

    def action(self, move_id: str) -> int:
        found = self.ids.get(move_id)
        if found is None:
            if len(self.names) >= MAX_ACTIONS:
                raise RuntimeError(f"more than {MAX_ACTIONS} distinct move ids")
            found = self.ids[move_id] = len(self.names)
            self.names.append(move_id)
        return found


_REGISTERED: dict[str, Any] = {}


def register(game: Game, options: dict[str, Any] | None = None) -> Any:
    """Register `game` with pyspiel (once per process) and return a pyspiel.Game for it."""
    short = f"coven_{game.name}"
    if short in _REGISTERED:
        return _REGISTERED[short]
    opts = game.validate_options(dict(options or game.default_options()))
    seats = game.seats(opts)
    vocab = Vocabulary()
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=f"Coven {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=len(seats),
        min_num_players=len(seats),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"seed": 0},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=MAX_ACTIONS,
        max_chance_outcomes=0,
        num_players=len(seats),
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=1.0,
        max_game_length=MAX_LENGTH,
    )

    class CovenSpielState(pyspiel.State):  # type: ignore[misc]
        seat_names = seats

        def __init__(self, spiel_game: Any, inner: Any) -> None:
            super().__init__(spiel_game)
            self.inner = inner

        def current_player(self) -> int:
            seat = game.to_move(self.inner)
            if seat is None:
                return int(pyspiel.PlayerId.TERMINAL)
            return seats.index(seat)

        def _moves(self) -> dict[int, Move]:
            return {vocab.action(m.id): m for m in game.legal_moves(self.inner)}

        def _legal_actions(self, player: int) -> list[int]:
            return sorted(self._moves())

        def _apply_action(self, action: int) -> None:
            game.apply_unchecked(self.inner, self._moves()[action])

        def _action_to_string(self, player: int, action: int) -> str:
            return vocab.names[action]

        def is_terminal(self) -> bool:
            return game.to_move(self.inner) is None

        def returns(self) -> list[float]:
            result = game.outcome(self.inner)
            if result is None:
                return [0.0] * len(seats)
            r = rewards(result, seats)
            return [r[s] for s in seats]

        def information_state_string(self, player: int | None = None) -> str:
            p = self.current_player() if player is None else player
            return orjson.dumps(game.view(self.inner, seats[p])).decode()

        def observation_string(self, player: int | None = None) -> str:
            return self.information_state_string(player)

        def resample_from_infostate(self, player: int, sampler: Any) -> Any:
            rng = Rng(seed_state(int(sampler() * (1 << 53))))
            return self._wrap(game.sample(self.inner, seats[player], rng))

        def _wrap(self, inner: Any) -> Any:
            return CovenSpielState(self.get_game(), inner)

        def __deepcopy__(self, memo: Any) -> Any:
            return CovenSpielState(self.get_game(), game.clone(self.inner))

        def __str__(self) -> str:
            return f"{game.name} decision {len(self.history())}"

    class CovenSpielGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, info, params or {})
            self._count = 0

        def new_initial_state(self) -> Any:
            self._count += 1
            seed = f"{self.get_parameters().get('seed', 0)}-{self._count}"
            return CovenSpielState(self, game.new(opts, seed))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            return ViewObserver(iig_obs_type)

    pyspiel.register_game(game_type, CovenSpielGame)
    spiel_game = pyspiel.load_game(short)
    _REGISTERED[short] = spiel_game
    return spiel_game


class ViewObserver:
    """OpenSpiel's observer interface over `view`: strings only, an empty tensor. With perfect
    recall asked for, the string also holds the number of decisions so far."""

    def __init__(self, iig_obs_type: Any) -> None:
        import numpy as np

        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}
        self.perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))

    def set_from(self, state: Any, player: int) -> None:
        pass

    def string_from(self, state: Any, player: int) -> str:
        return str(state.information_state_string(player))


def resampler(game: Game, seed: int | str = 0) -> Any:
    """The callback `ISMCTSBot.set_resampler` takes: a state consistent with what `player`
    knows, drawn with `Game.sample` from one seeded stream."""
    rng = Rng(seed_state(seed))

    def resample(state: Any, player: int) -> Any:
        return state._wrap(game.sample(state.inner, state.seat_names[player], rng))

    return resample


class HeuristicEvaluator:
    """OpenSpiel evaluator with our playouts: the game's rollout policy for `depth` decisions,
    then the game's `evaluate` hook (or the final scores), uniform priors."""

    def __init__(self, game: Game, depth: int, seed: int = 0) -> None:
        self.game = game
        self.depth = depth
        self.rng = Rng(seed_state(seed))
        self.policy = rollout_policy(game, heuristic=True)
        self.evaluate_hook = evaluator(game)

    def evaluate(self, state: Any) -> Any:
        import numpy as np

        game = self.game
        world = game.clone(state.inner)
        seats = state.get_game().num_players()
        steps = 0
        while steps < self.depth and game.to_move(world) is not None:
            moves = game.legal_moves(world)
            game.apply_unchecked(world, self.policy(world, moves, self.rng))
            steps += 1
        order = list(state.seat_names)
        result = game.outcome(world)
        if result is not None:
            r = rewards(result, order)
        elif self.evaluate_hook is not None:
            r = self.evaluate_hook(world)
        else:
            r = {s: 1.0 / seats for s in order}
        return np.array([r.get(s, 0.0) for s in order])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]
