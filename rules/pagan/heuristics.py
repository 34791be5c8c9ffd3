"""Cheap Pagan knowledge for the AI's optional hooks: a playout policy and a position evaluation.

Both run inside the search thousands of times a second, on determinized states (every hidden
fact drawn from the searcher's information), so they may read the whole state they are given.
The rollout policy still keeps each side honest *within* a playout: the Hunter's choices never
read the true witch, only his Suspects and the public board, so playouts do not teach a Witch
that the Hunter can find her.

`evaluate` is a logistic model of the Witch's chance to win from a few features of progress
towards the four win conditions; its weights were fitted on positions of games played by this
rollout policy (see `benchmarks/ai_fit_pagan_eval.py`; refit when the rules change).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from rules.core import Move, Rng
from rules.pagan import inference, modifiers, sampling
from rules.pagan.gloom_places import card_at_place
from rules.pagan.ops import mentions
from rules.pagan.state import HUNTER, WITCH, PaganState, Villager
from rules.pagan.tables import CARDS, VILLAGERS
from rules.pagan.turn import ELIMINATE_CLUES, distributed

# Feature weights and bias of the evaluation (Witch's log-odds), from ai_fit_pagan_eval.py.
WEIGHTS: dict[str, float] = {
    "bias": 0.0,
    "witch_favors": 1.10,
    "witch_secrets": 0.20,
    "witch_ready": 1.0,
    "other_favors": 0.10,
    "alive_secrets": 0.02,
    "brew_secrets": 0.05,
    "innocents": 0.90,
    "exonerated": -0.45,
    "evidence": -0.12,
    "candidates": 0.05,
    "lead_favors": 0.45,
    "witch_clues": -0.25,
    "alive_clues": -0.02,
    "elim_threat": -0.60,
    # Set by hand, not fitted (the fitting games' Hunter rarely sat there): his pawn on her
    # villager stops her converting there until his next Upkeep, and her ritual too while she
    # has no Secret there to pay the Ready that sends it back ("witch_ready").
    "witch_held": -0.40,
    # Set by hand, not fitted: an Investigation on the Witch's side on her villager (no
    # conversion there, no Secrets for visiting it, two pawns a visit, no skill) slows every
    # Favor she gathers there until she moves it away.
    "witch_barred": -0.50,
    "influence": 0.05,
    "witch_board": 0.05,
    "hunter_board": -0.05,
    "enchantments": 0.05,
}

FEATURES = tuple(k for k in WEIGHTS if k != "bias")


def features(s: PaganState) -> dict[str, float]:
    """The evaluation's inputs (named as the Witch sees them; the weights carry the sign)."""
    tw = s.villager(s.true_witch)
    suspects = s.hunter.suspects
    other_favors = alive_secrets = alive_clues = candidates = lead_favors = 0
    min_other_clues = 99
    for v in s.villagers:
        if not v.alive:
            continue
        alive_secrets += v.secrets
        alive_clues += v.clues
        if v.id not in suspects:
            candidates += 1
            lead_favors = max(lead_favors, v.favors)
        if v is tw:
            continue
        other_favors += v.favors
        if v.clues < min_other_clues:
            min_other_clues = v.clues
    threat = 1.0 if tw.clues >= 3 and min_other_clues >= 1 else 0.0
    w, h = s.witch, s.hunter
    return {
        "witch_favors": float(min(tw.favors, 3)),
        "witch_secrets": float(min(tw.secrets, 9)),
        # Her own pawns leave at her Upkeep, and his she sends back with a Ready paid with a
        # Secret there: only his pawn on a villager without a Secret stops her next ritual.
        "witch_ready": 1.0 if tw.favors >= 3 and (tw.hunter_pawns == 0 or tw.secrets) else 0.0,
        "other_favors": float(other_favors),
        "alive_secrets": float(alive_secrets),
        "brew_secrets": float(sum(b.secrets for b in w.brews if b is not None)),
        "innocents": float(s.innocents_eliminated),
        "exonerated": float(len(suspects)),
        "evidence": float(h.evidence),
        "candidates": float(candidates),
        # Public: the Favors piled on one villager the Hunter cannot rule out, which he sees
        # coming whoever the witch is.
        "lead_favors": float(min(lead_favors, 3)),
        "witch_clues": float(min(tw.clues, 3)),
        "alive_clues": float(alive_clues),
        "elim_threat": threat,
        "witch_held": 1.0 if tw.hunter_pawns > 0 else 0.0,
        "witch_barred": 1.0 if _bars_her(tw.investigation) else 0.0,
        # Influence buys cards; past a handful it buys nothing more this turn.
        "influence": float(min(w.influence, 8) - min(h.influence, 8)),
        "witch_board": float(sum(1 for x in (*w.brews, *w.familiars) if x is not None)),
        "hunter_board": float(sum(1 for x in (*h.locations, *h.allies) if x is not None)),
        "enchantments": float(len(s.enchantments)),
    }


def witch_log_odds(s: PaganState) -> float:
    f = features(s)
    x = WEIGHTS["bias"]
    for name in FEATURES:
        x += WEIGHTS[name] * f[name]
    return x


def evaluate(s: PaganState) -> dict[str, float]:
    """Each side's estimated chance of winning (1/0 once the game is over)."""
    if s.winner is not None:
        if s.winner == WITCH:
            return {WITCH: 1.0, HUNTER: 0.0}
        if s.winner == HUNTER:
            return {WITCH: 0.0, HUNTER: 1.0}
        return {WITCH: 0.5, HUNTER: 0.5}
    x = max(-30.0, min(30.0, witch_log_odds(s)))
    p = 1.0 / (1.0 + math.exp(-x))
    return {WITCH: p, HUNTER: 1.0 - p}


# --- the playout policy ---------------------------------------------------------------------

_EXPLORE = 0.25  # share of decisions played uniformly at random, so playouts stay varied
WITCH_FOCUS = 0.5  # how often the Witch puts a Secret or Favor on her own villager when she may
SURE = 0.5
"""The Hunter's belief in a villager (his posterior, `inference.posterior`) from which his
playout self eliminates it at once. In his own search his playout self pursues the world's
witch, so an elimination there is always right in that world; were it taken on that alone, a
wrong one would look cheap (the playout finds the real witch next) and the search would guess:
against a Witch whose choices say nothing (random play) the medium Hunter eliminated three
innocents in 6 of 10 games. So his playout self eliminates on what he believes."""
HUNTER_FOCUS = 0.9  # how often the Hunter puts a Clue on his prime suspect when he may


def rollout_move(s: PaganState, moves: list[Move], rng: Rng) -> Move:
    """A quick, plausible move: take a win or an obvious gain, else play at random. The Hunter
    aims at the villager his inference from the Witch's record points at most (he reads
    nothing hidden: `_prime_suspect`)."""
    return _rollout(s, moves, rng, False)


def rollout_move_pursuing(s: PaganState, moves: list[Move], rng: Rng) -> Move:
    """`rollout_move` for the Hunter's own search: his playout self aims at the determinized
    world's witch. Each world is drawn from his belief, so over the iterations he pursues each
    villager as often as he believes her the witch, and the search learns what carrying out the
    counter against her is worth. Never used in the Witch's search, whose worlds hold the true
    witch: there the playout Hunter would know her."""
    return _rollout(s, moves, rng, True)


def _rollout(s: PaganState, moves: list[Move], rng: Rng, pursue: bool) -> Move:
    n = len(moves)
    if n == 1:
        return moves[0]
    if rng.random() < _EXPLORE:
        return moves[rng.below(n)]
    f = s.stack[-1]
    seat = f.get("seat")
    t = f["t"]
    if seat == HUNTER:
        target = _pursued(s) if pursue else _prime_suspect(s)
        if t == "act":
            return _hunter_act(s, moves, rng, target, _sure_of(s, moves, target))
        if t == "place" or t == "to":
            return _hunter_place(s, f, moves, rng, target)
        if t in ("choose", "ready_fx", "upkeep"):
            return _hunter_unlock(s, f, moves, rng, target)
        if t == "place_investigation" and _bars_her(str(f["card"])):
            for m in moves:
                if m.args[0][1] == target and rng.random() < HUNTER_FOCUS:
                    return m
        if t == "pay_tokens" and f.get("clue"):
            # A Raid's Clues come from elsewhere first: those on the target count towards
            # eliminating it.
            others = [m for m in moves if m.args and m.args[0][1] != target]
            if others:
                return others[rng.below(len(others))]
    if t == "act":
        return _witch_act(s, moves, rng)
    if t == "place" or t == "to":
        return _place(s, f, moves, rng, seat)
    if t in ("remove", "remove_all", "pay_tokens"):
        return _remove(s, f, moves, rng, seat, t)
    if t == "raid" and seat == HUNTER:
        chosen = _raid(s, f, moves)
        if chosen is not None:
            return chosen
    if t == "convert" or t == "again":
        for m in moves:
            if m.kind != "skip":
                return m
    return moves[rng.below(n)]


def _pursued(s: PaganState) -> str | None:
    """The world's witch while she lives and is not ruled out (a determinization never holds a
    ruled-out witch), else the board's prime suspect."""
    tw = s.villager(s.true_witch)
    if tw.alive and tw.id not in s.hunter.suspects:
        return tw.id
    return _prime_suspect(s)


def _sure_of(s: PaganState, moves: list[Move], target: str | None) -> bool:
    """Whether the Hunter believes `target` the witch enough to eliminate it (`SURE`); asked
    only when eliminating it is among `moves`."""
    if target is None or not any(m.kind == "eliminate" and m.args[0][1] == target for m in moves):
        return False
    return inference.posterior(s).get(target, 0.0) >= SURE


def _suspicion(s: PaganState, villager_id: str) -> float:
    """How much the public board points at a villager: the Witch gathers Favors and Secrets on
    her own villager, so a Hunter follows them (this reads nothing hidden)."""
    v = s.villager(villager_id)
    return v.favors * 3.0 + v.secrets * 0.5


def _prime_suspect(s: PaganState) -> str | None:
    """The living villager the Hunter cannot rule out that his inference points at most (the
    likeliest under the Witch's recorded choices, `inference.log_likelihoods`), the board
    breaking ties. This is the Hunter that the Witch's search plays against: an inferring one,
    who reads her record as the real Hunter does, so her playouts punish a Witch who gives her
    villager away (a Witch modelling an ignorant Hunter was exploitable)."""
    suspects = s.hunter.suspects
    ll = inference.log_likelihoods(s)
    best, best_score = None, -math.inf
    for j, v in enumerate(s.villagers):
        if v.alive and v.id not in suspects:
            score = ll[j] + 0.001 * (v.favors * 3.0 + v.secrets * 0.5)
            if score > best_score:
                best, best_score = v.id, score
    return best


def _noisy_best(moves: list[Move], score_of: Callable[[Move], float | None], rng: Rng) -> Move:
    """The move with the best score plus noise in [0, 2); `score_of` gives None for a move never
    to play and infinity for one to play at once (no noise is drawn for the moves after it)."""
    best: Move | None = None
    best_score = -1.0
    for m in moves:
        score = score_of(m)
        if score is None:
            continue
        if score == math.inf:
            return m
        score += rng.random() * 2.0
        if score > best_score:
            best_score = score
            best = m
    return best if best is not None else moves[rng.below(len(moves))]


def _witch_act(s: PaganState, moves: list[Move], rng: Rng) -> Move:
    def score_of(m: Move) -> float:
        k = m.kind
        if k == "ritual":
            return math.inf
        if k == "consume":
            return 6.0
        if k == "visit":
            return 3.0 if m.args[0][1] == s.true_witch else 2.0
        if k == "ready" and m.args[0][1] == s.true_witch:
            # His pawn on her villager: the Ready that opens it to her ritual or conversions.
            return 8.0 if s.villager(s.true_witch).favors >= 3 else 3.5
        if k == "play":
            return 2.5
        return 0.1 if k == "end" else 1.0

    return _noisy_best(moves, score_of, rng)


def _hunter_act(s: PaganState, moves: list[Move], rng: Rng, prime: str | None, sure: bool) -> Move:
    """The Hunter goes after `prime`: he raids it once a Raid there undoes real progress (a
    Favor, or three Secrets about to become one), visits villagers whose Clues go to its colour
    (Clues there pay for Raids and lead to an elimination), sits a pawn on it once it shows
    progress (no conversion or ritual there before his next Upkeep), and eliminates it once he
    can and believes it hers (`sure`, see `SURE`). While her pawn holds it he carries out the
    counter: a visit that puts a Clue on it
    (distributing needs no ready target), Ready it with that Clue, then Raid or occupy it; where
    her pawns also hold every villager that feeds its colour, a card that Readies at no cost or
    puts Clues anywhere. An Investigation on the Witch's side goes on it once it shows Secrets or
    Favors (Scenario 1's rush converts there every turn).
    Measured with playouts on both sides, 300 deals: the Hunter won 3 with the plain policy,
    about 36 with the one before the counter (the README's AI section)."""
    suspects = s.hunter.suspects
    candidates = sum(1 for v in s.villagers if v.alive and v.id not in suspects)
    pv = s.villager(prime) if prime is not None else None
    pressure = _suspicion(s, prime) if prime is not None else 0.0
    pawns = s.hunter.pawns
    # Her pawn holds it: only a Ready (paid with a Clue on it) opens it to a Raid or his pawn.
    held = pv is not None and pv.witch_pawns > 0
    progress = pv is not None and (pv.favors >= 1 or pv.secrets >= 3)
    # With 3 Clues on it, only a bare villager (ruled out or not) stands in the way of
    # eliminating it: the colours his visits should feed.
    bare_colours = (
        {v.colour for v in s.villagers if v.alive and v.clues == 0}
        if pv is not None and pv.clues >= ELIMINATE_CLUES
        else set()
    )
    mods = modifiers.modifier_cards(s)  # for every visit's Distribute below

    def score_of(m: Move) -> float | None:
        k = m.kind
        if k == "exonerate":
            return 9.0
        if k == "eliminate":
            target = m.args[0][1]
            if target in suspects:
                return None  # a known innocent: never
            if target == prime and sure:
                return math.inf
            return 12.0 if candidates <= 2 else 0.5
        if k == "ready":
            # Worth a pawn only with a pawn left to follow it up with.
            if pv is not None and m.args[0][1] == prime and pawns >= 2:
                return 7.0 + pressure
            return 0.5
        if k == "raid":
            v = s.villager(str(m.args[0][1]))
            if v is pv and progress:
                return 8.0 + pressure
            return 1.0 + _suspicion(s, v.id) / 2.0
        if k == "visit":
            v = s.villager(str(m.args[0][1]))
            score = 2.0
            # (no Clue at all from it under Obscuring Mist, say, when it has one asset)
            yields = (distributed(s, v, HUNTER, mods) or 0) > 0
            if yields and pv is not None and _target_colour(v) == pv.colour:
                if held and pv.clues == 0 and pawns >= 3:
                    score += 6.0  # the Clue that pays for the Ready
                elif pressure > 0:
                    score += 2.5
            if v.clues >= 3:
                score += 1.5  # a visit there yields Evidence
            if yields and _target_colour(v) in bare_colours:
                score += 2.0
            if v is pv and progress:
                score += 3.0 + min(pv.favors, 2) * 1.5
            return score
        if k == "play" and pv is not None:
            card = str(m.args[0][1])
            if _bars_her(card):
                # Only a villager without an Investigation takes one while any is free.
                return 1.0 if pv.investigation is not None else 6.0 + pressure
            if held and card in _READY_NOW and pawns >= 2:
                return 7.0 + pressure  # a Ready at no cost: no Clue on it needed
            if held and card in _CLUES_ANYWHERE and pv.clues == 0 and pawns >= 3:
                return 8.0  # the Clue that pays for the Ready, where no visit can put it
        if k in ("play", "activate"):
            return 2.5
        if k == "lift":
            # Every Enchantment works against him for as long as it stays (Obscuring Mist: no
            # Clue from a one-asset visit, so no Ready, Raid or elimination paid for), so it
            # goes before a visit that feeds his suspect's colour.
            return 5.0
        return 0.1 if k == "end" else 1.0

    return _noisy_best(moves, score_of, rng)


def _bars_her(card: str | None) -> bool:
    """Whether `card` is an Investigation on the Witch's side that hinders her visits there (fewer
    conversions or Secrets, more pawns, no skill: its `modifiers`)."""
    return card is not None and _BARS.get(card, False)


_BARS = {
    c.id: c.data.get("affects") == "witch" and bool(c.data.get("modifiers")) for c in CARDS.values()
}

# The Hunter's lock-breakers, read from the catalog: while her pawns hold every villager whose
# visit would put a Clue on her villager, only these open it (Scenario 1's rush, docs/ai.md).
_READY_NOW = frozenset(
    c.id for c in CARDS.values() if c.side == "hunter" and mentions(c.data.get("effect"), "ready")
)
_CLUES_ANYWHERE = frozenset(
    c.id
    for c in CARDS.values()
    if c.side == "hunter" and mentions(c.data.get("effect"), "place", "clue")
)
# Cards in play whose Upkeep trigger Readies a villager (Thug).
_READY_TRIGGERS = frozenset(
    c.id for c in CARDS.values() if c.side == "hunter" and mentions(c.data.get("triggers"), "ready")
)


def _hunter_unlock(
    s: PaganState, f: dict[str, object], moves: list[Move], rng: Rng, prime: str | None
) -> Move:
    """The Hunter's free Readies (an event's choice, its target, an Ally's Upkeep trigger) go
    to `prime` while her pawn holds it, and are kept for later otherwise."""
    held = prime is not None and s.villager(prime).witch_pawns > 0
    t = f["t"]
    if t == "ready_fx":
        if held:
            for m in moves:
                if m.args[0][1] == prime:
                    return m
    elif t == "choose":
        options = f["options"]
        assert isinstance(options, list)
        ready = [m for m in moves if mentions(options[int(m.args[0][1])], "ready") == held]
        if ready:
            return ready[rng.below(len(ready))]
    elif held:
        for m in moves:
            place = str(m.args[0][1]).partition("/")[0] if m.kind == "trigger" else ""
            # (a scenario's rule triggers have the place "scenario", not a card)
            if place not in ("", "scenario") and card_at_place(s, place) in _READY_TRIGGERS:
                return m
    return moves[rng.below(len(moves))]


def move_bias(s: PaganState, moves: list[Move]) -> list[float] | None:
    """The Hunter's counter against the world's witch, for the root of his search: 1 for
    eliminating her once he believes it (`SURE`), for a Ready of her villager while her pawn
    holds it (with a pawn left to follow it up, or a card that Readies at no cost), for a Raid
    there that undoes progress, for a visit or a card that puts the Clue paying for that Ready,
    for sitting on her villager once it shows progress, and for an Investigation on the Witch's
    side played and placed on it. His worlds are drawn
    from his belief, so each villager's counter is favoured as often as he believes her the
    witch. None for the Witch (her search is not biased)."""
    f = s.stack[-1]
    if f.get("seat") != HUNTER or f["t"] not in ("act", "place_investigation"):
        return None
    tw = s.villager(s.true_witch)
    if not tw.alive or tw.id in s.hunter.suspects:
        return None
    if f["t"] == "place_investigation":
        bars = _bars_her(str(f["card"]))
        return [1.0 if bars and m.args[0][1] == tw.id else 0.0 for m in moves]
    pawns = s.hunter.pawns
    held = tw.witch_pawns > 0
    progress = tw.favors >= 1 or tw.secrets >= 3
    out = []
    for m in moves:
        k = m.kind
        on_her = bool(m.args) and m.args[0][1] == tw.id
        if k == "eliminate":
            h = 1.0 if on_her and inference.posterior(s).get(tw.id, 0.0) >= SURE else 0.0
        elif k == "ready":
            h = 1.0 if on_her and pawns >= 2 else 0.0
        elif k == "raid":
            h = 1.0 if on_her and progress else 0.0
        elif k == "play":
            card = str(m.args[0][1])
            bar_now = _bars_her(card) and tw.investigation is None and tw.favors + tw.secrets > 0
            ready_now = held and card in _READY_NOW and pawns >= 2
            clue_now = held and card in _CLUES_ANYWHERE and tw.clues == 0 and pawns >= 3
            h = 1.0 if bar_now or ready_now or clue_now else 0.0
        elif k == "visit":
            v = s.villager(str(m.args[0][1]))
            if on_her:
                h = 1.0 if progress else 0.0
            else:
                feeds = held and tw.clues == 0 and pawns >= 3
                h = 1.0 if feeds and _target_colour(v) == tw.colour else 0.0
        else:
            h = 0.0
        out.append(h)
    return out


def _target_colour(v: Villager) -> str:
    """The colour a visit to `v` distributes its assets to (the side of the card showing)."""
    return VILLAGERS[v.face or v.id].target


def _raid(s: PaganState, f: dict[str, object], moves: list[Move]) -> Move | None:
    """A Favor goes when the villager is close to a ritual or has few Secrets to take."""
    v = s.villager(str(f["villager"]))
    want = "favor" if v.favors >= 2 or v.secrets < 3 else "secrets"
    return next((m for m in moves if m.kind == want), None)


def _place(s: PaganState, f: dict[str, object], moves: list[Move], rng: Rng, seat: object) -> Move:
    token = f.get("token")
    if seat == WITCH and token in ("secret", "favor"):
        for m in moves:
            if m.args and m.args[0][1] == s.true_witch and rng.random() < WITCH_FOCUS:
                return m
    return moves[rng.below(len(moves))]


def _hunter_place(
    s: PaganState, f: dict[str, object], moves: list[Move], rng: Rng, prime: str | None
) -> Move:
    if f.get("token") == "clue":
        # An elimination needs 3 Clues on her and a Clue on every living villager, ruled out
        # or not: once the prime suspect has its 3, a bare villager comes first.
        covered = prime is not None and s.villager(prime).clues >= ELIMINATE_CLUES
        # (worked out only when needed: nine placements in ten go to prime before it is covered)
        bare = _bare(s, moves) if covered else []
        if not bare and rng.random() < HUNTER_FOCUS:
            for m in moves:
                if m.args and m.args[0][1] == prime:
                    return m
        if not covered:
            bare = _bare(s, moves)
        suspects = s.hunter.suspects
        pool = bare or [m for m in moves if m.args and m.args[0][1] not in suspects]
        if pool:
            return pool[rng.below(len(pool))]
    return moves[rng.below(len(moves))]


def _bare(s: PaganState, moves: list[Move]) -> list[Move]:
    """The placements on a villager without a Clue."""
    return [m for m in moves if m.args and s.villager(str(m.args[0][1])).clues == 0]


def _remove(
    s: PaganState, f: dict[str, object], moves: list[Move], rng: Rng, seat: object, t: str
) -> Move:
    token = ("clue" if f.get("clue") else "secret") if t == "pay_tokens" else f.get("token")
    if seat == WITCH and token == "clue" and t != "pay_tokens":
        for m in moves:
            if m.args and m.args[0][1] == s.true_witch:
                return m
    if seat == WITCH and token == "secret" and t == "pay_tokens":
        others = [m for m in moves if m.args and m.args[0][1] != s.true_witch]
        if others:
            return others[rng.below(len(others))]
    return moves[rng.below(len(moves))]


# --- the Hunter's belief -------------------------------------------------------------------------

SUSPICION = 0.7
"""How strongly the Hunter reads the board: a candidate's weight is exp(SUSPICION * (3 Favors +
Secrets / 2)), so one with 5 Secrets on it is about 6 times likelier than a bare one, and one with
2 Favors and 3 Secrets about 200 times. The Witch can still bluff by piling tokens elsewhere.
0.7 beat 0.35 on the same 8 deals: a medium Hunter won 7 of 8 against a greedy Witch, against 5."""


def belief_sample(s: PaganState, seat: str, rng: Rng) -> PaganState:
    """`sample`, with the Hunter's true witch drawn from his posterior (`rules/pagan/inference.py`:
    what he saw the Witch choose, weighed in each candidate world) instead of uniformly among the
    villagers he cannot rule out."""
    return sample_from(s, seat, rng, inference.posterior)


def sample_from(
    s: PaganState, seat: str, rng: Rng, belief: Callable[[PaganState], dict[str, float]]
) -> PaganState:
    """`sample`, with the Hunter's true witch drawn from `belief` (probabilities of the villagers
    he cannot rule out, read from the sample, which shows him what the real state does)."""
    out = sampling.sample(s, seat, rng)
    if seat != HUNTER or out.winner is not None:
        return out
    probs = belief(out)
    if len(probs) < 2:
        return out
    x = rng.random()
    pick = out.true_witch
    for vid, p in probs.items():
        pick = vid
        x -= p
        if x < 0:
            break
    return with_witch(out, pick)


def with_witch(out: PaganState, pick: str) -> PaganState:
    """`out` with `pick` (an undrawn Suspect) as the true witch; the former one goes back among
    the undrawn Suspects in its place."""
    if pick != out.true_witch:
        i = out.suspect_deck.index(pick)
        out.suspect_deck[i] = out.true_witch
        out.true_witch = pick
    return out


def suspicion_posterior(s: PaganState) -> dict[str, float]:
    """The Hunter's former belief, kept to measure the inference against: a candidate's weight is
    exp(SUSPICION * (3 Favors + Secrets / 2)) from the public board alone."""
    suspects = s.hunter.suspects
    scores = {
        v.id: SUSPICION * (3.0 * v.favors + 0.5 * v.secrets)
        for v in s.villagers
        if v.alive and v.id not in suspects
    }
    return inference.softmax(scores)
