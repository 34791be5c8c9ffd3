"""Answers in the reader's language: the message catalog, language negotiation and rendering.

The rules and the service build every text a player reads in English from a template marked
with `N_` (`rules.core.text`). Babel extracts the templates into `service/locale/messages.pot`
and each language's translations live in `service/locale/<lang>/LC_MESSAGES/messages.po`, read
with Babel when first needed (so an editable install and a wheel need no build step).

A text is rendered in another language at the edge, from what the English answer already holds:
the text is matched against the catalog's templates (`Visit {villager}` matches "Visit Doctor
Annie"), and the translation is formatted with the same arguments, each argument itself rendered
when it is a message of the catalog (a token's name) and kept as printed otherwise (card and
villager names). A log entry's text is read back into the move label it was narrated from
(`rules.core.describe.narrate`) and rendered as "<actor> eligió: <label>". A text that matches no
template is left as it is: tests/service/test_spanish.py plays games in Spanish and fails on any.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import orjson
from babel.messages.pofile import read_po
from starlette.datastructures import Headers, MutableHeaders, QueryParams
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rules.core.describe import CHOSE, PAST, SINGLE_WORDS
from service.etags import etag_of, matches

log = logging.getLogger(__name__)

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"
DEFAULT = "en"
LANGUAGES = ("en", "es")
STREAM = "/stream"
"""The end of the event stream's path, the one REST path that takes a `lang` parameter."""
# The keys of an answer whose string values are texts a player reads (anything else, such as
# names, ids and card texts, is kept as printed).
TEXT_KEYS = frozenset({"label", "prompt", "text", "detail", "title", "reason", "message"})
LIST_KEYS = frozenset({"problems"})
# An argument's name: a Python identifier in lower case ("{version2}" as well as "{seat}").
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
MAX_DEPTH = 4
# How several messages are joined into one text (`gamestore.clocks.JOINED`).
JOINED = "{first}; {rest}"
JOIN = "; "
# What an argument may be: `{n}` is a whole number, any other name any text.
NUMBER = r"-?\d+"
ANY = ".+?"
GENERIC = 3
# RFC 9110's qvalue and RFC 4647's language range ("*" is no language of ours: it picks none);
# only so many ranges of one header are read (a browser sends a handful).
QVALUE = re.compile(r"0(\.[0-9]{0,3})?|1(\.0{0,3})?")
LANGUAGE_RANGE = re.compile(r"[a-z]{1,8}(-[a-z0-9]{1,8})*")
MAX_RANGES = 32
# Spanish possessives of the reader's own label, as the log reads them ("tu mano": "su mano").
THEIRS = {"tu": "su", "tus": "sus", "Tu": "Su", "Tus": "Sus"}


def negotiate(accept_language: str | None) -> str:
    """The language of the answer to a request with this Accept-Language header: one of
    `LANGUAGES`, exactly as spelled there, English when none fits.

    Language ranges compare case-insensitively (RFC 4647: "ES", "es-mx" and "Es-419" are all
    `es`), ranked by q-value (RFC 9110), the earlier first among equal ones; a range is matched
    by its primary subtag. A range or a q-value that is not well formed (`q=nan`, `q=2`,
    `q=1e3`) drops that range rather than the whole header, and `*` or `q=0` choose nothing.
    What this returns is the only language name the rest of the service sees, so no text of a
    request ever becomes part of a path (the catalog's) or a cache key."""
    if not accept_language:
        return DEFAULT
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate(accept_language.split(",")[:MAX_RANGES]):
        tag, _, params = item.partition(";")
        tag = tag.strip().lower()
        q = 1.0
        for param in params.split(";") if params else ():
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                value = value.strip()
                q = float(value) if QVALUE.fullmatch(value) else 0.0
        if q > 0 and LANGUAGE_RANGE.fullmatch(tag):
            ranked.append((-q, i, tag))
    for _, _, tag in sorted(ranked):
        primary = tag.split("-", 1)[0]
        for lang in LANGUAGES:
            if primary == lang:
                return lang
    return DEFAULT


def language(code: str) -> str | None:
    """The language a `lang` parameter names ("es", "ES"), or None when it is none of ours."""
    code = code.strip().lower()
    return code if code in LANGUAGES else None


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@dataclass(frozen=True)
class Template:
    """A catalog message with arguments: the pattern that reads them out of an English text."""

    pattern: re.Pattern[str]
    translation: str
    weight: int  # the length of its literal text: the most specific template wins
    prefix: str  # its text before the first argument: a cheap test before the pattern's

    @property
    def generic(self) -> bool:
        """Almost all arguments ("{name}: {text}", "{label}?"): it matches only where every
        argument but a number is itself a message, or it would match any text."""
        return self.weight <= GENERIC


def _template(msgid: str, msgstr: str) -> Template:
    parts = PLACEHOLDER.split(msgid)
    regex = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>{NUMBER if part == 'n' else ANY})"
        for i, part in enumerate(parts)
    )
    literal = sum(len(part) for part in parts[::2])
    return Template(re.compile(regex, re.DOTALL), msgstr, literal, parts[0])


class Translator:
    """Renders English texts in one language from its catalog (msgid -> msgstr)."""

    def __init__(self, messages: Mapping[str, str]) -> None:
        self.messages = dict(messages)
        self.exact = {k: v for k, v in messages.items() if not PLACEHOLDER.search(k)}
        templates = [_template(k, v) for k, v in messages.items() if PLACEHOLDER.search(k)]
        self.templates = sorted(templates, key=lambda t: -t.weight)
        self._cache: dict[tuple[str, int], str | None] = {}

    def find(self, text: str, depth: int = 0) -> str | None:
        """`text` rendered, or None when it is no message of the catalog."""
        if text in self.exact:
            return self.exact[text]
        if depth >= MAX_DEPTH or not text:
            return None
        # By depth too: how deep the arguments may be rendered changes the rendering.
        cached = self._cache.get((text, depth), "")
        if cached != "":
            return cached
        found = self._joined(text, depth)
        for template in () if found is not None else self.templates:
            if not text.startswith(template.prefix):
                continue
            match = template.pattern.fullmatch(text)
            if match is None:
                continue
            found_args = {
                name: self.find(value, depth + 1) for name, value in match.groupdict().items()
            }
            if template.generic and any(v is None for k, v in found_args.items() if k != "n"):
                continue
            args = {k: v or match.group(k) for k, v in found_args.items()}
            try:
                found = template.translation.format(**args)
            except (KeyError, IndexError, ValueError):
                # A translation whose arguments are not its message's (the catalog test
                # refuses one): the text stays as it is rather than fail an answer.
                continue
            break
        if len(self._cache) < 100_000:
            self._cache[(text, depth)] = found
        return found

    def _joined(self, text: str, depth: int) -> str | None:
        """Several messages joined into one text by `JOINED` ("a; b; c"), each rendered, or
        None when the text is not that. Read before any template, each part at the same
        depth: a template's plain argument would otherwise swallow the parts after it
        ("unknown seat 'x' (seats: a, b); unknown AI level 'y'" read as one unknown seat),
        and a long list would run out of depth."""
        joined = self.messages.get(JOINED)
        parts = text.split(JOIN)
        if joined is None or len(parts) < 2:
            return None
        rendered = [self.find(part, depth + 1) for part in parts]
        if any(r is None for r in rendered):
            return None
        out = str(rendered[-1])
        for part in reversed(rendered[:-1]):
            out = joined.format(first=part, rest=out)
        return out

    def text(self, text: str) -> str:
        return self.find(text) or text

    def description(self, entry: Mapping[str, Any]) -> str:
        """A log entry's text: the phrase or the move label it was narrated from, rendered."""
        text = str(entry["text"])
        actor = str(entry.get("actor", ""))
        for i in (i for i, c in enumerate(text) if c == " "):
            title, rest = text[:i], text[i + 1 :]
            if title != actor and title not in self.exact:
                continue
            name = self.text(title)
            phrase = None if rest.startswith("chose: ") else self.find(rest)
            if phrase is not None:
                return f"{name} {phrase}"
            for label in _labels(rest):
                found = self.find(label)
                if found is not None:
                    theirs = " ".join(THEIRS.get(w, w) for w in found.split(" "))
                    return self.messages.get(CHOSE, CHOSE).format(actor=name, label=theirs)
        return self.text(text)

    def localise(self, value: Any) -> Any:
        """A JSON answer with every text a player reads rendered (a copy; names kept)."""
        if isinstance(value, list):
            return [self.localise(v) for v in value]
        if not isinstance(value, dict):
            return value
        out: dict[str, Any] = {}
        for key, v in value.items():
            if isinstance(v, str) and key in TEXT_KEYS:
                out[key] = self.description(value) if _is_description(key, value) else self.text(v)
            elif isinstance(v, list) and key in LIST_KEYS:
                out[key] = [self.text(x) if isinstance(x, str) else self.localise(x) for x in v]
            else:
                out[key] = self.localise(v)
        return out


def _is_description(key: str, value: Mapping[str, Any]) -> bool:
    return key == "text" and "actor" in value and "action" in value


def _labels(rest: str) -> list[str]:
    """The move labels `narrate` may have made "<past> <rest>" from (most likely first)."""
    if rest.startswith("chose: "):
        return [rest[len("chose: ") :]]
    singles = {v: k.capitalize() for k, v in SINGLE_WORDS.items()}
    if rest in singles:
        return [singles[rest], singles[rest].lower()]
    word, _, tail = rest.partition(" ")
    present = {v: k for k, v in PAST.items()}.get(word)
    if present is None:
        return []
    out = []
    for mine in (_own(tail), tail):
        for first in (present.capitalize(), present.capitalize() + ":"):
            label = f"{first} {mine}".rstrip()
            if label not in out:
                out.append(label)
    return out


def _own(words: str) -> str:
    """Undoes `narrate`'s change of person: "her hand" was "your hand", "they" was "you"."""
    swap = {"her": "your", "his": "your", "their": "your", "they": "you"}
    return " ".join(swap.get(w, w) for w in words.split(" "))


def read_messages(lang: str) -> dict[str, str]:
    """The translated messages of `lang`'s catalog (a fuzzy or empty one counts as missing)."""
    with po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    return {
        str(m.id): str(m.string)
        for m in catalog
        if m.id and isinstance(m.id, str) and m.string and not m.fuzzy
    }


@cache
def translator(lang: str) -> Translator | None:
    """The translator into `lang`, or None for English (the catalog's own language) and for
    any name that is not one of `LANGUAGES` (only `negotiate` and GraphQL's `Language` name a
    language, but a path is never built from anything else). A catalog that cannot be read is
    logged and answered in English: texts are rendered after a write, where nothing may fail."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return None
    try:
        return Translator(read_messages(lang))
    except Exception:
        log.exception("the %s message catalog cannot be read; answering in English", lang)
        return None


def localise(value: Any, lang: str) -> Any:
    """`value` (a JSON answer) in `lang`: itself in English. Never raises: an answer is
    rendered after its write, so a text that cannot be rendered (a bug, logged) leaves the
    answer in English rather than turn a written move into an error."""
    tr = translator(lang)
    if tr is None:
        return value
    try:
        return tr.localise(value)
    except Exception:
        log.exception("an answer could not be rendered in %s; sent in English", lang)
        return value


def text(message: str, lang: str) -> str:
    """`message` in `lang` (itself when it is no message of the catalog); never raises."""
    tr = translator(lang)
    if tr is None:
        return message
    try:
        return tr.text(message)
    except Exception:
        log.exception("a text could not be rendered in %s; sent in English", lang)
        return message


class Localise:
    """ASGI middleware: the REST answers (JSON and problem+json) in the language the request's
    Accept-Language negotiates; for the event stream, whose EventSource cannot set headers,
    its `lang` query parameter first (one the stream refuses leaves its refusal in the
    header's language). English answers pass through untouched; every answer says
    `Vary: Accept-Language`. A translated answer's ETag is that of the body sent, so the
    middleware answers If-None-Match itself (304) for it."""

    def __init__(self, app: ASGIApp, prefix: str = "/api/") -> None:
        self.app = app
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope.get("path", "").startswith(self.prefix):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        lang = negotiate(headers.get("accept-language"))
        if scope["path"].endswith(STREAM):
            chosen = QueryParams(scope.get("query_string", b"")).get("lang")
            lang = (language(chosen) if chosen is not None else None) or lang
        if lang == DEFAULT:
            await self.app(scope, receive, _vary(send))
            return
        if_none_match = headers.get("if-none-match")
        raw = [(k, v) for k, v in scope["headers"] if k != b"if-none-match"]
        inner = {**scope, "headers": raw}
        start: Message | None = None
        chunks: list[bytes] = []

        async def buffer(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
                media = MutableHeaders(raw=start["headers"]).get("content-type", "")
                if not media.startswith(("application/json", "application/problem+json")):
                    start = None
                    await _vary(send)(message)
                return
            if start is None:
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                await self._send(start, b"".join(chunks), lang, if_none_match, send)

        await self.app(inner, receive, buffer)

    async def _send(
        self, start: Message, body: bytes, lang: str, if_none_match: str | None, send: Send
    ) -> None:
        # The handler has answered, and may have written: nothing here may fail. `localise`
        # never raises; a body that is not the JSON its type says is sent as it is.
        out = body
        if body:
            try:
                out = orjson.dumps(localise(orjson.loads(body), lang))
            except orjson.JSONDecodeError:
                log.warning("a %s answer that is not JSON was sent untranslated", lang)
        headers = MutableHeaders(raw=list(start["headers"]))
        headers["content-length"] = str(len(out))
        headers["content-language"] = lang
        headers.add_vary_header("Accept-Language")
        status = start["status"]
        if "etag" in headers:
            headers["etag"] = etag_of(out)
            if status == 200 and matches(if_none_match, headers["etag"]):
                status, out = 304, b""
                del headers["content-length"]
                del headers["content-type"]
        await send({"type": "http.response.start", "status": status, "headers": headers.raw})
        await send({"type": "http.response.body", "body": out})


def _vary(send: Send) -> Send:
    async def vary(message: Message) -> None:
        if message["type"] == "http.response.start":
            MutableHeaders(scope=message).add_vary_header("Accept-Language")
        await send(message)

    return vary


__all__ = [
    "LANGUAGES",
    "Localise",
    "Translator",
    "language",
    "localise",
    "negotiate",
    "text",
    "translator",
]
