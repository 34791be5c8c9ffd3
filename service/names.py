"""Display names of seats: what a player chose to be called, shown to everyone at the table.

A name is free text from a stranger, so it is bounded and may hold no control or format
characters (no newlines to forge log lines, no bidi overrides to disguise it); it is trimmed.
"""

from __future__ import annotations

import unicodedata

from rules.core.text import N_
from service.errors import MalformedInput, NameRefused

MAX_NAME_LENGTH = 40


def display_name(raw: object, where: str = "name") -> str | None:
    """The cleaned name, None when none was given; `MalformedInput` for a name that is not a
    string, `NameRefused` for one the rules below refuse."""
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise MalformedInput(N_("{where} must be a string").format(where=where))
    name = raw.strip()
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise NameRefused(
            N_("{where} must have 1 to {max_name_length} characters").format(
                where=where, max_name_length=MAX_NAME_LENGTH
            )
        )
    # Categories C*: control, format, surrogate, private use, unassigned.
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise NameRefused(
            N_("{where} may not contain control or format characters").format(where=where)
        )
    return name
