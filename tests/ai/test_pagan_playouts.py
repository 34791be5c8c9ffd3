"""Pagan's playout policy (rules/pagan/heuristics.py), the search's model of both players: the
Hunter goes after the villager the Witch's recorded choices point at (the board breaking ties)
and never reads what he cannot see."""

from __future__ import annotations

from ai.hooks import rollout_policy
from rules.core import Rng
from rules.pagan.game import PAGAN
from rules.pagan.heuristics import (
    _target_colour,
    features,
    move_bias,
    rollout_move,
    rollout_move_pursuing,
)
from rules.pagan.state import HUNTER, WITCH, PaganState, Slot
from tests.ai.positions import random_positions


def _hunter_to_act(seed: str) -> PaganState:
    """A Hunter's action choice of a random game, its Witch's record wiped: the tests put tokens
    on the board by hand, and with a record that says nothing the board alone points at them."""
    for s in random_positions(PAGAN, 400, seed, every=5):
        f = s.stack[-1]
        if f["t"] == "act" and f["seat"] == HUNTER and s.hunter.pawns >= 1 and s.turn > 3:
            s.witch_record.clear()
            s.belief = None
            return s
    raise AssertionError("no Hunter action position found")


def _record_favors_on(s: PaganState, villager_id: str, times: int) -> None:
    """`times` recorded choices of the Witch putting a Favor on `villager_id` among every living
    villager: her record points there."""
    living = tuple(v.id for v in s.villagers if v.alive)
    colours = tuple(s.villager(v).colour for v in living)
    for _ in range(times):
        s.witch_record.append(("place:favor", living.index(villager_id), living, colours))
    s.belief = None


def _pile_on(s: PaganState, villager_id: str, favors: int, secrets: int) -> None:
    """Put Favors and Secrets (from the supply) on a ready villager, and 3 Clues on it so the
    Hunter can pay for a Raid there."""
    v = s.villager(villager_id)
    v.hunter_pawns = v.witch_pawns = 0
    s.supply["favor"] -= favors - v.favors
    s.supply["secret"] -= secrets - v.secrets
    s.supply["clue"] -= 3 - v.clues
    v.favors, v.secrets, v.clues = favors, secrets, 3
    s.cache = None


def _choices(s: PaganState, draws: int = 60) -> list[str]:
    moves = PAGAN.legal_moves(s)
    return [rollout_move(s, moves, Rng(i)).id for i in range(draws)]


def test_the_playout_hunter_raids_the_villager_piled_with_favors() -> None:
    s = _hunter_to_act("raid")
    target = next(v for v in s.villagers if v.alive and v.id not in s.hunter.suspects)
    _pile_on(s, target.id, favors=2, secrets=4)
    assert f"raid:{target.id}" in [m.id for m in PAGAN.legal_moves(s)]
    chosen = _choices(s)
    # A quarter of playout decisions are uniformly random; the rest raid here.
    assert chosen.count(f"raid:{target.id}") >= 0.6 * len(chosen)


def test_the_playout_hunter_takes_a_favor_from_a_villager_close_to_a_ritual() -> None:
    s = _hunter_to_act("raid-favor")
    target = next(v for v in s.villagers if v.alive and v.id not in s.hunter.suspects)
    _pile_on(s, target.id, favors=2, secrets=4)
    s = PAGAN.apply(s, f"raid:{target.id}")
    while s.stack[-1]["t"] != "raid":  # pay the Clues first
        s = PAGAN.apply(s, PAGAN.legal_moves(s)[0].id)
    kinds = {m.kind for m in PAGAN.legal_moves(s)}
    assert kinds == {"favor", "secrets"}
    chosen = _choices(s)
    assert chosen.count("favor") >= 0.6 * len(chosen)


def test_the_playout_hunter_never_reads_the_true_witch() -> None:
    for seed in ("blind-1", "blind-2", "blind-3"):
        s = _hunter_to_act(seed)
        other = PAGAN.clone(s)
        # Swap the true witch with an undrawn Suspect: nothing the Hunter sees changes.
        swap = next(v for v in other.suspect_deck if v != other.true_witch)
        i = other.suspect_deck.index(swap)
        other.suspect_deck[i], other.true_witch = other.true_witch, swap
        other.cache = None
        assert _choices(s) == _choices(other)


def _hold_with_her_pawn(s: PaganState, villager_id: str, clues: int) -> None:
    """Her pawn on `villager_id` (it stays through his turn), `clues` Clues on it, 3 Hunter
    pawns left, and a Favor and 3 Secrets on it so the board points there."""
    v = s.villager(villager_id)
    s.supply["favor"] -= 1 - v.favors
    s.supply["secret"] -= 3 - v.secrets
    s.supply["clue"] -= clues - v.clues
    v.favors, v.secrets, v.clues = 1, 3, clues
    v.hunter_pawns, v.witch_pawns = 0, 1
    s.hunter.pawns = 3
    s.cache = None


def _open_suspect(s: PaganState) -> str:
    return next(v.id for v in s.villagers if v.alive and v.id not in s.hunter.suspects)


def test_the_playout_hunter_readies_the_held_suspect_with_a_clue_on_it() -> None:
    s = _hunter_to_act("ready")
    target = _open_suspect(s)
    _hold_with_her_pawn(s, target, clues=1)
    assert f"ready:{target}" in [m.id for m in PAGAN.legal_moves(s)]
    chosen = _choices(s)
    assert chosen.count(f"ready:{target}") >= 0.6 * len(chosen)


def test_the_playout_hunter_visits_to_put_the_clue_for_a_ready_on_a_held_suspect() -> None:
    s = _hunter_to_act("clue-first")
    target = _open_suspect(s)
    _hold_with_her_pawn(s, target, clues=0)
    colour = s.villager(target).colour
    feeding = {
        f"visit:{m.args[0][1]}"
        for m in PAGAN.legal_moves(s)
        if m.kind == "visit" and _target_colour(s.villager(str(m.args[0][1]))) == colour
    }
    if not feeding:
        return  # no ready villager feeds that colour in this position
    chosen = _choices(s)
    assert sum(c in feeding for c in chosen) >= 0.6 * len(chosen)


def _another_held(s: PaganState, decoy: str) -> str:
    """Another villager he cannot rule out, held by her pawn with one Clue on it (and nothing
    else for the board to point at)."""
    other = next(
        v.id for v in s.villagers if v.alive and v.id not in s.hunter.suspects and v.id != decoy
    )
    v = s.villager(other)
    s.supply["clue"] -= 1 - v.clues
    v.clues, v.hunter_pawns, v.witch_pawns = 1, 0, 1
    s.cache = None
    return other


def test_the_pursuing_playout_hunter_aims_at_the_world_witch() -> None:
    s = _hunter_to_act("pursue")
    # The board points at one villager; the world's witch is another, also held by her pawn.
    decoy = _open_suspect(s)
    _hold_with_her_pawn(s, decoy, clues=1)
    witch = _another_held(s, decoy)
    if witch != s.true_witch:
        i = s.suspect_deck.index(witch)
        s.suspect_deck[i], s.true_witch = s.true_witch, witch
        s.cache = None
    moves = PAGAN.legal_moves(s)
    pursuing = [rollout_move_pursuing(s, moves, Rng(i)).id for i in range(60)]
    honest = _choices(s)
    assert pursuing.count(f"ready:{witch}") >= 0.6 * len(pursuing)
    assert honest.count(f"ready:{decoy}") >= 0.6 * len(honest)


def test_only_the_hunters_own_search_plays_the_pursuing_playouts() -> None:
    assert rollout_policy(PAGAN, True, HUNTER) is rollout_move_pursuing
    assert rollout_policy(PAGAN, True, WITCH) is rollout_move
    assert rollout_policy(PAGAN, True) == PAGAN.rollout_move  # no searcher: the plain hook


def test_the_hunters_root_bias_favours_the_ready_of_the_worlds_held_witch() -> None:
    s = _hunter_to_act("bias")
    witch = s.true_witch
    _hold_with_her_pawn(s, witch, clues=1)
    moves = PAGAN.legal_moves(s)
    bias = move_bias(s, moves)
    assert bias is not None
    favoured = {m.id for m, h in zip(moves, bias, strict=True) if h > 0}
    assert f"ready:{witch}" in favoured
    assert all(
        (m.args and m.args[0][1] == witch) or m.kind == "visit" for m in moves if m.id in favoured
    )


def test_the_playout_hunter_goes_after_the_villager_her_record_points_at_over_the_board() -> None:
    s = _hunter_to_act("record")
    # The board points at the decoy (a Favor and 3 Secrets, her pawn on it, a Clue for the
    # Ready); her record points at another villager, also held by her pawn with a Clue on it.
    decoy = _open_suspect(s)
    _hold_with_her_pawn(s, decoy, clues=1)
    pointed = _another_held(s, decoy)
    s.hunter.hand.clear()  # no card of his competes with the Ready (an Investigation would)
    assert _choices(s).count(f"ready:{decoy}") >= 0.6 * 60  # an empty record: the board
    _record_favors_on(s, pointed, times=3)
    chosen = _choices(s)
    assert chosen.count(f"ready:{pointed}") >= 0.6 * len(chosen)


def _set_clues(s: PaganState, villager_id: str, clues: int) -> None:
    v = s.villager(villager_id)
    s.supply["clue"] -= clues - v.clues
    v.clues = clues
    s.cache = None


def _eliminable(s: PaganState, villager_id: str) -> None:
    """`villager_id` ready with 3 Clues and a Clue on every other living villager: Eliminate is
    open on it."""
    for v in s.villagers:
        if v.alive:
            _set_clues(s, v.id, 3 if v.id == villager_id else max(v.clues, 1))
    v = s.villager(villager_id)
    v.hunter_pawns = v.witch_pawns = 0
    s.cache = None


def test_the_pursuing_playout_hunter_eliminates_the_world_witch_only_once_he_believes_it() -> None:
    s = _hunter_to_act("sure")
    witch = _open_suspect(s)
    if witch != s.true_witch:
        i = s.suspect_deck.index(witch)
        s.suspect_deck[i], s.true_witch = s.true_witch, witch
    _eliminable(s, witch)
    moves = PAGAN.legal_moves(s)
    assert f"eliminate:{witch}" in [m.id for m in moves]

    def eliminations() -> int:
        picks = [rollout_move_pursuing(s, moves, Rng(i)).id for i in range(60)]
        return picks.count(f"eliminate:{witch}")

    # Her record says nothing: in this world she is the witch, but he cannot know it.
    assert eliminations() <= 0.2 * 60
    _record_favors_on(s, witch, times=4)  # now it points at her
    assert eliminations() >= 0.6 * 60


def _with_in_hand(s: PaganState, card: str) -> None:
    """`card` the Hunter's only card in hand, and Influence enough to play it."""
    s.hunter.hand[:] = [card]
    s.hunter.influence = max(s.hunter.influence, 3)
    s.cache = None


def _bare_of_feeders(s: PaganState, villager_id: str) -> None:
    """Her pawns on every other villager whose visit would put a Clue on `villager_id`'s colour:
    no visit can pay for a Ready there (Scenario 1's lock)."""
    colour = s.villager(villager_id).colour
    for v in s.villagers:
        if v.alive and v.id != villager_id and _target_colour(v) == colour:
            v.hunter_pawns, v.witch_pawns = 0, 1
    s.cache = None


BRIBE, ON_THE_TRAIL = "0007", "0010"


def _locked_with_in_hand(seed: str, card: str) -> tuple[PaganState, str]:
    """A suspect held by her pawn, bare of Clues, with her pawns on every villager that feeds
    its colour; `card` alone in his hand. The suspect's id comes with the state."""
    s = _hunter_to_act(seed)
    target = _open_suspect(s)
    _hold_with_her_pawn(s, target, clues=0)
    _bare_of_feeders(s, target)
    _with_in_hand(s, card)
    return s, target


def test_the_playout_hunter_bribes_open_a_held_suspect_no_visit_can_clue() -> None:
    s, target = _locked_with_in_hand("bribe", BRIBE)
    chosen = _choices(s)
    assert chosen.count(f"play:{BRIBE}") >= 0.6 * len(chosen)
    # Then its choice is the Ready, and the Ready is of the suspect.
    s = PAGAN.apply(s, f"play:{BRIBE}")
    assert s.stack[-1]["t"] == "choose"
    options = PAGAN.legal_moves(s)
    ready = next(m for m in options if "Ready" in m.label)
    assert _choices(s).count(ready.id) >= 0.6 * 60
    s = PAGAN.apply(s, ready.id)
    assert _choices(s).count(f"ready:{target}") >= 0.6 * 60


def test_the_playout_hunter_keeps_a_bribe_for_evidence_while_nothing_is_held() -> None:
    s = _hunter_to_act("bribe-evidence")
    for v in s.villagers:
        v.witch_pawns = 0
    _with_in_hand(s, BRIBE)
    s = PAGAN.apply(s, f"play:{BRIBE}")
    evidence = [m.id for m in PAGAN.legal_moves(s) if "Ready" not in m.label]
    assert evidence
    # A quarter of playout decisions are uniformly random; the rest take the Evidence.
    assert sum(c in evidence for c in _choices(s)) >= 0.6 * 60


def test_the_playout_hunter_puts_clues_where_no_visit_can_on_a_held_suspect() -> None:
    s, _ = _locked_with_in_hand("on-the-trail", ON_THE_TRAIL)
    chosen = _choices(s)
    assert chosen.count(f"play:{ON_THE_TRAIL}") >= 0.6 * len(chosen)


def test_the_hunters_root_bias_favours_a_free_ready_of_the_worlds_held_witch() -> None:
    s = _hunter_to_act("bias-bribe")
    witch = s.true_witch
    _hold_with_her_pawn(s, witch, clues=0)
    _with_in_hand(s, BRIBE)
    assert _root_bias(s)[f"play:{BRIBE}"] == 1.0


def _root_bias(s: PaganState) -> dict[str, float]:
    """The Hunter's root bias (`move_bias`) of each legal move, by move id."""
    moves = PAGAN.legal_moves(s)
    bias = move_bias(s, moves)
    assert bias is not None
    return {m.id: h for m, h in zip(moves, bias, strict=True)}


HARSH_TREATMENT = "0019"  # on the Witch's side: she cannot convert on its villager


def test_the_playout_hunter_bars_the_suspect_with_a_witch_side_investigation() -> None:
    s = _hunter_to_act("harsh")
    target = _open_suspect(s)
    _hold_with_her_pawn(s, target, clues=0)
    colour = s.villager(target).colour
    for v in s.villagers:  # nothing to Ready or Raid it with: the Investigation is his move
        v.investigation = None
        if v.colour == colour:
            s.supply["clue"] += v.clues
            v.clues = 0
    s.villager(target).witch_pawns = 0
    _with_in_hand(s, HARSH_TREATMENT)
    chosen = _choices(s)
    assert chosen.count(f"play:{HARSH_TREATMENT}") >= 0.6 * len(chosen)
    s = PAGAN.apply(s, f"play:{HARSH_TREATMENT}")
    assert s.stack[-1]["t"] == "place_investigation"
    assert _choices(s).count(f"target:{target}") >= 0.6 * 60


def test_the_hunters_root_bias_places_a_witch_side_investigation_on_the_worlds_witch() -> None:
    s = _hunter_to_act("bias-harsh")
    for v in s.villagers:
        v.investigation = None
    witch = s.true_witch
    _hold_with_her_pawn(s, witch, clues=1)
    _with_in_hand(s, HARSH_TREATMENT)
    assert _root_bias(s)[f"play:{HARSH_TREATMENT}"] == 1.0
    s = PAGAN.apply(s, f"play:{HARSH_TREATMENT}")
    assert {m for m, h in _root_bias(s).items() if h > 0} == {f"target:{witch}"}


THUG = "0005"  # an Ally: during the Hunter's Upkeep he may Ready a villager at no cost


def test_the_playout_hunters_thug_readies_the_held_suspect_at_upkeep() -> None:
    s = next(
        p
        for p in random_positions(PAGAN, 400, "thug", every=1)
        if p.stack[-1]["t"] == "upkeep" and p.stack[-1]["seat"] == HUNTER and p.turn > 3
    )
    s.witch_record.clear()
    s.belief = None
    target = _open_suspect(s)
    _hold_with_her_pawn(s, target, clues=0)
    s.hunter.allies[0] = Slot(THUG)
    s.cache = None
    trigger = next(m.id for m in PAGAN.legal_moves(s) if m.id.startswith("trigger:ally-0/"))
    assert _choices(s).count(trigger) >= 0.6 * 60
    s = PAGAN.apply(s, trigger)
    assert _choices(s).count(f"ready:{target}") >= 0.6 * 60


def _witch_with_three_favors(seed: str) -> tuple[PaganState, str]:
    """A Hunter's action choice with 3 Favors and 2 Secrets on her villager."""
    s = _hunter_to_act(seed)
    v = s.villager(s.true_witch)
    s.supply["favor"] -= 3 - v.favors
    s.supply["secret"] -= 2 - v.secrets
    v.favors, v.secrets = 3, 2
    s.cache = None
    return s, v.id


def test_the_evaluation_knows_his_pawn_stops_her_ritual_only_where_she_cannot_pay_a_ready() -> None:
    s, witch = _witch_with_three_favors("eval-ready")
    v = s.villager(witch)
    v.hunter_pawns, v.witch_pawns = 0, 1  # her own pawn leaves at her Upkeep
    assert features(s)["witch_ready"] == 1.0
    v.hunter_pawns, v.witch_pawns = 1, 0  # she Readies it for a Secret, then performs the ritual
    assert features(s)["witch_ready"] == 1.0
    s.supply["secret"] += v.secrets
    v.secrets = 0  # no Secret to pay with: his pawn holds it until his next Upkeep
    assert features(s)["witch_ready"] == 0.0


def test_the_playout_witch_readies_her_held_villager_for_the_ritual() -> None:
    s, witch = _witch_with_three_favors("witch-ready")
    s.villager(witch).hunter_pawns = 1
    s.witch.pawns = 2
    s.stack[-1]["seat"] = WITCH  # her action choice on the same board
    s.active = WITCH
    s.cache = None
    assert f"ready:{witch}" in [m.id for m in PAGAN.legal_moves(s)]
    chosen = _choices(s)
    assert chosen.count(f"ready:{witch}") >= 0.6 * len(chosen)


def _hunter_placing_a_clue(seed: str) -> PaganState:
    """A Hunter's choice of where to put a Clue he distributes, with three villagers or more to
    choose from; his Witch's record wiped (as `_hunter_to_act`)."""
    for s in random_positions(PAGAN, 2000, seed, every=3):
        f = s.stack[-1]
        is_clue = f["t"] == "place" and f["seat"] == HUNTER and f.get("token") == "clue"
        if is_clue and len(PAGAN.legal_moves(s)) >= 3:
            s.witch_record.clear()
            s.belief = None
            return s
    raise AssertionError("no Hunter Clue placement found")


def test_the_playout_hunter_covers_a_bare_villager_once_his_suspect_has_three_clues() -> None:
    # Eliminate needs 3 Clues on her and a Clue on every living villager, a ruled-out one too.
    s = _hunter_placing_a_clue("bare")
    choices = [str(m.args[0][1]) for m in PAGAN.legal_moves(s)]
    prime, bare = choices[0], choices[1]
    for v in s.villagers:
        if v.alive:
            _set_clues(s, v.id, 1)
    _set_clues(s, bare, 0)
    _record_favors_on(s, prime, times=3)
    _set_clues(s, prime, 2)
    before = _choices(s)
    assert before.count(f"place:{prime}") >= 0.6 * len(before)
    _set_clues(s, prime, 3)
    after = _choices(s)
    assert after.count(f"place:{bare}") >= 0.6 * len(after)


OBSCURING_MIST = "0041"


def test_the_playout_hunter_lifts_an_enchantment_that_works_against_him() -> None:
    s = _hunter_to_act("lift")
    s.enchantments[:], s.ench_gloom[:], s.ench_covers[:] = [OBSCURING_MIST], [0], [None]
    for v in s.villagers:  # Clues on the board to pay the Lift with
        if v.alive:
            _set_clues(s, v.id, max(v.clues, 1))
    lift = next(m.id for m in PAGAN.legal_moves(s) if m.kind == "lift")
    chosen = _choices(s)
    assert chosen.count(lift) >= 0.5 * len(chosen)
