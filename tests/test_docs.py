"""The documentation stays a front door that leads somewhere: the README is short, every relative
link in the project's Markdown reaches an existing file (and heading), benchmarks/results/ holds
only files a document quotes, and the project speaks of itself as it is now, never of numbered
work periods."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README_MAX_LINES = 350

DOCUMENTS = sorted(
    [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    + [ROOT / "benchmarks" / "README.md"]
    + [ROOT / p for p in ("openapi/README.md", "deploy/README.md")]
)

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", flags=re.S | re.M)


def _prose(path: Path) -> str:
    """The document without its fenced code blocks, whose brackets are not links."""
    return FENCE.sub("", path.read_text())


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    anchors = set()
    for line in _prose(path).splitlines():
        if match := re.match(r"#{1,6} (.+)", line):
            slug = _slug(match.group(1))
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            anchors.add(slug if n == 0 else f"{slug}-{n}")
    return anchors


def _relative_links(path: Path) -> list[str]:
    return [
        target
        for target in LINK.findall(_prose(path))
        if not re.match(r"[a-z]+:", target)  # http:, https:, mailto:
    ]


def test_the_readme_is_at_most_350_lines() -> None:
    lines = (ROOT / "README.md").read_text().count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines"


@pytest.mark.parametrize("doc", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_reaches_an_existing_file_and_heading(doc: Path) -> None:
    broken = []
    for target in _relative_links(doc):
        file_part, _, anchor = target.partition("#")
        dest = (doc.parent / file_part).resolve() if file_part else doc
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            broken.append(f"{target}: no heading #{anchor} in {dest.relative_to(ROOT)}")
    assert not broken, f"{doc.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_readme_links_the_documents_moved_out_of_it() -> None:
    links = {t.partition("#")[0] for t in _relative_links(ROOT / "README.md")}
    for moved in ("docs/ai.md", "docs/games.md", "benchmarks/README.md"):
        assert moved in links


def _quoted_results() -> set[str]:
    """The results files the documents name (`results/NAME`, a link or in backquotes), but not
    those cited from the history (`git show COMMIT:benchmarks/results/NAME`)."""
    names: set[str] = set()
    for doc in DOCUMENTS:
        text = re.sub(r"git show [0-9a-f]{7,40}:\S+", "", doc.read_text())
        names |= set(re.findall(r"results/([\w.+-]+\.jsonl?)\b", text))
    return names


def test_every_results_file_is_one_a_document_quotes_and_every_quoted_one_exists() -> None:
    present = {p.name for p in (ROOT / "benchmarks" / "results").iterdir()}
    quoted = _quoted_results()
    assert present == quoted, {
        "kept but quoted nowhere": sorted(present - quoted),
        "quoted but not kept": sorted(quoted - present),
    }


# A numbered work period: "session 12", "change 6", "stop 3", "round4", "the sixth round",
# "probe7-...", "where it stands". Decisions are named for what they decided. (An option such as
# `--rounds 3` is not one.)
WORK_PERIOD = re.compile(
    r"\bsessions? \d|\bsession-?\d|\bchanges? \d|\bstop \d|\bround-?\d|(?<!-)\brounds? \d"
    r"|\b(?:first|second|third|fourth|fifth|sixth|seventh) round|\bprobe\d|where it stands",
    flags=re.I,
)
SPOKEN = ("*.md", "*.py", "*.sh", "*.toml", "*.yaml", "*.yml", "*.cfg")


def _spoken_files() -> list[Path]:
    """The project's own prose and code: documents, sources, scripts, data and settings."""
    skip = {".venv", ".git", "node_modules", "static", "generated", "clients"}
    return sorted(
        path
        for pattern in SPOKEN
        for path in ROOT.rglob(pattern)
        if not skip & set(path.relative_to(ROOT).parts) and path.name != "test_docs.py"
    )


def test_no_document_script_or_docstring_speaks_of_numbered_work_periods() -> None:
    hits = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()[:90]}"
        for path in _spoken_files()
        for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
        if WORK_PERIOD.search(line)
    ]
    assert not hits, f"{len(hits)} lines:\n" + "\n".join(hits)


def test_the_settings_document_lists_exactly_the_settings_with_their_defaults() -> None:
    from gamestore.settings import Settings

    rows = {
        match.group(1): match.group(2)
        for match in re.finditer(
            r"^\| `([A-Z_]+)` \| ([^|]*) \|", (ROOT / "docs/settings.md").read_text(), re.M
        )
    }
    expected: dict[str, object] = {}
    for name, field in Settings.model_fields.items():
        aliases = getattr(field.validation_alias, "choices", None)
        variable = aliases[0] if aliases else f"COVEN_{name.upper()}"
        expected[variable] = field.default
    assert set(rows) == set(expected)
    for variable, default in expected.items():
        if isinstance(default, bool):
            assert rows[variable].startswith(f"`{str(default).lower()}`"), variable
        elif isinstance(default, int | float) and default:
            assert rows[variable].startswith(f"`{default}`"), (variable, rows[variable])
