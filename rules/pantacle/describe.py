"""Pantacle's public log: how a move reads to each seat (see `rules.core.describe`).

Nearly every Pantacle decision is public as it is made, so every seat reads the mover's own
label in the past tense: blades paid or discarded go face up onto the Keeper discard, a kept
Curse card goes face up in front of its owner (the ones put back are not named by the move). The one
exception is whose hand a Bewitchment looks at: the views keep it between the two, so every
other reader (the seat looked at included: its view does not show it) reads that a hand was
looked at. A decision asked even
with one option (`ask_single`: bribe or pass, which blade pays) reads the same whatever the hand
holds, since its label names only what then goes face up.
"""

from __future__ import annotations

from rules.core import N_, Move

# Labels whose past tense reads badly: the kind, and what the log says instead.
TEXTS = {"stop": N_("stopped discarding and refilled their hand")}


def log_title(seat: str) -> str:
    """A seat as the log names it: the protocol's own name ("seat-2")."""
    return seat


def redact(decision: str, move: Move) -> tuple[str | None, tuple[str, ...]] | None:
    if move.kind == "look":
        return N_("looked at another seat's hand"), ("seat",)
    return None


def phrase(decision: str, move: Move) -> str | None:
    return TEXTS.get(move.kind)
