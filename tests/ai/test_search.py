"""The search: immediate wins, blocking a loss, determinism, analysis, tree reuse, root
parallelism, and a game with no heuristic hooks (Hidden Nim, 2 to 4 players)."""

from __future__ import annotations

import itertools
import subprocess
import sys
import time
from typing import Any

import pytest

from ai import Session, analyse, choose_move
from ai.ismcts import Node, search
from ai.levels import params_for
from ai.parallel import merge, pick, run_tree, split
from rules.core import Move, Rng
from rules.pagan import machine
from rules.pagan.game import PAGAN
from rules.pagan.state import HUNTER, WITCH, PaganState
from tests.ai.positions import random_positions
from tests.core.toy_game import HiddenNim, NimState

FAST = {"iterations": 200, "time_cap": None, "early_stop": False}


def _act_position(seat: str, seed: str) -> PaganState:
    """A state at `seat`'s action choice with at least two pawns left, after turn 3."""
    for s in random_positions(PAGAN, 500, seed, every=5):
        f = s.stack[-1]
        if f["t"] == "act" and f["seat"] == seat and s.turn > 3 and s.player(seat).pawns >= 2:
            return s
    raise AssertionError("no action position found")


def _ritual_ready(s: PaganState) -> None:
    """Give the true witch's villager 3 Favors and no pawns (tokens from the supply)."""
    v = s.villager(s.true_witch)
    add = max(0, 3 - v.favors)
    s.supply["favor"] -= add
    v.favors += add
    s.witch.influence += 0
    for pawns in ("hunter_pawns", "witch_pawns"):
        setattr(v, pawns, 0)
    s.cache = None


def test_the_witch_performs_the_ritual_when_she_can() -> None:
    s = _act_position(WITCH, "ritual")
    _ritual_ready(s)
    assert f"ritual:{s.true_witch}" in [m.id for m in PAGAN.legal_moves(s)]
    for level in ("novice", "easy", "medium"):
        move = choose_move(PAGAN, s, WITCH, level, seed=3, overrides={"time_cap": None})
        if level != "novice":  # novice samples by temperature, like a beginner
            assert move.id == f"ritual:{s.true_witch}", level


def test_the_hunter_eliminates_the_witch_when_only_she_is_left() -> None:
    s = _act_position(HUNTER, "eliminate")
    innocents = [v for v in s.villagers if v.id != s.true_witch]
    # He holds seven innocents' Suspects; the eighth innocent was eliminated.
    s.hunter.suspects = sorted(v.id for v in innocents[:7])
    s.suspect_deck = []
    last = innocents[7]
    last.alive = False
    s.innocents_eliminated = 1
    for v in s.villagers:
        v.hunter_pawns = v.witch_pawns = 0
        if v.alive:
            want = 3 if v.id == s.true_witch else 1
            s.supply["clue"] -= want - v.clues
            v.clues = want
        else:
            s.supply["clue"] += v.clues
            v.clues = 0
    s.cache = None
    legal = [m.id for m in PAGAN.legal_moves(s)]
    assert f"eliminate:{s.true_witch}" in legal
    move = choose_move(PAGAN, s, HUNTER, "easy", seed=1, overrides=FAST)
    assert move.id == f"eliminate:{s.true_witch}"


def test_the_hunter_blocks_a_ritual_he_can_see_coming() -> None:
    """The Witch's villager (the only one the Hunter cannot rule out) holds 3 Favors; with his
    last pawn the Hunter must visit or raid it, or she performs the ritual next turn."""
    s = _act_position(HUNTER, "block")
    innocents = [v for v in s.villagers if v.id != s.true_witch]
    s.hunter.suspects = sorted(v.id for v in innocents[:7])
    s.suspect_deck = [innocents[7].id]
    _ritual_ready(s)
    tw = s.villager(s.true_witch)
    tw.clues, s.supply["clue"] = 0, s.supply["clue"] + tw.clues  # he cannot eliminate her
    s.hunter.pawns = 1
    s.cache = None
    legal = [m.id for m in PAGAN.legal_moves(s)]
    blocking = {f"visit:{tw.id}", f"raid:{tw.id}"}
    assert blocking & set(legal)
    # Without a block the Witch can perform the ritual on her next turn.
    idle = PAGAN.apply(s, "influence")
    assert _ritual_reachable(idle)
    move = choose_move(PAGAN, s, HUNTER, "medium", seed=2, overrides={"time_cap": None})
    assert move.id in blocking


def _ritual_reachable(s: PaganState) -> bool:
    """Play the Hunter's remaining decisions and the Witch's Upkeep by their first options
    until the Witch's first action choice; is the ritual offered there?"""
    s = PAGAN.clone(s)
    for _ in range(200):
        f = s.stack[-1] if s.stack else None
        if f is None:
            return False
        if f["t"] == "act" and f["seat"] == WITCH:
            return any(m.kind == "ritual" for m in PAGAN.legal_moves(s))
        moves = PAGAN.legal_moves(s)
        done = [m for m in moves if m.kind in ("done", "end", "skip", "keep")]
        PAGAN.apply_unchecked(s, done[0] if done else moves[0])
    return False


def test_the_same_seed_gives_the_same_move_and_analysis() -> None:
    s = _act_position(WITCH, "determinism")
    a = analyse(PAGAN, s, WITCH, "easy", seed="x", overrides=FAST)
    b = analyse(PAGAN, s, WITCH, "easy", seed="x", overrides=FAST)
    assert a == b
    moves = {choose_move(PAGAN, s, WITCH, "easy", seed=k, overrides=FAST).id for k in range(6)}
    assert len(moves) >= 1


def test_the_same_seed_gives_the_same_analysis_in_another_process() -> None:
    """Another interpreter with another hash seed: nothing depends on the process."""
    code = (
        "from ai import analyse; from rules.pagan.game import PAGAN; "
        "from tests.ai.test_search import _act_position, FAST; "
        "s = _act_position('witch', 'determinism'); "
        "print(analyse(PAGAN, s, 'witch', 'easy', seed='x', overrides=FAST))"
    )
    here = analyse(PAGAN, _act_position(WITCH, "determinism"), WITCH, "easy", "x", FAST)
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "12345", "PATH": ""},
        cwd=str(__import__("pathlib").Path(__file__).parents[2]),
    )
    assert out.stdout.strip() == str(here)


def test_analyse_lists_the_top_moves_with_visits_and_win_rates() -> None:
    s = _act_position(HUNTER, "analyse")
    legal = {m.id for m in PAGAN.legal_moves(s)}
    out = analyse(PAGAN, s, HUNTER, "easy", seed=1, overrides=FAST, top=3)
    assert len(out) == 3
    assert [set(row) for row in out] == [{"move", "visits", "win_rate"}] * 3
    visits = [row["visits"] for row in out]
    assert visits == sorted(visits, reverse=True)
    assert sum(visits) <= 200
    for row in out:
        assert row["move"]["id"] in legal
        assert set(row["move"]) == {"id", "value", "label"}
        assert 0.0 <= row["win_rate"] <= 1.0
    with pytest.raises(ValueError, match="top"):
        analyse(PAGAN, s, HUNTER, "easy", top=0)


class OneMoveNim(HiddenNim):
    """Hidden Nim where only the first legal move is ever offered, and where any search (a
    determinization sampled, a move played on a copy) is an error."""

    def legal_moves(self, state: NimState) -> list[Move]:
        return super().legal_moves(state)[:1]

    def sample(self, state: NimState, seat: str, rng: Rng) -> NimState:
        raise AssertionError("a single legal move needs no search")

    def apply_unchecked(self, state: NimState, move: Move) -> None:
        raise AssertionError("a single legal move needs no look-ahead")


def test_a_single_legal_move_is_played_without_any_search() -> None:
    """What makes it instant, checked without a clock: nothing is sampled or played ahead."""
    game = OneMoveNim()
    state = NimState(seats=["p1", "p2"], pile=9, cards={"p1": 3, "p2": 5})
    move = choose_move(game, state, "p1", "hard", overrides={"time_cap": None})
    assert move.id == "take:1"


def test_it_must_be_the_seats_decision() -> None:
    s = _act_position(WITCH, "turn")
    with pytest.raises(ValueError, match="not hunter's decision"):
        choose_move(PAGAN, s, HUNTER)


def test_a_game_without_hooks_is_searched_with_random_playouts() -> None:
    """Hidden Nim has no heuristics: with 3 stones left, taking them all wins at once."""
    game = HiddenNim()
    for players in (2, 3, 4):
        seats = [f"p{i}" for i in range(1, players + 1)]
        state = NimState(seats=seats, pile=3, cards={s: i + 1 for i, s in enumerate(seats)})
        move = choose_move(game, state, "p1", "easy", seed=1, overrides=FAST)
        assert move.id == game.legal_moves(state)[2].id  # take 3: the last stone


def test_each_seat_maximises_its_own_reward_in_a_three_player_game() -> None:
    """Pile 5 with three seats: whatever p1 takes, p2 must not leave p3 the last stones; the
    search's root value for p1 is computed from p1's reward only (max^n)."""
    game = HiddenNim()
    state = NimState(seats=["p1", "p2", "p3"], pile=4, cards={"p1": 1, "p2": 2, "p3": 3})
    root, stats = search(game, state, "p1", params_for("easy", FAST), Rng(3))
    assert stats.iterations == 200
    for child in root.children.values():
        assert 0.0 <= child.reward <= child.visits


def test_every_opponent_learns_in_a_three_player_search_with_beliefs() -> None:
    """With beliefs on, the searcher's edges learn in its own worlds and the opponents' edges in
    an opponent's; the second opponent (p3) must learn too, or he would always play the first
    move the tree gave him."""
    game = HiddenNim()
    state = NimState(seats=["p1", "p2", "p3"], pile=6, cards={"p1": 1, "p2": 2, "p3": 3})
    root, _ = search(game, state, "p1", params_for("medium", {**FAST, "beliefs": True}), Rng(5))
    learned: dict[str, int] = {}
    # Walk three plies: p1's move, p2's reply, p3's reply.
    for first in root.children.values():
        for second in first.children.values():
            learned["p2"] = learned.get("p2", 0) + second.visits
            for third in second.children.values():
                learned["p3"] = learned.get("p3", 0) + third.visits
    assert learned["p2"] > 0
    assert learned["p3"] > 0


def test_the_tree_is_reused_across_one_turns_decisions() -> None:
    s = _act_position(WITCH, "reuse")
    session = Session(PAGAN, WITCH, "easy", {"iterations": 120, "time_cap": None})
    kept = 0
    for k in range(12):
        seat = PAGAN.to_move(s)
        if seat != WITCH:
            break
        move = session.choose(s, seed=k)
        kept += session._roots is not None
        PAGAN.apply_unchecked(s, move)
        session.observe(WITCH, move)
    assert session.reused >= 1
    assert kept >= 1


def test_another_seats_move_drops_the_kept_tree() -> None:
    s = _act_position(WITCH, "reuse-drop")
    session = Session(PAGAN, WITCH, "easy", {"iterations": 60, "time_cap": None})
    move = session.choose(s, seed=1)
    session.observe(HUNTER, Move("influence"))
    assert session._roots is None
    PAGAN.apply_unchecked(s, move)


def test_root_parallel_trees_merge_to_the_same_choice_anywhere() -> None:
    """split / run_tree / merge / pick, run here in any order, give choose_move's answer."""
    s = _act_position(HUNTER, "parallel")
    over = {"iterations": 80, "time_cap": None, "trees": 3}
    jobs = split("expert", 9, over)
    assert [j["tree"] for j in jobs] == [0, 1, 2]
    results = [run_tree(PAGAN, s, HUNTER, job) for job in reversed(jobs)]
    stats = merge(results)
    assert sum(v for v, _ in stats.values()) == sum(
        sum(v for v, _ in r["moves"].values()) for r in results
    )
    legal = [m.id for m in PAGAN.legal_moves(s)]
    chosen = pick(stats, legal, params_for("expert", over), 9)
    assert chosen == choose_move(PAGAN, s, HUNTER, "expert", seed=9, overrides=over).id


def test_a_time_cap_stops_a_search_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock is injected (one second per reading), so the cap is tested without waiting
    for it: the search stops at its first clock reading past the cap (it reads the clock every
    16 iterations), and a clock that stands still lets it run its whole budget."""
    s = _act_position(WITCH, "cap")
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    params = params_for("hard", {"iterations": 1_000_000, "time_cap": 0.5, "early_stop": False})
    _, stats = search(PAGAN, s, WITCH, params, Rng(1))
    assert stats.timed_out
    assert 0 < stats.iterations < 32
    monkeypatch.setattr(time, "perf_counter", lambda: 0.0)
    _, stats = search(
        PAGAN,
        s,
        WITCH,
        params_for("hard", {"iterations": 100, "time_cap": 0.5, "early_stop": False}),
        Rng(1),
    )
    assert not stats.timed_out
    assert stats.iterations == 100


def test_search_never_plays_on_the_true_state() -> None:
    s = _act_position(WITCH, "untouched")
    before = PAGAN.to_json(s)
    root = Node()
    search(PAGAN, s, WITCH, params_for("easy", FAST), Rng(1), root)
    assert PAGAN.to_json(s) == before
    assert root.size() > 1
    assert machine.to_move(s) == WITCH


def _pantacle_last_favor() -> Any:
    from tests.pantacle.positions import favor_phase, new_game, place_flames

    s = new_game(3)
    place_flames(s, 0, ["top", "upper-right", "lower-right", "lower-left", "upper-left"])
    favor_phase(s, 0)
    return s


def test_the_sorcerer_with_five_flames_announces_a_favor_whose_keepers_it_holds() -> None:
    """seat-1 has five Flames too, so a bribe wins the game for him. seat-0 holds the Alchemist,
    the Scholar and the Veiled One: Conversion (Alchemist and Scholar) and Enslavement (Veiled
    One and Alchemist) are the Favors an opponent is least likely to pay for. In this deal seat-1
    can pay only for Indoctrination, so either wins at once."""
    from rules.pantacle.game import PANTACLE
    from tests.pantacle.positions import place_flames

    s = _pantacle_last_favor()
    place_flames(s, 1, ["top", "upper-right", "lower-right", "lower-left", "upper-left"])
    for seed in range(3):
        move = choose_move(PANTACLE, s, "seat-0", "hard", seed=seed, overrides={"time_cap": None})
        assert move.id in ("favor:conversion", "favor:enslavement")
        after = PANTACLE.apply(s, move)
        for _ in range(10):  # the others may only pass
            if PANTACLE.to_move(after) is None:
                break
            assert [m.id for m in PANTACLE.legal_moves(after)] == ["pass"]
            after = PANTACLE.apply(after, "pass")
        outcome = PANTACLE.outcome(after)
        assert outcome is not None and outcome.winners == ("seat-0",)


def test_an_opponent_bribes_away_the_favor_that_would_end_the_game() -> None:
    from rules.pantacle.game import PANTACLE

    s = PANTACLE.apply(_pantacle_last_favor(), "favor:indoctrination")
    assert PANTACLE.to_move(s) == "seat-1"
    assert {m.id for m in PANTACLE.legal_moves(s)} == {"bribe", "pass"}
    move = choose_move(PANTACLE, s, "seat-1", "easy", seed=1, overrides=FAST)
    assert move.id == "bribe"


@pytest.mark.slow
def test_stopping_early_chooses_the_move_the_whole_budget_would() -> None:
    for i, s in enumerate(random_positions(PAGAN, 12, "early", every=11)):
        seat = PAGAN.to_move(s)
        assert seat is not None
        full = params_for("medium", {"time_cap": None, "early_stop": False})
        early = params_for("medium", {"time_cap": None})
        ids = [m.id for m in PAGAN.legal_moves(s)]
        chosen = []
        for params in (full, early):
            root, _ = search(PAGAN, s, seat, params, Rng(i))
            stats = {k: (c.visits, c.reward) for k, c in root.children.items()}
            chosen.append(pick(stats, ids, params, i))
        assert chosen[0] == chosen[1]


def test_a_clear_decision_stops_before_the_budget() -> None:
    """Taking the last 3 stones wins at once: the search stops as soon as no other move can
    catch up, long before 2,000 iterations."""
    game = HiddenNim()
    state = NimState(seats=["p1", "p2"], pile=3, cards={"p1": 1, "p2": 2})
    params = params_for("hard", {"iterations": 2000, "time_cap": None})
    _, stats = search(game, state, "p1", params, Rng(1))
    assert stats.iterations < 2000
    _, stats = search(
        game, state, "p1", params_for("hard", {"time_cap": None, "early_stop": False}), Rng(1)
    )
    assert stats.iterations == 2000


class BiasedNim(HiddenNim):
    """Hidden Nim whose `move_bias` hook favours taking one stone (a poor move from 9)."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def move_bias(self, state: NimState, moves: list[Move]) -> list[float]:
        self.calls += 1
        return [1.0 if m.id == "take:1" else 0.0 for m in moves]


def _root_visits(game: HiddenNim, bias: float) -> dict[str, int]:
    state = NimState(seats=["p1", "p2"], pile=9, cards={"p1": 3, "p2": 5})
    params = params_for(
        "easy", {"bias": bias, "iterations": 60, "early_stop": False, "time_cap": None}
    )
    root, _ = search(game, state, "p1", params, Rng(1))
    return {mid: child.visits for mid, child in root.children.items()}


def test_progressive_bias_steers_the_root_to_the_move_the_game_favours() -> None:
    visits = _root_visits(BiasedNim(), bias=50.0)
    assert max(visits, key=lambda mid: visits[mid]) == "take:1"


def test_without_bias_the_hook_is_not_asked() -> None:
    game = BiasedNim()
    _root_visits(game, bias=0.0)
    assert game.calls == 0
