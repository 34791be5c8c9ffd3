"""Pagan's public log: how a move reads to each seat (see `rules.core.describe`).

Nearly every Pagan decision is public as it is made: played cards go face up onto the boards or
the discard pile, tokens and pawns are on the village for both to see, discards are face up.
The exceptions: a card drawn from those looked at (`look`), which only its owner saw, and a card
picked to reveal (`reveal`), which the table sees only once all are revealed and the opponent
chooses among them: the opponent and spectators read that a card was drawn or revealed, never
which. Which of her pawns the Witch visits with does not show until later either, so others
read only the villager visited.
"""

from __future__ import annotations

from rules.core import N_, Move
from rules.pagan.machine import MACHINE
from rules.pagan.state import WITCH, PaganState
from rules.pagan.tables import villager_name
from rules.pagan.turn import EXONERATE_COST

TITLES = {WITCH: N_("The Witch")}
PRONOUNS = {WITCH: "her"}

# Labels whose past tense reads badly: the kind, and what the log says instead.
TEXTS = {
    "exonerate": N_("paid {exonerate_cost} Evidence to exonerate and drew a Suspect").format(
        exonerate_cost=EXONERATE_COST
    )
}


def log_title(seat: str) -> str:
    return TITLES.get(seat, N_("The Hunter"))


def pronoun(seat: str) -> str:
    return PRONOUNS.get(seat, "his")


def redact(
    s: PaganState, decision: str, move: Move, reader: str | None
) -> tuple[str | None, tuple[str, ...]] | None:
    """What a reader other than the mover may read of `move` when it may not see all of it."""
    if decision == "look" and move.kind == "take":
        return N_("drew a card"), ("card",)
    if move.kind == "visit" and MACHINE.to_move(s) == WITCH:  # every Witch visit reads alike
        return N_("visited {villager}").format(villager=villager_name(str(move.args[0][1]))), (
            "pawn",
        )
    if decision == "reveal" and move.kind == "reveal":
        return N_("picked a card to reveal"), ("card",)
    return None


def phrase(decision: str, move: Move) -> str | None:
    if move.kind == "visit" and dict(move.args).get("pawn") == "familiar":
        # The mover's own line, as `narrate` would say it, but a message of its own: "visited
        # {villager}" (what others read) would otherwise take the pawn for part of the name
        # and leave it untranslated.
        villager = villager_name(str(dict(move.args)["villager"]))
        return N_("visited {villager} with the Familiar pawn").format(villager=villager)
    return TEXTS.get(move.kind)
