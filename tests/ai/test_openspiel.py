"""The Game protocol registered with OpenSpiel passes its conformance test, and OpenSpiel's own
ISMCTSBot can search it with our resampler (the bridge is benchmarks/openspiel_bridge.py;
benchmarks/ai_openspiel.py compares the two searches)."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts

from benchmarks.openspiel_bridge import HeuristicEvaluator, register, resampler
from rules.pagan.game import PAGAN


@pytest.mark.slow
def test_pagan_passes_openspiels_random_simulation_test() -> None:
    game = register(PAGAN)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_openspiels_ismcts_bot_plays_a_legal_move_with_our_resampler() -> None:
    game = register(PAGAN)
    state = game.new_initial_state()
    for _ in range(40):
        state.apply_action(state.legal_actions()[0])
    bot = ismcts.ISMCTSBot(
        game,
        HeuristicEvaluator(PAGAN, 4, 0),
        0.6,
        30,
        random_state=np.random.RandomState(0),
        allow_inconsistent_action_sets=True,
    )
    bot.set_resampler(resampler(PAGAN, 0))
    assert bot.step(state) in state.legal_actions()
