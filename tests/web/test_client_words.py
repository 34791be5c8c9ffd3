"""The web client's own words have their Spanish (no browser, no server): every text the client
marks for translation (`t(...)`, `tn(n, ..., ...)`, `N_(...)` in service/web/js, `data-i18n` in
index.html) is a key of service/web/locale/es.json, translated with the same {arguments}, and
the table holds nothing the client no longer says."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.support.processes import ROOT

WEB = ROOT / "service" / "web"
TABLE = WEB / "locale" / "es.json"
# A string literal in double quotes (the client's style), with its escapes.
LITERAL = r'"((?:[^"\\]|\\.)*)"'
MARKED = [
    re.compile(rf"\b(?:t|N_)\(\s*{LITERAL}"),
    re.compile(rf"\btn\([^,()]+(?:\([^()]*\))?,\s*{LITERAL},\s*{LITERAL}"),
]
DATA_I18N = re.compile(r'data-i18n(?:-[a-z]+)?="([^"]+)"')
ARGUMENT = re.compile(r"\{([a-zA-Z_]+)\}")


def marked() -> dict[str, str]:
    """Every marked text of the client, with the file it is first found in."""
    found: dict[str, str] = {}
    for path in sorted((WEB / "js").rglob("*.js")):
        text = path.read_text()
        for pattern in MARKED:
            for match in pattern.finditer(text):
                for group in match.groups():
                    found.setdefault(json.loads(f'"{group}"'), path.name)
    for match in DATA_I18N.finditer((WEB / "index.html").read_text()):
        found.setdefault(match.group(1), "index.html")
    return found


def table() -> dict[str, str]:
    words: dict[str, str] = json.loads(TABLE.read_text())
    return words


def test_the_client_marks_its_words() -> None:
    words = marked()
    # The shell, the lobby, both boards and the errors all speak through the table.
    files = set(words.values())
    assert {"game.js", "lobby.js", "pagan.js", "pantacle.js", "errors.js"} <= files, files
    assert len(words) > 150


def test_every_marked_text_has_its_spanish_with_the_same_arguments() -> None:
    words, spanish = marked(), table()
    missing = sorted(w for w in words if not spanish.get(w))
    assert missing == [], f"{len(missing)} texts without Spanish, e.g. {missing[:10]}"
    for english, translated in spanish.items():
        assert set(ARGUMENT.findall(english)) == set(ARGUMENT.findall(translated)), english


def test_the_table_holds_only_what_the_client_says() -> None:
    unused = sorted(set(table()) - set(marked()))
    assert unused == [], unused


def test_the_table_is_valid_json_served_with_the_client(tmp_path: Path) -> None:
    assert TABLE.is_file()
    assert all(isinstance(v, str) and v.strip() == v for v in table().values())
