"""The message catalog's upkeep: `python -m service.messages` extracts every marked English text
into service/locale/messages.pot with Babel, and merges it into each language's .po (new
messages arrive untranslated, gone ones are dropped), so a translator has only to fill them in.

Marked texts are the templates of `N_(...)` in the Python sources (rules/, ai/, gamestore/,
service/, workers/), and the texts of the game data a player reads: every `label`, every `text`
(a card's, a villager's, a scenario's and its victory's, a Favor's, a Power's, a Curse's, a
point's) and the names that describe rather than name (`service.catalog_text.described_name`).
Each text of the data carries an extracted comment (`#.`) saying where its English comes from
(its `origin`: printed, a rulebook example, or designed by us); every Spanish of the data is
ours, since no Spanish edition of these texts exists (docs/localisation.md).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import yaml
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from service.catalog_text import described_name
from service.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, po_path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("rules", "ai", "gamestore", "service", "workers")
KEYWORDS = {"N_": None}
POT = LOCALE_DIR / f"{DOMAIN}.pot"

Extracted = tuple[int, str, str, list[str]]


def extract_yaml(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[Extracted]:
    """Babel extraction method for the game data: (line, funcname, message, comments)."""
    yield from _walk(yaml.safe_load(fileobj), "")


ORIGINS = {
    "printed": "the printed English text; the Spanish is our translation",
    "example": "a rulebook example's English; the Spanish is our translation",
    "designed": "designed by us (English and Spanish)",
}


def _walk(node: Any, parent: str, origin: str = "") -> Iterator[Extracted]:
    if isinstance(node, dict):
        origin = str(node.get("origin") or origin)
        for key, value in node.items():
            readable = key in ("label", "text")
            named = key == "name" and described_name(parent, node)
            if (readable or named) and isinstance(value, str):
                comments = [f"{ORIGINS[origin]}"] if origin in ORIGINS else []
                yield 0, "", value, comments
                continue
            yield from _walk(value, parent if key in ("options",) else str(key), origin)
    elif isinstance(node, list):
        for item in node:
            yield from _walk(item, parent, origin)


def extract() -> Catalog:
    """Every marked text of the sources, as a template catalog (no locations: stable diffs)."""
    catalog = Catalog(domain=DOMAIN, project="Coven", charset="utf-8", fuzzy=False)
    # Babel takes a callable as an extraction method too (its annotation says only names).
    method_map: Any = [("**.py", "python"), ("**/data/**.yaml", extract_yaml)]
    for package in SOURCES:
        found = extract_from_dir(
            ROOT / package, method_map, keywords=KEYWORDS, strip_comment_tags=True
        )
        for _filename, _lineno, message, comments, context in found:
            catalog.add(message, None, auto_comments=comments, context=context)
    return catalog


def render(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, omit_header=True, sort_output=True, width=0)
    return out.getvalue()


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def update() -> list[str]:
    """Writes the template and merges it into every language's catalog; returns what changed."""
    template = extract()
    changed = []
    rendered = render(template)
    if not POT.exists() or POT.read_bytes() != rendered:
        POT.parent.mkdir(parents=True, exist_ok=True)
        POT.write_bytes(rendered)
        changed.append(str(POT.relative_to(ROOT)))
    for lang in LANGUAGES[1:]:
        path = po_path(lang)
        catalog = read(path, lang) if path.exists() else Catalog(locale=lang, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        text = render(catalog)
        if not path.exists() or path.read_bytes() != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text)
            changed.append(str(path.relative_to(ROOT)))
    return changed


def main() -> None:
    for path in update():
        print(f"wrote {path}")
    sys.exit(0)


if __name__ == "__main__":
    main()
