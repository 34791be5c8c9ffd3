"""A seeded random playout makes exactly the decisions it always made.

The behaviour baseline of the rules, in the spirit of chess's perft counts: for every
configuration of every registered game (those of the conformance suite, tests/conformance.py,
and for Pagan each of its option sets), a fixed set of games is dealt from fixed seeds and played
to the end with moves drawn by the project's own seeded `Rng`. The total number of decisions, the
wins per seat and the end reasons are pinned below. Any change of game behaviour (a rule, the
order of the legal moves, a shuffle, a deal) moves at least one of these figures, so a refactor
that claims to change nothing can prove it here.

When a figure moves on purpose (a rule really changed), update the literal with the figures the
failure prints, and say why in the commit. A configuration without a pinned figure fails, so a
newly registered game or option set gets one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest

from rules.core import Options, Rng, seed_state
from tests.conformance import Conformance
from tests.test_game_conformance import CONFIGURATIONS

GAMES = {"pagan": 10, "pantacle": 50}  # per option set: Pagan's games are 15 times longer


@dataclass(frozen=True, slots=True)
class Figures:
    decisions: int  # over all the games, finished or not
    wins: dict[str, int]  # per seat, zeros included
    reasons: dict[str, int]  # how the games ended; "unfinished" past the decision cap


# (configuration id, option set name) -> the figures of its seeded playouts.
PINNED: dict[tuple[str, str], Figures] = {
    ("pagan", "standard"): Figures(
        decisions=18123, wins={"hunter": 7, "witch": 3}, reasons={"exonerated": 7, "ritual": 3}
    ),
    ("pagan", "1"): Figures(
        decisions=19433, wins={"hunter": 4, "witch": 6}, reasons={"exonerated": 4, "ritual": 6}
    ),
    ("pagan", "palisades"): Figures(
        decisions=17214, wins={"hunter": 7, "witch": 3}, reasons={"exonerated": 7, "ritual": 3}
    ),
    ("pagan", "palisades-1"): Figures(
        decisions=18540, wins={"hunter": 6, "witch": 4}, reasons={"exonerated": 6, "ritual": 4}
    ),
    ("pagan", "palisades-10"): Figures(
        decisions=13870, wins={"hunter": 8, "witch": 2}, reasons={"exonerated": 8, "ritual": 2}
    ),
    ("pagan", "palisades-11"): Figures(
        decisions=15930,
        wins={"hunter": 7, "witch": 3},
        reasons={"exonerated": 7, "innocents-eliminated": 1, "ritual": 2},
    ),
    ("pagan", "palisades-12"): Figures(
        decisions=17585, wins={"hunter": 10, "witch": 0}, reasons={"exonerated": 10}
    ),
    ("pagan", "palisades-13"): Figures(
        decisions=13423,
        wins={"hunter": 6, "witch": 4},
        reasons={"exonerated": 2, "gloom-overwhelms": 2, "mist-lifted": 4, "ritual": 2},
    ),
    ("pagan", "palisades-mixed"): Figures(
        decisions=17291, wins={"hunter": 7, "witch": 3}, reasons={"exonerated": 7, "ritual": 3}
    ),
    ("pantacle-2p", "2p"): Figures(
        decisions=4792, wins={"seat-0": 20, "seat-1": 30}, reasons={"bribe": 1, "favor": 49}
    ),
    ("pantacle-3p", "3p"): Figures(
        decisions=8784,
        wins={"seat-0": 19, "seat-1": 18, "seat-2": 13},
        reasons={"bribe": 4, "favor": 46},
    ),
    ("pantacle-4p", "4p"): Figures(
        decisions=12731,
        wins={"seat-0": 13, "seat-1": 13, "seat-2": 11, "seat-3": 13},
        reasons={"bribe": 3, "favor": 47},
    ),
    ("pantacle-5p", "5p"): Figures(
        decisions=16473,
        wins={"seat-0": 10, "seat-1": 8, "seat-2": 10, "seat-3": 13, "seat-4": 9},
        reasons={"bribe": 2, "favor": 48},
    ),
}


def playouts(config: Conformance, options: Options, games: int) -> Figures:
    """Games `0 .. games-1`, each dealt with its number as the seed and played with moves drawn
    from an `Rng` of its own, to the end or the configuration's decision cap."""
    game = config.game
    decisions = 0
    wins: Counter[str] = Counter({seat: 0 for seat in game.seats(options)})
    reasons: Counter[str] = Counter()
    for seed in range(games):
        state = game.new(options, seed)
        below = Rng(seed_state(f"perft/{seed}")).below
        done = 0
        while (outcome := game.outcome(state)) is None and done < config.decision_cap:
            moves = game.legal_moves(state)
            game.apply_unchecked(state, moves[below(len(moves))])
            done += 1
        decisions += done
        if outcome is None:
            reasons["unfinished"] += 1
        else:
            wins.update(outcome.winners)
            reasons[outcome.reason] += 1
    return Figures(decisions, dict(sorted(wins.items())), dict(sorted(reasons.items())))


CASES = [
    pytest.param(config, name, id=f"{config.id}:{name}")
    for config in CONFIGURATIONS
    for name in config.option_sets
]


@pytest.mark.parametrize(("config", "option_set"), CASES)
def test_a_seeded_random_playout_makes_exactly_the_decisions_it_always_made(
    config: Conformance, option_set: str
) -> None:
    figures = playouts(config, config.option_sets[option_set], GAMES[config.game_name])
    key = (config.id, option_set)
    assert key in PINNED, f"no pinned figures for {key}; these are today's: {figures!r}"
    assert figures == PINNED[key]


def test_every_pinned_figure_belongs_to_a_configuration() -> None:
    assert set(PINNED) == {
        (config.id, name) for config in CONFIGURATIONS for name in config.option_sets
    }
