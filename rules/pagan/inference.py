"""The Hunter's inference: a posterior over which villager is the witch's, from what he saw her do.

Every choice the Witch makes among villagers happens on the open board: which villager she
visits (and so which colour her Secrets go to), where each Secret or Favor goes, whether she
converts Secrets into a Favor on the villager she visits, which Clues she removes. The machine
records each such choice as it is made (`observe`, into `PaganState.witch_record`), with the
options she had. The posterior weighs every recorded choice by its likelihood under a model of
her play in each candidate world:

    P(option i | witch = c) = softmax_i( SELF[kind] * [option i is c]
                                        + COLOUR[kind] * [option i feeds c's colour] )

a conditional logit with two weights per kind of choice. The log-likelihoods add up over the
record, are scaled by `SCALE` (her choices are not independent: one plan drives many, so the raw
sum can be overconfident) and normalised over the villagers the Hunter cannot rule out (alive
and not among his drawn Suspects).

Not every Witch plays to type: one who plays at random, or hides her villager, makes choices
that say nothing of it, and read with the model alone her record still crowns whichever
villager chance favoured (the searching Hunter then eliminated innocents against a random Witch
in 5 of 9 pooled games). So the posterior mixes two accounts of her record: with
prior `SIGNAL` her choices follow the model, otherwise each is uniform among her options. Each
villager's weight is (1 - SIGNAL) + SIGNAL * exp(its log-likelihood ratio against uniform
choices): a record no likelier under any villager than by chance leaves the belief near even,
one that points at a villager keeps nearly all its force.

The weights are set by hand (a Witch favours her own villager, more so for Favors than for
Secrets, a little her own colour). Fitted by maximum likelihood on 26 easy self-play games and
scored on held-out ones, the weights came out overconfident (held-out log score -0.61 against
-0.52 for these), so these stay (docs/ai.md, "The Hunter's inference", says where that fit is).

It reads only the record, the Hunter's own Suspects and which villagers are alive: two states
the Hunter cannot tell apart give the same posterior. It is called for every determinization,
so the log-likelihoods are cached on the state per record length (`PaganState.belief`) and a
longer record extends them.
"""

from __future__ import annotations

import math
from typing import Any

from rules.core import Move
from rules.pagan.state import WITCH, Observation, PaganState
from rules.pagan.tables import VILLAGERS

# (weight on the option being her villager, weight on the option feeding her villager's colour)
# per kind of choice (set by hand; see the module's docstring).
WEIGHTS: dict[str, tuple[float, float]] = {
    "visit": (0.5, 0.5),
    "place:secret": (1.0, 0.3),
    "place:favor": (1.5, 0.3),
    "convert": (1.0, 0.0),
    "remove:clue": (1.0, 0.0),
}
SCALE = 1.0
"""How much of the summed log-likelihood the posterior trusts (see the module's docstring)."""
SIGNAL = 0.5
"""The prior probability that her choices follow the model at all (see the module's docstring)."""
FLOOR = 0.0
"""A share of the posterior spread evenly over the candidates, so that a Witch who plays against
type is never ruled out by the model's confidence (0: no floor scored better on 26 games)."""
BOARD = 0.0
"""Weight on the board as it stands (3 per Favor and 1/2 per Secret on a villager, the former
belief's reading): it carries what the record does not, Raids that took tokens away and tokens
moved by cards. 0 is what was measured in play; on the 26 games, 0.5 scored a little better
(log score -0.41 against -0.45, and SCALE 1.5 with BOARD 0.35 -0.36): the next constants to try."""

_NONE = ""  # an option that concerns no villager (a Brew, "done", "skip")


def observe(s: PaganState, f: dict[str, Any], m: Move, legal: list[Move]) -> None:
    """Record the Witch's move `m` in frame `f` (among `legal`) when it is a choice among
    villagers; called by the machine before the move is applied."""
    if f.get("seat") != WITCH:
        return
    t = f["t"]
    if t == "act":
        if m.kind != "visit":
            return
        opts: list[str] = []
        for move in legal:
            if move.kind == "visit":
                vid = str(move.args[0][1])
                if vid not in opts:
                    opts.append(vid)
        cols = [VILLAGERS[s.villager(v).face or v].target for v in opts]
        _add(s, "visit", opts.index(str(m.args[0][1])), opts, cols)
    elif t == "place" or t == "remove":
        token = str(f["token"])
        if t == "place" and token not in ("secret", "favor"):
            return
        index = s.vindex
        if index is None:
            s.villager(s.true_witch)  # builds the index
            index = s.vindex
        assert index is not None
        opts = []
        cols = []
        chosen = -1
        for i, move in enumerate(legal):
            target = str(move.args[0][1]) if move.args else _NONE
            if target in index:
                opts.append(target)
                cols.append(s.villagers[index[target]].colour)
            else:
                opts.append(_NONE)
                cols.append(_NONE)
            if move is m or move.id == m.id:
                chosen = i
        if chosen >= 0:
            _add(s, f"{t}:{token}", chosen, opts, cols)
    elif t == "convert":
        vid = str(f["villager"])
        _add(s, "convert", 1 if m.kind == "skip" else 0, [vid, _NONE], [_NONE, _NONE])


def _add(s: PaganState, kind: str, chosen: int, opts: list[str], cols: list[str]) -> None:
    if len(opts) > 1:  # a forced choice says nothing
        s.witch_record.append((kind, chosen, tuple(opts), tuple(cols)))


def log_likelihood(
    obs: Observation, villager: str, colour: str, weights: tuple[float, float]
) -> float:
    """log P(her choice in `obs` | her villager is `villager`, of `colour`)."""
    _, chosen, opts, cols = obs
    w_self, w_colour = weights
    total = 0.0
    picked = 0.0
    for i in range(len(opts)):
        u = 0.0
        if opts[i] == villager:
            u += w_self
        if cols[i] == colour:
            u += w_colour
        if i == chosen:
            picked = u
        total += math.exp(u)
    return picked - math.log(total)


def log_likelihoods(s: PaganState) -> list[float]:
    """Per villager (in `s.villagers` order), the summed log-likelihood ratio of the record if
    that villager were hers against choices made uniformly at random; cached on the state and
    extended as the record grows."""
    record = s.witch_record
    cached = s.belief
    if cached is not None and cached[0] == len(record):
        return cached[1]
    start = 0
    values = [0.0] * len(s.villagers)
    if cached is not None and cached[0] < len(record):
        start = cached[0]
        values = cached[1][:]
    people = [(v.id, v.colour) for v in s.villagers]
    for obs in record[start:]:
        weights = WEIGHTS.get(obs[0])
        if weights is None:
            continue
        uniform = math.log(len(obs[2]))
        for j, (vid, colour) in enumerate(people):
            values[j] += log_likelihood(obs, vid, colour, weights) + uniform
    s.belief = (len(record), values)
    return values


def posterior(
    s: PaganState,
    scale: float = SCALE,
    board: float = BOARD,
    floor: float = FLOOR,
    signal: float = SIGNAL,
) -> dict[str, float]:
    """The Hunter's probability of each villager he cannot rule out being the witch's."""
    suspects = s.hunter.suspects
    ll = log_likelihoods(s)
    scores: dict[str, float] = {}
    for j, v in enumerate(s.villagers):
        if v.alive and v.id not in suspects:
            x = scale * ll[j] + board * (3.0 * v.favors + 0.5 * v.secrets)
            scores[v.id] = mixed(x, signal)
    return softmax(scores, floor)


def mixed(x: float, signal: float) -> float:
    """log((1 - signal) + signal * exp(x)): a villager's log weight when her record follows the
    model with prior `signal` (x: its log-likelihood ratio against uniform choices)."""
    if signal >= 1.0:
        return x
    if signal <= 0.0:
        return 0.0
    a, b = math.log1p(-signal), math.log(signal) + x
    top = max(a, b)
    return top + math.log(math.exp(a - top) + math.exp(b - top))


def softmax(scores: dict[str, float], floor: float = 0.0) -> dict[str, float]:
    """Probabilities proportional to exp(score), with `floor` of the mass spread evenly."""
    if not scores:
        return {}
    top = max(scores.values())
    weights = {vid: math.exp(x - top) for vid, x in scores.items()}
    z = sum(weights.values())
    even = floor / len(weights)
    return {vid: (1.0 - floor) * w / z + even for vid, w in weights.items()}
