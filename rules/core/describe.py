"""The public log's entries: what one seat may know of a move just made, as English and as data.

A game's `describe(state_before, move, seat)` builds a `Description`. Moves name their arguments
in the imperative ("Place a Secret on Doctor Annie"); `narrate` turns such a label into the
log's past tense ("The Witch placed a Secret on Doctor Annie"), so the text of a public move is
derived from the one label a move has and cannot drift from it. What a reader may not see is
never narrated from the label: the game gives a redacted text and withholds the arguments.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.moves import JsonValue
from rules.core.text import N_

# The first word of a move label, and its past tense. A label that starts with anything else
# (a card's name, "Top point: ...") is quoted as the actor's choice.
PAST = {
    "activate": "activated",
    "announce": "announced",
    "bribe": "bribed",
    "call": "called",
    "consume": "consumed",
    "convert": "converted",
    "discard": "discarded",
    "draw": "drew",
    "eliminate": "eliminated",
    "end": "ended",
    "exonerate": "exonerated",
    "gain": "gained",
    "go": "went",
    "keep": "kept",
    "lift": "lifted",
    "look": "looked",
    "make": "made",
    "move": "moved",
    "pass": "passed",
    "pay": "paid",
    "perform": "performed",
    "place": "placed",
    "play": "played",
    "raid": "raided",
    "ready": "readied",
    "remove": "removed",
    "return": "returned",
    "reveal": "revealed",
    "skip": "skipped",
    "stop": "stopped",
    "take": "took",
    "turn": "turned",
    "use": "used",
    "visit": "visited",
}
SINGLE_WORDS = {"done": "was done", "pass": "passed", "skip": "skipped"}
# The log's text for a label it cannot put in the past tense.
CHOSE = N_("{actor} chose: {label}")


@dataclass(frozen=True, slots=True)
class Description:
    """One log entry for one reader: `text` in English, and the same as data: who acted
    (`actor`), the move's kind (`action`), the kind of decision it answered (`decision`), the
    arguments the reader may see (`args`) and the names of those withheld from it (`hidden`)."""

    text: str
    actor: str
    action: str
    decision: str = ""
    args: dict[str, JsonValue] = field(default_factory=dict)
    hidden: tuple[str, ...] = ()

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "text": self.text,
            "actor": self.actor,
            "action": self.action,
            "decision": self.decision,
            "args": dict(self.args),
            "hidden": list(self.hidden),
        }


def narrate(actor: str, label: str, pronoun: str = "their") -> str:
    """`label` (imperative, second person) as what `actor` did: "Play Allure (charm, 1
    Influence)" by "The Witch" is "The Witch played Allure (charm, 1 Influence)"."""
    words = label.split(" ")
    first = words[0].rstrip(":,").lower()
    if len(words) == 1 and first in SINGLE_WORDS:
        return f"{actor} {SINGLE_WORDS[first]}"
    past = PAST.get(first)
    if past is None:
        return chose(actor, label)
    rest = " ".join(words[1:])
    for mine, theirs in (("your", pronoun), ("you", "they")):
        rest = " ".join(theirs if w == mine else w for w in rest.split(" "))
    return f"{actor} {past} {rest}".rstrip()


def chose(actor: str, label: str) -> str:
    """The log's text for a label it cannot put in the past tense: "seat-1 chose: <label>"."""
    return CHOSE.format(actor=actor, label=label)


__all__ = ["CHOSE", "Description", "chose", "narrate"]
