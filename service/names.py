"""Display names of seats: what a player chose to be called, shown to everyone at the table.

A name is free text from a stranger, shown beside the board, in the log and in the lobby, so it
follows one Unicode policy (docs/display-names.md):

1. **Normalised to NFC**, then trimmed. NFC only joins what Unicode says is the same text
   written two ways (an "é" as one code point or as "e" and an accent), so two names that look
   alike are one string, and nothing the player chose is changed: NFKC would also fold what
   merely resembles (full-width letters to Latin ones, the ligature U+FB01 to "fi", "²" to
   "2"), which is right for
   comparing names (below) but not for showing the one chosen.
2. **1 to 40 characters**, of which **at least one is visible**: a letter, digit, punctuation
   mark or symbol that draws something. Characters that draw nothing are refused wherever they
   stand: the default-ignorable code points of Unicode that are not format characters (the
   Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the combining grapheme joiner U+034F,
   variation selectors out of place...) and the blank braille pattern U+2800.
3. **No control, format, surrogate, private-use or unassigned characters** (categories C*),
   and **no line or paragraph separators** (U+2028, U+2029): no newline to forge a log line,
   no bidi override to disguise a name. The one exception is what emoji are made of: the zero
   width joiner (U+200D) between two symbols (🧙‍♀️ is 🧙, U+200D, ♀, U+FE0F), a variation
   selector after a visible character, a skin-tone modifier after a symbol, and the tag
   characters of a subdivision flag (🏴 followed by tags up to U+E007F).
4. **Not what the table calls a seat, a role or the AI**, in English or in Spanish: a seat's id
   or its name on the board ("seat-1", "Seat 2", "Asiento 2"), a role ("Hunter", "the Witch",
   "el Cazador"), an AI level or the AI itself ("hard", "AI (hard)", "IA difícil"), and what
   the web client shows instead of a name ("You", "Tú"). They are compared by a key that
   ignores case, width, compatibility forms, accents, spaces and punctuation (NFKC, case-fold,
   no combining marks, letters and digits only), so "Witch" in full-width letters, "SEAT_1" and
   "A.I. (Hard)" are refused as well.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

import ai
from rules.core import N_, game_names, get_game
from service.errors import MalformedInput, NameRefused

MAX_NAME_LENGTH = 40

ZWJ = "\u200d"
VARIATION_SELECTORS = frozenset("\ufe0e\ufe0f")
SKIN_TONES = frozenset(chr(c) for c in range(0x1F3FB, 0x1F400))
BLACK_FLAG = "\U0001f3f4"
TAGS = frozenset(chr(c) for c in range(0xE0020, 0xE007F))
CANCEL_TAG = "\U000e007f"
# Unicode's Default_Ignorable_Code_Point characters that are not format characters (those are
# refused as C* already): letters and marks that draw nothing.
INVISIBLE_RANGES = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian free variation selectors
    (0x2800, 0x2800),  # braille pattern blank (not default-ignorable, but it draws nothing)
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors (allowed after a visible character, see below)
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xE0100, 0xE01EF),  # variation selectors supplement
)
VISIBLE_CATEGORIES = ("L", "N", "P", "S")

# What a table calls a seat, a role or the AI, as comparison keys (`key`). Seat ids come from
# the games and levels from the AI, so that a new one is refused without a change here.
SEAT_WORDS = re.compile(r"(seat|asiento)\d+")
ROLES_AND_WORDS = (
    "the witch",
    "the hunter",
    "la bruja",
    "el cazador",
    "el cazador de brujas",
    "bruja",
    "cazador",
    "cazador de brujas",
    "you",
    "tú",
    "ai",
    "ia",
)
SPANISH_LEVELS = ("novato", "fácil", "medio", "difícil", "experto")
"""The AI levels as docs/localisation.md's glossary gives them in Spanish."""


def key(name: str) -> str:
    """How names compare: compatibility forms and width folded (NFKC), case folded, accents
    dropped, only letters and digits kept ("Seat-2" in full-width letters and "seat 2" are
    both "seat2")."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    return "".join(c for c in folded if c.isalnum() and not unicodedata.combining(c))


@cache
def reserved() -> frozenset[str]:
    """The keys of every name a table calls a seat, a role or the AI (read when first needed:
    the games register themselves after this module is imported)."""
    words: set[str] = set(ROLES_AND_WORDS)
    for game in game_names():
        rules = get_game(game)
        words.update(rules.seats(rules.default_options()))
    for level in (*ai.LEVELS, *SPANISH_LEVELS):
        words.update({level, f"AI {level}", f"{level} AI", f"IA {level}", f"{level} IA"})
    return frozenset(key(w) for w in words)


def _invisible(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in INVISIBLE_RANGES)


def _visible(ch: str) -> bool:
    return unicodedata.category(ch)[0] in VISIBLE_CATEGORIES and not _invisible(ch)


def _base_before(name: str, i: int) -> str | None:
    """The character an emoji joiner at `i` joins from: the one before it, past its
    variation selector and skin-tone modifier."""
    j = i - 1
    while j >= 0 and (name[j] in VARIATION_SELECTORS or name[j] in SKIN_TONES):
        j -= 1
    return name[j] if j >= 0 else None


def _symbol(ch: str | None) -> bool:
    return ch is not None and unicodedata.category(ch) == "So" and not _invisible(ch)


def _allowed_in_emoji(name: str, i: int) -> bool:
    """Whether the character at `i`, which draws nothing or is a format character, is part of
    an emoji sequence (the only place the policy allows one)."""
    ch = name[i]
    if ch == ZWJ:
        after = name[i + 1] if i + 1 < len(name) else None
        return _symbol(_base_before(name, i)) and _symbol(after)
    if ch in VARIATION_SELECTORS:
        return i > 0 and _visible(name[i - 1])
    if ch in TAGS or ch == CANCEL_TAG:
        start = i
        while start > 0 and name[start - 1] in TAGS:
            start -= 1
        end = i
        while end < len(name) and name[end] in TAGS:
            end += 1
        flagged = start > 0 and name[start - 1] == BLACK_FLAG
        return flagged and end < len(name) and name[end] == CANCEL_TAG
    return False


def _refused_character(name: str) -> str | None:
    """The first character the policy refuses, if any."""
    for i, ch in enumerate(name):
        category = unicodedata.category(ch)
        refused = category[0] == "C" or category in ("Zl", "Zp") or _invisible(ch)
        if refused and not _allowed_in_emoji(name, i):
            return ch
    return None


def display_name(raw: object, where: str = N_("name")) -> str | None:
    """The name as shown (NFC, trimmed), None when none was given; `MalformedInput` for a name
    that is not a string, `NameRefused` for one the policy above refuses. `where` says which
    name, in a message of the catalog ("name", or "seat {seat}: name")."""
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise MalformedInput(N_("{where} must be a string").format(where=where))
    name = unicodedata.normalize("NFC", raw).strip()
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        raise NameRefused(
            N_("{where} must have 1 to {max_name_length} characters").format(
                where=where, max_name_length=MAX_NAME_LENGTH
            )
        )
    refused = _refused_character(name)
    if refused is not None:
        raise NameRefused(
            N_(
                "{where} may not contain U+{code}: no control, format, line separator or "
                "invisible characters"
            ).format(where=where, code=f"{ord(refused):04X}")
        )
    if not any(_visible(ch) for ch in name):
        raise NameRefused(
            N_("{where} must show at least one letter, digit, punctuation mark or symbol").format(
                where=where
            )
        )
    if key(name) in reserved() or SEAT_WORDS.fullmatch(key(name)):
        raise NameRefused(
            N_("{where} may not be what the table calls a seat, a role or the AI: {name}").format(
                where=where, name=repr(name)
            )
        )
    return name
