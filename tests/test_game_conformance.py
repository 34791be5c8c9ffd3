"""The Game protocol's properties, for every registered game and every seed hypothesis tries.

Each property runs once per configuration (the test id names it: `[pagan]`, `[pantacle-3p]`),
drawing the configuration's option set (for Pagan: the base game's scenarios and Beyond the
Palisades') with the seed. Only the Game protocol is used here; each game's own checks (its
conservation invariants, end reasons, malformed moves, where its secrets are) come from its
`Conformance` in tests/<game>/conformance.py, and what concerns one game only stays in its
tests/<game>/test_properties.py.
"""

from __future__ import annotations

import copy
import json
import pickle
from collections import Counter
from dataclasses import replace
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamestore import undo
from gamestore.commits import BatchRefused, plan_batch, plan_move
from gamestore.records import GameRecord, SeatConfig
from rules.core import IllegalMove, Move, Options, Rng, game_names, registry
from tests.conformance import (
    MALFORMED,
    Conformance,
    assert_seat_cannot_tell,
    play_checking_invariants,
    play_random,
    positions,
)
from tests.core.toy_game import HiddenNim
from tests.pagan.conformance import PAGAN
from tests.pantacle.conformance import PANTACLE
from tests.support.records import written
from tests.support.search import examples

CONFIGURATIONS = [PAGAN, *PANTACLE]
configurations = pytest.mark.parametrize("config", CONFIGURATIONS, ids=str)
SEEDS = st.integers(min_value=0, max_value=2**32)
PROPERTY = settings(
    max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def draw_options(config: Conformance, data: st.DataObject) -> Options:
    name = data.draw(st.sampled_from(sorted(config.option_sets)), label="option set")
    return config.option_sets[name]


def unconfigured_games() -> set[str]:
    """The registered games this suite has no configuration for, and so would not check."""
    return set(game_names()) - {config.game_name for config in CONFIGURATIONS}


def test_every_registered_game_has_a_configuration() -> None:
    assert {config.game_name for config in CONFIGURATIONS} == set(game_names())
    assert unconfigured_games() == set()


def test_a_game_registered_without_a_configuration_fails_the_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))  # undone after the test
    registry.register(HiddenNim("toy-unconfigured"))
    assert unconfigured_games() == {"toy-unconfigured"}


@configurations
def test_every_option_set_seats_as_many_players_as_the_game_declares(config: Conformance) -> None:
    info = config.game.info
    for name, options in config.option_sets.items():
        seats = config.game.seats(config.game.validate_options(options))
        assert info.min_players <= len(seats) <= info.max_players, name


@configurations
@PROPERTY
@given(seed=SEEDS, data=st.data())
def test_every_random_game_ends(config: Conformance, seed: int, data: st.DataObject) -> None:
    game, options = config.game, draw_options(config, data)
    s, played = play_random(game, options, seed, config.decision_cap)
    outcome = game.outcome(s)
    assert outcome is not None, f"no end after {len(played)} decisions"
    assert game.to_move(s) is None and game.legal_moves(s) == []
    assert len(outcome.winners) == 1 and outcome.reason in config.reasons(options)
    assert sum(outcome.scores.values()) == 1.0
    assert set(outcome.scores) == set(game.seats(options))


@configurations
@settings(max_examples=examples(6), deadline=None)
@given(seed=SEEDS, data=st.data())
def test_components_are_conserved_at_every_decision(
    config: Conformance, seed: int, data: st.DataObject
) -> None:
    """The game's own invariants (Pagan: tokens and cards; Pantacle: supplies and cards) hold at
    the start and after every decision of a whole random game."""
    options = draw_options(config, data)
    play_checking_invariants(
        config.game, options, seed, config.decision_cap, config.check_invariants
    )


@configurations
@settings(max_examples=examples(4), deadline=None)
@given(seed=SEEDS, data=st.data())
def test_every_listed_move_applies_and_leaves_the_original_untouched(
    config: Conformance, seed: int, data: st.DataObject
) -> None:
    game, spacing = config.game, config.spacing
    for s in positions(game, draw_options(config, data), seed, spacing.listed, spacing.limit):
        before = game.to_json(s)
        moves = game.legal_moves(s)
        assert moves, "a game that is not over always has a decision"
        config.check_choices(s, moves)
        assert len({m.id for m in moves}) == len(moves), "move ids are unique"
        for move in moves:
            assert move.label and move.to_json()["value"]["type"] == move.kind
            after = game.apply(s, move)
            config.check_invariants(after)
            assert config.decisions(after) == config.decisions(s) + 1
        assert game.to_json(s) == before


@configurations
@settings(max_examples=examples(4), deadline=None)
@given(seed=SEEDS, data=st.data())
def test_unlisted_moves_are_rejected_and_change_nothing(
    config: Conformance, seed: int, data: st.DataObject
) -> None:
    """Moves listed in nearby positions but not in this one, and malformed submissions."""
    game, spacing = config.game, config.spacing
    states = positions(game, draw_options(config, data), seed, spacing.unlisted, spacing.limit)
    for i, s in enumerate(states):
        before = json.dumps(game.to_json(s), sort_keys=True)
        legal = {m.id for m in game.legal_moves(s)}
        nearby = states[max(0, i - 3) : i] + states[i + 1 : i + 4]
        unlisted = [m for o in nearby for m in game.legal_moves(o) if m.id not in legal][:25]
        for bad in [*unlisted, *MALFORMED, *config.malformed]:
            with pytest.raises(IllegalMove) as err:
                game.apply(s, bad)  # type: ignore[arg-type]
            assert err.value.reason
            assert json.dumps(game.to_json(s), sort_keys=True) == before


@configurations
@PROPERTY
@given(seed=SEEDS, data=st.data())
def test_serialization_round_trips_and_play_continues_identically(
    config: Conformance, seed: int, data: st.DataObject
) -> None:
    game, options = config.game, draw_options(config, data)
    steps = data.draw(st.integers(min_value=0, max_value=config.round_trip_steps), label="steps")
    s, _ = play_random(game, options, seed, steps)
    restored = game.from_json(json.loads(json.dumps(game.to_json(s))))
    assert game.to_json(restored) == game.to_json(s)
    assert [m.id for m in game.legal_moves(restored)] == [m.id for m in game.legal_moves(s)]
    rng = Rng(seed)
    for _ in range(200):
        if game.outcome(s) is not None:
            break
        moves = game.legal_moves(s)
        move = moves[rng.below(len(moves))]
        game.apply_unchecked(s, move)
        restored = game.apply(restored, move.id)
    assert game.to_json(restored) == game.to_json(s)


@configurations
@PROPERTY
@given(seed=SEEDS, data=st.data())
def test_states_and_moves_copy_and_pickle_and_play_continues_identically(
    config: Conformance, seed: int, data: st.DataObject
) -> None:
    """What OpenSpiel's bots and any multiprocessing do to a state: `copy.deepcopy` and pickle,
    in the compiled build too (mypyc's frozen classes do not take pickle's default way back)."""
    game, options = config.game, draw_options(config, data)
    steps = data.draw(st.integers(min_value=0, max_value=config.round_trip_steps), label="steps")
    s, _ = play_random(game, options, seed, steps)
    copies = [copy.deepcopy(s), pickle.loads(pickle.dumps(s)), copy.copy(game.clone(s))]
    moves = game.legal_moves(s)
    for moved in (copy.deepcopy(moves), pickle.loads(pickle.dumps(moves))):
        assert [(m.id, m.to_json()) for m in moved] == [(m.id, m.to_json()) for m in moves]
    rng = Rng(seed)
    for _ in range(100):
        for c in copies:
            assert game.to_json(c) == game.to_json(s)
        if game.outcome(s) is not None:
            break
        moves = game.legal_moves(s)
        move = moves[rng.below(len(moves))]
        game.apply_unchecked(s, move)
        copies = [game.apply(c, move.id) for c in copies]


@configurations
@PROPERTY
@given(seed=SEEDS, data=st.data())
def test_replay_rebuilds_the_state_exactly(
    config: Conformance, seed: int, data: st.DataObject
) -> None:
    game, options = config.game, draw_options(config, data)
    steps = data.draw(st.integers(min_value=0, max_value=config.decision_cap), label="steps")
    s, played = play_random(game, options, seed, steps)
    assert game.to_json(game.replay(options, seed, played)) == game.to_json(s)


@configurations
@settings(max_examples=examples(8), deadline=None)
@given(seed=SEEDS, sample_seed=SEEDS, data=st.data())
def test_a_view_depends_only_on_what_its_seat_may_know(
    config: Conformance, seed: int, sample_seed: int, data: st.DataObject
) -> None:
    """Resampling everything a seat cannot know leaves that seat's view (and the spectator's)
    byte-identical, and its legal moves too, while the hidden truth really does change across
    samples."""
    game, options, spacing = config.game, draw_options(config, data), config.spacing
    rng = Rng(sample_seed)
    truths = set()
    for s in positions(game, options, seed, spacing.views, spacing.limit):
        for seat in game.seats(options):
            for _ in range(config.samples_per_seat):
                other = game.sample(s, seat, rng)
                assert_seat_cannot_tell(game, s, other, seat, config.check_invariants)
                truths.add((seat, config.hidden_truth(other, seat)))
    assert len(truths) > 2


@configurations
@settings(max_examples=examples(4), deadline=None)
@given(seed=SEEDS, sample_seed=SEEDS, data=st.data())
def test_legal_moves_come_in_an_order_their_seat_can_see(
    config: Conformance, seed: int, sample_seed: int, data: st.DataObject
) -> None:
    """At every decision of a random game, the seat to move and a world it cannot tell apart
    (`Conformance.twin`: what it cannot see dealt again, the order of its own hand too) see the
    same view and the same legal moves in the same order: the order in which a hand was dealt
    is not something its seat can see, so no read (REST, SSE, GraphQL) may carry it."""
    game, options = config.game, draw_options(config, data)
    rng = Rng(sample_seed)
    s = game.new(options, seed)
    play = Rng(seed)
    for _ in range(config.spacing.limit):
        if game.outcome(s) is not None:
            break
        seat = game.to_move(s)
        assert seat is not None
        other = config.twin(s, seat, rng)
        moves = [m.to_json() for m in game.legal_moves(s)]
        assert json.dumps(game.view(other, seat)) == json.dumps(game.view(s, seat))
        assert [m.to_json() for m in game.legal_moves(other)] == moves, seat
        game.apply_unchecked(s, game.legal_moves(s)[play.below(len(moves))])


@configurations
def test_hidden_cards_leave_no_identifier_in_other_views(config: Conformance) -> None:
    """Changing only what one seat keeps hidden, by hand rather than through `sample`, changes
    nothing that another seat or a spectator sees, and that seat's own view."""
    game = config.game
    for options in config.option_sets.values():
        a = game.new(options, 7)
        b = game.clone(a)
        changed = config.change_secrets(b)
        assert game.view(a, None) == game.view(b, None)
        for seat in game.seats(options):
            assert (game.view(a, seat) == game.view(b, seat)) == (seat != changed), seat


@configurations
def test_move_ids_values_and_labels_are_stable(config: Conformance) -> None:
    """Each of a move's id and JSON value names that move alone, and `apply` takes either."""
    game = config.game
    for options in config.option_sets.values():
        s = game.new(options, 3)
        moves = game.legal_moves(s)
        assert len({json.dumps(m.value, sort_keys=True) for m in moves}) == len(moves)
        assert len({m.id for m in moves}) == len(moves)
        for move in moves:
            assert isinstance(move, Move)
            assert move.label and move.id.startswith(move.value["type"])
            after = game.to_json(game.apply(s, move))
            assert game.to_json(game.apply(s, move.value)) == after
            assert game.to_json(game.apply(s, move.id)) == after


def decision_shapes(game: Any, options: Options, seed: int, limit: int, most: int) -> list[Any]:
    """Copies of the first state of each kind of decision a random game meets (told apart by
    the seat to move and the kinds of its legal moves), at most `most` of them, within `limit`
    decisions."""
    s = game.new(options, seed)
    rng = Rng(seed)
    seen: set[tuple[Any, frozenset[str]]] = set()
    out: list[Any] = []
    for _ in range(limit):
        if game.outcome(s) is not None or len(out) >= most:
            break
        moves = game.legal_moves(s)
        shape = (game.to_move(s), frozenset(m.kind for m in moves))
        if shape not in seen:
            seen.add(shape)
            out.append(game.clone(s))
        game.apply_unchecked(s, moves[rng.below(len(moves))])
    return out


@configurations
@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, sample_seed=SEEDS, data=st.data())
def test_a_description_tells_a_reader_nothing_it_could_not_see(
    config: Conformance, seed: int, sample_seed: int, data: st.DataObject
) -> None:
    """Two games that differ only in what a reader cannot know (the truth, and a state drawn
    by `sample` for that reader; for a spectator, for another seat than the mover) give that
    reader identical descriptions of the moves it cannot tell apart: a move open in both games
    (its id names nothing hidden) reads the same in both, and the moves that depend on the
    secret read the same as any other of them with the same view before and after (but for
    kinds the configuration calls deferred: the views show them only later). The mover reads
    all of its move."""
    game, options = config.game, draw_options(config, data)
    rng = Rng(sample_seed)
    for truth in decision_shapes(game, options, seed, config.spacing.limit, 24):
        mover = game.to_move(truth)
        for move in game.legal_moves(truth):
            own = game.describe(truth, move, mover)
            assert own.actor == mover and own.hidden == () and own.args == dict(move.args)
            assert own.text and own.action == move.kind
        others = [x for x in game.seats(options) if x != mover]
        for reader in [None, *others]:
            states = [truth, game.sample(truth, reader or others[0], rng)]
            open_ids = set.intersection(*({m.id for m in game.legal_moves(s)} for s in states))
            by_id: dict[str, str] = {}
            by_views: dict[str, str] = {}
            for s in states:
                before = json.dumps(game.view(s, reader), sort_keys=True)
                for move in game.legal_moves(s):
                    told = json.dumps(game.describe(s, move, reader).to_json(), sort_keys=True)
                    if move.id in open_ids:
                        assert by_id.setdefault(move.id, told) == told, (reader, move.id)
                        continue
                    if move.kind in config.deferred_kinds:
                        continue
                    after = json.dumps(game.view(game.apply(s, move), reader), sort_keys=True)
                    key = before + after
                    assert by_views.setdefault(key, told) == told, (reader, move.id)


# --- batches: what a refused or accepted batch tells its seat --------------------------------

NO_MOVE = "no-such-move"


def batch_walk(config: Conformance, truth: Any, seat: str, rng: Rng) -> list[str]:
    """A batch of 1 to 3 decisions from `truth`, each a legal move where the batch has got to in
    `truth` (a move whose result depends on a secret half the time, when there is one; then the
    engine's forced picks after it sent along, half the time), or a move of whoever decides
    then, or one that names nothing."""
    game = config.game
    s, batch = truth, []
    for _ in range(1 + rng.below(3)):
        if game.outcome(s) is not None or rng.below(8) == 0:
            batch.append(NO_MOVE if not batch or rng.below(2) else batch[-1])
            continue
        moves = game.legal_moves(s)
        secret = [m for m in moves if m.kind in config.secret_kinds]
        pool = secret if secret and rng.below(2) else moves
        move = pool[rng.below(len(pool))]
        batch.append(move.id)
        traced = game.apply_traced(s, move)
        s = traced.state
        if traced.forced and rng.below(2):
            batch.extend(m.id for m in traced.forced)
    return batch


def human_record(config: Conformance, options: Any, seed: int) -> GameRecord:
    """The store's record of a game of `config` with every seat a person's, at version 0."""
    game = config.game
    return GameRecord(
        id="conformance",
        game=config.game_name,
        options=options,
        seed=str(seed),
        seats=[SeatConfig(seat, "human") for seat in game.seats(options)],
        version=0,
        state=b"",
    )


def batch_answer(game: Any, record: GameRecord, state: Any, seat: str, batch: list[str]) -> Any:
    """What planning `batch` tells its seat: the moves made, or the refused one's index, the
    rules' reason and whose decision it was (all the API's error is made of)."""
    try:
        commits, _ = plan_batch(game, record, state, seat, batch)
    except BatchRefused as exc:
        reason = None if exc.illegal is None else exc.illegal.reason
        return ("refused", exc.index, reason, exc.to_move)
    return ("made", [c.move_id for c in commits])


@configurations
@settings(max_examples=examples(3), deadline=None)
@given(seed=SEEDS, sample_seed=SEEDS, data=st.data())
def test_a_batch_answers_its_seat_only_what_it_can_see(
    config: Conformance, seed: int, sample_seed: int, data: st.DataObject
) -> None:
    """A batch planned in two worlds its seat cannot tell apart (`Conformance.twin`) is made
    or refused alike: the same moves made, or the same index, reason and seat to decide. The
    batches come from random games, with moves whose result depends on a secret (draws,
    eliminations, Curse draws), the engine's forced picks sent along, moves of another seat and
    moves that name nothing; a position may first be provoked into offering such moves."""
    game, options = config.game, draw_options(config, data)
    rng = Rng(sample_seed)
    record = human_record(config, options, seed)
    told: Counter[str] = Counter()
    for truth in positions(game, options, seed, config.spacing.batches, config.spacing.limit):
        config.provoke(truth, rng)
        seat = game.to_move(truth)
        assert seat is not None
        other = config.twin(truth, seat, rng)
        for _ in range(4):
            batch = batch_walk(config, truth, seat, rng)
            answers = [batch_answer(game, record, w, seat, batch) for w in (truth, other)]
            assert answers[0] == answers[1], (seat, batch)
            answer = answers[0]
            told["hidden" if "cannot see" in str(answer) else str(answer[0])] += 1
    assert told["hidden"] and told["made"] and told["refused"], told


# --- undo: whether a seat may take back a decision tells it nothing --------------------------

UNDO = "undo"


def undo_walk(
    config: Conformance, worlds: list[Any], record: GameRecord, seat: str, rng: Rng
) -> list[list[Any]]:
    """The same walk in every world, each step chosen from what all of them allow: one of the
    seat's legal moves in all of them (a move whose result depends on a secret half the time,
    when there is one), or an undo a third of the time; what each world told the seat after
    each step: whether the undo was made and whether it may undo now."""
    game = config.game
    records = [replace(record, state=orjson.dumps(game.to_json(w))) for w in worlds]
    stacks: list[list[bytes]] = [[] for _ in worlds]
    told: list[list[Any]] = [[] for _ in worlds]
    for _ in range(8):
        if rng.below(3) == 0:
            for i, world in enumerate(worlds):
                if not undo.can_undo(records[i], seat):
                    told[i].append((UNDO, "refused"))
                    continue
                commit = undo.plan_undo(game, records[i], world, seat, stacks[i][-1])
                worlds[i] = game.from_json(orjson.loads(stacks[i][-1]))
                records[i] = written(records[i], commit, stacks[i])
                told[i].append((UNDO, "made", undo.can_undo(records[i], seat)))
            continue
        if any(game.to_move(w) != seat for w in worlds):
            break
        ids = [{m.id for m in game.legal_moves(w)} for w in worlds]
        common = [m for m in game.legal_moves(worlds[0]) if all(m.id in i for i in ids)]
        if not common:
            break
        secret = [m for m in common if m.kind in config.secret_kinds]
        pool = secret if secret and rng.below(2) else common
        move_id = pool[rng.below(len(pool))].id
        for i, world in enumerate(worlds):
            move = next(m for m in game.legal_moves(world) if m.id == move_id)
            commit, worlds[i] = plan_move(game, records[i], world, seat, move)
            records[i] = written(records[i], commit, stacks[i])
            told[i].append((move_id, undo.can_undo(records[i], seat)))
    return told


@configurations
@settings(max_examples=examples(3), deadline=None)
@given(seed=SEEDS, sample_seed=SEEDS, data=st.data())
def test_an_undo_is_offered_in_two_worlds_a_seat_cannot_tell_apart_or_in_neither(
    config: Conformance, seed: int, sample_seed: int, data: st.DataObject
) -> None:
    """A seat plays the same moves, and asks for the same undos, in two worlds it cannot tell
    apart (`Conformance.twin`): after every step both tell it the same, whether it may take
    back a decision and whether an undo was made. The moves include those whose result depends
    on a secret (draws, eliminations, Curse draws), which close the window in both worlds or in
    neither, since the rules report them exactly (`Game.apply_traced`)."""
    game, options = config.game, draw_options(config, data)
    rng = Rng(sample_seed)
    record = human_record(config, options, seed)
    seen: Counter[str] = Counter()
    for truth in positions(game, options, seed, config.spacing.batches, config.spacing.limit):
        config.provoke(truth, rng)
        seat = game.to_move(truth)
        assert seat is not None
        for _ in range(3):
            worlds = [game.from_json(game.to_json(truth)), config.twin(truth, seat, rng)]
            told = undo_walk(config, worlds, record, seat, rng)
            assert told[0] == told[1], (seat, told)
            for step in told[0]:
                seen["made" if step[-1] == "made" or step[1] == "made" else str(step[-1])] += 1
    assert seen["True"] and seen["False"] and seen["made"], seen


def undo_seen_by(
    config: Conformance, worlds: list[Any], record: GameRecord, seat: str, viewer: str, rng: Rng
) -> list[bool]:
    """`seat` plays the same moves in every world (and takes back a decision a third of the
    times it may) while `viewer` cannot tell the worlds apart (the same view, the same seat to
    decide); whether `seat` may undo, in each world, at each step until then."""
    game = config.game
    records = [replace(record, state=orjson.dumps(game.to_json(w))) for w in worlds]
    stacks: list[list[bytes]] = [[] for _ in worlds]
    offered: list[bool] = []
    for _ in range(8):
        views = {orjson.dumps(game.view(w, viewer), option=orjson.OPT_SORT_KEYS) for w in worlds}
        if len(views) > 1 or len({game.to_move(w) for w in worlds}) > 1:
            break  # the viewer tells them apart now: an undo would tell it nothing more
        offers = [undo.can_undo(r, seat) for r in records]
        assert len(set(offers)) == 1, (seat, viewer, offered)
        offered.append(offers[0])
        if offers[0] and rng.below(3) == 0:
            for i, world in enumerate(worlds):
                commit = undo.plan_undo(game, records[i], world, seat, stacks[i][-1])
                worlds[i] = game.from_json(orjson.loads(stacks[i][-1]))
                records[i] = written(records[i], commit, stacks[i])
            continue
        if game.to_move(worlds[0]) != seat:
            break
        ids = [{m.id for m in game.legal_moves(w)} for w in worlds]
        common = [m for m in game.legal_moves(worlds[0]) if all(m.id in i for i in ids)]
        if not common:
            break
        move_id = common[rng.below(len(common))].id
        for i, world in enumerate(worlds):
            move = next(m for m in game.legal_moves(world) if m.id == move_id)
            commit, worlds[i] = plan_move(game, records[i], world, seat, move)
            records[i] = written(records[i], commit, stacks[i])
    return offered


@configurations
@settings(max_examples=examples(3), deadline=None)
@given(seed=SEEDS, sample_seed=SEEDS, data=st.data())
def test_whether_a_seat_may_undo_tells_the_other_seats_nothing(
    config: Conformance, seed: int, sample_seed: int, data: st.DataObject
) -> None:
    """An undo is public (its event, the board going back), so whether the seat to move may
    take back a decision must be the same in two worlds another seat cannot tell apart (they
    differ in the mover's hand, the decks, Pagan's Witch), for as long as they look the same
    to it."""
    game, options = config.game, draw_options(config, data)
    rng = Rng(sample_seed)
    record = human_record(config, options, seed)
    offered: Counter[bool] = Counter()
    for truth in positions(game, options, seed, config.spacing.batches, config.spacing.limit):
        config.provoke(truth, rng)
        mover = game.to_move(truth)
        assert mover is not None
        for viewer in [s for s in game.seats(options) if s != mover]:
            worlds = [game.from_json(game.to_json(truth)), config.twin(truth, viewer, rng)]
            offered.update(undo_seen_by(config, worlds, record, mover, viewer, rng))
    assert offered[True] and offered[False], offered
